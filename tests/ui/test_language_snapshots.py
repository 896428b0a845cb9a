"""The title, setup, table and end screens at 80x24 in each of the four languages.

German and French run about a third longer than English: these pictures show
that every screen still fits an 80x24 terminal without cutting off a key
word or a binding. Regenerate with ``--snapshot-update`` when a catalog
changes, and look at each picture before committing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from indigo_tui.engine.geometry import INDEX
from indigo_tui.i18n import LANGUAGES, use_language
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.setup import SetupScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import advance, game_screen, new_game, until

SIZE = (80, 24)


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code: str = request.param
    use_language(code)
    yield code
    use_language("en")


def _title_app(save_dir: Path) -> IndigoApp:
    return IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)


def _game_app(save_dir: Path) -> IndigoApp:
    return IndigoApp(new_game=new_game(seed=8), save_dir=save_dir, animate=False, bot_delay=0.0)


async def _title(pilot: Any) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, TitleScreen))
    await pilot.pause()


async def _setup(pilot: Any) -> None:
    await _title(pilot)
    pilot.app.screen.action_pick("new")
    await until(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))
    await pilot.pause()


async def _game(pilot: Any) -> None:
    app = pilot.app
    await until(pilot, lambda: app.screen is game_screen(app) and app.screen.is_mounted)
    await pilot.pause()
    advance(app, 24, seed=4)
    screen = game_screen(app)
    screen.cursor = INDEX[(1, 1)]
    screen.rotation = 2
    screen.message = ""
    screen.refresh_all()
    await pilot.pause()


async def _end(pilot: Any) -> None:
    app = pilot.app
    await until(pilot, lambda: app.screen is game_screen(app) and app.screen.is_mounted)
    session = app.session
    rng = random.Random(4)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves))
    game_screen(app).next_turn()
    await until(pilot, lambda: isinstance(app.screen, EndScreen))
    await pilot.pause()


def test_title(snap_compare: Any, save_dir: Path, language: str) -> None:
    assert snap_compare(_title_app(save_dir), terminal_size=SIZE, run_before=_title)


def test_setup(snap_compare: Any, save_dir: Path, language: str) -> None:
    assert snap_compare(_title_app(save_dir), terminal_size=SIZE, run_before=_setup)


def test_game(snap_compare: Any, save_dir: Path, language: str) -> None:
    assert snap_compare(_game_app(save_dir), terminal_size=SIZE, run_before=_game)


def test_end(snap_compare: Any, save_dir: Path, language: str) -> None:
    assert snap_compare(_game_app(save_dir), terminal_size=SIZE, run_before=_end)
