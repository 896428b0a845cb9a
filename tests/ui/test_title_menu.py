"""The title menu opens on its first entry every time, and its arrows stop at its ends."""

from __future__ import annotations

from textual.widgets import OptionList

from indigo_tui.engine.tiles import KIND_CODES
from indigo_tui.ui.screens.rules import RulesScreen
from indigo_tui.ui.screens.title import TitleScreen
from indigo_tui.ui.widgets.tile_legend import TileLegend

from .conftest import AppFactory, screen_text, until


async def test_the_menu_starts_on_its_first_entry_and_does_not_wrap(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.highlighted == 0
        # Past the last entry the highlight stays on Quit; past the first, on New game.
        await pilot.press(*["down"] * (menu.option_count + 3))
        assert menu.highlighted == menu.option_count - 1
        await pilot.press(*["up"] * (menu.option_count + 3))
        assert menu.highlighted == 0
        # Left on Rules and back: the menu opens on its first entry again.
        rules = [option.id for option in menu.options].index("rules")
        await pilot.press(*["down"] * rules, "enter")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        # The Rules end with a drawing of every path tile, named by its code
        # (below the words: scrolled to at the end).
        await pilot.press("end")
        await until(pilot, lambda: "three straights" in screen_text(app))
        legend = str(app.screen.query_one(TileLegend).render())
        assert all(code in legend for code in KIND_CODES), legend
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert app.screen.query_one("#menu", OptionList).highlighted == 0
