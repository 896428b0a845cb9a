"""The hand of the seat on screen: its tiles drawn as they would lie, the chosen one turned."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...engine.tiles import KIND_CODES, KIND_DESCRIPTIONS
from .. import palette
from ..render import draw_tile


class HandView(Widget):
    """Shows tiles side by side; a click on a tile chooses it, a click on the chosen one turns it."""

    DEFAULT_CSS = """
    HandView { height: auto; }
    """

    class TileClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tiles: tuple[int, ...] = ()
        self.chosen = 0
        self.rotation = 0
        self.owner = ""
        self.note = ""
        self.tile_size = 6.0
        #: Narrow side panel: tile codes without their descriptions.
        self.compact = False
        self._spans: list[tuple[int, int]] = []

    def show(self, owner: str, tiles: tuple[int, ...], chosen: int, rotation: int, note: str = "") -> None:
        new = (owner, tiles, chosen, rotation, note)
        if new == (self.owner, self.tiles, self.chosen, self.rotation, self.note):
            return  # moving the cursor must not cost a re-layout
        self.owner, self.tiles, self.chosen, self.rotation, self.note = new
        self.refresh(layout=True)

    def render(self) -> Text:
        dark = self.app.current_theme.dark
        text = Text()
        if not self.tiles:
            text.append(self.note or "No hand to show.", style="italic")
            return text
        text.append(f"Hand of {self.owner}", style="bold")
        if self.note:
            text.append(f"  {self.note}", style="italic")
        text.append("\n")
        canvases = [
            draw_tile(kind, self.rotation if i == self.chosen else 0, self.tile_size)
            for i, kind in enumerate(self.tiles)
        ]
        self._spans = []
        col = 0
        for canvas in canvases:
            self._spans.append((col, col + canvas.width + 2))
            col += canvas.width + 3
        rows = max(c.height for c in canvases)
        for row in range(rows):
            for i, canvas in enumerate(canvases):
                marker = "▶ " if i == self.chosen and row == rows // 2 else "  "
                text.append(marker, style="bold")
                if row < canvas.height:
                    for chunk, fg, bg, bold in canvas.lines()[row]:
                        text.append(chunk, style=palette.style(fg, bg, bold, dark))
                else:
                    text.append(" " * canvas.width)
                text.append(" ")
            text.append("\n")
        for i, kind in enumerate(self.tiles):
            mark = "▶" if i == self.chosen else " "
            description = "" if self.compact else f" {KIND_DESCRIPTIONS[kind]}"
            text.append(f"{mark}{i + 1}: {KIND_CODES[kind]}{description}\n")
        return text

    def on_click(self, event: events.Click) -> None:
        if not self.tiles:
            return
        index = self.chosen
        for i, (start, end) in enumerate(self._spans):
            if start <= event.x < end:
                index = i
        event.stop()
        self.post_message(self.TileClicked(index))
