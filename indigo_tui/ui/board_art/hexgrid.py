"""Hexagons on a grid of sub-pixels: where every cell lies, its shape, rim, edge midpoints and paths.

Sub-pixels are not square: a terminal cell is about twice as tall as it is
wide, and each encoder cuts it into ``cols`` x ``rows`` sub-pixels. The cells'
centres sit on an integer lattice (``width`` sub-pixels between neighbours in
a row, ``pitch`` between rows, odd rows shifted by half a width), so every
hexagon is the same set of sub-pixels moved: one template per size, drawn
identically everywhere (a crisp picture has no rounding that differs from
tile to tile). A cell's shape is the set of sub-pixels nearer (in real,
on-screen distance) to its centre than to any neighbour's, which tiles the
plane exactly.

Edges are numbered as in the rules notes: ``0 = NW`` clockwise to ``5 = W``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Final

from ...engine.geometry import COORDS, EDGE_OFFSETS, RADIUS

Pixel = tuple[int, int]

#: A terminal cell's height over its width (DejaVu Sans Mono and most terminal fonts).
CELL_ASPECT: Final = 2.0
SQRT3: Final = math.sqrt(3.0)


@dataclass(frozen=True)
class HexGrid:
    """The lattice for one hexagon size and one sub-pixel shape."""

    width: int  # sub-pixels between the centres of neighbours in a row (even)
    pitch: int  # sub-pixels between the centres of neighbouring rows
    sub_cols: int  # sub-pixels per character, across
    sub_rows: int  # and down

    @property
    def pixel_w(self) -> float:
        """A sub-pixel's width, in character widths."""
        return 1.0 / self.sub_cols

    @property
    def pixel_h(self) -> float:
        return CELL_ASPECT / self.sub_rows

    def offset(self, q: int, r: int) -> Pixel:
        """The centre of cell ``(q, r)`` relative to the centre cell's, in sub-pixels."""
        return self.width * q + (self.width * r) // 2, self.pitch * r

    def edge_vector(self, edge: int) -> Pixel:
        dq, dr = EDGE_OFFSETS[edge]
        return self.offset(dq, dr)


def grid_for(width: int, sub_cols: int, sub_rows: int) -> HexGrid:
    """The lattice whose hexagons are ``width`` sub-pixels across, as regular as rounding allows."""
    pixel_w, pixel_h = 1.0 / sub_cols, CELL_ASPECT / sub_rows
    pitch = max(1, round(width * pixel_w * SQRT3 / 2 / pixel_h))
    return HexGrid(width, pitch, sub_cols, sub_rows)


@dataclass(frozen=True)
class HexShape:
    """One cell's sub-pixels relative to its centre (the centre is a pixel corner)."""

    rows: tuple[tuple[int, int, int], ...]  # (y, first x, last x) of each row of the cell
    pixels: frozenset[Pixel]
    rim: tuple[Pixel, ...]
    midpoints: tuple[Pixel, ...]  # the sub-pixel at the middle of each edge, edges 0..5
    top: int
    bottom: int
    left: int
    right: int


def _distance2(grid: HexGrid, x: float, y: float) -> float:
    return (x * grid.pixel_w) ** 2 + (y * grid.pixel_h) ** 2


def y_phase(grid: HexGrid) -> float:
    """Where a sub-pixel's centre lies within it, down from the cell centre's row.

    With an even pitch the centre is a sub-pixel corner, with an odd one the
    middle of a sub-pixel row; either way the shape is symmetric top to bottom."""
    return 0.5 if grid.pitch % 2 == 0 else 0.0


@lru_cache(maxsize=32)
def hex_shape(grid: HexGrid) -> HexShape:
    pw2, ph2 = grid.pixel_w**2, grid.pixel_h**2
    # Nearer to the centre than to neighbour n is a linear inequality in the
    # sub-pixel's position: a*x + b*y < c (or <= where a tie goes to this cell).
    halfplanes = []
    for e in range(6):
        nx, ny = grid.edge_vector(e)
        later = ny > 0 or (ny == 0 and nx > 0)
        halfplanes.append((2 * nx * pw2, 2 * ny * ph2, nx * nx * pw2 + ny * ny * ph2, later))
    pixels: set[Pixel] = set()
    reach_x = grid.width // 2 + 2
    reach_y = grid.pitch + 2
    phase = y_phase(grid)
    for y in range(-reach_y, reach_y):
        cy = y + phase
        for x in range(-reach_x, reach_x):
            cx = x + 0.5
            for a, b, c, later in halfplanes:
                side = a * cx + b * cy
                # A tie goes to the cell that comes first in reading order, so
                # neighbouring shapes never overlap and never leave a gap.
                if side > c or (side == c and not later):
                    break
            else:
                pixels.add((x, y))
    rows: dict[int, list[int]] = {}
    for x, y in pixels:
        rows.setdefault(y, []).append(x)
    row_spans = tuple((y, min(xs), max(xs)) for y, xs in sorted(rows.items()))
    # Each row is one run of sub-pixels (the shape is convex), so a pixel is
    # on the rim where it ends its run or the run above or below stops short
    # of it: read off the runs, not looked up four times for every pixel.
    runs = {y: (x0, x1) for y, x0, x1 in row_spans}
    nowhere = (0, -1)

    def in_row(x: int, y: int) -> bool:
        first, last = runs.get(y, nowhere)
        return first <= x <= last

    rim = tuple(
        sorted(
            (x, y)
            for y, x0, x1 in row_spans
            for x in range(x0, x1 + 1)
            if x in (x0, x1) or not in_row(x, y - 1) or not in_row(x, y + 1)
        )
    )
    midpoints = []
    for nx, ny in (grid.edge_vector(e) for e in range(6)):
        mx, my = nx / 2, ny / 2

        def nearness(p: Pixel, mx: float = mx, my: float = my) -> tuple[float, Pixel]:
            return _distance2(grid, p[0] + 0.5 - mx, p[1] + phase - my), p

        # The nearest rim pixel bounds the search: a pixel at least as near
        # lies within that distance across and down (each part of a sum of
        # squares is at most the sum), so only the rows (each a run of the
        # convex shape) and columns that close are compared: the same pixel
        # as comparing every one, ties included, at a fraction of the cost.
        reach = nearness(min(rim, key=nearness))[0]
        near = [
            (x, y)
            for y, x0, x1 in row_spans
            if _distance2(grid, 0.0, y + phase - my) <= reach
            for x in range(x0, x1 + 1)
            if _distance2(grid, x + 0.5 - mx, 0.0) <= reach
        ]
        midpoints.append(min(near, key=nearness))
    xs = [x for x, _ in pixels]
    ys = [y for _, y in pixels]
    return HexShape(
        row_spans,
        frozenset(pixels),
        rim,
        tuple(midpoints),
        min(ys),
        max(ys),
        min(xs),
        max(xs),
    )


# -- paths ------------------------------------------------------------------------------


def _line(a: Pixel, b: Pixel) -> list[Pixel]:
    """Bresenham's line from ``a`` to ``b``, both ends included (8-connected)."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    out = [(x0, y0)]
    while (x0, y0) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy
        out.append((x0, y0))
    return out


def _thin(points: list[Pixel]) -> list[Pixel]:
    """Drop the inner pixel of every L-shaped step, so the line is one sub-pixel wide."""
    kept: list[Pixel] = []
    for i, p in enumerate(points):
        if kept and kept[-1] == p:
            continue
        if kept and i + 1 < len(points):
            nxt = points[i + 1]
            prev = kept[-1]
            if max(abs(prev[0] - nxt[0]), abs(prev[1] - nxt[1])) == 1 and nxt != prev:
                continue
        kept.append(p)
    return kept


@lru_cache(maxsize=512)
def path_pixels(grid: HexGrid, a: int, b: int) -> tuple[Pixel, ...]:
    """The sub-pixels of a path joining edges ``a`` and ``b``, relative to the cell's centre,
    from the middle of edge ``a`` to the middle of edge ``b``, 8-connected and one sub-pixel wide.

    Straights run through the centre; curves are quadratic Béziers that bow
    towards the corner between their edges, tighter for short curves
    (neighbouring edges) than for long ones, as on the real tiles."""
    shape = hex_shape(grid)
    ma, mb = shape.midpoints[a], shape.midpoints[b]
    phase = y_phase(grid)
    ax, ay = ma[0] + 0.5, ma[1] + phase
    bx, by = mb[0] + 0.5, mb[1] + phase
    gap = min((a - b) % 6, (b - a) % 6)
    if gap == 3:
        ctrl = (0.0, 0.0)
    else:
        # The control point pulls the curve towards the centre: a short curve is
        # about a circle around its corner, a long one bends gently.
        pull = 0.17 if gap == 1 else 0.2
        ctrl = (pull * (ax + bx), pull * (ay + by))
    steps = max(16, grid.width * 4)
    samples: list[Pixel] = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        x = u * u * ax + 2 * u * t * ctrl[0] + t * t * bx
        y = u * u * ay + 2 * u * t * ctrl[1] + t * t * by
        samples.append((math.floor(x), math.floor(y - phase + 0.5)))
    samples[0], samples[-1] = ma, mb
    joined: list[Pixel] = [ma]
    for p, q in pairwise(samples):
        if p != q:
            joined.extend(_line(p, q)[1:])
    inside = [p for p in _thin(joined) if p in shape.pixels]
    return tuple(inside)


def crossings(over: tuple[Pixel, ...], under: tuple[Pixel, ...]) -> list[Pixel]:
    """Where path ``over`` crosses path ``under``: shared sub-pixels, and the
    middle of an X where two diagonal steps cross without sharing one."""
    under_set = set(under)
    points = [p for p in over if p in under_set]
    for (x0, y0), (x1, y1) in pairwise(over):
        if abs(x1 - x0) == 1 and abs(y1 - y0) == 1 and (x1, y0) in under_set and (x0, y1) in under_set:
            points.append((x0, y0))
    return points


def bridge_gap(over: tuple[Pixel, ...], under: tuple[Pixel, ...]) -> set[Pixel]:
    """The sub-pixels of ``under`` to clear so that ``over`` visibly passes over it
    (a tile's paths cross on bridges, so which two edges a path joins stays plain)."""
    points = crossings(over, under)
    if not points:
        return set()
    over_set = set(over)
    gap: set[Pixel] = set()
    # The gap is one sub-pixel either side of the bridge; the ends of the path
    # under it stay, so a short path is never cut away.
    for x, y in under[2:-2]:
        if (x, y) in over_set:
            continue
        near_over = any((x + dx, y + dy) in over_set for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        near_cross = any(max(abs(x - cx), abs(y - cy)) <= 1 for cx, cy in points)
        if near_over and near_cross:
            gap.add((x, y))
    return gap


# -- the whole board ----------------------------------------------------------------------


@dataclass(frozen=True)
class BoardGrid:
    """Where every cell of the board lies on a raster of ``px_width`` x ``px_height`` sub-pixels."""

    grid: HexGrid
    margin_x: int  # sub-pixels of room left and right of the board (gate bands)
    margin_y: int
    centres: tuple[Pixel, ...]  # per cell
    px_width: int
    px_height: int

    @property
    def cols(self) -> int:
        """Characters across."""
        return -(-self.px_width // self.grid.sub_cols)

    @property
    def rows(self) -> int:
        return -(-self.px_height // self.grid.sub_rows)

    def char_of(self, x: float, y: float) -> tuple[int, int]:
        """The character holding the sub-pixel point ``(x, y)``."""
        return int(x // self.grid.sub_cols), int(y // self.grid.sub_rows)

    def edge_point(self, cell: int, edge: int, out: float = 0.0) -> tuple[float, float]:
        """The middle of an edge of ``cell`` (pushed ``out`` widths of a hexagon outwards)."""
        cx, cy = self.centres[cell]
        vx, vy = self.grid.edge_vector(edge)
        scale = 0.5 + out
        return cx + vx * scale, cy + vy * scale

    def midpoint(self, cell: int, edge: int) -> Pixel:
        cx, cy = self.centres[cell]
        mx, my = hex_shape(self.grid).midpoints[edge]
        return cx + mx, cy + my


@lru_cache(maxsize=16)
def board_grid(grid: HexGrid) -> BoardGrid:
    shape = hex_shape(grid)
    # Room for the gate bands just outside the rim (a band is two sub-pixels).
    margin_x = 2
    margin_y = 1
    raw = [grid.offset(q, r) for q, r in COORDS]
    min_x = min(x for x, _ in raw) + shape.left - margin_x
    min_y = min(y for _, y in raw) + shape.top - margin_y
    # Keep the lattice on whole characters, so a picture can be cut into lines anywhere.
    min_x -= min_x % grid.sub_cols
    min_y -= min_y % grid.sub_rows
    centres = tuple((x - min_x, y - min_y) for x, y in raw)
    px_width = max(x for x, _ in centres) + shape.right + 1 + margin_x
    px_height = max(y for _, y in centres) + shape.bottom + 1 + margin_y
    return BoardGrid(grid, margin_x, margin_y, centres, px_width, px_height)


#: Characters kept free around the board for the gate labels: columns each side, rows above and below.
#: The side gates' labels need no columns of their own (the corners stick out
#: further), and the top and bottom ones sit on their gate's band.
LABEL_COLS: Final = 0
LABEL_ROWS: Final = 0


def board_chars(grid: HexGrid) -> tuple[int, int]:
    """Characters (across, down) the whole board takes, gate labels included."""
    bg = board_grid(grid)
    return bg.cols + 2 * LABEL_COLS, bg.rows + 2 * LABEL_ROWS


def largest_fit(fits: Callable[[int], bool], upper: int) -> int:
    """The largest even width from ``upper`` down (at least 6) that fits.

    Searching down from a bound worked out from the width alone costs a
    shape or two, where searching up from the smallest would cost a dozen."""
    width = max(6, upper - upper % 2)
    while width > 6 and not fits(width):
        width -= 2
    return width


def fit_whole(cols: int, rows: int, sub_cols: int, sub_rows: int) -> HexGrid:
    """The largest hexagons (even widths from 6 sub-pixels) with which the whole board fits."""

    def fits(width: int) -> bool:
        across, down = board_chars(grid_for(width, sub_cols, sub_rows))
        return across <= cols and down <= rows

    # Bounds from the width (nine hexagons across) and the height (about eight
    # hexagon widths down, in the sub-pixels' proportions); search down from the smaller.
    ratio = (CELL_ASPECT / sub_rows) / (1.0 / sub_cols)
    upper = min((cols * sub_cols - 4) // 9, int((rows * sub_rows - 2) * ratio / 8.08) + 4)
    return grid_for(largest_fit(fits, upper), sub_cols, sub_rows)


def fit_zoom(cols: int, rows: int, sub_cols: int, sub_rows: int, radius: int) -> HexGrid:
    """The largest hexagons with which ``2 * radius + 1`` cells fit across and down."""
    span = 2 * radius + 1

    def fits(width: int) -> bool:
        grid = grid_for(width, sub_cols, sub_rows)
        shape = hex_shape(grid)
        px_down = 2 * radius * grid.pitch + shape.bottom - shape.top + 1
        return -(-span * width // sub_cols) <= cols and -(-px_down // sub_rows) <= rows

    ratio = (CELL_ASPECT / sub_rows) / (1.0 / sub_cols)
    upper = min(cols * sub_cols // span, int(rows * sub_rows * ratio / (1.732 * radius + 1.155)) + 4)
    return grid_for(largest_fit(fits, upper), sub_cols, sub_rows)


assert RADIUS == 4
