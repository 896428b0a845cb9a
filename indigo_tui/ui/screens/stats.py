"""The Stats screen: your finished games, won and lost against each bot level
and against people, your rating on the bot ladder's scale, and its chart.

Everything shown is made by :mod:`indigo_tui.records` (the same lines as
``indigo stats``); the save folder is read in a worker, off the screen's
loop, and every text is plain (names come from save files).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _
from ...records import Summary, summary_of
from ...records.chart import chart_lines
from ...records.report import chart_caption, headline, ladder_lines, notes, rating_line, table_lines
from ...saves import shown_path
from ..localise import Localised
from ..widgets.footer import Footer

#: The fewest and most lines the chart is drawn in: between them, what the
#: rest of the screen leaves (at 80x24 the screen scrolls to it).
_CHART_LINES = (6, 20)


class StatsScreen(Localised, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", N_("Back")),
        Binding("r", "reload", N_("Read again")),
    ]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.summary: Summary | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="stats-box"):
            # translators: the title of the Stats screen
            yield Static(_("Your games and rating"), id="stats-title")
            yield Static(
                _("Your games in {folder}").format(folder=shown_path(self.save_dir)),
                id="stats-folder",
                markup=False,
            )
            yield Static(_("Reading the save folder…"), id="stats-headline", markup=False)
            # What was not counted, where it is seen first: a file that cannot be read.
            yield Static("", id="stats-notes", markup=False)
            yield Static("", id="stats-table", markup=False)
            yield Static("", id="stats-rating", markup=False)
            yield Static("", id="stats-caption", markup=False)
            yield Static("", id="stats-chart", markup=False)
            yield Static("", id="stats-scale", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.action_reload()

    def action_reload(self) -> None:
        self.read_folder()

    @work(exclusive=True, group="stats")
    async def read_folder(self) -> None:
        # Every save is read whole (and replayed): not on the screen's loop.
        self.summary = await asyncio.to_thread(summary_of, self.save_dir)
        self.show()

    def show(self) -> None:
        summary = self.summary
        if summary is None:
            return
        self.query_one("#stats-headline", Static).update(headline(summary))
        table = self.query_one("#stats-table", Static)
        table.update("\n".join(table_lines(summary)) if summary.overall.games else "")
        table.display = bool(summary.overall.games)
        self.query_one("#stats-rating", Static).update(rating_line(summary))
        self.query_one("#stats-scale", Static).update("\n".join(ladder_lines()))
        said = notes(summary)
        shown = self.query_one("#stats-notes", Static)
        shown.update("\n".join(said))
        shown.display = bool(said)
        self.draw_chart()

    def draw_chart(self) -> None:
        summary = self.summary
        if summary is None:
            return
        box = self.query_one("#stats-box", VerticalScroll)
        # Room for the scroll bar too: a chart line that wrapped would be no chart.
        width = max(0, (box.content_region.width or self.size.width) - box.styles.scrollbar_size_vertical - 1)
        least, most = _CHART_LINES
        height = min(most, max(least, self.size.height - self._other_lines(summary, width)))
        lines = chart_lines(summary.history, width, height)
        chart = self.query_one("#stats-chart", Static)
        chart.update("\n".join(lines))
        caption = self.query_one("#stats-caption", Static)
        caption.update(chart_caption() if lines else "")
        chart.display = caption.display = bool(lines)

    def _other_lines(self, summary: Summary, width: int) -> int:
        """The lines the screen shows besides the chart, at ``width`` columns."""
        said = notes(summary)
        rating = -(-len(rating_line(summary)) // max(1, width))  # wrapped
        table = len(table_lines(summary)) + 1 if summary.overall.games else 0
        # The title, the folder, the headline, the notes, the table, the rating, the
        # caption, the scale (each after a blank line) and the footer.
        return 3 + (len(said) + 1 if said else 0) + table + rating + 1 + 2 + 2 + 1

    def on_resize(self, event: Resize) -> None:
        self.draw_chart()

    async def relocalise(self) -> None:
        """After a change of language: every line again in the new words."""
        self.query_one("#stats-title", Static).update(_("Your games and rating"))
        self.query_one("#stats-folder", Static).update(
            _("Your games in {folder}").format(folder=shown_path(self.save_dir))
        )
        if self.summary is None:
            self.query_one("#stats-headline", Static).update(_("Reading the save folder…"))
        self.show()
