"""The board as a picture: a crisp sub-pixel raster encoded into characters, glyphs on top.

Drawing happens in three layers, each cached as far as it can be:

1. the *static* raster of a position (fills, rims, paths, gate bands) per
   hexagon size, encoder, tiles and colour mode, with its characters encoded
   once;
2. the *overlay* of a frame (the cursor cell, the held tile, the what-if
   routes, a traced route): sub-pixels drawn into a dict over the static
   raster, so only the characters it touches are encoded again;
3. *glyphs* (gems, arrows, gate labels, where routes end), laid over the
   characters: the list of them and where they go is :mod:`.glyph_places`'s,
   which the pixel picture (:mod:`.pixels`) draws as shapes.

The raster primitives (:class:`~.raster.Raster`, :class:`~.raster.Pen`, the
:class:`~.raster.Picture` of characters with a foreground and a background
*role* each) are in :mod:`.raster`; where cells lie in the picture, in
:mod:`.cells`; routes through a cell are the engine's (:mod:`indigo_tui.engine.routes`).
The palette turns roles into colours. Nothing here imports Textual.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Final

from ...engine.board import EMPTY as EMPTY_CELL
from ...engine.board import Board
from ...engine.events import GemMoved
from ...engine.geometry import (
    CENTRE,
    COORDS,
    CORNER_ARROWS,
    GATE_CELLS,
    NEIGHBOUR_SLOT,
    outward_edges,
)
from ...engine.routes import routes_through
from ...engine.tiles import rotated_paths
from . import roles as R
from .cells import Art, art_for, cell_char, cell_chars, coordinate_text, picture_size, tag_places, to_picture
from .glyph_places import (
    Arrow,
    CentreGems,
    Coordinates,
    GateLabel,
    Gem,
    RouteEnd,
    mark_glyphs,
    position_glyphs,
)
from .glyphs import Encoder
from .hexgrid import (
    CELL_ASPECT,
    LABEL_COLS,
    LABEL_ROWS,
    HexGrid,
    Pixel,
    grid_for,
    hex_shape,
    largest_fit,
    path_pixels,
)
from .labels import gate_label, seat_letter
from .raster import Pen, Picture, Raster, encode_cell, memo_for, tile_drawing

GEM_GLYPH: Final = {"amber": "◆", "emerald": "●", "sapphire": "★"}
#: Hollow glyphs for where a gem *would* come to rest in a preview.
GEM_GHOST: Final = {"amber": "◇", "emerald": "○", "sapphire": "☆"}
ARROW_GLYPH: Final = ("↖", "↗", "→", "↘", "↙", "←")
MET_GLYPH: Final = "✕"


# -- the board ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """What the board shows on top of the position."""

    cursor: int | None = None
    last_cell: int | None = None
    #: The held tile at the cursor: (kind, rotation), and whether it may go there.
    held: tuple[int, int] | None = None
    held_legal: bool = True
    preview: tuple[GemMoved, ...] = ()
    #: The cell whose routes are highlighted in full (the trace key), if any, and which of them.
    trace: int | None = None
    trace_index: int = 0
    #: Gems to leave out (animated separately), and where animated gems are now (sub-pixels).
    hidden_gems: frozenset[int] = frozenset()
    moving: tuple[tuple[str, float, float], ...] = ()
    #: Who takes a gem through each gate (for the end of a preview route): seats by gate.
    scorers: tuple[tuple[int, ...], ...] = ()
    #: The cells whose tiles' paths are drawn in full contrast, the rest quieter
    #: (a crowded board is a mesh of light lines); None: every tile in full.
    focus: frozenset[int] | None = None
    #: A cell whose coordinates show in a tag on its lower rim (the cursor's, or in
    #: the review the tile placed by the move on show).
    tagged: int | None = None
    #: Every cell's coordinates at its middle (the coordinates key).
    coordinates: bool = False
    #: A cell whose routes onwards are drawn in full contrast over the quieter
    #: paths (the cursor's): from each edge of an empty cell, the placed paths a
    #: gem leaving by it would follow, to where it would stop or leave the board;
    #: through a placed tile, its routes from end to end.
    onward: int | None = None


@dataclass
class _Static:
    raster: Raster
    picture: Picture  # the raster encoded, labels, arrows and gems on it
    #: The glyphs on it by character (index: glyph, foreground, background or None to
    #: keep the character's), put back wherever the marks' sub-pixels redraw a character.
    glyphs: dict[int, tuple[str, int, int | None]]

    def stamp(self, col: int, row: int, text: str, fg: int, bg: int | None = None) -> None:
        """Glyphs on the static picture, remembered."""
        picture = self.picture
        picture.put(col, row, text, fg, bg)
        for offset, char in enumerate(text):
            if 0 <= col + offset < picture.cols and 0 <= row < picture.rows:
                self.glyphs[row * picture.cols + col + offset] = (char, fg, bg)


def _gate_exits(gate: int) -> list[tuple[int, int]]:
    """A gate's six exits (cell, edge), in clockwise order along its side."""
    exits = [(cell, edge) for cell in GATE_CELLS[gate] for edge in outward_edges(cell)]
    side = math.radians(-90 + 60 * gate)  # the direction of the side from the board's centre
    ordered = []
    for cell, edge in exits:
        q, r = COORDS[cell]
        x = math.sqrt(3) * (q + r / 2) + math.cos(math.radians(-120 + 60 * edge)) * 0.5
        y = 1.5 * r + math.sin(math.radians(-120 + 60 * edge)) * 0.5
        angle = math.atan2(y, x) - side
        angle = (angle + math.pi) % (2 * math.pi) - math.pi
        ordered.append((angle, cell, edge))
    return [(cell, edge) for _, cell, edge in sorted(ordered)]


@lru_cache(maxsize=16)
def inner_rim(grid: HexGrid) -> tuple[Pixel, ...]:
    """The ring of sub-pixels just inside a cell's rim."""
    shape = hex_shape(grid)
    rim = set(shape.rim)
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
    return tuple(
        sorted(p for p in shape.pixels - rim if any((p[0] + dx, p[1] + dy) in rim for dx, dy in steps))
    )


@lru_cache(maxsize=64)
def _band(grid: HexGrid, edge: int) -> tuple[Pixel, ...]:
    """Two sub-pixels just outside an edge of a cell (relative to its centre):
    where a gate's owner's colour runs along the rim."""
    shape = hex_shape(grid)
    vx, vy = grid.edge_vector(edge)
    mine = shape.pixels
    theirs = {(vx + x, vy + y) for x, y in shape.pixels}
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
    first = {(x, y) for x, y in theirs if any((x + dx, y + dy) in mine for dx, dy in steps)}
    second = {(x, y) for x, y in theirs - first if any((x + dx, y + dy) in first for dx, dy in steps)}
    return tuple(sorted(first | second))


def gate_label_places(art: Art, gates: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    """Where each gate's label (:func:`gate_label`: its number and its owners'
    letters) starts (column, row of the picture): outside the middle of its side,
    always inside the picture."""
    labels = [g for g in position_glyphs(art.grid, gates, (), ()) if isinstance(g, GateLabel)]
    return [_label_place(art, label) for label in labels]


def _label_place(art: Art, label: GateLabel) -> tuple[int, int]:
    """Where a gate label's characters start: at its anchor, on the picture's top
    or bottom row for the top and bottom sides (centred there), away from the
    board on the others, always inside the picture."""
    cols, rows = picture_size(art)
    gate = label.gate
    width = len(gate_label(gate, label.owners))
    col, row = to_picture(art, label.x, label.y)
    if gate in (0, 3):
        row = 0 if gate == 0 else rows - 1
    col -= 1 if gate in (0, 3) else (0 if gate in (1, 2) else width - 1)
    return max(0, min(cols - width, col)), max(0, min(rows - 1, row))


@lru_cache(maxsize=24)
def _static_raster(
    art: Art, tiles: tuple[int, ...], gates: tuple[tuple[int, ...], ...], last: int, quiet: bool = False
) -> Raster:
    """A position's fills, rims, paths and gate bands (what the marks are drawn over);
    ``quiet``: every path in the quieter colour (the marks bring the focus's back)."""
    path_role = R.QUIET_PATH if quiet else R.PATH
    board = art.board
    grid = art.grid
    raster = Raster.blank(board.cols * art.encoder.cols, board.rows * art.encoder.rows)
    pen = Pen(raster)
    for cell, packed in enumerate(tiles):
        centre = board.centres[cell]
        if cell == CENTRE or cell in CORNER_ARROWS:
            pen.fill_hex(grid, centre, R.TREASURE)
            pen.rim(grid, centre, R.RIM)
        elif packed == EMPTY_CELL or packed < 0:
            pen.fill_hex(grid, centre, R.EMPTY)
            pen.rim(grid, centre, R.EMPTY_RIM, R.EMPTY_RIM_GAP)
        else:
            fill = R.LAST if cell == last else R.TILE
            pen.fill_hex(grid, centre, fill)
            pen.rim(grid, centre, R.RIM)
    # Paths after every fill and rim: a path's ends cross the rims into its neighbours'.
    for cell, packed in enumerate(tiles):
        centre = board.centres[cell]
        if cell in CORNER_ARROWS:
            arrow = CORNER_ARROWS[cell]
            pen.pixels(centre, path_pixels(grid, (arrow - 1) % 6, (arrow + 1) % 6), path_role)
        elif packed >= 0 and cell != CENTRE:
            kind, rot = divmod(packed, 6)
            fill = R.LAST if cell == last else R.TILE
            pen.tile_paths(grid, centre, rotated_paths(kind, rot), path_role, fill)
    for gate in range(len(GATE_CELLS)):
        owners = gates[gate]
        exits = _gate_exits(gate)
        for k, (cell, edge) in enumerate(exits):
            seat = owners[0] if k < len(exits) // 2 or len(owners) == 1 else owners[-1]
            pen.pixels(board.centres[cell], _band(grid, edge), R.SEAT0 + seat)
    if art.mono:
        raster = Raster(raster.width, raster.height, bytearray(raster.pixels.translate(R.MONO_TABLE)))
    return raster


Gems = tuple[tuple[int, ...], tuple[int, ...]]  # every gem's slot (-1: not on an edge), the centre's gems


@lru_cache(maxsize=24)
def _static(
    art: Art,
    tiles: tuple[int, ...],
    gates: tuple[tuple[int, ...], ...],
    last: int,
    quiet: bool = False,
    gems: Gems = ((), ()),
) -> _Static:
    """The static raster encoded once, with the gate labels, the corners' arrows and
    the gems on it (a cursor move then redraws only the lines its marks touch)."""
    raster = _static_raster(art, tiles, gates, last, quiet)
    encoded = raster.encode(art.encoder)
    cols, rows = picture_size(art)
    picture = Picture.blank(cols, rows)
    for row in range(encoded.rows):
        src = row * encoded.cols
        dst = (row + LABEL_ROWS) * cols + LABEL_COLS
        picture.chars[dst : dst + encoded.cols] = encoded.chars[src : src + encoded.cols]
        picture.fg[dst : dst + encoded.cols] = encoded.fg[src : src + encoded.cols]
        picture.bg[dst : dst + encoded.cols] = encoded.bg[src : src + encoded.cols]
    static = _Static(raster, picture, {})
    slots, centre = gems
    grid = art.grid
    for glyph in position_glyphs(grid, gates, slots, centre):
        if isinstance(glyph, Arrow):
            static.stamp(*to_picture(art, glyph.x, glyph.y), ARROW_GLYPH[glyph.edge], R.ARROW)
        elif isinstance(glyph, GateLabel):
            # The number on the first owner's colour, each owner's letter on its own.
            col, row = _label_place(art, glyph)
            owners = glyph.owners
            static.stamp(col, row, str(glyph.gate + 1), R.INK, R.SEAT0 + owners[0])
            for k, seat in enumerate(owners):
                static.stamp(col + 1 + k, row, seat_letter(seat), R.INK, R.SEAT0 + seat)
        elif isinstance(glyph, CentreGems):
            # In the order they leave the centre, in rows that fit the hexagon.
            col, row = to_picture(art, glyph.x, glyph.y)
            kinds = glyph.kinds
            inner = max(1, (grid.width * 2 // 3) // grid.sub_cols)
            chunks = [kinds[i : i + inner] for i in range(0, len(kinds), inner)]
            top = row - (len(chunks) - 1) // 2
            for k, chunk in enumerate(chunks):
                for j, kind in enumerate(chunk):
                    static.stamp(col - len(chunk) // 2 + j, top + k, GEM_GLYPH[kind], R.GEM_ROLE[kind])
        elif isinstance(glyph, Gem):
            static.stamp(*to_picture(art, glyph.x, glyph.y), GEM_GLYPH[glyph.kind], R.GEM_ROLE[glyph.kind])
    return static


def focus_cells(
    board: Board, cell: int, preview: list[GemMoved] | tuple[GemMoved, ...] = (), tracing: int | None = None
) -> frozenset[int]:
    """The tiles to draw in full contrast (the rest quieter, see :class:`Marks`):
    ``cell`` (the cursor's), the tile placed last, and every tile on a what-if
    route or on the ``tracing``-th route through ``cell``. (The neighbours are
    not: on a full board six bright tiles around the cursor were a star of
    lines that hid which of them lead on; :attr:`Marks.onward` draws the paths
    that do.)"""
    cells = {cell}
    if board.last_cell >= 0:
        cells.add(board.last_cell)
    for moved in preview:
        cells.update(NEIGHBOUR_SLOT[slot] // 6 for slot in moved.route[:-1] if NEIGHBOUR_SLOT[slot] >= 0)
    if tracing is not None:
        routes = routes_through(board, cell)
        if routes:
            cells.update(on_route for on_route, _a, _b in routes[tracing % len(routes)])
    return frozenset(cells)


def _position(board: Board, marks: Marks) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int, bool]:
    """What the static raster of a picture depends on."""
    last = marks.last_cell if marks.last_cell is not None else -1
    return tuple(board.tiles), board.setup.gates, last, marks.focus is not None


def _gems(board: Board, marks: Marks) -> Gems:
    """The gems the static picture shows: where each rests, and the centre's (those
    being animated left out)."""
    hidden = marks.hidden_gems
    slots = tuple(-1 if gem in hidden else slot for gem, slot in enumerate(board.gem_slot))
    return slots, tuple(gem for gem in board.centre if gem not in hidden)


def _overlay(board: Board, art: Art, marks: Marks, raster: Raster, focus: bool = True) -> dict[int, int]:
    """The sub-pixels ``marks`` change over a position's raster: the tiles in
    focus (unless ``focus`` is False: the characters take care of them), the
    cursor cell and the held tile, a traced route, the what-if routes."""
    grid = art.grid
    bgrid = art.board
    overlay: dict[int, int] = {}
    pen = Pen(raster, overlay)
    # The tiles in focus: their paths in full contrast over the quieter ones.
    for cell in (marks.focus or ()) if focus else ():
        packed = board.tiles[cell]
        centre = bgrid.centres[cell]
        if cell in CORNER_ARROWS:
            arrow = CORNER_ARROWS[cell]
            pen.pixels(centre, path_pixels(grid, (arrow - 1) % 6, (arrow + 1) % 6), R.PATH)
        elif packed >= 0 and cell != CENTRE:
            kind, rot = divmod(packed, 6)
            pen.pixels(centre, tuple(tile_drawing(grid, rotated_paths(kind, rot))[0]), R.PATH)
    # The cursor: a lighter fill, a bright rim, the held tile's paths.
    if marks.cursor is not None:
        centre = bgrid.centres[marks.cursor]
        fill, rim = (R.CURSOR, R.CURSOR_RIM) if marks.held_legal else (R.ILLEGAL, R.ILLEGAL_RIM)
        if (
            board.tiles[marks.cursor] == EMPTY_CELL
            and marks.cursor != CENTRE
            and marks.cursor not in CORNER_ARROWS
        ):
            pen.fill_hex(grid, centre, fill)
            if marks.held is not None:
                kind, rot = marks.held
                pen.tile_paths(grid, centre, rotated_paths(kind, rot), R.HELD, fill)
        pen.rim(grid, centre, rim)
        if art.mono:
            # Without colour the cursor has no fill to tell it by: a double rim.
            pen.pixels(centre, inner_rim(grid), rim)
    if marks.onward is not None and marks.focus is not None:
        # Where the cursor's routes lead: the paths beyond its edges in full.
        for route in routes_through(board, marks.onward):
            for cell, a, b in route:
                if cell != marks.onward:
                    pen.pixels(bgrid.centres[cell], path_pixels(grid, a, b), R.PATH)
    if marks.trace is not None:
        routes = routes_through(board, marks.trace)
        if routes:
            for cell, a, b in routes[marks.trace_index % len(routes)]:
                pen.thick_path(grid, bgrid.centres[cell], a, b, R.TRACE)
    # What-if routes, in the moving gem's colour.
    for move in marks.preview:
        role = R.GEM_ROLE[move.kind]
        for here, there in pairwise(move.route):
            entry = NEIGHBOUR_SLOT[here]
            if entry < 0:
                break
            pen.thick_path(grid, bgrid.centres[entry // 6], entry % 6, there % 6, role)
    if art.mono and overlay:
        table = R.MONO_TABLE
        overlay = {i: table[v] for i, v in overlay.items()}
    return overlay


def board_raster(board: Board, art: Art, marks: Marks = Marks()) -> Raster:
    """The whole board's sub-pixels with ``marks`` drawn in (the pixel pictures start from it)."""
    static = _static_raster(art, *_position(board, marks))
    pixels = bytearray(static.pixels)
    for i, role in _overlay(board, art, marks, static).items():
        pixels[i] = role
    return Raster(static.width, static.height, pixels)


def draw_board(board: Board, art: Art, marks: Marks = Marks()) -> Picture:
    """The whole board with ``marks`` on top, as characters."""
    position = _position(board, marks)
    gems = _gems(board, marks)
    static = _static(art, *position, gems)
    overlay = _overlay(board, art, marks, static.raster, focus=False)
    picture = static.picture.copy()
    glyphs = static.glyphs
    # The tiles in focus: their characters from the picture in full contrast (the
    # same position drawn without quiet paths), so focus costs no encoding.
    in_focus: set[int] = set()
    full = static
    if marks.focus:
        full = _static(art, *position[:3], False, gems)
        owned = cell_chars(art)
        cols = picture.cols
        for cell in marks.focus:
            for k in owned[cell]:
                picture.chars[k], picture.fg[k], picture.bg[k] = (
                    full.picture.chars[k],
                    full.picture.fg[k],
                    full.picture.bg[k],
                )
                in_focus.add(k)
                picture.dirty.add(k // cols)
    if overlay:
        enc = art.encoder
        memo = memo_for(enc)
        width = static.raster.width
        touched = {((i // width) // enc.rows, (i % width) // enc.cols) for i in overlay}
        for row, col in touched:
            k = (row + LABEL_ROWS) * picture.cols + col + LABEL_COLS
            raster = full.raster if k in in_focus else static.raster
            values = [
                overlay.get(i, raster.pixels[i])
                for dy in range(enc.rows)
                for i in range(
                    (row * enc.rows + dy) * width + col * enc.cols,
                    (row * enc.rows + dy) * width + col * enc.cols + enc.cols,
                )
            ]
            key = bytes(values)
            found = memo.get(key)
            if found is None:
                found = memo[key] = encode_cell(values, enc)
            char, fg, bg = found
            glyph = glyphs.get(k)
            if glyph is None:
                picture.chars[k], picture.fg[k], picture.bg[k] = char, fg, bg
            else:
                # A gem (an arrow, a gate's number) stays on top of a route or the cursor.
                picture.chars[k], picture.fg[k] = glyph[0], glyph[1]
                picture.bg[k] = bg if glyph[2] is None else glyph[2]
            picture.dirty.add(row + LABEL_ROWS)
    _glyphs(art, marks, picture)
    return picture


def _put_at(
    picture: Picture, art: Art, x: float, y: float, glyph: str, role: int, bg: int | None = None
) -> None:
    col, row = to_picture(art, x, y)
    picture.put(col, row, glyph, role, bg)


def _glyphs(art: Art, marks: Marks, picture: Picture) -> None:
    """What the marks write as characters (the gems at rest are on the static picture)."""
    glyphs = mark_glyphs(art.grid, marks.preview, marks.moving, marks.coordinates, marks.tagged)
    for glyph in glyphs:
        if isinstance(glyph, RouteEnd):
            # Out through a gate (on the scorer's colour), a meeting, a rest.
            role = R.GEM_ROLE[glyph.kind]
            if glyph.outcome == "gate":
                seat_bg = R.SEAT0 + glyph.scorer if glyph.scorer is not None else None
                ink = R.INK if seat_bg is not None else role
                _put_at(picture, art, glyph.x, glyph.y, GEM_GLYPH[glyph.kind], ink, seat_bg)
            else:
                mark = MET_GLYPH if glyph.outcome == "met" else GEM_GHOST[glyph.kind]
                _put_at(picture, art, glyph.x, glyph.y, mark, role)
        elif isinstance(glyph, Gem):
            _put_at(picture, art, glyph.x, glyph.y, GEM_GLYPH[glyph.kind], R.GEM_ROLE[glyph.kind])
        elif isinstance(glyph, Coordinates) and not glyph.tagged:
            text = coordinate_text(glyph.cell)
            col, row = to_picture(art, glyph.x, glyph.y)
            col -= len(text) // 2
            # In the middle, else just below or above it: never over a gem.
            for here in (row, row + 1, row - 1):
                if not any(_is_glyph(picture, col + k, here) for k in range(len(text))):
                    picture.put(col, here, text, R.COORD, R.BG, bold=False)
                    break
        elif isinstance(glyph, Coordinates):
            _put_tag(picture, art, glyph.cell)


#: Arrows by direction on the screen, counter-clockwise from east, for where a
#: what-if route leaves a zoomed view's window.
_POINTERS: Final = "→↗↑↖←↙↓↘"


def point_beyond_window(
    picture: Picture,
    board: Board,
    art: Art,
    marks: Marks,
    window: tuple[int, int, int, int],
    avoid: tuple[int, int] = (0, 0),
) -> None:
    """Name the gate each what-if route reaches where a zoomed view's ``window``
    (left column, top row, columns, rows of the picture) hides the route's end
    or that gate's own label: an arrow and the number at the window's rim, on
    the way from the cursor to an end out of sight; the number beside an end in
    sight. Without
    it a route runs off the view and the gate it reaches is a guess (a board
    quiz at 80x24 found that). ``avoid`` is the top left corner the small map
    covers (columns, rows)."""
    if marks.cursor is None or not marks.preview:
        return
    x0, y0, width, height = window
    lo_row, hi_row = y0, y0 + height - 1

    def in_sight(col: int, row: int, length: int = 1) -> bool:
        under_map = col - x0 < avoid[0] and row - y0 < avoid[1]
        return x0 <= col and col + length <= x0 + width and y0 <= row <= hi_row and not under_map

    owners = board.setup.gates
    labels = gate_label_places(art, owners)
    ends = mark_glyphs(art.grid, marks.preview, (), False, None)[: len(marks.preview)]
    start_col, start_row = cell_char(art, marks.cursor)
    taken: set[tuple[int, int]] = set()
    for move, end in zip(marks.preview, ends, strict=True):
        if move.outcome != "gate" or not isinstance(end, RouteEnd):
            continue
        gate = move.gate
        end_col, end_row = to_picture(art, end.x, end.y)
        beside = in_sight(end_col, end_row)
        if beside and in_sight(*labels[gate], len(gate_label(gate, owners[gate]))):
            continue  # the end in sight beside the board's own label
        if beside:
            # The end in sight: its number just beside it, on the side away from the board.
            text = str(gate + 1)
            col = end_col + (1 if gate in (1, 2) else -1 if gate in (4, 5) else 1)
            row = end_row
        else:
            dx, dy = end_col - start_col, end_row - start_row
            # A character is about twice as tall as it is wide: the arrow's angle on the screen.
            sector = round(math.atan2(-2 * dy, dx) / (math.pi / 4)) % 8
            text = f"{_POINTERS[sector]}{gate + 1}"
            # The last point on the way from the cursor to the end with the label inside the window.
            t = 1.0
            for d, here, low, high in (
                (dx, start_col, x0, x0 + width - len(text)),
                (dy, start_row, lo_row, hi_row),
            ):
                if d > 0:
                    t = min(t, (high - here) / d)
                elif d < 0:
                    t = min(t, (low - here) / d)
            col = round(start_col + t * dx)
            row = round(start_row + t * dy)
            if col - x0 < avoid[0] and row - y0 < avoid[1]:
                # Under the small map: just beside it, on the same rim.
                if row == lo_row:
                    col = x0 + avoid[0]
                else:
                    row = y0 + avoid[1]
        lo, hi = x0, x0 + width - len(text)
        col, row = max(lo, min(hi, col)), max(lo_row, min(hi_row, row))
        while (col, row) in taken and row < hi_row:
            row += 1  # two routes to gates the same way: one label under the other
        # Clear of other glyphs (a gate's own label, a gem) by a blank, "↑22B" reads
        # as one label; a number beside its route's end touches only that end.
        clear = range(len(text)) if beside else range(-1, len(text) + 1)
        for shift in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6):
            here = max(lo, min(hi, col + shift))
            if not any(_is_glyph(picture, here + k, row) for k in clear):
                col = here
                break
        taken.add((col, row))
        scorer = move.scorers[0] if move.scorers else None
        if scorer is not None:
            picture.put(col, row, text, R.INK, R.SEAT0 + scorer)
        else:
            picture.put(col, row, text, R.GEM_ROLE[move.kind], R.BG)


def _put_tag(picture: Picture, art: Art, cell: int) -> None:
    """A cell's coordinates in a tag on its lowest corner, or on its highest where a gem
    lies under the lowest; never over a glyph (a gem, a gate's number)."""
    text = coordinate_text(cell)
    places = tag_places(art, cell)
    # Its corner, else the other, else a little aside on either: a gem over the
    # tag's first character would turn -1,2 into 1,2, another cell.
    tries = [(col + shift, row) for shift in (0, 1, -1, 2, -2) for col, row in places]
    for col, row in tries:
        if not any(_is_glyph(picture, col + k, row) for k in range(len(text))):
            break
    else:
        col, row = places[0]
    for k, char in enumerate(text):
        if not _is_glyph(picture, col + k, row):
            picture.put(col + k, row, char, R.INK, R.CURSOR_RIM)


def _is_glyph(picture: Picture, col: int, row: int) -> bool:
    """Whether a character of the picture is a glyph laid over the raster (glyphs are bold)."""
    return 0 <= col < picture.cols and 0 <= row < picture.rows and picture.bold[row * picture.cols + col]


def route_points(art: Art, route: tuple[int, ...], per_path: int = 4) -> list[tuple[float, float]]:
    """Sub-pixel positions along a gem's route, for animating it."""
    bgrid = art.board
    first = route[0]
    mx, my = bgrid.midpoint(first // 6, first % 6)
    points = [(mx + 0.5, my + 0.5)]
    for here, there in pairwise(route):
        entry = NEIGHBOUR_SLOT[here]
        if entry < 0:
            break
        cell = entry // 6
        cx, cy = bgrid.centres[cell]
        dots = path_pixels(art.grid, entry % 6, there % 6)
        for i in range(1, per_path + 1):
            x, y = dots[min(len(dots) - 1, i * (len(dots) - 1) // per_path)]
            points.append((cx + x + 0.5, cy + y + 0.5))
    last = route[-1]
    if NEIGHBOUR_SLOT[last] < 0:
        points.append(bgrid.edge_point(last // 6, last % 6, out=0.35))
    return points


# -- a lone tile (the hand) ---------------------------------------------------------------------


@lru_cache(maxsize=64)
def draw_tile(kind: int, rotation: int, art: Art, role: int = R.PATH, fill: int = R.TILE) -> Picture:
    """One tile on its own, as big as ``art``'s hexagons, in a picture just big enough."""
    grid = art.grid
    shape = hex_shape(grid)
    enc = art.encoder
    # Place the centre so the shape starts at sub-pixel (1, 1) rounded to whole characters.
    cx = 1 - shape.left
    cy = 1 - shape.top
    width = -(-(shape.right + cx + 2) // enc.cols) * enc.cols
    height = -(-(shape.bottom + cy + 2) // enc.rows) * enc.rows
    raster = Raster.blank(width, height)
    pen = Pen(raster)
    pen.fill_hex(grid, (cx, cy), fill)
    pen.rim(grid, (cx, cy), R.RIM)
    pen.tile_paths(grid, (cx, cy), rotated_paths(kind, rotation), role, fill)
    if art.mono:
        raster = Raster(width, height, bytearray(raster.pixels.translate(R.MONO_TABLE)))
    return raster.encode(enc)


@lru_cache(maxsize=32)
def tile_art(cols: int, rows: int, encoder: Encoder, mono: bool = False) -> Art:
    """The largest lone tile that fits ``cols`` x ``rows`` characters."""

    def fits(width: int) -> bool:
        shape = hex_shape(grid_for(width, encoder.cols, encoder.rows))
        across = -(-(shape.right - shape.left + 3) // encoder.cols)
        down = -(-(shape.bottom - shape.top + 3) // encoder.rows)
        return across <= cols and down <= rows

    ratio = (CELL_ASPECT / encoder.rows) / (1.0 / encoder.cols)
    upper = min(cols * encoder.cols - 3, int((rows * encoder.rows - 3) * ratio * 0.87) + 4)
    return art_for(largest_fit(fits, upper), encoder, mono)


# -- the small map ------------------------------------------------------------------------------


def draw_map(board: Board, cursor: int | None, shown: frozenset[int], enc: Encoder) -> Picture:
    """The whole board at two sub-pixels a cell, for finding the zoomed view: tiles,
    empty cells, the cells the view shows, the cursor."""
    width = 18 + (-18 % enc.cols)
    height = 9 + (-9 % enc.rows)
    raster = Raster.blank(width, height)
    pen = Pen(raster)
    for cell, (q, r) in enumerate(COORDS):
        x = 2 * (q + 4) + (r + 4) - 4
        y = r + 4
        if cell == cursor:
            role = R.CURSOR_RIM
        elif cell in shown:
            role = R.MAP_VIEW
        elif cell == CENTRE or cell in CORNER_ARROWS:
            role = R.TREASURE
        elif board.tiles[cell] >= 0:
            role = R.TILE
        else:
            role = R.EMPTY
        pen.set(x, y, role)
        pen.set(x + 1, y, role)
    return raster.encode(enc)
