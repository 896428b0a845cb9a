"""Continue and the Load list offer only saves that open whole: a file whose
log is damaged (a cell number no cell has) is listed apart with its reason,
its file's name first, and never stops the listing; every line names its
file; and the error names the real fault, not "not a path tile"."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.widgets import OptionList

from indigo_tui.engine import Game, LogError, Match, Setup
from indigo_tui.engine.game import LogFault
from indigo_tui.i18n.words import log_error_text
from indigo_tui.saves import SaveError, SeatInfo, load_save, make_header, write_save
from indigo_tui.ui.screens.confirm import ConfirmScreen
from indigo_tui.ui.screens.load import LoadScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import AppFactory, current, screen_text, until


def write_game(folder: Path, name: str, moves: int, age: float) -> Path:
    match = Match(Setup(players=2), seed=5)
    for _ in range(moves):
        match.game.push(match.game.legal_moves[0])
    path = folder / f"{name}.indigo"
    write_save(path, make_header(match, [SeatInfo("Ann"), SeatInfo("Greedy bot", "bot:greedy")]), match)
    stamp = path.stat().st_mtime - age
    os.utime(path, (stamp, stamp))
    return path


def damage_a_cell(path: Path) -> None:
    """The second placement's cell made a number no cell has (the header stays whole)."""
    data = json.loads(path.read_text())
    placed = [event for event in data["rounds"][0] if "cell" in event]
    placed[1]["cell"] = 99
    stamp = path.stat().st_mtime
    path.write_text(json.dumps(data))
    os.utime(path, (stamp, stamp))


def test_a_cell_number_no_cell_has_is_said_as_such() -> None:
    game = Game.new(Setup(players=2), seed=0)
    game.push(game.legal_moves[0])
    log = [*game.log]
    index = next(i for i, event in enumerate(log) if type(event).__name__ == "TilePlaced")
    placed = log[index]
    fields = {field: getattr(placed, field) for field in placed.__struct_fields__}
    log[index] = type(placed)(**{**fields, "cell": 99})
    with pytest.raises(LogError) as raised:
        Game.from_log(log)
    # The engine's one judge says it: a cell off the board, not "not a path tile".
    assert raised.value.code is LogFault.ILLEGAL
    assert log_error_text(raised.value) == "move 1: that cell is not on the board"


async def test_continue_and_load_offer_only_saves_that_open(make_app: AppFactory, save_dir: Path) -> None:
    older = write_game(save_dir, "older", moves=4, age=600)
    damaged = write_game(save_dir, "damaged", moves=6, age=60)
    damage_a_cell(damaged)
    (save_dir / "empty.indigo").write_text("")
    with pytest.raises(SaveError, match="move 2: that cell is not on the board"):
        load_save(damaged)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.latest is not None)
        title = current(app, TitleScreen)
        # The newer save does not open: Continue takes up the one that does.
        assert title.latest is not None and title.latest.path == older
        await until(pilot, lambda: "2 saves cannot be opened" in screen_text(app))
        assert "move 5" in screen_text(app)
        await pilot.press("down", "down", "down", "enter")  # past New game and Learn to play: Load
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and bool(app.screen.entries))
        await until(pilot, lambda: "damaged.indigo" in screen_text(app))
        text = screen_text(app)
        assert "older.indigo" in text
        assert "2 files cannot be opened" in text
        # The file and where its fault lies (the fault's words, cut at 80 columns,
        # are held whole by test_a_cell_number_no_cell_has_is_said_as_such).
        assert "damaged.indigo: cannot be opened: round 1: move 2: that" in " ".join(text.split())
        assert "empty.indigo: cannot be opened: the file is empty" in " ".join(text.split())
        screen = current(app, LoadScreen)
        options = screen.query_one("#saves", OptionList)
        index = next(i for i, entry in enumerate(screen.entries) if entry.path == damaged)
        options.highlighted = options.get_option_index(str(index))
        await pilot.press("enter")
        await until(pilot, lambda: "Can't load damaged.indigo" in screen_text(app))
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: not damaged.exists() and "damaged.indigo" not in screen_text(app))
        assert older.exists()
