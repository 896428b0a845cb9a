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
    """Place a tile of ``tile`` kind, turned ``rotation`` steps clockwise, on ``cell``."""

    cell: int
    tile: int
    rotation: int

    @classmethod
    def make(cls, cell: int, tile: int, rotation: int) -> Move:
        """A move with its rotation normalised, so equal placements compare equal."""
        return cls(cell, tile, normal_rotation(tile, rotation))

    @classmethod
    def parse(cls, text: str) -> Move:
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
        q, r = COORDS[self.cell]
        return f"{KIND_CODES[self.tile]}/{self.rotation}@{q},{r}"
