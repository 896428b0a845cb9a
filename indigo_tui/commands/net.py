"""``indigo host`` and ``indigo join``: one game over the local network."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import N_, _, ngettext
from ..net import (
    DEFAULT_MAILBOX,
    DEFAULT_PORT,
    DEFAULT_RELAY,
    DEFAULT_UNDO_LIMIT,
    DEFAULT_WATCHERS,
    EXAMPLE_CODE,
    MAILBOX_ENV,
    MAX_WATCHERS,
    RELAY_ENV,
)
from .game_options import add_glyphs_option, add_rounds_option, add_turn_time_option

if TYPE_CHECKING:
    from ..bots import Bot
    from ..net.hosting import Hosted
    from ..net.relay import Relay
    from . import SubParsers

# Without --headless the game screen plays this terminal's seat (see run_host_ui/run_join_ui).
_HEADLESS_ONLY = N_("--bot NAME plays this terminal's seat only with --headless")


def register(subparsers: SubParsers) -> None:
    host = subparsers.add_parser(
        "host",
        help=_("host a game for other terminals on the network"),
        description=_(
            "Host a game: this terminal holds the deck and checks every move; other terminals join "
            "with 'indigo join ADDRESS --code CODE'. Seats are the host's own (host), terminals that "
            "join (remote) and bots the host runs (bot:NAME). With --headless --bot NAME the host's "
            "own seats are played by that bot and the process exits 0 when the game ends. It prints "
            "'listening on ADDRESS:PORT code CODE' first."
        ),
    )
    host.add_argument(
        "--port",
        type=int,
        default=None,
        metavar=_("PORT"),
        help=_("TCP port (default {port}, or the one a resumed game used; 0 picks one)").format(
            port=DEFAULT_PORT
        ),
    )
    host.add_argument(
        "--bind", default="0.0.0.0", metavar=_("ADDRESS"), help=_("address to listen on (default all)")
    )
    host.add_argument("--code", metavar=_("CODE"), help=_("join code (default: a new random one)"))
    host.add_argument(
        "--internet",
        action="store_true",
        help=_(
            "play across the internet: guests join with one code through a transit relay, "
            "no address or port needed"
        ),
    )
    _relay_option(host)
    host.add_argument(
        "--players", type=int, metavar="N", help=_("2 to 4 (default: the number of --seats, else 2)")
    )
    host.add_argument(
        "--seats",
        metavar=_("KIND,..."),
        help=_("one per seat: host, remote or bot:NAME (default: host, then remote seats)"),
    )
    host.add_argument("--variant", choices=("classic", "tactical"), default="classic")
    host.add_argument("--own-gates", action="store_true", help=_("three players, own gates only"))
    host.add_argument(
        "--hints",
        action="store_true",
        help=_("let players ask the search bot for hints (each seat's count is shown at the end)"),
    )
    add_turn_time_option(host)
    host.add_argument(
        "--undo-limit",
        type=int,
        default=DEFAULT_UNDO_LIMIT,
        metavar="N",
        help=_(
            "undo requests each player may put to the vote per round (default {limit}; 0: no undo)"
        ).format(limit=DEFAULT_UNDO_LIMIT),
    )
    host.add_argument(
        "--watchers",
        type=int,
        default=DEFAULT_WATCHERS,
        metavar="N",
        help=_(
            "terminals that may watch the game at once without a seat, with 'indigo join --watch' "
            "(default {watchers}; 0: none; at most {most})"
        ).format(watchers=DEFAULT_WATCHERS, most=MAX_WATCHERS),
    )
    host.add_argument(
        "--watcher-chat",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=_("pass the watchers' lines of chat on to everyone (default: yes)"),
    )
    add_rounds_option(host)
    host.add_argument(
        "--seed",
        metavar=_("SEED"),
        help=_(
            "seed for the bots and the deck (default: random); a network game's deck also depends on a "
            "secret of the host's, so a guest cannot work it out from the seed"
        ),
    )
    host.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        metavar=_("DIR"),
        help=_("where the game is autosaved"),
    )
    host.add_argument("--resume", type=Path, metavar=_("FILE"), help=_("take up a hosted game from its save"))
    host.add_argument("--name", default=_("Host"), metavar=_("NAME"), help=_("the host player's name"))
    _common(host)
    host.add_argument(
        "--start-timeout",
        type=float,
        default=600.0,
        metavar="S",
        help=_("seconds to wait for guests (600)"),
    )
    host.add_argument(
        "--rejoin-timeout",
        type=float,
        default=300.0,
        metavar="S",
        help=_("seconds a disconnected seat may take to rejoin before the host gives up (300)"),
    )
    host.set_defaults(run=run_host)

    join = subparsers.add_parser(
        "join",
        help=_("join a game hosted on another terminal"),
        description=_(
            "Join a game hosted with 'indigo host'. Run the same command again after a lost "
            "connection to get back into the game at the same move (the seat is found by --name in "
            "the save folder; several players may join from one folder). With --headless --bot NAME "
            "the seat is played by that bot and the process exits 0 when the game ends."
        ),
    )
    join.add_argument(
        "address",
        metavar=_("HOST[:PORT]|CODE"),
        help=_(
            "the host's address on the local network (port {port} if none), or the code of a game "
            "across the internet (like {example})"
        ).format(port=DEFAULT_PORT, example=EXAMPLE_CODE),
    )
    _relay_option(join)
    join.add_argument("--code", metavar=_("CODE"), help=_("the host's join code (remembered for a rejoin)"))
    join.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        metavar=_("DIR"),
        help=_("where this seat's game is autosaved"),
    )
    join.add_argument(
        "--name",
        metavar=_("NAME"),
        help=_(
            "this player's name; running the same command again (same name, same folder) "
            "takes the same seat back"
        ),
    )
    join.add_argument(
        "--rejoin",
        action="store_true",
        help=_(
            "take back the seat of this folder's newest unfinished game with that host, "
            "whatever name it was joined with"
        ),
    )
    join.add_argument(
        "--watch",
        action="store_true",
        help=_(
            "follow the game without a seat: see what every player may see, chat if the host allows, "
            "but no moves"
        ),
    )
    _common(join)
    join.add_argument(
        "--reconnect-timeout",
        type=float,
        default=30.0,
        metavar="S",
        help=_("seconds to keep trying to rejoin after the connection drops (30; 0 gives up at once)"),
    )
    join.set_defaults(run=run_join)


def _relay_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--relay",
        metavar=_("HOST:PORT"),
        help=_(
            "the transit relay for a game across the internet (default: ${env}, else the public one, "
            "{relay}); everyone in the game uses the same"
        ).format(env=RELAY_ENV, relay=DEFAULT_RELAY),
    )
    parser.add_argument(
        "--mailbox",
        metavar="URL",
        help=_(
            "the mailbox server friends meet at first, across the internet (default: ${env}, else the "
            "public one, {url}); everyone in the game uses the same"
        ).format(env=MAILBOX_ENV, url=DEFAULT_MAILBOX),
    )


def _relay(args: argparse.Namespace) -> Relay:
    """The relay the options (or the environment) name; one line if it is not an address."""
    from ..errors import CommandError
    from ..net.relay import relay_from

    try:
        return relay_from(args.relay, mailbox=args.mailbox)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _common(parser: argparse.ArgumentParser) -> None:
    add_glyphs_option(parser)
    parser.add_argument(
        "--text",
        action="store_true",
        help=_("play this terminal's seat by lines of text, for a screen reader (docs/text-mode.md)"),
    )
    parser.add_argument(
        "--headless", action="store_true", help=_("no screen: a bot plays this terminal's seat")
    )
    parser.add_argument("--bot", metavar=_("NAME"), help=_("the bot for --headless (e.g. greedy, random)"))
    parser.add_argument(
        "--move-delay", type=float, default=0.0, metavar="S", help=_("seconds a bot waits before each move")
    )


def _bot(args: argparse.Namespace, seed: str) -> Bot:
    """The bot that plays a headless guest's seat."""
    from ..bots import BotSpecError, make_bot
    from ..errors import CommandError

    if not args.headless:
        raise CommandError(_(_HEADLESS_ONLY))
    if not args.bot:
        raise CommandError(_("--headless needs --bot NAME for this terminal's seat"))
    try:
        return make_bot(args.bot, seed)
    except BotSpecError as exc:
        raise CommandError(str(exc)) from None


def _usable_save_dir(option: Path | None) -> Path:
    """The save folder, made if need be; a one-line error if it cannot be."""
    from .. import saves
    from ..errors import CommandError
    from ..i18n.words import os_problem

    folder = saves.default_save_dir(option)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CommandError(
            _("cannot use {folder} for saves: {reason}").format(folder=folder, reason=os_problem(exc))
        ) from None
    return folder


def _seat_kinds(args: argparse.Namespace) -> list[str]:
    from ..errors import CommandError
    from ..net.hosting import HostingError, check_kinds
    from ..net.problems import problem_text
    from ..saves import seat_kinds

    if args.seats is not None:
        kinds = seat_kinds(args.seats)
        if not kinds:
            raise CommandError(_("--seats names no seat: give one kind per seat, e.g. host,remote"))
    else:
        players = args.players if args.players is not None else 2
        kinds = ["host"] + ["remote"] * (players - 1)
    if args.players is not None and len(kinds) != args.players:
        raise CommandError(
            ngettext(
                "--seats names {seats} seat for {players} players",
                "--seats names {seats} seats for {players} players",
                len(kinds),
            ).format(seats=len(kinds), players=args.players)
        )
    try:
        check_kinds(kinds)
    except HostingError as exc:
        raise CommandError(problem_text(exc)) from None
    return kinds


def _hosted(args: argparse.Namespace, seed: int | str | None, save_dir: Path) -> Hosted:
    """The hosted game the options ask for: taken up from ``--resume``, or new.
    Headless, the host's own seats are played by ``--bot``."""
    from ..errors import CommandError
    from ..net.hosting import HostingError, HostPlan, build_host, resume_host
    from ..net.problems import problem_text

    if args.bot and not args.headless:
        raise CommandError(_("--bot is for --headless; on screen, name bot seats in --seats (bot:NAME)"))
    own_bot = args.bot if args.headless else None
    move_delay = max(0.0, args.move_delay) if args.headless else 0.5
    # --relay alone means across the internet too; a resumed game keeps its own way in.
    relay = _relay(args) if args.internet or args.relay or args.mailbox else None
    if args.resume is not None and relay is not None and not (args.internet or args.relay):
        relay = None  # --mailbox alone: the save's relay, with that mailbox server
    try:
        if args.resume is not None:
            hosted = resume_host(
                args.resume,
                code=args.code,
                own_bot=own_bot,
                move_delay=move_delay,
                relay=relay,
                mailbox=args.mailbox,
                watchers=args.watchers,
                watcher_chat=args.watcher_chat,
            )
        else:
            plan = HostPlan(
                _seat_kinds(args),
                name=args.name,
                variant=args.variant,
                own_gates=args.own_gates,
                hints=args.hints,
                rounds=args.rounds,
                port=DEFAULT_PORT if args.port is None else args.port,
                bind=args.bind,
                code=args.code or "",
                seed=seed,
                relay=relay,
                turn_time=args.turn_time,
                undo_limit=args.undo_limit,
                watchers=args.watchers,
                watcher_chat=args.watcher_chat,
            )
            hosted = build_host(plan, save_dir, own_bot=own_bot, move_delay=move_delay)
    except HostingError as exc:
        raise CommandError(problem_text(exc)) from None
    if args.headless and hosted.own:
        raise CommandError(_("--headless needs --bot NAME for this terminal's seat"))
    return hosted


def _host_on_screen(args: argparse.Namespace, hosted: Hosted, save_dir: Path) -> int:
    """``indigo host`` without ``--headless``: the lobby, then the table (a
    resumed game's guests rejoin with ``indigo join`` or Join game again)."""
    from ..table.network import HostTable
    from ..ui.net_app import NetApp
    from ..ui.screens.lobby import LobbyScreen
    from .game_options import need_terminal

    need_terminal()
    table = HostTable(hosted.session, hosted.own)
    NetApp(
        lambda: LobbyScreen(table, bind=args.bind, port=args.port, relay=hosted.relay),
        save_dir=save_dir,
        palette=args.palette,
    ).run()
    session = hosted.session
    if session.started and not session.match.over and session.save_path is not None:
        # Left before the end: how to take it up again, where the host looks now.
        from ..ui.screens.net_game import resume_words

        print(resume_words(session.save_path))
    return 0


def _join_on_screen(args: argparse.Namespace, save_dir: Path) -> int:
    """``indigo join`` without ``--headless``: joins at once, then waits for the start."""
    from ..errors import CommandError
    from ..ui.net_app import NetApp
    from ..ui.screens.join import JoinScreen

    if args.bot:
        raise CommandError(_("--bot is for --headless"))
    from .game_options import need_terminal

    need_terminal()
    relay = _relay(args) if args.relay or args.mailbox else None
    app = NetApp(
        lambda: JoinScreen(
            args.address,
            args.code or "",
            args.name or "",
            auto=True,
            rejoin=args.rejoin,
            save_dir=save_dir,
            relay=relay,
            watch=args.watch,
        ),
        save_dir=save_dir,
        palette=args.palette,
    )
    app.run()
    if app.failure is not None:
        # Left the join form without getting in: said as --headless says it, status 2.
        raise CommandError(app.failure)
    return app.return_code or 0


def _join_by_text(
    args: argparse.Namespace, host: str, port: int, save_dir: Path, code: str | None, relay: Relay | None
) -> int:
    """``indigo join --text``: this terminal's seat by lines of text (across
    the internet through ``relay`` with the internet ``code``)."""
    import asyncio

    from ..errors import CommandError
    from ..net.common import JoinError
    from ..net.problems import problem_text
    from ..text.console import Console
    from ..text.lan import NetEnded, guest_session, play_guest

    if args.headless or args.bot:
        raise CommandError(_("--text is a person's seat: leave out --headless and --bot"))

    async def main() -> int:
        guest = guest_session(
            host,
            port,
            code,
            args.name or _("Guest"),
            save_dir,
            rejoin=args.rejoin,
            relay=relay,
            watch=args.watch,
        )
        return await play_guest(guest, Console(), rejoin_timeout=max(0.0, args.reconnect_timeout))

    try:
        return asyncio.run(main())
    except JoinError as exc:
        raise CommandError(problem_text(exc)) from None
    except NetEnded as exc:
        raise CommandError(str(exc)) from None


def _host_by_text(args: argparse.Namespace, hosted: Hosted) -> int:
    """``indigo host --text``: the host's own seats by lines of text."""
    import asyncio

    from ..errors import CommandError
    from ..net.host import HostError
    from ..net.problems import problem_text
    from ..text.console import Console
    from ..text.lan import NetEnded, play_host

    try:
        return asyncio.run(
            play_host(hosted.session, hosted.own, Console(), args.bind, args.port, relay=hosted.relay)
        )
    except HostError as exc:
        raise CommandError(problem_text(exc)) from None
    except NetEnded as exc:
        raise CommandError(str(exc)) from None


def run_host(args: argparse.Namespace) -> int:
    import asyncio

    from ..engine import parse_seed
    from ..errors import CommandError
    from ..net.headless import NetRunError
    from ..net.headless import run_host as serve
    from ..net.host import HostError
    from ..net.problems import problem_text

    if args.port is not None and not 0 <= args.port < 65536:
        raise CommandError(_("--port must be from 0 to 65535"))
    if args.text and (args.headless or args.bot):
        raise CommandError(_("--text is a person's seat: leave out --headless and --bot"))
    save_dir = _usable_save_dir(getattr(args, "save_dir", None))
    hosted = _hosted(args, parse_seed(args.seed), save_dir)
    if args.port is None:
        # A resumed game opens the port its guests were told to rejoin at.
        args.port = DEFAULT_PORT if hosted.port is None else hosted.port
    if args.text:
        return _host_by_text(args, hosted)
    if not args.headless:
        return _host_on_screen(args, hosted, save_dir)

    async def main() -> int:
        return await serve(
            hosted.session,
            args.bind,
            args.port,
            start_timeout=args.start_timeout,
            rejoin_timeout=args.rejoin_timeout,
            relay=hosted.relay,
        )

    try:
        return asyncio.run(main())
    except (NetRunError, HostError) as exc:
        raise CommandError(problem_text(exc)) from None


def run_join(args: argparse.Namespace) -> int:
    import asyncio

    from ..errors import CommandError
    from ..net.common import parse_address
    from ..net.headless import NetRunError, run_guest
    from ..net.problems import problem_text
    from ..net.relay import CodeError, looks_like_internet_code, parse_internet_code

    relay: Relay | None = None
    code = args.code
    if code is None and (args.relay or args.mailbox or looks_like_internet_code(args.address)):
        # Across the internet: the code is all, the relay's address comes from the options.
        try:
            code = str(parse_internet_code(args.address))
        except CodeError as exc:
            raise CommandError(problem_text(exc)) from None
        relay = _relay(args)
        host, port = relay.host, relay.port
    else:
        try:
            host, port = parse_address(args.address)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
    if args.watch and (args.headless or args.bot or args.rejoin):
        raise CommandError(
            _("--watch is a person following the game: leave out --headless, --bot and --rejoin")
        )
    if args.text:
        return _join_by_text(args, host, port, _usable_save_dir(getattr(args, "save_dir", None)), code, relay)
    if not args.headless:
        return _join_on_screen(args, _usable_save_dir(getattr(args, "save_dir", None)))
    bot = _bot(args, f"join:{host}:{port}")
    save_dir = _usable_save_dir(getattr(args, "save_dir", None))
    from ..i18n.words import bot_seat_name

    name = args.name or bot_seat_name(args.bot)
    try:
        return asyncio.run(
            run_guest(
                host,
                port,
                code,
                bot,
                save_dir=save_dir,
                name=name,
                move_delay=max(0.0, args.move_delay),
                reconnect_timeout=max(0.0, args.reconnect_timeout),
                rejoin=args.rejoin,
                relay=relay,
            )
        )
    except NetRunError as exc:
        raise CommandError(problem_text(exc)) from None
