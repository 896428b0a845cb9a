"""Host and guest without a screen: every local seat played by a bot.

These runners are what ``indigo host --headless`` and ``indigo join
--headless`` run. They print one line per thing worth knowing (the address
and join code first, so a script can read them) and end with the game: 0 when
it was played to the end, :class:`NetRunError` (one line, exit status 2)
otherwise. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import signal
import time
from collections.abc import Callable
from pathlib import Path

from ..bots import Bot
from ..bots.engine_seat import take_notices
from ..bots.stand_in import make_stand_in
from ..i18n import _, decimal, ngettext
from ..saves import GuestRecord, find_record
from .common import JoinError, Thinker, lan_address, log_line
from .guest import GuestSession
from .host import HostError, HostSession
from .joining import record_fits
from .notices import ClockStarted, LogChanged, Notice, PlayEnded, PlayStarted, SessionClosed
from .problems import Fact, JoinSays, NetProblem, RunSays
from .reasons import Ending, Farewell
from .rejoin import REJOIN_TIMEOUT, may_rejoin, rejoin_seat
from .relay import Relay, join_command


async def _either(changed: asyncio.Event, stop: asyncio.Event, timeout: float) -> None:
    """Until either event is set, or ``timeout`` seconds (none if infinite)."""
    waits = [asyncio.ensure_future(changed.wait()), asyncio.ensure_future(stop.wait())]
    try:
        await asyncio.wait(
            waits, timeout=None if math.isinf(timeout) else timeout, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        for waiting in waits:
            waiting.cancel()


class NetRunError(NetProblem):
    """Why a headless peer stopped before the end of the game: ``says`` and
    the facts what is said of it (:func:`~.problems.problem_text`)."""

    def __init__(self, says: RunSays, /, **facts: Fact) -> None:
        super().__init__(says, **facts)


Printer = Callable[[str], None]


def _print(text: str) -> None:
    # Lines may hold a peer's words (names, reasons): never escape sequences,
    # never a forged line, never a line of unbounded length.
    print(log_line(text), flush=True)


#: Notices the runners report in their own words (or not at all).
_QUIET = (LogChanged, PlayStarted, PlayEnded, SessionClosed, ClockStarted)


def _drain(queue: asyncio.Queue[Notice], out: Printer) -> list[Notice]:
    notices = []
    while not queue.empty():
        notice = queue.get_nowait()
        notices.append(notice)
        if not isinstance(notice, _QUIET):
            out(notice.text)
    return notices


def _install_stop(stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)


def _remove_stop() -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(sig)


async def run_host(
    session: HostSession,
    bind: str,
    port: int,
    *,
    start_timeout: float = 600.0,
    rejoin_timeout: float = 300.0,
    out: Printer = _print,
    stop: asyncio.Event | None = None,
    relay: Relay | None = None,
) -> int:
    """Serve until the game is over; 0 then, :class:`NetRunError` if not.
    Ctrl+C, SIGTERM or ``stop`` being set ends the run ("interrupted").
    With ``relay``, guests come in through that transit relay (across the
    internet) instead of the port ``bind:port``."""
    stop = stop if stop is not None else asyncio.Event()
    _install_stop(stop)
    try:
        return await _run_host(session, bind, port, start_timeout, rejoin_timeout, stop, out, relay)
    finally:
        _remove_stop()


async def _run_host(
    session: HostSession,
    bind: str,
    port: int,
    start_timeout: float,
    rejoin_timeout: float,
    stop: asyncio.Event,
    out: Printer,
    relay: Relay | None,
) -> int:
    # The first line is what scripts read (docs/protocol.md): the same in every language.
    if relay is not None:
        try:
            await session.listen_relay(relay)
        except HostError as exc:
            raise NetRunError(RunSays.CAUSE, cause=exc) from None
        out(f"listening at relay {relay} code {session.code}")
        if session.code:  # none when every seat is taken already (a resumed game): nobody new to tell
            out(
                _("share this code: {code} (they run: {command})").format(
                    code=session.code, command=join_command(session.code, relay)
                )
            )
    else:
        try:
            host, bound = await session.listen(bind, port)
        except HostError as exc:
            raise NetRunError(RunSays.CAUSE, cause=exc) from None
        out(f"listening on {host}:{bound} code {session.code}")
        if host in ("0.0.0.0", "::"):
            lan = lan_address()
            if lan:
                out(_("share this address: {address}").format(address=f"{lan}:{bound}"))
    for seat, info in enumerate(session.seats):
        out(_("seat {number}: {name} ({kind})").format(number=seat + 1, name=info.name, kind=info.kind))
    if session.save_path is not None:
        out(_("saving to {path}").format(path=session.save_path))

    def saved(problem: NetRunError) -> NetRunError:
        # Where the game is, said only while the file on disk holds the game as it stands.
        if session.saved:
            return NetRunError(RunSays.SAVED, problem=problem, path=str(session.save_path))
        return problem

    async def wait_until(
        condition: Callable[[], bool],
        limit: float,
        *,
        gave_up: Farewell,
        wake: Callable[[], float] = lambda: math.inf,
    ) -> None:
        # ``gave_up``: the goodbye the guests get, each in its own language, if
        # ``limit`` runs out; it also says what did not come about. ``wake``:
        # the next moment (time.monotonic()) the condition may change with no
        # news from the session (a seat's time to rejoin running out).
        deadline = time.monotonic() + limit
        while True:
            # Cleared before the look, so whatever changes after it sets it again.
            session.changed.clear()
            _drain(session.notices, out)
            if condition():
                return
            if stop.is_set():
                await session.close(Farewell.HOST_QUIT)
                raise saved(NetRunError(RunSays.INTERRUPTED))
            now = time.monotonic()
            if now >= deadline:
                await session.close(gave_up)
                raise saved(NetRunError(RunSays.TIMED_OUT, waited=gave_up.value, seconds=float(limit)))
            await _either(session.changed, stop, min(deadline, wake()) - now)

    await wait_until(
        lambda: session.all_remote_connected,
        start_timeout,
        gave_up=Farewell.NOT_ALL_JOINED,
    )
    session.begin()
    out(_("game started"))
    warned: set[int] = set()

    def progressing() -> bool:
        if session.game.over:
            return True
        turn = session.game.turn
        away = session.away_since.get(turn)
        if away is None:
            warned.discard(turn)
            return False
        if turn not in warned:
            warned.add(turn)
            out(
                _("seat {number} is disconnected; waiting up to {seconds} s for it to rejoin").format(
                    number=turn + 1, seconds=decimal(rejoin_timeout)
                )
            )
        if time.monotonic() - away > rejoin_timeout:
            raise _SeatGone(turn)
        return False

    def rejoin_deadline() -> float:
        # When the seat to move, if it is away, has had its time to come back.
        away = session.away_since.get(session.game.turn)
        return math.inf if away is None else away + rejoin_timeout

    def resumable(problem: NetRunError) -> NetRunError:
        return NetRunError(RunSays.RESUMABLE, problem=problem)

    match = session.match
    while True:
        try:
            await wait_until(progressing, math.inf, gave_up=Farewell.NOT_ENDED, wake=rejoin_deadline)
        except _SeatGone as gone:
            await session.close(Farewell.NOT_BACK, (gone.seat,))
            gone_seat = NetRunError(RunSays.SEAT_GONE, number=gone.seat + 1, seconds=float(rejoin_timeout))
            raise resumable(saved(gone_seat)) from None
        # Let seats that are away come back for the last events and the deck.
        try:
            await wait_until(
                lambda: set(session.remote_seats) <= session.revealed_seats,
                rejoin_timeout,
                gave_up=Farewell.END_MISSED,
            )
        except NetRunError as missed:
            # The session is closed now: no next round can be dealt in it. Only
            # the last round's end stands as a finished game (its standings below).
            if stop.is_set():
                raise
            if match.can_start_next_round:
                raise resumable(missed) from None
        if match.rounds > 1:
            ended = _("round {round} of {rounds} is over")
            out(ended.format(round=match.round_index + 1, rounds=match.rounds))
        for standing in session.game.standings():
            name = session.seats[standing.seat].name
            points = ngettext("{n} point", "{n} points", standing.points).format(n=standing.points)
            gems = ngettext("{n} gem", "{n} gems", standing.gems).format(n=standing.gems)
            if standing.winner:
                line = _("seat {number} ({name}): {points}, {gems}  winner")
            else:
                line = _("seat {number} ({name}): {points}, {gems}")
            out(line.format(number=standing.seat + 1, name=name, points=points, gems=gems))
        if not match.can_start_next_round:
            break
        session.next_round()  # says "round N of M has started" (a notice)
    if match.rounds > 1:
        for seat, total in sorted(enumerate(match.totals), key=lambda item: -item[1]):
            words = (
                ngettext(
                    "match: seat {seat} ({name}): {n} point  winner",
                    "match: seat {seat} ({name}): {n} points  winner",
                    total,
                )
                if seat in match.winners
                else ngettext(
                    "match: seat {seat} ({name}): {n} point", "match: seat {seat} ({name}): {n} points", total
                )
            )
            out(words.format(seat=seat + 1, name=session.seats[seat].name, n=total))
    await session.close(Farewell.GAME_OVER)
    _drain(session.notices, out)
    if session.saved:
        out(_("game over; saved to {path}").format(path=session.save_path))
    elif session.save_path is not None:
        problem = session.keeper.problem or _("the save file is missing")
        out(_("game over; NOT saved: {problem}").format(problem=problem))
    else:
        out(_("game over"))
    return 0


class _SeatGone(Exception):
    def __init__(self, seat: int) -> None:
        self.seat = seat


async def run_guest(
    host: str,
    port: int,
    code: str | None,
    bot: Bot,
    *,
    save_dir: Path | None,
    name: str,
    move_delay: float = 0.0,
    reconnect_timeout: float = REJOIN_TIMEOUT,
    rejoin: bool = False,
    out: Printer = _print,
    relay: Relay | None = None,
) -> int:
    """Play one seat with ``bot`` until the game is over; 0 then. A seat held
    before (a guest save in ``save_dir``) is taken back only by the player of
    the same ``name``, or with ``rejoin`` by whoever runs this. With ``relay``
    the host is reached through that transit relay with the internet ``code``
    (``host`` and ``port`` are then the relay's)."""
    stop = asyncio.Event()
    _install_stop(stop)
    try:
        return await _run_guest(
            host, port, code, bot, save_dir, name, move_delay, reconnect_timeout, rejoin, stop, out, relay
        )
    finally:
        _remove_stop()


async def _run_guest(
    host: str,
    port: int,
    code: str | None,
    bot: Bot,
    save_dir: Path | None,
    name: str,
    move_delay: float,
    reconnect_timeout: float,
    rejoin: bool,
    stop: asyncio.Event,
    out: Printer,
    relay: Relay | None,
) -> int:
    record: GuestRecord | None = None
    if save_dir is not None:
        found = find_record(save_dir, host, port, None if rejoin else name)
        if found is not None and not record_fits(found[1], code, relay, rejoin=rejoin):
            found = None  # another game at the same relay: a code typed is a new meeting
        if found is not None:
            record = found[1]
            out(
                _("rejoining game {game} as seat {number} (from {path})").format(
                    game=record.game_id, number=record.seat + 1, path=found[0]
                )
            )
    if code is None or (record is not None and relay is not None):
        if record is None:
            raise NetRunError(RunSays.NO_CODE)
        code = record.code
    session = GuestSession(
        host,
        port,
        code,
        name=name,
        kind=f"bot:{bot.name}",
        save_dir=save_dir,
        record=record,
        accept_undo=True,
        relay=relay,
    )
    try:
        welcome = await session.connect()
    except JoinError as exc:
        raise NetRunError(RunSays.CAUSE, cause=exc) from None
    while True:
        _drain(session.notices, out)  # what joining said first (waiting at the relay)
        seat, players = welcome.seat + 1, welcome.setup.players
        if relay is not None:
            out(
                _("joined through the relay {relay} as seat {number} of {players} (game {game})").format(
                    relay=relay, number=seat, players=players, game=welcome.game_id
                )
            )
        else:
            out(
                _("joined {address} as seat {number} of {players} (game {game})").format(
                    address=f"{host}:{port}", number=seat, players=players, game=welcome.game_id
                )
            )
        if not welcome.started:
            out(_("waiting for the host to start the game"))
        try:
            finished = await _play(session, bot, move_delay, stop, out)
        except JoinError as exc:
            _drain(session.notices, out)
            if session.over and session.deal is not None:
                finished = True
            elif reconnect_timeout > 0 and may_rejoin(session, exc):
                # The one rule of every guest (net/rejoin.py).
                out(
                    _("{problem}; trying to rejoin for up to {seconds} s").format(
                        problem=exc, seconds=decimal(reconnect_timeout)
                    )
                )
                try:
                    back = await rejoin_seat(session, reconnect_timeout, stopped=stop.is_set)
                except JoinError as gave_up:
                    raise NetRunError(RunSays.CAUSE, cause=gave_up) from None
                if not back:
                    raise NetRunError(RunSays.INTERRUPTED_REJOINING) from None
                assert session.welcome is not None
                welcome = session.welcome
                continue
            else:
                raise NetRunError(RunSays.CAUSE, cause=exc) from None
        if not finished:
            raise NetRunError(RunSays.INTERRUPTED_PLAYING)
        _drain(session.notices, out)
        deal = session.deal
        if deal is None or not deal.verified:
            raise NetRunError(RunSays.NOT_VERIFIED, deal=deal)
        if session.final_save is not None:
            out(_("game over; saved to {path}").format(path=session.final_save))
        else:
            out(_("game over"))
        return 0


async def _play(
    session: GuestSession, bot: Bot, move_delay: float, stop: asyncio.Event, out: Printer
) -> bool:
    """Play until the session ends: True at the end of the game, False if stopped."""
    reader = asyncio.create_task(session.run())
    stopper = asyncio.create_task(stop.wait())
    refusals = 0
    thinker = Thinker()
    #: Plays a move this bot fails at (made at the first turn: the seat is known by then).
    stand_in: Bot | None = None
    try:
        while True:
            turn = asyncio.create_task(session.turn_ready.wait())
            finished = asyncio.create_task(session.finished.wait())
            done, _pending = await asyncio.wait(
                {reader, stopper, turn, finished}, return_when=asyncio.FIRST_COMPLETED
            )
            turn.cancel()
            finished.cancel()
            _drain(session.notices, out)
            if reader in done:
                reader.result()  # raises JoinError if the session broke
                return True
            if session.finished.is_set():
                # The deal is checked and saved: nothing more to wait for.
                await session.close(Farewell.GAME_OVER)
                return True
            if stopper in done:
                await session.close(Farewell.GUEST_QUIT)
                return False
            session.turn_ready.clear()
            state = session.state
            assert state is not None
            if not (state.board.turn == session.seat and not state.over):
                continue
            if move_delay:
                await asyncio.sleep(move_delay)
            # Heartbeats and reads must go on while the bot thinks.
            length = state.length
            if stand_in is None:
                stand_in = make_stand_in(None, session.seat)
            answer = await thinker.ask(bot, state.view(), stand_in)
            seat_words = _("seat {number}").format(number=session.seat + 1)
            if answer.failure is not None:
                # The one policy for a failing bot: its stand-in moves, and it is said.
                out(answer.failure.text(seat_words))
            for notice in take_notices([bot]):
                out(notice.text(seat_words))
            move = answer.move
            if move is None:
                assert answer.failure is not None
                raise JoinError(
                    JoinSays.BOT_FAILED, Ending.PROTOCOL, None, failure=answer.failure, seat=session.seat
                )
            if state is not session.state or state.length != length:
                continue  # an undo changed the position while the bot thought
            try:
                reason = await session.play(move)
            except JoinError:
                if reader.done():
                    reader.result()  # the session ended while the move waited: say why it ended
                raise
            if reason is None:
                refusals = 0
                out(
                    _("seat {number} played {move} (move {count})").format(
                        number=session.seat + 1, move=move, count=state.board.placements
                    )
                )
            else:
                refusals += 1
                if refusals >= 3:
                    raise JoinError(JoinSays.REFUSED_THRICE, Ending.PROTOCOL, None, reason=reason)
    finally:
        stopper.cancel()
        if not reader.done():
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader
        elif not reader.cancelled():
            # Ended with the game (the host's side closing as the deal is
            # checked): nothing more to say, and nothing left unretrieved.
            reader.exception()
