"""Bots: players that see only their seat's view.

A bot is anything with a ``name`` and ``choose(view) -> Move``; it is given a
:class:`~indigo_tui.engine.SeatView` and nothing else. :func:`make_bot` turns
a name as the command line and the setup screen write it (``random``,
``greedy``, ...) into a bot, seeded for repeatable games.
"""

from .base import Bot, BotSpecError
from .registry import available_bots, bot_maker, make_bot, ready_bots

__all__ = ["Bot", "BotSpecError", "available_bots", "bot_maker", "make_bot", "ready_bots"]
