"""``indigo review --json`` as a user runs it: repeatable output in the
canonical notation, and bad files refused on one line, as ``indigo replay``
refuses them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_cli import indigo, one_line_failure, write_save

from indigo_tui.engine import notation


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
        assert list(row) == ["move", "seat", "played", "best", "loss", "verdict"]
        assert row["move"] == index and row["seat"] == move["seat"]
        assert row["played"] == {"cell": move["cell"], "tile": move["tile"]}
        assert set(row["best"]) == {"cell", "tile"} and len(row["best"]["tile"]) == 3
        assert row["loss"] >= 0
        assert row["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder")


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
