"""What a hostile browser visitor costs ``indigo serve``: a giant resize, a
game process that dies, and messages that are not textual-serve's.

Starts a real ``indigo serve`` (from each source tree given, so an older
commit is measured in the same run) on 127.0.0.1 with a save folder of its
own, and speaks to it as a page's websocket would, from this process; every
wait is bounded:

* ``resize``: a tab at the title screen (``--table``: in a game against the
  greedy bot) sends ``["resize", {"width": W, "height": H}]`` (default
  20000 x 20000); for ``--seconds`` the game
  process's resident memory is sampled (``/proc/PID/status``), and its peak
  (VmHWM) is printed with the bytes the socket brought meanwhile. A game that
  passes ``--cap`` MiB is killed there (and said so), to spare the machine.
* ``dead``: a server with ``--max-sessions 1``; its one game is killed with
  SIGKILL (as an out-of-memory kill would); the seconds until the tab's
  websocket closes, and until the page is served again (200, not 503 "no
  free table"), or "never" after ``--dead-limit`` seconds.
* ``bad``: a resize with a text width, one with a negative height, and
  JSON messages nested 30,000 and 100,000 deep; what became of the tab, the
  lines the server printed meanwhile, and how many of them belong to a
  traceback.
* ``starts``: a server with a token (on 127.0.0.2) and ``--clients`` scripts
  that hold the token and, for ``--seconds``, open a game's socket and close
  it again as fast as they can (each waits at most ``--linger`` seconds for
  the first word): with one browser's cookie (``one browser``) and with a new
  cookie for every game (``new browsers``, the page fetched each time). How
  many games started, how many were refused as too fast or as full, and the
  CPU seconds the games' processes used (the server reaps them:
  ``/proc/PID/stat``'s cutime + cstime) and the server's own.

    git worktree add --detach /tmp/before <old commit>
    python benchmarks/serve_hostile.py --tree before=/tmp/before --tree after=.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

_ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=!]*[ -/]*[@-~]|\x1b[P\]_^X][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


@dataclass
class Served:
    proc: subprocess.Popen[str]
    url: str
    folder: tempfile.TemporaryDirectory[str]
    lines: list[str] = field(default_factory=list)

    def pump(self) -> None:
        assert self.proc.stdout is not None
        stream = self.proc.stdout

        def read() -> None:
            for line in stream:
                self.lines.append(line.rstrip("\n"))

        threading.Thread(target=read, daemon=True).start()

    def game_pid(self, limit: float = 30.0) -> int:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            for line in self.lines:
                found = re.search(r"game started \(process (\d+)", line)
                if found:
                    return int(found.group(1))
            time.sleep(0.05)
        raise SystemExit("no game started")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.folder.cleanup()


def serve(tree: Path, *args: str) -> Served:
    """``indigo serve ARGS`` from ``tree``; its ``url`` is the printed address
    (with ``/?token=…`` on a server with a token)."""
    folder = tempfile.TemporaryDirectory(prefix="indigo-serve-hostile-")
    # English, and settings of its own: the machine's saved language is not this run's.
    env = dict(
        os.environ,
        PYTHONPATH=str(tree.resolve()),
        PYTHONUNBUFFERED="1",
        LANGUAGE="en",
        INDIGO_CONFIG_DIR=folder.name,
    )
    command = [sys.executable, "-m", "indigo_tui", "serve", "--port", "0", "--save-dir", folder.name, *args]
    proc = subprocess.Popen(
        command, cwd=folder.name, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"(http://\S+)", line)
    if not found:
        proc.kill()
        raise SystemExit(f"indigo serve from {tree} did not start: {line!r}")
    served = Served(proc, found.group(1).rstrip("/"), folder)
    served.pump()
    return served


def status_kib(pid: int, key: str) -> int:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(rf"{key}:\s+(\d+) kB", text)
    return int(found.group(1)) if found else 0


async def title_screen(
    ws: aiohttp.ClientWebSocketResponse, limit: float = 60.0, words: bytes = b"New game"
) -> None:
    stream = b""
    async with asyncio.timeout(limit):
        while words not in _ESCAPES.sub(b"\n", stream):
            message = await ws.receive()
            if message.type != aiohttp.WSMsgType.BINARY:
                raise SystemExit(f"the socket closed before {words!r} showed: {message}")
            stream += message.data


async def to_the_table(ws: aiohttp.ClientWebSocketResponse) -> None:
    """From the title to a new game against the greedy bot (n, then ctrl+s)."""
    await ws.send_json(["stdin", "n"])
    await title_screen(ws, words=b"Seat 1")
    await ws.send_json(["stdin", "\x13"])
    await title_screen(ws, words=b"Hand of")


# -- resize ------------------------------------------------------------------------


async def resize(tree: Path, width: int, height: int, seconds: float, cap_mib: int, table: bool) -> str:
    served = serve(tree)
    try:
        async with (
            aiohttp.ClientSession() as http,
            http.ws_connect(served.url + "/ws?width=100&height=32") as ws,
        ):
            await title_screen(ws)
            if table:
                await to_the_table(ws)
            pid = served.game_pid()
            before = status_kib(pid, "VmRSS")
            received = 0

            async def drain() -> None:
                nonlocal received
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.BINARY:
                        received += len(message.data)

            reader = asyncio.create_task(drain())
            await ws.send_json(["resize", {"width": width, "height": height}])
            started = time.monotonic()
            peak = before
            capped = False
            while time.monotonic() - started < seconds:
                rss = status_kib(pid, "VmRSS")
                peak = max(peak, rss, status_kib(pid, "VmHWM"))
                if rss > cap_mib * 1024:
                    os.killpg(pid, signal.SIGKILL)
                    capped = True
                    break
                if reader.done():
                    break
                await asyncio.sleep(0.1)
            peak = max(peak, status_kib(pid, "VmHWM"))
            took = time.monotonic() - started
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        note = f"; killed at the {cap_mib} MiB cap after {took:.1f} s" if capped else ""
        if not capped and took < seconds:
            note = f"; the tab's socket closed after {took:.1f} s (code {ws.close_code})"
        where = "at the table" if table else "at the title"
        return (
            f"game {where} {before / 1024:.0f} MiB; peak {peak / 1024:.0f} MiB within {took:.1f} s "
            f"of a {width}x{height} resize; {received / 2**20:.1f} MiB sent down the socket{note}"
        )
    finally:
        served.stop()


# -- a dead game --------------------------------------------------------------------


async def dead(tree: Path, limit: float) -> str:
    served = serve(tree, "--max-sessions", "1")
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(served.url + "/ws?width=100&height=32")
            await title_screen(ws)
            pid = served.game_pid()
            killed = time.monotonic()
            os.kill(pid, signal.SIGKILL)
            closed_after: float | None = None
            free_after: float | None = None
            close_code = None

            async def watch_socket() -> None:
                nonlocal closed_after, close_code
                async for _message in ws:
                    pass
                closed_after = time.monotonic() - killed
                close_code = ws.close_code

            watcher = asyncio.create_task(watch_socket())
            while time.monotonic() - killed < limit:
                async with http.get(served.url + "/") as page:
                    if page.status == 200:
                        free_after = time.monotonic() - killed
                        break
                await asyncio.sleep(0.01)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(watcher), max(0.0, limit - (time.monotonic() - killed)))
            watcher.cancel()
            await ws.close()

        def said(value: float | None) -> str:
            return f"{value:.3f} s" if value is not None else f"never (within {limit:.0f} s)"

        return (
            f"after kill -9 of the game: its tab's socket closed {said(closed_after)} "
            f"(code {close_code}); the seat free for a new tab {said(free_after)}"
        )
    finally:
        served.stop()


# -- bad messages -------------------------------------------------------------------


async def bad(tree: Path) -> str:
    served = serve(tree)
    try:
        outcomes = []
        async with aiohttp.ClientSession() as http:
            for name, message in (
                ("text width", '["resize", {"width": "wide", "height": 30}]'),
                ("negative height", '["resize", {"width": 100, "height": -5}]'),
                ("nested 30,000 deep (60 kB)", "[" * 30_000 + "]" * 30_000),
                ("nested 100,000 deep (200 kB)", "[" * 100_000 + "]" * 100_000),
            ):
                before = len(served.lines)
                async with http.ws_connect(served.url + "/ws?width=100&height=32") as ws:
                    await title_screen(ws)
                    await ws.send_str(message)
                    ended = "the game went on"
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(4.0):  # what the game and the server make of it
                            async for _reply in ws:
                                pass
                            ended = f"the tab's socket closed (code {ws.close_code})"
                await asyncio.sleep(1.0)
                said = served.lines[before:]
                tracebacks = sum(1 for line in said if "Traceback" in line or "─ Traceback" in line)
                lines = len([line for line in said if not line.startswith("game ")])
                outcomes.append(f"{name}: {ended}, {lines} lines logged, {tracebacks} tracebacks")
        return "; ".join(outcomes)
    finally:
        served.stop()


# -- starting games over and over ---------------------------------------------------


def cpu_seconds(pid: int) -> tuple[float, float]:
    """A process's own CPU seconds and its reaped children's (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    own = (int(fields[11]) + int(fields[12])) / tick
    children = (int(fields[13]) + int(fields[14])) / tick
    return own, children


async def starts(tree: Path, seconds: float, clients: int, fresh: bool, linger: float) -> str:
    served = serve(tree, "--bind", "127.0.0.2")
    base, _question, query = served.url.partition("/?")
    outcomes: dict[str, int] = {}
    try:
        first_own, first_games = cpu_seconds(served.proc.pid)
        deadline = time.monotonic() + seconds

        async def browser() -> aiohttp.ClientSession:
            http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
            async with http.get(f"{base}/?{query}") as page:
                await page.read()
            return http

        async def script(http: aiohttp.ClientSession | None) -> None:
            while time.monotonic() < deadline:
                session = http or await browser()
                try:
                    async with session.ws_connect(base + "/ws?width=80&height=24") as ws:
                        # A refusal is a line of words and the server's close;
                        # a game is still there when the script leaves it.
                        with contextlib.suppress(TimeoutError):
                            async with asyncio.timeout(linger):
                                async for _message in ws:
                                    pass
                        code = ws.close_code if ws.closed else None
                    said = {4002: "too fast", 1013: "full", None: "started"}.get(code, f"closed {code}")
                except aiohttp.WSServerHandshakeError as exc:
                    said = f"refused {exc.status}"
                finally:
                    if http is None:
                        await session.close()
                outcomes[said] = outcomes.get(said, 0) + 1

        shared = None if fresh else await browser()
        try:
            await asyncio.gather(*(script(shared) for _ in range(clients)))
        finally:
            if shared is not None:
                await shared.close()
        # The last games end (each is asked to quit, then its group is ended).
        await asyncio.sleep(4.0)
        own, games = cpu_seconds(served.proc.pid)
        started = sum(1 for line in served.lines if "game started" in line)
        tally = ", ".join(f"{count} {what}" for what, count in sorted(outcomes.items()))
        return (
            f"{clients} scripts for {seconds:.0f} s: {started} games started ({tally}); "
            f"the games' processes used {games - first_games:.1f} CPU s, the server {own - first_own:.1f} s"
        )
    finally:
        served.stop()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("--only", choices=("resize", "dead", "bad", "starts"), action="append")
    parser.add_argument("--width", type=int, default=20000)
    parser.add_argument("--height", type=int, default=20000)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long a resize is watched")
    parser.add_argument("--cap", type=int, default=3072, help="MiB at which a game is killed")
    parser.add_argument("--dead-limit", type=float, default=30.0)
    parser.add_argument("--table", action="store_true", help="resize a game at the table, not at the title")
    parser.add_argument("--clients", type=int, default=8, help="scripts starting games at once (starts)")
    parser.add_argument("--linger", type=float, default=0.5, help="seconds to wait for a word (starts)")
    args = parser.parse_args()
    trees = [tuple(t.split("=", 1)) for t in args.tree] or [("this", ".")]
    for name, path in trees:
        tree = Path(path)
        for what in args.only or ("resize", "dead", "bad", "starts"):
            if what == "starts":
                for fresh in (False, True):
                    said = asyncio.run(starts(tree, args.seconds, args.clients, fresh, args.linger))
                    print(f"{name} starts, {'new browsers' if fresh else 'one browser'}: {said}", flush=True)
                continue
            if what == "resize":
                said = asyncio.run(resize(tree, args.width, args.height, args.seconds, args.cap, args.table))
            elif what == "dead":
                said = asyncio.run(dead(tree, args.dead_limit))
            else:
                said = asyncio.run(bad(tree))
            print(f"{name} {what}: {said}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
