"""The board's drawing pipeline: encoders, path topology, glyphs a font has, overlays, sizes."""

from __future__ import annotations

import random
from itertools import combinations, product
from pathlib import Path

import pytest

from indigo_tui.engine import Game, Move, Setup
from indigo_tui.engine.board import EMPTY, Board
from indigo_tui.engine.geometry import (
    CELL_COUNT,
    CENTRE,
    CORNERS,
    GATE_CELLS,
    INDEX,
    NEIGHBOUR_SLOT,
)
from indigo_tui.engine.routes import routes_through
from indigo_tui.engine.tiles import rotated_paths
from indigo_tui.table.describe import move_lines, preview_lines
from indigo_tui.ui.board_art import roles as R
from indigo_tui.ui.board_art.cells import Art, art_for, cell_at, cell_char, picture_size, to_picture
from indigo_tui.ui.board_art.glyph_places import Arrow, Gem, RouteEnd, mark_glyphs, position_glyphs
from indigo_tui.ui.board_art.glyphs import ENCODERS, HALFBLOCK, OCTANT, QUADRANT, SEXTANT, Encoder
from indigo_tui.ui.board_art.hexgrid import (
    HexGrid,
    board_grid,
    fit_whole,
    fit_zoom,
    hex_shape,
    path_pixels,
    y_phase,
)
from indigo_tui.ui.board_art.labels import gate_label
from indigo_tui.ui.board_art.picture import (
    ARROW_GLYPH,
    GEM_GHOST,
    GEM_GLYPH,
    MET_GLYPH,
    Marks,
    board_raster,
    draw_board,
    draw_map,
    draw_tile,
    focus_cells,
    gate_label_places,
    tile_art,
)
from indigo_tui.ui.board_art.raster import Picture

unicodedata2 = pytest.importorskip("unicodedata2", reason="unicodedata2 (test extra) names Unicode 16 glyphs")

# -- encoders ------------------------------------------------------------------------------

#: The cells of a 2x4 grid each block character covers, by its Unicode name
#: (rows of two, numbered 1..8 from the top left as in the octant names).
_NAMED_REGIONS = {
    "SPACE": "",
    "FULL BLOCK": "12345678",
    "UPPER HALF BLOCK": "1234",
    "LOWER HALF BLOCK": "5678",
    "LEFT HALF BLOCK": "1357",
    "RIGHT HALF BLOCK": "2468",
    "QUADRANT UPPER LEFT": "13",
    "QUADRANT UPPER RIGHT": "24",
    "QUADRANT LOWER LEFT": "57",
    "QUADRANT LOWER RIGHT": "68",
    "UPPER ONE QUARTER BLOCK": "12",
    "LOWER ONE QUARTER BLOCK": "78",
    "UPPER THREE QUARTERS BLOCK": "123456",
    "LOWER THREE QUARTERS BLOCK": "345678",
    "MIDDLE LEFT ONE QUARTER BLOCK": "35",
    "MIDDLE RIGHT ONE QUARTER BLOCK": "46",
    "LEFT HALF UPPER ONE QUARTER BLOCK": "1",
    "RIGHT HALF UPPER ONE QUARTER BLOCK": "2",
    "LEFT HALF LOWER ONE QUARTER BLOCK": "7",
    "RIGHT HALF LOWER ONE QUARTER BLOCK": "8",
}


def _octant_cells_of_name(name: str) -> set[int]:
    """The octant cells (1..8) a block character's name says it fills."""
    if name.startswith("BLOCK OCTANT-"):
        return {int(c) for c in name.split("-")[1]}
    if name.startswith("QUADRANT ") and " AND " in name:
        cells: set[int] = set()
        for part in name[len("QUADRANT ") :].split(" AND "):
            cells |= {int(c) for c in _NAMED_REGIONS[f"QUADRANT {part}"]}
        return cells
    return {int(c) for c in _NAMED_REGIONS[name]}


def _name(char: str) -> str:
    return "SPACE" if char == " " else unicodedata2.name(char)


def _cells_of_pattern(enc: Encoder, pattern: int) -> set[int]:
    """A pattern's sub-pixels as cells of the 2x4 grid they cover."""
    per_row = 4 // enc.rows if enc.rows in (1, 2, 4) else 0
    cells: set[int] = set()
    for k in range(enc.count):
        if not pattern >> k & 1:
            continue
        col, row = k % enc.cols, k // enc.cols
        for r in range(row * per_row, (row + 1) * per_row):
            for c in [0, 1] if enc.cols == 1 else [col]:
                cells.add(r * 2 + c + 1)
    return cells


@pytest.mark.parametrize("enc", [HALFBLOCK, QUADRANT, SEXTANT, OCTANT], ids=lambda e: e.name)
def test_every_pattern_has_its_own_character_and_decodes_back(enc: Encoder) -> None:
    patterns = range(1 << enc.count)
    assert len({enc.encode(p) for p in patterns}) == len(patterns)
    for pattern in patterns:
        assert enc.decode(enc.encode(pattern)) == pattern


@pytest.mark.parametrize("enc", [HALFBLOCK, QUADRANT, OCTANT], ids=lambda e: e.name)
def test_each_character_draws_its_pattern_by_its_unicode_name(enc: Encoder) -> None:
    for pattern in range(1 << enc.count):
        char = enc.encode(pattern)
        assert _octant_cells_of_name(_name(char)) == _cells_of_pattern(enc, pattern), (pattern, _name(char))


def test_sextants_are_the_legacy_computing_block_in_order() -> None:
    for pattern in range(64):
        char = SEXTANT.encode(pattern)
        name = _name(char)
        if name.startswith("BLOCK SEXTANT-"):
            assert 0x1FB00 <= ord(char) <= 0x1FB3B
            assert sum(1 << (int(c) - 1) for c in name.split("-")[1]) == pattern
        else:
            others = {0: "SPACE", 63: "FULL BLOCK", 21: "LEFT HALF BLOCK", 42: "RIGHT HALF BLOCK"}
            assert name == others[pattern]
    assert {ord(c) for c in OCTANT.chars if "OCTANT" in _name(c)} == set(range(0x1CD00, 0x1CDE6))


# -- sizes and topology ----------------------------------------------------------------------

#: The board widget's space at 80x24, 120x40 and 200x60 (side panel and footer taken off).
BOARD_SPACES = [(53, 23), (84, 39), (156, 59)]


def _grids_in_use() -> list[HexGrid]:
    grids: set[HexGrid] = set()
    for enc in ENCODERS.values():
        for cols, rows in BOARD_SPACES:
            grids.add(fit_whole(cols, rows, enc.cols, enc.rows))
            grids.add(fit_zoom(cols, rows, enc.cols, enc.rows, 2))
            grids.add(fit_zoom(cols, rows, enc.cols, enc.rows, 1))
        for box in ((14, 6), (22, 10)):
            grids.add(tile_art(*box, enc).grid)
    return sorted(grids, key=lambda g: (g.sub_cols, g.sub_rows, g.width))


GRIDS = _grids_in_use()


def _components(pixels: set[tuple[int, int]]) -> int:
    seen: set[tuple[int, int]] = set()
    count = 0
    for start in pixels:
        if start in seen:
            continue
        count += 1
        stack = [start]
        seen.add(start)
        while stack:
            x, y = stack.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    p = (x + dx, y + dy)
                    if p in pixels and p not in seen:
                        seen.add(p)
                        stack.append(p)
    return count


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: f"{g.sub_cols}x{g.sub_rows}-w{g.width}")
def test_the_rim_and_the_midpoints_are_what_their_definitions_say(grid: HexGrid) -> None:
    """hex_shape reads the rim off each row's run and searches for a midpoint
    only near it: the same pixels as the definitions, checked here the long
    way (every pixel against its four neighbours; the nearest of all pixels
    on screen, ties to the first in reading order)."""
    shape = hex_shape(grid)
    pixels = shape.pixels
    assert sum(last - first + 1 for _y, first, last in shape.rows) == len(pixels)  # one run a row
    rim = {
        (x, y)
        for x, y in pixels
        if any(p not in pixels for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
    }
    assert set(shape.rim) == rim
    phase = y_phase(grid)
    for edge in range(6):
        mx, my = (v / 2 for v in grid.edge_vector(edge))

        def nearness(p: tuple[int, int], mx: float = mx, my: float = my) -> tuple[float, tuple[int, int]]:
            dx, dy = (p[0] + 0.5 - mx) * grid.pixel_w, (p[1] + phase - my) * grid.pixel_h
            return dx * dx + dy * dy, p

        assert shape.midpoints[edge] == min(pixels, key=nearness), edge


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: f"{g.sub_cols}x{g.sub_rows}-w{g.width}")
def test_every_path_is_one_line_between_its_two_edge_midpoints(grid: HexGrid) -> None:
    shape = hex_shape(grid)
    assert len(set(shape.midpoints)) == 6
    for a, b in combinations(range(6), 2):
        pixels = set(path_pixels(grid, a, b))
        assert pixels <= shape.pixels
        assert _components(pixels) == 1, (a, b)
        touched = {e for e, m in enumerate(shape.midpoints) if m in pixels}
        assert touched == {a, b}, (a, b, touched)


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: f"{g.sub_cols}x{g.sub_rows}-w{g.width}")
def test_routes_run_on_across_cell_borders(grid: HexGrid) -> None:
    """The midpoints of an edge seen from its two cells touch, so a route drawn
    through several tiles is one line."""
    board = board_grid(grid)
    for slot, other in enumerate(NEIGHBOUR_SLOT):
        if other < 0:
            continue
        x0, y0 = board.midpoint(slot // 6, slot % 6)
        x1, y1 = board.midpoint(other // 6, other % 6)
        assert max(abs(x0 - x1), abs(y0 - y1)) == 1


def test_cells_tile_the_board_without_overlap() -> None:
    grid = fit_whole(84, 39, 2, 2)
    board = board_grid(grid)
    shape = hex_shape(grid)
    seen: set[tuple[int, int]] = set()
    for cx, cy in board.centres:
        cell = {(cx + x, cy + y) for x, y in shape.pixels}
        assert not cell & seen
        seen |= cell
        assert all(0 <= x < board.px_width and 0 <= y < board.px_height for x, y in cell)


@pytest.mark.parametrize(("cols", "rows"), BOARD_SPACES)
def test_the_whole_board_fits_and_quadrant_hexagons_are_readable_from_120x40(cols: int, rows: int) -> None:
    grid = fit_whole(cols, rows, 2, 2)
    art = Art(grid, QUADRANT)
    across, down = picture_size(art)
    assert across <= cols and down <= rows
    if cols >= 84:
        assert grid.width >= 14
    assert fit_zoom(cols, rows, 2, 2, 2).width >= 14  # a zoomed view always reads


# -- drawing real boards ----------------------------------------------------------------------


def _midgame(players: int = 3, moves: int = 25, seed: int = 7) -> Game:
    game = Game.new(Setup(players=players), seed=seed)
    rng = random.Random(1)
    for _ in range(moves):
        if game.over:
            break
        game.push(rng.choice(game.legal_moves))
    return game


def _busy_marks(game: Game) -> Marks:
    view = game.view(game.turn)
    best = max(view.legal_moves, key=lambda m: len(view.preview(m)))
    return Marks(
        cursor=best.cell,
        last_cell=game.board.last_cell,
        held=(best.tile, best.rotation),
        preview=tuple(view.preview(best)),
        trace=INDEX[(1, 1)],
    )


def _char_at(picture: Picture, art: Art, x: float, y: float) -> tuple[str, int, int]:
    col, row = art.board.char_of(x, y)
    i = row * picture.cols + col
    return picture.chars[i], picture.fg[i], picture.bg[i]


@pytest.mark.parametrize("enc", list(ENCODERS.values()), ids=lambda e: e.name)
def test_every_gem_shows_as_its_glyph_at_its_edge(enc: Encoder) -> None:
    game = _midgame()
    art = Art(fit_whole(84, 39, enc.cols, enc.rows), enc)
    picture = draw_board(game.board, art)
    board = game.board
    for slot in board.gem_slot:
        if slot < 0:
            continue
        x, y = art.board.midpoint(slot // 6, slot % 6)
        char, fg, _ = _char_at(picture, art, x + 0.5, y + 0.5)
        kind = ("amber", "emerald", "sapphire")[[R.AMBER, R.EMERALD, R.SAPPHIRE].index(fg)]
        assert char == GEM_GLYPH[kind]
    centre_text = picture.text()
    assert centre_text.count("●") + centre_text.count("★") >= len(board.centre)


def _rim_sides(art: Art, cell: int) -> list[set[tuple[int, int]]]:
    """The characters holding each of the six sides of a cell's rim."""
    shape = hex_shape(art.grid)
    cx, cy = art.board.centres[cell]
    sides: list[set[tuple[int, int]]] = [set() for _ in range(6)]
    for x, y in shape.rim:
        # The side a rim sub-pixel belongs to: the edge whose midpoint is nearest.
        mids = shape.midpoints
        edge = min(range(6), key=lambda e: (x - mids[e][0]) ** 2 + (y - mids[e][1]) ** 2)
        sides[edge].add(art.board.char_of(cx + x, cy + y))
    return sides


@pytest.mark.parametrize("enc", list(ENCODERS.values()), ids=lambda e: e.name)
@pytest.mark.parametrize("legal", [True, False])
def test_the_cursor_rim_shows_on_all_six_sides(enc: Encoder, legal: bool) -> None:
    game = _midgame()
    art = Art(fit_whole(84, 39, enc.cols, enc.rows), enc)
    cell = game.board.empty_cells[0]
    rim = R.CURSOR_RIM if legal else R.ILLEGAL_RIM
    picture = draw_board(game.board, art, Marks(cursor=cell, held=(0, 0), held_legal=legal))
    for edge, chars in enumerate(_rim_sides(art, cell)):
        roles = {(picture.fg[r * picture.cols + c], picture.bg[r * picture.cols + c]) for c, r in chars}
        assert any(rim in pair for pair in roles), f"side {edge} of the cursor rim is lost"


def test_the_held_tile_is_drawn_in_the_cursor_cell_and_turns_with_it() -> None:
    game = _midgame()
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT)
    cell = game.board.empty_cells[0]
    drawn = []
    for rotation in range(2):
        picture = draw_board(game.board, art, Marks(cursor=cell, held=(3, rotation)))
        held = {
            (c, r)
            for c, r in _cell_chars(art, cell)
            if R.HELD in (picture.fg[r * picture.cols + c], picture.bg[r * picture.cols + c])
        }
        assert len(held) >= 6
        drawn.append(held)
    assert drawn[0] != drawn[1]


def _cell_chars(art: Art, cell: int) -> set[tuple[int, int]]:
    shape = hex_shape(art.grid)
    cx, cy = art.board.centres[cell]
    return {art.board.char_of(cx + x, cy + y) for x, y in shape.pixels}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gate_labels_name_their_owners_on_their_colours_at_every_size(players: int) -> None:
    game = Game.new(Setup(players=players), seed=1)
    gates = game.board.setup.gates
    for (cols, rows), encoder in product([*BOARD_SPACES, (136, 55), (180, 56), (250, 70)], ENCODERS.values()):
        art = Art(fit_whole(cols, rows, encoder.cols, encoder.rows), encoder)
        picture = draw_board(game.board, art)
        for gate, (col, row) in enumerate(gate_label_places(art, gates)):
            i = row * picture.cols + col
            # The number on the first owner's colour, each owner's letter on its own.
            label = gate_label(gate, gates[gate])
            assert "".join(picture.chars[i : i + len(label)]) == label, (cols, rows, encoder.name, gate)
            assert picture.bg[i] == R.SEAT0 + gates[gate][0]
            for k, seat in enumerate(gates[gate]):
                assert picture.bg[i + 1 + k] == R.SEAT0 + seat
        for gate in range(6):
            assert picture.text().count(str(gate + 1)) == 1, (cols, rows, encoder.name, gate)
            assert picture.text().count(gate_label(gate, gates[gate])) == 1, (cols, rows, encoder.name, gate)


def test_a_shared_gate_band_shows_both_owners() -> None:
    game = Game.new(Setup(players=4), seed=1)
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT)
    picture = draw_board(game.board, art)
    roles = set(picture.fg) | set(picture.bg)
    assert {R.SEAT0, R.SEAT1, R.SEAT2, R.SEAT3} <= roles


def test_the_preview_draws_each_route_in_its_gem_colour_and_marks_its_end() -> None:
    game = Game.new(Setup(players=2), seed=2)
    cell = INDEX[(0, -1)]  # touches the centre: its first emerald moves
    move = Move(cell, game.hands[0][0], 0)
    preview = tuple(game.preview(move))
    assert preview and preview[0].kind == "emerald"
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT)
    picture = draw_board(game.board, art, Marks(cursor=cell, held=(move.tile, 0), preview=preview))
    assert R.EMERALD in picture.fg or R.EMERALD in picture.bg
    end = preview[0]
    if end.outcome == "rest":
        assert GEM_GHOST["emerald"] in picture.text()


def test_a_trace_is_drawn_route_by_route() -> None:
    """Each route through a tile (engine.routes, tested there) thick in the trace colour."""
    game = _midgame(moves=40)
    board = game.board
    placed = next(c for c in range(CELL_COUNT) if board.tiles[c] >= 0 and c != CENTRE)
    assert len(routes_through(board, placed)) == 3
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT)
    drawn = [draw_board(board, art, Marks(trace=placed, trace_index=i)) for i in range(3)]
    assert all(R.TRACE in p.fg or R.TRACE in p.bg for p in drawn)
    assert drawn[0].fg != drawn[1].fg != drawn[2].fg


def test_without_colour_tiles_are_their_paths_and_empty_cells_a_dotted_outline() -> None:
    game = _midgame()
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT, mono=True)
    picture = draw_board(game.board, art, _busy_marks(game))
    # The raster has two roles only, ink and blank; glyphs keep theirs (labels on seat colours).
    glyph_roles = {R.INK, R.ARROW, R.AMBER, R.EMERALD, R.SAPPHIRE, R.SEAT0, R.SEAT1, R.SEAT2, R.SEAT3}
    assert set(picture.fg) | set(picture.bg) <= {R.BG, R.PATH} | glyph_roles
    assert R.TILE not in picture.bg and R.EMPTY not in picture.bg
    placed = next(c for c in range(CELL_COUNT) if game.board.tiles[c] >= 0 and c != game.board.last_cell)
    inked = [picture.chars[r * picture.cols + c] != " " for c, r in _cell_chars(art, placed)]
    assert sum(inked) >= 4


def test_clicks_find_their_cell() -> None:
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT)
    for cell in range(CELL_COUNT):
        assert cell_at(art, *cell_char(art, cell)) == cell
    assert cell_at(art, 0, 0) is None


def test_a_lone_tile_and_the_small_map() -> None:
    art = tile_art(22, 10, QUADRANT)
    picture = draw_tile(4, 1, art)
    assert picture.cols <= 22 and picture.rows <= 10 and art.grid.width >= 24
    assert R.PATH in picture.fg
    game = _midgame()
    mini = draw_map(game.board, INDEX[(0, 0)], frozenset({INDEX[(1, 0)]}), QUADRANT)
    assert (mini.cols, mini.rows) == (9, 5)
    assert R.CURSOR_RIM in mini.fg or R.CURSOR_RIM in mini.bg


def test_the_words_for_previews_and_moves() -> None:
    game = Game.new(Setup(players=2), seed=2)
    move = Move.make(INDEX[(0, -1)], game.hands[0][0], 0)
    names = {0: "Ann", 1: "Bob"}.__getitem__
    assert preview_lines(game.preview(move), names)[0].startswith("emerald would move")
    game.push(move)
    line = move_lines(game.log, names)[0]
    assert line.startswith("1. Ann placed") and "(0,-1)" in line and "emerald moved" in line


# -- the glyph guard ---------------------------------------------------------------------------

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")


def _font_chars() -> set[str]:
    ttlib = pytest.importorskip("fontTools.ttLib", reason="fontTools (test extra) reads the font's cmap")
    if not DEJAVU.exists():
        pytest.skip(f"{DEJAVU} is missing: install Debian's fonts-dejavu-core to check the board's glyphs")
    font = ttlib.TTFont(str(DEJAVU))
    return {chr(code) for code in font.getBestCmap()}


def test_the_default_board_uses_only_glyphs_dejavu_sans_mono_has() -> None:
    have = _font_chars()
    used: set[str] = set()
    for players, moves in ((2, 0), (3, 25), (4, 45)):
        game = _midgame(players, moves)
        for cols, rows in BOARD_SPACES:
            for grid in (fit_whole(cols, rows, 2, 2), fit_zoom(cols, rows, 2, 2, 2)):
                for mono in (False, True):
                    art = Art(grid, QUADRANT, mono)
                    used |= set(draw_board(game.board, art, _busy_marks(game)).chars)
        used |= set(draw_map(game.board, 0, frozenset(), QUADRANT).chars)
    for box in ((14, 6), (22, 10)):
        for kind in range(5):
            used |= set(draw_tile(kind, 0, tile_art(*box, QUADRANT)).chars)
    missing = sorted(c for c in used if c not in have)
    assert not missing, f"not in DejaVu Sans Mono: {[f'U+{ord(c):04X}' for c in missing]}"


def test_a_fresh_board_shows_every_gem_arrow_and_gate() -> None:
    game = Game.new(Setup(players=3), seed=1)
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT)
    text = draw_board(game.board, art).text()
    assert text.count(GEM_GLYPH["amber"]) == len(CORNERS)
    assert text.count(GEM_GLYPH["emerald"]) == 5 and text.count(GEM_GLYPH["sapphire"]) == 1
    for arrow in "↖↗→↘↙←":
        assert arrow in text
    assert len(GATE_CELLS) == 6


def test_an_empty_board_draws_the_same_for_the_same_position() -> None:
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT)
    first = draw_board(Board(Setup(players=2)), art)
    second = draw_board(Board(Setup(players=2)), art)
    assert first.chars == second.chars and first.fg == second.fg


def test_the_text_picture_draws_the_shared_list_of_glyphs() -> None:
    """The arrows, the gems at rest and where each what-if route ends are where
    glyph_places puts them (the pixel picture draws the same list as shapes)."""
    game = _midgame()
    marks = _busy_marks(game)
    art = Art(fit_whole(84, 39, 2, 2), QUADRANT)
    picture = draw_board(game.board, art, marks)
    board = game.board
    slots = tuple(board.gem_slot)
    glyphs = [
        *position_glyphs(art.grid, board.setup.gates, slots, tuple(board.centre)),
        *mark_glyphs(art.grid, marks.preview, marks.moving, marks.coordinates, marks.tagged),
    ]
    assert any(isinstance(g, RouteEnd) for g in glyphs)
    for glyph in glyphs:
        if isinstance(glyph, Arrow):
            shown = ARROW_GLYPH[glyph.edge]
        elif isinstance(glyph, Gem):
            shown = GEM_GLYPH[glyph.kind]
        elif isinstance(glyph, RouteEnd):
            shown = {"gate": GEM_GLYPH[glyph.kind], "met": MET_GLYPH}.get(
                glyph.outcome, GEM_GHOST[glyph.kind]
            )
        else:
            continue  # labels, the centre's gems and coordinates are laid out around their place
        col, row = to_picture(art, glyph.x, glyph.y)
        assert picture.chars[row * picture.cols + col] == shown, glyph


def test_where_the_cursors_edges_lead_is_drawn_in_full_and_the_rest_quieter() -> None:
    """On a crowded board the paths a gem would follow from the cursor's edges stand
    out of the quiet mesh, to the gate or the empty cell where they end."""
    game = _midgame(players=2, moves=40, seed=3)
    board = game.board
    cursor = next(c for c in range(CELL_COUNT) if board.tiles[c] == EMPTY and routes_through(board, c))
    art = art_for(18, QUADRANT)
    focus = focus_cells(board, cursor)
    quiet = board_raster(board, art, Marks(cursor=cursor, focus=focus))
    lit = board_raster(board, art, Marks(cursor=cursor, focus=focus, onward=cursor))
    on_route = {c for route in routes_through(board, cursor) for c, _a, _b in route}
    for route in routes_through(board, cursor):
        for cell, a, b in route:
            cx, cy = art.board.centres[cell]
            roles = [lit.pixels[(cy + y) * lit.width + cx + x] for x, y in path_pixels(art.grid, a, b)]
            # (Its ends cross into the rims around: the cursor's wins there.)
            assert roles.count(R.PATH) >= len(roles) * 2 // 3, (cell, a, b)
    away = next(
        c for c in range(CELL_COUNT) if board.tiles[c] >= 0 and c not in on_route | focus and c != CENTRE
    )
    kind, rot = divmod(board.tiles[away], 6)
    cx, cy = art.board.centres[away]
    for a, b in rotated_paths(kind, rot):
        path = [lit.pixels[(cy + y) * lit.width + cx + x] for x, y in path_pixels(art.grid, a, b)]
        assert path.count(R.PATH) <= 2 and path.count(R.QUIET_PATH) >= len(path) // 2
    # Without the onward mark the route's tiles are as quiet as any other.
    cell, a, b = next(
        piece for route in routes_through(board, cursor) for piece in route if piece[0] not in focus
    )
    cx, cy = art.board.centres[cell]
    assert R.QUIET_PATH in {
        quiet.pixels[(cy + y) * quiet.width + cx + x] for x, y in path_pixels(art.grid, a, b)
    }


def test_the_cursors_tag_names_its_cell_whole_beside_any_gem() -> None:
    # A gem (or a what-if route's end) where the tag would start once turned
    # -1,2 into 1,2, another cell: 34 such placements in these positions.
    from indigo_tui.ui.board_art.cells import coordinate_text

    for seed, moves in ((6, 35), (7, 20)):
        game = Game.new(Setup(players=2), seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            game.push(rng.choice(game.legal_moves))
        for cols, rows in ((84, 39), (56, 23)):
            art = Art(fit_whole(cols, rows, QUADRANT.cols, QUADRANT.rows), QUADRANT)
            for move in game.legal_moves:
                marks = Marks(
                    cursor=move.cell,
                    tagged=move.cell,
                    held=(move.tile, move.rotation),
                    preview=tuple(game.preview(move)),
                )
                text = coordinate_text(move.cell)
                assert text in draw_board(game.board, art, marks).text(), (seed, cols, move, text)
