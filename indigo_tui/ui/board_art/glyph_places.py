"""Where the board's glyphs go: one list of what lies on top of the raster, in
board sub-pixels, that the text picture (:mod:`.picture`, a character each) and
the pixel picture (:mod:`.pixels`, a shape each) both draw.

A position's glyphs (:func:`position_glyphs`): the corners' arrows, each gate's
label, the gems resting on edges and those still on the centre tile. A frame's
(:func:`mark_glyphs`): where each what-if route ends, gems being animated, the
cells' coordinates and the tagged cell's. Each renderer only decides how a
glyph looks and how it snaps to its own grid (characters, or screen pixels).
Nothing here imports Textual.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import GEM_KIND, GemMoved
from ...engine.geometry import CELL_COUNT, CENTRE, CORNER_ARROWS, GATE_CELLS
from .hexgrid import HexGrid, board_grid

#: How far beyond the corner in the middle of a gate's side its label sits
#: (in neighbour-to-neighbour vectors; the corner itself is a third of the way).
LABEL_OUT = 0.45
#: How far outside the rim a gem that would leave through a gate is shown.
GATE_OUT = 0.35


@dataclass(frozen=True)
class Arrow:
    """A corner tile's arrow: the edge it sends gems through."""

    x: float
    y: float
    edge: int


@dataclass(frozen=True)
class GateLabel:
    """A gate's label (its number and its owners' letters), a little beyond
    the corner in the middle of its side."""

    x: float
    y: float
    gate: int
    owners: tuple[int, ...]


@dataclass(frozen=True)
class Gem:
    """A gem resting on an edge, or being animated along its route."""

    x: float
    y: float
    kind: str


@dataclass(frozen=True)
class CentreGems:
    """The gems still on the centre tile, in the order they leave it."""

    x: float
    y: float
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class RouteEnd:
    """Where a what-if route ends: out through a gate (to ``scorer``), where two
    gems would meet, or where one would come to rest."""

    x: float
    y: float
    kind: str
    outcome: str
    scorer: int | None


@dataclass(frozen=True)
class Coordinates:
    """A cell's coordinates, at its middle; ``tagged``: in the tag on its rim."""

    x: float
    y: float
    cell: int
    tagged: bool


Glyph = Arrow | GateLabel | Gem | CentreGems | RouteEnd | Coordinates


def position_glyphs(
    grid: HexGrid,
    gates: tuple[tuple[int, ...], ...],
    slots: tuple[int, ...],
    centre: tuple[int, ...],
) -> list[Glyph]:
    """A position's glyphs: arrows, gate labels, the centre's gems (``centre``:
    gem numbers) and the gems resting on edges (``slots``: each gem's edge slot,
    -1 for none)."""
    board = board_grid(grid)
    glyphs: list[Glyph] = []
    for corner, edge in CORNER_ARROWS.items():
        cx, cy = board.centres[corner]
        glyphs.append(Arrow(cx, cy, edge))
    for gate in range(len(GATE_CELLS)):
        glyphs.append(GateLabel(*gate_label_anchor(grid, gate), gate, gates[gate]))
    cx, cy = board.centres[CENTRE]
    glyphs.append(CentreGems(cx, cy, tuple(GEM_KIND[g] for g in centre)))
    for gem, slot in enumerate(slots):
        if slot >= 0:
            mx, my = board.midpoint(slot // 6, slot % 6)
            glyphs.append(Gem(mx + 0.5, my + 0.5, GEM_KIND[gem]))
    return glyphs


def gate_label_anchor(grid: HexGrid, gate: int) -> tuple[float, float]:
    """Where a gate's label goes: a little beyond the corner that sticks out in
    the middle of its side (a third of the way to the two neighbours' centres)."""
    cx, cy = board_grid(grid).centres[GATE_CELLS[gate][1]]
    ax, ay = grid.edge_vector(gate)
    bx, by = grid.edge_vector((gate + 1) % 6)
    return cx + (ax + bx) * LABEL_OUT, cy + (ay + by) * LABEL_OUT


def mark_glyphs(
    grid: HexGrid,
    preview: tuple[GemMoved, ...],
    moving: tuple[tuple[str, float, float], ...],
    coordinates: bool,
    tagged: int | None,
) -> list[Glyph]:
    """A frame's glyphs: the ends of the what-if routes, the gems being animated,
    every cell's coordinates (``coordinates``) and the ``tagged`` cell's."""
    board = board_grid(grid)
    glyphs: list[Glyph] = []
    for move in preview:
        last = move.route[-1]
        if move.outcome == "gate":
            ex, ey = board.edge_point(last // 6, last % 6, out=GATE_OUT)
            scorer = move.scorers[0] if move.scorers else None
            glyphs.append(RouteEnd(ex, ey, move.kind, move.outcome, scorer))
        else:
            mx, my = board.midpoint(last // 6, last % 6)
            glyphs.append(RouteEnd(mx + 0.5, my + 0.5, move.kind, move.outcome, None))
    glyphs.extend(Gem(x, y, kind) for kind, x, y in moving)
    if coordinates:
        for cell in range(CELL_COUNT):
            if cell != tagged:  # its tag says them
                cx, cy = board.centres[cell]
                glyphs.append(Coordinates(cx, cy, cell, False))
    if tagged is not None:
        cx, cy = board.centres[tagged]
        glyphs.append(Coordinates(cx, cy, tagged, True))
    return glyphs
