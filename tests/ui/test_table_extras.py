"""Gem animation, the bots' thinking state, match rounds and the command palette."""

from __future__ import annotations

import re
import threading
import time

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from indigo_tui.bots.base import Bot
from indigo_tui.engine import Event, Move, SeatView
from indigo_tui.table.describe import move_lines
from indigo_tui.table.session import Session
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.title import TitleScreen
from indigo_tui.ui.widgets.board import BoardView
from indigo_tui.ui.widgets.scoreboard import Scoreboard

from .conftest import (
    AppFactory,
    current,
    finish_round,
    game_screen,
    new_game,
    resize,
    screen_text,
    session_of,
    tap,
    until,
)


async def test_gem_animation_runs_and_any_key_skips_it(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(new_game(("human", "human")))
    app.gem_animation = True
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "HandoffScreen")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        board = game_screen(app).query_one(BoardView)
        # An animation of minutes: "while it runs" is a state the test holds,
        # not the second a loaded machine may spend inside one key press.
        app.tile_seconds = 600.0
        # The start cell touches the centre, so placing there moves an emerald.
        await pilot.press("enter")
        assert board.animating
        await pilot.press("r")
        assert not board.animating


class HeldBot:
    """A bot that thinks until the test lets it answer: "while it thinks" is
    then a state the test holds, not a window it must catch in time."""

    name = "held"

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.answer = threading.Event()

    def choose(self, view: SeatView) -> Move:
        # Bounded, so a broken test cannot hang the suite.
        self.answer.wait(timeout=30)
        return self.bot.choose(view)


async def test_bot_shows_thinking_then_moves(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.session is not None and isinstance(app.screen, GameScreen))
        assert app.session is not None
        # The bot thinks until the test has seen it thinking (a bot pace of
        # 0.3 s was a window a loaded machine could miss).
        held = HeldBot(app.session.bots[1])
        app.session.bots[1] = held
        await pilot.press("enter")
        screen = game_screen(app)
        await until(pilot, lambda: screen.thinking == 1)
        await until(pilot, lambda: "is thinking" in str(screen.query_one("#status").render()))
        assert any(row[5] for row in screen.query_one(Scoreboard).rows)
        held.answer.set()
        await app.workers.wait_for_complete()
        await until(pilot, lambda: screen.thinking is None)
        assert app.session.game.board.placements == 2


async def test_undo_while_a_bot_thinks_discards_its_answer(make_app: AppFactory) -> None:
    app = make_app(new_game())
    app.bot_delay = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.session is not None and isinstance(app.screen, GameScreen))
        assert app.session is not None
        held = HeldBot(app.session.bots[1])
        app.session.bots[1] = held
        await pilot.press("enter")
        screen = game_screen(app)
        await until(pilot, lambda: screen.thinking == 1)
        await pilot.press("u")
        held.answer.set()  # the bot answers now, after the undo
        await app.workers.wait_for_complete()
        await pilot.pause(0.05)
        game = app.session.game
        assert game.board.placements == 0 and game.turn == 0
        assert screen.thinking is None


class QuickBot:
    """A bot that answers at once, and says when it has."""

    name = "timed"

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.answered = threading.Event()

    def choose(self, view: SeatView) -> Move:
        move = self.bot.choose(view)
        self.answered.set()
        return move


def timed_plays(session: Session, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """When each placement reaches the game from now on (the clock's time)."""
    played: list[float] = []
    play = session.play

    def timed(move: Move) -> list[Event]:
        played.append(time.monotonic())
        return play(move)

    monkeypatch.setattr(session, "play", timed)
    return played


async def ann_places_before_a_quick_bot(
    app: IndigoApp, pilot: Pilot[None], monkeypatch: pytest.MonkeyPatch
) -> tuple[Session, QuickBot, list[float]]:
    """The table with its bot answering at once (a QuickBot) and each
    placement timed; Ann places, and it is the bot's turn."""
    await until(pilot, lambda: app.session is not None and isinstance(app.screen, GameScreen))
    session = session_of(app)
    bot = QuickBot(session.bots[1])
    session.bots[1] = bot
    played = timed_plays(session, monkeypatch)
    await pilot.press("enter")
    return session, bot, played


async def test_a_bot_keeps_the_pace_then_moves(make_app: AppFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that answers at once is still shown thinking for the bot pace,
    counted from when it began to think; then its placement comes."""
    app = make_app(new_game())
    app.bot_delay = 0.5
    async with app.run_test(size=(120, 40)) as pilot:
        session, _bot, played = await ann_places_before_a_quick_bot(app, pilot, monkeypatch)
        screen = game_screen(app)
        await until(pilot, lambda: session.game.board.placements == 2 and screen.thinking is None)
        # The pace runs from the bot's turn, which began after Ann's placement.
        # A lower bound only: a loaded machine may take longer, never shorter.
        assert len(played) == 2 and played[1] - played[0] >= 0.5
        assert "greedy bot placed at" in screen_text(app)


async def test_a_game_left_while_its_bot_keeps_the_pace_gets_no_move(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot has answered and waits for its pace (an hour): the table still
    says it thinks; leaving for the title ends the wait, and the answer never
    reaches the game."""
    app = make_app(new_game())
    app.bot_delay = 3600.0
    async with app.run_test(size=(120, 40)) as pilot:
        session, bot, played = await ann_places_before_a_quick_bot(app, pilot, monkeypatch)
        await until(pilot, bot.answered.is_set)
        await pilot.pause()
        assert "greedy bot is thinking" in screen_text(app)
        assert session.game.board.placements == 1
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        # The wait is cancelled with the table, not sat out.
        await until(pilot, lambda: not [worker for worker in app.workers if worker.group == "bots"])
        await pilot.pause()
        assert len(played) == 1 and session.game.board.placements == 1


async def test_a_match_goes_on_to_the_next_round(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "bot:random"), rounds=2, open_scores=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        finish_round(app)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        assert app.session is not None and app.session.match.can_start_next_round
        await pilot.press("n")
        await until(
            pilot,
            lambda: (
                isinstance(app.screen, (GameScreen, EndScreen))
                and app.session is not None
                and app.session.match.round_index == 1
            ),
        )
        assert app.session.match.round_index == 1


async def test_command_palette_offers_the_game_actions(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for wanted in ("Place tile", "Rotate tile", "Undo", "Redo", "Save as", "Game help"):
            assert wanted in titles
        undo = next(c for c in app.get_system_commands(app.screen) if c.title == "Rotate tile")
        undo.callback()
        assert game_screen(app).rotation == 1


@pytest.mark.slow
async def test_a_storm_of_keys_and_resizes_never_breaks_the_table(make_app: AppFactory) -> None:
    import random

    app = make_app(new_game(("human", "bot:random"), variant="tactical"))
    keys = [*"wedxzarR12u y.,+-", "tab", "enter", "left", "right", "up", "down"]
    rng = random.Random(5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # Each key as soon as the screen has taken the one before (tap), not
        # after the whole process has gone idle: a storm, with the bot's moves
        # landing between keys as they come.
        for step in range(120):
            if step % 30 == 29:
                await resize(pilot, *rng.choice([(80, 24), (120, 40), (50, 16), (160, 50)]))
            await tap(pilot, rng.choice(keys).replace(" ", "space"))
            if not isinstance(app.screen, GameScreen):
                break  # the round ended: the end screen is up
        await app.workers.wait_for_complete()
        await pilot.pause()
        game = session_of(app).game
        assert game.board.placements > 0
        assert app.return_code is None  # still running, no crash
        # What the screen shows agrees with the game: the board drawn is the
        # game's position, and the move log numbers every placement once, 1 to n.
        table = game_screen(app)
        assert table.query_one(BoardView).board.tiles == game.board.tiles
        logged = [line.text for line in table.query_one("#log", RichLog).lines]
        numbers = [int(m.group(1)) for line in logged if (m := re.match(r"(\d+)\. ", line))]
        assert numbers == list(range(1, game.board.placements + 1))
        # The same words as the game's log in words (the panel wraps long lines).
        expected = move_lines(game.log, session_of(app).name)
        assert "".join(logged).replace(" ", "") == "".join(expected).replace(" ", "")


async def test_escape_to_the_title_and_continue_in_the_same_app(make_app: AppFactory) -> None:

    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await until(pilot, lambda: app.session is not None and app.session.game.board.placements == 2)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await app.workers.wait_for_complete()  # the title scans the save folder in a worker
        await pilot.pause()
        current(app, TitleScreen).action_pick("continue")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        await pilot.pause()
        assert app.session is not None and app.session.game.board.placements == 2
