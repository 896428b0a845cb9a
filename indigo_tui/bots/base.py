"""What a bot is: the protocol every bot meets, the factory that makes one
from its name, and the error for a name or argument no bot takes.

The bots themselves import only this; :mod:`.registry` imports the bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..engine import Move, SeatView


class BotSpecError(ValueError):
    """A bot name that no bot answers to."""


@runtime_checkable
class Bot(Protocol):
    #: The name it was made from, e.g. ``greedy`` or ``mcts:0.25``.
    name: str

    def choose(self, view: SeatView) -> Move:
        """The move to play; called only when it is ``view.seat``'s turn."""
        ...


#: ``factory(argument, seed)``: argument is the text after ``:`` in the name, or None.
BotFactory = Callable[[str | None, int | str | None], Bot]
#: A bot's description: English marked with ``N_`` (translated when shown), or
#: a function that says it in the current language.
Description = str | Callable[[], str]
