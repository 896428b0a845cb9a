"""The turn clock of a network game (``indigo host --turn-time SECONDS``).

When a seat played by a person (at a guest terminal or at the host's screen)
is to move, it has the same number of seconds every turn; when they run out
the host plays that seat's move with a bot and tells everyone. So nobody can
hold a game up for ever by not moving (or by keeping a dead connection's
seat). The clock is off unless the host sets it; it stops while an undo is
being voted on and starts again, whole, after it. :class:`TurnTimer` only
keeps time: the host says when a turn begins and what to do when it is up.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

from ..i18n import _, decimal

#: The fewest and most seconds a turn may be given (the host's form and ``--turn-time``).
MIN_TURN_TIME: Final = 5.0
MAX_TURN_TIME: Final = 3600.0


def turn_time_problem(seconds: float) -> str | None:
    """Why ``seconds`` is no turn time, in words; None if it is one (0 is no clock)."""
    if seconds == 0 or MIN_TURN_TIME <= seconds <= MAX_TURN_TIME:
        return None
    return _("a turn time is 0 (no clock) or {least} to {most} seconds").format(
        least=decimal(MIN_TURN_TIME), most=decimal(MAX_TURN_TIME)
    )


@dataclass(frozen=True)
class Turn:
    """A turn on the clock: ``seat`` is to move at event ``length`` of the
    round's public log, until ``deadline`` (``time.monotonic``)."""

    seat: int
    length: int
    deadline: float

    def left(self, now: float | None = None) -> float:
        return max(0.0, self.deadline - (time.monotonic() if now is None else now))


class TurnTimer:
    """Keeps the time of the turn being played; ``time_up(turn)`` is awaited
    when it runs out (and not at all if the clock is stopped or restarted first)."""

    def __init__(self, seconds: float, time_up: Callable[[Turn], Awaitable[None]]) -> None:
        self.seconds = seconds
        self.time_up = time_up
        #: The turn on the clock now, if any.
        self.turn: Turn | None = None
        self._timer: asyncio.Task[None] | None = None

    @property
    def on(self) -> bool:
        """Whether this game has a turn clock at all."""
        return self.seconds > 0

    def start(self, seat: int, length: int) -> Turn | None:
        """``seat`` is to move at event ``length``: the whole time again, from
        now. The same turn already on the clock keeps its time; None if the
        game has no clock."""
        if not self.on:
            return None
        if self.turn is not None and (self.turn.seat, self.turn.length) == (seat, length):
            return self.turn
        self.stop()
        turn = self.turn = Turn(seat, length, time.monotonic() + self.seconds)
        self._timer = asyncio.create_task(self._run(turn))
        return turn

    def stop(self) -> None:
        """No turn on the clock (the game is over, an undo is voted on, a bot moves)."""
        self.turn = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _run(self, turn: Turn) -> None:
        await asyncio.sleep(turn.left())
        if self.turn is turn:
            self._timer = None  # time_up may restart the clock: this task is done with it
            await self.time_up(turn)

    async def close(self) -> None:
        timer = self._timer
        self.stop()
        if timer is not None:
            with contextlib.suppress(BaseException):
                await timer


__all__ = ["MAX_TURN_TIME", "MIN_TURN_TIME", "Turn", "TurnTimer", "turn_time_problem"]
