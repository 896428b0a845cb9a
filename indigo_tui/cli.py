"""The ``indigo`` command: the game's user interface and its headless tools.

Each sub-command lives in its own module with a ``register(subparsers)``
function; the modules are imported when the parser is built, and must keep
their heavy imports (Textual, asyncio servers) inside the command's ``run``
so that ``indigo selfplay`` and ``indigo replay`` start fast.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from . import __version__
from .commands import CommandParser
from .errors import CommandError

#: Modules that each contribute sub-commands, in the order ``--help`` lists them.
COMMAND_MODULES = (
    "indigo_tui.commands.replay",
    "indigo_tui.commands.review",
    "indigo_tui.commands.selfplay",
    "indigo_tui.commands.play",
    "indigo_tui.commands.net",
    "indigo_tui.commands.serve",
)


def build_parser() -> CommandParser:
    parser = CommandParser(
        prog="indigo",
        description=(
            "Reiner Knizia's Indigo in the terminal. Lay path tiles, steer gems to your gates, "
            "and collect the most valuable ones. With no command, opens the game."
        ),
        epilog="Run 'indigo COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"indigo-tui {__version__}")
    subparsers = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", parser_class=CommandParser
    )
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    importlib.import_module("indigo_tui.commands.play").install_default(parser)  # bare `indigo`: title screen
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
        print(f"indigo: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("indigo: interrupted", file=sys.stderr)
        return 130
