"""The UI tests read the screen with :func:`~.conftest.screen_text`, the
text of the picture ``export_screenshot`` takes, printed as text instead of
SVG because that is twenty times cheaper. These tests hold the two the same:
the characters of the SVG screenshot, column for column, on screens with
what could tell them apart (a dialog over the board, an emoji two cells wide,
French no-break spaces) at each size a test reads."""

from __future__ import annotations

import random

import pytest

from indigo_tui.i18n import use_language
from indigo_tui.ui.screens.end import EndScreen

from .conftest import AppFactory, game_screen, new_game, screen_text, session_of, svg_text, until
from .sight import SIZES


def screenshot_rows(text: str) -> list[str]:
    """The rows of a screen's text up to its last with a character on it (the
    SVG leaves out a blank row at the bottom that Rich drew nothing in)."""
    rows = text.split("\n")
    while rows and not rows[-1]:
        rows.pop()
    return rows


@pytest.mark.parametrize("size", SIZES)
async def test_screen_text_is_the_screenshots_text(make_app: AppFactory, size: tuple[int, int]) -> None:
    use_language("fr")  # "Tour de Ann :" is written with a no-break space
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: "Ann" in screen_text(app))
        board = screen_text(app)
        assert len(board.split("\n")) == size[1]
        assert all(len(row) <= size[0] for row in board.split("\n"))
        assert screenshot_rows(board) == screenshot_rows(svg_text(app.export_screenshot()))

        # The command palette: its magnifying glass is one character two cells wide.
        await pilot.press("ctrl+p")
        await until(pilot, lambda: "🔎" in screen_text(app))
        assert screenshot_rows(screen_text(app)) == screenshot_rows(svg_text(app.export_screenshot()))
        await pilot.press("escape")

        # The round's result: a dialog over the board, which shows dimmed beneath it.
        session = session_of(app)
        rng = random.Random(4)
        while not session.game.over:
            session.play(rng.choice(session.game.legal_moves))
        game_screen(app).next_turn()
        await until(pilot, lambda: isinstance(app.screen, EndScreen) and "Ann" in screen_text(app))
        assert screenshot_rows(screen_text(app)) == screenshot_rows(svg_text(app.export_screenshot()))
