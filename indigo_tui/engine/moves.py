"""A move (place one tile) and its short text notation.

The notation is ``KIND/ROTATION@Q,R``, for example ``122/3@2,-1``: the tile
kind named by its path lengths, the rotation clockwise from the kind's base
orientation, and the cell in axial coordinates.
"""

from __future__ import annotations

import re

import msgspec

from .geometry import COORDS, INDEX
from .tiles import KIND_CODES, Paths, normal_rotation, rotated_paths

_NOTATION = re.compile(r"^\s*(\d{3})/([0-5])@(-?\d+),\s*(-?\d+)\s*$")


class MoveParseError(ValueError):
    """Text that is not a move in the ``KIND/ROTATION@Q,R`` notation."""


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
            raise MoveParseError(f"{text!r} is not a move like 122/3@2,-1")
        code, rotation, q, r = match.groups()
        if code not in KIND_CODES:
            raise MoveParseError(f"{code!r} is not a tile kind (one of {', '.join(KIND_CODES)})")
        cell = INDEX.get((int(q), int(r)))
        if cell is None:
            raise MoveParseError(f"[{q},{r}] is not a cell of the board")
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
