"""The ``indigo`` command: the game's user interface and its headless tools.

Each sub-command lives in its own module with a ``register(subparsers)``
function; the modules are imported when the parser is built, and must keep
their heavy imports (Textual, asyncio servers) inside the command's ``run``
so that ``indigo selfplay`` and ``indigo replay`` start fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from . import __version__
from .commands import CommandParser
from .errors import CommandError
from .i18n import _, choose_language, language_from_argv, translate_argparse, use_language

#: Modules that each contribute sub-commands, in the order ``--help`` lists them.
COMMAND_MODULES = (
    "indigo_tui.commands.replay",
    "indigo_tui.commands.review",
    "indigo_tui.commands.selfplay",
    "indigo_tui.commands.play",
    "indigo_tui.commands.text",
    "indigo_tui.commands.net",
    "indigo_tui.commands.serve",
    "indigo_tui.commands.stats",
)


def build_parser() -> CommandParser:
    """The parser, in the current language (choose it first: see :func:`main`)."""
    translate_argparse()
    parser = CommandParser(
        prog="indigo",
        description=_(
            "Reiner Knizia's Indigo in the terminal. Lay path tiles, steer gems to your gates, "
            "and collect the most valuable ones. With no command, opens the game."
        ),
        epilog=_("Run 'indigo COMMAND --help' for a command's options."),
    )
    # Python 3.11's argparse does not translate the version option's help itself.
    parser.add_argument(
        "--version",
        action="version",
        version=f"indigo-tui {__version__}",
        help=_("show program's version number and exit"),
    )
    add_language_option(parser)
    subparsers = parser.add_subparsers(
        title=_("commands"), dest="command", metavar=_("COMMAND"), parser_class=CommandParser
    )
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    for name, command in subparsers.choices.items():
        # `indigo play --lang fr` as well as `indigo --lang fr play`.
        add_language_option(command, plays=name not in WORDS_ONLY)
    importlib.import_module("indigo_tui.commands.play").install_default(parser)  # bare `indigo`: title screen
    return parser


#: The commands that play no game: their --lang is the language of their words.
WORDS_ONLY = frozenset({"replay", "review", "selfplay", "stats"})
#: The commands that keep no save folder (``indigo --save-dir DIR`` is refused before them).
SAVES_NOTHING = frozenset({"replay", "review"})


def add_language_option(parser: CommandParser, *, plays: bool = True) -> None:
    # The value was read before the parser was built (choose_language); argparse only
    # has to accept it. SUPPRESS: a sub-command's default must not hide the top level's.
    if plays:
        words = _(
            "the language to play in: de, en, fr or nl (default: the one chosen in the game, "
            "else the system's, else en)"
        )
    else:
        words = _(
            "the language of its messages and its viewer: de, en, fr or nl (default: the one "
            "chosen in the game, else the system's, else en)"
        )
    parser.add_argument("--lang", metavar=_("LANG"), default=argparse.SUPPRESS, help=words)


def choose_from_command_line(argv: Sequence[str]) -> None:
    """Speak the language ``argv`` asks for (or the saved or the system's one)
    before the parser is built, so that ``--help`` and its errors are in it."""
    cli = language_from_argv(argv)
    setting = None
    if cli is None:
        from .ui.settings import load_settings

        setting = load_settings()[0].language  # a damaged file is the app's to report
    code, notice = choose_language(cli, setting, os.environ)
    use_language(code)
    if notice:
        print(_("indigo: {error}").format(error=notice), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    choose_from_command_line(words)
    parser = build_parser()
    args = parser.parse_args(words)
    if getattr(args, "save_dir", None) is not None and args.command in SAVES_NOTHING:
        # Given before the command (indigo --save-dir DIR replay ...): said, not ignored.
        parser.error(
            _("--save-dir goes with a command that plays or saves games, not {command}").format(
                command=args.command
            )
        )
    run = getattr(args, "run", None)
    if run is None:
        default = parser.default_run
        if default is None:
            parser.print_help()
            return 0
        run = default
    try:
        return int(run(args) or 0)
    except CommandError as exc:
        print(_("indigo: {error}").format(error=exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("indigo: interrupted"), file=sys.stderr)
        return 130
