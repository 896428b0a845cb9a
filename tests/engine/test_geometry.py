"""Distances and the screen's up and down on the hex board."""

from __future__ import annotations

import itertools

from indigo_tui.engine.geometry import (
    CELL_COUNT,
    CENTRE,
    COORDS,
    INDEX,
    hex_distance,
    neighbour,
    vertical_neighbour,
)


def test_hex_distance_is_a_metric_whose_steps_are_neighbours() -> None:
    for a, b in itertools.product(range(CELL_COUNT), repeat=2):
        assert hex_distance(a, b) == hex_distance(b, a)
        assert (hex_distance(a, b) == 0) == (a == b)
        neighbours = {n for edge in range(6) if (n := neighbour(a, edge)) is not None}
        assert (b in neighbours) == (hex_distance(a, b) == 1)
    # The board is a hexagon of radius 4: its corners are 8 steps apart across it.
    assert hex_distance(INDEX[(0, -4)], INDEX[(0, 4)]) == 8
    assert max(hex_distance(CENTRE, cell) for cell in range(CELL_COUNT)) == 4


def test_up_and_down_keep_to_a_column_and_stop_at_the_edge() -> None:
    for cell in range(CELL_COUNT):
        q, r = COORDS[cell]
        for step in (-1, 1):
            # On screen a cell sits at x = q + r / 2: the cells just above or
            # below are those of the next row within half a cell of it.
            beside = [
                INDEX[(q2, r2)]
                for (q2, r2) in COORDS
                if r2 == r + step and abs((q2 + r2 / 2) - (q + r / 2)) == 0.5
            ]
            target = vertical_neighbour(cell, step)
            if not beside:
                assert target is None  # the rim: nothing above or below
                continue
            assert target in beside and hex_distance(cell, target) == 1
    # From the bottom row's middle the top row is reached in eight steps up.
    cell = INDEX[(0, 4)]
    for _ in range(8):
        up = vertical_neighbour(cell, -1)
        assert up is not None
        cell = up
    assert COORDS[cell][1] == -4 and vertical_neighbour(cell, -1) is None
