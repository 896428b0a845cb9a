"""Routes on the board: the placed paths a gem would follow from an edge, and
every route through a cell from end to end (what the trace key shows).

A route is a list of pieces ``(cell, edge, edge)``: one path of the tile on
``cell``, entered by the first edge and left by the second, in the order a gem
travels them."""

from __future__ import annotations

from .board import Board
from .geometry import CELL_COUNT, CORNER_ARROWS, NEIGHBOUR_SLOT
from .tiles import rotated_paths

Piece = tuple[int, int, int]  # a path on the board: (cell, edge in, edge out)


def outwards(board: Board, start: int) -> list[Piece]:
    """The placed paths a gem leaving by ``start`` (a slot: cell * 6 + edge) would
    follow into the neighbouring cells, in order, up to an empty cell or the rim."""
    pieces: list[Piece] = []
    here = start
    for _ in range(CELL_COUNT * 3):
        entry = NEIGHBOUR_SLOT[here]
        if entry < 0:
            break
        out = board.exits[entry]
        if out < 0:
            break
        pieces.append((entry // 6, entry % 6, out % 6))
        here = out
    return pieces


def routes_through(board: Board, cell: int) -> list[list[Piece]]:
    """The routes through a cell, each from end to end: one per path of the tile
    there (both ways out), or one per edge of an empty cell or the centre (outwards)."""
    packed = board.tiles[cell]
    if cell in CORNER_ARROWS:
        arrow = CORNER_ARROWS[cell]
        paths: tuple[tuple[int, int], ...] = (((arrow - 1) % 6, (arrow + 1) % 6),)
    elif packed >= 0:
        kind, rot = divmod(packed, 6)
        paths = rotated_paths(kind, rot)
    else:
        routes = [outwards(board, cell * 6 + e) for e in range(6)]
        return [route for route in routes if route]
    routes = []
    for a, b in paths:
        # From the far end behind edge a, through this cell, to the far end beyond edge b.
        behind = [(c, y, x) for c, x, y in reversed(outwards(board, cell * 6 + a))]
        routes.append([*behind, (cell, a, b), *outwards(board, cell * 6 + b)])
    return routes
