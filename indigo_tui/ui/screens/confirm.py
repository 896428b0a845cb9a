"""A yes-or-no question."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from ...i18n import N_, _
from ..localise import Localised, Words, said
from ..widgets.footer import Footer


class ConfirmScreen(Localised, ModalScreen[bool]):
    """Asks; the answer comes back through ``dismiss``. No has the focus, so
    a stray enter never says yes to something that cannot be undone."""

    AUTO_FOCUS = "#no"
    BINDINGS: ClassVar[list[BindingType]] = [
        # The keys stay y and n in every language (as the buttons say).
        Binding("escape,n", "answer(False)", N_("No")),
        Binding("y", "answer(True)", N_("Yes")),
    ]

    def __init__(self, question: Words, *, wide: bool = False) -> None:
        super().__init__()
        self.question = question
        #: Wider than the usual dialog: the question holds a command to copy.
        self.wide = wide

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -wide" if self.wide else "dialog"):
            # Questions name players, whose names may come from the network or a file.
            yield Label(said(self.question), markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Yes (y)"), id="yes", variant="error")
                yield Button(_("No (n)"), id="no", variant="primary")
        # Its own footer: the one beneath belongs to the screen it covers, whose keys do nothing here.
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
