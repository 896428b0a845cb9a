"""A game whose save folder is read-only or full is never lost in silence:
the first failed save is said whole over the table, with what to do; from
then on, leaving asks first (save elsewhere, quit anyway, back to the game);
and a game saved elsewhere is saved there after every move, and taken up
from there. Through the screen, at 80x24, in every language."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.disk_faults import LANGUAGE_FAULTS, fail_saves_in
from textual.pilot import Pilot
from textual.widgets import Input

from indigo_tui.i18n import LANGUAGES, _, use_language
from indigo_tui.i18n.words import os_problem
from indigo_tui.saves import list_saves, load_save
from indigo_tui.ui.app import IndigoApp, resume_elsewhere_words
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.save_elsewhere import SaveElsewhereScreen
from indigo_tui.ui.screens.title import TitleScreen
from indigo_tui.ui.screens.unsaved import UnsavedScreen, failure_words

from .conftest import AppFactory, current, finish_round, game_screen, new_game, screen_text, type_text, until


def dialog_words(screen: str) -> list[str]:
    """The words inside the dialog's border (│ … │ on each of its rows), in
    reading order: what is around the dialog (the board) left out."""
    words: list[str] = []
    for row in screen.splitlines():
        if row.count("│") >= 2:
            words.extend(row[row.index("│") + 1 : row.rindex("│")].split())
    return words


def shown_whole(text: str, screen: str) -> bool:
    """Whether every word of ``text`` is in the dialog, in order and together
    (wrapped across lines as it may be): nothing of it cut off."""
    wanted, seen = text.split(), dialog_words(screen)
    return any(seen[i : i + len(wanted)] == wanted for i in range(len(seen) - len(wanted) + 1))


async def type_folder(pilot: Pilot[None], folder: Path) -> None:
    """Type ``folder`` into the save-elsewhere form's field, key by key (the
    key events ``pilot.press`` sends), and wait until the field holds it.
    Not ``pilot.press`` itself: it waits for the whole process to be idle
    after every key, and the tests' folders are paths of 80 to 100
    characters; typing three of them was 13 of the 17 s of a test."""
    field = current(pilot.app, SaveElsewhereScreen).query_one("#folder", Input)
    await type_text(pilot, str(folder), lambda: field.value == str(folder))


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code: str = request.param
    use_language(code)
    yield code
    use_language("en")


@pytest.mark.parametrize(("language", "fault"), LANGUAGE_FAULTS, indirect=["language"])
async def test_a_move_then_q_asks_and_quit_anyway_quits(
    make_app: AppFactory, save_dir: Path, monkeypatch: pytest.MonkeyPatch, language: str, fault: int
) -> None:
    fail_saves_in(monkeypatch, save_dir, fault)
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game_screen(app).held_move() is not None)
        await pilot.press("enter")  # the first move: its save fails
        reason = os_problem(OSError(fault, os.strerror(fault)))
        await until(pilot, lambda: isinstance(app.screen, UnsavedScreen))
        # Said whole, with what to do, where the player looks.
        await until(pilot, lambda: shown_whole(failure_words(reason), screen_text(app)))
        assert shown_whole(_("Save elsewhere (f)"), screen_text(app))
        await pilot.press("escape")  # go on playing
        await until(pilot, lambda: not isinstance(app.screen, UnsavedScreen))
        assert _("Not saved! f: elsewhere") in screen_text(app)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, UnsavedScreen))
        await until(pilot, lambda: shown_whole(_("If you leave now, the game is lost."), screen_text(app)))
        assert shown_whole(_("Quit anyway (q)"), screen_text(app))
        assert shown_whole(_("Back to the game (esc)"), screen_text(app))
        # Enter on the focused answer goes back to the game: a stray key loses nothing.
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, UnsavedScreen))
        assert app.is_running
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, UnsavedScreen))
        await pilot.press("q")  # quit anyway
        await until(pilot, lambda: not app.is_running)
    assert list(save_dir.glob("*.indigo")) == []


@pytest.mark.parametrize(("language", "fault"), LANGUAGE_FAULTS, indirect=["language"])
async def test_save_elsewhere_saves_in_the_folder_typed_and_the_game_goes_on_from_it(
    make_app: AppFactory,
    save_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    fault: int,
    capfd: pytest.CaptureFixture[str],
) -> None:
    fail_saves_in(monkeypatch, save_dir, fault)
    also_broken = tmp_path / "also-broken"
    also_broken.mkdir()
    fail_saves_in(monkeypatch, also_broken, fault)
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    good = tmp_path / "elsewhere"
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game_screen(app).held_move() is not None)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, UnsavedScreen))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, UnsavedScreen))
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, UnsavedScreen))
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, SaveElsewhereScreen))
        # Enter on nothing typed: asked for a folder, nothing else happens.
        await pilot.press("enter")
        await until(pilot, lambda: shown_whole(_("Type the folder to save the game in."), screen_text(app)))
        for wrong in (a_file, also_broken):
            await pilot.click("#folder")
            app.screen.query_one("#folder").value = ""  # type: ignore[attr-defined]
            await type_folder(pilot, wrong)
            await pilot.press("enter")
            await until(
                pilot,
                lambda: (
                    _("Not saved in {folder}: {reason}. Try another folder.").split()[-1] in screen_text(app)
                ),
            )
            assert isinstance(app.screen, SaveElsewhereScreen) and app.is_running
        app.screen.query_one("#folder").value = ""  # type: ignore[attr-defined]
        await type_folder(pilot, good)
        await pilot.press("enter")
        # Saved: the quit that was asked for goes on.
        await until(pilot, lambda: not app.is_running)
        session = app.session
        assert session is not None
        moves = list(session.game.log)
    saves = list(good.glob("*.indigo"))
    assert len(saves) == 1 and load_save(saves[0]).match.game.log == moves
    # Said on the way out: where the game is, and the command that plays it on.
    # Printed as the app ends, wrapped to the terminal's width (a long path anywhere).
    printed = "".join(capfd.readouterr().err.split())
    assert "".join(resume_elsewhere_words(saves[0]).split()) in printed
    # The game goes on from the folder typed: Continue takes it up there.
    again = IndigoApp(save_dir=good, animate=False, bot_delay=0.0)
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, TitleScreen) and again.screen.latest is not None)
        await pilot.press("enter")
        await until(pilot, lambda: again.session is not None and list(again.session.game.log) == moves)
        await until(pilot, lambda: game_screen(again).held_move() is not None)
        await pilot.press("enter")  # a move, saved in the new folder
        placed = again.session.game.board.placements if again.session is not None else 0
        await until(pilot, lambda: load_save(saves[0]).match.game.board.placements >= placed)
    assert [entry.error for entry in list_saves(good)] == [None]


async def test_saving_elsewhere_mid_game_goes_on_saving_there(
    make_app: AppFactory, save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fail_saves_in(monkeypatch, save_dir, errno.EROFS)
    good = tmp_path / "elsewhere"
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: game_screen(app).held_move() is not None)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, UnsavedScreen))
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, SaveElsewhereScreen))
        await type_folder(pilot, good)
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, (UnsavedScreen, SaveElsewhereScreen)))
        await until(pilot, lambda: "Saving works again." in screen_text(app))
        session = app.session
        assert session is not None and session.save_dir == good and app.save_dir == good
        await until(pilot, lambda: game_screen(app).held_move() is not None)
        placed = session.game.board.placements
        await pilot.press("enter")
        await until(pilot, lambda: session.game.board.placements > placed)
        (path,) = good.glob("*.indigo")
        assert load_save(path).match.game.board.placements >= placed + 1
        await pilot.press("q")  # saved: quits at once
        await until(pilot, lambda: not app.is_running)


async def test_the_end_of_a_round_asks_before_its_ways_out(
    make_app: AppFactory, save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fail_saves_in(monkeypatch, save_dir, errno.ENOSPC)
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: game_screen(app).held_move() is not None)
        finish_round(app)
        # The notice of the failure comes over the result: said, then back to the result.
        await until(pilot, lambda: any(isinstance(s, EndScreen) for s in app.screen_stack))
        await until(pilot, lambda: isinstance(app.screen, UnsavedScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        lost_words = _("If you leave now, the game is lost.")
        for key in ("escape", "q"):  # the title screen, and quit
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, UnsavedScreen))
            await until(pilot, lambda: shown_whole(lost_words, screen_text(app)))
            await pilot.press("escape")  # back to the game: the finished board, o for its result
            await until(pilot, lambda: not isinstance(app.screen, UnsavedScreen))
            if not isinstance(app.screen, EndScreen):
                await pilot.press("o")
                await until(pilot, lambda: isinstance(app.screen, EndScreen))
        assert app.is_running
