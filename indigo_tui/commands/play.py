"""``indigo play``, ``indigo load`` and bare ``indigo``: the game at the terminal."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.match import MAX_ROUNDS
from ..errors import CommandError

if TYPE_CHECKING:
    from ..ui.options import AppOptions
    from ..ui.session import NewGame
    from . import CommandParser, SubParsers


def register(subparsers: SubParsers) -> None:
    play = subparsers.add_parser(
        "play",
        help="start a game at this terminal",
        description=(
            "Start a game straight away. Seats are 'human' or 'bot:NAME' (see 'indigo selfplay "
            "--help' for bots). Every move is saved to the save folder; 'indigo' offers to continue."
        ),
    )
    play.add_argument(
        "--players", type=int, default=None, help="2 to 4 (default: the number of --seats, or 2)"
    )
    play.add_argument(
        "--seats", default=None, help="comma-separated, e.g. human,bot:greedy (default: human,bot:greedy)"
    )
    play.add_argument("--names", default="", help="comma-separated seat names, e.g. Ann,Bob")
    play.add_argument("--variant", choices=("classic", "tactical"), default="classic")
    play.add_argument(
        "--own-gates", action="store_true", help="three players, each with two gates of their own"
    )
    play.add_argument("--seed", default=None, help="shuffle seed, for a game you can replay")
    play.add_argument(
        "--rounds", type=int, default=1, help=f"rounds in the match, 1 to {MAX_ROUNDS} (default 1)"
    )
    play.add_argument("--open-scores", action="store_true", help="everyone sees everyone's gems")
    _common(play)
    play.set_defaults(run=run_play)

    load = subparsers.add_parser("load", help="resume a saved game", description="Resume a saved game.")
    load.add_argument("file", type=Path, help="a save file")
    _common(load)
    load.set_defaults(run=run_load)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save-dir", type=Path, default=None, help="where games are saved")
    parser.add_argument("--no-animation", action="store_true", help="don't animate gems")
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds between bot moves (default 0.5)"
    )
    add_glyphs_option(parser)


def add_glyphs_option(parser: argparse.ArgumentParser) -> None:
    """``--board-glyphs``, on every command that opens the app."""
    from ..ui.board_art.glyphs import GLYPH_CHOICES

    parser.add_argument(
        "--board-glyphs",
        choices=GLYPH_CHOICES,
        default=None,
        help=(
            "characters that draw the board "
            "(default: $INDIGO_BOARD_GLYPHS, else the choice saved in the app, else auto)"
        ),
    )


def install_default(parser: CommandParser) -> None:
    """Make bare ``indigo`` open the title screen."""
    parser.set_defaults(save_dir=None, no_animation=False, bot_delay=0.5, board_glyphs=None)
    parser.default_run = run_title


def new_game_from_args(args: argparse.Namespace) -> NewGame:
    """The game ``indigo play`` asks for; :class:`CommandError` on bad input."""
    from ..bots import BotSpecError, available_bots, make_bot
    from ..engine import Setup, SetupError, parse_seed, rounds_error
    from ..saves import SeatInfo, seat_kinds, seats_from_kinds
    from ..ui.session import NewGame

    kinds = seat_kinds(args.seats) if args.seats else ["human", "bot:greedy"][: args.players or 2]
    players = args.players if args.players is not None else len(kinds)
    if args.seats is None and players > len(kinds):
        kinds += ["bot:greedy"] * (players - len(kinds))
    if len(kinds) != players:
        raise CommandError(f"--players {players} but --seats names {len(kinds)} seats")
    for kind in kinds:
        if kind == "human":
            continue
        bot = SeatInfo("", kind).bot
        try:
            if bot is None:
                raise BotSpecError(kind)
            make_bot(bot, 0)  # only builds it: loads the search bot only if it is named
        except BotSpecError:
            bots = ", ".join(sorted(available_bots()))
            raise CommandError(f"unknown seat {kind!r}: use human or bot:NAME ({bots})") from None
    if rounds_error(args.rounds) is not None:
        raise CommandError(f"--rounds must be between 1 and {MAX_ROUNDS}")
    try:
        setup = Setup(players=players, variant=args.variant, own_gates=args.own_gates)
    except SetupError as exc:
        raise CommandError(str(exc)) from None
    names = [n for n in args.names.split(",")] if args.names else []
    if len(names) > players:
        raise CommandError(f"--names gives {len(names)} names for {players} seats")
    return NewGame(
        setup, seats_from_kinds(kinds, names), args.rounds, parse_seed(args.seed), args.open_scores
    )


def _app_options(args: argparse.Namespace) -> AppOptions:
    from ..saves import default_save_dir

    if args.bot_delay < 0:
        raise CommandError("--bot-delay must not be negative")
    return {
        "save_dir": default_save_dir(args.save_dir),
        "animate": not args.no_animation,
        "bot_delay": args.bot_delay,
        "board_glyphs": getattr(args, "board_glyphs", None),
    }


def run_play(args: argparse.Namespace) -> int:
    new = new_game_from_args(args)
    options = _app_options(args)
    from ..ui.app import IndigoApp

    IndigoApp(new_game=new, **options).run()
    return 0


def run_load(args: argparse.Namespace) -> int:
    from ..saves import SaveError, load_save

    options = _app_options(args)
    try:
        saved = load_save(args.file)
    except SaveError as exc:
        raise CommandError(str(exc)) from None
    from ..ui.app import IndigoApp

    IndigoApp(saved=saved, **options).run()
    return 0


def run_title(args: argparse.Namespace) -> int:
    options = _app_options(args)
    from ..ui.app import IndigoApp

    IndigoApp(**options).run()
    return 0
