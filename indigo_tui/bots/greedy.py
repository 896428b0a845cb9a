"""``greedy``: the best immediate points for itself minus the best opponent's."""

from __future__ import annotations

import random

from ..engine import GEM_POINTS, Move, SeatView
from ..i18n import N_, _
from .base import BotSpecError


def immediate_gain(view: SeatView, move: Move) -> int:
    """Points the move scores for this seat now, minus the most any other seat scores."""
    mine = 0
    others = [0] * view.setup.players
    for gem_move in view.preview(move):
        if gem_move.outcome != "gate":
            continue
        points = GEM_POINTS[gem_move.kind]
        for seat in gem_move.scorers:
            if seat == view.seat:
                mine += points
            else:
                others[seat] += points
    return mine - max(others)


class GreedyBot:
    """Looks one placement ahead; ties broken by a seeded coin."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        moves = view.legal_moves
        if not moves:
            raise ValueError("no move to choose")
        best: list[Move] = []
        best_gain = None
        for move in moves:
            gain = immediate_gain(view, move)
            if best_gain is None or gain > best_gain:
                best_gain, best = gain, [move]
            elif gain == best_gain:
                best.append(move)
        return best[self.rng.randrange(len(best))]


#: What the registry says of ``greedy``.
DESCRIPTION = N_("best immediate points for itself minus the best opponent's")


def make(argument: str | None, seed: int | str | None) -> GreedyBot:
    """``greedy``: takes no argument."""
    if argument is not None:
        raise BotSpecError(_("the greedy bot takes no argument"))
    return GreedyBot(seed)
