"""Pass the terminal: nothing private shows until the next player says they are there."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ..localise import Localised
from ..widgets.footer import Footer


class HandoffScreen(Localised, Screen[None]):
    """Covers the whole table: hands and gems stay hidden behind it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", N_("I am here")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield Static(_("Pass the terminal"), classes="title")
            # Names are shown as typed, never read as markup.
            yield Static(
                _("It is {name}'s turn.\nEveryone else, look away.").format(name=self.player),
                classes="message",
                markup=False,
            )
            with Center():
                yield Button(
                    Text(_("I am {name}: show my tiles").format(name=self.player)),
                    id="ready",
                    variant="primary",
                )
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
