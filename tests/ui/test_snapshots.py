"""Snapshots of the table at 80x24 (zoomed in), 120x40 and 200x60, in colour, without, and light.

Regenerate with ``pytest tests/ui/test_snapshots.py --snapshot-update`` and look
at the report before committing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from indigo_tui.engine.geometry import INDEX
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.game import GameScreen

from .conftest import advance, game_screen, new_game, until


def _app(save_dir: Path) -> IndigoApp:
    # One human against a bot, with the bot's moves made up front so nothing runs in a worker.
    return IndigoApp(new_game=new_game(seed=8), save_dir=save_dir, animate=False, bot_delay=0.0)


async def _midgame(pilot: Any, light: bool = False) -> None:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
    await pilot.pause()
    if light:
        app.theme = "textual-light"
    advance(app, 24, seed=4)
    screen = game_screen(app)
    screen.cursor = INDEX[(1, 1)]
    screen.rotation = 2
    screen.message = ""
    screen.refresh_all()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"])
def test_board_snapshot(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=size, run_before=_midgame)


def test_board_snapshot_without_colour(
    snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Textual reads NO_COLOR when the app is made, and paints in monochrome.
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_app(tmp_path), terminal_size=(120, 40), run_before=_midgame)


def test_board_snapshot_light_theme(snap_compare: Any, tmp_path: Path) -> None:
    async def light(pilot: Any) -> None:
        await _midgame(pilot, light=True)

    assert snap_compare(_app(tmp_path), terminal_size=(120, 40), run_before=light)


def test_compact_side_panel_with_a_long_status_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    """At 80x24 a long status ends in "…" after four lines and the hand stays whole below it."""

    async def long_status(pilot: Any) -> None:
        await _midgame(pilot)
        screen = game_screen(pilot.app)
        screen.message = (
            "Hint: 223 at (2,1) (cursor and rotation set). Expected final points: you 6.4, Greedy bot 5.6."
        )
        screen.refresh_status()
        await pilot.pause()

    assert snap_compare(_app(tmp_path), terminal_size=(80, 24), run_before=long_status)
