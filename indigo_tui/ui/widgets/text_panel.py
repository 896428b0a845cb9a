"""A few lines of text that change often (status, what-if) without re-laying out the screen."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class TextPanel(Widget):
    """Like ``Static``, but a new text of the same height only repaints this widget.

    ``Static.update`` always asks for a new layout of the whole screen, which
    costs more than drawing the board; the what-if panel changes on every
    cursor move, so it only asks for a layout when its number of lines does."""

    DEFAULT_CSS = """
    TextPanel { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""
        self._wrapped_lines = 0

    def set_text(self, text: str) -> None:
        if text == self.text:
            return
        self.text = text
        lines = self._line_count(text)
        self.refresh(layout=lines != self._wrapped_lines)
        self._wrapped_lines = lines

    def _line_count(self, text: str) -> int:
        width = max(1, self.content_region.width or self.size.width or 1)
        return sum(max(1, -(-len(line) // width)) for line in text.split("\n"))

    def on_resize(self) -> None:
        self._wrapped_lines = self._line_count(self.text)
        self.refresh(layout=True)

    def render(self) -> Text:
        return Text(self.text)
