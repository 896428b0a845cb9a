"""The stranger across the internet, against real servers on 127.0.0.1: a real
magic-wormhole mailbox server and a real transit relay (tests/net/transit.py).

- the impostor: connections waiting at the relay (on every channel a
  nameplate could name, as before) and nameplates claimed at the mailbox
  keep no guest with the right code out;
- the drain: strangers guessing codes all the time spend no budget of ours;
- the racer: one who claims the very code with a wrong secret costs that
  table one code, both sides are told in one line, and the fresh code works;
- misbehaving servers (hang up after ``ok``, garbage, HTTP) cost a bounded
  number of attempts and lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import socket
import sys
from collections.abc import AsyncIterator

import pytest
from support.polling import until

from indigo_tui.engine import Match, Setup
from indigo_tui.net.common import JoinError
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostConfig, HostError, HostSession
from indigo_tui.net.mailbox import MailboxClient, MailboxError, MailboxProblem
from indigo_tui.net.notices import CodeSpent, Notice, Problem, RelayState, RelayStatus
from indigo_tui.net.reasons import Ending
from indigo_tui.net.relay import (
    HOST_SIDE,
    Backoff,
    InternetCode,
    Pace,
    Relay,
    RelayDoor,
    new_internet_code,
    pair,
    parse_internet_code,
    parse_relay,
    table_channel,
)
from indigo_tui.net.rendezvous import (
    MeetError,
    MeetingDoor,
    MeetProblem,
    _close,
    _close_both,
    meet_host,
    new_table_key,
)
from indigo_tui.saves import SeatInfo

from .transit import MailboxServer, RecordingRelay, TransitRelay

#: A hang-stop for every wait here (never waited out when all is well).
LIMIT = 30.0


def _old_channel(nameplate: str) -> str:
    """The relay channel a nameplate named before the mailbox (what an impostor waits on)."""
    return hashlib.sha256(b"indigo-tui relay channel/1:" + nameplate.encode()).hexdigest()


def _host(code: str) -> HostSession:
    match = Match(Setup(2), 1, 5)
    seats = [SeatInfo("Host", "human"), SeatInfo("Player 2", "remote")]
    return HostSession(match, seats, new_table_key(), HostConfig(spoken=code, read_timeout=10.0))


@pytest.fixture
async def servers(
    shared_mailbox_server: MailboxServer, shared_transit_relay: TransitRelay
) -> AsyncIterator[Relay]:
    yield parse_relay(shared_transit_relay.address, shared_mailbox_server.url)


@pytest.fixture
async def fresh_servers(
    mailbox_server: MailboxServer, shared_transit_relay: TransitRelay
) -> AsyncIterator[Relay]:
    """As ``servers``, with a mailbox server of the test's own: one whose
    nameplates no earlier test of this process has claimed (a test that
    squats on nameplates 1 to 16 found one of them taken on the shared one)."""
    yield parse_relay(shared_transit_relay.address, mailbox_server.url)


async def _join(relay: Relay, code: str) -> GuestSession:
    guest = GuestSession(relay.host, relay.port, code, name="Friend", relay=relay, read_timeout=10.0)
    async with asyncio.timeout(LIMIT):
        await guest.connect()
    return guest


async def _joins_one_after_another(relay: Relay, host: HostSession, count: int) -> int:
    """``count`` guests with the right code, one after another, each leaving
    before play so that the seat is free again and the host holds the code
    once more; how many were let in."""
    joined = 0
    for _attempt in range(count):
        guest = await _join(relay, host.code)
        joined += guest.welcome is not None
        await guest.close()
        async with asyncio.timeout(LIMIT):
            while 1 in host.tokens:
                await asyncio.sleep(0.02)
    return joined


async def _impostors(relay: Relay, count: int) -> list[socket.socket | asyncio.Task[socket.socket]]:
    """``count`` connections waiting at the relay on the channels nameplates named."""
    return [asyncio.create_task(pair(relay, _old_channel(str(n)), HOST_SIDE)) for n in range(1, count + 1)]


@pytest.mark.slow
async def test_sixteen_impostors_waiting_keep_no_guest_out(fresh_servers: Relay) -> None:
    relay = fresh_servers
    waiting = await _impostors(relay, 16)
    # ... and sixteen sides sitting on nameplates at the mailbox, saying nothing.
    squatters = [MailboxClient(relay.mailbox) for _ in range(16)]
    for number, squatter in enumerate(squatters, start=1):
        await squatter.connect()
        await squatter.claim(str(number))
    host = _host("")
    joined = 0
    try:
        await host.listen_relay(relay)
        code = host.code
        assert parse_internet_code(code).nameplate not in {str(n) for n in range(1, 17)}
        joined = await _joins_one_after_another(relay, host, 10)
    finally:
        await host.close()
        for task in waiting:
            assert isinstance(task, asyncio.Task)
            task.cancel()
        await asyncio.gather(*(t for t in waiting if isinstance(t, asyncio.Task)), return_exceptions=True)
        for squatter in squatters:
            await squatter.aclose()
    assert joined == 10


async def test_three_guests_at_the_very_same_moment_all_join(fresh_servers: Relay) -> None:
    relay = fresh_servers
    match = Match(Setup(4), 1, 5)
    seats = [SeatInfo("Host", "human")] + [SeatInfo(f"Player {n}", "remote") for n in (2, 3, 4)]
    host = HostSession(match, seats, new_table_key(), HostConfig(read_timeout=10.0))
    said: list[Notice] = []
    host.tell = said.append  # type: ignore[method-assign, assignment]
    guests: list[GuestSession] = []
    try:
        await host.listen_relay(relay)
        code = host.code
        # All three claim the code at once: each gets its own meeting with the host.
        guests = list(await asyncio.gather(*(_join(relay, code) for _ in range(3))))
        assert all(guest.welcome is not None for guest in guests)
        assert sorted(host.tokens) == [1, 2, 3]
        # Nobody guessed wrong: the code was never spent.
        assert host.code == code and not any(isinstance(n, CodeSpent) for n in said)
    finally:
        for guest in guests:
            await guest.close()
        await host.close()


@pytest.mark.slow
async def test_eight_strangers_guessing_all_the_time_spend_nothing_of_ours(servers: Relay) -> None:
    relay = servers
    stop = asyncio.Event()
    tries = [0]

    async def guessing(number: int) -> None:
        # Codes of nameplates that are not ours, and wrong secrets: each one spent, theirs only.
        while not stop.is_set():
            tries[0] += 1
            with contextlib.suppress(MeetError):
                await meet_host(relay.mailbox, InternetCode(str(900 + number), "WRONG9"), timeout=0.2)

    loops = [asyncio.create_task(guessing(n)) for n in range(8)]
    host = _host("")
    joined = 0
    try:
        await host.listen_relay(relay)
        joined = await _joins_one_after_another(relay, host, 10)
    finally:
        stop.set()
        for task in loops:
            task.cancel()
        # Awaited, so that each stranger's connections are closed before the loop is.
        await asyncio.gather(*loops, return_exceptions=True)
        await host.close()
    assert joined == 10 and tries[0] >= 8


@pytest.mark.slow
async def test_a_racer_costs_one_code_and_both_sides_say_so(servers: Relay) -> None:
    relay = servers
    host = _host("")
    said: list[Notice] = []
    host.tell = said.append  # type: ignore[method-assign, assignment]
    try:
        await host.listen_relay(relay)
        code = parse_internet_code(host.code)
        # The racer knows the nameplate, not the secret.
        with pytest.raises(MeetError) as raced:
            await meet_host(relay.mailbox, InternetCode(code.nameplate, "WRONG9"))
        assert raced.value.problem is MeetProblem.WRONG_CODE
        # The guest with the spent code: told in one line, without a long wait.
        with pytest.raises(JoinError) as told:
            guest = GuestSession(relay.host, relay.port, str(code), relay=relay)
            async with asyncio.timeout(LIMIT):
                await guest.connect()
        assert told.value.code is Ending.CODE
        assert (
            str(told.value)
            == f"someone else is using code {code}, or tried it: ask the host for the new code"
        )
        async with asyncio.timeout(LIMIT):
            while not any(isinstance(n, CodeSpent) for n in said):
                await asyncio.sleep(0.02)
        (spent,) = [n for n in said if isinstance(n, CodeSpent)]
        assert spent.spent == str(code) and spent.fresh == host.code != str(code)
        assert "\n" not in spent.text and spent.fresh in spent.text
        # The fresh code works.
        guest = await _join(relay, host.code)
        assert guest.welcome is not None
        await guest.close()
    finally:
        await host.close()


async def test_leaving_the_mailbox_when_cancelled_on_the_way_still_closes_the_connection(
    servers: Relay,
) -> None:
    # The host's door is cancelled whenever the host closes, often while it
    # leaves a mailbox; the connection left open was let go by the garbage
    # collector after its loop had closed ("Event loop is closed").
    box = MailboxClient(servers.mailbox)
    await box.connect()
    await box.claim(await box.allocate())
    session = box._session
    leaving = asyncio.create_task(_close(box, "happy"))
    await asyncio.sleep(0)  # the release is on its way to the server
    leaving.cancel()
    with pytest.raises(asyncio.CancelledError):
        await leaving
    assert session is not None and session.closed and box._session is None


async def test_leaving_a_meeting_when_cancelled_on_the_way_still_closes_both_connections(
    servers: Relay,
) -> None:
    # Cancelled while leaving the meeting's place (a guest given up on, a
    # host closing), the door it came through was never left: its
    # connection went with the garbage collector ("Unclosed client session").
    door, place = MailboxClient(servers.mailbox), MailboxClient(servers.mailbox)
    for box in (door, place):
        await box.connect()
        await box.claim(await box.allocate())
    sessions = [door._session, place._session]
    leaving = asyncio.create_task(_close_both(place, door, "lonely"))
    await asyncio.sleep(0)  # the place's release is on its way to the server
    leaving.cancel()
    with pytest.raises(asyncio.CancelledError):
        await leaving
    assert all(session is not None and session.closed for session in sessions)
    assert door._session is None and place._session is None


async def test_a_host_asking_for_a_code_someone_holds_gets_a_fresh_one(servers: Relay) -> None:
    relay = servers
    wanted = new_internet_code()
    holders = [MailboxClient(relay.mailbox) for _ in range(2)]
    for holder in holders:
        await holder.connect()
        await holder.claim(wanted.nameplate)
    host = _host(str(wanted))
    try:
        await host.listen_relay(relay)
        assert host.code != str(wanted)
        guest = await _join(relay, host.code)
        assert guest.welcome is not None
        await guest.close()
    finally:
        await host.close()
        for holder in holders:
            await holder.aclose()


# -- misbehaving servers -----------------------------------------------------------


async def test_a_relay_that_hangs_up_after_ok_is_asked_at_most_once_a_second() -> None:
    recording = RecordingRelay(answer=b"ok\n")
    recording.start()
    try:
        pace = Pace(burst=3, gap=0.2, window=10.0)
        paired: list[socket.socket] = []
        said: list[RelayStatus] = []
        door = RelayDoor(
            parse_relay(recording.address),
            table_channel(new_table_key()),
            paired.append,
            said.append,
            pace=pace,
        )
        running = asyncio.create_task(door.run())
        async with asyncio.timeout(LIMIT):
            while door.attempts < 8:
                await asyncio.sleep(0.01)
        loop = asyncio.get_running_loop()
        began, first = loop.time(), door.attempts
        async with asyncio.timeout(LIMIT):
            while door.attempts < first + 5:
                await asyncio.sleep(0.01)
        # Five attempts past the first few took at least five gaps (more under load, never fewer).
        assert loop.time() - began >= 5 * 0.2 - 0.05
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        for sock in paired:
            sock.close()
        # One line for the state, not two an attempt.
        assert len(said) <= 2
    finally:
        recording.stop()


async def _http_server() -> tuple[asyncio.Server, int, list[int]]:
    seen = [0]

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seen[0] += 1
        with contextlib.suppress(Exception):
            await asyncio.wait_for(reader.read(1024), 2.0)
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    return server, int(server.sockets[0].getsockname()[1]), seen


async def test_a_relay_that_answers_http_is_said_with_the_pace_it_is_tried_at() -> None:
    server, port, seen = await _http_server()
    said: list[RelayStatus] = []
    door = RelayDoor(
        parse_relay(f"127.0.0.1:{port}"),
        table_channel(new_table_key()),
        lambda sock: sock.close(),
        said.append,
        backoff=Backoff(cap=0.3),
        pace=Pace(burst=3, gap=0.1, window=10.0),
    )
    running = asyncio.create_task(door.run())
    try:
        async with asyncio.timeout(LIMIT):
            while seen[0] < 6:
                await asyncio.sleep(0.01)
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        server.close()
    states = [status.state for status in said]
    assert states == [RelayState.REACHING, RelayState.WAITING, RelayState.UNREACHABLE]
    assert said[-1].text.endswith("trying again every 0.3 s")
    assert "transit relay" in said[-1].text and "\n" not in said[-1].text


@pytest.mark.parametrize("kind", ["http", "garbage", "hangs-up"])
async def test_a_mailbox_that_is_no_mailbox_is_tried_at_the_pace_said(kind: str) -> None:
    if kind == "http":
        server, port, seen = await _http_server()
    else:
        seen = [0]

        async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            seen[0] += 1
            if kind == "garbage":
                writer.write(b"\x00\xff garbage\n" * 4)
                with contextlib.suppress(Exception):
                    await writer.drain()
            writer.close()

        server = await asyncio.start_server(answer, "127.0.0.1", 0)
        port = int(server.sockets[0].getsockname()[1])
    said: list[Problem | RelayStatus] = []
    door = MeetingDoor(f"ws://127.0.0.1:{port}/v1", new_table_key(), lambda code, spent: None, said.append)
    door.pace = Pace(burst=3, gap=0.1, window=10.0)
    door.backoff.cap = 0.3
    running = asyncio.create_task(door.run())
    try:
        async with asyncio.timeout(LIMIT):
            while seen[0] < 8:
                await asyncio.sleep(0.01)
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        server.close()
    # Said once, with the pace it keeps to.
    assert len(said) == 1
    (status,) = said
    assert isinstance(status, RelayStatus) and status.state is RelayState.UNREACHABLE
    assert status.text.endswith("trying again every 0.3 s")
    assert "mailbox server" in status.text and "\n" not in status.text
    # One connection a try (aiohttp's own retry of the upgrade is off), whatever the server does.
    assert seen[0] <= door.attempts


async def test_a_mailbox_that_hangs_up_costs_one_connection_a_try() -> None:
    seen = [0]

    async def hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seen[0] += 1
        writer.close()

    server = await asyncio.start_server(hang_up, "127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/v1"
    try:
        for tries in range(1, 4):
            with pytest.raises(MailboxError) as failed:
                async with asyncio.timeout(LIMIT):
                    await MailboxClient(url).connect()
            # The same words whether the hang-up was read as an end or a reset.
            assert failed.value.problem is MailboxProblem.DROPPED
            assert str(failed.value) == f"the mailbox server at {url} closed the connection"
            # aiohttp sent the upgrade once more on a new connection after a hang-up: two a try.
            assert seen[0] == tries
    finally:
        server.close()


class _CountedPace(Pace):
    """The door's pace, with when each try began (the loop's clock)."""

    def __init__(self) -> None:
        super().__init__(burst=3, gap=0.05, window=10.0)
        self.began: list[float] = []

    async def turn(self) -> None:
        await super().turn()
        self.began.append(asyncio.get_running_loop().time())


class _SilentServer:
    """Accepts every connection and never says a byte; ``opened`` and
    ``closed`` count the connections and those the client gave up, ``most``
    the most open at once."""

    def __init__(self) -> None:
        self.opened = 0
        self.closed = 0
        self.most = 0
        self.server: asyncio.Server | None = None
        self._serving: dict[asyncio.Task[object], asyncio.StreamWriter] = {}

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.opened += 1
        self.most = max(self.most, self.opened - self.closed)
        serving = asyncio.current_task()
        assert serving is not None
        self._serving[serving] = writer
        try:
            with contextlib.suppress(Exception):
                await reader.read()  # until the client goes
            self.closed += 1
        finally:
            del self._serving[serving]
            writer.close()

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """No more connections, and those still open ended (their reads see
        the end), each handler awaited: none is left for the loop's end to cancel."""
        assert self.server is not None
        self.server.close()
        serving = dict(self._serving)
        for writer in serving.values():
            writer.close()
        await asyncio.gather(*serving, return_exceptions=True)


async def test_a_mailbox_that_never_answers_is_said_during_the_first_try_with_its_pace() -> None:
    silent = _SilentServer()
    url = f"ws://127.0.0.1:{await silent.start()}/v1"
    said: list[Problem | RelayStatus] = []
    told = asyncio.Event()

    def tell(status: Problem | RelayStatus) -> None:
        said.append(status)
        told.set()

    pace = _CountedPace()
    door = MeetingDoor(
        url, new_table_key(), lambda code, spent: None, tell, answer_within=0.4, silent_after=0.1
    )
    door.pace = pace
    door.backoff.cap = 0.2
    running = asyncio.create_task(door.run())
    try:
        async with asyncio.timeout(LIMIT):
            await told.wait()
        # Said while the first try still waits for the welcome (not after
        # three tries of 0.4 s each), in words that state the bound and the pace.
        assert (silent.opened, silent.closed, door.attempts) == (1, 0, 1)
        (status,) = said
        assert isinstance(status, RelayStatus) and status.state is RelayState.UNREACHABLE
        assert status.text == (
            f"no answer from the mailbox server at {url} within 0.1 s; trying again every 0.6 s"
        )
        await until(lambda: silent.opened >= 4)
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await silent.stop()
    # Said once; one connection at a time, each given up before the next; and
    # the tries no closer together than the 0.6 s said (the loop's clock only
    # ever makes them later, never sooner).
    assert len(said) == 1
    assert silent.opened <= door.attempts and silent.most == 1
    gaps = [later - earlier for earlier, later in itertools.pairwise(pace.began)]
    assert len(gaps) >= 3 and min(gaps) >= 0.6 - 0.05


@pytest.mark.skipif(sys.platform != "linux", reason="a full accept queue drops new connections on Linux")
async def test_a_relay_that_never_takes_the_connection_is_said_during_the_first_try_with_its_pace() -> None:
    # A listening socket that never accepts, its queue full: a new connection
    # is neither refused nor taken (as behind a firewall that drops it).
    listening = socket.socket()
    filler = socket.socket()
    try:
        listening.bind(("127.0.0.1", 0))
        listening.listen(0)
        filler.connect(listening.getsockname())
        relay = parse_relay(f"127.0.0.1:{listening.getsockname()[1]}")
        said: list[RelayStatus] = []
        told = asyncio.Event()

        def tell(status: RelayStatus) -> None:
            said.append(status)
            if status.state is RelayState.UNREACHABLE:
                told.set()

        pace = _CountedPace()
        door = RelayDoor(
            relay,
            table_channel(new_table_key()),
            lambda sock: sock.close(),
            tell,
            backoff=Backoff(cap=0.2),
            pace=pace,
            connect_timeout=0.4,
            silent_after=0.1,
        )
        running = asyncio.create_task(door.run())
        try:
            async with asyncio.timeout(LIMIT):
                await told.wait()
            assert door.attempts == 1
            await until(lambda: door.attempts >= 4)
        finally:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
    finally:
        filler.close()
        listening.close()
    assert [status.state for status in said] == [RelayState.REACHING, RelayState.UNREACHABLE]
    assert said[1].text == f"no answer from the relay at {relay} within 0.1 s; trying again every 0.6 s"
    gaps = [later - earlier for earlier, later in itertools.pairwise(pace.began)]
    assert len(gaps) >= 3 and min(gaps) >= 0.6 - 0.05


async def test_a_relay_that_takes_the_connection_and_never_answers_is_one_waiting_connection() -> None:
    # What a real relay does with a host's connection until a guest comes:
    # nothing to say about it but that it waits, once, on one connection.
    silent = _SilentServer()
    relay = parse_relay(f"127.0.0.1:{await silent.start()}")
    said: list[RelayStatus] = []
    waiting = asyncio.Event()

    def tell(status: RelayStatus) -> None:
        said.append(status)
        if status.state is RelayState.WAITING:
            waiting.set()

    door = RelayDoor(relay, table_channel(new_table_key()), lambda sock: sock.close(), tell, silent_after=0.1)
    running = asyncio.create_task(door.run())
    try:
        async with asyncio.timeout(LIMIT):
            await waiting.wait()
        # Past the bound of a connection that does not open (0.1 s), and past
        # STEADY, after which the relay counts as back (its timer gone): still
        # that one connection, nothing more said.
        await until(lambda: door._steady is None)
        assert (silent.opened, door.attempts) == (1, 1)
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await silent.stop()
    assert [status.state for status in said] == [RelayState.REACHING, RelayState.WAITING]


async def test_a_host_whose_mailbox_server_never_answers_hears_within_the_bound_why_it_cannot_host() -> None:
    # (The relay is one that takes the host's connection and waits, as a real one does.)
    silent, relay = _SilentServer(), _SilentServer()
    url = f"ws://127.0.0.1:{await silent.start()}/v1"
    host = _host("")
    try:
        with pytest.raises(HostError) as told:
            async with asyncio.timeout(LIMIT):
                await host.listen_relay(parse_relay(f"127.0.0.1:{await relay.start()}", url))
        # Said once the first try's welcome has waited SILENT_AFTER (not after three tries of 10 s).
        assert str(told.value) == f"no answer from the mailbox server at {url} within 5 s"
        assert silent.opened == 1
    finally:
        await host.close()
        await silent.stop()
        await relay.stop()


class _SilentAtFirst:
    """The first connection is taken and never answered; every later one is
    passed on to the real mailbox server at ``port``, both ways."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.opened = 0
        self.server: asyncio.Server | None = None
        self._serving: set[asyncio.Task[object]] = set()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.opened += 1
        serving = asyncio.current_task()
        assert serving is not None
        self._serving.add(serving)
        try:
            if self.opened == 1:
                with contextlib.suppress(Exception):
                    await reader.read()  # until the client gives up
                return
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        finally:
            self._serving.discard(serving)
            writer.close()

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        for serving in list(self._serving):
            serving.cancel()
        await asyncio.gather(*self._serving, return_exceptions=True)


async def test_a_mailbox_server_that_answers_again_is_said_to_be_back(servers: Relay) -> None:
    # The lobby shows the last status it was told: a failure said and never
    # taken back would stand there while guests can join.
    upstream = int(servers.mailbox.rsplit(":", 1)[1].split("/")[0])
    flaky = _SilentAtFirst(upstream)
    url = f"ws://127.0.0.1:{await flaky.start()}/v1"
    said: list[Problem | RelayStatus] = []
    codes: list[InternetCode] = []
    door = MeetingDoor(
        url,
        new_table_key(),
        lambda code, spent: codes.append(code),
        said.append,
        answer_within=0.4,
        silent_after=0.1,
    )
    door.backoff.cap = 0.2
    running = asyncio.create_task(door.run())
    try:
        await until(lambda: len(said) >= 2)
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        await flaky.stop()
    states = [status.state for status in said if isinstance(status, RelayStatus)]
    assert states == [RelayState.UNREACHABLE, RelayState.WAITING]
    assert len(codes) == 1 and flaky.opened >= 2
