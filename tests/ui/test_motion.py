"""Moves a person can follow: a bot's tile seen arriving and each gem's
travel over several frames, the last move still marked afterwards, none of it
with the animation off; and the notice that it is one's turn again.

The frames are stepped on by the test itself (a pace of minutes a tile, so
that the animation's own timer never ticks during the test): what each frame
shows is read off the screen, with no sleeping and no race with the clock."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from indigo_tui.ui.screens import game as game_module
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.settings import load_settings, update_settings
from indigo_tui.ui.widgets.board import BoardView

from .conftest import AppFactory, game_screen, new_game, session_of, until


def board_text(app: object, board: BoardView) -> str:
    """The characters the board draws now, line by line (what reaches the screen)."""
    return "\n".join(board.render_line(y).text for y in range(board.size.height))


async def frames_of_the_motion(app: object, board: BoardView) -> list[str]:
    """What the board shows at each frame of the motion now playing, to its end."""
    seen = []
    while board.animating:
        seen.append(board_text(app, board))
        board.next_frame()
    return seen


async def test_a_bots_move_and_the_gems_travel_over_several_frames(make_app: AppFactory) -> None:
    app = make_app(new_game())
    app.gem_animation = True
    app.tile_seconds = 600.0  # the test steps the frames on
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        board = game_screen(app).query_one(BoardView)
        session = session_of(app)
        # Ann's tile at the start cell touches the centre: an emerald travels.
        await pilot.press("enter")
        assert board.animating
        travel = await frames_of_the_motion(app, board)
        assert len(set(travel)) >= 4, "the emerald is seen on its way, frame after frame"
        # The bot's tile, once it has thought, is seen arriving (ringed, not, ringed).
        await until(pilot, lambda: board.animating and len(session.game.moves) == 2)
        bot_cell = session.game.moves[-1][1].cell
        arrival = await frames_of_the_motion(app, board)
        assert len(arrival) >= 4 and len(set(arrival)) >= 2
        after = board_text(app, board)
        assert arrival[0] != after, "the arriving tile is ringed"
        # Afterwards the bot's tile stays marked as the last move until Ann's next.
        assert game_screen(app).query_one(BoardView).marks.last_cell == bot_cell


async def test_with_the_animation_off_a_move_shows_at_once(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        screen = game_screen(app)
        await pilot.press("m")  # on, and remembered
        assert app.gem_animation and load_settings()[0].gem_animation
        await pilot.press("m")  # off again, and remembered
        assert not app.gem_animation and not load_settings()[0].gem_animation
        board = screen.query_one(BoardView)
        animated: list[bool] = []
        session = session_of(app)
        await pilot.press("enter")

        def bot_moved() -> bool:
            animated.append(board.animating)
            return len(session.game.moves) == 2 and session.human_to_move

        await until(pilot, bot_moved)
        assert not any(animated), "no frame of any motion"


@pytest.mark.parametrize("notice", ["bell", "flash"])
async def test_the_turn_notice_says_it_is_your_turn_again(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, notice: str
) -> None:
    monkeypatch.setattr(game_module, "NOTICE_AFTER", 0.0)  # any wait is a wait here
    app = make_app(new_game())
    rang: list[bool] = []
    monkeypatch.setattr(app, "bell", lambda: rang.append(True))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        screen = game_screen(app)
        assert app.turn_notice == "off"
        presses = {"bell": 1, "flash": 2}[notice]
        for _ in range(presses):
            await pilot.press("b")
        assert app.turn_notice == notice and load_settings()[0].turn_notice == notice
        session = session_of(app)
        await pilot.press("enter")
        await until(pilot, lambda: len(session.game.moves) == 2 and session.human_to_move)
        if notice == "bell":
            assert rang == [True]
        else:
            assert screen.has_class("-your-turn") and not rang


def test_the_motion_settings_are_remembered_and_a_bad_one_is_said(tmp_path: Path) -> None:
    assert update_settings(gem_animation=False, turn_notice="flash", lesson=3, folder=tmp_path) is None
    settings, notice = load_settings(tmp_path)
    assert (settings.gem_animation, settings.turn_notice, settings.lesson, notice) == (
        False,
        "flash",
        3,
        None,
    )
    (tmp_path / "settings.json").write_text(json.dumps({"turn_notice": "siren"}))
    settings, notice = load_settings(tmp_path)
    assert settings.turn_notice == "off" and notice is not None and "damaged" in notice
