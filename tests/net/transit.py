"""Relays for the tests of play across the internet, on 127.0.0.1 only.

- :class:`TransitRelay`: the real thing, a ``magic-wormhole-transit-relay``
  process (``python -m twisted transitrelay``, a test dependency), on a free
  port of 127.0.0.1, which a test may kill and start again on the same port.
- :class:`RecordingRelay`: a relay of our own speaking the same protocol
  (pairs two connections that ask for one channel from two sides, drops the
  leftovers as the real one does), which keeps every byte it copies, so a
  test can look at what a relay operator sees. It runs its own event loop in
  a thread, so processes and in-process sessions can both use it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pytest

#: No relay takes longer to start or stop (a hang-stop, never waited out when all is well).
START_LIMIT = 60.0
_STARTED = re.compile(r"starting on (\d+)")
_ADDRESS_IN_USE = "Address already in use"


def _die_with_parent() -> None:
    """In the relay's process, before it runs: end it with the test process
    that started it (Linux), so a test worker that dies leaves no relay behind."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class TransitRelay:
    """A real transit relay process on 127.0.0.1 (see the module docstring)."""

    #: What runs: ``python -m twisted`` and these arguments, then the port option.
    PLUGIN: tuple[str, ...] = ("transitrelay",)
    NAME = "transit relay"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> int:
        """Start the relay (on its last port, if it had one: a restart keeps
        the address the peers know); the port, once it listens."""
        for _attempt in range(20):
            self.starts += 1
            log = self.folder / f"{self.PLUGIN[0]}-{self.starts}.log"
            with log.open("wb") as out:
                self.proc = subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "twisted",
                        "--log-format=text",
                        *self.arguments(),
                    ],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    preexec_fn=_die_with_parent,
                )
            deadline = time.monotonic() + START_LIMIT
            while time.monotonic() < deadline:
                text = log.read_text(errors="replace")
                found = _STARTED.search(text)
                if found:
                    self.port = int(found.group(1))
                    return self.port
                if self.proc.poll() is not None:
                    break
                time.sleep(0.02)
            text = log.read_text(errors="replace")
            self.stop()
            if self.port and _ADDRESS_IN_USE in text:
                # The port was just ours: the kernel lets it go in a moment.
                time.sleep(0.25)
                continue
            raise AssertionError(f"the {self.NAME} did not start: {text[-800:]}")
        raise AssertionError(f"port {self.port} stayed in use; the relay could not start again")

    def arguments(self) -> list[str]:
        return [*self.PLUGIN, f"--port=tcp:{self.port}:interface=127.0.0.1"]

    def stop(self) -> None:
        """Kill the relay (every connection through it breaks); idempotent."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=START_LIMIT)

    def restart(self) -> None:
        self.stop()
        self.start()


class MailboxServer(TransitRelay):
    """A real magic-wormhole mailbox server process (``python -m twisted
    wormhole-mailbox``, a test dependency) on 127.0.0.1, its database in the
    test's folder (a restart keeps the nameplates, as the public one does)."""

    PLUGIN = ("wormhole-mailbox",)
    NAME = "mailbox server"

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/v1"

    def arguments(self) -> list[str]:
        return [
            *self.PLUGIN,
            f"--port=tcp:{self.port}:interface=127.0.0.1",
            f"--channel-db={self.folder / 'mailbox.sqlite'}",
        ]


class _Startable(Protocol):
    def start(self) -> int: ...
    def stop(self) -> None: ...


_Server = TypeVar("_Server", bound=_Startable)


@contextlib.contextmanager
def running(server: _Server) -> Iterator[_Server]:
    """``server`` started, and stopped afterwards whatever happens."""
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def mailbox_server(tmp_path: Path) -> Iterator[MailboxServer]:
    """A real mailbox server of the test's own on 127.0.0.1, stopped afterwards."""
    with running(MailboxServer(tmp_path)) as server:
        yield server


@pytest.fixture(scope="session")
def shared_mailbox_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MailboxServer]:
    """One real mailbox server for every test of a test process that does not
    stop it: each such test's host gets nameplates of its own, as strangers
    share a public one."""
    with running(MailboxServer(tmp_path_factory.mktemp("mailbox"))) as server:
        yield server


@pytest.fixture
def transit_relay(tmp_path: Path) -> Iterator[TransitRelay]:
    """A real transit relay of the test's own on a free port of 127.0.0.1
    (the test may kill and restart it), stopped afterwards."""
    with running(TransitRelay(tmp_path)) as relay:
        yield relay


@pytest.fixture(scope="session")
def shared_transit_relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TransitRelay]:
    """One real transit relay for every test of a test process that does not
    stop it (starting one takes a second or two): each such test uses codes
    of its own (``new_internet_code``), as strangers share a public relay."""
    with running(TransitRelay(tmp_path_factory.mktemp("relay"))) as relay:
        yield relay


@dataclass
class RelayedPair:
    """Two connections the recording relay glued together, and what each sent."""

    channel: str
    sides: tuple[str, str]
    sent: tuple[bytearray, bytearray] = field(default_factory=lambda: (bytearray(), bytearray()))


@dataclass
class _Waiting:
    side: str
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    paired: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter, RelayedPair]]


_LINE = re.compile(rb"please relay (\w{64}) for side (\w{16})\n")


class RecordingRelay:
    """A transit relay of our own that records what it copies (see the module docstring).
    ``answer`` replaces the ``ok`` with other bytes (a broken or foreign relay)."""

    def __init__(self, answer: bytes | None = None) -> None:
        self.answer = answer
        self.pairs: list[RelayedPair] = []
        self.lines: list[bytes] = []
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._waiting: dict[str, list[_Waiting]] = {}
        self._server: asyncio.Server | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._connections: set[asyncio.StreamWriter] = set()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> int:
        self._thread.start()
        server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, "127.0.0.1", 0), self._loop
        ).result(START_LIMIT)
        self._server = server
        self.port = int(server.sockets[0].getsockname()[1])
        return self.port

    def stop(self) -> None:
        async def down() -> None:
            if self._server is not None:
                self._server.close()
            for writer in list(self._connections):
                writer.close()
            await asyncio.sleep(0)

        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(down(), self._loop).result(START_LIMIT)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(START_LIMIT)
        self._loop.close()

    def relayed(self) -> bytes:
        """Every byte the relay copied, in both directions, as one string."""
        return b"".join(bytes(part) for pair in self.pairs for part in pair.sent)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._connections.add(writer)
        try:
            line = await reader.readline()
            self.lines.append(line)
            found = _LINE.fullmatch(line)
            if found is None:
                writer.write(b"bad handshake\n")
                return
            if self.answer is not None:
                writer.write(self.answer)
                return
            channel, side = found.group(1).decode(), found.group(2).decode()
            waiting = self._waiting.setdefault(channel, [])
            for other in waiting:
                if other.side != side:
                    await self._glue(channel, other, side, reader, writer)
                    return
            await self._wait(waiting, side, reader, writer)
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._connections.discard(writer)
            with contextlib.suppress(Exception):
                writer.close()

    async def _glue(
        self,
        channel: str,
        other: _Waiting,
        side: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """Pair us with ``other``; the rest waiting on the channel are redundant (dropped)."""
        for leftover in self._waiting.pop(channel, []):
            if leftover is not other:
                leftover.paired.cancel()
        pair = RelayedPair(channel, (other.side, side))
        self.pairs.append(pair)
        other.writer.write(b"ok\n")
        writer.write(b"ok\n")
        other.paired.set_result((reader, writer, pair))
        await self._copy(reader, other.writer, pair.sent[1])

    async def _wait(
        self,
        waiting: list[_Waiting],
        side: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
    ) -> None:
        """Wait for a partner; bytes before the ``ok`` are impatient, an end is an end."""
        paired: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter, RelayedPair]]
        paired = asyncio.get_running_loop().create_future()
        me = _Waiting(side, reader, writer, paired)
        waiting.append(me)
        reading = asyncio.create_task(reader.read(1))
        try:
            either: list[asyncio.Future[Any]] = [paired, reading]
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        finally:
            with contextlib.suppress(ValueError):
                waiting.remove(me)
        if paired.cancelled():
            reading.cancel()
            return  # redundant: another connection of our side was paired
        first = b""
        if reading.done():
            first = reading.result()
            if not paired.done():
                if first:
                    writer.write(b"impatient\n")
                return
        else:
            reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reading
        _, partner, pair = paired.result()
        if first:
            pair.sent[0].extend(first)
            partner.write(first)
        await self._copy(reader, partner, pair.sent[0])

    async def _copy(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, record: bytearray
    ) -> None:
        try:
            while chunk := await reader.read(65536):
                record += chunk
                writer.write(chunk)
                await writer.drain()
        finally:
            # No half-close through a relay: one side gone, the other is closed too.
            writer.close()


@pytest.fixture
def recording_relay() -> Iterator[RecordingRelay]:
    """A recording relay on a free port of 127.0.0.1, stopped afterwards."""
    with running(RecordingRelay()) as relay:
        yield relay
