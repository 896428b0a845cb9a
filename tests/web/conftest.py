"""A game server in the test's own event loop, on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from queue import Empty, Queue
from typing import Any, Protocol

import aiohttp
import pytest

from indigo_tui.web import Access, GameServer, open_listener

#: No test in this folder waits on a server or a game for longer.
LIMIT = 60.0

#: Escape sequences (CSI, OSC/DCS strings, two-byte escapes) between the words
#: that Textual writes; what is left of a frame is its text.
_ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=!]*[ -/]*[@-~]|\x1b[P\]_^X][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")

APP_ARGV = [sys.executable, "-m", "indigo_tui"]
#: A stand-in app that says back what the server passed it (tests/web/echo_app.py).
ECHO_ARGV = [sys.executable, str(Path(__file__).with_name("echo_app.py"))]


def screen_text(stream: bytes) -> str:
    """The words of everything an app has written so far (escapes become line breaks)."""
    return _ESCAPES.sub(b"\n", stream).decode("utf-8", "replace")


def process_alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie counts as gone: it has exited)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rsplit(")", 1)[1].split()[0] != "Z"


@dataclass
class Running:
    server: GameServer
    url: str
    started: list[int]
    #: Games that ended: asked to, or (also in ``stopped``) by themselves.
    ended: list[int]
    stopped: list[int]


async def read_screen_until(ws: aiohttp.ClientWebSocketResponse, *words: str, limit: float = LIMIT) -> str:
    """Read the app's output until every one of ``words`` is on it; its text."""
    stream = b""
    async with asyncio.timeout(limit):
        while True:
            message = await ws.receive()
            if message.type == aiohttp.WSMsgType.BINARY:
                stream += message.data
                text = screen_text(stream)
                if all(word in text for word in words):
                    return text
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                raise AssertionError(f"closed before {words!r} showed; text: {screen_text(stream)!r}")


# What the ``serve`` fixture gives: ``async with serve(token=..., ...) as running``.
Serve = Callable[..., contextlib.AbstractAsyncContextManager[Running]]


@pytest.fixture
def serve(tmp_path: Path) -> Serve:
    """``async with serve(token=..., max_sessions=...) as running``: a server
    whose games save in ``tmp_path/saves`` (with a token, each browser in a
    folder of its own in ``tmp_path/visitors``); on exit every game is ended
    and every process it started is gone."""

    @contextlib.asynccontextmanager
    async def running(
        *, token: str | None = None, max_sessions: int = 4, argv: list[str] = APP_ARGV, **options: Any
    ) -> AsyncIterator[Running]:
        listener = open_listener("127.0.0.1", 0)
        port = listener.getsockname()[1]
        save_dir = tmp_path / "saves"
        save_dir.mkdir(exist_ok=True)
        server = GameServer(
            argv,
            environment={"INDIGO_SAVE_DIR": str(save_dir), **options.pop("environment", {})},
            access=Access(token=token),
            max_sessions=max_sessions,
            visitors=tmp_path / "visitors" if token else None,
            **options,
        )
        started: list[int] = []
        ended: list[int] = []
        stopped: list[int] = []

        def tell(what: str, pid: int, _running: int) -> None:
            (started if what == "started" else ended).append(pid)
            if what == "stopped":
                stopped.append(pid)

        server.on_session = tell
        stop = asyncio.Event()
        ready = asyncio.Event()
        task = asyncio.create_task(
            server.serve_on(listener, stop=stop, ready=ready.set, handle_signals=False)
        )
        try:
            async with asyncio.timeout(LIMIT):
                await ready.wait()
            yield Running(server, f"http://127.0.0.1:{port}", started, ended, stopped)
        finally:
            stop.set()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(LIMIT):
                    await task
            if not task.done():
                task.cancel()
            listener.close()
            for pid in started:
                if process_alive(pid):
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(pid, 9)
                    raise AssertionError(f"game process {pid} outlived its server")

    return running


class IndigoServe(Protocol):
    """What the ``indigo_serve`` fixture gives: start ``indigo serve ARGS...``."""

    def __call__(self, *args: str) -> tuple[subprocess.Popen[str], Queue[str]]: ...


@pytest.fixture
def indigo_serve(tmp_path: Path) -> Iterator[IndigoServe]:
    """Start ``indigo serve ARGS`` (its lines arrive on a queue); always stopped after."""
    started: list[subprocess.Popen[str]] = []

    def start(*args: str) -> tuple[subprocess.Popen[str], Queue[str]]:
        process = subprocess.Popen(
            [sys.executable, "-m", "indigo_tui", "serve", "--save-dir", str(tmp_path / "saves"), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        started.append(process)
        lines: Queue[str] = Queue()

        def pump() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                lines.put(line.rstrip("\n"))

        threading.Thread(target=pump, daemon=True).start()
        return process, lines

    try:
        yield start
    finally:
        for process in started:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=LIMIT)


def next_line(lines: Queue[str], starting: str) -> str:
    while True:
        try:
            line = lines.get(timeout=LIMIT)
        except Empty:
            raise AssertionError(f"no line starting {starting!r}") from None
        if line.startswith(starting):
            return line


@dataclass
class Threaded:
    """A server running in a thread of its own (while the test drives a browser)."""

    server: GameServer
    url: str
    started: list[int]
    stopped: list[int]

    def wait_until(self, test: Callable[[], object], what: str, limit: float = LIMIT) -> None:
        deadline = time.monotonic() + limit
        while not test():
            if time.monotonic() > deadline:
                raise AssertionError(f"not so after {limit} s: {what}")
            time.sleep(0.01)


@pytest.fixture
def serve_in_thread(tmp_path: Path) -> Iterator[Callable[..., Threaded]]:
    """``serve_in_thread(token=..., max_sessions=..., **options)``: a server in a thread
    with an event loop of its own, for tests that block (a browser's driver);
    as :func:`serve`, its games save in ``tmp_path/saves`` (with a token, in
    ``tmp_path/visitors``). Stopped after the test; no game outlives it."""
    running: list[tuple[Threaded, asyncio.AbstractEventLoop, asyncio.Event, threading.Thread]] = []

    def start(*, token: str | None = None, max_sessions: int = 4, **options: Any) -> Threaded:
        listener = open_listener("127.0.0.1", 0)
        port = listener.getsockname()[1]
        save_dir = tmp_path / "saves"
        save_dir.mkdir(exist_ok=True)
        server = GameServer(
            APP_ARGV,
            environment={"INDIGO_SAVE_DIR": str(save_dir)},
            access=Access(token=token),
            max_sessions=max_sessions,
            visitors=tmp_path / "visitors" if token else None,
            **options,
        )
        threaded = Threaded(server, f"http://127.0.0.1:{port}", [], [])

        def tell(what: str, pid: int, _running: int) -> None:
            if what == "started":
                threaded.started.append(pid)
            elif what == "stopped":
                threaded.stopped.append(pid)

        server.on_session = tell
        loop = asyncio.new_event_loop()
        stop = asyncio.Event()
        ready = threading.Event()

        def serve() -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(
                    server.serve_on(listener, stop=stop, ready=ready.set, handle_signals=False)
                )
            finally:
                listener.close()

        thread = threading.Thread(target=serve, name=f"indigo-serve-{port}", daemon=True)
        thread.start()
        assert ready.wait(LIMIT), "the server did not start"
        running.append((threaded, loop, stop, thread))
        return threaded

    try:
        yield start
    finally:
        for threaded, loop, stop, thread in running:
            loop.call_soon_threadsafe(stop.set)
            thread.join(LIMIT)
            loop.close()
            for pid in threaded.started:
                if process_alive(pid):
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(pid, 9)
                    raise AssertionError(f"game process {pid} outlived its server")
