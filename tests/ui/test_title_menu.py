"""The title menu opens on its first entry every time, and its arrows stop at its ends."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import OptionList

from indigo_tui.engine.tiles import KIND_CODES
from indigo_tui.ui.screens.rules import RulesScreen
from indigo_tui.ui.screens.title import TitleScreen
from indigo_tui.ui.widgets.tile_legend import TileLegend

from .conftest import AppFactory, screen_text, tap, until

#: Presses of an arrow past the menu's end, to see that the highlight stays there.
PAST_THE_END = 4


async def walk(pilot: Pilot[None], menu: OptionList, key: str, entries: range) -> None:
    """Press ``key`` once for each of ``entries`` (the highlight each press
    moves to, waited for), then :data:`PAST_THE_END` times more, the last of
    them with ``pilot.press``: once it has waited for the app to be idle, every
    key before it has been handled too (a menu that wrapped has moved on)."""
    for entry in entries:
        await tap(pilot, key)
        await until(pilot, lambda: menu.highlighted == entry)  # noqa: B023 (awaited here)
    for _ in range(PAST_THE_END - 1):
        await tap(pilot, key)
    await pilot.press(key)
    assert menu.highlighted == entries[-1], (key, menu.highlighted)


async def test_the_menu_starts_on_its_first_entry_and_does_not_wrap(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.highlighted == 0
        # Past the last entry the highlight stays on Quit; past the first, on New game.
        last = menu.option_count - 1
        await walk(pilot, menu, "down", range(1, last + 1))
        await walk(pilot, menu, "up", range(last - 1, -1, -1))
        # Left on Rules and back: the menu opens on its first entry again.
        rules = [option.id for option in menu.options].index("rules")
        for entry in range(1, rules + 1):
            await tap(pilot, "down")
            await until(pilot, lambda: menu.highlighted == entry)  # noqa: B023 (awaited here)
        await tap(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        # The Rules end with a drawing of every path tile, named by its code
        # (below the words: scrolled to at the end).
        await tap(pilot, "end")
        await until(pilot, lambda: "three straights" in screen_text(app))
        legend = str(app.screen.query_one(TileLegend).render())
        assert all(code in legend for code in KIND_CODES), legend
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert app.screen.query_one("#menu", OptionList).highlighted == 0
