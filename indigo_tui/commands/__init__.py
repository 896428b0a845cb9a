"""The ``indigo`` sub-commands: each module reads its options and starts its part.

Each module has ``register(subparsers)``; ``cli`` builds the parser with
:class:`CommandParser` for every level, so a command may give its description
lazily. Modules keep their heavy imports (Textual, asyncio servers) inside the
command's ``run`` so that ``indigo selfplay`` and ``indigo replay`` start fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn, TypeAlias

from ..i18n import _

if TYPE_CHECKING:
    #: What ``register`` is given: ``add_parser`` makes a :class:`CommandParser`.
    #: (Generic only to the type checker: argparse's class is not at run time.)
    SubParsers: TypeAlias = argparse._SubParsersAction["CommandParser"]


class CommandParser(argparse.ArgumentParser):
    """The parser of ``indigo`` and of each sub-command."""

    #: Builds the description when help is shown, for text that is costly to
    #: gather (every bot's name imports every bot).
    describe: Callable[[], str] | None = None
    #: What the command runs when no sub-command is named (bare ``indigo``).
    default_run: Callable[[argparse.Namespace], int] | None = None

    def format_help(self) -> str:
        if self.describe is not None:
            self.description = self.describe()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        # One line and status 2, as every other bad input gets.
        self.exit(
            2,
            _("{prog}: error: {message} (see {prog} --help)").format(prog=self.prog, message=message) + "\n",
        )
