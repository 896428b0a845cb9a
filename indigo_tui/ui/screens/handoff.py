"""Pass the terminal: nothing private shows until the next player says they are there."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static


class HandoffScreen(Screen[None]):
    """Covers the whole table: hands and gems stay hidden behind it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I am here"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield Static("Pass the terminal", classes="title")
            # Names are shown as typed, never read as markup.
            yield Static(
                f"It is {self.player}'s turn.\nEveryone else, look away.", classes="message", markup=False
            )
            with Center():
                yield Button(Text(f"I am {self.player}: show my tiles"), id="ready", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
