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
from .channel import ChannelRefused, host_refusal, seal_as_guest, seal_as_host
from .common import REASON_LIMIT, JoinError, log_line, plain_name
from .guard import GuessLimiter
from .protocol import Claim, Join, Message, ProtocolError, Welcome
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
    match await conn.read(min(conn.read_timeout, max(0.0, deadline - time.monotonic()))):
        case Join() as join:
            return join
        case other:
            raise ProtocolError(f"expected a join, got a {type(other).__name__} message")


def refused(message: Message) -> Message:
    """``message``, unless it is the host refusing us or saying goodbye
    (then :class:`JoinError` with the host's reason)."""
    try:
        return host_refusal(message)
    except ChannelRefused as exc:
        raise JoinError(exc.reason, exc.code) from None


async def guest_handshake(
    conn: Connection,
    code: str,
    *,
    app: str,
    protocol: int,
    name: str,
    claim: Callable[[], Claim | None],
    timeout: float,
) -> Welcome:
    """The guest's side: seal the channel on ``code``, say who we are (and
    the seat we held, if coming back), get the host's welcome.
    :class:`JoinError` if refused, :class:`ProtocolError` if the host does
    not follow the steps."""
    try:
        await seal_as_guest(conn, code, app=app, timeout=timeout, protocol=protocol)
    except ChannelRefused as exc:
        # The reason may quote the host's words: no control characters, bounded.
        raise JoinError(log_line(exc.reason, REASON_LIMIT), log_line(exc.code, 20)) from None
    # Sealed from here: the name, the claim and its seat token are nobody else's business.
    await conn.send(Join(name, claim()))
    match refused(await conn.read(timeout)):
        case Welcome() as welcome:
            return welcome
        case other:
            raise ProtocolError(f"expected a welcome, got a {type(other).__name__} message")


def check_welcome(welcome: Welcome) -> Welcome:
    """A host's welcome as the guest keeps it: :class:`ProtocolError` if it
    does not fit together (a seat outside the game, names for other seats, a
    round outside the match, past rounds that do not lead up to it, a game
    id that cannot name a file), and the host's names made plain and short,
    as they are shown and saved here."""
    players = welcome.setup.players
    if not 0 <= welcome.seat < players or not len(welcome.seat_names) == len(welcome.seat_kinds) == players:
        seat = welcome.seat + 1
        raise ProtocolError(f"a welcome to seat {seat} that does not fit a {players}-player game")
    if welcome.from_seq < 0:
        raise ProtocolError("a welcome that resumes before the first event")
    if not GAME_ID.fullmatch(welcome.game_id):
        # It names this seat's save file: letters, digits and dashes only.
        raise ProtocolError("a welcome with a game id that is not one")
    if not (1 <= welcome.rounds <= MAX_ROUNDS and 0 <= welcome.round < welcome.rounds):
        raise ProtocolError(f"a welcome to round {welcome.round + 1} of {welcome.rounds}")
    if len(welcome.past) != welcome.round:
        raise ProtocolError(
            f"a welcome to round {welcome.round + 1} with {len(welcome.past)} rounds behind it"
        )
    return msgspec.structs.replace(
        welcome,
        seat_names=[plain_name(n) or f"Player {i + 1}" for i, n in enumerate(welcome.seat_names)],
        seat_kinds=[plain_name(k) or "remote" for k in welcome.seat_kinds],
        app=plain_name(welcome.app),
    )


__all__ = ["GAME_ID", "check_welcome", "guest_handshake", "host_handshake", "refused"]
