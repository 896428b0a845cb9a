"""``indigo serve`` in a real browser: Chromium opens the page, starts a game
against a bot, places one tile with keys and one with the mouse, and reads
the moves back off the screen (and, to know exactly what happened, from the
game's save). Skipped, with the reason, where no Chromium (or chromedriver, or
selenium) can be had."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from indigo_tui.saves import SaveError, list_saves, load_save

from .browser import HAND, Page, chromium, why_no_browser
from .conftest import IndigoServe, next_line

NO_BROWSER = why_no_browser()
pytestmark = pytest.mark.skipif(NO_BROWSER is not None, reason=f"no browser test: {NO_BROWSER}")


def moves_saved(save_dir: Path) -> list[tuple[int, int]]:
    """(seat, cell) of each move of the newest save: the game saves every move."""
    entries = list_saves(save_dir)
    if not entries:
        return []
    try:
        game = load_save(entries[0].path).match.game
    except SaveError:
        return []
    return [(seat, move.cell) for seat, move in game.moves]


def wait_for_moves(save_dir: Path, count: int, limit: float) -> list[tuple[int, int]]:
    deadline = time.monotonic() + limit
    while True:
        moves = moves_saved(save_dir)
        if len(moves) >= count or time.monotonic() > deadline:
            return moves
        time.sleep(0.05)


def handled(page: Page) -> None:
    """Wait until the app has handled every key and click sent so far: the
    app takes them in order, so once a key sent now shows its effect, so do
    they. The key is "slower bots", then "faster bots": the bot pace in the
    status line goes to 1 s and back to its 0.5 s, and nothing else changes
    (the status line stays, unlike a message the bot's next move replaces)."""
    page.keys("+")
    page.wait_for(r"bot\s+pace\s+1s")
    page.keys("-")
    page.wait_for(r"bot\s+pace\s+0\.5s")


def place_with_keys(page: Page, save_dir: Path, count: int) -> None:
    """Enter at the cursor; where that is not allowed, step right and try again."""
    for _ in range(12):
        page.keys("\n")
        handled(page)  # not a wait of a second or two, which a loaded machine outlasts
        if len(moves_saved(save_dir)) >= count:
            return
        page.keys("d")
    raise AssertionError(f"no tile placed with keys:\n{page.text()}")


def place_with_clicks(page: Page, save_dir: Path, count: int) -> None:
    """Click a cell (the cursor goes there), click it again (the tile goes
    there); across the board's side of the screen until a cell takes it."""
    columns, rows = page.terminal_size()
    for row in range(rows // 3, rows - 4, 4):
        for column in range(columns // 8, columns // 2, 6):
            page.click_cell(column, row)
            page.click_cell(column, row)
            handled(page)
            if len(moves_saved(save_dir)) >= count:
                return
    raise AssertionError(f"no tile placed with the mouse:\n{page.text()}")


@pytest.mark.slow
def test_a_game_against_a_bot_in_chromium(indigo_serve: IndigoServe, tmp_path: Path) -> None:
    save_dir = tmp_path / "saves"
    _server, lines = indigo_serve("--port", "0")
    url = next_line(lines, "Indigo is served at ").split()[-1]
    with chromium() as page:
        page.open(url)
        page.wait_for("New game")
        page.screenshot(tmp_path / "title.png")
        # The page's cells are 1:2 as the board is drawn for (not Roboto Mono's
        # 9 x 21 px), and the terminal fills the window.
        width, height = page.cell_size()
        assert abs(height - 2 * width) <= 0.5, (width, height)
        columns, rows = page.terminal_size()
        assert columns * width > 1200 and rows * height > 720, (columns, rows, width, height)
        page.keys("n")  # New game: you against the greedy bot
        page.wait_for("Seat 1")
        page.ctrl("s")
        page.wait_for(HAND)

        place_with_keys(page, save_dir, 1)
        page.wait_for(r"\b1\.\s+You\s+placed")
        wait_for_moves(save_dir, 2, 60)  # the bot's answer
        page.wait_for(r"\b2\.\s+Greedy\s+bot\s+placed")
        place_with_clicks(page, save_dir, 3)
        page.wait_for(r"\b3\.\s+You\s+placed")
        page.wait_for(r"\b4\.\s+Greedy\s+bot\s+placed")
        moves = moves_saved(save_dir)
        assert [seat for seat, _ in moves] == [0, 1, 0, 1]
        assert moves[2][1] != moves[0][1]  # the click chose another cell than the keys did
        assert re.search(r"move\s+5\b", page.text())

        shot = page.screenshot(tmp_path / "game.png")
        assert shot.read_bytes().startswith(b"\x89PNG") and shot.stat().st_size > 20_000
