"""Sanity tests of the independent reference rules (tests/engine/reference_rules.py)."""

import pytest

from . import reference_rules as R

STRAIGHTS = [[0, 3], [1, 4], [2, 5]]


def game(moves: list[tuple[R.Cell, list[list[int]]]], players: int = 2, own_gates: bool = False) -> R.Record:
    return {
        "format": "indigo-game/1",
        "setup": {"players": players, "variant": "classic", "gates": R.gates_for(players, own_gates)},
        "moves": [
            {"seat": i % players, "cell": list(cell), "tile": tile} for i, (cell, tile) in enumerate(moves)
        ],
    }


def test_gates_table() -> None:
    assert R.gates_for(2, False) == [[0], [1], [0], [1], [0], [1]]
    assert R.gates_for(3, False) == [[0], [0, 1], [2], [2, 0], [1], [1, 2]]
    assert R.gates_for(3, True) == [[0], [1], [2], [0], [1], [2]]
    assert R.gates_for(4, False) == [[0, 1], [1, 2], [0, 3], [3, 1], [2, 0], [2, 3]]


def test_initial_result() -> None:
    res = R.replay(game([], players=3))["result"]
    assert res["board_gems"] == [
        {"gem": "amber", "cell": [-4, 0], "edge": 2},
        {"gem": "amber", "cell": [-4, 4], "edge": 1},
        {"gem": "amber", "cell": [0, -4], "edge": 3},
        {"gem": "emerald", "cell": [0, 0], "edge": None},
        {"gem": "emerald", "cell": [0, 0], "edge": None},
        {"gem": "emerald", "cell": [0, 0], "edge": None},
        {"gem": "emerald", "cell": [0, 0], "edge": None},
        {"gem": "emerald", "cell": [0, 0], "edge": None},
        {"gem": "sapphire", "cell": [0, 0], "edge": None},
        {"gem": "amber", "cell": [0, 4], "edge": 0},
        {"gem": "amber", "cell": [4, -4], "edge": 4},
        {"gem": "amber", "cell": [4, 0], "edge": 5},
    ]
    assert res["scores"] == [0, 0, 0]
    assert res["gem_counts"] == [0, 0, 0]
    assert res["removed"] == 0
    assert res["over"] is False
    assert res["winners"] == []


def board(res: R.Record) -> list[tuple[str, tuple[int, ...], int | None]]:
    return [(g["gem"], tuple(g["cell"]), g["edge"]) for g in res["board_gems"]]


def test_corner_amber_moves_and_meets_emerald() -> None:
    # Straight tile on the arrow cell [0,-3]: the amber runs to its far edge 3.
    res = R.replay(game([((0, -3), STRAIGHTS)]))["result"]
    assert ("amber", (0, -3), 3) in board(res)
    assert ("amber", (0, -4), 3) not in board(res)
    # Extend the path: the amber follows it to [0,-2] edge 3.
    res = R.replay(game([((0, -3), STRAIGHTS), ((0, -2), STRAIGHTS)]))["result"]
    assert ("amber", (0, -2), 3) in board(res)
    # Closing the path at [0,-1] (touching the centre): an emerald leaves the
    # centre along the amber's path; they meet and both leave the game.
    res = R.replay(game([((0, -3), STRAIGHTS), ((0, -2), STRAIGHTS), ((0, -1), STRAIGHTS)]))["result"]
    assert res["removed"] == 2
    assert sum(1 for g in board(res) if g[0] == "amber") == 5
    assert sum(1 for g in board(res) if g[0] == "emerald") == 4


def test_amber_exits_through_gate() -> None:
    # [0,-3] with path 0-1: the amber enters at edge 0 and rests at edge 1,
    # facing the gate-0 cell [1,-4]; a tile there joining 4-0 sends it out.
    t01 = [[0, 1], [2, 4], [3, 5]]
    t04 = [[0, 4], [1, 2], [3, 5]]
    res = R.replay(game([((0, -3), t01)], players=2))["result"]
    assert ("amber", (0, -3), 1) in board(res)
    res = R.replay(game([((0, -3), t01), ((1, -4), t04)], players=2))["result"]
    assert res["collected"][0] == {"amber": 1, "emerald": 0, "sapphire": 0}
    assert res["scores"] == [1, 0]
    assert ("amber", (0, -4), 3) not in board(res)


def test_shared_gate_pays_both_owners() -> None:
    # Amber of corner [4,-4] (arrow 4 -> cell [3,-3]); path 1-2 on [3,-3] leads
    # to the gate-1 cell [4,-3]; path 5-1 there leaves through gate 1 = seats 0,1.
    moves = [((3, -3), [[0, 5], [1, 2], [3, 4]]), ((4, -3), [[0, 3], [1, 5], [2, 4]])]
    res = R.replay(game(moves, players=3))["result"]
    assert res["gem_counts"] == [1, 1, 0]
    assert res["scores"] == [1, 1, 0]
    assert len(res["board_gems"]) == 11


def test_illegal_moves() -> None:
    with pytest.raises(R.IllegalMove) as e:
        R.replay(game([((0, 0), STRAIGHTS)]))
    assert e.value.index == 0
    with pytest.raises(R.IllegalMove) as e:
        R.replay(game([((5, 0), STRAIGHTS)]))
    with pytest.raises(R.IllegalMove) as e:
        R.replay(game([((1, 1), STRAIGHTS), ((1, 1), STRAIGHTS)]))
    assert e.value.index == 1
    g = game([((1, 1), STRAIGHTS)])
    g["moves"][0]["seat"] = 1
    with pytest.raises(R.IllegalMove):
        R.replay(g)
    with pytest.raises(R.IllegalMove):  # not a pairing of the six edges
        R.replay(game([((1, 1), [[0, 1], [1, 2], [3, 4]])]))
    # gate cell [1,-4] has outward edges 0 and 1: a path 0-1 there is illegal
    with pytest.raises(R.IllegalMove) as e:
        R.replay(game([((1, -4), [[0, 1], [2, 4], [3, 5]])]))
    assert "gate" in e.value.reason
    # seventh copy of three straights
    cells = [(1, 1), (1, 2), (2, 1), (-1, -1), (-1, -2), (-2, -1), (2, 2)]
    with pytest.raises(R.IllegalMove) as e:
        R.replay(game([(c, STRAIGHTS) for c in cells]))
    assert e.value.index == 6


@pytest.mark.slow
@pytest.mark.long  # the slow step's longest computation: begun first, not left to end it alone
def test_random_games_conserve_gems() -> None:
    # Sixty games: twenty each of 2, 3 (ten with shared gates, ten own) and 4
    # players; the oracle is checked against the engine, game by game and move by
    # move, in test_crosscheck.py besides. 200 cost 16 s of CPU and found no more.
    for seed in range(60):
        players = 2 + seed % 3
        g = R.random_game(seed, players, seed % 2 == 0 and players == 3, None)
        res = g["result"]
        assert res["over"]
        assert res["board_gems"] == []
        assert res["winners"]
        # replay of the output reproduces it
        assert R.replay(g) == g
        # conservation, move by move
        state = R.State(players, g["setup"]["gates"])
        for mv in g["moves"]:
            q, r = mv["cell"]
            state.place((q, r), R.normalize([(a, b) for a, b in mv["tile"]]))
            assert state.gems_on_board() + state.exited + state.removed == 12
        with pytest.raises(R.IllegalMove):
            extra = dict(g, moves=g["moves"] + [dict(g["moves"][0], seat=len(g["moves"]) % players)])
            R.replay(extra)


def test_max_moves() -> None:
    g = R.random_game(7, 4, False, 5)
    assert len(g["moves"]) == 5
    assert [m["seat"] for m in g["moves"]] == [0, 1, 2, 3, 0]
