"""``indigo text``: the game as lines of plain text (and ``indigo play --text``,
``indigo load FILE --text``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import CommandError
from ..i18n import _
from .game_options import (
    add_game_options,
    add_save_dir_option,
    new_game_from_args,
    save_dir_of,
    set_engine_time,
)

if TYPE_CHECKING:
    from . import SubParsers


def register(subparsers: SubParsers) -> None:
    text = subparsers.add_parser(
        "text",
        help=_("play by lines of text: for a screen reader, a braille display or a program"),
        description=_(
            "Play a game as lines of plain text on standard input and output, with no full-screen "
            "drawing and no colour: every event is one sentence, short commands answer questions "
            "(type help), and a move is typed as 122/3@2,-1. Seats and options are those of "
            "'indigo play'; saves are the same files. With --json, every line out is one JSON "
            "object of the engine protocol (docs/engine-protocol.md), for a program that plays the "
            "one human seat."
        ),
    )
    add_game_options(text)
    text.add_argument("--load", type=Path, metavar=_("FILE"), help=_("take up a saved game instead"))
    text.add_argument(
        "--run-engines",
        action="store_true",
        help=_("with --load: start the programs the saved game's engine seats name"),
    )
    text.add_argument(
        "--json", action="store_true", help=_("write the engine protocol's JSON lines instead of sentences")
    )
    add_save_dir_option(text)
    text.set_defaults(run=run_text)


def run_text(args: argparse.Namespace) -> int:
    """``indigo text``, and the ``--text`` of ``indigo play`` and ``indigo load``."""
    from ..bots.engine_seat import close_bots
    from ..saves import SaveError, default_save_dir, load_save
    from ..table.session import Session
    from ..text.console import Console
    from ..text.fronts import JsonFront, TextFront
    from ..text.local import LineTable

    set_engine_time(args)
    save_dir = default_save_dir(save_dir_of(args))
    load = getattr(args, "load", None) or getattr(args, "file", None)
    if load is not None:
        try:
            saved = load_save(load)
            # Not a game another window plays now (said in one line).
            session = Session.resume(saved, save_dir, programs=bool(getattr(args, "run_engines", False)))
        except SaveError as exc:
            raise CommandError(str(exc)) from None
    else:
        session = Session.start(new_game_from_args(args), save_dir)
    json = bool(getattr(args, "json", False))
    if json and len(session.humans) != 1:
        close_bots(session.bots)
        raise CommandError(_("--json plays one seat: give exactly one human seat"))
    console = Console()
    front = JsonFront(console) if json else TextFront(console)
    try:
        return LineTable(session, front).run()
    finally:
        close_bots(session.bots, session.game)
