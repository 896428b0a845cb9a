"""A game server in the test's own event loop, on 127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from queue import Empty, Queue
from typing import Any

import aiohttp
import pytest

from indigo_tui.web import Access, GameServer, open_listener

#: No test in this folder waits on a server or a game for longer.
LIMIT = 60.0

#: Escape sequences (CSI, OSC/DCS strings, two-byte escapes) between the words
#: that Textual writes; what is left of a frame is its text.
_ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=!]*[ -/]*[@-~]|\x1b[P\]_^X][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")

APP_ARGV = [sys.executable, "-m", "indigo_tui"]


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
    ended: list[int]


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


@pytest.fixture
def serve(tmp_path: Path) -> Callable[..., contextlib.AbstractAsyncContextManager[Running]]:
    """``async with serve(token=..., max_sessions=...) as running``: a server
    whose games save in ``tmp_path/saves``; on exit every game is ended and
    every process it started is gone."""

    @contextlib.asynccontextmanager
    async def running(
        *, token: str | None = None, max_sessions: int = 4, **options: Any
    ) -> AsyncIterator[Running]:
        listener = open_listener("127.0.0.1", 0)
        port = listener.getsockname()[1]
        save_dir = tmp_path / "saves"
        save_dir.mkdir(exist_ok=True)
        server = GameServer(
            APP_ARGV,
            environment={"INDIGO_SAVE_DIR": str(save_dir), **options.pop("environment", {})},
            access=Access(token=token),
            max_sessions=max_sessions,
            **options,
        )
        started: list[int] = []
        ended: list[int] = []

        def tell(what: str, pid: int, _running: int) -> None:
            (started if what == "started" else ended).append(pid)

        server.on_session = tell
        stop = asyncio.Event()
        ready = asyncio.Event()
        task = asyncio.create_task(
            server.serve_on(listener, stop=stop, ready=ready.set, handle_signals=False)
        )
        try:
            async with asyncio.timeout(LIMIT):
                await ready.wait()
            yield Running(server, f"http://127.0.0.1:{port}", started, ended)
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


@pytest.fixture
def indigo_serve(tmp_path: Path) -> Iterator[Callable[..., tuple[subprocess.Popen[str], Queue[str]]]]:
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
