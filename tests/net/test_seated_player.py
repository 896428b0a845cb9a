"""What a seated player (one who knows the join code and holds a seat) can
and cannot do to the others (issue 19, findings 1-5; docs/protocol.md's
threat model). Floods here are thousands strong, enough to show each budget
holds; the figures at 100,000 are measured by benchmarks/net_seated.py.

Every peer is on 127.0.0.1 and every wait bounded; the hosts read floods at
a generous pace here (the pace itself is checked on its own), so a flood is
over in moments."""

from __future__ import annotations

import asyncio
import contextlib
import struct
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from support.polling import until

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.engine import Move, shuffled_deck
from indigo_tui.i18n import in_language
from indigo_tui.net import DEFAULT_UNDO_LIMIT
from indigo_tui.net.common import JoinError
from indigo_tui.net.deal import VERIFIED, secret_deck
from indigo_tui.net.guard import LineBudget, SeatBudgets
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.net.hosting import HostingError, HostPlan, build_host, resume_host
from indigo_tui.net.notices import (
    ClockStarted,
    HintRefused,
    LinesHeld,
    MoveRefused,
    Notice,
    Problem,
    TurnTimedOut,
    UndoSettled,
)
from indigo_tui.net.protocol import (
    PROTOCOL_VERSION,
    Heartbeat,
    Hello,
    HintUsed,
    MoveRequest,
    Reveal,
    UndoRequest,
)
from indigo_tui.net.transport import Connection

from .conftest import (
    CODE,
    LIMIT,
    Listening,
    Peers,
    host_args,
    join_args,
    listening_port,
    make_guest,
    make_host,
    play_guest,
)

#: Enough of each request to show its budget holds (benchmarks/net_seated.py sends 100,000).
FLOOD = 3000
#: A pace no flood here waits on (these tests are about what a request costs,
#: not how fast it is read), and undo requests that come back only after the test.
UNPACED = SeatBudgets(message_rate=1e6, message_burst=1e6, undo_rate=1e-3)

N = TypeVar("N", bound=Notice)


def _taken(queue: asyncio.Queue[Notice]) -> list[Notice]:
    taken = []
    while not queue.empty():
        taken.append(queue.get_nowait())
    return taken


async def _seated(host: HostSession, port: int, name: str, tmp_path: Path) -> GuestSession:
    guest = make_guest(port, name=name, save_dir=tmp_path / name)
    await asyncio.wait_for(guest.connect(), LIMIT)
    return guest


def _sending(guest: GuestSession) -> Connection:
    """The seated guest's connection, to send on it what its session would not."""
    assert guest.conn is not None, "the guest is not connected"
    return guest.conn


def _any_move(guest: GuestSession) -> Move:
    """A move for a seat that is not the guest's: refused at once, whatever the position."""
    return Move(0, 0, 0)


async def _play_on(guest: GuestSession, seed: int, until: Callable[[], bool] | None = None) -> None:
    """Play ``guest``'s seat with a random bot, its reader already running: to
    the end of the game, or until ``until()``."""
    bot = make_bot("random", seed)
    async with asyncio.timeout(LIMIT):
        while not guest.finished.is_set() and not (until is not None and until()):
            turn = asyncio.create_task(guest.turn_ready.wait())
            done = asyncio.create_task(guest.finished.wait())
            # A round's reveal sets neither: ``until`` is asked again every 50 ms.
            await asyncio.wait({turn, done}, timeout=0.05, return_when=asyncio.FIRST_COMPLETED)
            turn.cancel()
            done.cancel()
            guest.turn_ready.clear()
            state = guest.state
            if state is not None and not state.over and state.board.turn == guest.seat:
                await guest.play(bot.choose(state.view()))


class Table:
    """A host with a bot, a cheat and an honest guest, both seated and reading."""

    def __init__(self, host: HostSession, cheat: GuestSession, honest: GuestSession) -> None:
        self.host, self.cheat, self.honest = host, cheat, honest
        self.readers = [asyncio.create_task(cheat.run())]

    async def close(self) -> None:
        for task in self.readers:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        for guest in (self.cheat, self.honest):
            with contextlib.suppress(Exception):
                await guest.close()


async def _table(
    listening: Listening,
    tmp_path: Path,
    *,
    hints: bool = False,
    seat_budgets: SeatBudgets = UNPACED,
    undo_limit: int = DEFAULT_UNDO_LIMIT,
) -> Table:
    host = make_host(["bot:greedy", "remote", "remote"], save_path=tmp_path / "host.indigo")
    host.seat_budgets = seat_budgets
    host.hints.allowed = hints
    host.undo.limit = undo_limit
    port = await listening(host)
    cheat = await _seated(host, port, "Cheat", tmp_path)
    honest = await _seated(host, port, "Honest", tmp_path)
    host.begin()
    return Table(host, cheat, honest)


async def _answered(cheat: GuestSession) -> None:
    """Wait until the host has read everything the cheat sent before: it reads
    a terminal's messages in order, so the answer to a move sent now (for
    another seat: refused at once) comes after all of them."""
    assert cheat.state is not None
    other = (cheat.seat + 1) % cheat.state.setup.players
    await asyncio.wait_for(cheat.play(_any_move(cheat), seat=other), LIMIT)


# -- finding 1: hint reports -------------------------------------------------------


async def test_a_flood_of_hint_reports_counts_one_per_own_turn_and_locks_nobody_out(
    listening: Listening, tmp_path: Path
) -> None:
    table = await _table(listening, tmp_path, hints=True)
    host, cheat, honest = table.host, table.cheat, table.honest
    try:
        await until(lambda: cheat.state is not None and cheat.state.board.turn == cheat.seat)
        for _ in range(FLOOD):
            _sending(cheat).send_nowait(HintUsed())
        await _answered(cheat)
        # One hint on its own turn is counted; the rest of the flood is not.
        assert host.hints.counts == [0, 1, 0]
        assert saves.read_hint_counts(saves.load_save(tmp_path / "host.indigo").header.meta, 3) == [0, 1, 0]
        assert cheat.state is not None
        await cheat.play(cheat.state.view().legal_moves[0])
        for _ in range(FLOOD):
            _sending(cheat).send_nowait(HintUsed())
        await _answered(cheat)
        assert host.hints.counts == [0, 1, 0]
        # The cheat is told why, in its own words (the code travels), the host's log says a few lines.
        refused = [n for n in _taken(cheat.notices) if isinstance(n, HintRefused)]
        assert len(refused) == FLOOD
        with in_language("de"):
            assert "eigenen Zug" in refused[0].text, refused[0].text
        lines = [n for n in _taken(host.notices) if isinstance(n, HintRefused | MoveRefused | LinesHeld)]
        assert len(lines) == host.seat_budgets.lines_per_minute + 1 and isinstance(lines[-1], LinesHeld)
        # Nobody is locked out: the honest player comes back to its seat and the game plays on.
        await honest.close()
        again = make_guest(honest.port, name="Honest", save_dir=tmp_path / "Honest", record=honest.record)
        await asyncio.wait_for(again.connect(), LIMIT)
        table.honest = again
        table.readers.append(asyncio.create_task(play_guest(again, make_bot("random", 2))))
        await _play_on(cheat, 1)
        assert host.game.over and again.seat in host.links
    finally:
        await table.close()


# -- finding 2: undo requests that grow the host --------------------------------------


async def test_a_flood_of_undo_requests_leaves_no_tasks_and_few_lines(
    listening: Listening, tmp_path: Path
) -> None:
    # How many of the flood start an undo (rather than meet "another undo is
    # being settled") depends on how the host's reads interleave with its undo
    # tasks: an undo budget the flood cannot spend keeps the answer to the last
    # request the same however the machine schedules them (the budget itself is
    # checked in test_undo_requests_are_paced).
    roomy = SeatBudgets(message_rate=1e6, message_burst=1e6, undo_rate=1e-3, undo_burst=FLOOD + 2)
    table = await _table(listening, tmp_path, seat_budgets=roomy)
    host, cheat = table.host, table.cheat
    try:
        for number in range(FLOOD):
            # Each asks about a position long gone: the cheapest request to refuse.
            _sending(cheat).send_nowait(UndoRequest(100_000 + number, cheat.seat, 0))
        await _answered(cheat)
        link = host.links[cheat.seat]
        # Every request was answered, and none left a task behind (the heartbeat's is the one).
        assert len(link.tasks) <= 2, len(link.tasks)
        settled = [n for n in _taken(host.notices) if isinstance(n, UndoSettled | MoveRefused | LinesHeld)]
        assert len(settled) == host.seat_budgets.lines_per_minute + 1 and isinstance(settled[-1], LinesHeld)
        # Its own requests are still answered, in its words.
        with in_language("fr"):
            answer = await asyncio.wait_for(cheat.request_undo(), LIMIT)
        assert answer[0] is False and "coup" in answer[1], answer
        # Bad moves are the same: answered, a few lines.
        for number in range(FLOOD):
            _sending(cheat).send_nowait(MoveRequest(200_000 + number, (cheat.seat + 1) % 3, _any_move(cheat)))
        await _answered(cheat)
        assert not [n for n in _taken(host.notices) if isinstance(n, MoveRefused)]  # quiet for the minute
        # The honest player is not held up: both play to the end.
        table.readers.append(asyncio.create_task(play_guest(table.honest, make_bot("random", 2))))
        await _play_on(cheat, 1)
        assert host.game.over
    finally:
        await table.close()


async def test_undo_requests_are_paced(listening: Listening, tmp_path: Path) -> None:
    # A burst of two, then one every 1000 s: the third request, each asked
    # after the one before was answered, is refused with how long to wait.
    paced = SeatBudgets(message_rate=1e6, message_burst=1e6, undo_rate=1e-3, undo_burst=2.0)
    table = await _table(listening, tmp_path, seat_budgets=paced, undo_limit=50)
    cheat = table.cheat
    try:
        with in_language("en"):
            answers = [await asyncio.wait_for(cheat.request_undo(), LIMIT) for _ in range(3)]
        assert [accepted for accepted, _ in answers] == [False, False, False]
        assert "too many undo requests" not in answers[0][1] + answers[1][1], answers
        assert answers[2][1] == "too many undo requests; ask again in 1000 s", answers
    finally:
        await table.close()


def test_lines_about_one_terminal_are_a_few_a_minute() -> None:
    now = [0.0]
    lines = LineBudget(3, clock=lambda: now[0])
    said = [lines.admit() for _ in range(1000)]
    assert said[:3] == [LineBudget.SAY] * 3 and said[3] == LineBudget.SAY_QUIET
    assert set(said[4:]) == {LineBudget.QUIET}
    now[0] += 61.0
    assert lines.admit() == LineBudget.SAY


async def test_a_flooding_terminal_is_read_no_faster_than_its_budget(
    listening: Listening, tmp_path: Path
) -> None:
    # 600 heartbeats, read at 200 a second after a burst of 50: never faster,
    # and the game plays on (the flood holds up only the terminal that sent it).
    host = make_host(["bot:greedy", "remote", "remote"])
    host.seat_budgets = SeatBudgets(message_rate=200.0, message_burst=50.0)
    port = await listening(host)
    cheat = await _seated(host, port, "Cheat", tmp_path)
    honest = await _seated(host, port, "Honest", tmp_path)
    host.begin()
    reader = asyncio.create_task(cheat.run())
    try:
        started = asyncio.get_running_loop().time()
        for _ in range(600):
            _sending(cheat).send_nowait(Heartbeat(0.0))
        link = host.links[cheat.seat]
        await asyncio.gather(
            asyncio.wait_for(play_guest(honest, make_bot("random", 2)), LIMIT), _play_on(cheat, 1)
        )
        elapsed = asyncio.get_running_loop().time() - started
        # Read at the pace, never faster: the burst, then 200 a second.
        assert link.read <= 50 + 200 * elapsed, (link.read, elapsed)
        assert link.read > 600 and host.game.over
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader


# -- finding 3: undo and a turn that never ends ----------------------------------------


async def test_undo_cannot_stall_a_game_against_bot_voters(listening: Listening, tmp_path: Path) -> None:
    # Bots accept every undo; the staller asks on every turn of its own once it has moved.
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    staller = await _seated(host, port, "Staller", tmp_path)
    host.begin()
    reader = asyncio.create_task(staller.run())
    bot = make_bot("random", 5)
    answers: list[tuple[bool, str]] = []
    try:
        async with asyncio.timeout(LIMIT):
            while not host.game.over:
                await staller.turn_ready.wait()
                staller.turn_ready.clear()
                state = staller.state
                assert state is not None
                if state.over or state.board.turn != staller.seat:
                    continue
                if any(mover == staller.seat for mover, _ in host.game.moves):
                    with in_language("nl"):
                        answers.append(await staller.request_undo())
                    if answers[-1][0]:
                        continue  # taken back: its turn again, at the same place
                await staller.play(bot.choose(state.view()))
        # The game ended: DEFAULT_UNDO_LIMIT undos were taken back, every later request refused in words.
        taken = [said for accepted, said in answers if accepted]
        refused = [said for accepted, said in answers if not accepted]
        assert len(taken) == DEFAULT_UNDO_LIMIT and refused, answers[:6]
        assert "zo vaak als dit spel toestaat" in refused[0], refused[0]
        assert host.undo.counts[staller.seat] == DEFAULT_UNDO_LIMIT
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader


async def test_the_undo_limit_is_the_hosts_to_set_and_kept_in_the_save(tmp_path: Path) -> None:
    hosted = build_host(HostPlan(["remote", "bot:greedy"], undo_limit=0, turn_time=30), tmp_path)
    session = hosted.session
    await session.listen("127.0.0.1", 0)
    try:
        assert session.save_path is not None
        facts = saves.read_host_meta(saves.load_save(session.save_path).header.meta)
        assert (facts.undo_limit, facts.turn_time) == (0, 30.0)
        resumed = resume_host(session.save_path).session
        assert (resumed.undo.limit, resumed.clock.seconds) == (0, 30.0)
    finally:
        await session.close()
    for plan in (HostPlan(["remote", "host"], turn_time=2), HostPlan(["remote", "host"], undo_limit=100)):
        with pytest.raises(HostingError):
            build_host(plan, None)


async def test_the_turn_clock_plays_for_a_seat_that_does_not_move(
    listening: Listening, tmp_path: Path
) -> None:
    # A guest that holds its seat with heartbeats alone: when its time is up the
    # host plays its move with a bot, and everyone is told; the game reaches its end.
    host = make_host(["bot:greedy", "remote", "remote"])
    host.clock.seconds = 0.2
    port = await listening(host)
    idle = await _seated(host, port, "Idle", tmp_path)
    honest = await _seated(host, port, "Honest", tmp_path)
    host.begin()
    reader = asyncio.create_task(idle.run())
    try:
        await asyncio.wait_for(play_guest(honest, make_bot("random", 2), on_clock=True), LIMIT)
        await until(lambda: idle.finished.is_set())
        assert host.game.over
        idle_moves = [move for seat, move in host.game.moves if seat == idle.seat]
        told = _taken(honest.notices) + _taken(idle.notices)
        timed_out = [n for n in told if isinstance(n, TurnTimedOut)]
        assert len(timed_out) >= 2 * len(idle_moves)  # both guests told of every one
        with in_language("de"):
            assert "Zeit" in timed_out[0].text, timed_out[0].text
        clocks = [n for n in told if isinstance(n, ClockStarted)]
        assert clocks and all(n.seconds == 0.2 for n in clocks)
        assert idle.deal == VERIFIED
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader


# -- finding 4: the deck from a known seed --------------------------------------------


async def test_a_seated_player_who_knows_the_seed_cannot_predict_the_deck(tmp_path: Path) -> None:
    plan = HostPlan(["bot:greedy", "remote"], seed=31337, rounds=2, code=CODE)
    hosted = build_host(plan, tmp_path, move_delay=0.0)
    host = hosted.session
    _, port = await host.listen("127.0.0.1", 0)
    guest = make_guest(port, name="Seer", save_dir=tmp_path / "seer")
    reader: asyncio.Task[None] | None = None
    try:
        await asyncio.wait_for(guest.connect(), LIMIT)
        reader = asyncio.create_task(guest.run())
        host.begin()
        predicted = hits = 0
        for round_index in range(2):
            await _play_on(guest, 3, until=lambda: guest.revealed)
            assert guest.state is not None and guest.deal == VERIFIED
            # What the seed alone deals (a local game's deck) is not the deck it was dealt from ...
            known = shuffled_deck(31337, round_index)
            hits += sum(known[index] == tile for index, tile in guest.state.my_draws)
            predicted += len(guest.state.my_draws)
            # ... which comes from the seed and the round's secret, revealed now and kept in the save.
            assert host.match.games[round_index].deck == secret_deck(
                31337, round_index, host.salts[round_index]
            )
            if round_index == 0:
                host.next_round()
                await until(lambda: guest.round == 1)
        assert hits < predicted * 0.5, (hits, predicted)
        assert host.save_path is not None
        saved = saves.load_save(host.save_path)
        assert [game.deck for game in saved.match.games] == [game.deck for game in host.match.games]
    finally:
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader
        await host.close()
        with contextlib.suppress(Exception):
            await guest.close()


# -- the wire typed by direction and phase ---------------------------------------------


async def test_a_seated_guest_sending_what_only_the_host_or_the_handshake_sends_is_cut_off(
    listening: Listening, tmp_path: Path
) -> None:
    """A host's message (a reveal of the deck) or a handshake's (a second
    hello) from a seated guest does not decode at the host: a protocol breach
    said in one line, the guest told it as a code, and the table plays on."""
    table = await _table(listening, tmp_path)
    host, cheat, honest = table.host, table.cheat, table.honest
    try:
        table.readers.append(asyncio.create_task(honest.run()))
        _sending(cheat).send_nowait(Reveal(tuple(shuffled_deck(1)), "salt"))
        _sending(honest).send_nowait(Hello(PROTOCOL_VERSION, "0.1.0", b"\x01" * 33))
        for guest, reader, kind in ((cheat, table.readers[0], "Reveal"), (honest, table.readers[1], "Hello")):
            with pytest.raises(JoinError) as ended:
                await asyncio.wait_for(reader, LIMIT)
            assert ended.value.code == "protocol", ended.value
            assert f"a guest may not send a {kind} message" in str(ended.value)
            assert guest.seat not in host.links
        said = [n.text for n in _taken(host.notices) if isinstance(n, Problem)]
        assert sorted(line.split(": ", 1)[1] for line in said) == [
            "a guest may not send a Hello message",
            "a guest may not send a Reveal message",
        ]
        # The seats are free again: the cheat comes back to its own and is served.
        again = make_guest(cheat.port, name="Cheat", save_dir=tmp_path / "Cheat", record=cheat.record)
        await asyncio.wait_for(again.connect(), LIMIT)
        assert again.seat == cheat.seat and not host.closed
        await again.close()
    finally:
        table.readers = []
        await table.close()


# -- finding 5: the same end every time after tampering, and no stray tracebacks ---------


class TamperingRelay:
    """Forwards the guest's first connection to the host frame by frame and
    flips a bit of frame ``at`` going ``way`` ("up": to the host, "down": to
    the guest); later connections pass untouched. Runs in a thread of its own,
    with its own loop, while the peers are real processes."""

    HEADER = struct.Struct(">I")

    def __init__(self, target: int, way: str, at: int) -> None:
        self.target, self.way, self.at = target, way, at
        self.connections = 0
        self.port = 0
        self._ready = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self._ready.wait(LIMIT)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = int(server.sockets[0].getsockname()[1])
        self._ready.set()
        self._loop.run_forever()
        server.close()

    async def _serve(self, guest_r: asyncio.StreamReader, guest_w: asyncio.StreamWriter) -> None:
        self.connections += 1
        first = self.connections == 1
        host_r, host_w = await asyncio.open_connection("127.0.0.1", self.target)

        async def pipe(way: str, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            index = 0
            try:
                while True:
                    header = await source.readexactly(4)
                    frame = header + await source.readexactly(self.HEADER.unpack(header)[0])
                    if first and way == self.way and index == self.at:
                        frame = frame[:-1] + bytes([frame[-1] ^ 1])
                    index += 1
                    sink.write(frame)
                    await sink.drain()
            except (asyncio.IncompleteReadError, ConnectionError):
                pass
            finally:
                sink.close()

        await asyncio.gather(pipe("up", guest_r, host_w), pipe("down", host_r, guest_w))

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(LIMIT)


@pytest.mark.slow
@pytest.mark.parametrize(("way", "at"), [("up", 6), ("down", 5)])
def test_a_tampered_frame_either_way_ends_in_a_rejoin_without_a_traceback(
    peers: Peers, tmp_path: Path, way: str, at: int
) -> None:
    host = peers(*host_args(tmp_path, "--move-delay", "0.02"))
    relay = TamperingRelay(listening_port(host), way, at)
    try:
        guest = peers(*join_args(tmp_path, relay.port, "--move-delay", "0.02"))
        guest.wait_for(r"integrity check.*trying to rejoin for up to")
        status, errors = guest.finish()
        assert (status, errors) == (0, "")
        assert host.finish() == (0, "")
        assert relay.connections == 2
    finally:
        relay.close()
