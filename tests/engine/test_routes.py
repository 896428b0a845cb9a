"""Routes through a cell (what the trace key shows): each one continuous, from end to end."""

from __future__ import annotations

import random
from itertools import pairwise

from indigo_tui.engine import Game, Setup
from indigo_tui.engine.geometry import CELL_COUNT, CENTRE, CORNERS, NEIGHBOUR_SLOT
from indigo_tui.engine.routes import outwards, routes_through


def _midgame(moves: int = 40, seed: int = 7) -> Game:
    game = Game.new(Setup(players=3), seed=seed)
    rng = random.Random(1)
    for _ in range(moves):
        if game.over:
            break
        game.push(rng.choice(game.legal_moves))
    return game


def test_a_tile_has_one_route_per_path_each_continuous() -> None:
    board = _midgame().board
    for placed in (c for c in range(CELL_COUNT) if board.tiles[c] >= 0 and c != CENTRE):
        routes = routes_through(board, placed)
        assert len(routes) == 3  # one for each path of the tile there
        for route in routes:
            # It passes the cell (a route may come back through another of its paths).
            assert any(cell == placed for cell, _, _ in route)
            for (cell, a, b), (nxt, c, _) in pairwise(route):
                assert board.exits[cell * 6 + a] == cell * 6 + b or cell in CORNERS
                # Each path ends where the next begins: one continuous route.
                assert NEIGHBOUR_SLOT[cell * 6 + b] == nxt * 6 + c


def test_an_empty_cell_has_the_routes_leading_away_from_its_edges() -> None:
    board = _midgame().board
    for empty in board.empty_cells:
        for route in routes_through(board, empty):
            assert route and route[0][0] != empty
        assert routes_through(board, empty) == [
            r for r in (outwards(board, empty * 6 + e) for e in range(6)) if r
        ]


def test_on_an_empty_board_routes_reach_only_the_corners_paths() -> None:
    board = Game.new(Setup(players=2), seed=1).board
    cell = next(c for c in board.empty_cells)
    for route in routes_through(board, cell):
        assert {piece[0] for piece in route} <= set(CORNERS)
