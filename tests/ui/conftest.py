"""Helpers for driving the app with Textual's Pilot."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from indigo_tui.engine import Setup
from indigo_tui.saves import SeatInfo
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.session import NewGame

AppFactory = Callable[..., IndigoApp]


def new_game(kinds: tuple[str, ...] = ("human", "bot:greedy"), **options: object) -> NewGame:
    names = {"human": ["Ann", "Bob", "Cat", "Dan"]}
    seats = [
        SeatInfo(names["human"][i] if kind == "human" else f"{kind[4:]} bot", kind)
        for i, kind in enumerate(kinds)
    ]
    setup = Setup(players=len(kinds), variant=str(options.pop("variant", "classic")))  # type: ignore[arg-type]
    return NewGame(setup, seats, seed=options.pop("seed", 3), **options)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app under test keeps its settings in its own folder and draws the
    board with quadrants, whatever terminal runs the tests."""
    monkeypatch.setenv("INDIGO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("INDIGO_BOARD_GLYPHS", "quadrant")


@pytest.fixture
def save_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def make_app(save_dir: Path) -> AppFactory:
    def make(game: NewGame | None = None, **options: object) -> IndigoApp:
        return IndigoApp(new_game=game, save_dir=save_dir, animate=False, bot_delay=0.0, **options)  # type: ignore[arg-type]

    return make


def game_screen(app: IndigoApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def advance(app: IndigoApp, moves: int, seed: int = 1) -> None:
    """Play ``moves`` random legal moves for whoever is to move (test set-up only)."""
    session = app.session
    assert session is not None
    rng = random.Random(seed)
    for _ in range(moves):
        session.play(rng.choice(session.game.legal_moves))


async def until(pilot: object, condition: Callable[[], bool], tries: int = 1000) -> None:
    """Let the app run until ``condition`` holds (bounded; fails loudly)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.01)  # type: ignore[attr-defined]
    raise AssertionError("the app never got there")
