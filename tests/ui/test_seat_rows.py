"""The seat rows both setup forms share: one row per player, own gates only for three."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Checkbox, Select

from indigo_tui.ui.screens.host_setup import HostSetupScreen
from indigo_tui.ui.screens.setup import SetupScreen

from .conftest import AppFactory, until

#: Each form as the title opens it (the host's is told where the game is saved).
FORMS = [
    pytest.param(lambda folder: SetupScreen(), id="SetupScreen"),
    pytest.param(HostSetupScreen, id="HostSetupScreen"),
]


@pytest.mark.parametrize("form", FORMS)
async def test_the_players_select_shows_one_row_per_seat(
    make_app: AppFactory, save_dir: Path, form: Callable[[Path], Screen[None]]
) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = form(save_dir)
        app.push_screen(screen)
        await until(pilot, lambda: app.screen is screen)

        def shown() -> list[bool]:
            return [bool(screen.query_one(f"#seat-row-{seat}").display) for seat in range(4)]

        await pilot.pause()  # on_mount has run
        assert shown() == [True, True, False, False]
        assert screen.query_one("#own-gates", Checkbox).disabled
        screen.query_one("#players", Select).value = 3
        await until(pilot, lambda: shown() == [True, True, True, False])
        assert not screen.query_one("#own-gates", Checkbox).disabled
        screen.query_one("#players", Select).value = 4
        await until(pilot, lambda: shown() == [True, True, True, True])
        assert screen.query_one("#own-gates", Checkbox).disabled
