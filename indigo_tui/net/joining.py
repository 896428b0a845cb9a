"""A guest's way into its seat: the host reached, a seat taken, its welcome taken up.

:func:`dial` reaches the host, straight at its address on a LAN or through
the transit relay (:mod:`.relay`). :func:`take_seat` then runs the guest's
side of the handshake (:mod:`.handshake`: the join code proven, the channel
sealed, a seat asked for), claiming the seat this guest's record holds when
it has one (:func:`claim_of`: after a lost connection, :mod:`.rejoin`), and
takes the checked welcome up against that record: the events the seat
already holds and the host did not drop, the match's finished rounds
replayed with their deals checked (:mod:`.deal`), and the seat's record
from now on. Each says whatever stops it as a
:class:`~indigo_tui.net.common.JoinError`, in words for people.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..engine import Game
from ..saves import GuestRecord, PlayedRound
from .common import JoinError, Teller, integrity_lost, protocol_broken
from .deal import past_rounds
from .handshake import check_welcome, guest_handshake
from .problems import JoinSays
from .protocol import Breach, Claim, ProtocolError, Welcome
from .reasons import Ending, error_message
from .relay import (
    PAIR_TIMEOUT,
    CodeError,
    Relay,
    RelayState,
    RelayStatus,
    open_relayed,
    parse_internet_code,
    table_channel,
)
from .rendezvous import MEET_TIMEOUT, MeetError, MeetProblem, is_table_key, meet_host
from .seal import SealBroken
from .state import FoldError, SeatState
from .transport import CONNECT_TIMEOUT, Connection, ConnectionLost, open_connection

#: The shortest a step of a connection attempt with a deadline is given (seconds):
#: one begun just before its deadline still gets a moment to answer.
MIN_STEP: Final = 0.1


def _step(limit: float, deadline: float | None) -> float:
    """The seconds a step may take: ``limit``, and none past ``deadline``
    (the event loop's time) but for :data:`MIN_STEP`."""
    if deadline is None:
        return limit
    return min(limit, max(MIN_STEP, deadline - asyncio.get_running_loop().time()))


async def meet(code: str, relay: Relay, *, deadline: float | None, tell: Teller) -> str:
    """Across the internet, the table key for the spoken ``code``, got from
    the host at ``relay``'s mailbox server (:mod:`.rendezvous`); ``code``
    itself if it is a table key already (a seat that rejoins). :class:`JoinError`
    with one line if the meeting does not come about: a wrong code or one
    someone else holds is a refusal (trying again would not change it), a
    server that fails or a host not there yet is a lost connection."""
    if is_table_key(code):
        return code.strip().upper()
    try:
        spoken = parse_internet_code(code)
    except CodeError as exc:
        raise JoinError(JoinSays.CAUSE, Ending.MALFORMED, None, cause=exc) from None
    try:
        return await meet_host(
            relay.mailbox,
            spoken,
            timeout=_step(MEET_TIMEOUT, deadline),
            on_waiting=lambda: tell(RelayStatus(RelayState.SEEKING, relay.mailbox)),
        )
    except MeetError as exc:
        ending = {
            MeetProblem.WRONG_CODE: Ending.CODE,
            MeetProblem.CROWDED: Ending.CODE,
            MeetProblem.BROKEN: Ending.PROTOCOL,
        }.get(exc.problem, Ending.LOST)
        raise JoinError(JoinSays.CAUSE, ending, None, cause=exc) from None


async def dial(
    host: str,
    port: int,
    code: str,
    relay: Relay | None,
    *,
    deadline: float | None,
    read_timeout: float,
    on_frame: Callable[[bytes], None] | None,
    tell: Teller,
) -> Connection:
    """The connection to the host, in clear: straight to ``host:port`` on a
    LAN, or through the transit ``relay`` on the channel of the table key
    ``code`` (:func:`meet` gives it; waiting there for the host is told as a
    :class:`~.relay.RelayStatus`), by ``deadline`` (the event loop's time) if
    given; :class:`JoinError` if none."""
    try:
        if relay is None:
            return await open_connection(
                host,
                port,
                _step(CONNECT_TIMEOUT, deadline),
                read_timeout=read_timeout,
                on_frame=on_frame,
            )
        return await open_relayed(
            relay,
            table_channel(code),
            pair_timeout=_step(PAIR_TIMEOUT, deadline),
            read_timeout=read_timeout,
            on_frame=on_frame,
            on_waiting=lambda: tell(RelayStatus(RelayState.SEEKING, str(relay))),
        )
    except ConnectionLost as exc:
        raise JoinError(JoinSays.CAUSE, Ending.LOST, None, cause=exc.loss) from None


def record_fits(record: GuestRecord, code: str | None, relay: Relay | None, *, rejoin: bool) -> bool:
    """Whether a seat's record found for this host is the one to claim: on a
    LAN any (the host says whether it is its game); across the internet one
    kept under a table key, when the player rejoins or gives that key (a
    spoken code typed is a new meeting, maybe of another game at the same relay)."""
    if relay is None:
        return True
    return is_table_key(record.code) and (rejoin or (code or "").strip().upper() == record.code)


def claim_of(record: GuestRecord | None) -> Claim | None:
    """The claim to the seat ``record`` holds (None: no record, a new seat):
    the events it holds and the state hash after the last, or none of them
    if they do not fold (the host then sends them all again)."""
    if record is None:
        return None
    state = SeatState(record.setup, record.seat)
    try:
        state.replace(record.events)
    except FoldError:
        return Claim(record.game_id, record.seat, record.token, 0, state.hash_at(0) or "", record.round)
    return Claim(record.game_id, record.seat, record.token, state.length, state.last_hash, record.round)


@dataclass(frozen=True, slots=True)
class Seated:
    """A guest in its seat: the host's welcome (checked),
    the seat's game as far as the host will go on from, the match's finished
    rounds (as this seat keeps them, and replayed) and the seat's record."""

    welcome: Welcome
    state: SeatState
    past: list[PlayedRound]
    past_games: list[Game]
    record: GuestRecord


async def take_seat(
    conn: Connection,
    code: str,
    *,
    host: str,
    port: int,
    name: str,
    relay: Relay | None,
    record: GuestRecord | None,
    app_version: str,
    protocol_version: int,
    timeout: float,
    deadline: float | None,
    watch: bool = False,
) -> Seated:
    """Prove ``code`` on ``conn``, take a seat (claiming ``record``'s, if
    any; or, with ``watch``, only watch) and take the host's welcome up, within ``timeout`` seconds and by
    ``deadline`` (the event loop's time) if given; ``host``, ``port`` and
    ``name`` go in the seat's new record. :class:`JoinError` if refused or
    broken off, with ``conn`` closed (and the host told why, when it broke
    the protocol)."""
    try:
        welcome = await guest_handshake(
            conn,
            code,
            app=app_version,
            protocol=protocol_version,
            name=name,
            claim=lambda: claim_of(record),
            timeout=_step(timeout, deadline),
            watch=watch,
        )
        checked = check_welcome(welcome, watch=watch)
        return take_up(checked, None if watch else record, host=host, port=port, code=code, name=name)
    except JoinError:
        await conn.close()
        raise
    except ConnectionLost as exc:
        await conn.close()
        raise JoinError(JoinSays.CLOSED_WHILE_JOINING, Ending.LOST, None, loss=exc.loss) from None
    except SealBroken as exc:
        await conn.close(error_message(Ending.INTEGRITY, fault=exc.fault))
        raise integrity_lost(exc.fault) from None
    except ProtocolError as exc:
        await conn.close(error_message(Ending.PROTOCOL, fault=exc.fault))
        raise protocol_broken(exc.fault) from None


def take_up(
    welcome: Welcome, record: GuestRecord | None, *, host: str, port: int, code: str, name: str
) -> Seated:
    """The seat a checked ``welcome`` gives, taken up against the seat's
    ``record``: the events it holds up to where the host goes on from (none
    if the record is of another game, seat or round), the finished rounds,
    and the seat's record from now on (``host``, ``port``, ``code`` and
    ``name``: how this guest joined). :class:`ProtocolError` if the host goes
    on from events this seat does not have, or its past rounds do not replay."""
    same = record is not None and record.game_id == welcome.game_id and record.seat == welcome.seat
    past, past_games = past_rounds(welcome.setup, welcome.past, record if same else None)
    # A watcher folds the public game only: it has no seat, so no hand.
    state = SeatState(welcome.setup, None if welcome.watching else welcome.seat)
    if record is not None and same and record.round == welcome.round:
        try:
            state.replace(record.events[: welcome.from_seq])
        except FoldError:
            state = SeatState(welcome.setup, None if welcome.watching else welcome.seat)
    if state.length != welcome.from_seq:
        raise ProtocolError(Breach.RESUME, (welcome.from_seq, state.length))
    kept = GuestRecord(
        host=host,
        port=port,
        code=code,
        name=name,
        game_id=welcome.game_id,
        seat=welcome.seat,
        token=welcome.token,
        setup=welcome.setup,
        seat_names=list(welcome.seat_names),
        seat_kinds=list(welcome.seat_kinds),
        commitment=welcome.commitment,
        events=list(state.events),
        rounds=welcome.rounds,
        round=welcome.round,
        past=list(past),
    )
    return Seated(welcome, state, past, past_games, kept)


__all__ = ["MIN_STEP", "Seated", "claim_of", "dial", "meet", "record_fits", "take_seat", "take_up"]
