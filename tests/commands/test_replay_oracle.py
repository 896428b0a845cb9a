"""``indigo replay --json`` prints what the rules oracle computes, record for record.

(From tests/engine/test_crosscheck.py, whose records and oracle it uses: the
command reads save files too, and the engine's tests need nothing of saves.
Run from outside the checkout, it plays the installed build: the compiled
session runs it against the compiled one, docs/testing.md.)
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from engine.support import random_move
from engine.test_crosscheck import TABLES, Record, engine_record, oracle_replay

from indigo_tui import saves
from indigo_tui.engine import Match, Setup, notation


def test_the_replay_command_agrees_with_the_oracle(tmp_path: Path) -> None:
    paths: list[Path] = []
    expected: list[Record] = []
    for index in range(300):
        players, own_gates = TABLES[index % len(TABLES)]
        seed = 50_000 + index
        if index % 3 == 0:
            # A save file: the command reads its log and prints the canonical record.
            match = Match(Setup(players, "classic", own_gates), rounds=1, seed=seed)
            rng = random.Random(seed)
            stop = None if index % 2 else rng.randrange(55)
            while not match.game.over and (stop is None or match.game.board.placements < stop):
                match.game.push(random_move(match.game, rng))
            path = tmp_path / f"game-{index:03d}{saves.SUFFIX}"
            seats = [saves.SeatInfo(f"S{s}", "bot:random") for s in range(players)]
            saves.write_save(path, saves.make_header(match, seats), match)
            record = notation.to_json(match.game)
        else:
            record = engine_record(seed, players, own_gates)
            path = tmp_path / f"game-{index:03d}.json"
            # Records as a person would hand them in: no result, pretty-printed.
            path.write_text(json.dumps({k: v for k, v in record.items() if k != "result"}, indent=1))
        paths.append(path)
        expected.append(oracle_replay(record))
    done = subprocess.run(
        [sys.executable, "-m", "indigo_tui", "replay", "--json", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == len(paths)
    for path, line, want in zip(paths, lines, expected, strict=True):
        assert json.loads(line) == want, path.name
