"""A move (place one tile) and its short text notation.

The notation is ``KIND/ROTATION@Q,R``, for example ``122/3@2,-1``: the tile
kind named by its path lengths, the rotation clockwise from the kind's base
orientation, and the cell in axial coordinates.
"""

from __future__ import annotations

import re
from enum import StrEnum

import msgspec

from .geometry import COORDS, INDEX
from .tiles import KIND_CODES, Paths, normal_rotation, rotated_paths

_NOTATION = re.compile(r"^\s*(\d{3})/([0-5])@(-?\d+),\s*(-?\d+)\s*$")


class MoveSyntax(StrEnum):
    """Why text is not a move in the notation (:class:`MoveParseError`)."""

    #: Not of the shape ``KIND/ROTATION@Q,R``.
    SHAPE = "shape"
    #: ``KIND`` is none of the five tile kinds' codes.
    KIND = "kind"
    #: ``Q,R`` is not a cell of the board.
    CELL = "cell"


class MoveParseError(ValueError):
    """Text that is not a move in the ``KIND/ROTATION@Q,R`` notation: ``code``
    says what is wrong with ``text``. (People type moves through the text
    front end's own parser, which says what is wrong in their language.)"""

    def __init__(self, code: MoveSyntax, text: str) -> None:
        super().__init__(f"{code.value}: {text!r}")
        self.code = code
        self.text = text


class Move(msgspec.Struct, frozen=True, array_like=True):
    """Place a tile of ``tile`` kind, turned ``rotation`` steps clockwise, on ``cell``.

    A move is plain data and may be anything (a peer's, a program's):
    :meth:`Game.refusal <indigo_tui.engine.game.Game.refusal>` says whether
    it is legal. It prints in the notation and its ``repr`` is the Python
    that makes it again:

    >>> move = Move.parse('122/3@2,-1')
    >>> move, str(move), (move.cell, move.tile, move.rotation)
    (Move.parse('122/3@2,-1'), '122/3@2,-1', (23, 3, 3))
    >>> Move.parse('111/3@2,-1')  # three short curves turned 3 look as turned 1
    Move.parse('111/1@2,-1')
    >>> Move(23, 1, 4), Move(99, 0, 0)  # not in normal rotation, or no placement at all
    (Move(cell=23, tile=1, rotation=4), Move(cell=99, tile=0, rotation=0))
    """

    cell: int
    tile: int
    rotation: int

    @classmethod
    def make(cls, cell: int, tile: int, rotation: int) -> Move:
        """A move with its rotation normalised, so equal placements compare
        equal (with :attr:`Game.legal_moves <indigo_tui.engine.game.Game.legal_moves>`,
        say); ``push`` normalises what it records either way. A move that is
        no placement (no tile kind, a rotation not 0 to 5) stays as it is,
        for the rules to refuse.

        >>> Move.make(23, 1, 4), Move.make(23, 7, 4)
        (Move.parse('333/0@2,-1'), Move(cell=23, tile=7, rotation=4))
        """
        if not 0 <= tile < len(KIND_CODES) or not 0 <= rotation < 6:
            return cls(cell, tile, rotation)
        return cls(cell, tile, normal_rotation(tile, rotation))

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move ``text`` writes in the notation ``KIND/ROTATION@Q,R``, in
        its normal rotation; :class:`MoveParseError` (its ``code`` says what
        is wrong) for text that is not a move on the board.

        >>> Move.parse(' 223/5@-3,0 ')
        Move.parse('223/2@-3,0')
        >>> Move.parse('223/1@9,9')
        Traceback (most recent call last):
        ...
        indigo_tui.engine.moves.MoveParseError: cell: '223/1@9,9'
        """
        match = _NOTATION.match(text)
        if match is None:
            raise MoveParseError(MoveSyntax.SHAPE, text)
        code, rotation, q, r = match.groups()
        if code not in KIND_CODES:
            raise MoveParseError(MoveSyntax.KIND, text)
        cell = INDEX.get((int(q), int(r)))
        if cell is None:
            raise MoveParseError(MoveSyntax.CELL, text)
        return cls.make(cell, KIND_CODES.index(code), int(rotation))

    @property
    def coord(self) -> tuple[int, int]:
        return COORDS[self.cell]

    @property
    def paths(self) -> Paths:
        return rotated_paths(self.tile, self.rotation)

    def __str__(self) -> str:
        """The move in the notation; a move that is no placement (a cell off
        the board, no tile kind, a rotation not 0 to 5) as its ``repr``."""
        if not self._notable():
            return repr(self)
        q, r = COORDS[self.cell]
        return f"{KIND_CODES[self.tile]}/{self.rotation}@{q},{r}"

    def __repr__(self) -> str:
        # What parses back to an equal move: the notation where it does (a
        # placement in normal rotation), the constructor's fields elsewhere.
        if self._notable() and normal_rotation(self.tile, self.rotation) == self.rotation:
            return f"Move.parse({str(self)!r})"
        return f"Move(cell={self.cell!r}, tile={self.tile!r}, rotation={self.rotation!r})"

    def _notable(self) -> bool:
        """Whether the notation can write this move."""
        return 0 <= self.cell < len(COORDS) and 0 <= self.tile < len(KIND_CODES) and 0 <= self.rotation < 6
