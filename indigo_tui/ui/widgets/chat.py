"""The chat of a network game: its lines beside the move log, and a line to type.

A line comes from a peer, so it is shown as plain text (a
:class:`rich.text.Text`, never markup), its speaker's name too; the peer's
notices have already cleaned both of control characters (net/chat.py).
Muted, the panel keeps counting the lines it does not show, and shows them
all again once unmuted. The field is only focused on the chat key, so the
board's keys stay the board's; Enter sends the line and the field stays
for the next, Escape goes back to the board. Styled by ``chat.tcss`` beside this file (the network table's
``CSS_PATH``)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.message import Message
from textual.widgets import Input, RichLog

from ...i18n import N_, _, ngettext
from ...net.chat import CHAT_LIMIT
from ..net_link import CHAT_KEPT

#: Lines of chat kept for the panel (older ones go): as many as the link keeps.
KEPT_LINES = CHAT_KEPT


def chat_line(speaker: str, line: str) -> Text:
    """A line of chat as the panel shows it: the words of the notice's own
    (``ChatSaid.text``, "{name} : {line}" in French), the name in bold. Plain
    text: whatever brackets a name or a line holds are its own characters."""
    # translators: a line of chat as shown: who said it, then what
    words = _("{name}: {line}")
    before, _name, rest = words.partition("{name}")
    between, _line, after = rest.partition("{line}")
    return Text.assemble(before, (speaker, "bold"), between, line, after)


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
        # As the move log: the latest line in sight at every layout (a resize, a status that grows).
        self.query_one(RichLog).anchor()
        # Lines heard before the panel was up (the table's chat so far).
        self._write_all()

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
        logs = self.query(RichLog)
        if logs:  # not before the panel is up, nor once it is taken down (the lines are kept)
            logs.first().write(chat_line(speaker, line))

    def _write_all(self) -> None:
        logs = self.query(RichLog)
        if not logs:
            return
        logs.first().clear()
        if not self.muted:
            for speaker, line in self.lines:
                self._write(speaker, line)

    def toggle_mute(self) -> bool:
        """Mute or unmute; whether it is muted now. Unmuted, every line kept is shown again."""
        self.muted = not self.muted
        self.unheard = 0
        self._write_all()
        self.reword()
        return self.muted

    def lines_in_sight(self) -> bool:
        """Whether at least two rows of the chat's lines are on the screen (at
        80x24 the side panel may leave it none)."""
        # What the screen draws at the panel's first two rows (a side panel that
        # overflows lays the chat out below the screen's last row, or under another).
        try:
            log = self.query_one(RichLog)
            region = log.region
            return region.height >= 2 and all(
                self.screen.get_widget_at(region.x, region.y + dy)[0] is log for dy in (0, 1)
            )
        except (NoWidget, NoMatches):
            return False

    def focus_field(self) -> None:
        self.query_one(ChatInput).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value
        event.input.value = ""
        # The field keeps the focus for the next line, as the placeholder says:
        # Escape goes back to the board. (Back at once, a habitual Escape after
        # Enter was the table's own: Leave.)
        if text.strip():
            self.post_message(self.Said(text))


__all__ = ["KEPT_LINES", "ChatInput", "ChatPanel", "chat_line"]
