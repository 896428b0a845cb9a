"""A guest's game stopped before its end: what happened, and how it goes on."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ..localise import Localised
from ..widgets.footer import Footer


def stopped_text(reason: str, resume_file: str, address: str) -> str:
    """Why the game stopped and how it comes back, in words: the host takes it
    up again from its save, then this seat joins again."""
    return "\n".join(
        [
            _("The game has stopped: {reason}.").format(reason=reason),
            "",
            _("Nothing is lost: the host's terminal saved every move. To go on, the host runs"),
            f"  indigo host --resume {resume_file}",
            _("(the file is in the net folder of the host's save folder), and then you join again:"),
            _("j here, Join game on the title screen, or"),
            f"  indigo join {address} --rejoin",
        ]
    )


class StoppedScreen(Localised, ModalScreen[str | None]):
    """Says that the game stopped and how it comes back; the answer is what
    to do now: ``"join"`` (join again), None (the board), ``"title"``."""

    AUTO_FOCUS = "#join"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "answer('join')", N_("Join again")),
        Binding("b", "answer(None)", N_("Back to board")),
        Binding("escape", "answer('title')", N_("Title screen")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, reason: str, resume_file: str, address: str) -> None:
        super().__init__()
        self.reason = reason
        self.resume_file = resume_file
        self.address = address

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -wide", id="stopped-box"):
            # The reason may echo the host's words: plain text, never markup.
            yield Static(
                stopped_text(self.reason, self.resume_file, self.address), id="stopped-text", markup=False
            )
            with Horizontal(classes="buttons"):
                yield Button(_("Join again (j)"), id="join", variant="primary")
                yield Button(_("Back to board (b)"), id="board")
                yield Button(_("Title screen (esc)"), id="title")
        # Its own footer: the one beneath belongs to the screen it covers, whose keys do nothing here.
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss({"join": "join", "board": None, "title": "title"}[event.button.id or "board"])

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)


__all__ = ["StoppedScreen", "stopped_text"]
