"""Autosave, the load screen (with a broken save), setup, and the command line."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Select

from indigo_tui.cli import main
from indigo_tui.engine import Match, Setup
from indigo_tui.saves import SaveEntry, SaveError, SeatInfo, list_saves, make_header, write_save
from indigo_tui.ui.screens.confirm import ConfirmScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.load import LoadScreen
from indigo_tui.ui.screens.setup import SetupScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import AppFactory, current, notices, screen_text, until


def write_game(folder: Path, name: str, moves: int = 4) -> Path:
    match = Match(Setup(players=2), seed=5)
    for _ in range(moves):
        match.game.push(match.game.legal_moves[0])
    path = folder / f"{name}.indigo"
    write_save(path, make_header(match, [SeatInfo("Ann"), SeatInfo("Greedy bot", "bot:greedy")]), match)
    return path


async def test_load_screen_lists_a_corrupt_save_loads_and_deletes(
    make_app: AppFactory, save_dir: Path
) -> None:
    good = write_game(save_dir, "good")
    broken = save_dir / "broken.indigo"
    broken.write_text('{"format": "indigo-save", "version": 1, "header": {')
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(LoadScreen(save_dir))
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await app.workers.wait_for_complete()  # the listing runs in a worker
        await pilot.pause()
        text = screen_text(app)
        assert "broken.indigo: cannot be opened" in text
        assert "Ann, Greedy bot" in text and "move 5, Ann to move" in text
        screen = current(app, LoadScreen)
        broken_index = next(i for i, e in enumerate(screen.entries) if e.path == broken)
        options = screen.query_one("#saves", OptionList)
        options.highlighted = options.get_option_index(str(broken_index))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert "Can't load broken.indigo" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Delete the unreadable save broken.indigo?" in screen_text(app)
        assert app.screen.focused is not None and app.screen.focused.id == "no"
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not broken.exists() and good.exists()
        await pilot.press("enter")  # the only save left: the good one
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.session is not None and app.session.game.board.placements == 4


async def test_the_title_scans_the_save_folder_once_off_the_ui_thread(
    make_app: AppFactory, save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from indigo_tui.ui.screens import title

    write_game(save_dir, "unfinished")
    scans: list[bool] = []

    from indigo_tui.saves.openable import latest_openable

    def counted(folder: Path) -> tuple[SaveEntry | None, list[SaveEntry]]:
        scans.append(threading.current_thread() is threading.main_thread())
        return latest_openable(folder)

    monkeypatch.setattr(title, "latest_openable", counted)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, title.TitleScreen))
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Continue  (Ann vs Greedy bot, move 5)" in screen_text(app)
        assert scans == [False], "one scan, in a worker thread"


async def test_setup_screen_starts_a_tactical_game(make_app: AppFactory, save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # New game
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#variant", Select).value = "tactical"
        app.screen.query_one("#seed", Input).value = "11"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        session = app.session
        assert session is not None
        assert session.setup.variant == "tactical" and session.match.seed == 11
        assert [s.kind for s in session.seats] == ["human", "bot:greedy"]
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("tab")
        assert screen.chosen == 1
        await pilot.press("1")
        assert screen.chosen == 0
        assert list_saves(save_dir) == [], "nothing is saved before the first tile"


async def test_save_as_names_the_file(make_app: AppFactory, save_dir: Path) -> None:
    from .conftest import new_game

    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.press(*"Sunday", "enter")
        await pilot.pause()
        saves = list_saves(save_dir)
        assert len(saves) == 1, "save-as moves the match to its named file"
        assert saves[0].path.name.endswith("-Sunday.indigo")
        assert saves[0].header is not None and saves[0].header.title == "Sunday"


async def test_deleting_names_the_game_and_enter_keeps_it(make_app: AppFactory, save_dir: Path) -> None:
    path = write_game(save_dir, "ann", moves=11)
    when = datetime.fromtimestamp(path.stat().st_mtime)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(LoadScreen(save_dir))
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = f"Delete the game Ann vs Greedy bot of {when:%Y-%m-%d}, at move 12?"
        confirm = app.screen
        assert isinstance(confirm, ConfirmScreen) and confirm.question == question
        assert "Ann vs Greedy bot" in screen_text(app)  # wrapped in the dialog at 80 columns
        await pilot.press("enter")  # the focus is on No
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        assert path.exists()


async def test_quitting_at_move_one_leaves_no_save(make_app: AppFactory, save_dir: Path) -> None:
    from .conftest import new_game

    app = make_app(new_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        await pilot.press("escape")  # to the title: nothing to continue
        await pilot.pause()
        assert list_saves(save_dir) == []
        assert "Continue" not in screen_text(app)
    # A placed tile is worth a file; undone back to the start, the file goes again.
    app = make_app(new_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: app.session is not None and app.session.game.board.placements == 2)
        assert len(list_saves(save_dir)) == 1
        await pilot.press("u")
        await until(pilot, lambda: app.session is not None and app.session.game.board.placements == 0)
        assert list_saves(save_dir) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seats", "human,bot:nobody"],
        ["play", "--players", "3", "--seats", "human,human"],
        ["play", "--players", "2", "--own-gates"],
        ["play", "--rounds", "0"],
    ],
)
def test_play_rejects_bad_options_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("indigo: ") and err.count("\n") == 1


def test_load_rejects_a_bad_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.indigo"
    bad.write_text("not a save")
    assert main(["load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("indigo: ") and err.count("\n") == 1


def illegal_second_placement(folder: Path) -> tuple[Path, str]:
    """A save whose second placement goes onto the first one's cell, and the
    move log's line for that second move as it was played."""
    import json

    from indigo_tui.engine import TilePlaced
    from indigo_tui.table.describe import move_lines

    path = write_game(folder, "second", moves=3)
    data = json.loads(path.read_bytes())
    placed = [e for e in data["rounds"][0] if e["type"] == "placed"]
    placed[1]["cell"] = placed[0]["cell"]
    path.write_text(json.dumps(data))
    match = Match(Setup(players=2), seed=5)
    for _ in range(2):
        match.game.push(match.game.legal_moves[0])
    second = move_lines(match.game.log, lambda seat: f"seat {seat + 1}")[1]
    assert sum(isinstance(e, TilePlaced) for e in match.game.log) == 2
    return path, second


WANTED = "round 1: move 2: that cell already holds a tile"


def test_numbers_people_read_count_from_one_in_indigo_load_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from indigo_tui.engine import LogError, Refusal
    from indigo_tui.i18n.words import log_error_text
    from indigo_tui.saves import load_save

    path, second = illegal_second_placement(tmp_path)
    assert second.startswith("2. ")  # the move log calls it move 2
    with pytest.raises(SaveError) as caught:
        load_save(path)
    assert str(caught.value) == f"{path}: {WANTED}"
    assert main(["load", str(path)]) == 2
    assert capsys.readouterr().err == f"indigo: {path}: {WANTED}\n"
    assert main(["replay", "--json", str(path)]) == 2
    assert capsys.readouterr().err.rstrip().endswith(f"{path}: {WANTED}")
    # The engine says why as a code only; the words are the catalogs'.
    import msgspec

    from indigo_tui.engine import Game
    from indigo_tui.saves import SaveFile

    events = msgspec.json.decode(path.read_bytes(), type=SaveFile).rounds[0]
    with pytest.raises(LogError) as log_error:
        Game.from_log(events)
    refusal = log_error.value.refusal
    assert refusal is not None and refusal.code is Refusal.OCCUPIED
    assert log_error.value.numbers == (2,)
    assert f"round 1: {log_error_text(log_error.value)}" == WANTED


async def test_the_load_screen_says_the_same_as_indigo_load(
    make_app: AppFactory, save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    illegal_second_placement(save_dir)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(LoadScreen(save_dir))
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Read whole when listed, it is listed apart with the words `indigo load` prints.
        assert WANTED in " ".join(screen_text(app).split())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert WANTED in " ".join(screen_text(app).split())


async def test_a_game_open_in_another_window_is_refused_by_continue_and_delete(
    make_app: AppFactory, save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import subprocess
    import sys

    path = write_game(save_dir, "open-elsewhere")
    # Another window (a second browser tab's game, a terminal) has it open.
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from indigo_tui.saves import SaveLock; "
            "SaveLock.acquire(Path(sys.argv[1])); print('held', flush=True); sys.stdin.read()",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        app = make_app()
        said = notices(app, monkeypatch)
        async with app.run_test(size=(120, 40)) as pilot:
            await app.workers.wait_for_complete()  # the title's scan of the folder
            await until(pilot, lambda: "Continue" in screen_text(app))
            current(app, TitleScreen).action_pick("continue")
            await until(pilot, lambda: bool(said))
            assert said == [
                "This game is open in another window (a browser tab or a terminal): play it there, "
                "or close it there first."
            ]
            assert app.session is None and not isinstance(app.screen, GameScreen)
            app.push_screen(LoadScreen(save_dir))
            await until(pilot, lambda: isinstance(app.screen, LoadScreen))
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("y")
            await until(pilot, lambda: "before deleting it" in " ".join(screen_text(app).split()))
            assert path.exists()
            # Closed there, it is free here.
            holder.kill()
            holder.wait(timeout=60)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.session is not None and app.session.save_path == path
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait(timeout=60)
