"""Odd files where a save is looked for, as a security test of issue 35 made
them: each comes with the words its refusal must hold. Shared by the
commands' tests (tests/commands/test_odd_files.py) and the title screen's
(tests/ui/test_odd_saves.py)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from indigo_tui import saves
from indigo_tui.engine import Match, Setup

#: How many objects deep the deep save nests, as in the issue (about 300 KB).
DEEP: int = 50_000


@dataclass(frozen=True)
class OddFile:
    path: Path
    #: Words the one line that refuses it must hold (in English).
    fault: str


def sound_save(path: Path, names: tuple[str, str] = ("Ann", "Bob")) -> Path:
    """An unfinished save of four moves, sound in every way."""
    match = Match(Setup(players=2), seed=5)
    for _ in range(4):
        match.game.push(match.game.legal_moves[0])
    header = saves.make_header(match, [saves.SeatInfo(names[0]), saves.SeatInfo(names[1], "bot:greedy")])
    saves.write_save(path, header, match)
    return path


def make_odd_files(folder: Path) -> dict[str, OddFile]:
    """In ``folder``: a save nested :data:`DEEP` levels deep in its header,
    one larger than :data:`~indigo_tui.saves.SIZE_LIMIT` (sound otherwise),
    a named pipe, a symlink to ``/dev/zero`` and one whose header claims a
    billion rounds, each named ``NAME.indigo``."""
    folder.mkdir(parents=True, exist_ok=True)
    model = json.loads(sound_save(folder / "model.tmp").read_bytes())
    (folder / "model.tmp").unlink()

    def written(name: str, data: bytes) -> Path:
        path = folder / f"{name}.indigo"
        path.write_bytes(data)
        return path

    deep_value = '{"a": ' * DEEP + "1" + "}" * DEEP
    deep = json.dumps({**model, "header": {**model["header"], "meta": "@"}}).replace('"@"', deep_value)
    padding = " " * (saves.SIZE_LIMIT + (1 << 20))
    huge = json.dumps(model).replace('"header":', padding + '"header":', 1)
    far = {**model, "header": {**model["header"], "rounds": 1_000_000_000}}
    fifo = folder / "pipe.indigo"
    os.mkfifo(fifo)
    zero = folder / "zero.indigo"
    zero.symlink_to("/dev/zero")
    return {
        "deep": OddFile(written("deep", deep.encode()), "nested deeper than any file"),
        "huge": OddFile(written("huge", huge.encode()), "larger than any file"),
        "fifo": OddFile(fifo, "named pipe"),
        "zero": OddFile(zero, "a device"),
        "far": OddFile(written("far", json.dumps(far).encode()), "1000000000 rounds"),
    }
