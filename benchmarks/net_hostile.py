"""What hostile peers cost a LAN host: memory, time to drop a slow sender,
and the join-code guesses an attacker gets per second.

Starts a real ``indigo host --headless`` process (from each source tree
given, so an older commit can be measured in the same run) on 127.0.0.1 and
attacks it from this process, loopback only, every count and wait bounded:

* ``memory``: N connections (default 1000) each send a frame header
  announcing 262,000 bytes and all but one byte of the body, and stay open;
  the host's peak resident memory (``/proc/PID/status`` VmRSS) over the
  attack, against its resident memory before it.
* ``exhaust``: a host limited to 64 file descriptors gets 300 silent
  connections held for 15 s: the lines it logs meanwhile; then they go and
  a real guest (from the same tree) joins and plays the game to the end.
* ``slow``: one connection sends a hello one byte per second; seconds until
  the host closes it (or "still open" after ``--slow-limit``).
* ``exchanges``: 64 connections from 32 addresses send a hello, take the
  host's key exchange and hang up, for ``--seconds``: exchanges per second
  and the host's CPU (cores) meanwhile.
* ``guesses``: W connections (default 500) at a time, each joining with a
  wrong code, for ``--seconds``: wrong-code answers per second, from one
  source address and from 32 (127.0.0.2-127.0.0.33). Speaks the tree's
  protocol, 2 or later (the host's SPAKE2 work is real; the attacker reuses one SPAKE2 message and
  sends a random confirmation, which is what a wrong guess costs it) and
  falls back to protocol 1 (challenge and HMAC proof) for a host that asks
  for it.

    python benchmarks/net_hostile.py --tree before=/path/to/old/checkout --tree after=.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import resource
import secrets
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import msgspec
from spake2 import SPAKE2_A

HEADER = struct.Struct(">I")
CODE = "TEST42"


def tree_protocol(tree: Path) -> int:
    """The protocol version the host from ``tree`` speaks: its
    ``indigo_tui.net.protocol.PROTOCOL_VERSION``, read from that tree (never
    assumed here). The attacker speaks it, so its hellos reach the key
    exchange and the guess limiter instead of the version refusal."""
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()))
    found = subprocess.run(
        [sys.executable, "-c", "from indigo_tui.net.protocol import PROTOCOL_VERSION as v; print(v)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(found.stdout.strip())


@dataclass
class Host:
    proc: subprocess.Popen[str]
    port: int
    #: A temporary folder: the host's working folder and save folder, and the
    #: real guest's (nothing is written into the checkout's saves/).
    folder: tempfile.TemporaryDirectory[str]
    #: The protocol version the host speaks (:func:`tree_protocol`).
    protocol: int
    #: Lines the host printed (stdout and stderr) since it started listening.
    lines: list[int] = field(default_factory=lambda: [0])

    def pump(self) -> None:
        """Count and drop the host's output in threads, so it never blocks on a full pipe."""
        for stream in (self.proc.stdout, self.proc.stderr):
            threading.Thread(target=self._count, args=(stream,), daemon=True).start()

    def _count(self, stream: IO[str] | None) -> None:
        assert stream is not None
        for _ in stream:
            self.lines[0] += 1

    def rss_kib(self) -> int:
        text = Path(f"/proc/{self.proc.pid}/status").read_text()
        found = re.search(r"VmRSS:\s+(\d+) kB", text)
        return int(found.group(1)) if found else 0

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.folder.cleanup()


def start_host(tree: Path, protocol: int, max_files: int | None = None) -> Host:
    folder = tempfile.TemporaryDirectory(prefix="indigo-net-hostile-")
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()), PYTHONUNBUFFERED="1")
    command = [sys.executable, "-m", "indigo_tui", "host", "--headless", "--bot", "greedy"]
    command += ["--bind", "127.0.0.1", "--port", "0", "--code", CODE, "--seed", "1"]
    command += ["--save-dir", folder.name, "--start-timeout", "600"]

    def limit_files() -> None:
        if max_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (max_files, max_files))

    proc = subprocess.Popen(
        command,
        cwd=folder.name,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limit_files,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if found:
            host = Host(proc, int(found.group(1)), folder, protocol)
            host.pump()
            return host
    proc.kill()
    raise SystemExit(f"the host from {tree} did not start")


# -- memory --------------------------------------------------------------------


async def memory(host: Host, connections: int, settle: float) -> tuple[int, int, int]:
    """(RSS before, peak RSS during, connections the host still held) in KiB."""
    before = host.rss_kib()
    announced = 262_000
    payload = HEADER.pack(announced) + b"\x00" * (announced - 1)
    links: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    peak = before

    async def one() -> None:
        with contextlib.suppress(OSError):
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            links.append((reader, writer))
            writer.write(payload)
            with contextlib.suppress(OSError):
                await asyncio.wait_for(writer.drain(), 10)

    pending = [asyncio.create_task(one()) for _ in range(connections)]
    started = time.monotonic()
    while not all(t.done() for t in pending) and time.monotonic() - started < 60:
        peak = max(peak, host.rss_kib())
        await asyncio.sleep(0.1)
    end = time.monotonic() + settle
    while time.monotonic() < end:
        peak = max(peak, host.rss_kib())
        await asyncio.sleep(0.1)

    async def still_open(reader: asyncio.StreamReader) -> bool:
        """Whether the host has neither closed nor reset this connection."""
        try:
            await asyncio.wait_for(reader.read(), 0.5)
        except TimeoutError:
            return True
        except OSError:
            return False
        return False

    held = sum(await asyncio.gather(*(still_open(r) for r, _ in links)))
    for _, writer in links:
        writer.transport.abort()
    return before, peak, held


# -- out of file descriptors ---------------------------------------------------------


async def exhaust(host: Host, tree: Path, connections: int, hold: float) -> tuple[int, float | None]:
    """Hold ``connections`` silent connections for ``hold`` seconds against a
    host with few descriptors, then let them go and run a real guest: the
    host's log lines meanwhile, and the seconds the guest took to join and
    play the game to the end (None if it did not)."""
    links = []
    for _ in range(connections):
        with contextlib.suppress(OSError):
            links.append(await asyncio.open_connection("127.0.0.1", host.port))
    await asyncio.sleep(hold)
    for _, writer in links:
        writer.transport.abort()
    lines = host.lines[0]
    # The guest keeps its record and its final save in the host's temporary
    # folder (--save-dir, and run from there), never in the checkout's saves/.
    saves = Path(host.folder.name) / "guest"
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()), INDIGO_SAVE_DIR=str(saves))
    command = [sys.executable, "-m", "indigo_tui", "join", f"127.0.0.1:{host.port}", "--code", CODE]
    command += ["--headless", "--bot", "random", "--save-dir", str(saves)]
    started = time.monotonic()
    guest = await asyncio.create_subprocess_exec(
        *command, cwd=host.folder.name, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        status = await asyncio.wait_for(guest.wait(), 60)
    except TimeoutError:
        guest.kill()
        await guest.wait()
        return lines, None
    return lines, (time.monotonic() - started) if status == 0 else None


# -- a slow sender ---------------------------------------------------------------


async def slow(host: Host, limit: float) -> float | None:
    """Seconds until the host drops a one-byte-a-second sender; None if it did not."""
    reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
    first = {"type": "hello", "protocol": host.protocol, "app": "slow", "pake": b"\x00" * 33}
    hello = msgspec.msgpack.encode(first)
    data = HEADER.pack(len(hello)) + hello
    started = time.monotonic()

    async def trickle() -> None:
        for i in range(len(data) - 1):
            writer.write(data[i : i + 1])
            await asyncio.sleep(1.0)

    sender = asyncio.create_task(trickle())
    try:
        while time.monotonic() - started < limit:
            try:
                chunk = await asyncio.wait_for(reader.read(4096), limit - (time.monotonic() - started))
            except TimeoutError:
                return None
            except OSError:
                return time.monotonic() - started
            if not chunk:
                return time.monotonic() - started
        return None
    finally:
        sender.cancel()
        writer.transport.abort()


# -- guessing ----------------------------------------------------------------------


@dataclass
class Guessing:
    #: The protocol the guesser speaks: the host's, until a host asks for 1.
    version: int
    answers: Counter[str] = field(default_factory=Counter)

    @property
    def sealed(self) -> bool:
        """Whether the guesser runs the SPAKE2 handshake (protocol 2 and later)."""
        return self.version >= 2


async def _read_frame(reader: asyncio.StreamReader) -> dict[str, object]:
    (length,) = HEADER.unpack(await reader.readexactly(4))
    message = msgspec.msgpack.decode(await reader.readexactly(length))
    assert isinstance(message, dict)
    return message


async def guess_once(port: int, source: str | None, state: Guessing, pake: bytes) -> None:
    local = (source, 0) if source else None
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=local)
    try:
        hello: dict[str, object]
        if state.sealed:
            hello = {"type": "hello", "protocol": state.version, "app": "guesser", "pake": pake}
        else:
            hello = {"type": "hello", "protocol": 1, "app": "guesser", "name": "x"}
        body = msgspec.msgpack.encode(hello)
        writer.write(HEADER.pack(len(body)) + body)
        reply = await _read_frame(reader)
        if reply.get("type") == "error":
            if reply.get("code") == "version" and state.sealed:
                state.version = 1
            state.answers[str(reply.get("code"))] += 1
            return
        proof: dict[str, object]
        if state.sealed:
            proof = {"type": "confirm", "mac": secrets.token_bytes(32)}
        else:
            proof = {
                "type": "proof",
                "mac": secrets.token_hex(32),
                "nonce": secrets.token_hex(16),
                "claim": None,
            }
        body = msgspec.msgpack.encode(proof)
        writer.write(HEADER.pack(len(body)) + body)
        answer = await _read_frame(reader)
        state.answers[str(answer.get("code", answer.get("type")))] += 1
    finally:
        writer.transport.abort()


async def guesses(host: Host, workers: int, seconds: float, sources: list[str | None]) -> Guessing:
    state = Guessing(host.protocol)
    pake = SPAKE2_A(b"WRONG1", idA=b"indigo-guest", idB=b"indigo-host").start()
    end = time.monotonic() + seconds

    async def worker(n: int) -> None:
        source = sources[n % len(sources)]
        while time.monotonic() < end:
            try:
                await asyncio.wait_for(guess_once(host.port, source, state, pake), end - time.monotonic())
            except TimeoutError:
                return
            except (OSError, asyncio.IncompleteReadError, msgspec.DecodeError, AssertionError):
                state.answers["dropped"] += 1
                await asyncio.sleep(0.01)

    await asyncio.gather(*(worker(n) for n in range(workers)))
    return state


# -- a flood of key exchanges ----------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def exchanges(host: Host, workers: int, seconds: float) -> tuple[float, float]:
    """Strangers from 32 addresses send a hello, take the host's key exchange
    and hang up, over and over: (exchanges answered per second, the host's CPU
    seconds per second meanwhile)."""
    pake = SPAKE2_A(b"WRONG1", idA=b"indigo-guest", idB=b"indigo-host").start()
    hello = {"type": "hello", "protocol": host.protocol, "app": "flood", "pake": pake}
    body = msgspec.msgpack.encode(hello)
    answered = 0
    end = time.monotonic() + seconds

    async def worker(n: int) -> None:
        nonlocal answered
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection("127.0.0.1", host.port, local_addr=(f"127.0.0.{n % 32 + 2}", 0)),
                    end - time.monotonic(),
                )
            except (OSError, TimeoutError):
                continue
            try:
                writer.write(HEADER.pack(len(body)) + body)
                reply = await asyncio.wait_for(_read_frame(reader), end - time.monotonic())
                answered += reply.get("type") == "exchange"
            except (OSError, TimeoutError, asyncio.IncompleteReadError, msgspec.DecodeError, AssertionError):
                pass
            finally:
                writer.transport.abort()

    used = cpu_seconds(host.proc.pid)
    started = time.monotonic()
    await asyncio.gather(*(worker(n) for n in range(workers)))
    spent = time.monotonic() - started
    return answered / spent, (cpu_seconds(host.proc.pid) - used) / spent


# -- running ------------------------------------------------------------------------


async def measure(tree: Path, args: argparse.Namespace) -> dict[str, str]:
    protocol = tree_protocol(tree)
    figures: dict[str, str] = {"protocol spoken": str(protocol)}
    host = start_host(tree, protocol)
    try:
        before, peak, held = await memory(host, args.connections, args.settle)
        figures["rss before (MiB)"] = f"{before / 1024:.0f}"
        figures[f"rss peak, {args.connections} hostile conns (MiB)"] = f"{peak / 1024:.0f}"
        figures["hostile conns still open after"] = str(held)
        figures["host log lines during it"] = str(host.lines[0])
        figures["host alive after"] = "yes" if host.proc.poll() is None else "NO"
    finally:
        host.stop()
    host = start_host(tree, protocol, max_files=args.max_files)
    try:
        lines, joined = await exhaust(host, tree, args.exhaust, args.hold)
        figures[f"log lines, {args.exhaust} conns at {args.max_files} fds"] = str(lines)
        figures["guest after that: joined+played (s)"] = f"{joined:.1f}" if joined is not None else "FAILED"
    finally:
        host.stop()
    host = start_host(tree, protocol)
    try:
        dropped = await slow(host, args.slow_limit)
        figures["slow sender dropped after (s)"] = (
            f"{dropped:.1f}" if dropped is not None else f"> {args.slow_limit:g} (still open)"
        )
    finally:
        host.stop()
    host = start_host(tree, protocol)
    try:
        rate, cpu = await exchanges(host, 64, args.seconds)
        figures["key exchanges/s, 64 conns, 32 addresses"] = f"{rate:.1f}"
        figures["  host CPU meanwhile (cores)"] = f"{cpu:.2f}"
    finally:
        host.stop()
    every_source: list[tuple[str, list[str | None]]] = [
        ("1 address", [None]),
        ("32 addresses", [f"127.0.0.{i}" for i in range(2, 34)]),
    ]
    for label, sources in every_source:
        host = start_host(tree, protocol)
        try:
            state = await guesses(host, args.workers, args.seconds, sources)
            wrong = state.answers.get("code", 0)
            figures[f"guesses/s, {args.workers} conns, {label}"] = f"{wrong / args.seconds:.1f}"
            others = ",".join(f"{k}={v}" for k, v in sorted(state.answers.items()) if k != "code")
            figures[f"  other answers ({label})"] = others or "-"
            figures[f"  host log lines ({label})"] = str(host.lines[0])
        finally:
            host.stop()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--tree", action="append", default=[], metavar="NAME=PATH", help="a source tree to measure"
    )
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--settle", type=float, default=3.0, help="seconds to watch after the attack")
    parser.add_argument("--slow-limit", type=float, default=30.0)
    parser.add_argument("--max-files", type=int, default=64, help="the host's descriptor limit for --exhaust")
    parser.add_argument("--exhaust", type=int, default=300, help="silent connections at that limit")
    parser.add_argument("--hold", type=float, default=15.0, help="seconds they are held")
    parser.add_argument("--workers", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 4 * args.connections + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    trees = [item.partition("=") for item in args.tree] or [("this", "=", ".")]
    results = {name: asyncio.run(measure(Path(path), args)) for name, _, path in trees}
    names = list(results)
    rows = list(next(iter(results.values())))
    width = max(len(r) for r in rows)
    print(f"{'':{width}}  " + "  ".join(f"{n:>24}" for n in names))
    for row in rows:
        print(f"{row:{width}}  " + "  ".join(f"{results[n].get(row, ''):>24}" for n in names))


if __name__ == "__main__":
    main()
