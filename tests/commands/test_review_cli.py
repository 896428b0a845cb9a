"""``indigo review --json`` as a user runs it: repeatable output in the
canonical notation, and bad files refused on one line, as ``indigo replay``
refuses them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from indigo_tui.bots.review import sure_verdict
from indigo_tui.engine import notation

from .test_cli import indigo, one_line_failure, write_save


@pytest.mark.slow
def test_json_is_one_object_per_placement_and_repeatable(tmp_path: Path) -> None:
    save = tmp_path / "game.indigo"
    match = write_save(save, 4, 12)
    first = indigo("review", save, "--json", "--bot", "mcts:iter=20")
    again = indigo("review", save, "--json", "--bot", "mcts:iter=20")
    assert first.returncode == 0 and first.stderr == "", first.stderr
    assert first.stdout == again.stdout
    rows = [json.loads(line) for line in first.stdout.splitlines()]
    record = notation.to_json(match.game)
    assert len(rows) == len(record["moves"]) == 12
    for index, (row, move) in enumerate(zip(rows, record["moves"], strict=True)):
        assert list(row) == ["move", "seat", "played", "best", "loss", "uncertainty", "verdict"]
        assert row["move"] == index and row["seat"] == move["seat"]
        assert row["played"] == {"cell": move["cell"], "tile": move["tile"]}
        assert set(row["best"]) == {"cell", "tile"} and len(row["best"]["tile"]) == 3
        assert row["loss"] >= 0 and row["uncertainty"] >= 0
        assert row["verdict"] == sure_verdict(row["loss"], row["uncertainty"])


def test_a_canonical_record_is_reviewed_too(tmp_path: Path) -> None:
    match = write_save(tmp_path / "game.indigo", 5, 8)
    record = tmp_path / "game.json"
    record.write_text(notation.dumps(match.game))
    done = indigo("review", record, "--json", "--bot", "mcts:iter=10")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [row["played"]["cell"] for row in rows] == [
        m["cell"] for m in notation.to_json(match.game)["moves"]
    ]


def test_bad_files_get_the_same_line_as_replay(tmp_path: Path) -> None:
    good = tmp_path / "good.indigo"
    write_save(good, 1, 20)
    source = good.read_bytes()
    cases = {
        "truncated.indigo": source[: len(source) // 2],
        "garbage.bin": bytes(random.Random(3).randrange(256) for _ in range(300)),
        "empty.json": b"",
        "not-a-game.json": b'{"hello": [1, 2, 3]}',
    }
    for name, content in cases.items():
        (tmp_path / name).write_bytes(content)
    for path in [*(tmp_path / name for name in cases), tmp_path / "missing.indigo", tmp_path]:
        line = one_line_failure(indigo("review", path, "--json"))
        replayed = one_line_failure(indigo("replay", "--json", path))
        assert line == replayed.replace("indigo replay:", "indigo review:", 1)


@pytest.mark.parametrize("spec", ["greedy", "mcts:fast", "nonsense"])
def test_a_bot_that_cannot_rate_is_refused_on_one_line(tmp_path: Path, spec: str) -> None:
    save = tmp_path / "game.indigo"
    write_save(save, 1, 4)
    line = one_line_failure(indigo("review", save, "--json", "--bot", spec))
    assert "--bot" in line


def test_round_picks_a_round_of_a_match(tmp_path: Path) -> None:
    from engine.support import play_random

    from indigo_tui import saves
    from indigo_tui.engine import Match, Setup

    match = Match(Setup(2), rounds=3, seed=4)
    play_random(match.game, random.Random(4), None)
    match.next_round()
    play_random(match.game, random.Random(5), 6)
    save = tmp_path / "match.indigo"
    saves.write_save(save, saves.make_header(match, saves.seats_from_kinds(["human", "human"])), match)
    first = indigo("review", save, "--json", "--bot", "mcts:iter=5", "--round", "1")
    assert first.returncode == 0, first.stderr
    played = [json.loads(line)["played"] for line in first.stdout.splitlines()]
    moves = notation.to_json(match.games[0])["moves"]
    assert played == [{"cell": m["cell"], "tile": m["tile"]} for m in moves]
    # Without --round: the latest round, the one in play.
    latest = indigo("review", save, "--json", "--bot", "mcts:iter=5")
    assert latest.returncode == 0 and len(latest.stdout.splitlines()) == 6
    for wrong in ("3", "0"):
        line = one_line_failure(indigo("review", save, "--json", "--round", wrong))
        assert f"there is no round {wrong} here: the file holds rounds 1 to 2" in line
