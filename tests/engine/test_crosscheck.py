"""The engine against the independent oracle ``tests/engine/reference_rules.py``.

Thousands of random games, in every setup, finished and unfinished, must give
the same canonical record (result recomputed) in both implementations; most
are checked in-process through the notation, one batch through the real
``indigo replay --json`` command. Corrupted records must be refused by both at
the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from indigo_tui.engine import Game, Move, Setup, Variant, notation
from indigo_tui.engine.board import FORBIDDEN
from indigo_tui.engine.geometry import CENTRE, COORDS, CORNERS, GATE_CELLS
from indigo_tui.engine.notation import NotationError
from indigo_tui.engine.tiles import COUNTS, KIND_CODES, TileKind, rotated_paths

from . import reference_rules as oracle
from .support import random_game, random_move

Record = dict[str, Any]

#: (players, own gates) of the setups the rules allow, as the oracle takes them.
TABLES = [(2, False), (3, False), (3, True), (4, False)]


def engine_record(seed: int, players: int, own_gates: bool) -> Record:
    """A random game dealt and played by the engine, stopped at a random move
    half the time, as its canonical record."""
    rng = random.Random(seed)
    variant: Variant = "tactical" if seed % 4 == 3 else "classic"
    stop = None if rng.random() < 0.5 else rng.randrange(0, 55)
    game = random_game(seed, Setup(players, variant, own_gates), stop)
    return notation.to_json(game)


def engine_replay(record: Record) -> Record:
    return notation.to_json(notation.from_json(msgspec.json.encode(record)))


def oracle_replay(record: Record) -> Record:
    # The oracle recomputes the result; give it the moves only, as a reader would.
    return oracle.replay({k: v for k, v in record.items() if k != "result"})


@pytest.mark.slow
@pytest.mark.parametrize(("players", "own_gates"), TABLES)
def test_engine_games_agree_with_the_oracle(players: int, own_gates: bool) -> None:
    finished = 0
    for seed in range(700):
        record = engine_record(seed * 10 + players + own_gates, players, own_gates)
        expected = oracle_replay(record)
        assert engine_replay(record) == expected, f"seed {seed}"
        # The result the engine computed while dealing and playing agrees too.
        assert record["result"] == expected["result"], f"seed {seed}"
        finished += expected["result"]["over"]
    # Both kinds of game were checked, in numbers.
    assert 250 < finished < 550


@pytest.mark.slow
@pytest.mark.parametrize(("players", "own_gates"), TABLES)
def test_oracle_games_agree_with_the_engine(players: int, own_gates: bool) -> None:
    for seed in range(25):
        stop = None if seed % 2 else seed * 2
        record = oracle.random_game(seed, players, own_gates, stop)
        assert engine_replay(record) == record, f"seed {seed}"


# -- illegal records -------------------------------------------------------------


def _occupied(record: Record, rng: random.Random) -> int | None:
    moves = record["moves"]
    if len(moves) < 2:
        return None
    index = rng.randrange(1, len(moves))
    moves[index]["cell"] = list(moves[rng.randrange(index)]["cell"])
    return index


def _wrong_seat(record: Record, rng: random.Random) -> int | None:
    moves = record["moves"]
    if not moves:
        return None
    index = rng.randrange(len(moves))
    players = record["setup"]["players"]
    moves[index]["seat"] = (moves[index]["seat"] + rng.randrange(1, players)) % players
    return index


def _treasure_cell(record: Record, rng: random.Random) -> int | None:
    moves = record["moves"]
    if not moves:
        return None
    index = rng.randrange(len(moves))
    moves[index]["cell"] = list(COORDS[rng.choice((CENTRE, *CORNERS))])
    return index


def _off_board(record: Record, rng: random.Random) -> int | None:
    moves = record["moves"]
    if not moves:
        return None
    index = rng.randrange(len(moves))
    moves[index]["cell"] = rng.choice(([5, 0], [0, -5], [3, 2], [-9, 4], [2, -5]))
    return index


def _gate_blocking_curve(record: Record, rng: random.Random) -> int | None:
    """Replace a move by a curve joining both exits of a still-empty gate cell,
    of a kind with copies left, so that the gate rule alone refuses it."""
    moves = record["moves"]
    for _ in range(20):
        if not moves:
            return None
        index = rng.randrange(len(moves))
        used = {tuple(m["cell"]) for m in moves[:index]}
        placed = [notation.tile_from_paths(m["tile"])[0] for m in moves[:index]]
        cells = [c for gate in GATE_CELLS for c in gate if COORDS[c] not in used]
        kinds = [k for k in range(len(COUNTS)) if placed.count(k) < COUNTS[k]]
        options = [(c, k, rot) for c in cells for k in kinds for rot in sorted(FORBIDDEN[c][k])]
        if options:
            cell, kind, rotation = rng.choice(options)
            moves[index]["cell"] = list(COORDS[cell])
            moves[index]["tile"] = [list(p) for p in rotated_paths(kind, rotation)]
            return index
    return None


def _seventh_copy(record: Record, rng: random.Random) -> int | None:
    """After all six copies of a kind are down, play a seventh."""
    moves = record["moves"]
    placed = [notation.tile_from_paths(m["tile"])[0] for m in moves]
    for kind in (TileKind.STRAIGHTS_333, TileKind.CURVES_111):
        positions = [i for i, k in enumerate(placed) if k == kind]
        if len(positions) == COUNTS[kind] and positions[-1] + 1 < len(moves):
            index = rng.randrange(positions[-1] + 1, len(moves))
            # The cell is the legal move's, so only the copies are wrong.
            moves[index]["tile"] = [list(p) for p in rotated_paths(kind, 0)]
            return index
    return None


def _after_the_end(record: Record, rng: random.Random) -> int | None:
    if not record["result"]["over"]:
        return None
    moves = record["moves"]
    index = len(moves)
    players = record["setup"]["players"]
    used = {tuple(m["cell"]) for m in moves}
    free = [list(COORDS[c]) for c in range(len(COORDS)) if COORDS[c] not in used and c != CENTRE]
    cell = rng.choice(free) if free else [1, 1]
    moves.append({"seat": index % players, "cell": cell, "tile": [[0, 3], [1, 4], [2, 5]]})
    return index


CORRUPTIONS: dict[str, tuple[Callable[[Record, random.Random], int | None], str, str]] = {
    # name: (corrupt, the engine's code, words in the oracle's reason)
    "occupied cell": (_occupied, "occupied", "occupied"),
    "wrong seat": (_wrong_seat, "not_your_turn", "wrong seat"),
    "treasure cell": (_treasure_cell, "treasure", "treasure"),
    "off-board cell": (_off_board, "off_board", "off the board"),
    "gate-blocking curve": (_gate_blocking_curve, "gate_curve", "gate"),
    "seventh copy": (_seventh_copy, "none_left", "no copies"),
    "move after the end": (_after_the_end, "game_over", "over"),
}


def straights_first_record(seed: int, players: int, own_gates: bool) -> Record:
    """An open game whose first moves use up the straights and the short
    curves, so that a seventh copy can follow while the game is still on."""
    rng = random.Random(seed)
    setup = Setup(players, "classic", own_gates)
    game = Game.open(setup)
    for kind in (TileKind.STRAIGHTS_333,) * 6 + (TileKind.CURVES_111,) * 6:
        cell, rotation = rng.choice(game.board.placements_for(kind))
        game.push(Move(cell, kind, rotation))
    while not game.over and game.board.placements < 30:
        game.push(random_move(game, rng))
    return notation.to_json(game)


@pytest.mark.parametrize("corruption", list(CORRUPTIONS))
def test_both_refuse_a_corrupted_record_at_the_same_move(corruption: str) -> None:
    corrupt, engine_code, oracle_words = CORRUPTIONS[corruption]
    checked = 0
    for seed in range(300):
        players, own_gates = TABLES[seed % len(TABLES)]
        if corruption == "seventh copy":
            record = straights_first_record(seed, players, own_gates)
        elif corruption == "move after the end":
            record = notation.to_json(random_game(seed, Setup(players, "classic", own_gates)))
        else:
            record = engine_record(seed, players, own_gates)
        rng = random.Random(seed)
        index = corrupt(record, rng)
        if index is None:
            continue
        with pytest.raises(NotationError) as engine_refusal:
            notation.from_json(msgspec.json.encode(record))
        with pytest.raises(oracle.IllegalMove) as oracle_refusal:
            oracle_replay(record)
        assert engine_refusal.value.index == oracle_refusal.value.index == index, (
            seed,
            record["moves"][index],
        )
        refused = engine_refusal.value.refusal
        assert (refused.code if refused is not None else engine_refusal.value.code) == engine_code, refused
        assert oracle_words in oracle_refusal.value.reason, oracle_refusal.value.reason
        checked += 1
    assert checked >= 150


def test_tile_codes_are_the_oracles() -> None:
    # The two implementations name the kinds alike, so a kind means one tile.
    assert list(KIND_CODES) == oracle.KIND_ORDER
    for kind, code in enumerate(KIND_CODES):
        assert [list(p) for p in rotated_paths(kind, 0)] == [
            list(p) for p in sorted(tuple(sorted(p)) for p in oracle.TILE_KINDS[code][0])
        ]
