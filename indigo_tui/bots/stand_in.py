"""What happens when a bot fails: the one policy, for every table that runs bots.

A bot (a built-in one or an outside program's seat) that raises, or that
returns a move the rules refuse, does not stop the game and is not passed
over in silence: a stand-in (:data:`STAND_IN`, seeded from the game's seed
and the seat, so a seeded game stays repeatable) plays that move instead,
and a :class:`BotFailure` says what happened, for the table to show where
the player looks. The bot is asked again at its next turn.

:func:`ask_bot` is that policy, written once: the local turn driver
(:mod:`indigo_tui.table.turns`, for the game screen and ``indigo text``) and
the network host's bot seats (:mod:`indigo_tui.net.bot_seats`) both ask
their bots through it. An engine seat's program that fails is replaced by
the seat itself for the rest of the game (:mod:`.engine_seat`, with its own
notices); this is for whatever still goes wrong past that.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ..engine import Move, SeatView
from ..i18n import _
from . import greedy
from .base import Bot
from .engine_seat import printable

#: The bot that plays a seat's move when its own bot fails (or, on a
#: network host, when a person's time runs out): quick and sensible.
STAND_IN: Final = "greedy"


def make_stand_in(seed: int | str | None, seat: int) -> Bot:
    """The stand-in for ``seat`` of a game seeded with ``seed`` (None: random)."""
    return greedy.make(None, None if seed is None else f"{seed}:stand-in:{seat}")


class Failing(StrEnum):
    """How a bot failed."""

    #: It raised an exception instead of choosing.
    RAISED = "raised"
    #: It chose a move the rules refuse.
    ILLEGAL = "illegal"


@dataclass(frozen=True, slots=True)
class BotFailure:
    """A seat's bot failed at one move; :attr:`stood_in` whether the stand-in played it."""

    seat: int
    #: The failing bot's name (``greedy``, ``mcts:0.25``, ``engine:...``).
    bot: str
    failing: Failing
    #: What went wrong, for the player: the error's words, or the refused
    #: move and why; printable text only.
    detail: str
    stood_in: bool = True

    def text(self, name: str) -> str:
        """The notice in words, with the seat's name."""
        from ..i18n.words import bot_seat_name

        stand_in = bot_seat_name(STAND_IN)
        if not self.stood_in:
            words = _("{name} could not move ({detail}), and neither could {bot}: undo, or leave the game.")
        elif self.failing is Failing.ILLEGAL:
            # translators: {bot} is the seat name of the bot that stood in, e.g. "Greedy bot"
            words = _("{name} chose a move the rules refuse ({detail}); {bot} played this move instead.")
        else:
            # translators: {bot} is the seat name of the bot that stood in, e.g. "Greedy bot"
            words = _("{name} could not move ({detail}); {bot} played this move instead.")
        return words.format(name=name, detail=self.detail, bot=stand_in)


@dataclass(frozen=True, slots=True)
class BotAnswer:
    """A bot's move, or its stand-in's with the failure to tell; no move
    only if the stand-in failed as well."""

    move: Move | None
    failure: BotFailure | None = None


def _reason(exc: BaseException) -> str:
    """An exception in words a player may be shown: its message, else its kind."""
    return printable(str(exc)) or type(exc).__name__


def ask_bot(bot: Bot, view: SeatView, stand_in: Bot) -> BotAnswer:
    """``bot``'s move for ``view.seat`` (whose turn it is), under the policy
    of this module: on an exception or a refused move, ``stand_in``'s move
    and the failure. Blocking as the bots are: run it off an event loop."""
    try:
        move = bot.choose(view)
    except Exception as exc:  # any bug of a bot's: the game goes on without it
        failure = BotFailure(view.seat, bot.name, Failing.RAISED, _reason(exc))
    else:
        refused = view.refusal(move)
        if refused is None:
            return BotAnswer(move)
        from ..i18n.words import refusal_text

        failure = BotFailure(
            view.seat, bot.name, Failing.ILLEGAL, printable(f"{move}: {refusal_text(refused)}")
        )
    try:
        return BotAnswer(stand_in.choose(view), failure)
    except Exception as exc:  # no move at all: said, and the table waits (undo, leave)
        detail = f"{failure.detail}; {_reason(exc)}"
        return BotAnswer(None, BotFailure(view.seat, bot.name, failure.failing, detail, stood_in=False))


__all__ = ["STAND_IN", "BotAnswer", "BotFailure", "Failing", "ask_bot", "make_stand_in"]
