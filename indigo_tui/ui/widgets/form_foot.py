"""The foot of a form: why it cannot go on, right above its buttons."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static


class FormFoot(Vertical):
    """A form's buttons, and above them the line that says why the form
    cannot go on ("Can't join: wrong join code", "Can't start: ..."), in
    red. Docked to the bottom of the form as one piece, so that both stay in
    view while the fields scroll, and the words are never drawn under the
    buttons (two widgets docked to one edge would lie on top of each other)."""

    def __init__(self, *buttons: Button, said: str = "") -> None:
        super().__init__()
        self._buttons = buttons
        self._said = said

    def compose(self) -> ComposeResult:
        # Words may echo a peer or what was typed: plain text, never markup.
        yield Static(self._said, id="setup-error", markup=False)
        with Horizontal(classes="buttons"):
            yield from self._buttons

    def say(self, text: str) -> None:
        """Show ``text`` (empty: nothing) above the buttons."""
        self._said = text
        # Not there yet while the foot is being composed (a form composed again
        # in another language, say): then it is composed with the words.
        for line in self.query("#setup-error").results(Static):
            line.update(text)


__all__ = ["FormFoot"]
