"""A game that cannot be saved: said whole when it first happens, and asked
about before the game is left, with saving it in another folder as one answer."""

from __future__ import annotations

from typing import ClassVar, Literal

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from ...i18n import N_, _
from ...table.base import Table
from ..localise import Localised
from ..widgets.footer import Footer

#: What the player was doing when asked: leaving the app, going to the title
#: screen or to a new game; None for the notice of the first failure (whose
#: "quit anyway" quits the app).
Leaving = Literal["quit", "title", "new"] | None
#: The answer: "saved" (elsewhere: the game is safe), "leave" (anyway), or
#: None (back to the game, where nothing changed).
Answer = Literal["saved", "leave"] | None


def failure_words(reason: str, elsewhere: bool = True) -> str:
    """What a failed save means, and what to do about it, in full (saving
    elsewhere only where the table offers it)."""
    if not elsewhere:
        return _("This game could not be saved: {reason}. Its moves are kept only until you leave.").format(
            reason=reason
        )
    return _(
        "This game could not be saved: {reason}. Its moves are kept only until you leave. "
        "Free some space on that disk, or save it in another folder (f): it is then saved "
        "there after every move."
    ).format(reason=reason)


class UnsavedScreen(Localised, ModalScreen[Answer]):
    """The failure in full, and the choices: save elsewhere, leave anyway
    (when leaving), or back to the game. Back has the focus, so a stray Enter
    loses nothing."""

    AUTO_FOCUS = "#back"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "elsewhere", N_("Save elsewhere")),
        Binding("q", "leave", N_("Quit anyway")),
        Binding("escape", "back", N_("Back to the game")),
    ]

    def __init__(self, table: Table, leaving: Leaving = None) -> None:
        super().__init__()
        self.table = table
        self.leaving = leaving

    def compose(self) -> ComposeResult:
        reason = self.table.save_error or _("could not save")
        with Vertical(classes="dialog", id="unsaved-box"):
            # The reason may name a folder from the command line: plain text.
            elsewhere = self.table.offers_save_elsewhere
            yield Label(failure_words(reason, elsewhere), markup=False, id="unsaved-words")
            if self.leaving is not None:
                yield Label(_("If you leave now, the game is lost."), classes="warning")
            with Vertical(classes="choices"):
                if elsewhere:
                    yield Button(_("Save elsewhere (f)"), id="elsewhere", variant="primary", compact=True)
                if self.leaving in (None, "quit"):
                    yield Button(_("Quit anyway (q)"), id="leave", variant="error", compact=True)
                else:
                    yield Button(_("Leave anyway (q)"), id="leave", variant="error", compact=True)
                back = _("Back to the game (esc)") if self.leaving else _("Go on playing (esc)")
                yield Button(back, id="back", compact=True)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "elsewhere":
            self.action_elsewhere()
        elif event.button.id == "leave":
            self.action_leave()
        else:
            self.action_back()

    def action_elsewhere(self) -> None:
        from .save_elsewhere import SaveElsewhereScreen

        if not self.table.offers_save_elsewhere:
            return

        def done(saved: bool | None) -> None:
            if saved:
                self.dismiss("saved")

        # Escape in the form comes back to this question, still unanswered.
        self.app.push_screen(SaveElsewhereScreen(self.table), done)

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_back(self) -> None:
        self.dismiss(None)
