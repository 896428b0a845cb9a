"""The board is the one judge of a placement, and every check agrees with it.

:meth:`Board.refusal` decides whether a placement is legal, for any ints.
:meth:`Board.is_legal`, :meth:`Game.refusal` and :meth:`SeatView.refusal`
(which add whose turn it is and what is in the hand, in one order), the
tables behind :attr:`Game.legal_moves` and :meth:`Board.placements_for`, all
derive from it. Here they are asked about random placements in positions of
random games, off-board cells, tile kinds and rotations out of range
included, and must agree on each.
"""

from __future__ import annotations

import random

import pytest

from indigo_tui.engine import Game, Move, Refusal, Refused, Setup
from indigo_tui.engine.board import Board
from indigo_tui.engine.geometry import CELL_COUNT, INDEX, TREASURE_CELLS
from indigo_tui.engine.tiles import COUNTS, NORMAL

from .support import SETUPS, accepted_move

#: How many placements the agreement test asks about, in all.
PLACEMENTS = 100_000


def an_int(rng: random.Random, low: int, high: int) -> int:
    """Mostly in ``low..high``, sometimes just outside it, now and then far out."""
    roll = rng.random()
    if roll < 0.85:
        return rng.randrange(low, high)
    if roll < 0.97:
        return rng.choice((low - 1, low - 2, high, high + 1))
    return rng.randrange(-(10**9), 10**9)


def a_position(rng: random.Random, index: int) -> Game:
    setup = SETUPS[index % len(SETUPS)]
    game = Game.open(setup) if index % 5 == 0 else Game.new(setup, f"judge:{index}")
    for _ in range(rng.randrange(60)):
        if game.over:
            break
        game.push(accepted_move(game, rng))
    return game


def judge(game: Game, listed: set[Move], tables: set[Move], move: Move, seat: int) -> Refused | None:
    """Ask every check about ``move`` by ``seat``; assert they agree; the
    verdict. ``listed`` is the game's legal moves, ``tables`` every
    placement of every kind :meth:`Board.placements_for` gives."""
    board = game.board
    cell, tile, rotation = move.cell, move.tile, move.rotation
    placement = board.refusal(cell, tile, rotation)  # never raises
    assert board.is_legal(cell, tile, rotation) == (placement is None)
    verdict = game.refusal(move, seat)
    assert game.view(seat).refusal(move) == verdict
    if seat == game.turn:
        assert game.refusal(move) == verdict
        assert game.is_legal(move) == (verdict is None)
    if verdict is not None:
        before_the_board = (Refusal.GAME_OVER, Refusal.NOT_YOUR_TURN)
        assert placement is None or verdict == placement or verdict.code in before_the_board
        return verdict
    # Legal: the board agrees, the seat holds the tile, and the listed moves
    # hold it in its normal rotation, as the board's tables do.
    assert placement is None and seat == game.turn
    assert not game.hands[seat] or tile in game.hands[seat]
    normal = Move(cell, tile, NORMAL[tile][rotation])
    assert normal in listed
    assert normal in tables
    return None


@pytest.mark.parametrize(
    "placements",
    [
        # A tenth of them in the quick step (and against the compiled build) ...
        PLACEMENTS // 10,
        # ... and all of them in the slow step.
        pytest.param(PLACEMENTS, marks=pytest.mark.slow),
    ],
)
def test_every_check_agrees_on_random_placements(placements: int) -> None:
    rng = random.Random(placements)
    positions = max(1, placements // 250)
    verdicts: dict[Refusal | None, int] = {}
    asked = 0
    for index in range(positions):
        game = a_position(rng, index)
        players = game.setup.players
        listed = set(game.legal_moves)
        tables = {
            Move(cell, kind, rotation)
            for kind in range(len(COUNTS))
            for cell, rotation in game.board.placements_for(kind)
        }
        assert listed <= tables
        assert all(game.board.refusal(m.cell, m.tile, m.rotation) is None for m in tables)
        assert listed == {Move(m.cell, m.tile, NORMAL[m.tile][m.rotation]) for m in listed}
        for _ in range(placements // positions):
            # Half of them near what a seat holds, so that many are legal.
            if game.hands[game.turn] and rng.random() < 0.5:
                tile = rng.choice(game.hands[game.turn])
            else:
                tile = an_int(rng, 0, len(COUNTS))
            move = Move(an_int(rng, 0, CELL_COUNT), tile, an_int(rng, 0, 6))
            seat = game.turn if rng.random() < 0.8 else rng.randrange(players)
            verdict = judge(game, listed, tables, move, seat)
            code = None if verdict is None else verdict.code
            verdicts[code] = verdicts.get(code, 0) + 1
            asked += 1
        # And every listed move is legal by every check.
        for move in listed:
            assert judge(game, listed, tables, move, game.turn) is None
    assert asked >= placements
    # Every verdict but the end of the game was met, legal moves among them
    # (about a fifth), so that each check was tried.
    assert set(verdicts) >= {None, *Refusal} - {Refusal.GAME_OVER}, verdicts
    assert verdicts[None] > placements // 10


def test_the_issue_s_disagreements() -> None:
    """Found before the board was the one judge: ``is_legal`` said yes to
    rotation 6 and raised on kind 7, and the game and the view gave two
    reasons for one move."""
    game = Game.new(Setup(players=2), seed=0)
    board = game.board
    cell = INDEX[1, -4]
    assert not board.is_legal(cell, 0, 6) and board.refusal(cell, 0, 6) == Refused(Refusal.NOT_A_TILE, (0, 6))
    assert not board.is_legal(cell, 7, 0) and board.refusal(cell, 7, 0) == Refused(Refusal.NOT_A_TILE, (7, 0))
    off = Move(99, 0, 0)
    assert game.view(0).refusal(off) == game.refusal(off) == Refused(Refusal.OFF_BOARD, (99,))


@pytest.mark.parametrize("open_game", [False, True])
def test_the_order_of_the_reasons(open_game: bool) -> None:
    """The end of the game, then the turn, then the placement, then the hand."""
    game = Game.open(Setup(2)) if open_game else Game.new(Setup(2), seed=0)
    treasure = next(iter(TREASURE_CELLS))
    not_held = next(k for k in range(len(COUNTS)) if k not in game.hands[0])
    assert game.refusal(Move(treasure, not_held, 9), seat=1) == Refused(Refusal.NOT_YOUR_TURN, (0, 1))
    assert game.refusal(Move(treasure, not_held, 0)) == Refused(Refusal.TREASURE, (treasure,))
    free = game.legal_moves[0]
    held_elsewhere = Move(free.cell, not_held, 0)
    if open_game:
        assert game.refusal(held_elsewhere) is None
    else:
        assert game.refusal(held_elsewhere) == Refused(Refusal.NOT_IN_HAND, (not_held,))


def test_an_open_game_takes_tiles_from_the_box_until_none_is_left() -> None:
    board = Board(Setup(2))
    board.unplaced[1] = 0
    free = next(cell for cell in board.empty_cells if board.is_legal(cell, 1, 0))
    assert board.seat_refusal(0, (), Move(free, 1, 0)) == Refused(Refusal.NONE_LEFT, (COUNTS[1],))
    # Of a kind the box still holds, the placement alone decides.
    assert board.seat_refusal(0, (), Move(free, 2, 0)) == board.refusal(free, 2, 0)
    assert all(move.tile != 1 for move in board.moves_for(()))
