"""The part of a setup form that both the local and the hosted game share."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Checkbox, Select


class SeatRowsScreen(Screen[None]):
    """A form with a ``#players`` select, four ``#seat-row-N`` rows and an
    ``#own-gates`` checkbox: it shows one row per player, and offers own gates
    only to three."""

    def on_mount(self) -> None:
        self._show_seats(2)

    def _show_seats(self, players: int) -> None:
        for seat in range(4):
            self.query_one(f"#seat-row-{seat}").display = seat < players
        self.query_one("#own-gates", Checkbox).disabled = players != 3

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)
