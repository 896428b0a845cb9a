"""``indigo play``, ``indigo learn``, ``indigo load`` and bare ``indigo``: the game at the terminal."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import CommandError
from ..i18n import _
from .game_options import (
    add_common_options,
    add_engine_options,
    add_game_options,
    add_save_dir_option,
    bot_delay_of,
    need_terminal,
    new_game_from_args,
    save_dir_of,
    set_engine_time,
)

if TYPE_CHECKING:
    from ..ui.options import AppOptions
    from . import CommandParser, SubParsers


def register(subparsers: SubParsers) -> None:
    play = subparsers.add_parser(
        "play",
        help=_("start a game at this terminal"),
        description=_(
            "Start a game straight away. Seats are 'human', 'bot:NAME' (see 'indigo selfplay "
            "--help' for bots) or 'engine:COMMAND', an outside program that speaks the engine "
            "protocol (docs/engine-protocol.md). Every move is saved to the save folder; 'indigo' "
            "offers to continue."
        ),
    )
    add_game_options(play)
    play.add_argument(
        "--text",
        action="store_true",
        help=_("play by lines of text, for a screen reader or a program (as 'indigo text')"),
    )
    add_common_options(play)
    play.set_defaults(run=run_play)

    learn = subparsers.add_parser(
        "learn",
        help=_("learn to play: a guided first game"),
        description=_(
            "A guided first game: a few steps on real boards, each with one thing to do, from "
            "placing a tile to the end of a game. It starts where it was left last time; n skips "
            "a step, p goes back one."
        ),
    )
    learn.add_argument("--from-start", action="store_true", help=_("start again at the first step"))
    add_common_options(learn)
    learn.set_defaults(run=run_learn)

    load = subparsers.add_parser("load", help=_("resume a saved game"), description=_("Resume a saved game."))
    load.add_argument("file", type=Path, metavar=_("FILE"), help=_("a save file"))
    load.add_argument(
        "--text", action="store_true", help=_("play by lines of text (as 'indigo text --load FILE')")
    )
    add_engine_options(load, resumed=True)
    add_common_options(load)
    load.set_defaults(run=run_load)


def install_default(parser: CommandParser) -> None:
    """Make bare ``indigo`` open the title screen (``indigo --save-dir DIR``: from that folder)."""
    add_save_dir_option(parser)
    parser.set_defaults(no_animation=False, bot_delay=None, board_glyphs=None, palette=None)
    parser.default_run = run_title


def _app_options(args: argparse.Namespace) -> AppOptions:
    from ..saves import default_save_dir

    return {
        "save_dir": default_save_dir(save_dir_of(args)),
        "animate": not args.no_animation,
        "bot_delay": bot_delay_of(args.bot_delay),
        "board_glyphs": getattr(args, "board_glyphs", None),
        "palette": getattr(args, "palette", None),
    }


def run_play(args: argparse.Namespace) -> int:
    if args.text:
        from .text import run_text

        return run_text(args)
    set_engine_time(args)
    new = new_game_from_args(args)
    options = _app_options(args)
    need_terminal()
    from ..ui.app import IndigoApp

    IndigoApp(new_game=new, **options).run()
    return 0


def run_load(args: argparse.Namespace) -> int:
    if args.text:
        from .text import run_text

        return run_text(args)
    from ..saves import SaveError, SaveLock, load_save

    set_engine_time(args)
    options = _app_options(args)
    try:
        saved = load_save(args.file)
        # Not if another window plays it now (said in one line, before the app starts).
        if saved.path is not None:
            SaveLock.acquire(saved.path)
    except SaveError as exc:
        raise CommandError(str(exc)) from None
    need_terminal()
    from ..ui.app import IndigoApp

    IndigoApp(saved=saved, run_engines=args.run_engines, **options).run()
    return 0


def run_learn(args: argparse.Namespace) -> int:
    options = _app_options(args)
    need_terminal()
    from ..ui.app import IndigoApp
    from ..ui.screens.learn import lesson_to_take_up

    IndigoApp(learn=0 if args.from_start else lesson_to_take_up(), **options).run()
    return 0


def run_title(args: argparse.Namespace) -> int:
    options = _app_options(args)
    need_terminal()
    from ..ui.app import IndigoApp

    IndigoApp(**options).run()
    return 0
