"""``random``: a uniformly random legal move."""

from __future__ import annotations

import random

from ..engine import Move, SeatView
from ..engine.board import ALLOWED
from ..engine.game import randbelow
from ..engine.tiles import ORIENTATIONS
from ..i18n import N_, _
from .base import BotSpecError


class RandomBot:
    """Uniform over the legal moves, by rejection sampling: a uniform draw of
    (tile in hand, distinct orientation, empty cell) kept only when legal is
    uniform over legal moves, and far cheaper than listing them all. On an
    empty cell of a game not over, a draw is legal when the board's table of
    allowed rotations (``board.ALLOWED``, which the board's judge agrees with:
    tests/engine/test_judge.py) holds it: a look-up in a tuple of at most six
    (``Board.is_legal`` builds the judge's reasons, and measured slower)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)
        #: Per hand: one entry per (tile, distinct orientation), every placement equally likely.
        self._choices: dict[tuple[int, ...], list[tuple[int, int]]] = {}

    def choose(self, view: SeatView) -> Move:
        board = view.board
        hand = view.hand or tuple(k for k, left in enumerate(board.unplaced) if left > 0)
        empties = board.empty_cells
        if not empties or not board.gems_on_board:  # the game is over
            raise ValueError("no move to choose: the game is over")
        choices = self._choices.get(hand)
        if choices is None:
            choices = self._choices[hand] = [(kind, rot) for kind in hand for rot in ORIENTATIONS[kind]]
        getrandbits = self.rng.getrandbits
        # randbelow(getrandbits, n) is rng.randrange(n), the same draws, without its layers.
        while True:
            kind, rotation = choices[randbelow(getrandbits, len(choices))]
            cell = empties[randbelow(getrandbits, len(empties))]
            if rotation in ALLOWED[cell][kind]:
                return Move(cell, kind, rotation)


#: What the registry says of ``random``.
DESCRIPTION = N_("uniformly random legal moves")


def make(argument: str | None, seed: int | str | None) -> RandomBot:
    """``random``: takes no argument."""
    if argument is not None:
        raise BotSpecError(_("the random bot takes no argument"))
    return RandomBot(seed)
