"""A newcomer's first minutes at 80x24: every form and its Start button on
screen, the whole footer, an empty legal cell under the cursor at each turn,
names that tell seats apart, empty checkboxes that look empty, and the
palette's screenshot saved somewhere that exists."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Select

from indigo_tui.engine.board import EMPTY
from indigo_tui.saves import default_seat_names, seats_from_kinds
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.host_setup import HostSetupScreen
from indigo_tui.ui.screens.setup import SetupScreen
from indigo_tui.ui.widgets.hand import HandView
from indigo_tui.ui.widgets.text_panel import TextPanel

from .conftest import (
    AppFactory,
    advance,
    footer_keys,
    footer_settled,
    game_screen,
    new_game,
    notices,
    screen_text,
    until,
)


def on_screen(screen: Screen[Any], widget: Widget) -> bool:
    """Whether all of ``widget`` is drawn inside the terminal (not scrolled or cut away)."""
    region = widget.region
    return bool(region) and screen.region.contains_region(region)


#: Each form as the title opens it (the host's is told where the game is saved), and its primary button.
FORMS = [
    pytest.param(lambda folder: SetupScreen(), "#start", id="SetupScreen-#start"),
    pytest.param(HostSetupScreen, "#open", id="HostSetupScreen-#open"),
]


@pytest.mark.parametrize(("form", "primary"), FORMS)
async def test_a_four_seat_form_fits_80x24(
    make_app: AppFactory, save_dir: Path, form: Callable[[Path], Screen[None]], primary: str
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = form(save_dir)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen)
        await pilot.pause()  # composed and mounted
        screen.query_one("#players", Select).value = 4
        await until(pilot, lambda: bool(screen.query_one("#seat-row-3").display))
        await pilot.pause()
        assert on_screen(screen, screen.query_one(primary, Button))
        for row in range(4):
            assert on_screen(screen, screen.query_one(f"#seat-row-{row}"))
        for box in screen.query(Checkbox):
            assert on_screen(screen, box), box.label
        text = screen_text(app)
        assert "Own gates only (3 players)" in text
        if isinstance(screen, SetupScreen):
            assert "Open scores (everyone sees all gems)" in text


async def test_the_game_footer_shows_every_key_at_80x24(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and footer_settled(app))
        await pilot.pause()
        keys = footer_keys(app)
        # Rotate, Place, Undo, Help, Menu, Quit and the palette (redo and save-as
        # leave the compact footer to make room for longer German and French words).
        assert len(keys) >= 7
        for key in keys:
            assert on_screen(app.screen, key)
        bottom = screen_text(app)
        assert "Quit" in bottom and "Menu" in bottom


async def test_each_turn_opens_on_an_empty_cell_the_tile_may_take(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        screen = game_screen(app)
        session = app.session
        assert session is not None
        for _ in range(6):
            placed = session.game.board.placements
            await pilot.press("enter")  # a legal cell, so the tile goes down and the bot answers
            await app.workers.wait_for_complete()

            def answered(placed: int = placed) -> bool:
                return session.game.board.placements == placed + 2

            await until(pilot, answered)
            await pilot.pause()
            move = screen.held_move()
            assert move is not None
            assert session.game.board.tiles[move.cell] == EMPTY, "the cursor is on an empty cell"
            assert session.game.is_legal(move), "and the held tile, as turned, may go there"
            assert "Can't place" not in screen_text(app)


async def test_the_cursor_moves_off_a_cell_that_filled_up(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        screen = game_screen(app)
        session = app.session
        assert session is not None
        advance(app, 10, seed=2)
        screen.cursor = session.game.moves[-1][1].cell  # the tile just placed
        screen.next_turn()
        await pilot.pause()
        move = screen.held_move()
        assert move is not None and session.game.is_legal(move)


def test_default_names_tell_seats_apart() -> None:
    assert default_seat_names(["human", "bot:greedy"]) == ["You", "Greedy bot"]
    assert default_seat_names(["human", "bot:greedy", "bot:greedy", "bot:random"]) == [
        "You",
        "Greedy bot 1",
        "Greedy bot 2",
        "Random bot",
    ]
    assert default_seat_names(["human", "human"]) == ["Player 1", "Player 2"]
    # `indigo play` names seats the same way, and keeps names it is given.
    assert [s.name for s in seats_from_kinds(["human", "bot:greedy"], [])] == ["You", "Greedy bot"]
    assert [s.name for s in seats_from_kinds(["human", "bot:greedy"], ["Ann"])] == ["Ann", "Greedy bot"]


async def test_the_setup_form_names_seats_like_the_command_line(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen())
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert screen.query_one("#name-1", Input).placeholder == "Greedy bot 1"
        new = screen.read()
        assert [s.name for s in new.seats] == ["You", "Greedy bot 1", "Greedy bot 2"]


async def test_an_unticked_box_shows_no_mark(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen())
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        box = app.screen.query_one("#open-scores", Checkbox)
        off = box.get_component_rich_style("toggle--button")
        assert off.color == off.bgcolor, "the X is drawn in its background's colour"
        box.value = True
        await pilot.pause()
        on = box.get_component_rich_style("toggle--button")
        assert on.color != on.bgcolor


async def test_the_palette_screenshot_goes_to_the_save_folder_without_downloads(
    make_app: AppFactory, save_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: tmp_path / "no-such-folder")
    app = make_app()
    said = notices(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screenshot_folder() == save_dir
        app.take_screenshot()
        await until(pilot, lambda: any(save_dir.glob("*.svg")))
        await pilot.pause()
        assert any(str(save_dir) in message for message in said)


async def test_a_long_status_leaves_the_hand_whole_at_80x24(make_app: AppFactory) -> None:
    """A long message (a save error's reason, say) makes the status long: the
    compact panel shows whose move and the tile count in a line each, then the
    message's first lines ending in "…", and the hand below it keeps its
    heading, on one line, and its tile."""
    app = make_app(new_game(rounds=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        screen = game_screen(app)
        screen.message = (
            "Hint: 223 at (2,1) (cursor and rotation set). Expected final points: you 6.4, greedy bot 5.6."
        )
        screen.refresh_status()
        await pilot.pause()
        status = screen.query_one("#status", TextPanel)
        hand = screen.query_one("#hand", HandView)
        assert status.region.height == 4
        assert on_screen(screen, hand)
        shown = str(status.render()).splitlines()
        assert len(shown) == 4
        assert shown[0] == "Ann: your move."
        assert re.fullmatch(r"\d+ tiles( left)? · round 1/3", shown[1]), shown
        assert shown[2].startswith("Hint: 223 at (2,1)")
        assert shown[-1].endswith("…")
        heading = str(hand.render()).splitlines()[0]
        assert heading == "Hand of Ann"
