"""The one turn driver: what comes next at a table, and how each turn is played.

Both fronts drive their turns through a :class:`TurnDriver` and nothing
else: the game screen (``ui/screens/game.py``) and ``indigo text``
(``text/local.py``) ask it what comes next (:meth:`TurnDriver.step`: the
round's end, passing the terminal to the next person, a bot's turn, a
person's, or someone elsewhere's), show what it says, and hand it the
person's moves, undo, redo, the next round and hints.

A bot's turn (:meth:`TurnDriver.begin_bot_turn`, :meth:`TurnDriver.think`
and :meth:`TurnDriver.conclude` on an event loop, or
:meth:`TurnDriver.play_bot_turn` where a front may block) is thought out on
a detached copy of the bot's own view, in a thread when on a loop, and is
played no sooner than the bot pace after the bot began to think, so that a
person can follow what the bots do. Whatever changes the game meanwhile
(undo, redo, a new round: the table's ``generation``) discards the answer.
A bot that raises or chooses a move the rules refuse is handled by the one
policy of :mod:`indigo_tui.bots.stand_in`: its stand-in plays that move, and
the driver hands the front the notice to show (with an engine seat's own
notice when its program was replaced, :func:`~indigo_tui.bots.engine_seat.take_notices`).

Undo and redo are the table's own (:meth:`~indigo_tui.table.session.Session.undo`);
the driver only makes sure no bot's answer from before them is played.

**The turn clock** of a table at this terminal (``indigo play --turn-time``,
the setup form's *Turn time*; :attr:`~indigo_tui.table.base.Table.turn_time`)
is the network host's (:mod:`indigo_tui.net.clock`), with its policy: a
person has the same seconds every turn, counted from when their turn is on
screen (at a shared terminal, once they have taken it over); when they run
out, the stand-in of :mod:`indigo_tui.bots.stand_in` plays that seat's move
and it is said (:meth:`TurnDriver.time_up`). Any change of the game (a move,
undo, redo) ends the turn on the clock; the next turn has the whole time
again. The fronts ask :meth:`TurnDriver.clock` what is on it, show the
seconds left and call :meth:`TurnDriver.time_up` when they are gone.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..bots.base import Bot
from ..bots.engine_seat import take_notices
from ..bots.stand_in import BotAnswer, ask_bot, make_stand_in
from ..engine import Event, Move, SeatView
from ..i18n import _
from ..net.clock import Turn
from ..net.common import JoinError
from ..net.notices import TurnTimedOut
from ..net.problems import problem_text
from .base import Table
from .network import NetTable

# -- what comes next -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundOver:
    """The round is over: its result comes next."""


@dataclass(frozen=True, slots=True)
class HandOff:
    """Another person at this terminal moves next: the terminal is passed to
    them first, and nothing of theirs shows until they say it is them
    (:meth:`TurnDriver.hand_over`)."""

    seat: int


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot this table runs moves next (:meth:`TurnDriver.begin_bot_turn`)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PersonTurn:
    """A person at this terminal moves next, and their things are on screen."""

    seat: int


@dataclass(frozen=True, slots=True)
class Awaiting:
    """Someone elsewhere moves next (another terminal, the host's bot): the
    news of their move will come."""

    seat: int


@dataclass(frozen=True, slots=True)
class Stalled:
    """A bot failed and its stand-in too (said when it happened): nothing
    moves until an undo, a new round, or leaving."""

    seat: int


#: What :meth:`TurnDriver.step` says comes next.
Step = RoundOver | HandOff | BotTurn | PersonTurn | Awaiting | Stalled


# -- what happened -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """A move that went into the game, and the events it made."""

    seat: int
    move: Move
    events: list[Event]


@dataclass(slots=True)
class Thinking:
    """A bot's turn under way (:meth:`TurnDriver.begin_bot_turn`)."""

    seat: int
    #: The table's generation when the bot began: a later one discards its answer.
    generation: int
    bot: Bot
    stand_in: Bot
    #: The bot's own view, detached: the game may change while the bot thinks.
    view: SeatView
    #: When it began to think (the clock's time): the pace counts from here.
    started: float


@dataclass(frozen=True, slots=True)
class BotMoved:
    """The end of a bot's turn: its move (None if the game changed while it
    thought, or if nothing could move), and the notices to show."""

    seat: int
    played: Played | None
    #: Words for the player: the bot's failure, an engine seat's replacement.
    notices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HintAsked:
    """A hint asked for (and counted) at ``seat``'s turn."""

    seat: int
    generation: int
    view: SeatView


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The search bot's move for a hint, and the final points it expects for every seat."""

    seat: int
    generation: int
    move: Move
    expected: tuple[float, ...]


class TurnDriver:
    """Drives the turns of ``table`` (see the module's words). ``pace`` says
    the bot pace now, in seconds (the person may change it mid-game)."""

    def __init__(self, table: Table, *, pace: Callable[[], float] = lambda: 0.0) -> None:
        self.table = table
        self.pace = pace
        self._thinking: Thinking | None = None
        #: (seat, generation) of a bot turn at which nothing could move.
        self._stalled: tuple[int, int] | None = None
        self._stand_ins: dict[int, Bot] = {}
        #: The person's turn on the clock (its ``length`` is the table's generation then).
        self._turn: Turn | None = None

    # -- what comes next ----------------------------------------------------------------

    def step(self) -> Step:
        """What comes next at the table."""
        table = self.table
        game = table.game
        if game.over:
            return RoundOver()
        seat = game.turn
        if table.is_bot(seat):
            if self._stalled == (seat, table.generation):
                return Stalled(seat)
            return BotTurn(seat)
        if table.needs_handoff:
            return HandOff(seat)
        if seat in table.humans:
            return PersonTurn(seat)
        return Awaiting(seat)

    @property
    def thinking(self) -> int | None:
        """The seat whose bot is thinking (or keeping the pace) now, or None."""
        return None if self._thinking is None else self._thinking.seat

    def hand_over(self) -> None:
        """The person to move has said it is them: their things may show."""
        self.table.hand_over()

    # -- a bot's turn ---------------------------------------------------------------------

    def begin_bot_turn(self) -> Thinking:
        """Start the bot's turn of the seat to move (when :meth:`step` says
        :class:`BotTurn`): from now on :attr:`thinking` says it."""
        table = self.table
        seat = table.game.turn
        thinking = Thinking(
            seat,
            table.generation,
            table.bots[seat],
            self._stand_in(seat),
            table.game.view(seat).detached(),
            time.monotonic(),
        )
        self._thinking = thinking
        return thinking

    async def think(self, thinking: Thinking) -> BotAnswer:
        """The bot's answer, thought out in a thread, once the pace has passed
        (on the loop). Cancelled (undo, leaving), it stops waiting at once;
        the answer goes into the game only through :meth:`conclude`."""
        try:
            answer = await asyncio.to_thread(ask_bot, thinking.bot, thinking.view, thinking.stand_in)
            # The pace, from when the bot began to think: a person follows what the bots do.
            rest = self.pace() - (time.monotonic() - thinking.started)
            if rest > 0:
                await asyncio.sleep(rest)
        finally:
            if self._thinking is thinking:
                self._thinking = None
        return answer

    def play_bot_turn(self) -> BotMoved:
        """The bot's turn of the seat to move, here and now, with no pace (a
        front that may block while a bot thinks, as ``indigo text`` does)."""
        thinking = self.begin_bot_turn()
        try:
            answer = ask_bot(thinking.bot, thinking.view, thinking.stand_in)
        finally:
            self._thinking = None
        return self.conclude(thinking, answer)

    def _stand_in(self, seat: int) -> Bot:
        bot = self._stand_ins.get(seat)
        if bot is None:
            bot = self._stand_ins[seat] = make_stand_in(self.table.match.seed, seat)
        return bot

    def conclude(self, thinking: Thinking, answer: BotAnswer) -> BotMoved:
        """The end of a bot's turn: its move (or its stand-in's) played if
        the game has not changed since it began, and the notices to show."""
        table, seat = self.table, thinking.seat
        notices: list[str] = []
        if answer.failure is not None:
            notices.append(answer.failure.text(table.name(seat)))
        # An engine seat's program that failed was replaced by a built-in bot: that is said too.
        notices.extend(notice.text(table.name(notice.seat)) for notice in take_notices(table.bots))
        game = table.game
        if thinking.generation != table.generation or game.over or game.turn != seat:
            return BotMoved(seat, None, tuple(notices))  # the game changed while the bot thought
        if answer.move is None:
            self._stalled = (seat, thinking.generation)
            return BotMoved(seat, None, tuple(notices))
        return BotMoved(seat, self.play(answer.move), tuple(notices))

    # -- the turn clock --------------------------------------------------------------------

    @property
    def turn_time(self) -> float:
        """Seconds a person at this terminal has for each move (0: no clock)."""
        return self.table.turn_time if self.places_at_once else 0.0

    def clock(self, now: float | None = None) -> Turn | None:
        """The person's turn on the clock now, or None: no clock, or no
        person's turn on screen. A turn starts the first time it is asked
        for (its whole time from then) and keeps its deadline until the
        game changes."""
        seconds = self.turn_time
        if seconds <= 0:
            return None
        step = self.step()
        if not isinstance(step, PersonTurn):
            self._turn = None
            return None
        generation = self.table.generation
        turn = self._turn
        if turn is None or (turn.seat, turn.length) != (step.seat, generation):
            started = time.monotonic() if now is None else now
            turn = self._turn = Turn(step.seat, generation, started + seconds)
        return turn

    def time_left(self, now: float | None = None) -> tuple[int, float] | None:
        """The seat on the clock and its seconds left (as a network table says it), or None."""
        turn = self.clock(now)
        return None if turn is None else (turn.seat, turn.left(now))

    def time_up(self, turn: Turn) -> BotMoved | None:
        """``turn``'s time has run out: the stand-in plays that seat's move
        (as at a network host), with the notice to show; None if the turn is
        no longer the one on the clock (the person moved, an undo)."""
        table = self.table
        game = table.game
        if self._turn is not turn or table.generation != turn.length or game.over or game.turn != turn.seat:
            return None
        self._turn = None
        seat = turn.seat
        name = table.name(seat)
        if len(table.humans) == 1:
            # The one person here: spoken to, not named ("You ran out" reads wrong).
            notices = [_("Your time ran out; a bot played this move for you.")]
        else:
            said = TurnTimedOut(seat, name).text
            notices = [_("{news}.").format(news=said[:1].upper() + said[1:])]
        bot = self._stand_in(seat)
        # Asked as any bot is; should it fail, a second copy could do no better.
        answer = ask_bot(bot, game.view(seat), bot)
        if answer.failure is not None:
            notices.append(answer.failure.text(name))
        if answer.move is None:
            return BotMoved(seat, None, tuple(notices))
        return BotMoved(seat, self.play(answer.move), tuple(notices))

    # -- a person's move -------------------------------------------------------------------

    def play(self, move: Move) -> Played:
        """Play ``move`` for the seat to move, at once (a local table)."""
        seat = self.table.game.turn
        events = self.table.play(move)
        return Played(seat, move, events)

    @property
    def places_at_once(self) -> bool:
        """Whether a move goes into the game at once (:meth:`play`), or is
        sent to the host, which answers later (:meth:`send`; a network table)."""
        return not isinstance(self.table, NetTable)

    async def send(self, move: Move) -> str | None:
        """Send a move of this terminal's seat to the host (a network table);
        why it was refused, in words, or None: the game's news brings it."""
        table = self.table
        assert isinstance(table, NetTable)
        try:
            return await table.send_move(move)
        except JoinError as exc:
            return problem_text(exc)

    # -- taking back, and the next round --------------------------------------------

    def undo(self, agreed: int | None = None) -> int:
        """The table's undo (no bot's answer from before it is played); how many
        moves. ``agreed``: the person who allowed it, when the table's
        :meth:`~indigo_tui.table.base.Table.undo_asks` names one (the front asks)."""
        self._thinking = None
        return self.table.undo(agreed)

    def redo(self) -> int:
        """The table's redo (no bot's answer from before it is played); how many moves."""
        self._thinking = None
        return self.table.redo()

    def next_round(self) -> None:
        """Deal the next round (a :class:`~indigo_tui.table.base.TableRefusal` if this table may not)."""
        self._thinking = None
        self.table.next_round()

    # -- hints ------------------------------------------------------------------------

    def ask_hint(self, view: SeatView | None) -> HintAsked | str:
        """A hint for the seat on screen (``view``), counted; or why there is
        none now, in words."""
        table = self.table
        if not table.offers_hints:
            # A network game whose host allows none.
            return _(
                "The host allows no hints in this game: the host turns them on with Allow hints on its "
                "form, or indigo host --hints."
            )
        if view is None or not view.my_turn or not table.human_to_move:
            return _("A hint is for your own move.")
        table.count_hint(view.seat)
        return HintAsked(view.seat, table.generation, view.detached())

    @staticmethod
    def suggest(asked: HintAsked) -> Suggestion | str:
        """The search bot's hint, or why it has none, in words. It thinks for
        a while: run it off an event loop."""
        from ..bots.review import Reviewer

        try:
            move, expected = Reviewer().suggest(asked.view)
        except ValueError as exc:
            return _("No hint: {reason}.").format(reason=exc)
        return Suggestion(asked.seat, asked.generation, move, expected)

    def current(self, suggestion: Suggestion) -> bool:
        """Whether ``suggestion`` is still for the position on screen."""
        view = self.table.view()
        return (
            suggestion.generation == self.table.generation
            and view is not None
            and view.seat == suggestion.seat
            and view.my_turn
        )


__all__ = [
    "Awaiting",
    "BotMoved",
    "BotTurn",
    "HandOff",
    "HintAsked",
    "PersonTurn",
    "Played",
    "RoundOver",
    "Stalled",
    "Step",
    "Suggestion",
    "Thinking",
    "TurnDriver",
]
