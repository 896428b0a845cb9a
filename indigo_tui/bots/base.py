"""The bot protocol and the registry of bot names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..engine import Move, SeatView
from ..i18n import _


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
_REGISTRY: dict[str, tuple[BotFactory, Description]] = {}


def register(name: str, description: Description) -> Callable[[BotFactory], BotFactory]:
    def decorate(factory: BotFactory) -> BotFactory:
        _REGISTRY[name] = (factory, description)
        return factory

    return decorate


def _load_builtin(search: bool = True) -> None:
    # Imported for their registrations, and only when asked: the search bot's
    # module costs more to import than the rest, and a game against greedy
    # bots should not pay for it at start-up.
    from . import greedy, random_bot  # noqa: F401

    if search:
        from . import mcts  # noqa: F401


def available_bots() -> dict[str, str]:
    """Bot names and one-line descriptions, in the current language."""
    _load_builtin()
    return {
        name: _(description) if isinstance(description, str) else description()
        for name, (_factory, description) in _REGISTRY.items()
    }


def make_bot(spec: str, seed: int | str | None = None) -> Bot:
    """The bot named by ``spec`` (``name`` or ``name:argument``)."""
    name, _sep, argument = spec.strip().partition(":")
    _load_builtin(search=False)
    entry = _REGISTRY.get(name.lower())
    if entry is None:
        _load_builtin()
        entry = _REGISTRY.get(name.lower())
    if entry is None:
        known = ", ".join(sorted(_REGISTRY))
        raise BotSpecError(_("unknown bot {spec} (known: {known})").format(spec=repr(spec), known=known))
    return entry[0](argument or None, seed)
