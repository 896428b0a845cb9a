"""Bots that fail, for the tests of the one policy for a failing bot
(``indigo_tui/bots/stand_in.py``) through every front."""

from __future__ import annotations

from indigo_tui.engine import Move, SeatView
from indigo_tui.engine.geometry import CENTRE


class RaisingBot:
    """A bot with a bug: every move it is asked for raises."""

    name = "raising"

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, view: SeatView) -> Move:
        self.asked += 1
        raise RuntimeError("the bot's own bug")


class IllegalBot:
    """A bot that answers with a placement on the centre, which holds the
    treasure and never takes a tile."""

    name = "illegal"

    def choose(self, view: SeatView) -> Move:
        return Move(CENTRE, view.hand[0], 0)


__all__ = ["IllegalBot", "RaisingBot"]
