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
from indigo_tui.net.notices import SaveState

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
    said: list[SaveState] = []
    checked: list[int] = []

    def take_notices() -> None:
        while not host.notices.empty():
            notice = host.notices.get_nowait()
            if isinstance(notice, SaveState):
                said.append(notice)

    def halfway() -> bool:
        take_notices()
        if checked or host.game.board.placements < 20:
            return False
        # Twenty moves, one word about it; the game went on in memory.
        assert [n.ok for n in said] == [False] and "Is a directory" in said[0].text
        assert not host.saved
        path.rmdir()  # saving works again
        host.save()
        assert host.saved and saves.load_save(path).match.game.log == host.game.log
        take_notices()
        assert [n.ok for n in said] == [False, True] and "saving works again" in said[1].text
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
