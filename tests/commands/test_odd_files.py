"""Odd files given where a save is read (issue 35): a save nested 50,000
levels deep, one past the size limit, a named pipe, a symlink to
``/dev/zero`` and a header the rules could not hold, through every command
that reads saves, as real processes. Each gets one line that names the file
and the fault, no traceback, and exit status 2; none hangs (the timeout only
guards the run; how long each takes is measured by hand, not here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support.odd_files import OddFile, make_odd_files, sound_save

from indigo_tui import saves

#: Every command that reads a save, as a person types it (before the file).
COMMANDS: list[tuple[str, ...]] = [
    ("replay",),
    ("replay", "--json"),
    ("review",),
    ("text", "--load"),
    ("load", "--text"),
    ("load",),
]
ODD = ["deep", "huge", "fifo", "zero", "far"]


@pytest.fixture
def odd(tmp_path: Path) -> dict[str, OddFile]:
    return make_odd_files(tmp_path / "saves")


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``indigo ARGS`` with pipes for stdin and stdout, as a script runs it."""
    return subprocess.run(
        [sys.executable, "-m", "indigo_tui", *map(str, args)],
        input="",  # stdin a pipe (at its end), stdout and stderr pipes too
        capture_output=True,
        text=True,
        timeout=120,  # a guard against a hang, not a measure
        cwd=cwd,
    )


@pytest.mark.parametrize("case", ODD)
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_odd_file_gets_one_line_naming_it_and_its_fault(
    command: tuple[str, ...], case: str, odd: dict[str, OddFile], tmp_path: Path
) -> None:
    file = odd[case]
    done = run(*command, file.path, cwd=tmp_path)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert str(file.path) in lines[0] and file.fault in lines[0], lines[0]
    assert done.stdout == ""


def test_replay_goes_on_past_odd_files_to_the_sound_one(odd: dict[str, OddFile], tmp_path: Path) -> None:
    good = sound_save(tmp_path / "good.indigo")
    done = run("replay", *(odd[case].path for case in ODD), good, cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == len(ODD)
    for line, case in zip(lines, ODD, strict=True):
        assert str(odd[case].path) in line and odd[case].fault in line, line
    assert len(done.stdout.splitlines()) == 1  # the sound save's record


def test_a_listing_names_every_odd_file_with_its_fault(odd: dict[str, OddFile], tmp_path: Path) -> None:
    sound_save(tmp_path / "saves" / "good.indigo")
    entries = {entry.path.name: entry for entry in saves.list_saves(tmp_path / "saves")}
    assert entries["good.indigo"].header is not None and entries["good.indigo"].error is None
    for file in odd.values():
        entry = entries[file.path.name]
        assert entry.header is None and entry.error is not None and file.fault in entry.error
    latest = saves.latest_unfinished_of(list(entries.values()))
    assert latest is not None and latest.path.name == "good.indigo"
