"""``indigo serve``: the whole game in web browsers, one app process per tab."""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import CommandError
from ..i18n import _, current_language, ngettext
from ..net import DEFAULT_RELAY, RELAY_ENV
from .game_options import BOT_DELAY_VAR, add_bot_delay_option, bot_delay_of

DEFAULT_BIND = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 8
#: Days a visitor's saves and settings are kept after their browser's last game.
DEFAULT_FORGET_DAYS = 90
#: Megabytes (millions of bytes) a visitor's folder may take: a finished game
#: is a save of about 10 kB (three blocks of the disk), so some 600 games.
DEFAULT_VISITOR_QUOTA_MB = 10
#: Visitors' folders kept at most: with the quota, 2 GB of the disk at worst.
DEFAULT_MAX_VISITORS = 200

#: The board glyphs xterm.js draws itself (its custom glyphs cover the Block
#: Elements, so quadrants line up without gaps in any font; the sextants and
#: octants of the xterm.js that textual-serve ships come from the font, when
#: it has them at all).
BROWSER_BOARD_GLYPHS = "quadrant"
BOARD_GLYPHS_VAR = "INDIGO_BOARD_GLYPHS"

if TYPE_CHECKING:
    from . import SubParsers


def register(subparsers: SubParsers) -> None:
    serve = subparsers.add_parser(
        "serve",
        help=_("play in a web browser"),
        description=_(
            "Serve the game to web browsers: open the printed address, and each browser tab runs "
            "its own game (title screen, bots, hot seat, saves, LAN games). On 127.0.0.1 the games "
            "are yours: they save to the same folder as 'indigo' at the terminal. Listening on "
            "anything but 127.0.0.1 needs a secret: the printed address carries a token, a request "
            "without it is refused, and each browser is a player of its own, with its own saves and "
            "settings. Ctrl+C stops the server and every game."
        ),
    )
    serve.add_argument(
        "--bind",
        default=DEFAULT_BIND,
        metavar=_("ADDRESS"),
        help=_("address to listen on (default {bind}: this machine only; 0.0.0.0: every network)").format(
            bind=DEFAULT_BIND
        ),
    )
    serve.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar=_("PORT"),
        help=_("TCP port (default {port}; 0 picks a free one)").format(port=DEFAULT_PORT),
    )
    serve.add_argument(
        "--public-url",
        metavar="URL",
        help=_("the address browsers use, if not the bound one (e.g. behind a proxy: https://games.example)"),
    )
    serve.add_argument(
        "--max-sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=_("games (browser tabs, each a process) at once (default {most})").format(
            most=DEFAULT_MAX_SESSIONS
        ),
    )
    serve.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        metavar=_("DIR"),
        help=_("where games are saved (with a token: a folder for each browser inside it)"),
    )
    serve.add_argument(
        "--forget-visitors",
        type=int,
        default=DEFAULT_FORGET_DAYS,
        metavar=_("DAYS"),
        help=_(
            "with a token: delete the saves and settings of a browser that has started no game "
            "for DAYS days (default {days}; 0: keep them for ever)"
        ).format(days=DEFAULT_FORGET_DAYS),
    )
    serve.add_argument(
        "--visitor-quota",
        type=int,
        default=DEFAULT_VISITOR_QUOTA_MB,
        metavar="MB",
        help=_(
            "with a token: the megabytes a browser's saves and settings may take (default {mb}); "
            "a save past it is refused, in words, on that browser's screen"
        ).format(mb=DEFAULT_VISITOR_QUOTA_MB),
    )
    serve.add_argument(
        "--max-visitors",
        type=int,
        default=DEFAULT_MAX_VISITORS,
        metavar="N",
        help=_(
            "with a token: the browsers whose saves are kept at most (default {most}); "
            "a new browser past them gets no game"
        ).format(most=DEFAULT_MAX_VISITORS),
    )
    serve.add_argument(
        "--relay",
        metavar=_("HOST[:PORT]"),
        help=_(
            "the transit relay of the games across the internet (default ${name}, else {relay}); "
            "with a token, the only address the games may connect to"
        ).format(name=RELAY_ENV, relay=DEFAULT_RELAY),
    )
    serve.add_argument(
        "--allow-lan",
        action="store_true",
        help=_(
            "with a token: let the browsers' games host LAN games on this machine's ports and "
            "join games at any address this machine reaches (off: only through the relay)"
        ),
    )
    add_bot_delay_option(serve)
    serve.set_defaults(run=run_serve)


def needs_token(bind: str) -> bool:
    """Whether anyone but this machine's own user could reach ``bind``."""
    return bind.strip().lower() not in {"127.0.0.1", "localhost", "::1"}


def _check_public_url(url: str) -> str:
    from yarl import URL

    try:
        parsed = URL(url)
    except ValueError:
        parsed = None
    if parsed is None or parsed.scheme not in {"http", "https"} or not parsed.host:
        raise CommandError(_("--public-url {url}: give an http:// or https:// address").format(url=repr(url)))
    if parsed.query_string or parsed.fragment:
        raise CommandError(_("--public-url {url}: no query or fragment, please").format(url=repr(url)))
    return url.rstrip("/")


def _url_host(bind: str) -> str:
    try:
        address = ipaddress.ip_address(bind)
    except ValueError:
        return bind
    return f"[{address}]" if address.version == 6 else str(address)


def page_urls(bind: str, port: int, public_url: str | None, token: str | None) -> list[str]:
    """The addresses to print: the public one, else the bound one (for a
    wildcard bind, this machine's LAN address and loopback)."""
    if public_url is not None:
        bases = [public_url]
    elif bind in {"0.0.0.0", "::", ""}:
        from ..net.common import lan_address

        hosts = [h for h in (lan_address(), "127.0.0.1") if h]
        bases = [f"http://{host}:{port}" for host in dict.fromkeys(hosts)]
    else:
        bases = [f"http://{_url_host(bind)}:{port}"]
    suffix = f"/?token={token}" if token else "/"
    return [base + suffix for base in bases]


def app_environment(
    save_dir: Path | None, relay: str | None = None, bot_delay: float | None = None
) -> dict[str, str]:
    """What each tab's game process gets on top of the server's environment
    (``save_dir``: the one player's folder; ``None`` where each browser gets
    its own, from the server; ``relay``: the transit relay of games across
    the internet, ``HOST:PORT``; ``bot_delay``: the bots' pace, if not the
    games' own default)."""
    environment = {
        # The board drawn with glyphs the browser's terminal draws itself,
        # unless the user chose otherwise.
        BOARD_GLYPHS_VAR: os.environ.get(BOARD_GLYPHS_VAR) or BROWSER_BOARD_GLYPHS,
    }
    if relay is not None:
        # Written as the games print it, which is what a visitor's game
        # compares its relay with (net/reach.py): the one it may reach.
        environment[RELAY_ENV] = relay
    if bot_delay is not None:
        environment[BOT_DELAY_VAR] = repr(bot_delay)
    if save_dir is not None:
        # The same folder as `indigo` at the terminal, fixed now: the games
        # must not depend on where the server happened to be started.
        environment["INDIGO_SAVE_DIR"] = str(save_dir)
    return environment


def app_command(lang: str | None) -> list[str]:
    """The command each tab's game runs: in the language the server was asked
    for with ``--lang`` (else each finds its own, as ``indigo`` at a terminal does)."""
    return [sys.executable, "-m", "indigo_tui", *(["--lang", lang] if lang else [])]


def run_serve(args: argparse.Namespace) -> int:
    if not 1 <= args.max_sessions <= 256:
        raise CommandError(_("--max-sessions must be between 1 and {most}").format(most=256))
    if not 0 <= args.forget_visitors <= 100_000:
        raise CommandError(_("--forget-visitors must be a number of days from 0 (never) to 100000"))
    if not 1 <= args.visitor_quota <= 1_000_000:
        raise CommandError(_("--visitor-quota must be a number of megabytes from 1 to 1000000"))
    if not 1 <= args.max_visitors <= 1_000_000:
        raise CommandError(_("--max-visitors must be a number from 1 to 1000000"))
    public_url = _check_public_url(args.public_url) if args.public_url else None
    bind = args.bind.strip()
    if not bind:
        raise CommandError(_("--bind needs an address, e.g. 127.0.0.1 or 0.0.0.0"))

    import asyncio

    from ..net.relay import relay_from
    from ..saves import default_save_dir, default_visitors_dir
    from ..web import Access, GameServer, ServeError, new_token, open_listener
    from ..web.server import listener_port

    try:
        relay = relay_from(args.relay)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    try:
        listener = open_listener(bind, args.port)
    except ServeError as exc:
        raise CommandError(str(exc)) from None
    port = listener_port(listener)
    token = new_token() if needs_token(bind) else None
    if token is None:
        # This machine only: every tab is the person at it, with their saves and settings.
        save_dir = default_save_dir(getattr(args, "save_dir", None)).expanduser().resolve()
        visitors = None
    else:
        # Anyone with the address: each browser a player of its own, in a
        # folder of its own inside this one (never the person's own saves).
        save_dir = (getattr(args, "save_dir", None) or default_visitors_dir()).expanduser().resolve()
        visitors = save_dir
    lang = getattr(args, "lang", None)
    server = GameServer(
        app_command(lang),
        environment=app_environment(
            None if visitors else save_dir,
            relay=str(relay),
            bot_delay=None if args.bot_delay is None else bot_delay_of(args.bot_delay),
        ),
        # --lang (as the server speaks it) for every page and game; else each browser's own.
        access=Access(token=token, public_url=public_url, language=current_language() if lang else None),
        max_sessions=args.max_sessions,
        public_url=public_url,
        visitors=visitors,
        forget_after=args.forget_visitors * 24 * 3600.0 if args.forget_visitors else None,
        visitor_quota=args.visitor_quota * 1_000_000,
        max_visitors=args.max_visitors,
        allow_lan=args.allow_lan,
    )

    def ready() -> None:
        urls = page_urls(bind, port, public_url, token)
        print(_("Indigo is served at {url}").format(url=urls[0]), flush=True)
        for url in urls[1:]:
            print(_("                 or {url}").format(url=url), flush=True)
        if token:
            print(
                _(
                    "Anyone with this address can play and start games on this machine: "
                    "share it only with your players."
                ),
                flush=True,
            )
        if visitors is None:
            saved = _("Games are saved in {folder}.").format(folder=save_dir)
        else:
            saved = _(
                "Each browser is a player of its own: its saves and settings are kept in a folder "
                "of its own in {folder}."
            ).format(folder=save_dir)
        print(
            _(
                "Open it in a web browser: each tab is a game of its own (at most {most} at once). "
                "{saved} Ctrl+C stops the server."
            ).format(most=args.max_sessions, saved=saved),
            flush=True,
        )
        if visitors is not None:
            print(
                ngettext(
                    "Each browser's folder may take {mb} MB, and {most} browser at most has one.",
                    "Each browser's folder may take {mb} MB, and {most} browsers at most have one.",
                    args.max_visitors,
                ).format(mb=args.visitor_quota, most=args.max_visitors),
                flush=True,
            )
            if args.allow_lan:
                reach = _(
                    "Their games may host LAN games on this machine and join games at any address it reaches."
                )
            else:
                reach = _(
                    "Their games connect only to the relay {relay} (--allow-lan lets them host and join "
                    "LAN games too)."
                ).format(relay=relay)
            print(reach, flush=True)

    def tell(what: str, pid: int, running: int) -> None:
        # ``what`` is the server's code for the event: "started", "ended" or
        # "stopped" (the process ended without being asked: a crash, a kill).
        if what == "started":
            line = _("game started (process {pid}; {running} running)")
        elif what == "stopped":
            line = _("game stopped by itself, its moves saved (process {pid}; {running} running)")
        else:
            line = _("game ended (process {pid}; {running} running)")
        print(line.format(pid=pid, running=running), flush=True)

    def forgot(count: int) -> None:
        # translators: how long, put into the next message as {period}.
        period = ngettext("{days} day", "{days} days", args.forget_visitors).format(days=args.forget_visitors)
        print(
            ngettext(
                "Deleted the saves and settings of {count} browser that had started no game here "
                "for {period}.",
                "Deleted the saves and settings of {count} browsers that had started no game here "
                "for {period}.",
                count,
            ).format(count=count, period=period),
            flush=True,
        )

    server.on_session = tell
    server.on_forget = forgot
    try:
        asyncio.run(server.serve_on(listener, ready=ready))
    finally:
        listener.close()
    print(_("Indigo server stopped (every game is saved after each move)."), flush=True)
    return 0
