"""A bot that fails, on the game screen: one notice naming the seat and the
reason where the player looks (the status), the stand-in's move on the
board, and the game going on to the person's next turn."""

from __future__ import annotations

import pytest
from support.failing_bots import IllegalBot, RaisingBot

from indigo_tui.ui.screens.game import GameScreen

from .conftest import AppFactory, game_screen, new_game, session_of, until
from .sight import in_sight


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        (RaisingBot(), "greedy bot could not move (the bot's own bug); Greedy bot played this move instead."),
        (IllegalBot(), "greedy bot chose a move the rules refuse ("),
    ],
    ids=["raises", "illegal"],
)
async def test_a_failing_bot_is_said_and_its_stand_in_moves(
    make_app: AppFactory, bot: object, said: str
) -> None:
    app = make_app(new_game())
    app.bot_delay = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        session = session_of(app)
        session.bots[1] = bot  # type: ignore[assignment]
        await pilot.press("enter")
        screen = game_screen(app)
        await until(pilot, lambda: session.game.board.placements == 2 and screen.thinking is None)
        await pilot.pause()
        # The status says the stand-in's placement, and why it was the stand-in's, in sight.
        assert in_sight(app, "greedy bot placed at") is in_sight(app, said)
        # The game goes on: Ann's turn again, with a tile to place.
        assert session.game.turn == 0 and screen.held_move() is not None
        await pilot.press("enter")
        await until(pilot, lambda: session.game.board.placements == 4 and screen.thinking is None)


async def test_at_80x24_the_failure_is_whole_in_a_notification(make_app: AppFactory) -> None:
    """The compact status has room for four lines, not the whole notice: a
    notification shows it whole, beside the status's short form."""
    app = make_app(new_game())
    app.bot_delay = 0
    # (Pilot hides notifications unless asked to show them.)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        session = session_of(app)
        session.bots[1] = RaisingBot()
        await pilot.press("enter")
        screen = game_screen(app)
        await until(pilot, lambda: session.game.board.placements == 2 and screen.thinking is None)
        notice = "greedy bot could not move (the bot's own bug); Greedy bot played this move instead."

        def seen() -> bool:
            try:
                in_sight(app, notice)
            except AssertionError:
                return False
            return True

        await until(pilot, seen)
        assert session.game.turn == 0
