"""The Stats screen, from the title: your record, rating and chart, read off
the screen at every size, with a broken file in the folder."""

from __future__ import annotations

from pathlib import Path

from support.played import play_folder

from indigo_tui.records.chart import MARK
from indigo_tui.ui.screens.stats import StatsScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import AppFactory, current, resize, screen_text, until
from .sight import seen_at_every_size


async def test_the_stats_screen_shows_the_record_the_rating_and_the_chart(
    make_app: AppFactory, save_dir: Path
) -> None:
    played = play_folder(save_dir, "greedy", ["random", "greedy"], 12, "screen")
    (save_dir / "broken.indigo").write_bytes(b'{"format": "indigo-save", "version": 1, "header": {')
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        current(app, TitleScreen).action_pick("stats")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        screen = current(app, StatsScreen)
        await until(pilot, lambda: screen.summary is not None)
        won, even, lost = played.counts("random")
        row = f"Random bot {won + even + lost} {won} {even} {lost}"
        shown = ["Your games and rating", "12 finished games.", "broken.indigo", row, "All games", "95% sure"]
        await seen_at_every_size(app, pilot, shown)
        # The chart, whole, where there is room for it (at 80x24 the screen scrolls to it).
        await seen_at_every_size(
            app, pilot, ["Your rating after each game", "Greedy bot"], ((120, 40), (200, 60))
        )
        text = screen_text(app)
        chart = text[text.index("Your rating after each game") :]
        assert MARK in chart and "└" in chart and "The scale:" in chart
        # No line of the chart wraps, at any size (one ends with its bot's name).
        for size in ((80, 24), (120, 40)):
            await resize(pilot, *size)
            await until(pilot, lambda: "Greedy bot" in screen_text(app))
            rows = [row for row in screen_text(app).splitlines() if "┤" in row]
            assert rows and all(
                row.rstrip(" ▁▂▃▄▅▆▇█▏▕").endswith(("┤", "│", "●", "┄", "bot")) for row in rows
            )
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
