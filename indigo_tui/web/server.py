"""textual-serve's web app with the game's own rules for processes and pages.

textual-serve gives the page, its static files and a websocket that drives one
app process. This subclass changes what a public server must not leave to
chance:

* every route sits behind :class:`~.access.Access` (token, origin, host,
  headers that forbid framing);
* on a token server each browser is a player of its own: its games get a
  save folder and settings of that browser's own (:attr:`GameServer.visitors`);
* at most ``max_sessions`` app processes run at once: the page says so when
  the server is full, instead of starting one more;
* everything a page sends has a budget: messages of at most
  :data:`MAX_MESSAGE` bytes, a rate of messages and of typed bytes (over it,
  the page's messages wait unread: nothing is dropped), terminal sizes within
  bounds on every resize and passed on at most every :data:`RESIZE_GAP`
  seconds; a message that is not textual-serve's closes that tab's game with
  one log line (and the log lines themselves have a budget), never a traceback;
* a game's process that ends (quits, or is killed, as by the out-of-memory
  killer) frees its place at once, and its tab says why the game ended;
* on a server of separate players each browser gets its share and no more:
  its games are told the quota of its folder (``visitor_quota``, which the
  game's save layer keeps: ``saves/quota.py``) and may connect only to the
  relay, not to addresses on the server's network, unless the operator
  allows LAN games (``allow_lan``; ``net/reach.py`` keeps that in the game);
  and a browser without a folder starts a game only while fewer than
  ``max_visitors`` have one (:meth:`GameServer.no_room_for`);
* on a server of separate players, the folder of a browser that has started
  no game for ``forget_after`` seconds is deleted (:meth:`GameServer.forget_visitors`,
  at start and every :data:`FORGET_EVERY` seconds), so visitors who never come
  back do not fill the disk for ever;
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
import hashlib
import logging
import math
import os
import re
import shlex
import shutil
import signal
import socket
import time
from asyncio.subprocess import PIPE, Process
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
import msgspec
import textual_serve
from aiohttp import WSCloseCode, WSMsgType, hdrs, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..bucket import TokenBucket
from ..i18n import _, current_language, in_language, ngettext
from .access import Access, add_security_headers, refusal

log = logging.getLogger("indigo.serve")

#: textual-serve's own static files (xterm.js and its glue, the font).
STATIC_PATH = Path(textual_serve.__file__).parent / "static"
#: Our pages: the game's page (adapted from textual-serve's) and the refusals.
TEMPLATES_PATH = Path(__file__).parent / "templates"

#: Seconds a game may take to quit when asked, before its processes are killed.
QUIT_GRACE = 3.0

#: Terminal sizes a browser may ask for: a larger one is cut to these (a 4K
#: screen at the smallest font size the page allows is about 1070 x 310),
#: a smaller one raised to them. Each resize redraws the whole screen.
MIN_COLUMNS, MIN_ROWS = 10, 5
MAX_COLUMNS, MAX_ROWS = 1000, 400

#: The largest message a page may send (a key, a paste, a resize), in bytes;
#: a larger one closes that tab's game.
MAX_MESSAGE = 64 * 1024
#: Messages a page may send a second, and how many may come at once (keys,
#: mouse moves and resizes: a person sends a few dozen a second at most).
MESSAGE_RATE, MESSAGE_BURST = 200.0, 400.0
#: Bytes of keys (pastes) a page may send a second, and at once.
INPUT_RATE, INPUT_BURST = 64 * 1024.0, float(MAX_MESSAGE)
#: Seconds between two resizes passed on to a game (a window being dragged
#: sends dozens; the last size is the one that counts).
RESIZE_GAP = 0.1
#: The longest ping a page may send (textual.js sends the time in milliseconds).
MAX_PING = 32
#: Log lines about refused messages: this many at once, then one every
#: :data:`REFUSAL_LOG_SECONDS` (the rest are counted in the next line).
REFUSAL_LOG_BURST, REFUSAL_LOG_SECONDS = 10, 6.0

#: Games one browser (a player) may start at once (a reload, a second tab,
#: starting again after a game), and then a second: one every ten seconds.
PLAYER_START_BURST, PLAYER_START_RATE = 6.0, 0.1
#: Games the whole server may start a second (each start is a Python process
#: loading the game: about a second of one core's work); at once it may start
#: :data:`SERVER_STARTS_PER_PLACE` for each game it runs at once.
SERVER_START_RATE = 0.5
SERVER_STARTS_PER_PLACE = 2
#: How many players' start budgets are kept before the full ones are let go
#: (a budget refilled to its burst is the same as a new one).
PLAYER_BUDGETS_KEPT = 256

#: Seconds between two looks for visitors' folders to forget (and the first
#: look is when the server starts).
FORGET_EVERY = 3600.0
#: A visitor's folder's name (:meth:`GameServer.visitor_folder`): nothing else
#: in the visitors' folder is ever deleted.
_VISITOR_FOLDER = re.compile(r"[0-9a-f]{32}")
#: A forgotten folder is first renamed to this and its name (at once, so no
#: game can start in it meanwhile), then deleted.
FORGOTTEN_PREFIX = ".forgotten-"

#: The close codes the page tells apart (app_index.html shows the words for each).
CLOSE_STOPPED = 4001  # the game's process ended by itself, not by quitting
CLOSE_TOO_FAST = 4002  # games were started too fast: none was started now
CLOSE_NO_ROOM = 4003  # a new browser, and the most visitors' folders are kept already

#: What a visitor's game is told in its environment (each name is read by the
#: game's own layer: ``saves.quota.QUOTA_VAR``, ``net.reach.NETWORK_VAR``;
#: web may not import them, and tests/web holds them equal).
QUOTA_VAR = "INDIGO_VISITOR_QUOTA"
NETWORK_VAR = "INDIGO_SERVE_NETWORK"


def clamp(value: int, low: int, high: int) -> int:
    return min(max(value, low), high)


async def spend(bucket: TokenBucket, amount: float) -> None:
    """Take ``amount`` from ``bucket`` and wait until it is paid for: a page
    that sends too fast is slowed to the rate, never cut off."""
    wait = bucket.reserve(amount)
    if wait > 0:
        await asyncio.sleep(wait)


class Starts:
    """The budget of games started: each browser's (its player id) and the
    whole server's.

    Every game is a new process, about a second of one core's work to start,
    so a page (or a script with the token) that connects and disconnects over
    and over would keep the machine busy with starts alone, whatever the cap
    on games at once. A start takes one from both budgets, or from neither.
    Without players (a 127.0.0.1 server: one person) only the server's counts.
    """

    def __init__(self, server_burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self.server = TokenBucket(SERVER_START_RATE, server_burst, clock)
        self.players: dict[str, TokenBucket] = {}

    def wait(self, player: str | None) -> tuple[float, bool]:
        """Seconds until ``player`` may start a game (0: now), and whether it
        is the player's own budget (not the server's) that makes them wait."""
        own = self.players.get(player) if player is not None else None
        mine = own.wait() if own is not None else 0.0
        return max(mine, self.server.wait()), mine > 0 and mine >= self.server.wait()

    def take(self, player: str | None) -> tuple[float, bool]:
        """Start a game for ``player`` now if both budgets allow it: ``(0,
        False)``; else :meth:`wait`'s answer, and nothing is taken."""
        wait = self.wait(player)
        if wait[0] > 0:
            return wait
        self.server.take()
        if player is not None:
            if player not in self.players:
                self._make_room()
                self.players[player] = TokenBucket(PLAYER_START_RATE, PLAYER_START_BURST, self._clock)
            self.players[player].take()
        return 0.0, False

    def _make_room(self) -> None:
        # New players come at most at the server's rate of starts, and a
        # budget that has refilled is as good as none: those go.
        if len(self.players) >= PLAYER_BUDGETS_KEPT:
            for player in [player for player, budget in self.players.items() if budget.full]:
                del self.players[player]


class Refused(Exception):
    """A message from a page that is not textual-serve's (said in the log, in English)."""


class _Size(msgspec.Struct, forbid_unknown_fields=True):
    width: int
    height: int


# Typed, so that nothing but the shapes textual.js sends is ever built: a
# nested array or an unknown key is refused at its first character, however
# deep it goes (a plain json.loads of one nested 100,000 deep raises RecursionError).
_decode_envelope = msgspec.json.Decoder(list[str | _Size]).decode


def read_message(data: str) -> tuple[str, str | tuple[int, int] | None]:
    """A page's message as (kind, what it carries), or :class:`Refused`.

    textual.js sends ``["stdin", text]``, ``["resize", {"width": w, "height": h}]``,
    ``["ping", text]``, ``["focus"]`` and ``["blur"]``. A size must be a
    positive whole number (a larger one than the bounds is cut to them).
    """
    try:
        envelope = _decode_envelope(data)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        raise Refused("not a message of textual-serve's") from None
    match envelope:
        case ["stdin", str() as text]:
            return "stdin", text
        case ["ping", str() as text] if len(text) <= MAX_PING:
            return "ping", text
        case ["resize", _Size(width=width, height=height)]:
            if width < 1 or height < 1:
                raise Refused(f"a terminal size of {width} x {height}")
            return "resize", (clamp(width, MIN_COLUMNS, MAX_COLUMNS), clamp(height, MIN_ROWS, MAX_ROWS))
        case ["focus" | "blur" as kind]:
            return kind, None
    kinds = envelope[0] if envelope and isinstance(envelope[0], str) else "?"
    raise Refused(f"a message of kind {kinds[:20]!r} or shape it does not have")


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

    @property
    def returncode(self) -> int | None:
        """The game's exit status once it has ended (negative: the signal that ended it)."""
        return self._process.returncode if self._process is not None else None

    async def exited(self) -> None:
        """Wait until the game's process has ended (whatever its pipes do)."""
        if self._process is not None:
            await self._process.wait()

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
    """The game behind a web page: one ``argv`` process per browser tab.

    ``visitors``: a folder that holds one folder per browser (its ``saves``
    and ``settings``), for a server where each browser is a player of its own
    (a token server); ``None``: every tab is the one person at this machine,
    with ``environment``'s save folder and this user's settings.
    ``forget_after``: seconds after a browser's last game that its folder is
    deleted (``None``: kept for ever; never the person's own saves).
    Each visitor's share: ``visitor_quota`` bytes in its folder (``None``: no
    quota), ``max_visitors`` folders at most (``None``: no cap), games that
    may host and join LAN games from this machine only if ``allow_lan``
    (else they connect to the relay alone: the one ``INDIGO_RELAY`` of
    ``environment`` names, else the public one).
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        environment: Mapping[str, str] | None = None,
        access: Access | None = None,
        max_sessions: int = 8,
        public_url: str | None = None,
        title: str = "Indigo",
        visitors: Path | None = None,
        forget_after: float | None = None,
        visitor_quota: int | None = None,
        max_visitors: int | None = None,
        allow_lan: bool = False,
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
        self.visitors = visitors
        self.forget_after = forget_after
        self.visitor_quota = visitor_quota
        self.max_visitors = max_visitors
        self.allow_lan = allow_lan
        #: Called with how many visitors' folders were deleted, when some were.
        self.on_forget: Callable[[int], None] | None = None
        # Without --public-url every address is made from the request's own
        # Host, so a page opened at any of the machine's addresses works.
        self.fixed_url = public_url.rstrip("/") if public_url else None
        #: The games running now (with the player each belongs to), and how many were ever started.
        self.sessions: dict[AppProcess, str | None] = {}
        self.started = 0
        #: Called with each game's process id when it starts, ends or stops
        #: by itself (``"started"``, ``"ended"``, ``"stopped"``), for a log line.
        self.on_session: Callable[[str, int, int], None] | None = None
        self.closing = False
        self._sockets: set[web.WebSocketResponse] = set()
        #: The budget of log lines about refused messages.
        self.refusal_lines = TokenBucket(1.0 / REFUSAL_LOG_SECONDS, REFUSAL_LOG_BURST)
        self._refusals_unsaid = 0
        #: The budget of games started (each a new process).
        self.starts = Starts(SERVER_STARTS_PER_PLACE * max_sessions)

    # -- the web app ---------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.access.middleware()])
        app.on_response_prepare.append(add_security_headers)
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
        """The pages' words, in the current language (:meth:`.Access.language_for` the page's browser)."""
        return {
            "lang": current_language(),
            "starting": _("{title}: starting the game…").format(title=self.title),
            "start": _("Start"),
            "closed": _(
                "This game's window has closed. Every move was saved: start again and choose Continue."
            ),
            "stopped": _(
                "The game stopped: its process on the server ended. Every move made was saved: "
                "start again and choose Continue."
            ),
            "server_stopped": _(
                "The Indigo server stopped. Every move made was saved: when it runs again, "
                "start again and choose Continue."
            ),
            "start_again": _("Start again"),
            "no_table": _("Indigo: no free table"),
            "full": self.full_text(),
            "too_fast": _(
                "Too many games were started here in a short time, so this one was not: "
                "wait a few seconds, then start again."
            ),
            "try_again": _("Try again"),
            "no_room": self.no_room_text(),
            # The touch screen's keys (the table's own words for them).
            "key_menu": _("Menu"),
            "key_rotate": _("Rotate"),
            "key_rotate_back": _("Rotate back"),
            "key_place": _("Place"),
        }

    def no_room_text(self) -> str:
        """Why a new browser gets no game: the most visitors' folders are kept."""
        most = self.max_visitors or 0
        return ngettext(
            "This server keeps the saves of at most {most} browser, and has one already, so it "
            "starts no game for another. Whoever runs it can make room.",
            "This server keeps the saves of at most {most} browsers, and has that many already, "
            "so it starts no game for another. Whoever runs it can make room.",
            most,
        ).format(most=most)

    def too_fast_text(self, seconds: float, own: bool) -> str:
        """Why no game starts now: too many were started (by this browser if
        ``own``, else on the whole server), and how long to wait."""
        whole = max(1, math.ceil(seconds))
        if own:
            text = ngettext(
                "Too many games were started from this browser in a short time: "
                "wait {seconds} second, then try again.",
                "Too many games were started from this browser in a short time: "
                "wait {seconds} seconds, then try again.",
                whole,
            )
        else:
            text = ngettext(
                "Too many games were started on this server in a short time: "
                "wait {seconds} second, then try again.",
                "Too many games were started on this server in a short time: "
                "wait {seconds} seconds, then try again.",
                whole,
            )
        return text.format(seconds=whole)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        # Made at once (no await inside), so the language is this page's alone.
        with in_language(self.access.language_for(request)):
            return self.index_page(request)

    def index_page(self, request: web.Request) -> web.StreamResponse:
        """The game's page; or why no game starts now (full, or too many started)."""
        words = self.page_words()
        if self.full():
            return aiohttp_jinja2.render_template(
                "full.html",
                request,
                {**words, "heading": words["no_table"], "text": words["full"]},
                status=503,
            )
        if self.no_room_for(self.access.player(request)):
            return aiohttp_jinja2.render_template(
                "full.html",
                request,
                {**words, "heading": _("Indigo: no room for another player"), "text": words["no_room"]},
                status=503,
            )
        wait, own = self.starts.wait(self.access.player(request))
        if wait > 0:
            # The page would start a game the budget does not allow yet.
            response = aiohttp_jinja2.render_template(
                "full.html",
                request,
                {**words, "heading": _("Indigo: not so fast"), "text": self.too_fast_text(wait, own)},
                status=429,
            )
            response.headers[hdrs.RETRY_AFTER] = str(math.ceil(wait))
            return response
        base = self.fixed_url or f"{request.scheme}://{request.host}"
        font_size = clamp(to_int(request.query.get("fontsize", "16"), 16), 6, 64)
        socket_base = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1]
        context = {
            "font_size": font_size,
            "app_websocket_url": f"{socket_base}{request.app.router['websocket'].url_for()}",
            "static_url": f"{base}/static/",
            "title": self.title,
            # Why the game's websocket closed, by its close code (else "closed").
            "close_words": {
                CLOSE_STOPPED: words["stopped"],
                int(WSCloseCode.GOING_AWAY): words["server_stopped"],
                int(WSCloseCode.TRY_AGAIN_LATER): words["full"],
                CLOSE_TOO_FAST: words["too_fast"],
                CLOSE_NO_ROOM: words["no_room"],
            },
            **words,
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        # A file a game offers (textual-serve's downloads) goes only to the
        # browser whose game it is.
        key = request.match_info["key"]
        try:
            download = await self.download_manager.get_download_metadata(key)
        except KeyError:
            raise web.HTTPNotFound() from None
        service = download.app_service
        owner = self.sessions.get(service) if isinstance(service, AppProcess) else None
        if self.visitors is not None and owner != self.access.player(request):
            raise web.HTTPNotFound()
        return await super().handle_download(request)

    def player_environment(self, player: str | None) -> dict[str, str]:
        """What a game gets on top of :attr:`environment`: on a server of
        separate players, the browser's own save folder and settings."""
        if self.visitors is None or player is None:
            return {}
        folder = self.visitor_folder(player)
        environment = {
            "INDIGO_SAVE_DIR": str(folder / "saves"),
            "INDIGO_CONFIG_DIR": str(folder / "settings"),
            # The game names files within this folder only, never the
            # server's folders above it (saves.places.VISITOR_VAR).
            "INDIGO_VISITOR_DIR": str(folder),
            # Where it may connect: the relay alone, or LAN games too.
            NETWORK_VAR: "lan" if self.allow_lan else "relay",
        }
        if self.visitor_quota is not None:
            environment[QUOTA_VAR] = str(self.visitor_quota)
        return environment

    def language_environment(self, language: str) -> dict[str, str]:
        """A visitor's game speaks its browser's language (``language``, from
        :meth:`.Access.language_for`) unless the visitor chose one in the game
        (their settings) or the server was given ``--lang``; the person at a
        127.0.0.1 server gets the server's own environment."""
        if self.visitors is None or self.access.language is not None:
            return {}
        return {"LANGUAGE": language}

    def visitor_folder(self, player: str) -> Path:
        """The folder of ``player``'s saves and settings on a server of separate players."""
        assert self.visitors is not None
        # The folder's name is not the id itself: a listing of the folders
        # must not hand anyone a browser's cookie.
        return self.visitors / hashlib.sha256(player.encode()).hexdigest()[:32]

    def visitor_folders(self) -> set[str]:
        """The names of the visitors' folders there are now (not one being forgotten)."""
        assert self.visitors is not None
        try:
            entries = list(os.scandir(self.visitors))
        except OSError:
            return set()  # no visitor has saved anything yet
        found = set()
        for entry in entries:
            with contextlib.suppress(OSError):
                if _VISITOR_FOLDER.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False):
                    found.add(entry.name)
        return found

    def no_room_for(self, player: str | None) -> bool:
        """Whether ``player``'s browser may not start a game because it has
        no folder and :attr:`max_visitors` are kept already. A game that is
        running holds a place for its browser's folder, which it makes when
        it first saves: so however many new browsers come at once, no more
        than :attr:`max_visitors` folders are ever made."""
        if self.visitors is None or self.max_visitors is None or player is None:
            return False
        mine = self.visitor_folder(player).name
        taken = self.visitor_folders()
        taken.update(self.visitor_folder(other).name for other in self.sessions.values() if other)
        return mine not in taken and len(taken) >= self.max_visitors

    def visited(self, player: str | None) -> None:
        """Mark ``player``'s folder as in use now (its time is what
        :meth:`forget_visitors` reads). A folder is made by the game, when it
        first saves something, not here: a script that starts games and
        leaves at once makes no folders."""
        if self.visitors is not None and player is not None:
            with contextlib.suppress(OSError):
                os.utime(self.visitor_folder(player))

    def old_visitor_folders(self) -> tuple[list[Path], int]:
        """Rename away (at once, in the event loop, so no game starts in one
        meanwhile) each visitor's folder whose browser has started no game for
        :attr:`forget_after` seconds and has none running. The renamed
        folders, with any a stopped server left undeleted, and how many of
        them were renamed now."""
        if self.visitors is None or self.forget_after is None:
            return [], 0
        oldest = time.time() - self.forget_after
        playing = {self.visitor_folder(player).name for player in self.sessions.values() if player}
        doomed: list[Path] = []
        try:
            entries = list(os.scandir(self.visitors))
        except OSError:
            return [], 0  # no visitor has saved anything yet
        renamed = 0
        for entry in entries:
            if entry.name.startswith(FORGOTTEN_PREFIX):
                doomed.append(Path(entry.path))
                continue
            if not _VISITOR_FOLDER.fullmatch(entry.name) or entry.name in playing:
                continue
            try:
                # Never through a link: only the visitors' own folders go.
                if not entry.is_dir(follow_symlinks=False):
                    continue
                if entry.stat(follow_symlinks=False).st_mtime > oldest:
                    continue
                target = self.visitors / f"{FORGOTTEN_PREFIX}{entry.name}"
                os.rename(entry.path, target)
            except OSError:
                continue  # gone meanwhile, or one of that name still there: next time
            doomed.append(target)
            renamed += 1
        return doomed, renamed

    async def forget_visitors(self) -> int:
        """Delete the folders (saves and settings) of browsers that have
        started no game here for :attr:`forget_after` seconds; how many."""
        doomed, renamed = self.old_visitor_folders()
        if doomed:
            await asyncio.to_thread(_delete_folders, doomed)
        if renamed and self.on_forget is not None:
            self.on_forget(renamed)
        return renamed

    async def _forget_visitors_always(self) -> None:
        while True:
            await self.forget_visitors()
            await asyncio.sleep(FORGET_EVERY)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        player = self.access.player(request)
        language = self.access.language_for(request)
        if self.visitors is not None and player is None:
            # Only the page gives a browser its player id: a game started
            # without one would have no folder of its own.
            with in_language(language):
                raise refusal(_("Open this server's page first: it gives each browser a player of its own."))
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        width = clamp(to_int(request.query.get("width", "80"), 80), MIN_COLUMNS, MAX_COLUMNS)
        height = clamp(to_int(request.query.get("height", "24"), 24), MIN_ROWS, MAX_ROWS)
        await websocket.prepare(request)
        if self.full():
            # Two pages loaded while one seat was free: the second one's
            # terminal says why it stays empty (and the page, by the close
            # code), and no process starts.
            with in_language(language):
                said = self.full_text()
            await websocket.send_bytes(f"\r\n  {said}\r\n".encode())
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"full")
            return websocket
        if self.no_room_for(player):
            # A new browser while the most folders are kept: no game (it
            # would make one more), and no start counted.
            self._say("a new browser was refused a game: the most visitors' folders are kept")
            with in_language(language):
                said = self.no_room_text()
            await websocket.send_bytes(f"\r\n  {said}\r\n".encode())
            await websocket.close(code=CLOSE_NO_ROOM, message=b"no room")
            return websocket
        wait, own = self.starts.take(player)
        if wait > 0:
            # Started too often (a page, or a script, that connects and
            # disconnects over and over): this once, no process starts.
            self._say(
                "a browser started games too fast: a game was refused"
                if own
                else "games were started too fast on this server: a game was refused"
            )
            with in_language(language):
                said = self.too_fast_text(wait, own)
            await websocket.send_bytes(f"\r\n  {said}\r\n".encode())
            await websocket.close(code=CLOSE_TOO_FAST, message=b"too fast")
            return websocket
        service = AppProcess(
            self.argv,
            {**self.environment, **self.player_environment(player), **self.language_environment(language)},
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        # Counted before the first await, so the cap holds however many connect at once.
        self.sessions[service] = player
        self.visited(player)
        self._sockets.add(websocket)
        self.started += 1
        stopped = False
        try:
            await service.start(width, height)
            self._tell("started", service)
            stopped = await self._play(websocket, service)
        except Refused as refused:
            self._say(f"a browser sent {refused}: its game was closed")
            with contextlib.suppress(ConnectionError):
                await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"refused")
        except ConnectionError:
            pass  # the page went away while being written to: its game ends below
        finally:
            await asyncio.shield(self._end(service, websocket, stopped))
        return websocket

    async def _play(self, websocket: web.WebSocketResponse, service: AppProcess) -> bool:
        """Pass the page's messages to the game until one of the two ends;
        whether the game's process stopped by itself (not by quitting)."""
        reading = asyncio.ensure_future(self._process_messages(websocket, service))
        exited = asyncio.ensure_future(service.exited())
        try:
            await asyncio.wait({reading, exited}, return_when=asyncio.FIRST_COMPLETED)
            if reading.done():
                reading.result()  # a refusal is raised to the caller
                return False
            # The game's process is gone. Quitting closed the page's socket
            # already (normally); anything else (a crash, kill -9, the
            # out-of-memory killer) is said on the page and frees the place now.
            if service.returncode == 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(reading), 1.0)
                return False
            with contextlib.suppress(ConnectionError):
                await websocket.close(code=CLOSE_STOPPED, message=b"game stopped")
            return True
        finally:
            for task in (reading, exited):
                task.cancel()
            await asyncio.gather(reading, exited, return_exceptions=True)

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """textual-serve's loop, with a budget for everything and a strict reading."""
        assert isinstance(app_service, AppProcess)
        messages = TokenBucket(MESSAGE_RATE, MESSAGE_BURST)
        keys = TokenBucket(INPUT_RATE, INPUT_BURST)
        resizes = Resizes(app_service)
        try:
            async for message in websocket:
                await spend(messages, 1)
                if message.type != WSMsgType.TEXT:
                    continue  # textual.js sends only text; anything else is not passed on
                kind, payload = read_message(message.data)
                if kind == "stdin":
                    assert isinstance(payload, str)
                    data = payload.encode("utf-8")
                    await spend(keys, len(data))
                    await app_service.send_bytes(data)
                elif kind == "resize":
                    assert isinstance(payload, tuple)
                    resizes.want(*payload)
                elif kind == "ping":
                    await websocket.send_json(["pong", payload])
                elif kind == "blur":
                    await app_service.blur()
                elif kind == "focus":
                    await app_service.focus()
        finally:
            await resizes.close()

    def _say(self, line: str) -> None:
        """One log line for a refusal (a message, a start), within the log's budget."""
        if not self.refusal_lines.take():
            self._refusals_unsaid += 1
            return
        more = f" ({self._refusals_unsaid} more since the last line)" if self._refusals_unsaid else ""
        self._refusals_unsaid = 0
        log.warning("%s%s", line, more)

    async def _end(self, service: AppProcess, websocket: web.WebSocketResponse, stopped: bool) -> None:
        try:
            await service.close()
        finally:
            if service in self.sessions:
                self.visited(self.sessions.pop(service))
                self._tell("stopped" if stopped else "ended", service)
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
        forgetting = asyncio.create_task(self._forget_visitors_always())
        try:
            await web.SockSite(runner, listener).start()
            for number in signals:
                loop.add_signal_handler(number, stop.set)
            if ready is not None:
                ready()
            await stop.wait()
        finally:
            forgetting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await forgetting
            for number in signals:
                loop.remove_signal_handler(number)
            await self.shutdown()
            await runner.cleanup()


def _delete_folders(folders: Sequence[Path]) -> None:
    for folder in folders:
        # rmtree does not follow links out of the folder; what cannot be
        # deleted now is tried again at the next look.
        shutil.rmtree(folder, ignore_errors=True)


class Resizes:
    """A page's terminal size, passed on to its game at most every
    :data:`RESIZE_GAP` seconds: the latest size asked for wins."""

    def __init__(self, service: AppService) -> None:
        self.service = service
        self.wanted: tuple[int, int] | None = None
        self._sent_at = -math.inf
        self._task: asyncio.Task[None] | None = None

    def want(self, columns: int, rows: int) -> None:
        self.wanted = (columns, rows)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._pass_on())

    async def _pass_on(self) -> None:
        while self.wanted is not None:
            wait = self._sent_at + RESIZE_GAP - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            (columns, rows), self.wanted = self.wanted, None
            self._sent_at = time.monotonic()
            await self.service.set_terminal_size(columns, rows)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
