"""The board drawing: layout, hit-testing, glyphs, preview marks and routes."""

from __future__ import annotations

import math

import pytest

from indigo_tui.engine import Game, Move, Setup
from indigo_tui.engine.geometry import CELL_COUNT, CENTRE, CORNERS, GATE_CELLS, INDEX, NEIGHBOUR_SLOT
from indigo_tui.ui.describe import move_lines, preview_lines
from indigo_tui.ui.render import (
    GEM_GHOST,
    GEM_GLYPH,
    Marks,
    draw_board,
    draw_tile,
    fit_size,
    layout,
    route_points,
)


@pytest.mark.parametrize(("cols", "rows"), [(76, 38), (53, 23), (200, 60)])
def test_the_board_fits_and_every_cell_is_clickable(cols: int, rows: int) -> None:
    size = fit_size(cols, rows)
    lay = layout(size)
    assert lay.width <= cols and lay.height <= rows
    for cell in range(CELL_COUNT):
        assert lay.cell_chars[cell], f"cell {cell} has no character of its own"
        for col, row in lay.cell_chars[cell]:
            assert lay.cell_at(col, row) == cell
    assert lay.cell_at(0, 0) is None  # the corner of the canvas is off the board


def test_a_fresh_board_shows_every_gem_arrow_and_gate() -> None:
    game = Game.new(Setup(players=3), seed=1)
    text = draw_board(game.board, 8.0).plain()
    assert text.count(GEM_GLYPH["amber"]) == len(CORNERS)
    assert text.count(GEM_GLYPH["emerald"]) == 5 and text.count(GEM_GLYPH["sapphire"]) == 1
    for arrow in "↖↗→↘↙←":
        assert arrow in text
    for gate in range(len(GATE_CELLS)):
        assert text.count(str(gate + 1)) == 1  # one label per gate side


def test_a_placed_tile_draws_its_paths_and_the_preview_marks_where_gems_go() -> None:
    game = Game.new(Setup(players=2), seed=2)
    cell = INDEX[(0, -1)]  # touches the centre: its first emerald moves
    tile = game.hands[0][0]
    move = Move(cell, tile, 0)
    preview = game.preview(move)
    assert preview and preview[0].kind == "emerald"
    lay = layout(8.0)
    empty = draw_board(game.board, 8.0)
    marked = draw_board(game.board, 8.0, Marks(cursor=cell, held=(tile, 0), preview=tuple(preview)))
    inside = [row * lay.width + col for col, row in lay.cell_chars[cell]]
    assert sum(marked.bits[i] != 0 for i in inside) > sum(empty.bits[i] != 0 for i in inside)
    assert all(marked.bg.get(i) == "bg-cursor" for i in inside)
    assert GEM_GHOST["emerald"] in marked.plain()
    illegal = draw_board(game.board, 8.0, Marks(cursor=CENTRE, held_legal=False))
    assert (
        illegal.bg.get(lay.cell_chars[CENTRE][0][1] * lay.width + lay.cell_chars[CENTRE][0][0])
        == "bg-illegal"
    )


def test_routes_run_from_the_start_edge_to_the_end() -> None:
    game = Game.new(Setup(players=2), seed=2)
    game.push(Move.make(INDEX[(0, -1)], game.hands[0][0], 0))
    moved = next(e for e in game.log if type(e).__name__ == "GemMoved")
    points = route_points(8.0, moved.route)  # type: ignore[attr-defined]
    lay = layout(8.0)
    last = moved.route[-1]  # type: ignore[attr-defined]
    end = lay.edge_point(last // 6, last % 6)
    assert len(points) >= 2
    assert math.dist(points[-1], end) <= 2.5 or NEIGHBOUR_SLOT[last] < 0


def test_a_lone_tile_and_the_words() -> None:
    assert draw_tile(1, 0).plain().strip()
    game = Game.new(Setup(players=2), seed=2)
    move = Move.make(INDEX[(0, -1)], game.hands[0][0], 0)
    names = {0: "Ann", 1: "Bob"}.__getitem__
    assert preview_lines(game.preview(move), names)[0].startswith("emerald would move")
    game.push(move)
    line = move_lines(game.log, names)[0]
    assert line.startswith("1. Ann placed") and "(0,-1)" in line and "emerald moved" in line
