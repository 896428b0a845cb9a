"""Hints: the search bot's suggestion from the seat's own view, counted in the save."""

from __future__ import annotations

from pathlib import Path

import pytest

from indigo_tui.bots.review import Reviewer
from indigo_tui.saves import list_saves, load_save
from indigo_tui.table.session import Session
from indigo_tui.ui.screens.end import EndScreen

from .conftest import AppFactory, game_screen, new_game, screen_text, until


async def test_a_hint_sets_cursor_and_rotation_and_is_counted(make_app: AppFactory, save_dir: Path) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        session = app.session
        assert session is not None
        view = session.game.view(0)
        expected_move, _ = Reviewer().suggest(view.detached())
        await pilot.press("h")
        await until(pilot, lambda: not screen.hinting)
        assert (screen.cursor, screen.rotation) == (expected_move.cell, expected_move.rotation)
        assert screen.held_move() == expected_move
        assert "Hint:" in screen.message and "Expected final points: you" in screen.message
        assert session.hints == [1, 0]
        # The placement plays it, and the save (written once a move is made) counts it.
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.game.moves[0] == (0, expected_move)
        header = list_saves(save_dir)[0].header
        assert header is not None and header.meta["hints"] == "1,0"


async def test_no_hint_for_a_bots_move(make_app: AppFactory) -> None:
    app = make_app(new_game(("bot:greedy", "human")))
    app.bot_delay = 30.0  # the bot's move stays pending while the key is pressed
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        session = app.session
        assert session is not None and session.game.turn == 0
        await pilot.press("h")
        assert screen.message == "A hint is for your own move." and session.hints == [0, 0]
        assert not screen.hinting


def test_old_saves_and_odd_meta_read_as_no_hints(tmp_path: Path) -> None:
    from indigo_tui.engine import Match, Setup
    from indigo_tui.saves import SeatInfo, make_header, write_save

    match = Match(Setup(2), seed=1)
    path = tmp_path / "old.indigo"
    seats = [SeatInfo("Ann"), SeatInfo("Bob")]
    write_save(path, make_header(match, seats), match)
    assert Session.resume(load_save(path), tmp_path).hints == [0, 0]
    for odd in ("1", "a,b", "1,2,3", "-1,2"):
        write_save(path, make_header(match, seats, meta={"hints": odd}), match)
        assert Session.resume(load_save(path), tmp_path).hints == [0, 0]
    write_save(path, make_header(match, seats, meta={"hints": "2,5"}), match)
    assert Session.resume(load_save(path), tmp_path).hints == [2, 5]


@pytest.mark.slow
async def test_the_end_screen_shows_hints_used_and_offers_review(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "human")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        session.meta["hints"] = "3,0"
        game = session.game
        while not game.over:
            session.play(game.legal_moves[0])
        game_screen(app).next_turn()
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Hints used: Ann 3, Bob 0" in text
        assert "Review (v)" in text
        await pilot.press("v")
        from indigo_tui.ui.screens.review import ReviewScreen

        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("s", "escape")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
