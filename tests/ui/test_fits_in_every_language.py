"""At 80x24 the longer languages keep every button whole: the end screen of
a match (four buttons) and a delete question."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Label

from indigo_tui.i18n import LANGUAGES, use_language
from indigo_tui.saves import list_saves
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.confirm import ConfirmScreen
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.load import LoadScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import AppFactory, finish_round, new_game, until


def on_screen(screen: Screen[Any], widget: Widget) -> bool:
    region = widget.region
    return bool(region) and screen.region.contains_region(region)


def whole(screen: Screen[object], button: Button) -> bool:
    """On screen, and wide enough for its label and a cell each side."""
    return on_screen(screen, button) and button.region.width >= len(str(button.label)) + 2


async def test_a_matchs_end_screen_fits_80x24_in_every_language(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "bot:random"), rounds=2))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
            finish_round(app)
            # Composed and mounted, not only pushed: a change of language recomposes
            # it, and on a loaded machine that could race its first compose.
            await until(pilot, lambda: isinstance(app.screen, EndScreen) and app.screen.is_mounted)
            for language in LANGUAGES:
                await app.set_language(language)
                await pilot.pause()
                end = app.screen
                buttons = list(end.query(Button))
                assert len(buttons) == 4, language  # next round, board, review, title
                assert all(whole(end, b) for b in buttons), (language, [str(b.label) for b in buttons])
    finally:
        use_language("en")


async def test_a_delete_question_wraps_in_its_dialog(make_app: AppFactory, save_dir: Path) -> None:
    app = make_app(new_game(("human", "bot:random")))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        finish_round(app)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
    assert [entry.header.over for entry in list_saves(save_dir) if entry.header] == [True]
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    try:
        use_language("nl")
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TitleScreen))
            app.push_screen(LoadScreen(save_dir))
            await until(pilot, lambda: isinstance(app.screen, LoadScreen) and bool(app.screen.entries))
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.pause()
            question = app.screen.query_one(Label)
            # The whole question, over more than one line, inside the dialog.
            assert question.region.height >= 2 and on_screen(app.screen, question)
            assert all(whole(app.screen, b) for b in app.screen.query(Button))
    finally:
        use_language("en")
