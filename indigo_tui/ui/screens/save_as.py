"""Ask for a name to save the game under."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ...i18n import N_, _
from ..localise import Localised
from ..widgets.footer import Footer


class SaveAsScreen(Localised, ModalScreen[str | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(_("Save this game as:"))
            yield Input(placeholder=_("a name, e.g. Sunday rematch"), id="title")
            yield Label(_("enter saves, escape cancels"), classes="hint")
        # Its own footer: the one beneath belongs to the screen it covers, whose keys do nothing here.
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
