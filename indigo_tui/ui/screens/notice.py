"""Something to read before going on: a few lines (a command to copy, say) and OK."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ..localise import Localised, Words, said
from ..widgets.footer import Footer


class NoticeScreen(Localised, ModalScreen[None]):
    """Shows ``text`` in a dialog wide enough for a command on a line of its
    own, until OK (enter or escape)."""

    AUTO_FOCUS = "#ok"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", N_("OK"))]

    def __init__(self, text: Words) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -wide"):
            # May name files and echo a peer's words: plain text, never markup.
            yield Static(said(self.text), id="notice-text", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("OK (enter)"), id="ok", variant="primary")
        # Its own footer: the one beneath belongs to the screen it covers, whose keys do nothing here.
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()


__all__ = ["NoticeScreen"]
