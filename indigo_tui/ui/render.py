"""Drawing the board as character art: hexagons and paths in braille dots.

The board is rasterised onto a grid of braille characters (2x4 dots each, so
dots are roughly square on a terminal) that scales with the space it gets: a
regular pointy-top hexagon per cell, each path of a tile drawn as a curve
between the midpoints of the two edges it joins, so which edges a path joins
is plain to see. Gems, arrows, gate numbers and the centre's gems are ordinary
glyphs laid over the dots. Colours are *roles* ("path0", "gem:amber",
"seat2"), turned into real colours by :mod:`indigo_tui.ui.palette`, so a theme
change never re-rasterises.

Nothing here imports Textual: the board widget, the hand widget and the tests
all use these functions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import Final

from ..engine.board import EMPTY, Board
from ..engine.events import GEM_KIND, GemMoved
from ..engine.geometry import (
    CENTRE,
    COORDS,
    CORNER_ARROWS,
    GATE_CELLS,
    NEIGHBOUR_SLOT,
    outward_edges,
)
from ..engine.tiles import rotated_paths

SQRT3: Final = math.sqrt(3.0)
#: Braille dot bits by (column, row) inside a character.
_BRAILLE_BITS: Final = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
GEM_GLYPH: Final = {"amber": "◆", "emerald": "●", "sapphire": "★"}
#: Hollow glyphs for where a gem *would* end up in a preview.
GEM_GHOST: Final = {"amber": "◇", "emerald": "○", "sapphire": "☆"}
ARROW_GLYPH: Final = ("↖", "↗", "→", "↘", "↙", "←")
MET_GLYPH: Final = "✕"

#: Draw priorities: a character shows the colour of its most important dots.
PRI_OUTLINE, PRI_PATH, PRI_ROUTE, PRI_PREVIEW = 1, 2, 3, 4


@dataclass(frozen=True)
class Layout:
    """Where everything goes for one hexagon size, in dots and characters."""

    size: float  # centre-to-vertex, in dots
    width: int  # characters
    height: int
    centres: tuple[tuple[float, float], ...]  # per cell, in dots
    cell_chars: tuple[tuple[tuple[int, int], ...], ...]  # characters inside each cell

    @property
    def apothem(self) -> float:
        return self.size * SQRT3 / 2

    def edge_point(self, cell: int, edge: int, extra: float = 0.0) -> tuple[float, float]:
        cx, cy = self.centres[cell]
        angle = math.radians(-120 + 60 * edge)
        reach = self.apothem + extra
        return cx + reach * math.cos(angle), cy + reach * math.sin(angle)

    def char_of(self, x: float, y: float) -> tuple[int, int]:
        return int(x // 2), int(y // 4)

    def cell_at(self, col: int, row: int) -> int | None:
        """The cell under a character, or None off the board."""
        x, y = col * 2 + 1.0, row * 4 + 2.0
        best, best_d = None, float("inf")
        for cell, (cx, cy) in enumerate(self.centres):
            d = (x - cx) ** 2 + (y - cy) ** 2
            if d < best_d:
                best, best_d = cell, d
        if best is None or best_d > (self.size * 1.05) ** 2:
            return None
        return best


#: Dots of margin around the board, for the gate numbers outside the rim.
_MARGIN_X, _MARGIN_Y = 5.0, 2.0


def board_chars(size: float) -> tuple[int, int]:
    """The characters (columns, rows) :func:`layout` takes for hexagons of ``size``."""
    width_dots = 9 * SQRT3 * size + 2 * _MARGIN_X
    height_dots = 14 * size + 2 * _MARGIN_Y
    return math.ceil(width_dots / 2) + 1, math.ceil(height_dots / 4) + 1


def fit_size(cols: int, rows: int) -> float:
    """The largest hexagon size (in dots, in half-dot steps) whose board fits ``cols`` x ``rows``."""
    size = math.floor(min((cols * 2 - 2 * _MARGIN_X) / (9 * SQRT3), (rows * 4 - 2 * _MARGIN_Y) / 14) * 2) / 2
    while size > 3.0:
        width, height = board_chars(size)
        if width <= cols and height <= rows:
            break
        size -= 0.5
    return max(3.0, size)


@lru_cache(maxsize=8)
def layout(size: float) -> Layout:
    apothem = size * SQRT3 / 2
    raw = [(size * SQRT3 * (q + r / 2), 1.5 * size * r) for q, r in COORDS]
    min_x = min(x for x, _ in raw) - apothem - _MARGIN_X
    min_y = min(y for _, y in raw) - size - _MARGIN_Y
    centres = tuple((x - min_x, y - min_y) for x, y in raw)
    max_x = max(x for x, _ in centres) + apothem + _MARGIN_X
    max_y = max(y for _, y in centres) + size + _MARGIN_Y
    width, height = math.ceil(max_x / 2) + 1, math.ceil(max_y / 4) + 1
    cell_chars = []
    # A character is inside a cell when its centre lies within 92% of the
    # apothem along the hexagon's three edge normals (0, 60 and 120 degrees);
    # written out, because start-up runs this for every character of the board.
    limit = apothem * 0.92
    half_root3 = SQRT3 / 2
    for cx, cy in centres:
        inside = []
        for row in range(max(0, int((cy - size) // 4)), min(height, int((cy + size) // 4) + 1)):
            dy = row * 4 + 2 - cy
            slant = dy * half_root3
            for col in range(max(0, int((cx - apothem) // 2)), min(width, int((cx + apothem) // 2) + 1)):
                dx = col * 2 + 1 - cx
                if abs(dx) <= limit and abs(dx * 0.5 + slant) <= limit and abs(slant - dx * 0.5) <= limit:
                    inside.append((col, row))
        cell_chars.append(tuple(inside))
    return Layout(size, width, height, centres, tuple(cell_chars))


# -- curves ----------------------------------------------------------------------


def _corner(cx: float, cy: float, size: float, k: int) -> tuple[float, float]:
    angle = math.radians(-90 + 60 * k)
    return cx + size * math.cos(angle), cy + size * math.sin(angle)


@lru_cache(maxsize=4096)
def path_dots(size: float, cell: int, a: int, b: int) -> tuple[tuple[int, int], ...]:
    """The dots of a path joining edges ``a`` and ``b`` of ``cell``.

    Straights are lines through the centre; curves are quadratic Béziers that
    bow towards the centre, tighter for short curves (neighbouring edges) than
    for long ones, as on the real tiles."""
    lay = layout(size)
    cx, cy = lay.centres[cell]
    ax, ay = lay.edge_point(cell, a)
    bx, by = lay.edge_point(cell, b)
    gap = min((a - b) % 6, (b - a) % 6)
    if gap == 3:
        ctrl = (cx, cy)
    else:
        pull = 0.3 if gap == 1 else 0.12
        ctrl = (cx + pull * (ax + bx - 2 * cx), cy + pull * (ay + by - 2 * cy))
    steps = max(8, int(size * 4))
    dots: list[tuple[int, int]] = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        x = u * u * ax + 2 * u * t * ctrl[0] + t * t * bx
        y = u * u * ay + 2 * u * t * ctrl[1] + t * t * by
        dot = (int(x), int(y))
        if not dots or dots[-1] != dot:
            dots.append(dot)
    # A thick brush makes braille dots merge into solid-looking lines: two dots
    # wide on small hexagons (thicker would blur the three paths together),
    # 2x2 on big ones.
    thick = dict.fromkeys(dots)
    for x, y in dots:
        thick.setdefault((x + 1, y))
        if size >= 7:
            thick.setdefault((x, y + 1))
            thick.setdefault((x + 1, y + 1))
    return tuple(thick)


def route_points(size: float, route: tuple[int, ...], steps_per_path: int = 4) -> list[tuple[float, float]]:
    """Dot positions along a gem's route, for animating it."""
    lay = layout(size)
    first = route[0]
    points = [lay.edge_point(first // 6, first % 6)]
    for here, there in pairwise(route):
        entry = NEIGHBOUR_SLOT[here]
        if entry < 0:
            break
        cell = entry // 6
        dots = path_dots(size, cell, entry % 6, there % 6)
        for i in range(1, steps_per_path + 1):
            x, y = dots[min(len(dots) - 1, i * (len(dots) - 1) // steps_per_path)]
            points.append((float(x), float(y)))
    last = route[-1]
    if NEIGHBOUR_SLOT[last] < 0:
        points.append(lay.edge_point(last // 6, last % 6, extra=3))
    return points


@lru_cache(maxsize=1024)
def cell_outline_dots(size: float, cell: int) -> tuple[tuple[int, int], ...]:
    """A light, dotted rim around one cell (drawn only where no tile lies yet)."""
    cx, cy = layout(size).centres[cell]
    dots: set[tuple[int, int]] = set()
    for k in range(6):
        x0, y0 = _corner(cx, cy, size, k)
        x1, y1 = _corner(cx, cy, size, k + 1)
        steps = max(4, int(size * 2))
        for i in range(0, steps + 1, 2 if size >= 7 else 3):
            t = i / steps
            dots.add((int(x0 + (x1 - x0) * t), int(y0 + (y1 - y0) * t)))
    return tuple(sorted(dots))


# -- the canvas --------------------------------------------------------------------


@dataclass
class Canvas:
    """Braille dots with a colour role per character, glyphs and backgrounds on top."""

    width: int
    height: int
    bits: list[int] = field(default_factory=list)
    ink: list[str] = field(default_factory=list)
    pri: list[int] = field(default_factory=list)
    glyph: dict[int, tuple[str, str, bool]] = field(default_factory=dict)
    bg: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = self.width * self.height
        if not self.bits:
            self.bits = [0] * n
            self.ink = [""] * n
            self.pri = [0] * n

    def copy(self) -> Canvas:
        return Canvas(
            self.width,
            self.height,
            self.bits[:],
            self.ink[:],
            self.pri[:],
            dict(self.glyph),
            dict(self.bg),
        )

    def dots(self, dots: tuple[tuple[int, int], ...] | list[tuple[int, int]], role: str, pri: int) -> None:
        width, height, bits, ink, prio = self.width, self.height, self.bits, self.ink, self.pri
        for x, y in dots:
            col, row = x >> 1, y >> 2
            if 0 <= col < width and 0 <= row < height:
                i = row * width + col
                bits[i] |= _BRAILLE_BITS[x & 1][y & 3]
                if pri >= prio[i]:
                    prio[i] = pri
                    ink[i] = role

    def put(self, col: int, row: int, text: str, role: str, bold: bool = True) -> None:
        for offset, char in enumerate(text):
            c = col + offset
            if 0 <= c < self.width and 0 <= row < self.height:
                self.glyph[row * self.width + c] = (char, role, bold)

    def shade(self, chars: tuple[tuple[int, int], ...], role: str) -> None:
        for col, row in chars:
            self.bg[row * self.width + col] = role

    def lines(self) -> list[list[tuple[str, str, str, bool]]]:
        """Rows of runs ``(text, fg_role, bg_role, bold)``, neighbours with one style merged."""
        out = []
        width = self.width
        for row in range(self.height):
            runs: list[tuple[str, str, str, bool]] = []
            text: list[str] = []
            style: tuple[str, str, bool] | None = None
            base = row * width
            for col in range(width):
                i = base + col
                g = self.glyph.get(i)
                if g is not None:
                    char, fg, bold = g
                else:
                    b = self.bits[i]
                    char, fg, bold = (chr(0x2800 + b), self.ink[i], False) if b else (" ", "", False)
                here = (fg, self.bg.get(i, ""), bold)
                if here != style:
                    if text and style is not None:
                        runs.append(("".join(text), *style))
                    text, style = [], here
                text.append(char)
            if text and style is not None:
                runs.append(("".join(text), *style))
            out.append(runs)
        return out

    def plain(self) -> str:
        """The canvas as plain text (for tests and logs)."""
        return "\n".join("".join(run[0] for run in line).rstrip() for line in self.lines())


# -- the board ---------------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """What the board shows on top of the position."""

    cursor: int | None = None
    last_cell: int | None = None
    #: The held tile at the cursor: (kind, rotation), and whether it may go there.
    held: tuple[int, int] | None = None
    held_legal: bool = True
    preview: tuple[GemMoved, ...] = ()
    #: Gems to leave out (animated separately), and where animated gems are now.
    hidden_gems: frozenset[int] = frozenset()
    moving: tuple[tuple[str, float, float], ...] = ()


def gate_owner_roles(board: Board) -> list[list[str]]:
    return [[f"seat{s}" for s in owners] for owners in board.setup.gates]


@lru_cache(maxsize=64)
def _tiles_canvas_key(size: float, tiles: tuple[int, ...], gates: tuple[tuple[int, ...], ...]) -> Canvas:
    """The static layer: rims of empty cells, tiles on their fill, corner paths and arrows, gates.

    A placed tile is a block of background colour with its three paths drawn
    on it, so the board reads as tiles on a table; only empty cells keep a
    dotted rim, and nothing else competes with the paths."""
    lay = layout(size)
    canvas = Canvas(lay.width, lay.height)
    for cell, packed in enumerate(tiles):
        if cell == CENTRE or cell in CORNER_ARROWS:
            canvas.shade(lay.cell_chars[cell], "bg-treasure")
        elif packed == EMPTY or packed < 0:
            canvas.dots(cell_outline_dots(size, cell), "outline", PRI_OUTLINE)
        else:
            canvas.shade(lay.cell_chars[cell], "bg-tile")
            kind, rot = divmod(packed, 6)
            for index, (a, b) in enumerate(rotated_paths(kind, rot)):
                canvas.dots(path_dots(size, cell, a, b), f"path{index}", PRI_PATH)
    for corner, arrow in CORNER_ARROWS.items():
        canvas.dots(path_dots(size, corner, (arrow - 1) % 6, (arrow + 1) % 6), "path0", PRI_PATH)
        cx, cy = lay.centres[corner]
        col, row = lay.char_of(cx, cy)
        canvas.put(col, row, ARROW_GLYPH[arrow], "arrow")
    # One label per gate side, outside the middle of its exits: the gate's
    # number on its owner's colour; a shared gate shows both owners' colours.
    for gate, cells in enumerate(GATE_CELLS):
        owners = gates[gate]
        points = [
            lay.edge_point(cell, edge, extra=max(3.0, size * 0.45))
            for cell in cells
            for edge in outward_edges(cell)
        ]
        x = sum(p[0] for p in points) / len(points)
        y = sum(p[1] for p in points) / len(points)
        col, row = lay.char_of(x, y)
        first, last = f"gate{owners[0]}", f"gate{owners[-1]}"
        canvas.put(col - 1, row, " ", first)
        canvas.put(col, row, str(gate + 1), first)
        canvas.put(col + 1, row, " ", last)
    return canvas


def draw_board(board: Board, size: float, marks: Marks = Marks()) -> Canvas:
    """The whole board with ``marks`` on top, as a :class:`Canvas`."""
    lay = layout(size)
    canvas = _tiles_canvas_key(size, tuple(board.tiles), board.setup.gates).copy()
    if marks.last_cell is not None and marks.last_cell >= 0:
        canvas.shade(lay.cell_chars[marks.last_cell], "bg-last")
    if marks.cursor is not None:
        canvas.shade(lay.cell_chars[marks.cursor], "bg-cursor" if marks.held_legal else "bg-illegal")
        if marks.held is not None and board.tiles[marks.cursor] == EMPTY:
            kind, rot = marks.held
            role = "held" if marks.held_legal else "illegal"
            for a, b in rotated_paths(kind, rot):
                canvas.dots(path_dots(size, marks.cursor, a, b), role, PRI_PREVIEW)
    # Routes of the what-if preview, drawn in the moving gem's colour.
    for move in marks.preview:
        role = f"gem:{move.kind}"
        for here, there in pairwise(move.route):
            entry = NEIGHBOUR_SLOT[here]
            if entry < 0:
                break
            canvas.dots(path_dots(size, entry // 6, entry % 6, there % 6), role, PRI_ROUTE)
    # The centre tile's gems, in the order they leave it.
    cx, cy = lay.centres[CENTRE]
    col, row = lay.char_of(cx, cy)
    glyphs = "".join(GEM_GLYPH[GEM_KIND[g]] for g in board.centre if g not in marks.hidden_gems)
    inner = max(1, int(lay.apothem * 2 * 0.8 / 2))
    chunks = [glyphs[i : i + inner] for i in range(0, len(glyphs), inner)] or [""]
    top = row - (len(chunks) - 1) // 2
    for k, chunk in enumerate(chunks):
        for j, char in enumerate(chunk):
            centre_kind = "sapphire" if char == GEM_GLYPH["sapphire"] else "emerald"
            canvas.put(col - len(chunk) // 2 + j, top + k, char, f"gem:{centre_kind}")
    # Gems resting on edges.
    for gem, slot in enumerate(board.gem_slot):
        if slot < 0 or gem in marks.hidden_gems:
            continue
        x, y = lay.edge_point(slot // 6, slot % 6)
        c, r = lay.char_of(x, y)
        canvas.put(c, r, GEM_GLYPH[GEM_KIND[gem]], f"gem:{GEM_KIND[gem]}")
    for move in marks.preview:
        last = move.route[-1]
        if move.outcome == "gate":
            x, y = lay.edge_point(last // 6, last % 6, extra=max(3.0, size * 0.45))
            glyph = GEM_GLYPH[move.kind]
        elif move.outcome == "met":
            x, y = lay.edge_point(last // 6, last % 6)
            glyph = MET_GLYPH
        else:
            x, y = lay.edge_point(last // 6, last % 6)
            glyph = GEM_GHOST[move.kind]
        c, r = lay.char_of(x, y)
        canvas.put(c, r, glyph, f"gem:{move.kind}")
    for moving_kind, x, y in marks.moving:
        c, r = lay.char_of(x, y)
        canvas.put(c, r, GEM_GLYPH[moving_kind], f"gem:{moving_kind}")
    return canvas


def draw_tile(kind: int, rotation: int, size: float = 6.0, role_prefix: str = "path") -> Canvas:
    """One tile on its own (for the hand), in a canvas just big enough."""
    key = _single_tile_key(size)
    lay, cell = key
    canvas = Canvas(lay.width, lay.height)
    x0, y0 = lay.centres[cell]
    cols = max(1, math.ceil(lay.apothem / 2) + 1)
    rows = max(1, math.ceil(size / 4) + 1)
    ccol, crow = lay.char_of(x0, y0)
    for k in range(6):
        ax, ay = _corner(x0, y0, size, k)
        bx, by = _corner(x0, y0, size, k + 1)
        steps = max(4, int(size * 2))
        canvas.dots(
            [(int(ax + (bx - ax) * i / steps), int(ay + (by - ay) * i / steps)) for i in range(steps + 1)],
            "outline",
            PRI_OUTLINE,
        )
    canvas.shade(lay.cell_chars[cell], "bg-tile")
    for index, (a, b) in enumerate(rotated_paths(kind, rotation)):
        canvas.dots(path_dots(size, cell, a, b), f"{role_prefix}{index}", PRI_PATH)
    return _crop(canvas, ccol - cols, crow - rows, 2 * cols + 1, 2 * rows + 1)


@lru_cache(maxsize=8)
def _single_tile_key(size: float) -> tuple[Layout, int]:
    return layout(size), CENTRE


def _crop(canvas: Canvas, col0: int, row0: int, width: int, height: int) -> Canvas:
    out = Canvas(width, height)
    for row in range(height):
        for col in range(width):
            sc, sr = col0 + col, row0 + row
            if 0 <= sc < canvas.width and 0 <= sr < canvas.height:
                i, j = sr * canvas.width + sc, row * width + col
                out.bits[j] = canvas.bits[i]
                out.ink[j] = canvas.ink[i]
                out.pri[j] = canvas.pri[i]
                if i in canvas.bg:
                    out.bg[j] = canvas.bg[i]
    return out


__all__ = [
    "Canvas",
    "Layout",
    "Marks",
    "draw_board",
    "draw_tile",
    "fit_size",
    "layout",
    "route_points",
]
