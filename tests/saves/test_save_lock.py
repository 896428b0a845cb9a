"""One window at a time plays a save: the lock beside it, between real processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from indigo_tui.engine import Setup
from indigo_tui.net.host import HostSession
from indigo_tui.net.hosting import HostingError, HostPlan, build_host, resume_host
from indigo_tui.saves import (
    SaveLock,
    SaveOpenElsewhere,
    SeatInfo,
    list_saves,
    load_save,
    open_elsewhere,
)
from indigo_tui.saves.lock import lock_path
from indigo_tui.table.session import NewGame, Session

HOLD = (
    "import sys; from pathlib import Path; from indigo_tui.saves import SaveLock; "
    "SaveLock.acquire(Path(sys.argv[1])); print('held', flush=True); sys.stdin.read()"
)


def claim_elsewhere(save: Path) -> subprocess.CompletedProcess[str]:
    """Another process claims ``save`` and ends at once (status 1: it was open here)."""
    return subprocess.run(
        [sys.executable, "-c", HOLD.replace("sys.stdin.read()", "pass"), str(save)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        check=False,
    )


@pytest.fixture
def saved_game(tmp_path: Path) -> Path:
    """A save with one tile on the board, its lock let go (as after the game was closed)."""
    seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
    session = Session.start(NewGame(Setup(players=2), seats, seed=3), tmp_path)
    session.play(session.game.legal_moves[0])
    assert session.save_path is not None and session.save_path.is_file()
    session.close()
    return session.save_path


@pytest.fixture
def other_window(saved_game: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process (a browser tab's game, a terminal) that has the save open."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(saved_game)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "held\n"
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=60)


def test_a_save_open_in_another_process_is_not_played_here(
    saved_game: Path, other_window: subprocess.Popen[str]
) -> None:
    assert open_elsewhere(saved_game)
    with pytest.raises(SaveOpenElsewhere) as refused:
        Session.resume(load_save(saved_game), saved_game.parent)
    assert str(refused.value) == (
        "This game is open in another window (a browser tab or a terminal): play it there, "
        "or close it there first."
    )
    # The lock file is no save: listings never show it.
    assert [entry.path for entry in list_saves(saved_game.parent)] == [saved_game]


def test_a_killed_window_leaves_no_lock_behind(saved_game: Path, other_window: subprocess.Popen[str]) -> None:
    other_window.send_signal(signal.SIGKILL)  # as the out-of-memory killer would
    other_window.wait(timeout=60)
    assert lock_path(saved_game).exists()  # its file stays, but no lock is held on it
    assert not open_elsewhere(saved_game)
    session = Session.resume(load_save(saved_game), saved_game.parent)
    assert session.lock is not None and session.lock.held
    session.close()
    assert not lock_path(saved_game).exists()


def test_a_closed_game_can_be_opened_by_another_window(saved_game: Path) -> None:
    session = Session.resume(load_save(saved_game), saved_game.parent)
    assert lock_path(saved_game).exists()
    other = claim_elsewhere(saved_game)
    assert other.returncode == 1 and "SaveOpenElsewhere" in other.stderr
    session.close()
    session.close()  # twice is harmless
    again = claim_elsewhere(saved_game)
    assert again.returncode == 0, again.stderr
    assert not lock_path(saved_game).exists()  # a process that ends takes its lock file along


def test_save_as_moves_the_claim_to_the_new_file(saved_game: Path) -> None:
    session = Session.resume(load_save(saved_game), saved_game.parent)
    named = session.save_as("Sunday rematch")
    assert not saved_game.exists() and not lock_path(saved_game).exists()
    assert session.lock is not None and session.lock.save == named and lock_path(named).exists()
    assert SaveLock.acquire(named) is session.lock  # this process's own claim, not "elsewhere"
    session.close()
    assert not lock_path(named).exists()


def test_a_new_game_in_a_folder_not_yet_made_is_claimed_from_the_start(tmp_path: Path) -> None:
    folder = tmp_path / "not" / "yet"
    seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
    session = Session.start(NewGame(Setup(players=2), seats, seed=3), folder)
    assert session.save_path is not None and lock_path(session.save_path).exists()
    session.play(session.game.legal_moves[0])
    held = claim_elsewhere(session.save_path)
    assert held.returncode == 1 and "SaveOpenElsewhere" in held.stderr
    session.close()


@pytest.mark.parametrize("command", [["load"], ["text", "--load"]])
def test_indigo_load_of_a_game_open_elsewhere_is_one_line(
    saved_game: Path, other_window: subprocess.Popen[str], command: list[str]
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "indigo_tui", *command, str(saved_game)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == (
        "indigo: This game is open in another window (a browser tab or a terminal): play it there, "
        "or close it there first.\n"
    )


def hosted_save(folder: Path) -> tuple[HostSession, Path]:
    """A LAN game hosted from ``folder`` (not yet listening), saved once."""
    session = build_host(HostPlan(["host", "remote"], code="wolf", seed=5), folder).session
    assert session.save() and session.save_path is not None
    return session, session.save_path


async def test_a_save_being_hosted_is_not_played_in_another_window(tmp_path: Path) -> None:
    session, save = hosted_save(tmp_path)
    assert session.keeper.lock is not None and session.keeper.lock.held
    # A local `indigo load` of the hosted file (or a second host) would write
    # the same file after every move: refused while the host plays it.
    held = claim_elsewhere(save)
    assert held.returncode == 1 and "SaveOpenElsewhere" in held.stderr
    await session.close()
    assert not lock_path(save).exists()
    again = claim_elsewhere(save)
    assert again.returncode == 0, again.stderr


def test_a_hosted_save_open_in_another_window_is_not_hosted_again(tmp_path: Path) -> None:
    session, save = hosted_save(tmp_path)
    assert session.keeper.lock is not None
    session.keeper.lock.release()  # as a host that closed (the test keeps no loop running)
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    try:
        assert process.stdout is not None and process.stdout.readline() == "held\n"
        with pytest.raises(HostingError) as refused:
            resume_host(save)
        assert str(refused.value) == (
            "This game is open in another window (a browser tab or a terminal): play it there, "
            "or close it there first."
        )
    finally:
        process.kill()
        process.wait(timeout=60)
    resumed = resume_host(save).session  # the other window has closed
    assert resumed.keeper.lock is not None and resumed.keeper.lock.held
    resumed.keeper.lock.release()
