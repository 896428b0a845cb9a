"""Every command that starts the game's screen, run without a terminal (its
output to a pipe or a file, its input at an end), says why in one line and
exits with status 2, instead of drawing into the pipe and spinning on an
ended input (it once took 99% of a core for ten minutes). Real processes;
the timeout only guards against a hang. And ``--save-dir`` is taken before
the command (bare ``indigo --save-dir DIR`` included)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from indigo_tui.engine import Match, Setup
from indigo_tui.saves import SeatInfo, make_header, write_save

#: Only a guard against a hang: each command ends in about a second.
HANG_GUARD = 120


def run(args: list[str], tmp_path: Path, **streams: object) -> subprocess.CompletedProcess[str]:
    env = {"INDIGO_CONFIG_DIR": str(tmp_path / "config"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "indigo_tui", *args],
        capture_output="stdout" not in streams,
        text=True,
        timeout=HANG_GUARD,
        env=env,
        cwd=tmp_path,
        **streams,
    )


@pytest.fixture
def save(tmp_path: Path) -> Path:
    match = Match(Setup(players=2), seed=1)
    match.game.push(match.game.legal_moves[0])
    path = tmp_path / "game.indigo"
    write_save(path, make_header(match, [SeatInfo("Ann"), SeatInfo("Greedy bot", "bot:greedy")]), match)
    return path


@pytest.mark.parametrize(
    "command",
    [["load", "game.indigo"], ["play", "--seats", "human,bot:greedy"], [], ["--save-dir", "elsewhere"]],
    ids=["load", "play", "bare", "bare-save-dir"],
)
def test_without_a_terminal_says_why_in_one_line(command: list[str], save: Path, tmp_path: Path) -> None:
    done = run(command, tmp_path, stdin=subprocess.DEVNULL)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "indigo text" in lines[0] and "terminal" in lines[0]
    assert done.stdout == ""


def test_output_to_a_file_is_said_too(save: Path, tmp_path: Path) -> None:
    with (tmp_path / "out.txt").open("w") as out:
        done = subprocess.run(
            [sys.executable, "-m", "indigo_tui", "play", "--seats", "human,bot:greedy"],
            stdout=out,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            timeout=HANG_GUARD,
            cwd=tmp_path,
            env={"INDIGO_CONFIG_DIR": str(tmp_path / "config"), "LANG": "C.UTF-8"},
        )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert (tmp_path / "out.txt").read_text() == ""


def test_text_mode_plays_through_pipes(tmp_path: Path) -> None:
    done = run(["text", "--seats", "human,bot:greedy", "--save-dir", "s"], tmp_path, input="quit\n")
    assert done.returncode == 0 and "122/3@2,-1" in done.stdout


def test_save_dir_before_a_command_that_saves_nothing_is_refused(tmp_path: Path) -> None:
    done = run(["--save-dir", "x", "replay", "game.indigo"], tmp_path, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "--save-dir" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_save_dir_before_the_command_is_the_commands(tmp_path: Path) -> None:
    # Two bots play the round out; its autosave goes to the folder given before the command.
    done = run(["--save-dir", "before", "text", "--seats", "bot:greedy,bot:greedy"], tmp_path, input="quit\n")
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "before").glob("*.indigo")), done.stdout
