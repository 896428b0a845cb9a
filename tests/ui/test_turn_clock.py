"""The turn clock of a game at this terminal on the game screen: the seconds
left on the status, and the stand-in's move, said, when they are gone."""

from __future__ import annotations

import time
import types

import pytest
from textual.widgets import Input

from indigo_tui.net import clock as clock_module
from indigo_tui.ui.screens.setup import SetupScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import AppFactory, current, game_screen, new_game, notices, screen_text, until
from .sight import in_sight


async def test_the_clock_counts_down_and_the_stand_in_moves_when_it_runs_out(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(new_game(("human", "bot:greedy"), turn_time=3600.0))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        await until(pilot, lambda: "s left" in screen_text(app))
        in_sight(app, "s left")
        placed = screen.session.game.board.placements
        # The clock's time is past the deadline of this one turn (the app's own loop keeps real time).
        game = screen.session.game

        def later() -> float:
            return time.monotonic() + (7200.0 if game.board.placements == placed else 0.0)

        monkeypatch.setattr(clock_module, "time", types.SimpleNamespace(monotonic=later))
        said = notices(app, monkeypatch)
        await until(pilot, lambda: screen.session.game.board.placements >= placed + 2)
        assert "Your time ran out; a bot played this move for you." in said


async def test_the_setup_form_takes_a_turn_time_and_refuses_a_bad_one(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        form = current(app, SetupScreen)
        assert form.read().turn_time == 0.0
        field = form.query_one("#turn-time", Input)
        field.value = "3"
        form.action_start()
        await until(pilot, lambda: "Can't start: a turn time is 0" in screen_text(app))
        in_sight(app, "Can't start: a turn time is 0 (no clock) or 5 to 3600 seconds")
        field.value = "45"
        assert form.read().turn_time == 45.0
