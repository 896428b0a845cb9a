"""The five path-tile kinds, their rotations and the box's counts.

A tile is three paths, each joining two of the six edges. A placed tile is a
``(kind, rotation)`` pair; rotating by ``k`` steps clockwise maps edge ``e`` to
``(e + k) % 6``. Kinds with symmetry have fewer distinct orientations, and
:data:`ORIENTATIONS` lists only the distinct ones, so a legal-move list never
repeats a placement.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

Paths = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


class TileKind(IntEnum):
    """Named by the lengths of its paths: 1 short curve, 2 long curve, 3 straight."""

    CURVES_111 = 0
    STRAIGHTS_333 = 1
    CURVES_113 = 2
    CURVES_122 = 3
    CURVES_223 = 4

    @property
    def code(self) -> str:
        return KIND_CODES[self]


KIND_CODES: Final = ("111", "333", "113", "122", "223")

#: Paths of each kind at rotation 0.
BASE_PATHS: Final[tuple[Paths, ...]] = (
    ((0, 5), (1, 2), (3, 4)),
    ((0, 3), (1, 4), (2, 5)),
    ((0, 5), (1, 4), (2, 3)),
    ((0, 1), (2, 4), (3, 5)),
    ((0, 3), (1, 5), (2, 4)),
)

#: How many tiles of each kind the box holds (54 in all).
COUNTS: Final[tuple[int, ...]] = (6, 6, 14, 14, 14)
TILE_TOTAL: Final = sum(COUNTS)


def canonical_paths(paths: Iterable[Iterable[int]]) -> Paths:
    """Sort each pair and the pairs, as the canonical notation does."""
    pairs = sorted(_pair(p) for p in paths)
    return (pairs[0], pairs[1], pairs[2])


def _pair(path: Iterable[int]) -> tuple[int, int]:
    low, high = sorted(path)
    return (low, high)


def rotated_paths(kind: int, rotation: int) -> Paths:
    return canonical_paths(((a + rotation) % 6, (b + rotation) % 6) for a, b in BASE_PATHS[kind])


def _orientations() -> tuple[tuple[int, ...], ...]:
    result = []
    for kind in range(len(BASE_PATHS)):
        seen: dict[Paths, int] = {}
        for rotation in range(6):
            seen.setdefault(rotated_paths(kind, rotation), rotation)
        result.append(tuple(seen.values()))
    return tuple(result)


#: ``ORIENTATIONS[kind]``: the rotations that give distinct tiles.
ORIENTATIONS: Final[tuple[tuple[int, ...], ...]] = _orientations()

#: ``EXIT[kind][rotation][e]``: the edge a path entering at ``e`` leaves by.
EXIT: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(next(b if a == e else a for a, b in rotated_paths(kind, rot) if e in (a, b)) for e in range(6))
        for rot in range(6)
    )
    for kind in range(len(BASE_PATHS))
)

#: Every distinct placed tile, keyed by its canonical paths.
TILE_BY_PATHS: Final[dict[Paths, tuple[int, int]]] = {
    rotated_paths(kind, rot): (kind, rot) for kind in range(len(BASE_PATHS)) for rot in ORIENTATIONS[kind]
}


#: ``NORMAL[kind][rotation]``: the rotation listed in :data:`ORIENTATIONS`
#: that places the same tile as ``rotation`` (a straight turned 3 is the
#: straight turned 0). The log and ``legal_moves`` hold only these.
NORMAL: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(TILE_BY_PATHS[rotated_paths(kind, rotation)][1] for rotation in range(6))
    for kind in range(len(BASE_PATHS))
)


def normal_rotation(kind: int, rotation: int) -> int:
    """The first rotation in :data:`ORIENTATIONS` that gives the same tile.

    >>> normal_rotation(TileKind.STRAIGHTS_333, 4), normal_rotation(TileKind.CURVES_223, 5)
    (0, 2)
    """
    return NORMAL[kind][rotation % 6]


assert [len(o) for o in ORIENTATIONS] == [2, 1, 3, 6, 3]
assert TILE_TOTAL == 54
