"""The handshake: both sides of getting a guest in, in one place.

A guest connects; the two peers agree a key on the join code and seal the
connection with it (:mod:`.channel`); then, sealed, the guest says who it is
and which seat it held before (:class:`~.protocol.Join`) and the host seats
it (:mod:`.seating`) and answers with a :class:`~.protocol.Welcome`, which
the guest checks (:func:`check_welcome`). This module is the seam between the
two: how the code is proven and the channel sealed on one side, seats and
games on the other.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Final

import msgspec

from ..engine import MAX_ROUNDS
from ..i18n import _
from .channel import host_refusal, seal_as_guest, seal_as_host
from .common import plain_name
from .guard import GuessLimiter
from .protocol import WATCHER_SEAT, Breach, Claim, Join, ProtocolError, Welcome
from .transport import Connection

#: What a game id may be (it names a guest's save file).
GAME_ID: Final = re.compile(r"[0-9A-Za-z-]{1,64}")


async def host_handshake(
    conn: Connection,
    code: str,
    *,
    app_version: str,
    limiter: GuessLimiter,
    address: str,
    deadline: float,
) -> Join:
    """The host's side, up to (not including) the welcome: the sealed
    channel, then the caller's :class:`~.protocol.Join`, all before
    ``deadline`` (``time.monotonic``). :class:`~.channel.ChannelRefused` for
    another version, a wrong code or too many guessers, :class:`ProtocolError`
    for a caller that does not follow the steps."""
    await seal_as_host(
        conn, code, app_version=app_version, limiter=limiter, address=address, deadline=deadline
    )
    left = min(conn.read_timeout, max(0.0, deadline - time.monotonic()))
    match await conn.read(Breach.EXPECTED_JOIN, left):
        case Join() as join:
            return join
        case other:
            raise ProtocolError(Breach.EXPECTED_JOIN, quoted=(type(other).__name__,))


async def guest_handshake(
    conn: Connection,
    code: str,
    *,
    app: str,
    protocol: int,
    name: str,
    claim: Callable[[], Claim | None],
    timeout: float,
    watch: bool = False,
) -> Welcome:
    """The guest's side: seal the channel on ``code``, say who we are (and
    the seat we held, if coming back; or, with ``watch``, that we only
    watch), get the host's welcome.
    :class:`~.common.JoinError` if refused, :class:`ProtocolError` if the host does
    not follow the steps."""
    await seal_as_guest(conn, code, app=app, timeout=timeout, protocol=protocol)
    # Sealed from here: the name, the claim and its seat token are nobody else's business.
    await conn.send(Join(name, None if watch else claim(), watch=watch))
    match host_refusal(await conn.read(Breach.EXPECTED_WELCOME, timeout)):
        case Welcome() as welcome:
            return welcome
        case other:
            raise ProtocolError(Breach.EXPECTED_WELCOME, quoted=(type(other).__name__,))


def check_welcome(welcome: Welcome, *, watch: bool = False) -> Welcome:
    """A host's welcome as the guest keeps it: :class:`ProtocolError` if it
    does not fit together (a seat outside the game, or a seat when we asked
    to watch (``watch``) and none when we did not, names for other seats, a
    round outside the match, past rounds that do not lead up to it, a game
    id that cannot name a file), and the host's names made plain and short,
    as they are shown and saved here."""
    players = welcome.setup.players
    if watch:
        seat_fits = welcome.watching and welcome.seat == WATCHER_SEAT
    else:
        seat_fits = not welcome.watching and 0 <= welcome.seat < players
    if not seat_fits or not len(welcome.seat_names) == len(welcome.seat_kinds) == players:
        raise ProtocolError(Breach.WELCOME_SEAT, (welcome.seat, players))
    if welcome.from_seq < 0:
        raise ProtocolError(Breach.WELCOME_BEFORE_START)
    if not GAME_ID.fullmatch(welcome.game_id):
        # It names this seat's save file: letters, digits and dashes only.
        raise ProtocolError(Breach.WELCOME_GAME_ID)
    if not (1 <= welcome.rounds <= MAX_ROUNDS and 0 <= welcome.round < welcome.rounds):
        raise ProtocolError(Breach.WELCOME_ROUND, (welcome.round, welcome.rounds))
    if len(welcome.past) != welcome.round:
        raise ProtocolError(Breach.WELCOME_PAST, (welcome.round, len(welcome.past)))
    return msgspec.structs.replace(
        welcome,
        seat_names=[
            plain_name(n) or _("Player {number}").format(number=i + 1)
            for i, n in enumerate(welcome.seat_names)
        ],
        seat_kinds=[plain_name(k) or "remote" for k in welcome.seat_kinds],
        app=plain_name(welcome.app),
    )


__all__ = ["GAME_ID", "check_welcome", "guest_handshake", "host_handshake"]
