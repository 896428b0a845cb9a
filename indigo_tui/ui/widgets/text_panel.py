"""A few lines of text that change often (status, what-if) without re-laying out the screen."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

#: What joins the parts of a line that may go on separate lines ("52 tiles left · move 3").
SEPARATOR = " · "


def pack(line: str, width: int) -> str:
    """``line``'s parts (joined by :data:`SEPARATOR`) in as few lines of
    ``width`` as they fit, broken only between parts: "bot pace 0.5s" is
    never split into "bot pace" and "0.5s". A part wider than a line is left
    to the word wrapping."""
    parts = line.split(SEPARATOR)
    rows: list[str] = []
    for index, part in enumerate(parts):
        # A line that goes on ends with " ·", which must fit as well.
        more = len(SEPARATOR.rstrip()) if index < len(parts) - 1 else 0
        if rows and cell_len(rows[-1] + SEPARATOR + part) + more <= width:
            rows[-1] += SEPARATOR + part
        else:
            if rows:
                rows[-1] += SEPARATOR.rstrip()
            rows.append(part)
    return "\n".join(rows)


class TextPanel(Widget):
    """Like ``Static``, but a new text of the same height only repaints this widget.

    ``Static.update`` always asks for a new layout of the whole screen, which
    costs more than drawing the board; the what-if panel changes on every
    cursor move, so it only asks for a layout when its number of lines does.

    With ``max_lines`` set, a text that wraps to more lines shows its first
    ``max_lines`` with the last one ending in "…": a long status on a small
    terminal must not push the hand below it out of the side panel."""

    DEFAULT_CSS = """
    TextPanel { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""
        self.max_lines: int | None = None
        self._wrapped_lines = 0

    def set_text(self, text: str) -> None:
        if text == self.text:
            return
        self.text = text
        lines = len(self._lines(self._width()))
        self.refresh(layout=lines != self._wrapped_lines)
        self._wrapped_lines = lines

    def set_max_lines(self, max_lines: int | None) -> None:
        if max_lines != self.max_lines:
            self.max_lines = max_lines
            self._wrapped_lines = len(self._lines(self._width()))
            self.refresh(layout=True)

    def _width(self) -> int:
        return max(1, self.content_region.width or self.size.width or 1)

    def _packed(self, width: int) -> str:
        return "\n".join(pack(line, width) for line in self.text.split("\n"))

    def _lines(self, width: int) -> list[Text]:
        """The text as the panel shows it at ``width``: a line of parts joined
        by " · " broken between parts, else wrapped at words as Rich wraps it,
        and cut to ``max_lines``."""
        if not self.is_attached:
            return [Text(line) for line in self.text.split("\n")]
        lines = list(Text(self._packed(width)).wrap(self.app.console, max(1, width)))
        for line in lines:
            line.rstrip()  # as Textual's own wrapping: no space left at a wrapped line's end
        if self.max_lines is not None and len(lines) > self.max_lines:
            lines = lines[: self.max_lines]
            last = lines[-1]
            # Room for the ellipsis that says there is more.
            last.truncate(max(0, width - 1))
            last.append("…")
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def on_resize(self) -> None:
        self._wrapped_lines = len(self._lines(self._width()))
        self.refresh(layout=True)

    def render(self) -> Text:
        if self.max_lines is None:
            # Broken between parts; Textual wraps the rest at words, as _lines() counts.
            return Text(self._packed(self._width()))
        return Text("\n").join(self._lines(self._width()))
