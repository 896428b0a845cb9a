"""Save the game in another folder: a folder typed, tried at once, and the
reason said here (not a word lost) when it cannot be."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from ...i18n import N_, _
from ...saves import SaveError, shown_path
from ...table.base import Table, TableRefusal
from ..localise import Localised
from ..requests import SavesMoved
from ..widgets.footer import Footer


class SaveElsewhereScreen(Localised, ModalScreen[bool]):
    """Dismissed with True once the game is saved in the folder typed; escape
    leaves it as it was (False)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="elsewhere-box"):
            yield Label(_("Save this game in the folder:"))
            yield Input(placeholder=_("a folder, e.g. ~/indigo-saves"), id="folder")
            # The reason a folder would not do: a path typed, said as plain text.
            yield Static("", id="elsewhere-problem", markup=False)
            yield Label(_("enter saves (the folder is made if need be), escape cancels"), classes="hint")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        problem = self.query_one("#elsewhere-problem", Static)
        typed = event.value.strip()
        if not typed:
            problem.update(_("Type the folder to save the game in."))
            return
        try:
            path = self.table.save_elsewhere(Path(typed))
        except (SaveError, TableRefusal) as exc:
            detail = exc.detail if isinstance(exc, SaveError) else str(exc)
            problem.update(
                _("Not saved in {folder}: {reason}. Try another folder.").format(folder=typed, reason=detail)
            )
            return
        self.notify(
            _("Saved in {path}; saved there after every move.").format(path=shown_path(path)), markup=False
        )
        # The app's save folder follows (the title's Continue, the Load list).
        self.post_message(SavesMoved(path.parent))
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
