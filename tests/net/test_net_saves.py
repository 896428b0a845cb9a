"""Saves that never lie: a hosted game's autosave, when it cannot be written
(in one process over 127.0.0.1, every wait bounded)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from indigo_tui import saves
from indigo_tui.net.host import HostError

from .conftest import LIMIT, Listening, make_guest, make_host, play_and_serve, serve_headless


async def test_a_host_that_cannot_save_refuses_to_start_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "host.indigo"
    path.mkdir()  # the save path is a folder
    host = make_host(["bot:greedy", "remote"], save_path=path)
    refusal = r"^the game cannot be saved: could not save to .*host\.indigo"
    with pytest.raises(HostError, match=refusal) as refused:
        await host.listen("127.0.0.1", 0)
    assert "\n" not in str(refused.value) and host.address is None


async def test_a_failing_autosave_is_said_once_play_goes_on_and_saved_is_said_only_when_true(
    tmp_path: Path,
) -> None:
    path = tmp_path / "host.indigo"
    host = make_host(["bot:greedy", "remote"], save_path=path)
    lines: list[str] = []
    serving, port = await serve_headless(host, lines)
    assert path.is_file()
    path.unlink()
    path.mkdir()  # from now on every autosave fails
    guest = make_guest(port)
    await asyncio.wait_for(guest.connect(), LIMIT)
    # What the host says is read where its person reads it, its printed
    # lines: the headless runner takes the notices off the host's queue as
    # they come (a test that took them too once raced it for the first, and
    # lost under load).
    fixed: list[int] = []  # the move at which saving was made to work again
    checked: list[int] = []  # the move at which it was broken again

    def said(words: str) -> list[str]:
        return [line for line in lines if words in line]

    def halfway() -> bool:
        if checked or host.game.board.placements < 20 or not said("Is a directory"):
            return False
        if not fixed:
            # Twenty moves and more, one word about it; the game went on in memory.
            assert len(said("Is a directory")) == 1, lines
            assert not host.saved
            path.rmdir()  # saving works again
            host.save()
            assert host.saved and saves.load_save(path).match.game.log == host.game.log
            fixed.append(host.game.board.placements)
            return False
        if not said("saving works again"):
            return False  # said, and printed at the runner's next look
        assert len(said("saving works again")) == 1, lines
        # Broken again to the end.
        path.unlink()
        path.mkdir()
        checked.append(host.game.board.placements)
        return False

    await play_and_serve(guest, serving, halfway)
    assert checked
    assert lines[-1] == "game over; NOT saved: Is a directory"


async def test_our_own_leftover_temporary_files_are_cleaned_up(listening: Listening, tmp_path: Path) -> None:
    old = tmp_path / ".host.indigo.k3j2.tmp"
    old.write_bytes(b"half a save")
    stale = time.time() - 3600
    os.utime(old, (stale, stale))
    fresh = tmp_path / ".other.indigo.a1b2.tmp"  # another process may be writing it now
    fresh.write_bytes(b"being written")
    mine = tmp_path / "notes.tmp"  # not ours
    mine.write_bytes(b"keep")
    await listening(make_host(["bot:greedy", "remote"], save_path=tmp_path / "host.indigo"))
    assert not old.exists() and fresh.exists() and mine.exists()
