"""textual-serve's web app with the game's own rules for processes and pages.

textual-serve gives the page, its static files and a websocket that drives one
app process. This subclass changes what a public server must not leave to
chance:

* every route sits behind :class:`~.access.Access` (token, origin, host);
* at most ``max_sessions`` app processes run at once: the page says so when
  the server is full, instead of starting one more;
* each app process gets a session (and so a process group) of its own, so
  Ctrl+C at the server's terminal reaches only the server, which asks every
  game to quit (each one saves as it goes), waits a moment, and then kills
  whatever is left of the group (a search bot's helper included): no orphans;
* it listens on a socket opened beforehand (:func:`open_listener`), so a port
  in use is one line at start-up, not a traceback from inside aiohttp.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import shlex
import signal
import socket
from asyncio.subprocess import PIPE, Process
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..i18n import _, current_language, ngettext
from .access import Access

log = logging.getLogger("indigo.serve")

#: textual-serve's own static files (xterm.js and its glue, the font).
STATIC_PATH = Path(textual_serve.__file__).parent / "static"
#: Our pages: the game's page (adapted from textual-serve's) and the refusals.
TEMPLATES_PATH = Path(__file__).parent / "templates"

#: Seconds a game may take to quit when asked, before its processes are killed.
QUIT_GRACE = 3.0

#: Terminal sizes a browser may ask for (a bogus one must not upset the app).
_MIN_SIZE, _MAX_SIZE = 10, 1000


class ServeError(Exception):
    """A problem starting the server, said in one line (port in use, no such address)."""


def open_listener(bind: str, port: int) -> socket.socket:
    """A listening socket on ``bind``:``port``, or :class:`ServeError` saying why not."""
    if not 0 <= port <= 65535:
        raise ServeError(
            _("--port {port}: a port is a number from 1 to 65535 (0 picks a free one)").format(port=port)
        )
    try:
        infos = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise ServeError(
            _("--bind {address}: not an address of this machine, nor a name that resolves").format(
                address=bind
            )
        ) from None
    family, kind, proto, _canonical, address = infos[0]
    listener = socket.socket(family, kind, proto)
    try:
        # A restart straight after Ctrl+C must not wait for old connections to time out.
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(128)
    except OSError as exc:
        listener.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(
                _(
                    "port {port} on {address} is already in use: stop what uses it, or choose another --port"
                ).format(port=port, address=bind)
            ) from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise ServeError(
                _("--bind {address}: this machine has no such address").format(address=bind)
            ) from None
        if exc.errno == errno.EACCES:
            raise ServeError(
                _("port {port}: not allowed to listen there; choose a --port above 1023").format(port=port)
            ) from None
        raise ServeError(
            _("cannot listen on {address} port {port}: {problem}").format(
                address=bind, port=port, problem=exc.strerror or exc
            )
        ) from None
    listener.setblocking(False)
    return listener


def listener_port(listener: socket.socket) -> int:
    return int(listener.getsockname()[1])


class AppProcess(AppService):
    """One browser tab's game: ``argv`` run in a session of its own, with the
    server's extra environment (save folder, board glyphs)."""

    def __init__(self, argv: Sequence[str], environment: Mapping[str, str], **kwargs: Any) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self._argv = list(argv)
        self._environment = dict(environment)

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.update(self._environment)
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        # As textual-serve's, but no shell between us and the app, and a new
        # session: the terminal's Ctrl+C is the server's to pass on, in order.
        self._process = process = await asyncio.create_subprocess_exec(
            *self._argv,
            stdin=PIPE,
            stdout=PIPE,
            stderr=PIPE,
            env=self._build_environment(width, height),
            start_new_session=True,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def close(self, grace: float = QUIT_GRACE) -> None:
        """Ask the game to quit; after ``grace`` seconds kill its process group."""
        process = self._process
        with contextlib.suppress(TimeoutError, OSError):
            await asyncio.wait_for(self.stop(), grace)
        if process is None:
            return
        try:
            await asyncio.wait_for(process.wait(), grace)
            quit_cleanly = True
        except TimeoutError:
            quit_cleanly = False
        # The group outlives its leader only if a child of the game (a bot's
        # helper) is still running: it goes too. Its id is not reused while it lives.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGTERM if quit_cleanly else signal.SIGKILL)
        if not quit_cleanly:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), grace)


class GameServer(Server):
    """The game behind a web page: one ``argv`` process per browser tab."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        environment: Mapping[str, str] | None = None,
        access: Access | None = None,
        max_sessions: int = 8,
        public_url: str | None = None,
        title: str = "Indigo",
    ) -> None:
        super().__init__(
            shlex.join(argv),
            title=title,
            public_url=public_url or "",
            statics_path=STATIC_PATH,
            templates_path=TEMPLATES_PATH,
        )
        self.argv = list(argv)
        self.environment = dict(environment or {})
        self.access = access if access is not None else Access(token=None, public_url=public_url)
        self.max_sessions = max_sessions
        # Without --public-url every address is made from the request's own
        # Host, so a page opened at any of the machine's addresses works.
        self.fixed_url = public_url.rstrip("/") if public_url else None
        #: The games running now, and how many were ever started.
        self.sessions: set[AppProcess] = set()
        self.started = 0
        #: Called with each game's process id when it starts and ends (a log line).
        self.on_session: Callable[[str, int, int], None] | None = None
        self.closing = False
        self._sockets: set[web.WebSocketResponse] = set()

    # -- the web app ---------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.access.middleware()])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES_PATH), autoescape=True)
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        return app

    def full(self) -> bool:
        return self.closing or len(self.sessions) >= self.max_sessions

    def full_text(self) -> str:
        if self.closing:
            return _("This Indigo server is stopping.")
        return ngettext(
            "The one game this server runs at once is in play. Close the browser tab "
            "that has it open (its game stays saved), then reload this page.",
            "All {most} games this server runs at once are in play. Close a browser tab "
            "that has a game open (its game stays saved), then reload this page.",
            self.max_sessions,
        ).format(most=self.max_sessions)

    def page_words(self) -> dict[str, str]:
        """The pages' words, in the language the server speaks (``indigo serve --lang``)."""
        return {
            "lang": current_language(),
            "starting": _("{title}: starting the game…").format(title=self.title),
            "start": _("Start"),
            "closed": _(
                "This game's window has closed. Every move was saved: start again and choose Continue."
            ),
            "start_again": _("Start again"),
            "no_table": _("Indigo: no free table"),
            "try_again": _("Try again"),
        }

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full():
            return aiohttp_jinja2.render_template(
                "full.html", request, {"text": self.full_text(), **self.page_words()}, status=503
            )
        base = self.fixed_url or f"{request.scheme}://{request.host}"
        font_size = min(max(to_int(request.query.get("fontsize", "16"), 16), 6), 64)
        socket_base = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1]
        context = {
            "font_size": font_size,
            "app_websocket_url": f"{socket_base}{request.app.router['websocket'].url_for()}",
            "static_url": f"{base}/static/",
            "title": self.title,
            **self.page_words(),
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15)
        width = min(max(to_int(request.query.get("width", "80"), 80), _MIN_SIZE), _MAX_SIZE)
        height = min(max(to_int(request.query.get("height", "24"), 24), _MIN_SIZE), _MAX_SIZE)
        await websocket.prepare(request)
        if self.full():
            # Two pages loaded while one seat was free: the second one's
            # terminal says why it stays empty, and no process starts.
            await websocket.send_bytes(f"\r\n  {self.full_text()}\r\n".encode())
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"full")
            return websocket
        service = AppProcess(
            self.argv,
            self.environment,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        # Counted before the first await, so the cap holds however many connect at once.
        self.sessions.add(service)
        self._sockets.add(websocket)
        self.started += 1
        try:
            await service.start(width, height)
            self._tell("started", service)
            await self._process_messages(websocket, service)
        except (ValueError, TypeError, KeyError, AssertionError, IndexError, AttributeError):
            log.warning("a browser sent a message that is not textual-serve's: session closed")
        finally:
            await asyncio.shield(self._end(service, websocket))
        return websocket

    async def _end(self, service: AppProcess, websocket: web.WebSocketResponse) -> None:
        try:
            await service.close()
        finally:
            if service in self.sessions:
                self.sessions.discard(service)
                self._tell("ended", service)
            self._sockets.discard(websocket)
            if not websocket.closed:
                with contextlib.suppress(ConnectionError):
                    await websocket.close()

    def _tell(self, what: str, service: AppProcess) -> None:
        if self.on_session is not None and service.pid is not None:
            self.on_session(what, service.pid, len(self.sessions))

    # -- running -------------------------------------------------------------------

    async def shutdown(self) -> None:
        """End every game (each asked to quit, then killed) and close their pages."""
        self.closing = True
        await asyncio.gather(*(service.close() for service in list(self.sessions)))
        for websocket in list(self._sockets):
            with contextlib.suppress(ConnectionError):
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")

    async def serve_on(
        self,
        listener: socket.socket,
        *,
        stop: asyncio.Event | None = None,
        ready: Callable[[], None] | None = None,
        handle_signals: bool = True,
    ) -> None:
        """Serve on ``listener`` until ``stop`` is set (or SIGINT/SIGTERM), then
        end every game before returning."""
        stop = stop if stop is not None else asyncio.Event()
        runner = web.AppRunner(await self._make_app(), handle_signals=False, access_log=None)
        await runner.setup()
        loop = asyncio.get_running_loop()
        signals = (signal.SIGINT, signal.SIGTERM) if handle_signals else ()
        try:
            await web.SockSite(runner, listener).start()
            for number in signals:
                loop.add_signal_handler(number, stop.set)
            if ready is not None:
                ready()
            await stop.wait()
        finally:
            for number in signals:
                loop.remove_signal_handler(number)
            await self.shutdown()
            await runner.cleanup()
