"""Real games driven through the keyboard and the mouse."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from indigo_tui.engine.geometry import CENTRE, COORDS, INDEX
from indigo_tui.saves import list_saves
from indigo_tui.ui.board_art.cells import cell_char
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.widgets.board import START_CELL, BoardView
from indigo_tui.ui.widgets.hand import HandView

from .conftest import AppFactory, game_screen, new_game, screen_text, session_of, until


def _on_screen(board: BoardView, cell: int) -> tuple[int, int]:
    """Where a cell's centre is in the board widget."""
    assert board.art is not None
    col, row = cell_char(board.art, cell)
    return col + board._offset[0] - board._origin[0], row + board._offset[1] - board._origin[1]


async def test_keyboard_move_rotate_place_and_bot_reply(make_app: AppFactory, save_dir: Path) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.cursor == START_CELL
        await pilot.press("d")  # east
        q, r = COORDS[START_CELL]
        assert screen.cursor == INDEX[(q + 1, r)]
        await pilot.press("a", "r", "r", "R")
        assert screen.cursor == START_CELL and screen.rotation == 1
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        game = session_of(app).game
        assert game.moves[0][1].cell == START_CELL
        assert game.board.placements == 2, "the greedy bot answered in its worker"
        assert game.turn == 0
        saves = list_saves(save_dir)
        assert len(saves) == 1 and saves[0].header is not None and saves[0].header.placements == 2


async def test_mouse_click_moves_cursor_then_places(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "human")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "HandoffScreen")
        await pilot.press("enter")  # the hand-off screen for Ann
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        board = screen.query_one(BoardView)
        target = INDEX[(1, -1)]
        offset = _on_screen(board, target)
        await pilot.click(BoardView, offset=offset)
        assert screen.cursor == target
        assert session_of(app).game.board.placements == 0
        await pilot.click(BoardView, offset=offset)
        await pilot.pause()
        assert session_of(app).game.moves[0][1].cell == target


async def test_click_hand_rotates(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await pilot.click("#hand", offset=(4, 3))
        assert screen.rotation == 1


async def test_preview_and_illegal_reason(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        preview = str(screen.query_one("#preview").render())
        # The start cell touches the centre: its first emerald would move.
        assert "emerald would" in preview
        screen.cursor = CENTRE
        await pilot.pause()
        preview = str(screen.query_one("#preview").render())
        assert "Can't place here: that cell holds a treasure tile" in preview
        await pilot.press("enter")
        assert session_of(app).game.board.placements == 0


async def test_undo_goes_back_to_the_last_human_move_and_redo(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        game = session_of(app).game
        assert game.board.placements == 2
        await pilot.press("u")
        await pilot.pause()
        assert game.board.placements == 0 and game.turn == 0
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert game.board.placements == 2 and game.turn == 0


async def test_hot_seat_hides_the_other_hand(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "human")))
    async with app.run_test(size=(120, 40)) as pilot:
        # Each screen read once it is drawn (its own words on the screen): a
        # screen pushed or uncovered is drawn some steps later.
        await until(pilot, lambda: "It is Ann's turn" in screen_text(app))
        text = screen_text(app)
        assert "Hand of Ann" not in text and "Hand of Bob" not in text
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and "Hand of Ann" in screen_text(app))
        text = screen_text(app)
        assert "Hand of Ann" in text and "Hand of Bob" not in text
        assert "gems hidden" in text  # Bob's gems
        await pilot.press("enter")  # Ann places
        await until(pilot, lambda: "It is Bob's turn" in screen_text(app))
        text = screen_text(app)
        assert "Hand of Ann" not in text and "Hand of Bob" not in text
        # Even the table underneath has let go of Ann's hand.
        assert game_screen(app).query_one("#hand", HandView).tiles == ()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and "Hand of Bob" in screen_text(app))
        text = screen_text(app)
        assert "Hand of Bob" in text and "Hand of Ann" not in text


@pytest.mark.slow
async def test_bots_play_a_whole_game_to_the_end_screen(make_app: AppFactory) -> None:
    app = make_app(new_game(("bot:random", "bot:random")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Final result" in text
        game = session_of(app).game
        assert game.over
        winner = game.standings()[0]
        assert str(winner.points) in text


async def test_resize_to_80x24_stays_playable(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        big = screen.query_one(BoardView).hex_size
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.has_class("-compact")
        board = screen.query_one(BoardView)
        # Too small for the whole board: a zoomed view around the cursor, as
        # large as the whole board was at 120x40, that shows the cursor cell.
        assert board.zoomed and board.hex_size >= 14 and big >= 14
        assert board.cell_at(*_on_screen(board, screen.cursor)) == screen.cursor
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session_of(app).game.board.placements == 2


async def test_escape_leaves_to_title_and_continue_resumes(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        moves = session_of(app).game.moves
        assert len(moves) == 2
        assert isinstance(app.screen, GameScreen)
    # A fresh start of `indigo`: the title screen offers to continue exactly there.
    again = make_app()
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await again.workers.wait_for_complete()  # the save folder is scanned in a worker
        await pilot.pause()
        assert "Continue" in screen_text(again)
        menu = again.screen.query_one("#menu", OptionList)
        assert menu.has_focus and menu.highlighted_option is not None
        assert menu.highlighted_option.id == "continue", "enter takes up the game"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert session_of(again).game.moves == moves


async def test_arrow_keys_move_the_cursor_not_the_move_log(make_app: AppFactory) -> None:
    # The move log scrolls with the mouse; the arrow keys belong to the board,
    # as the help and the README say.
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        start = screen.cursor
        q, r = COORDS[start]
        await pilot.press("right")
        assert screen.cursor == INDEX[(q + 1, r)]
        await pilot.press("left")
        assert screen.cursor == start
        await pilot.press("down")
        assert COORDS[screen.cursor][1] == r + 1
        await pilot.press("up")
        assert COORDS[screen.cursor][1] == r
