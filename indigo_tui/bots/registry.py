"""Every kind of bot by the name ``--seats bot:NAME`` gives it: the one list.

The registry imports the bots, never the other way round. A new kind of bot
is a module with a factory and a description, one entry in :func:`_kinds`,
and the name of its seat in :func:`indigo_tui.i18n.words.bot_seat_name`
(docs/architecture.md, "Ways in").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

from ..i18n import _
from .base import Bot, BotFactory, BotSpecError, Description


@dataclass(frozen=True, slots=True)
class BotKind:
    """A bot's factory and what the choice of seat kinds says of it."""

    make: BotFactory
    description: Description

    def describe(self) -> str:
        """The description in the current language."""
        return _(self.description) if isinstance(self.description, str) else self.description()


@cache
def _kinds(search: bool) -> dict[str, BotKind]:
    """The bots by name; the search bots only when asked for: their module
    costs more to import than the rest, and a game against greedy bots should
    not pay for it at start-up. Made once each (``indigo selfplay`` makes two
    bots a game): the table is the same every time, and nobody changes it."""
    from . import greedy, random_bot

    kinds = {
        "greedy": BotKind(greedy.make, greedy.DESCRIPTION),
        "random": BotKind(random_bot.make, random_bot.DESCRIPTION),
    }
    if search:
        from . import mcts

        kinds["mcts"] = BotKind(mcts.make, mcts.DESCRIPTION)
        for level in mcts.LEVELS:
            kinds[level] = BotKind(mcts.level_factory(level), partial(mcts.describe_level, level))
    return kinds


def available_bots() -> dict[str, str]:
    """Bot names and one-line descriptions, in the current language."""
    return {name: kind.describe() for name, kind in _kinds(search=True).items()}


def ready_bots() -> dict[str, str]:
    """The bots that play as they are named, with nothing after a colon (a
    form's choice of seat kinds), and their descriptions: ``mcts`` needs its
    budget (``mcts:0.25``), which its levels ``easy`` to ``master`` give it."""
    ready = {}
    for name, kind in _kinds(search=True).items():
        try:
            kind.make(None, None)
        except BotSpecError:
            continue
        ready[name] = kind.describe()
    return ready


def make_bot(spec: str, seed: int | str | None = None, *, programs: bool = True) -> Bot:
    """The bot named by ``spec`` (``name`` or ``name:argument``), or a seat
    played by an outside program (``engine:COMMAND``, see
    :mod:`.engine_seat`), whose program starts only if ``programs`` (never
    for a seat read from a file)."""
    return bot_maker(spec, programs=programs)(seed)


def bot_maker(spec: str, *, programs: bool = True) -> Callable[[int | str | None], Bot]:
    """What makes :func:`make_bot`'s bot for ``spec`` from a seed, the spec
    read once (``indigo selfplay`` makes two bots a game from the same specs).
    A name no bot has raises :class:`BotSpecError` here; an argument the bot
    refuses, when a bot is made."""
    name, _sep, argument = spec.strip().partition(":")
    if name.lower() == "engine":
        from .engine_seat import EngineSeat

        return partial(EngineSeat, argument, programs=programs)
    kind = _kinds(search=False).get(name.lower()) or _kinds(search=True).get(name.lower())
    if kind is None:
        known = ", ".join(sorted(_kinds(search=True)))
        raise BotSpecError(_("unknown bot {spec} (known: {known})").format(spec=repr(spec), known=known))
    return partial(kind.make, argument or None)
