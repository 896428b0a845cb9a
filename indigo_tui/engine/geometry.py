"""Board geometry: cells, edges, gates and treasure tiles.

The board is a hexagon of radius 4 (61 cells) in axial coordinates ``(q, r)``,
pointy-top, as fixed by ``RULES-NOTES.md``. The engine never works with
coordinate tuples on its hot path: every cell has an integer *index* (rows from
the top, west to east), and every edge of every cell is a *slot*
``cell * 6 + edge``. All neighbourhood questions are answered by the tables
below, computed once at import.
"""

from __future__ import annotations

from typing import Final

RADIUS: Final = 4

#: Edge numbering, clockwise from the top-left, as ``(dq, dr)`` offsets of the
#: neighbour across that edge.
EDGE_OFFSETS: Final[tuple[tuple[int, int], ...]] = (
    (0, -1),  # 0 NW
    (1, -1),  # 1 NE
    (1, 0),  # 2 E
    (0, 1),  # 3 SE
    (-1, 1),  # 4 SW
    (-1, 0),  # 5 W
)
EDGE_NAMES: Final = ("NW", "NE", "E", "SE", "SW", "W")

Coord = tuple[int, int]


def on_board(q: int, r: int) -> bool:
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


#: Every cell's coordinates, in index order: rows top to bottom, then west to east.
COORDS: Final[tuple[Coord, ...]] = tuple(
    (q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1) if on_board(q, r)
)
CELL_COUNT: Final = len(COORDS)
SLOT_COUNT: Final = CELL_COUNT * 6
INDEX: Final[dict[Coord, int]] = {coord: i for i, coord in enumerate(COORDS)}

CENTRE: Final = INDEX[(0, 0)]

#: The six corner treasure cells with their arrow edge (facing the centre).
CORNER_ARROWS: Final[dict[int, int]] = {
    INDEX[(0, -4)]: 3,
    INDEX[(4, -4)]: 4,
    INDEX[(4, 0)]: 5,
    INDEX[(0, 4)]: 0,
    INDEX[(-4, 4)]: 1,
    INDEX[(-4, 0)]: 2,
}
CORNERS: Final[tuple[int, ...]] = tuple(CORNER_ARROWS)
TREASURE_CELLS: Final[frozenset[int]] = frozenset((CENTRE, *CORNERS))


def cell_index(q: int, r: int) -> int:
    """The index of cell ``(q, r)``; ``KeyError`` if it is not on the board."""
    return INDEX[(q, r)]


def slot(cell: int, edge: int) -> int:
    return cell * 6 + edge


def _neighbour_slots() -> tuple[int, ...]:
    table = []
    for q, r in COORDS:
        for edge, (dq, dr) in enumerate(EDGE_OFFSETS):
            nq, nr = q + dq, r + dr
            table.append(INDEX[(nq, nr)] * 6 + (edge + 3) % 6 if on_board(nq, nr) else -1)
    return tuple(table)


#: ``NEIGHBOUR_SLOT[cell*6+e]`` is the same physical edge seen from the
#: neighbouring cell, or -1 where the edge is the rim of the board.
NEIGHBOUR_SLOT: Final[tuple[int, ...]] = _neighbour_slots()


#: ``FACING_SLOTS[cell]``: the slots of the neighbouring cells that face
#: ``cell``, in edge order: where gems wait for a tile on ``cell``.
FACING_SLOTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(NEIGHBOUR_SLOT[cell * 6 + e] for e in range(6) if NEIGHBOUR_SLOT[cell * 6 + e] >= 0)
    for cell in range(CELL_COUNT)
)


def neighbour(cell: int, edge: int) -> int | None:
    """The cell across ``edge`` of ``cell``, or None off the board."""
    other = NEIGHBOUR_SLOT[cell * 6 + edge]
    return None if other < 0 else other // 6


def outward_edges(cell: int) -> tuple[int, ...]:
    return tuple(e for e in range(6) if NEIGHBOUR_SLOT[cell * 6 + e] < 0)


def _gates() -> tuple[tuple[int, ...], ...]:
    gates: list[list[int]] = [[] for _ in range(6)]
    for cell in range(CELL_COUNT):
        out = outward_edges(cell)
        if len(out) == 2 and cell not in TREASURE_CELLS:
            # Two consecutive outward edges g, g+1 (0 and 5 wrap around to gate 5).
            g = 5 if out == (0, 5) else out[0]
            gates[g].append(cell)
    return tuple(tuple(sorted(cells, key=lambda c: COORDS[c])) for cells in gates)


#: ``GATE_CELLS[g]``: the three cells of gate ``g`` (the rulebook's goal g+1).
GATE_CELLS: Final[tuple[tuple[int, ...], ...]] = _gates()
#: ``GATE_OF_CELL[cell]``: the gate a cell belongs to, or -1.
GATE_OF_CELL: Final[tuple[int, ...]] = tuple(
    next((g for g, cells in enumerate(GATE_CELLS) if c in cells), -1) for c in range(CELL_COUNT)
)
#: ``GATE_OF_SLOT[slot]``: the gate reached by leaving the board across that
#: edge, or -1 where the edge is not a gate exit.
GATE_OF_SLOT: Final[tuple[int, ...]] = tuple(
    GATE_OF_CELL[s // 6] if NEIGHBOUR_SLOT[s] < 0 else -1 for s in range(SLOT_COUNT)
)

#: Cells that take path tiles (all but the seven treasure cells).
PATH_CELLS: Final[tuple[int, ...]] = tuple(c for c in range(CELL_COUNT) if c not in TREASURE_CELLS)

assert CELL_COUNT == 61 and len(PATH_CELLS) == 54
assert all(len(cells) == 3 for cells in GATE_CELLS)


def hex_distance(a: int, b: int) -> int:
    """Steps between two cells (axial coordinates)."""
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def vertical_neighbour(cell: int, step: int) -> int | None:
    """The cell above (``step`` < 0) or below ``cell`` on the screen, or None
    at the board's edge. Rows of pointy-top hexes are offset by half a cell,
    so going straight up or down zig-zags between the two hex directions
    (NW/NE up, SW/SE down) to keep to a column; where the first choice is off
    the board the other is taken."""
    q, r = COORDS[cell]
    if step < 0:
        options = ((q + 1, r - 1), (q, r - 1)) if r % 2 == 0 else ((q, r - 1), (q + 1, r - 1))
    else:
        options = ((q - 1, r + 1), (q, r + 1)) if r % 2 == 0 else ((q, r + 1), (q - 1, r + 1))
    for coord in options:
        if coord in INDEX:
            return INDEX[coord]
    return None
