"""The chat of a network game: its lines beside the move log, and a line to type.

A line comes from a peer, so it is shown as plain text (a
:class:`rich.text.Text`, never markup), its speaker's name too; the peer's
notices have already cleaned both of control characters (net/chat.py).
Muted, the panel keeps counting the lines it does not show, and shows them
all again once unmuted. The field is only focused on the chat key, so the
board's keys stay the board's; Enter sends the line, Escape goes back to
the board. Styled by ``chat.tcss`` beside this file (the network table's
``CSS_PATH``)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, RichLog

from ...i18n import N_, _, ngettext
from ...net.chat import CHAT_LIMIT

#: Lines of chat kept for the panel (older ones go).
KEPT_LINES = 200


class ChatInput(Input):
    """The line being typed: Escape leaves it for the board (what is typed stays)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "board", N_("Back to the board"))]

    def action_board(self) -> None:
        self.screen.set_focus(None)


class ChatPanel(Vertical):
    """The chat's lines and the field to type one; see the module docstring."""

    class Said(Message):
        """The person typed a line and pressed Enter."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: Every line heard, speaker and words, muted or not (the newest last).
        self.lines: list[tuple[str, str]] = []
        self.muted = False
        #: Lines heard while muted.
        self.unheard = 0

    def compose(self) -> ComposeResult:
        lines = RichLog(id="chat-lines", wrap=True, markup=False, auto_scroll=True, min_width=10)
        # As the move log: scrolled with the mouse, never focused (the arrows are the board's).
        lines.can_focus = False
        yield lines
        yield ChatInput(id="chat-input", max_length=CHAT_LIMIT, compact=True)

    def on_mount(self) -> None:
        self.reword()

    def reword(self) -> None:
        """Its words in the current language."""
        field = self.query_one(ChatInput)
        field.placeholder = _("k: chat, Enter sends, Esc back")
        if self.muted:
            self.border_title = ngettext(
                "Chat muted ({count} new line)", "Chat muted ({count} new lines)", self.unheard
            ).format(count=self.unheard)
        else:
            # translators: the title over the chat's lines in a network game
            self.border_title = _("Chat")

    def add(self, speaker: str, line: str) -> None:
        """A line heard: shown, unless muted (then counted)."""
        self.lines.append((speaker, line))
        del self.lines[:-KEPT_LINES]
        if self.muted:
            self.unheard += 1
            self.reword()
            return
        self._write(speaker, line)

    def _write(self, speaker: str, line: str) -> None:
        # Plain text: whatever brackets a name or a line holds are its own characters.
        self.query_one(RichLog).write(Text.assemble((speaker, "bold"), ": ", line))

    def toggle_mute(self) -> bool:
        """Mute or unmute; whether it is muted now. Unmuted, every line kept is shown again."""
        self.muted = not self.muted
        log = self.query_one(RichLog)
        if self.muted:
            log.clear()
            self.unheard = 0
        else:
            for speaker, line in self.lines:
                self._write(speaker, line)
        self.reword()
        return self.muted

    def focus_field(self) -> None:
        self.query_one(ChatInput).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value
        event.input.value = ""
        self.screen.set_focus(None)
        if text.strip():
            self.post_message(self.Said(text))


__all__ = ["KEPT_LINES", "ChatInput", "ChatPanel"]
