"""``random``: a uniformly random legal move."""

from __future__ import annotations

from typing import Final

from ..engine import Move, SeatView
from ..engine.board import PLACEABLE
from ..engine.game import randbelow, stream
from ..engine.geometry import CELL_COUNT
from ..engine.tiles import ORIENTATIONS
from ..i18n import N_, _
from .base import BotSpecError

#: ``SIZES[kind]``: how many distinct orientations the kind has.
SIZES: Final[tuple[int, ...]] = tuple(len(rotations) for rotations in ORIENTATIONS)
#: The move's type as this module's own constant: compiled, a name imported
#: from a plain module (moves.py: msgspec's structs) is looked up at every use.
_MOVE: Final = Move
#: Moves are frozen, so equal ones may be one object: each placement's move
#: is made the first time it is chosen, ``_MOVES[cell * 30 + kind * 6 +
#: rotation]``, and given again after (a game then makes no move object).
_MOVES: Final[list[Move | None]] = [None] * (CELL_COUNT * 30)


class RandomBot:
    """Uniform over the legal moves, by rejection sampling: a uniform draw of
    (tile in hand, distinct orientation, empty cell) kept only when legal is
    uniform over legal moves, and far cheaper than listing them all. The
    first draw picks one of the hand's placements (each tile's distinct
    orientations, in hand order), the second an empty cell. On an empty cell
    of a game not over, a draw is legal when the board's table of placeable
    tiles (``board.PLACEABLE``, which the board's judge agrees with:
    tests/engine/test_judge.py) holds it: one look-up (``Board.is_legal``
    builds the judge's reasons, and measured slower)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "random"
        #: The bot's draws: ``random.Random(seed)``'s (engine.game.stream).
        self.rng = stream(seed)
        #: ``rng.getrandbits``, looked up once rather than at every move.
        self._bits = self.rng.getrandbits

    def choose(self, view: SeatView) -> Move:
        board = view.board
        hand = view.hand or tuple(k for k, left in enumerate(board.unplaced) if left > 0)
        empties = board.empty_cells
        if not empties or not board.gems_on_board:  # the game is over
            raise ValueError("no move to choose: the game is over")
        choices = 0
        for kind in hand:
            choices += SIZES[kind]
        getrandbits = self._bits
        # randbelow(getrandbits, n) is rng.randrange(n), the same draws, without its layers.
        while True:
            choice = randbelow(getrandbits, choices)
            cell = empties[randbelow(getrandbits, len(empties))]
            for kind in hand:
                size = SIZES[kind]
                if choice < size:
                    rotation = ORIENTATIONS[kind][choice]
                    placement = cell * 30 + kind * 6 + rotation
                    if PLACEABLE[placement]:
                        move = _MOVES[placement]
                        if move is None:
                            move = _MOVES[placement] = _MOVE(cell, kind, rotation)
                        return move
                    break
                choice -= size


#: What the registry says of ``random``.
DESCRIPTION = N_("uniformly random legal moves")


def make(argument: str | None, seed: int | str | None) -> RandomBot:
    """``random``: takes no argument."""
    if argument is not None:
        raise BotSpecError(_("the random bot takes no argument"))
    return RandomBot(seed)
