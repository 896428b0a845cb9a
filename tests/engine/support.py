"""Helpers shared by the engine tests: seeded random play and hand-built positions."""

from __future__ import annotations

import random

from indigo_tui.engine import Game, GemMoved, Move, Setup
from indigo_tui.engine.board import FORBIDDEN
from indigo_tui.engine.geometry import cell_index
from indigo_tui.engine.tiles import EXIT, ORIENTATIONS

#: Every setup the rules allow, for tests that sweep them.
SETUPS: tuple[Setup, ...] = (
    Setup(2),
    Setup(3),
    Setup(3, own_gates=True),
    Setup(4),
    Setup(2, "tactical"),
    Setup(3, "tactical", own_gates=True),
    Setup(4, "tactical"),
)


def random_move(game: Game, rng: random.Random) -> Move:
    """A uniformly random legal move for the seat to move (from its hand, or
    from the box in an open game), by rejection sampling as the random bot does."""
    board = game.board
    if game.deck is None:
        kinds = [kind for kind, left in enumerate(board.unplaced) if left > 0]
    else:
        kinds = game.hands[game.turn]
    empties = board.empty_cells
    while True:
        kind = kinds[rng.randrange(len(kinds))]
        rotation = ORIENTATIONS[kind][rng.randrange(len(ORIENTATIONS[kind]))]
        cell = empties[rng.randrange(len(empties))]
        if board.is_legal(cell, kind, rotation):
            return Move(cell, kind, rotation)


def accepted_move(game: Game, rng: random.Random) -> Move:
    """A uniformly random move of everything :meth:`Game.refusal` accepts:
    a tile the seat to move holds (or any in an open game), any rotation 0 to
    5 (so turns that place the same tile as a listed one are drawn too, as a
    program or a peer may send them), any empty cell; by rejection sampling."""
    board = game.board
    kinds = game.hands[game.turn] or [kind for kind, left in enumerate(board.unplaced) if left > 0]
    empties = board.empty_cells
    while True:
        move = Move(empties[rng.randrange(len(empties))], kinds[rng.randrange(len(kinds))], rng.randrange(6))
        if game.refusal(move) is None:
            return move


def play_accepted(game: Game, rng: random.Random) -> Game:
    """Play :func:`accepted_move` moves to the end of the game."""
    while not game.over:
        game.push(accepted_move(game, rng))
    return game


def play_random(game: Game, rng: random.Random, max_moves: int | None = None) -> Game:
    """Play random legal moves until the game ends or ``max_moves`` more are made."""
    made = 0
    while not game.over and (max_moves is None or made < max_moves):
        game.push(random_move(game, rng))
        made += 1
    return game


def random_game(seed: int, setup: Setup, max_moves: int | None = None) -> Game:
    """A dealt game played at random from ``seed``, stopped after ``max_moves``."""
    return play_random(Game.new(setup, seed), random.Random(seed), max_moves)


def tile_with_path(q: int, r: int, a: int, b: int) -> Move:
    """A legal move on cell ``(q, r)`` whose tile joins edges ``a`` and ``b``:
    the first kind and rotation that does, so hand-built positions read like
    the rulebook's figures ("a curve from the north-west to the east")."""
    cell = cell_index(q, r)
    for kind, rotations in enumerate(ORIENTATIONS):
        for rotation in rotations:
            if EXIT[kind][rotation][a] == b and rotation not in FORBIDDEN[cell][kind]:
                return Move(cell, kind, rotation)
    raise AssertionError(f"no tile joins edges {a} and {b} on [{q},{r}]")


def place(game: Game, move: Move) -> list[GemMoved]:
    """Push ``move`` and return only the gem moves it caused."""
    return [event for event in game.push(move) if type(event) is GemMoved]
