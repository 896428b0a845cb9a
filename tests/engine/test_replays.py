"""Whatever ``Game.push`` accepts, the log replays.

``push`` accepts every rotation 0 to 5 that :meth:`Game.refusal` allows, and
records a rotation that places the same tile as a listed one (a straight
turned 3 is the straight turned 0) as the one :attr:`Game.legal_moves` lists,
its normal rotation. So a game whose moves are drawn from everything the
engine accepts replays from its own log and from its canonical record. The
engine's own check over a few hundred games runs here, in the quick step
(and against the compiled build); the done-when check over 10,000 games,
which also replays each from its save file, is ``tests/saves/test_replays.py``.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from indigo_tui.engine import Game, IllegalMove, LogError, LogFault, Move, Setup, TilePlaced, notation
from indigo_tui.engine.geometry import INDEX
from indigo_tui.engine.tiles import KIND_CODES, NORMAL, ORIENTATIONS

from .support import SETUPS, accepted_move, play_accepted

TILE_223 = KIND_CODES.index("223")


def replays(game: Game) -> None:
    """``game`` replays from its log and from its canonical record, to the same end."""
    again = Game.from_log(game.log)
    assert again.log == game.log
    assert again.scores == game.scores and again.winners == game.winners
    record = notation.loads(notation.dumps(game))
    assert record.moves == game.moves
    assert record.scores == game.scores and record.winners == game.winners


def test_the_issue_s_move_replays() -> None:
    """Rotation 3 of a 223 places the same tile as rotation 0: it was accepted
    and logged as 3, and the log then failed to replay (``differs[4]``)."""
    game = Game.new(Setup(players=2), seed=0)
    move = Move(INDEX[1, -4], TILE_223, 3)
    assert move not in game.legal_moves and Move.make(move.cell, move.tile, move.rotation) in game.legal_moves
    assert game.refusal(move) is None
    placed = game.push(move)[0]
    assert placed == TilePlaced(0, move.cell, TILE_223, 0)
    assert game.moves == [(0, Move(move.cell, TILE_223, 0))]
    replays(game)


def test_every_rotation_of_every_listed_move_is_accepted_as_that_move() -> None:
    game = Game.new(Setup(players=3), seed=4)
    blob = msgspec.json.encode(game.log)
    for listed in game.legal_moves:
        for rotation in range(6):
            if NORMAL[listed.tile][rotation] != listed.rotation:
                continue
            turned = Move(listed.cell, listed.tile, rotation)
            assert game.refusal(turned) is None
            events = game.push(turned)
            assert events[0] == TilePlaced(0, listed.cell, listed.tile, listed.rotation)
            assert game.pop() == listed
            assert msgspec.json.encode(game.log) == blob


@pytest.mark.parametrize("setup", SETUPS, ids=str)
def test_games_of_every_accepted_move_replay_from_their_log_and_record(setup: Setup) -> None:
    for index in range(40):
        seed = f"replay:{setup}:{index}"
        replays(play_accepted(Game.new(setup, seed), random.Random(seed)))
    # An open game (the canonical record's kind) too.
    for index in range(5):
        replays(play_accepted(Game.open(setup), random.Random(index)))


def test_redo_is_the_undone_move_in_any_of_its_rotations() -> None:
    """Pushing the undone move again, turned to look the same, is a redo: the
    rest of the undone line stays to redo."""
    game = Game.new(Setup(players=2), seed=0)
    game.push(Move.parse("223/0@1,-4"))
    game.push(accepted_move(game, random.Random(0)))
    log = list(game.log)
    game.pop()
    game.pop()
    game.push(Move(INDEX[1, -4], TILE_223, 3))
    assert game.can_redo
    game.redo()
    assert game.log == log and not game.can_redo


def test_a_log_written_with_other_rotations_still_loads() -> None:
    """An engine before this one logged some placements in a rotation other
    than the normal one (such autosaves exist): the same placements, so the
    log loads, and the game records them normalised."""
    rng = random.Random(3)
    game = play_accepted(Game.new(Setup(players=3), seed=3), rng)
    turned = []
    for event in game.log:
        if type(event) is TilePlaced and len(ORIENTATIONS[event.tile]) < 6:
            others = [r for r in range(6) if NORMAL[event.tile][r] == event.rotation and r != event.rotation]
            event = msgspec.structs.replace(event, rotation=rng.choice(others))
        turned.append(event)
    assert turned != game.log
    again = Game.from_log(turned)
    assert again.log == game.log and again.scores == game.scores


def test_a_log_with_an_impossible_placement_names_the_move_and_the_reason() -> None:
    game = Game.new(Setup(players=2), seed=1)
    game.push(game.legal_moves[0])
    placed = game.log[game.log.index(next(e for e in game.log if type(e) is TilePlaced))]
    assert type(placed) is TilePlaced
    for field, value in (("tile", 9), ("rotation", 6), ("cell", -1), ("cell", 10**6)):
        log = [msgspec.structs.replace(e, **{field: value}) if e is placed else e for e in game.log]
        with pytest.raises(LogError) as failed:
            Game.from_log(log)
        assert failed.value.code is LogFault.ILLEGAL and failed.value.numbers == (1,)
        assert failed.value.refusal is not None
    with pytest.raises(IllegalMove):
        game.push(Move(game.legal_moves[0].cell, game.legal_moves[0].tile, 6))
