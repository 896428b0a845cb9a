"""Cell lookup: how the board's picture is laid out in characters, where each
cell lies in it and which cell lies under a character (for the cursor, the
coordinate tags and clicks).

:class:`Art` says how to draw (the hexagon lattice, the encoder, colour or
not); the positions here are the text picture's. Nothing here imports Textual.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from ...engine.geometry import COORDS
from .glyphs import Encoder
from .hexgrid import LABEL_COLS, LABEL_ROWS, BoardGrid, HexGrid, board_grid, grid_for, hex_shape


@dataclass(frozen=True)
class Art:
    """How to draw: the hexagon lattice, the encoder and whether there is colour."""

    grid: HexGrid
    encoder: Encoder
    mono: bool = False

    @property
    def board(self) -> BoardGrid:
        return board_grid(self.grid)


def art_for(width: int, encoder: Encoder, mono: bool = False) -> Art:
    return Art(grid_for(width, encoder.cols, encoder.rows), encoder, mono)


def picture_size(art: Art) -> tuple[int, int]:
    """Characters (across, down) of the whole board's picture."""
    bg = art.board
    return bg.cols + 2 * LABEL_COLS, bg.rows + 2 * LABEL_ROWS


def to_picture(art: Art, x: float, y: float) -> tuple[int, int]:
    col, row = art.board.char_of(x, y)
    return col + LABEL_COLS, row + LABEL_ROWS


@lru_cache(maxsize=16)
def cell_chars(art: Art) -> tuple[tuple[int, ...], ...]:
    """Per cell, the characters of the picture (row * cols + col) whose middle lies in it."""
    board = art.board
    grid = art.grid
    shape = hex_shape(grid)
    cols, rows = picture_size(art)
    owned: list[tuple[int, ...]] = []
    for cx, cy in board.centres:
        first_col, first_row = to_picture(art, cx + shape.left, cy + shape.top)
        last_col, last_row = to_picture(art, cx + shape.right, cy + shape.bottom)
        mine = []
        for row in range(max(0, first_row), min(rows, last_row + 1)):
            for col in range(max(0, first_col), min(cols, last_col + 1)):
                x = (col - LABEL_COLS) * grid.sub_cols + grid.sub_cols // 2
                y = (row - LABEL_ROWS) * grid.sub_rows + grid.sub_rows // 2
                if (x - cx, y - cy) in shape.pixels:
                    mine.append(row * cols + col)
        owned.append(tuple(mine))
    return tuple(owned)


def cell_char(art: Art, cell: int) -> tuple[int, int]:
    cx, cy = art.board.centres[cell]
    return to_picture(art, cx, cy)


def cell_at(art: Art, col: int, row: int) -> int | None:
    """The cell under a character of the picture, or None off the board."""
    bgrid = art.board
    x = (col - LABEL_COLS) * art.grid.sub_cols + art.grid.sub_cols / 2
    y = (row - LABEL_ROWS) * art.grid.sub_rows + art.grid.sub_rows / 2
    shape = hex_shape(art.grid)
    best, best_d = None, float("inf")
    for cell, (cx, cy) in enumerate(bgrid.centres):
        d = ((x - cx) * art.grid.pixel_w) ** 2 + ((y - cy) * art.grid.pixel_h) ** 2
        if d < best_d:
            best, best_d = cell, d
    if best is None:
        return None
    cx, cy = bgrid.centres[best]
    if (math.floor(x - cx), math.floor(y - cy)) not in shape.pixels:
        return None
    return best


def coordinate_text(cell: int) -> str:
    """A cell's coordinates as the words name cells ("2,-3", in "(2,-3)")."""
    q, r = COORDS[cell]
    return f"{q},{r}"


def tag_places(art: Art, cell: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where a cell's coordinate tag may start (column, row of the picture): centred
    under the cell's middle, on the row of its lowest corner, else of its highest."""
    cx, cy = art.board.centres[cell]
    shape = hex_shape(art.grid)
    col, _row = to_picture(art, cx, cy)
    col -= len(coordinate_text(cell)) // 2
    _col, bottom = to_picture(art, cx, cy + shape.bottom)
    _col, top = to_picture(art, cx, cy + shape.top)
    return (col, bottom), (col, top)
