"""Play across the internet where the players cannot reach each other: real
``indigo host --internet`` and ``indigo join CODE`` processes, each in a
network namespace of its own whose only route leads to a real mailbox server
(``magic-wormhole-mailbox-server``, where they meet first) and a real transit
relay (``magic-wormhole-transit-relay``) in another namespace (issues 20 and 36).

Needs root and ``ip netns`` (iproute2); it says so in one line and exits 2
otherwise. The namespaces are named after this process (``indigo-relay-PID-*``)
and are deleted at the end, also after a failure or Ctrl+C; every process it
starts is killed.

The layout: a namespace ``r`` holds the relay on 10.99.0.1:4001 and the
mailbox server behind a byte-counting proxy on 10.99.0.1:4000 (an address on
its loopback) and one veth link to each player namespace ``p1``, ``p2``, ...;
player ``pN`` has 10.99.N.2/24 and one route, to 10.99.0.1 through 10.99.N.1.
``r`` does not forward packets, and no player has a route to another's
network: the run checks that ``p1`` cannot reach ``p2`` before it starts.

What it measures, each printed as it comes and then as a table:

a. ``--games`` whole 2-player games (``indigo host --headless --bot greedy
   --internet`` in ``p1``, ``indigo join CODE --headless --bot random`` in
   ``p2``): seconds per game (from starting ``join`` to both processes ending),
   seconds from starting ``join`` to its "joined through the relay" line, and
   the bytes the relay copied per game (its usage log, ``--log-fd``: every
   connection's bytes, both ways) and the bytes through the mailbox server
   (the proxy's count, both ways, websocket frames and HTTP upgrade included);
   and, to read those seconds by, how long ``indigo join --help`` takes to
   start in ``p2`` (no network at all);
b. ``--fours`` whole 4-player games: the host in ``p1``, three guests in
   ``p2``..``p4``, the same figures (every guest's seconds to "joined");
c. the relay killed (SIGKILL) mid-game, from the guest's move 10 on, and
   started again ``--down`` seconds later on the same address: the seconds it
   was down, then the seconds until the guest has rejoined and the host has
   it back; the game must finish, and the host's and the guest's saves must
   hold the same moves and log (loaded with :mod:`indigo_tui.saves`);
d. from ``connect()`` of a guest session (in ``p2``) to the first frame from
   the host (in ``p1``, lobby open), and to the seat (the welcome), through
   the relay: ``--probes`` times, median.

    sudo python benchmarks/relay_netns.py                  # 5 + 3 games, 15 probes
    sudo python benchmarks/relay_netns.py --games 10 --probes 30 --down 5
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import importlib.util
import json
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import IO, Any

#: The relay's address, on the loopback of its own namespace (so nothing of
#: the machine's own network is touched), and its port.
RELAY_ADDRESS = "10.99.0.1"
RELAY_PORT = 4001
RELAY = f"{RELAY_ADDRESS}:{RELAY_PORT}"
#: The mailbox server: its websocket address as the players use it (the
#: counting proxy) and the port it really listens on, inside ``r`` only.
MAILBOX_PORT = 4000
MAILBOX = f"ws://{RELAY_ADDRESS}:{MAILBOX_PORT}/v1"
MAILBOX_INSIDE = 4100
#: No single wait of this benchmark lasts longer (a hang-stop; a run that works never waits it out).
LIMIT = 180.0


def _die_with_parent() -> None:
    """In a child, before it runs: end it if this benchmark dies (Linux), so
    even a killed run leaves no player or relay behind."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def ip(*args: str) -> None:
    """One ``ip`` command; CalledProcessError (with its stderr) if it fails."""
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


class Namespaces:
    """The relay's namespace and ``players`` player namespaces (see the module docstring)."""

    def __init__(self, players: int) -> None:
        self.prefix = f"indigo-relay-{os.getpid()}"
        self.relay = f"{self.prefix}-r"
        self.players = [f"{self.prefix}-p{n}" for n in range(1, players + 1)]
        self.made: list[str] = []

    def address(self, player: int) -> str:
        """Player ``player``'s (1-based) address."""
        return f"10.99.{player}.2"

    def up(self) -> None:
        ip("netns", "add", self.relay)
        self.made.append(self.relay)
        ip("-n", self.relay, "link", "set", "lo", "up")
        ip("-n", self.relay, "addr", "add", f"{RELAY_ADDRESS}/32", "dev", "lo")
        # The relay joins two connections; it never routes a player to another.
        subprocess.run(
            ["ip", "netns", "exec", self.relay, "sysctl", "-qw", "net.ipv4.ip_forward=0"],
            check=True,
            capture_output=True,
        )
        for number, name in enumerate(self.players, 1):
            ip("netns", "add", name)
            self.made.append(name)
            ip("-n", name, "link", "set", "lo", "up")
            # Made inside the relay's namespace, its other end moved into the
            # player's: no interface of the machine's own is touched.
            veth = f"v{number} type veth peer name e0 netns {name}"
            ip("-n", self.relay, "link", "add", *veth.split())
            ip("-n", self.relay, "addr", "add", f"10.99.{number}.1/24", "dev", f"v{number}")
            ip("-n", self.relay, "link", "set", f"v{number}", "up")
            ip("-n", name, "addr", "add", f"{self.address(number)}/24", "dev", "e0")
            ip("-n", name, "link", "set", "e0", "up")
            ip("-n", name, "route", "add", f"{RELAY_ADDRESS}/32", "via", f"10.99.{number}.1")

    def down(self) -> list[str]:
        """Delete every namespace made (their veth links go with them); the
        names that could not be deleted."""
        left = []
        for name in reversed(self.made):
            done = subprocess.run(["ip", "netns", "del", name], capture_output=True, text=True)
            if done.returncode != 0:
                left.append(name)
        self.made = left
        return left

    def routes(self, player: int) -> str:
        done = subprocess.run(
            ["ip", "-n", self.players[player - 1], "-4", "route"], check=True, capture_output=True, text=True
        )
        return "; ".join(line.strip() for line in done.stdout.splitlines())

    def exec(self, where: str) -> list[str]:
        return ["ip", "netns", "exec", where]


#: Run in a player's namespace: a TCP connection to ADDRESS:PORT; prints the outcome.
REACH = r"""
import socket, sys
try:
    socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=3).close()
    print("connected")
except OSError as exc:
    print(exc.strerror or exc)
"""


@dataclass
class Peer:
    """A running process whose output lines we read, each with the moment it came."""

    name: str
    proc: subprocess.Popen[str]
    started: float
    lines: list[tuple[float, str]] = field(default_factory=list)
    _queue: queue.Queue[tuple[float, str] | None] = field(default_factory=queue.Queue)

    def pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put((time.monotonic(), line.rstrip("\n")))
        self._queue.put(None)

    def wait_for(self, pattern: str, *, nth: int = 1, timeout: float = LIMIT) -> tuple[float, str]:
        """The moment and text of the ``nth`` line that ``pattern`` finds."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        seen = 0
        index = 0
        while True:
            while index < len(self.lines):
                moment, line = self.lines[index]
                index += 1
                if regex.search(line):
                    seen += 1
                    if seen == nth:
                        return moment, line
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(
                    f"{self.name}: {pattern!r} not printed within {timeout:.0f} s: {self.tail()}"
                )
            try:
                item = self._queue.get(timeout=left)
            except queue.Empty:
                continue
            if item is None:
                self.proc.wait()
                raise RuntimeError(
                    f"{self.name} ended ({self.proc.returncode}) before {pattern!r}: {self.tail()}"
                )
            self.lines.append(item)

    def finish(self, timeout: float = LIMIT) -> float:
        """The moment the process ended (with 0; RuntimeError otherwise)."""
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"{self.name} did not end within {timeout:.0f} s: {self.tail()}") from None
        ended = time.monotonic()
        while (item := self._queue.get(timeout=10)) is not None:
            self.lines.append(item)
        if self.proc.returncode != 0:
            raise RuntimeError(f"{self.name} exited {self.proc.returncode}: {self.tail()}")
        return ended

    def tail(self) -> list[str]:
        return [line for _moment, line in self.lines[-4:]]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)


class Bench:
    """The processes of a run; each started in a namespace, all killed at the end."""

    def __init__(self, spaces: Namespaces, folder: Path) -> None:
        self.spaces = spaces
        self.folder = folder
        self.peers: list[Peer] = []
        self.relay_proc: subprocess.Popen[bytes] | None = None
        self.relay_starts = 0
        self.usage = folder / "relay-usage.jsonl"
        self.mailbox_procs: list[subprocess.Popen[bytes]] = []
        self.mailbox_count = folder / "mailbox-bytes"
        self.env = dict(
            os.environ,
            PYTHONUNBUFFERED="1",
            # No setting of the person running this is read or written.
            XDG_CONFIG_HOME=str(folder / "config"),
            XDG_DATA_HOME=str(folder / "data"),
        )

    # -- the relay -------------------------------------------------------

    def start_relay(self) -> float:
        """Start the transit relay in its namespace, appending its usage log
        to :attr:`usage`; the moment it listens."""
        self.relay_starts += 1
        log = self.folder / f"relay-{self.relay_starts}.log"
        for _attempt in range(40):
            with log.open("wb") as out, self.usage.open("ab") as usage:
                proc = subprocess.Popen(
                    [
                        *self.spaces.exec(self.spaces.relay),
                        sys.executable,
                        "-m",
                        "twisted",
                        "--log-format=text",
                        "transitrelay",
                        f"--port=tcp:{RELAY_PORT}:interface={RELAY_ADDRESS}",
                        f"--log-fd={usage.fileno()}",
                    ],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    pass_fds=(usage.fileno(),),
                    env=self.env,
                    preexec_fn=_die_with_parent,
                )
            self.relay_proc = proc
            deadline = time.monotonic() + LIMIT
            while time.monotonic() < deadline and proc.poll() is None:
                if "starting on" in log.read_text(errors="replace"):
                    return time.monotonic()
                time.sleep(0.01)
            text = log.read_text(errors="replace")
            self.kill_relay()
            if "Address already in use" not in text:
                raise RuntimeError(f"the transit relay did not start: {text[-600:]}")
            time.sleep(0.25)  # the killed relay's port is let go in a moment
        raise RuntimeError(f"{RELAY} stayed in use")

    def kill_relay(self) -> float:
        """SIGKILL the relay (every connection through it breaks); the moment it was killed."""
        proc, self.relay_proc = self.relay_proc, None
        killed = time.monotonic()
        if proc is not None:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=LIMIT)
        return killed

    def usage_records(self) -> list[dict[str, Any]]:
        if not self.usage.exists():
            return []
        return [json.loads(line) for line in self.usage.read_text().splitlines() if line.strip()]

    def usage_since(self, start: int) -> list[dict[str, Any]]:
        """The relay's usage records from record ``start`` on, once no new one
        has come for a second (it writes one when a connection closes)."""
        records = self.usage_records()
        still = time.monotonic()
        deadline = still + 30
        while time.monotonic() < deadline:
            time.sleep(0.1)
            now = self.usage_records()
            if len(now) != len(records):
                records, still = now, time.monotonic()
            elif time.monotonic() - still >= 1.0:
                break
        return records[start:]

    # -- players ---------------------------------------------------------

    def indigo(self, name: str, player: int, *args: str) -> Peer:
        """``indigo ARGS`` in player ``player``'s namespace."""
        started = time.monotonic()
        proc = subprocess.Popen(
            [
                *self.spaces.exec(self.spaces.players[player - 1]),
                sys.executable,
                "-m",
                "indigo_tui",
                "--lang",
                "en",
                *args,
            ],
            stdout=subprocess.PIPE,
            # Its complaints among its lines, so that a failure shows them.
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            env=self.env,
            cwd=self.folder,
            preexec_fn=_die_with_parent,
        )
        peer = Peer(name, proc, started)
        self.peers.append(peer)
        threading.Thread(target=peer.pump, daemon=True).start()
        return peer

    def host(self, folder: Path, seed: int, *extra: str) -> tuple[Peer, str]:
        """``indigo host --internet`` (greedy) in ``p1``; it and the code it printed."""
        host = self.indigo(
            "host",
            1,
            "host",
            "--headless",
            "--bot",
            "greedy",
            "--internet",
            "--relay",
            RELAY,
            "--mailbox",
            MAILBOX,
            "--seed",
            str(seed),
            "--save-dir",
            str(folder / "host"),
            "--start-timeout",
            str(int(LIMIT)),
            *extra,
        )
        _moment, line = host.wait_for(r"^listening at relay ")
        return host, line.split()[-1]

    def join(self, folder: Path, player: int, code: str, *extra: str) -> Peer:
        """``indigo join CODE`` (random) in player ``player``'s namespace."""
        return self.indigo(
            f"guest in p{player}",
            player,
            "join",
            code,
            "--relay",
            RELAY,
            "--mailbox",
            MAILBOX,
            "--headless",
            "--bot",
            "random",
            "--save-dir",
            str(folder / f"guest{player}"),
            *extra,
        )

    def start_mailbox(self) -> None:
        """The mailbox server on ``r``'s 127.0.0.1 and the counting proxy in front of it."""
        log = self.folder / "mailbox.log"
        with log.open("wb") as out:
            self.mailbox_procs.append(
                subprocess.Popen(
                    [
                        *self.spaces.exec(self.spaces.relay),
                        sys.executable,
                        "-m",
                        "twisted",
                        "--log-format=text",
                        "wormhole-mailbox",
                        f"--port=tcp:{MAILBOX_INSIDE}:interface=127.0.0.1",
                        f"--channel-db={self.folder / 'mailbox.sqlite'}",
                    ],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    env=self.env,
                    preexec_fn=_die_with_parent,
                )
            )
        self.mailbox_procs.append(
            subprocess.Popen(
                [
                    *self.spaces.exec(self.spaces.relay),
                    sys.executable,
                    str(Path(__file__).resolve()),
                    "--count-proxy",
                    str(self.mailbox_count),
                ],
                stdin=subprocess.DEVNULL,
                env=self.env,
                preexec_fn=_die_with_parent,
            )
        )
        deadline = time.monotonic() + LIMIT
        while time.monotonic() < deadline:
            if "starting on" in log.read_text(errors="replace") and self.mailbox_count.exists():
                return
            time.sleep(0.02)
        raise RuntimeError(f"the mailbox server did not start: {log.read_text(errors='replace')[-600:]}")

    def mailbox_bytes(self) -> int:
        """Bytes through the mailbox server so far, both ways (once the count settles)."""
        last = -1
        while True:
            text = self.mailbox_count.read_text().strip() if self.mailbox_count.exists() else ""
            now = int(text) if text.isdigit() else 0
            if now == last:
                return now
            last = now
            time.sleep(0.5)

    def stop_all(self) -> None:
        for peer in self.peers:
            peer.stop()
        self.kill_relay()
        for proc in self.mailbox_procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait(timeout=LIMIT)


def same_records(folder: Path, guests: Sequence[int]) -> bool:
    """Whether every guest's save holds the host's match, move for move and event for event."""
    from indigo_tui import saves

    (host_file,) = (folder / "host" / "net").glob("*.indigo")
    host = saves.load_save(host_file)
    if not host.match.over:
        return False
    for player in guests:
        (guest_file,) = (folder / f"guest{player}").glob("*.indigo")
        guest = saves.load_save(guest_file)
        if not guest.match.over or len(guest.match.games) != len(host.match.games):
            return False
        for mine, theirs in zip(guest.match.games, host.match.games, strict=True):
            if mine.moves != theirs.moves or mine.log != theirs.log:
                return False
    return True


@dataclass
class Game:
    seconds: float
    to_seated: list[float]
    relay_bytes: int
    mailbox_bytes: int
    connections: dict[str, int]
    same: bool


def play(bench: Bench, folder: Path, guests: int, seed: int) -> Game:
    """A whole game of the host in ``p1`` and ``guests`` guests in ``p2``...; bytes from the usage log."""
    folder.mkdir()
    before = len(bench.usage_records())
    mailbox_before = bench.mailbox_bytes()
    seats = ",".join(["host"] + ["remote"] * guests)
    host, code = bench.host(folder, seed, "--seats", seats)
    players = range(2, guests + 2)
    joins = [bench.join(folder, player, code) for player in players]
    seated = [join.wait_for(r"^joined through the relay ")[0] for join in joins]
    ended = max([join.finish() for join in joins] + [host.finish()])
    records = bench.usage_since(before)
    moods: dict[str, int] = {}
    for record in records:
        moods[record["mood"]] = moods.get(record["mood"], 0) + 1
    return Game(
        seconds=ended - min(join.started for join in joins),
        to_seated=[moment - join.started for moment, join in zip(seated, joins, strict=True)],
        relay_bytes=sum(int(record["total_bytes"] or 0) for record in records),
        mailbox_bytes=bench.mailbox_bytes() - mailbox_before,
        connections=moods,
        same=same_records(folder, players),
    )


@dataclass
class Restart:
    killed_at_move: int
    down: float
    relay_start: float
    guest_back: float
    host_back: float
    same: bool
    moves: int


def restart(bench: Bench, folder: Path, down: float) -> Restart:
    """A 2-player game whose relay is killed at the guest's move 10 and started again."""
    from indigo_tui import saves

    folder.mkdir()
    host, code = bench.host(folder, 8)
    # The guest's bot waits a little before each move: the game is still on when the relay goes.
    guest = bench.join(folder, 2, code, "--move-delay", "0.2", "--reconnect-timeout", "120")
    _moment, line = guest.wait_for(r"\(move (1\d|[2-9]\d)\)")
    move = int(line.rsplit("(move ", 1)[1].rstrip(")"))
    killed = bench.kill_relay()
    time.sleep(max(0.0, down - (time.monotonic() - killed)))
    relaunched = time.monotonic()
    up = bench.start_relay()
    # Both noticed (the lines may have come long before).
    guest.wait_for(r"trying to rejoin for up to")
    host.wait_for(r"cannot reach the relay at ")
    guest_back = guest.wait_for(r"^joined through the relay ", nth=2)[0]
    host_back = host.wait_for(r"rejoined at seat 2")[0]
    guest.finish()
    host.finish()
    (host_file,) = (folder / "host" / "net").glob("*.indigo")
    return Restart(
        killed_at_move=move,
        down=up - killed,
        relay_start=up - relaunched,
        guest_back=guest_back - up,
        host_back=host_back - up,
        same=same_records(folder, [2]),
        moves=len(saves.load_save(host_file).match.game.moves),
    )


def first_frames(bench: Bench, folder: Path, probes: int) -> dict[str, list[float]]:
    """``probes`` guest sessions in ``p2`` joining a host's open lobby in ``p1`` one after another."""
    folder.mkdir()
    host, code = bench.host(folder, 3, "--seats", "host,remote,remote")
    host.wait_for(r"waiting for friends at the relay")
    probe = subprocess.run(
        [
            *bench.spaces.exec(bench.spaces.players[1]),
            sys.executable,
            str(Path(__file__).resolve()),
            "--probe",
            code,
            "--probes",
            str(probes),
        ],
        capture_output=True,
        text=True,
        env=bench.env,
        timeout=LIMIT + probes * 30,
        preexec_fn=_die_with_parent,
    )
    host.stop()
    if probe.returncode != 0:
        raise RuntimeError(f"the probe failed: {probe.stderr[-800:]}")
    found: dict[str, list[float]] = json.loads(probe.stdout.splitlines()[-1])
    return found


async def _count_proxy(count: Path) -> None:
    """In ``r``: carry the players' connections to the mailbox server on
    127.0.0.1, writing the bytes carried (both ways) to ``count`` as they go."""
    total = [0]

    async def carry(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError):
            while chunk := await reader.read(65536):
                total[0] += len(chunk)
                writer.write(chunk)
                await writer.drain()
        writer.close()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            inner_reader, inner_writer = await asyncio.open_connection("127.0.0.1", MAILBOX_INSIDE)
        except OSError:
            writer.close()
            return
        await asyncio.gather(carry(reader, inner_writer), carry(inner_reader, writer))

    server = await asyncio.start_server(serve, RELAY_ADDRESS, MAILBOX_PORT)
    count.write_text("0")
    async with server:
        shown = 0
        while True:
            await asyncio.sleep(0.1)
            if total[0] != shown:
                shown = total[0]
                count.write_text(str(shown))


def _stamper(moments: list[float]) -> Callable[[bytes], None]:
    """Keeps the moment each frame comes in."""
    return lambda _frame: moments.append(time.perf_counter())


async def _probe(code: str, probes: int) -> dict[str, list[float]]:
    """In a player's namespace: join ``probes`` times, each time the seconds
    from ``connect()`` to the first frame from the host and to the welcome."""
    from indigo_tui.net.guest import GuestSession
    from indigo_tui.net.relay import parse_relay

    relay = parse_relay(RELAY, MAILBOX)
    first_frame: list[float] = []
    seated: list[float] = []
    for _run in range(probes):
        frames: list[float] = []
        session = GuestSession(
            relay.host,
            relay.port,
            code,
            name="Probe",
            relay=relay,
            on_frame=_stamper(frames),
        )
        start = time.perf_counter()
        await session.connect()
        seated.append(time.perf_counter() - start)
        first_frame.append(frames[0] - start)
        await session.close()
        # The host sends its next connection to wait at the relay once this one is in.
        await asyncio.sleep(0.5)
    return {"first_frame": first_frame, "seated": seated}


def start_up(bench: Bench, runs: int = 3) -> list[float]:
    """Seconds ``indigo join --help`` takes in ``p2``: what starting a guest
    costs before any network, to read the seconds to the seat by."""
    seconds = []
    for _run in range(runs):
        began = time.monotonic()
        subprocess.run(
            [
                *bench.spaces.exec(bench.spaces.players[1]),
                sys.executable,
                "-m",
                "indigo_tui",
                "join",
                "--help",
            ],
            check=True,
            capture_output=True,
            env=bench.env,
            timeout=LIMIT,
        )
        seconds.append(time.monotonic() - began)
    return seconds


def median_ms(values: Sequence[float]) -> str:
    low, middle, high = (
        round(value * 1000) for value in (min(values), statistics.median(values), max(values))
    )
    return f"{middle} ms (min {low}, max {high})"


def median_s(values: Sequence[float]) -> str:
    return f"{statistics.median(values):.2f} s (min {min(values):.2f}, max {max(values):.2f})"


def load() -> str:
    one, five, _fifteen = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def can_run() -> str | None:
    """Why this machine cannot run the benchmark, or None."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return "relay_netns.py needs root on Linux (it makes network namespaces): run it with sudo"
    if shutil.which("ip") is None:
        return "relay_netns.py needs the ip command (iproute2) for its network namespaces"
    if importlib.util.find_spec("wormhole_transit_relay") is None:
        return "relay_netns.py needs magic-wormhole-transit-relay (pip install magic-wormhole-transit-relay)"
    if importlib.util.find_spec("wormhole_mailbox_server") is None:
        return (
            "relay_netns.py needs magic-wormhole-mailbox-server (pip install magic-wormhole-mailbox-server)"
        )
    return None


@contextlib.contextmanager
def interrupts_as_exit() -> Iterator[None]:
    """SIGTERM and SIGHUP end the run as Ctrl+C does: through every ``finally``."""

    def leave(signum: int, _frame: FrameType | None) -> None:
        raise KeyboardInterrupt(signal.Signals(signum).name)

    old = {sig: signal.signal(sig, leave) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def run(args: argparse.Namespace, out: IO[str]) -> int:
    def say(text: str) -> None:
        print(text, file=out, flush=True)

    spaces = Namespaces(players=4)
    with tempfile.TemporaryDirectory(prefix="relay-netns-") as temp, interrupts_as_exit():
        bench = Bench(spaces, Path(temp))
        try:
            try:
                spaces.up()
            except subprocess.CalledProcessError as exc:
                say(f"relay_netns.py could not make its network namespaces: {exc.stderr.strip()}")
                return 2
            say(f"namespaces {spaces.relay} (relay at {RELAY}) and {', '.join(spaces.players)}")
            say(f"  p1's routes: {spaces.routes(1)}")
            reach = subprocess.run(
                [*spaces.exec(spaces.players[0]), sys.executable, "-c", REACH, spaces.address(2), "4001"],
                capture_output=True,
                text=True,
                timeout=30,
            ).stdout.strip()
            say(f"  p1 to p2 ({spaces.address(2)}): {reach}")
            if reach == "connected":
                raise RuntimeError("p1 reached p2: the namespaces are not apart")
            bench.start_relay()
            bench.start_mailbox()
            say(f"before: {load()}")

            games = []
            for number in range(args.games):
                game = play(bench, Path(temp) / f"two-{number}", 1, seed=100 + number)
                games.append(game)
                say(
                    f"2-player game {number + 1}: {game.seconds:.2f} s, "
                    f"joined after {game.to_seated[0]:.2f} s, "
                    f"relay {game.relay_bytes} bytes {game.connections}, mailbox {game.mailbox_bytes} "
                    f"bytes, records identical: {game.same}"
                )
            starting = start_up(bench)
            say(f"start-up of `indigo join --help`: {median_s(starting)}")
            fours = []
            for number in range(args.fours):
                four = play(bench, Path(temp) / f"four-{number}", 3, seed=7 + number)
                fours.append(four)
                say(
                    f"4-player game {number + 1}: {four.seconds:.2f} s, joined after "
                    f"{', '.join(f'{s:.2f}' for s in four.to_seated)} s, "
                    f"relay {four.relay_bytes} bytes "
                    f"{four.connections}, mailbox {four.mailbox_bytes} bytes, records identical: {four.same}"
                )
            frames = first_frames(bench, Path(temp) / "probe", args.probes)
            say(f"join to the first frame from the host: {median_ms(frames['first_frame'])}")
            say(f"join to the seat (welcome): {median_ms(frames['seated'])}")
            back = restart(bench, Path(temp) / "restart", args.down)
            say(
                f"relay killed at move {back.killed_at_move}: down {back.down:.2f} s (its start-up "
                f"{back.relay_start:.2f} s); guest back "
                f"{back.guest_back:.2f} s and host has it back {back.host_back:.2f} s after it was up; "
                f"game finished ({back.moves} moves), records identical: {back.same}"
            )
            say(f"after: {load()}")
        finally:
            bench.stop_all()
            left = spaces.down()
            if left:
                say(f"could not delete the namespaces {', '.join(left)}: delete them with ip netns del")

    rows = [
        (
            f"2-player game, median of {len(games)}",
            f"{median_s([g.seconds for g in games])}; records identical: {all(g.same for g in games)}",
        ),
        ("2-player: start of `join` to joined", median_s([g.to_seated[0] for g in games])),
        ("start-up of `indigo join --help`, 3 runs", median_s(starting)),
        ("2-player: bytes on the relay per game", f"{statistics.median([g.relay_bytes for g in games]):.0f}"),
        (
            "2-player: bytes through the mailbox server",
            f"{statistics.median([g.mailbox_bytes for g in games]):.0f}",
        ),
        (
            f"4-player game (3 guests), median of {len(fours)}",
            f"{median_s([g.seconds for g in fours])}; records identical: {all(g.same for g in fours)}",
        ),
        (
            "4-player: start of `join` to joined (every guest)",
            median_s([seconds for g in fours for seconds in g.to_seated]),
        ),
        ("4-player: bytes on the relay per game", f"{statistics.median([g.relay_bytes for g in fours]):.0f}"),
        (
            "4-player: bytes through the mailbox server",
            f"{statistics.median([g.mailbox_bytes for g in fours]):.0f}",
        ),
        (f"connect() to the host's first frame, {args.probes} joins", median_ms(frames["first_frame"])),
        ("connect() to the seat (welcome)", median_ms(frames["seated"])),
        (
            "relay killed mid-game: seconds down",
            f"{back.down:.2f} s (start-up {back.relay_start:.2f} s; at move {back.killed_at_move})",
        ),
        (
            "guest rejoined / host has it back",
            f"{back.guest_back:.2f} s / {back.host_back:.2f} s after it was up",
        ),
        ("restarted game finished", f"{back.moves} moves; records identical: {back.same}"),
    ]
    width = max(len(name) for name, _value in rows)
    say("")
    for name, value in rows:
        say(f"{name:<{width}}  {value}")
    every_same = all(g.same for g in games + fours) and back.same
    return 0 if every_same else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=5, help="whole 2-player games (5)")
    parser.add_argument("--fours", type=int, default=3, help="whole 4-player games (3)")
    parser.add_argument("--probes", type=int, default=15, help="joins timed to the first frame (15)")
    parser.add_argument("--down", type=float, default=3.0, help="seconds the relay stays down (3)")
    parser.add_argument("--probe", metavar="CODE", help=argparse.SUPPRESS)  # the timing guest, in p2
    parser.add_argument("--count-proxy", metavar="FILE", help=argparse.SUPPRESS)  # in r
    args = parser.parse_args(argv)
    if args.count_proxy:
        asyncio.run(_count_proxy(Path(args.count_proxy)))
        return 0
    if args.probe:
        print(json.dumps(asyncio.run(_probe(args.probe, args.probes))))
        return 0
    if args.games < 1 or args.fours < 1 or args.probes < 1:
        parser.error("--games, --fours and --probes take at least 1")
    why = can_run()
    if why is not None:
        print(why, file=sys.stderr)
        return 2
    try:
        return run(args, sys.stdout)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except (RuntimeError, subprocess.SubprocessError, OSError) as exc:
        print(f"relay_netns.py failed: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
