"""What a misbehaving server costs a host across the internet (issue 36).

For each case a fake server runs on 127.0.0.1 in this process's event loop
(a thread of its own), and the host's real doors (``RelayDoor`` at the
transit relay, ``MeetingDoor`` at the mailbox server, at their real pace and
backoff) run against it for ``--seconds`` seconds. Printed per case: the
attempts the server saw (the first three seconds, then per second after),
the tries the door made (one connection each), the CPU the door used (this
process's CPU time over the wall time, the fake server's share included, so
an upper bound), and the lines the door said.

Cases: a relay that says ``ok`` and hangs up; a relay that answers HTTP; a
relay that never answers (the connection waits, as a real one does); a
relay that never takes the connection (a listening socket whose full queue
drops it, as a firewall does: the attempts are the door's, the server sees
none); a mailbox server that is HTTP, that answers garbage, that hangs up at
once, and that never answers.

    python benchmarks/misbehaving_servers.py               # 20 s a case
    python benchmarks/misbehaving_servers.py --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

from indigo_tui.net.relay import Pace, RelayDoor, parse_relay, table_channel
from indigo_tui.net.rendezvous import MeetingDoor, new_table_key

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


async def _ok_then_hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await reader.readline()
    writer.write(b"ok\n")
    writer.close()


async def _http(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(reader.read(1024), 2.0)
    writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
    writer.close()


async def _garbage(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.write(b"\x00\xffgarbage\n" * 8)
    writer.close()


async def _hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.close()


async def _unaccepting(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """No handler: the case's server is :class:`Unaccepting`."""
    raise AssertionError


async def _silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(Exception):
        await reader.read()  # until the client goes
    writer.close()


class Unaccepting:
    """A listening socket on 127.0.0.1 that never accepts, its queue full
    (one connection made and never taken): a new connection is neither
    refused nor taken. ``seen`` is filled with the door's tries (``tries``)."""

    def __init__(self, handler: Handler | None = None) -> None:
        self.seen: list[float] = []
        self.port = 0

    def __enter__(self) -> Unaccepting:
        self.listening = socket.socket()
        self.listening.bind(("127.0.0.1", 0))
        self.listening.listen(0)
        self.port = int(self.listening.getsockname()[1])
        self.filler = socket.create_connection(("127.0.0.1", self.port))
        return self

    def __exit__(self, *exc: object) -> None:
        self.filler.close()
        self.listening.close()


class _Tries(Pace):
    """The door's real pace, with when each try began."""

    def __init__(self, began: list[float]) -> None:
        super().__init__()
        self.began = began

    async def turn(self) -> None:
        await super().turn()
        self.began.append(time.monotonic())


class FakeServer:
    """``handler`` on a free port of 127.0.0.1, in a thread's event loop; counts connections."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.seen: list[float] = []
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.port = 0

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.seen.append(time.monotonic())
        with contextlib.suppress(Exception):
            await self.handler(reader, writer)

    def __enter__(self) -> FakeServer:
        self.thread.start()
        server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, "127.0.0.1", 0), self.loop
        ).result(10)
        self.server = server
        self.port = int(server.sockets[0].getsockname()[1])
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


async def _run(kind: str, handler: Handler, seconds: float) -> dict[str, Any]:
    said: list[str] = []
    tries: list[float] = []
    server: Any = Unaccepting if handler is _unaccepting else FakeServer
    with server(handler) as fake:
        if isinstance(fake, Unaccepting):
            fake.seen = tries
        if kind == "relay":
            relay = parse_relay(f"127.0.0.1:{fake.port}")
            paired: list[Any] = []

            def took(sock: Any) -> None:
                paired.append(sock)
                sock.close()

            door: Any = RelayDoor(
                relay, table_channel(new_table_key()), took, lambda s: said.append(s.text), pace=_Tries(tries)
            )
        else:
            door = MeetingDoor(
                f"ws://127.0.0.1:{fake.port}/v1",
                new_table_key(),
                lambda code, spent: None,
                lambda s: said.append(s.text),
            )
            door.pace = _Tries(tries)
        cpu, wall = time.process_time(), time.monotonic()
        task = asyncio.create_task(door.run())
        await asyncio.sleep(seconds)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall
        seen = list(fake.seen)
    start = seen[0] if seen else wall
    early = sum(1 for t in seen if t - start < 3.0)
    late = [t for t in seen if t - start >= 3.0]
    rate = len(late) / max(0.001, seconds - 3.0)
    return {
        "attempts": len(seen),
        "tries": len(tries),
        "first 3 s": early,
        "per s after": rate,
        "cpu %": 100 * cpu / wall,
        "lines": said,
    }


CASES: list[tuple[str, str, Handler]] = [
    ("relay: ok, then hangs up", "relay", _ok_then_hang_up),
    ("relay: answers HTTP", "relay", _http),
    ("relay: never answers", "relay", _silent),
    ("relay: never takes it", "relay", _unaccepting),
    ("mailbox: is HTTP", "mailbox", _http),
    ("mailbox: answers garbage", "mailbox", _garbage),
    ("mailbox: hangs up at once", "mailbox", _hang_up),
    ("mailbox: never answers", "mailbox", _silent),
]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds a case runs (20)")
    args = parser.parse_args()
    for name, kind, handler in CASES:
        found = asyncio.run(_run(kind, handler, max(4.0, args.seconds)))
        print(
            f"{name:<28} attempts {found['attempts']:>4} (first 3 s: {found['first 3 s']}, then "
            f"{found['per s after']:.2f}/s)  door's tries {found['tries']}  cpu {found['cpu %']:.1f}%  "
            f"lines {len(found['lines'])}"
        )
        for line in found["lines"]:
            print(f"    {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
