"""The ``indigo`` command: the game's user interface and its headless tools.

Each sub-command lives in its own module with a ``register(subparsers)``
function; the modules are imported when the parser is built, and must keep
their heavy imports (Textual, asyncio servers) inside the command's ``run``
so that ``indigo selfplay`` and ``indigo replay`` start fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from . import __version__

#: Modules that each contribute sub-commands, in the order ``--help`` lists them.
COMMAND_MODULES = (
    "indigo_tui.commands.replay",
    "indigo_tui.commands.selfplay",
    "indigo_tui.commands.play",
    "indigo_tui.commands.net",
    "indigo_tui.commands.serve",
)


class CommandError(Exception):
    """A problem with what the user asked for: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    #: Builds the description when help is shown, for text that is costly to
    #: gather (every bot's name imports every bot).
    describe: Callable[[], str] | None = None

    def format_help(self) -> str:
        if self.describe is not None:
            self.description = self.describe()
        return super().format_help()

    def error(self, message: str) -> None:  # type: ignore[override]
        # One line and status 2, as every other bad input gets.
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="indigo",
        description=(
            "Reiner Knizia's Indigo in the terminal. Lay path tiles, steer gems to your gates, "
            "and collect the most valuable ones. With no command, opens the game."
        ),
        epilog="Run 'indigo COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"indigo-tui {__version__}")
    subparsers = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", parser_class=_Parser
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
        default = getattr(parser, "default_run", None)
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
