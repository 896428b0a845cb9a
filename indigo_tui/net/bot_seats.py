"""The host's bots: its bot seats play their turns, and one stands in for a seat out of time.

:class:`BotSeats` drives the seats the host's terminal plays by bot (``bot:``
or ``engine:`` seats, and a headless host's own seat): whenever the game
changes (:meth:`BotSeats.wake`) it looks whether it is a bot's turn and
plays it, never while an undo is voted on and never a move thought out for
a game that has moved on meanwhile. When the turn clock (:mod:`.clock`) runs
out for a seat played by a person, :meth:`BotSeats.stand_in` plays that
seat's move with a quick bot. A bot thinks without holding up the event
loop (:class:`~.common.Thinker`); one that fails is said, not a silent end
of the game. Of the host it is given only what it needs (:class:`BotTable`).
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from ..bots import Bot
from ..bots.engine_seat import take_notices
from ..bots.stand_in import STAND_IN, BotAnswer, make_stand_in
from ..engine import Game, Move
from ..i18n import _
from .clock import Turn
from .common import Teller, Thinker
from .notices import Problem
from .reasons import Namer, Why, why_text


class BotTable(Protocol):
    """What the bots need of the host: the game as it stands, and the way to move."""

    @property
    def game(self) -> Game:
        """The round being played."""
        ...

    @property
    def length(self) -> int:
        """Events in the round's public log (a move or an undo changes it)."""
        ...

    @property
    def started(self) -> bool: ...

    @property
    def closed(self) -> bool: ...

    @property
    def undo_open(self) -> bool:
        """Whether an undo is being voted on (no move until it is settled)."""
        ...

    def apply(self, seat: int, move: Move) -> Why | None:
        """Play ``move`` for ``seat``; why not, if the rules do not allow it."""
        ...

    def timed_out(self, seat: int) -> None:
        """Tell everyone that ``seat``'s time ran out (a bot moves for it)."""


class BotSeats:
    """The host's bot seats (``bots``: seat -> bot) and the stand-ins for
    seats out of time; see the module docstring. ``label`` names a seat in
    the words of a problem, ``move_delay`` is the pause before a bot's
    move, and ``seed`` seeds the stand-ins (None: random)."""

    def __init__(
        self,
        table: BotTable,
        bots: dict[int, Bot],
        tell: Teller,
        label: Namer,
        *,
        move_delay: float = 0.0,
        seed: int | str | None = None,
    ) -> None:
        self.table = table
        self.bots = dict(bots)
        self.tell = tell
        self.label = label
        self.move_delay = move_delay
        self.seed = seed
        #: Set when the game changed: the bots look whether it is theirs to move.
        self.changed = asyncio.Event()
        self._stand_ins: dict[int, Bot] = {}
        self._thinker = Thinker()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start playing the bots' turns (once the host lets guests in)."""
        self._task = asyncio.create_task(self._drive())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def wake(self) -> None:
        """The game changed: look whether it is a bot's turn."""
        self.changed.set()

    async def _drive(self) -> None:
        """Play the bots' turns whenever the game is theirs to move."""
        table = self.table
        while not table.closed:
            await self.changed.wait()
            self.changed.clear()
            while table.started and not table.game.over and not table.undo_open:
                seat = table.game.turn
                bot = self.bots.get(seat)
                if bot is None:
                    break
                if self.move_delay:
                    await asyncio.sleep(self.move_delay)
                    if table.undo_open or table.game.turn != seat:
                        continue
                # A bot thinking for seconds must not stop heartbeats and reads.
                length = table.length
                answer = await self._thinker.ask(bot, table.game.view(seat), self._stand_in(seat))
                # The game changed while the bot thought (an undo): its move is not played.
                stale = table.closed or table.undo_open or table.length != length
                why = None if stale or answer.move is None else table.apply(seat, answer.move)
                # Told after the move, so that the placement's own news does not cover it.
                self._tell_failure(answer)
                for notice in take_notices({seat: bot}):
                    # An engine seat's program failed: a built-in bot plays on, and everyone hears it.
                    self.tell(Problem(notice.text(self.label(notice.seat))))
                if answer.move is None:
                    break  # neither the bot nor its stand-in has a move: said, and the bots wait
                if stale:
                    continue
                if why is not None:
                    self._illegal(bot, seat, why)
                    break
                await asyncio.sleep(0)

    def _stand_in(self, seat: int) -> Bot:
        """The seat's stand-in (one per seat, seeded from the game's seed)."""
        bot = self._stand_ins.get(seat)
        if bot is None:
            bot = self._stand_ins[seat] = make_stand_in(self.seed, seat)
        return bot

    def _tell_failure(self, answer: BotAnswer) -> None:
        if answer.failure is not None:
            self.tell(Problem(answer.failure.text(self.label(answer.failure.seat))))

    async def stand_in(self, turn: Turn) -> None:
        """``turn``'s time ran out: a bot plays that seat's move, and everyone is told."""
        table = self.table
        seat, game = turn.seat, table.game
        if table.closed or game.over or table.undo_open or game.turn != seat or table.length != turn.length:
            return
        bot = self._stand_in(seat)
        table.timed_out(seat)
        # The stand-in is asked as any bot is; should it fail, a second copy
        # of it could do no better, so the failure is only told.
        answer = await self._thinker.ask(bot, game.view(seat), bot)
        self._tell_failure(answer)
        if answer.move is None:
            return
        if table.closed or table.undo_open or game is not table.game or table.length != turn.length:
            return  # the game changed while the bot thought
        why = table.apply(seat, answer.move)
        if why is not None:
            self._illegal(bot, seat, why)

    def _illegal(self, bot: Bot, seat: int, why: Why) -> None:
        self.tell(
            Problem(
                _("bot {bot} at seat {number} chose an illegal move: {reason}").format(
                    bot=bot.name, number=seat + 1, reason=why_text(why, self.label)
                )
            )
        )


__all__ = ["STAND_IN", "BotSeats", "BotTable"]
