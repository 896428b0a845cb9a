"""``indigo serve`` on a phone: Chromium as a phone held upright (412 x 915 CSS
pixels at a scale of 2.625, touch instead of a mouse) plays a whole game
against the greedy bot by taps alone: no key is typed, no mouse is used. The
page's row of touch keys, the menu, the setup's Start button and the board's
cells are tapped where the screen shows them; the game's save says what
happened. Skipped, with the reason, where no Chromium can be had."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from indigo_tui.engine import Game
from indigo_tui.engine.geometry import INDEX, hex_distance, neighbour
from indigo_tui.saves import SaveError, list_saves, load_save

from .browser import HAND, Page, as_phone, chromium, why_no_browser
from .conftest import IndigoServe, next_line

NO_BROWSER = why_no_browser()
pytestmark = pytest.mark.skipif(NO_BROWSER is not None, reason=f"no browser test: {NO_BROWSER}")

#: A cell's coordinates as the cursor's tag shows them (not "(q,r)" in the side panel's words).
TAG = re.compile(r"(?<![(\d-])-?\d,-?\d(?![\d)])")


def saved_game(save_dir: Path) -> Game | None:
    """The game of the newest save (the game saves every move)."""
    entries = list_saves(save_dir)
    if not entries:
        return None
    try:
        return load_save(entries[0].path).match.game
    except SaveError:
        return None


def moves_made(save_dir: Path) -> int:
    game = saved_game(save_dir)
    return 0 if game is None else len(game.moves)


def wait_for_moves(save_dir: Path, count: int, limit: float) -> bool:
    deadline = time.monotonic() + limit
    while moves_made(save_dir) < count:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


#: What the side panel says when a placement asked for is refused (the move
#: is not made): "Can't place there: that cell already holds a tile."
REFUSED = re.compile(r"Can't place there:")


def placed(page: Page, save_dir: Path, count: int, before: str, limit: float = 4.0) -> bool | None:
    """Whether the tap just made (``before``: the screen before it) placed a
    tile: True once the save has ``count`` moves, False once the screen says
    the placement was refused, None where neither came in ``limit`` seconds
    (the tap fell on no cell or key). A refusal already on the screen before
    the tap says nothing of this one: then only the save or the limit tell."""
    said_before = REFUSED.search(before) is not None
    deadline = time.monotonic() + limit
    while moves_made(save_dir) < count:
        if not said_before and REFUSED.search(page.text()):
            return moves_made(save_dir) >= count
        if time.monotonic() > deadline:
            return None
        time.sleep(0.05)
    return True


def tap_place(page: Page, save_dir: Path, count: int) -> bool | None:
    """Tap the Place key: whether it placed the tile, as :func:`placed` says."""
    before = page.text()
    page.tap_key("Place")
    return placed(page, save_dir, count, before)


def tap_words(page: Page, words: str) -> None:
    """Tap the middle of ``words`` where the screen shows them."""
    for row, line in enumerate(page.text().splitlines()):
        column = line.find(words)
        if column >= 0:
            page.tap_cell(column + len(words) // 2, row)
            return
    raise AssertionError(f"{words!r} is not on the screen:\n{page.text()}")


def cursor_tag(page: Page) -> tuple[int, int] | None:
    """Where the cursor's tag is (column, row): on the board, above the hand
    (None where the tag has no room: a top-row cell with a gem under it)."""
    lines = page.text().splitlines()
    board_rows = next((row for row, line in enumerate(lines) if re.search(HAND, line)), len(lines))
    for row in range(board_rows):
        found = TAG.search(lines[row])
        if found:
            return found.start() + len(found.group()) // 2, row
    return None


#: Where a neighbour's middle is from a cell's, in characters, in the narrow
#: layout's zoomed view (hexagons 16 sub-pixels, 8 characters, across; rows
#: 7 sub-pixels, 3.5 lines, apart), by edge: NW, NE, E, SE, SW, W.
STEP_CHARS = ((-4, -4), (4, -4), (8, 0), (4, 3), (-4, 3), (-8, 0))
CURSOR = re.compile(r"Cursor at \((-?\d),(-?\d)\)")


def cursor_cell(page: Page) -> int | None:
    """The cursor's cell, as the side panel names it."""
    found = CURSOR.search(page.text())
    return None if found is None else INDEX.get((int(found.group(1)), int(found.group(2))))


def _distance_after(cell: int, edge: int, target: int) -> int:
    there = neighbour(cell, edge)
    return 99 if there is None else hex_distance(there, target)


def place_by_touch(page: Page, save_dir: Path, turn: int) -> str:
    """One placement by taps: turn the tile with the touch keys, then tap the
    cursor's cell (a tap on the cursor places) or tap a neighbour (it becomes
    the cursor) and the Place key; where the tile may not go, step the cursor
    cells across the board with Place after each. Says how it was placed."""
    count = moves_made(save_dir) + 1
    for _ in range(turn % 3):
        page.tap_key("↻")
    if turn % 4 == 1:
        page.tap_key("↺")
    tag = cursor_tag(page)
    how = "Place"
    if tag is None:
        tapped = tap_place(page, save_dir, count)
    elif turn % 2 == 0:
        column, row = tag
        before = page.text()
        page.tap_cell(column, row - 2)  # inside the cursor's cell, above its lowest corner
        how = "tapped the cursor"
        tapped = placed(page, save_dir, count, before)
        if tapped is None:  # neither placed nor refused: the Place key
            tapped = tap_place(page, save_dir, count)
    else:
        column, row = tag
        width = page.terminal_size()[0]
        before = page.text()
        page.tap_cell(min(width - 2, column + 8), row - 2)  # the neighbour to the east
        how = "tapped a cell, then Place"
        deadline = time.monotonic() + 4.0
        while page.text() == before and time.monotonic() < deadline:
            time.sleep(0.05)  # the cursor moves (or the tap fell on no cell)
        tapped = tap_place(page, save_dir, count)
    if tapped:
        return how
    # The tile may not go there: walk the cursor by taps on its neighbours to
    # a cell where it may (the engine's answer, from the save), then Place.
    game = saved_game(save_dir)
    assert game is not None
    cells = {move.cell for move in game.view(0).legal_moves}
    for _ in range(40):
        here = cursor_cell(page)
        tag = cursor_tag(page)
        if here is None or tag is None:
            page.tap_key("▼")  # a cursor whose tag has no room: step it down
            continue
        if here in cells:
            for _turns in range(6):
                if tap_place(page, save_dir, count):
                    return "tapped cells on the way, then Place"
                page.tap_key("↻")
            break
        target = min(cells, key=lambda cell: hex_distance(cell, here))
        step = min(range(6), key=lambda e: _distance_after(here, e, target))
        dx, dy = STEP_CHARS[step]
        column, row = tag
        page.tap_cell(column + dx, row - 2 + dy)
        deadline = time.monotonic() + 4.0
        while cursor_cell(page) == here and time.monotonic() < deadline:
            time.sleep(0.05)
    raise AssertionError(f"no tile placed by touch:\n{page.text()}")


@pytest.mark.slow
# The slow step's longest test (a minute on a quiet machine, most of it
# waiting on the browser and the bot's pace): begun first, not left to end
# the step alone. Started among the web tests, it was the last test running
# for its last minute while the other worker had nothing left.
@pytest.mark.long
def test_a_whole_game_on_a_phone_by_touch_alone(indigo_serve: IndigoServe, tmp_path: Path) -> None:
    save_dir = tmp_path / "saves"
    # Bots that answer at once: the game is played by taps, not by waiting
    # out the bot's half a second 27 times.
    _server, lines = indigo_serve("--port", "0", "--bot-delay", "0")
    url = next_line(lines, "Indigo is served at ").split()[-1]
    with chromium(412, 915) as page:
        as_phone(page.driver)
        page.open(url)
        page.wait_for("New game")
        page.screenshot(tmp_path / "phone-title.png")
        # The page knows a touch screen: its keys are there and the terminal
        # calls up no on-screen keyboard; a narrow terminal with cells 1:2.
        assert page.script("return document.body.classList.contains('-touch')")
        textarea = "return document.querySelector('.xterm-helper-textarea').getAttribute('inputmode')"
        assert page.script(textarea) == "none"
        columns, rows = page.terminal_size()
        assert 40 <= columns < 60 and rows >= 30, (columns, rows)
        width, height = page.cell_size()
        assert abs(height - 2 * width) <= 0.5, (width, height)

        tap_words(page, "New game")
        page.wait_for(r"Start \(ctrl\+s\)")
        tap_words(page, "Start (ctrl+s)")
        page.wait_for(HAND)
        page.screenshot(tmp_path / "phone-game.png")
        ways = set()
        # Our own placements, counted apart from the loop: the loop's turns
        # include the waits for the bot, and whether its move was already
        # saved when the loop looked decided which way each of ours went
        # (a run could place every tile by tapping the cursor and fail).
        mine = 0
        for _ in range(200):
            game = saved_game(save_dir)
            if game is not None and game.over:
                break
            made = moves_made(save_dir)
            if made % 2:  # the bot's turn: wait for its move on the screen
                assert wait_for_moves(save_dir, made + 1, 60), page.text()
                continue
            if made:
                page.wait_for(rf"move\s+{made + 1}\b")
            ways.add(place_by_touch(page, save_dir, mine))
            mine += 1
            if mine == 10:
                page.screenshot(tmp_path / "phone-midgame.png")
        game = saved_game(save_dir)
        assert game is not None and game.over, page.text()
        assert {seat for seat, _ in game.moves} == {0, 1}
        # Tiles went down by a tap on the cursor's cell and by the Place key after a
        # tap chose the cell.
        assert "tapped the cursor" in ways, ways
        assert ways & {"tapped a cell, then Place", "tapped cells on the way, then Place"}, ways
        page.wait_for(r"Winner on points|share the win|tie on")
        page.screenshot(tmp_path / "phone-end.png")
