"""Peers over 127.0.0.1, every wait bounded: in this process (sessions), and
as real ``indigo host/join --headless`` processes (:class:`Peer`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Protocol

import pytest
from support import polling

from indigo_tui.bots import Bot, make_bot
from indigo_tui.engine import Match, Setup
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.headless import run_host
from indigo_tui.net.host import HostConfig, HostSession
from indigo_tui.net.protocol import Heartbeat, Message
from indigo_tui.net.transport import Connection, ConnectionLost
from indigo_tui.saves import HostKeeper, SeatInfo

CODE = "K7WQ2M"
LIMIT = 60.0  # no test in this folder waits on the network for longer (only a hang-stop)


async def busy_reader_after_a_goodbye(conn: Connection) -> tuple[list[Message], ConnectionLost]:
    """What a side too busy to read (a long redraw, a loaded machine) reads of
    ``conn`` once it gets round to it, after a goodbye came: it sends the
    heartbeats its own task sends meanwhile, then reads everything, up to
    the connection's end (the :class:`ConnectionLost` that says how)."""
    for _ in range(3):
        conn.send_nowait(Heartbeat(0.0))
        await conn.drain()
        await asyncio.sleep(0)
    received: list[Message] = []
    while True:
        try:
            received.append(await conn.read_from_host(LIMIT))  # beats and goodbyes go either way
        except ConnectionLost as ended:
            return received, ended


def make_host(
    kinds: list[str],
    *,
    seed: int = 11,
    save_path: Path | None = None,
    read_timeout: float = 10.0,
    heartbeat: float = 0.3,
    rounds: int = 1,
) -> HostSession:
    """A host for seats like ``["human", "remote"]`` or ``["bot:greedy", "remote"]``."""
    setup = Setup(len(kinds))
    match = Match(setup, rounds, seed)
    seats = [SeatInfo(f"Seat {i + 1}", "remote" if k == "remote" else k) for i, k in enumerate(kinds)]
    bots = {i: make_bot(seat.bot, f"{seed}:{i}") for i, seat in enumerate(seats) if seat.bot is not None}
    return HostSession(
        match,
        seats,
        CODE,
        HostConfig(
            local_bots=bots, keeper=HostKeeper(save_path), read_timeout=read_timeout, heartbeat=heartbeat
        ),
    )


def hazel_host(
    players: int = 3, *, seed: int = 7, code: str = CODE, save_path: Path | None = None, **config: object
) -> HostSession:
    """Seat 1 the host's greedy bot Hazel, the others remote ("Player 2", ...);
    ``config`` goes to the host's HostConfig (budgets, watchers, ...)."""
    seats = [SeatInfo("Hazel", "bot:greedy")] + [
        SeatInfo(f"Player {n}", "remote") for n in range(2, players + 1)
    ]
    return HostSession(
        Match(Setup(players), 1, seed),
        seats,
        code,
        HostConfig(
            local_bots={0: make_bot("greedy", 1)},
            keeper=HostKeeper(save_path),
            read_timeout=10.0,
            heartbeat=0.3,
            **config,  # type: ignore[arg-type]
        ),
    )


def make_guest(port: int, **kwargs: object) -> GuestSession:
    options: dict[str, object] = {"name": "Guest", "read_timeout": 10.0, "heartbeat": 0.3}
    options.update(kwargs)
    code = str(options.pop("code", CODE))
    return GuestSession("127.0.0.1", port, code, **options)  # type: ignore[arg-type]


async def play_guest(
    guest: GuestSession, bot: Bot, *, until: Callable[[], bool] | None = None, on_clock: bool = False
) -> None:
    """Play ``guest``'s seat with ``bot`` until the session ends (or ``until()``).
    ``on_clock``: the game has a turn clock, so a move may come too late (on a
    loaded machine): refused then, because the host's stand-in played that turn."""
    reader = asyncio.create_task(guest.run())
    try:
        while not reader.done():
            if until is not None and until():
                return
            if guest.finished.is_set():
                return
            turn = asyncio.create_task(guest.turn_ready.wait())
            finished = asyncio.create_task(guest.finished.wait())
            await asyncio.wait({reader, turn, finished}, timeout=LIMIT, return_when=asyncio.FIRST_COMPLETED)
            turn.cancel()
            finished.cancel()
            if reader.done() or guest.finished.is_set():
                break
            guest.turn_ready.clear()
            if until is not None and until():
                return
            state = guest.state
            assert state is not None
            if state.board.turn == guest.seat and not state.over:
                placed = state.board.placements
                refused = await guest.play(bot.choose(state.view()))
                late = on_clock and guest.state is not None and guest.state.board.placements > placed
                assert refused is None or late, refused
        if reader.done():
            reader.result()
    finally:
        if not reader.done():
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader


# What the ``listening`` fixture gives a test: start a host listening, get its port.
Listening = Callable[[HostSession], Awaitable[int]]


@pytest.fixture
async def listening(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Listening]:
    """Start hosts on an ephemeral port of 127.0.0.1; all closed afterwards."""
    hosts: list[HostSession] = []

    async def start(host: HostSession) -> int:
        hosts.append(host)
        _, port = await host.listen("127.0.0.1", 0)
        return port

    yield start
    # Closed without the goodbye's linger: a guest that a test joined and
    # left unread never reads the host's goodbye nor hangs up, and each host
    # waited out the whole GOODBYE_LINGER (1 s) for it, in a dozen tests.
    # The goodbye is still sent; what a guest makes of it, and the linger
    # itself, are the goodbye tests' own (test_peers.py).
    monkeypatch.setattr("indigo_tui.net.host.GOODBYE_LINGER", 0.0)
    for host in hosts:
        await asyncio.wait_for(host.close(), LIMIT)


async def play_and_serve(guest: GuestSession, serving: asyncio.Task[int], until: Callable[[], bool]) -> None:
    """A random bot plays ``guest``'s seat to the end of the game (``until``
    is asked at each of its turns, see :func:`play_guest`), and the headless
    host serving it ends (both bounded)."""
    await asyncio.wait_for(play_guest(guest, make_bot("random", 3), until=until), LIMIT)
    await asyncio.wait_for(serving, LIMIT)


async def serve_headless(
    host: HostSession, lines: list[str], *, rejoin_timeout: float = 300.0, stop: asyncio.Event | None = None
) -> tuple[asyncio.Task[int], int]:
    """Run ``host`` as ``indigo host --headless`` does (:func:`run_host`, its
    lines into ``lines``; ``stop`` set is its Ctrl+C) on an ephemeral port of
    127.0.0.1: the running task and the port, once it listens (bounded; a host
    that ends first fails)."""
    serving = asyncio.create_task(
        run_host(host, "127.0.0.1", 0, rejoin_timeout=rejoin_timeout, out=lines.append, stop=stop)
    )
    await polling.until(lambda: host.address is not None or serving.done())
    if host.address is None:
        raise AssertionError(f"the host ended before it listened: {serving.result()}; {lines[-3:]}")
    return serving, host.address[1]


# -- real processes: indigo host and indigo join --headless --------------------

#: No test waits on an ``indigo`` process for longer.
TIMEOUT = 60.0


class Peer:
    """A running ``indigo`` process whose output lines we can wait for."""

    def __init__(
        self, *args: str, cwd: Path, prefix: Sequence[str] = (), env: dict[str, str] | None = None
    ) -> None:
        """``prefix`` runs the process through another command (``setpriv ...``);
        ``env`` adds to this process's environment."""
        environment = dict(os.environ, PYTHONUNBUFFERED="1", **(env or {}))
        self.args = args
        self.proc = subprocess.Popen(
            [*prefix, sys.executable, "-m", "indigo_tui", *args],
            cwd=cwd,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for(self, pattern: str, timeout: float = TIMEOUT, since: int = 0) -> re.Match[str]:
        """The first line (from line ``since`` on) that ``pattern`` finds."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        for seen in self.lines[since:]:
            found = regex.search(seen)
            if found:
                return found
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} not printed within {timeout} s; got {self.lines[-5:]}")
            try:
                line = self._queue.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                status = self.proc.wait()
                said = self.proc.stderr.read()[-2000:] if self.proc.stderr is not None else ""
                raise AssertionError(
                    f"{pattern!r} never printed; exit {status}: {self.lines[-5:]}; stderr: {said!r}"
                )
            self.lines.append(line)
            found = regex.search(line)
            if found:
                return found

    def finish(self, timeout: float = TIMEOUT) -> tuple[int, str]:
        """Exit status and stderr, once the process ends."""
        try:
            # Not communicate(): the pump thread owns stdout.
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            what = self.args[0]
            raise AssertionError(f"{what} did not end within {timeout} s: {self.lines[-5:]}") from None
        while True:
            line = self._queue.get(timeout=5)
            if line is None:
                break
            self.lines.append(line)
        assert self.proc.stderr is not None
        return self.proc.returncode, self.proc.stderr.read()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)


class Peers(Protocol):
    """What the ``peers`` fixture gives a test: start ``indigo ARGS...`` as a process."""

    def __call__(self, *args: str) -> Peer: ...


@pytest.fixture
def peers(tmp_path: Path) -> Iterator[Peers]:
    started: list[Peer] = []

    def start(*args: str) -> Peer:
        peer = Peer(*args, cwd=tmp_path)
        started.append(peer)
        return peer

    yield start
    for peer in started:
        peer.kill()


def _host_command(port: str, *rest: str) -> list[str]:
    return ["host", "--headless", "--bot", "greedy", "--bind", "127.0.0.1", "--port", port, *rest]


def headless_host(save_dir: Path, *extra: str) -> list[str]:
    """``indigo host --headless`` (greedy bots) on an ephemeral port of
    127.0.0.1, code TEST42, seed 9, saving in ``save_dir``; then ``extra``."""
    return _host_command("0", "--code", "TEST42", "--seed", "9", "--save-dir", str(save_dir), *extra)


#: How long the tests' hosts wait: for a seat to rejoin, for the guests to come.
HOST_BOUNDS = ("--rejoin-timeout", "60", "--start-timeout", "60")


def host_args(tmp_path: Path, *extra: str) -> list[str]:
    """The tests' usual host: saving in ``tmp_path/host``, within :data:`HOST_BOUNDS`."""
    return headless_host(tmp_path / "host", *HOST_BOUNDS, *extra)


def resumed_host_args(save: Path, port: int) -> list[str]:
    """A killed host taken up again from ``save`` on the same ``port``."""
    return _host_command(str(port), "--resume", str(save), *HOST_BOUNDS)


def join_args(tmp_path: Path, port: int, *extra: str, folder: str = "guest") -> list[str]:
    return [
        "join",
        f"127.0.0.1:{port}",
        "--code",
        "test42",
        "--headless",
        "--bot",
        "random",
        "--save-dir",
        str(tmp_path / folder),
        *extra,
    ]


def listening_port(host: Peer) -> int:
    found = host.wait_for(r"listening on 127\.0\.0\.1:(\d+) code TEST42")
    return int(found.group(1))


# The relays of the tests of play across the internet (tests/net/transit.py).
from .transit import (  # noqa: E402, F401
    mailbox_server,
    recording_relay,
    shared_mailbox_server,
    shared_transit_relay,
    transit_relay,
)
