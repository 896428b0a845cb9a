"""Saves that never lie, against real disk faults: a full disk and a
read-only one (a small tmpfs, where the machine lets us mount one), a save
folder an unprivileged host may not write (``setpriv``, where we may switch
users), and the same errors injected at the one write seam (``os.fsync`` in
``saves.write_atomic``) everywhere else. Each time: refused before a game
starts with one line; a failing autosave said once, the game going on in
memory, a save that works again saying so; "saved" only when the whole file
is on disk; no temporary file of ours left behind."""

from __future__ import annotations

import asyncio
import errno
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.net.host import HostError, HostPhase, HostSession
from indigo_tui.net.hosting import HostingError, HostPlan, build_host
from indigo_tui.net.notices import Notice, SaveState

from .conftest import (
    LIMIT,
    Listening,
    Peer,
    headless_host,
    join_args,
    listening_port,
    make_guest,
    make_host,
    play_and_serve,
    play_guest,
    serve_headless,
)

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def leftovers(folder: Path) -> list[str]:
    """Our temporary files in ``folder`` (``.NAME.XXXX.tmp``)."""
    return sorted(p.name for p in folder.glob(".*.tmp"))


def told_save_states(host: HostSession, monkeypatch: pytest.MonkeyPatch) -> list[SaveState]:
    """Every save state ``host`` tells from now on, kept as it is told: a
    headless host's run takes its notices off the queue to print them, and a
    test taking them off as well got only those it came to first (under load,
    the run took the last failing save's)."""
    said: list[SaveState] = []
    tell = host.tell

    def telling(notice: Notice) -> None:
        if isinstance(notice, SaveState):
            said.append(notice)
        tell(notice)

    monkeypatch.setattr(host, "tell", telling)
    return said


def save_states(queue: asyncio.Queue[Notice]) -> list[SaveState]:
    found = []
    while not queue.empty():
        notice = queue.get_nowait()
        if isinstance(notice, SaveState):
            found.append(notice)
    return found


class Disk:
    """A small tmpfs of our own: it fills up, and turns read-only, for real."""

    def __init__(self, mount: Path) -> None:
        self.mount = mount
        self.filler = mount / "filler"

    def fill(self) -> None:
        """Take every free byte (the next write runs out of space)."""
        try:
            with self.filler.open("ab") as handle:
                while True:
                    handle.write(b"\0" * 4096)
                    handle.flush()
        except OSError as exc:
            assert exc.errno == errno.ENOSPC

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def read_only(self, on: bool) -> None:
        mode = "remount,ro" if on else "remount,rw"
        subprocess.run(["mount", "-o", mode, str(self.mount)], check=True, capture_output=True)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Disk]:
    mount = tmp_path / "disk"
    mount.mkdir()
    done = IS_ROOT and shutil.which("mount") is not None
    if done:
        made = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)], capture_output=True
        )
        done = made.returncode == 0
    if not done:
        pytest.skip("mounting a small tmpfs needs root; the injected-error tests below cover the same code")
    try:
        yield Disk(mount)
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


# -- a real full disk and a real read-only one ---------------------------------------


async def test_a_full_disk_is_said_once_the_game_goes_on_and_saved_is_said_only_when_true(
    disk: Disk, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = disk.mount / "host.indigo"
    host = make_host(["bot:greedy", "remote"], save_path=path)
    said = told_save_states(host, monkeypatch)
    lines: list[str] = []
    serving, port = await serve_headless(host, lines)
    assert path.is_file() and [n.ok for n in said] == []
    disk.fill()  # from now on every autosave runs out of space
    guest = make_guest(port)
    await asyncio.wait_for(guest.connect(), LIMIT)
    checked: list[int] = []

    def halfway() -> bool:
        if checked or host.game.board.placements < 16:
            return False
        # Sixteen moves, one word about it; the game went on in memory; the
        # file on disk is still whole (an earlier state), and no half-written
        # temporary file is left.
        assert [n.ok for n in said] == [False] and "No space left on device" in said[0].text
        assert not host.saved and leftovers(disk.mount) == []
        earlier = saves.load_save(path).match.game.log
        assert earlier == host.game.log[: len(earlier)] and len(earlier) < len(host.game.log)
        disk.free()  # space again: the next save works and says so
        assert host.save() and host.saved
        assert saves.load_save(path).match.game.log == host.game.log
        assert [n.ok for n in said] == [False, True] and "saving works again" in said[1].text
        disk.fill()  # full again, to the end
        checked.append(host.game.board.placements)
        return False

    await play_and_serve(guest, serving, halfway)
    assert checked
    assert lines[-1] == "game over; NOT saved: No space left on device"
    assert [n.ok for n in said] == [False, True, False]  # once per failing stretch
    assert leftovers(disk.mount) == []
    assert not saves.load_save(path).match.game.over  # the file never claimed the end


async def test_a_read_only_disk_is_refused_before_the_game_starts_in_one_line(disk: Disk) -> None:
    (disk.mount / "net").mkdir()
    disk.read_only(True)
    host = make_host(["bot:greedy", "remote"], save_path=disk.mount / "net" / "host.indigo")
    with pytest.raises(HostError, match=r"^the game cannot be saved: .*Read-only file system$") as refused:
        await host.listen("127.0.0.1", 0)
    assert "\n" not in str(refused.value) and host.address is None
    # A save folder that cannot even hold the hosted games' folder: one line too.
    disk.read_only(False)
    (disk.mount / "net").rmdir()
    disk.read_only(True)
    with pytest.raises(HostingError, match=r"^cannot use .*/net for saves: Read-only file system$"):
        build_host(HostPlan(["host", "remote"]), disk.mount)


async def test_a_guests_record_on_a_disk_turned_read_only_is_said_once_and_again_when_it_works(
    listening: Listening, disk: Disk
) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    guest = make_guest(port, save_dir=disk.mount, kind="bot:random")
    await asyncio.wait_for(guest.connect(), LIMIT)
    host.begin()
    said: list[SaveState] = []
    stage: list[str] = []

    def watch() -> bool:
        said.extend(save_states(guest.notices))
        placed = host.game.board.placements
        if not stage and placed >= 6:
            disk.read_only(True)
            stage.append("read-only")
        elif stage == ["read-only"] and placed >= 20:
            assert [n.ok for n in said] == [False] and "Read-only file system" in said[0].text
            disk.read_only(False)
            stage.append("writable")
        return False

    await asyncio.wait_for(play_guest(guest, make_bot("random", 4), until=watch), LIMIT)
    said.extend(save_states(guest.notices))
    assert stage == ["read-only", "writable"]
    assert [n.ok for n in said] == [False, True] and "saving works again" in said[1].text
    # The record is whole and finalised with the game; the whole game is saved beside it.
    assert guest.record_file is not None
    record = saves.load_record(guest.record_file)
    assert record.over and record.deal == "verified" and len(record.events) == len(host.game.log)
    assert guest.final_save is not None and saves.load_save(guest.final_save).match.game.over
    assert leftovers(disk.mount) == []


# -- the same errors, injected at the one write seam (runs everywhere) ------------------


def failing_fsync(monkeypatch: pytest.MonkeyPatch, error: int) -> Callable[[bool], None]:
    """Make every file write fail with ``error`` at its fsync while switched on."""
    real = os.fsync
    on = [False]

    def fsync(fd: int) -> None:
        if on[0]:
            raise OSError(error, os.strerror(error))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)

    def switch(state: bool) -> None:
        on[0] = state

    return switch


def play_some(host: HostSession, moves: int) -> None:
    for _ in range(moves):
        assert host.apply(host.game.turn, host.game.legal_moves[0]) is None


@pytest.mark.parametrize("error", [errno.EROFS, errno.ENOSPC, errno.EISDIR, errno.EACCES])
def test_an_injected_write_error_is_said_once_the_file_stays_whole_and_recovery_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int
) -> None:
    path = tmp_path / "host.indigo"
    host = make_host(["bot:greedy", "remote"], save_path=path)
    host.phase = HostPhase.PLAYING
    assert host.save() and host.saved
    failing = failing_fsync(monkeypatch, error)
    failing(True)
    play_some(host, 6)  # each move autosaves, and each fails
    said = save_states(host.notices)
    assert [n.ok for n in said] == [False] and os.strerror(error) in said[0].text
    assert not host.saved and leftovers(tmp_path) == []
    earlier = saves.load_save(path).match.game.log
    assert earlier == host.game.log[: len(earlier)] and len(earlier) < len(host.game.log)
    failing(False)
    play_some(host, 1)
    said = save_states(host.notices)
    assert [n.ok for n in said] == [True] and "saving works again" in said[0].text
    assert host.saved and saves.load_save(path).match.game.log == host.game.log
    # Failing before the port opens: refused, in one line.
    failing(True)
    fresh = make_host(["bot:greedy", "remote"], save_path=tmp_path / "other.indigo")
    with pytest.raises(HostError, match=os.strerror(error)) as refused:
        asyncio.run(fresh.listen("127.0.0.1", 0))
    assert "\n" not in str(refused.value) and not (tmp_path / "other.indigo").exists()
    assert leftovers(tmp_path) == []


async def test_an_injected_error_in_a_guests_record_is_said_once_and_again_when_it_works(
    listening: Listening, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    guest = make_guest(port, save_dir=tmp_path, kind="bot:random")
    await asyncio.wait_for(guest.connect(), LIMIT)
    host.begin()
    failing = failing_fsync(monkeypatch, errno.ENOSPC)
    said: list[SaveState] = []
    stage: list[str] = []

    def watch() -> bool:
        said.extend(save_states(guest.notices))
        placed = host.game.board.placements
        if not stage and placed >= 4:
            failing(True)
            stage.append("failing")
        elif stage == ["failing"] and placed >= 16:
            failing(False)
            stage.append("working")
        return False

    await asyncio.wait_for(play_guest(guest, make_bot("random", 6), until=watch), LIMIT)
    said.extend(save_states(guest.notices))
    assert [n.ok for n in said] == [False, True]
    assert guest.record_file is not None and saves.load_record(guest.record_file).over
    assert leftovers(tmp_path) == []


# -- an unprivileged host process and a folder it may not write ---------------------------


def _can_switch_user() -> bool:
    if not IS_ROOT or shutil.which("setpriv") is None:
        return False
    probe = subprocess.run(
        [*UNPRIVILEGED, sys.executable, "-c", "import indigo_tui"],
        capture_output=True,
        cwd="/",
        env=dict(os.environ),
    )
    return probe.returncode == 0


UNPRIVILEGED = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder an unprivileged process can reach (pytest's own is root's only)."""
    if not _can_switch_user():
        pytest.skip("running a host as another user needs root and setpriv; the injected EACCES covers it")
    folder = Path(tempfile.mkdtemp(prefix="indigo-nobody-", dir="/tmp"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def unprivileged(folder: Path, *args: str) -> Peer:
    env = {"HOME": str(folder), "XDG_CONFIG_HOME": str(folder / "config")}
    return Peer(*args, cwd=folder, prefix=UNPRIVILEGED, env=env)


def test_an_unprivileged_host_refuses_a_folder_it_may_not_write_in_one_line(open_folder: Path) -> None:
    locked = open_folder / "locked"
    locked.mkdir(mode=0o555)
    locked.chmod(0o555)
    host = unprivileged(
        open_folder, "host", "--headless", "--bot", "greedy", "--port", "0", "--save-dir", str(locked)
    )
    status, err = host.finish()
    assert status == 2 and err.count("\n") == 1
    assert f"cannot use {locked}/net for saves: Permission denied" in err
    assert list(locked.iterdir()) == []


def test_an_unprivileged_host_whose_folder_turns_read_only_says_so_once_and_again_when_it_works(
    open_folder: Path,
) -> None:
    folder = open_folder / "host"
    (folder / "net").mkdir(parents=True)
    shutil.chown(folder, "nobody", "nogroup")
    shutil.chown(folder / "net", "nobody", "nogroup")
    # The host plays slowly enough that the game is still on when the test has
    # turned the folder read-only and back, however late a loaded machine lets it.
    host = unprivileged(open_folder, *headless_host(folder, "--move-delay", "0.05"))
    try:
        port = listening_port(host)
        guest = Peer(*join_args(open_folder, port, "--move-delay", "0.02"), cwd=open_folder)
        try:
            guest.wait_for(r"\(move [4-9]\)")
            (folder / "net").chmod(0o555)  # the host may no longer replace its save
            host.wait_for(r"^could not save to .*: Permission denied; the game goes on unsaved until it can")
            mark = len(guest.lines)
            guest.wait_for(r"\(move (1[5-9]|[2-9]\d)\)", since=mark)
            (folder / "net").chmod(0o755)
            host.wait_for(r"^saving works again: the game is saved in ")
            assert guest.finish()[0] == 0
            assert host.finish() == (0, "")
        finally:
            guest.kill()
    finally:
        host.kill()
    failures = [line for line in host.lines if line.startswith("could not save to")]
    assert len(failures) == 1
    assert host.lines[-1].startswith("game over; saved to")
    (save,) = (folder / "net").glob("*.indigo")
    assert saves.load_save(save).match.game.over
    assert leftovers(folder / "net") == []
