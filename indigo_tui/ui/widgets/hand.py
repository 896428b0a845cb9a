"""The hand of the seat on screen: its tiles drawn large, as they would lie, the chosen one turned."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from ...engine.tiles import KIND_CODES
from ...i18n import _
from ...i18n.words import tile_description
from .. import palette
from ..board_art import roles as R
from ..board_art.glyphs import QUADRANT, Encoder
from ..board_art.picture import draw_tile, tile_art


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
        self.yours = False
        #: Characters (across, down) a tile may take.
        self.tile_box = (18, 9)
        self.encoder: Encoder = QUADRANT
        #: Narrow side panel: tile codes without their descriptions.
        self.compact = False
        self._spans: list[tuple[int, int]] = []

    def show(
        self,
        owner: str,
        tiles: tuple[int, ...],
        chosen: int,
        rotation: int,
        note: str = "",
        yours: bool = False,
    ) -> None:
        """``yours``: the hand's player is the one reading ("Your hand")."""
        new = (owner, tiles, chosen, rotation, note, yours)
        if new == (self.owner, self.tiles, self.chosen, self.rotation, self.note, self.yours):
            return  # moving the cursor must not cost a re-layout
        self.owner, self.tiles, self.chosen, self.rotation, self.note, self.yours = new
        self.refresh(layout=True)

    def render(self) -> Text:
        # No padding or border; .size would ask the screen for a layout.
        return self._text(self.outer_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Measured at the width it will be drawn at: in a narrow panel the words
        # stand beside the picture only where that width leaves room for them.
        return len(self._text(width).wrap(self.app.console, max(1, width)))

    def _text(self, room: int) -> Text:
        dark = self.app.current_theme.dark
        mono = bool(getattr(self.app, "no_color", False))
        text = Text()
        if not self.tiles:
            text.append(self.note or _("No hand to show."), style="italic")
            return text
        heading = _("Your hand") if self.yours else _("Hand of {name}").format(name=self.owner)
        if self.compact and room and len(heading) + (len(self.note) + 2 if self.note else 0) > room:
            # One line in a narrow panel: the name is cut rather than wrapped.
            heading = heading[: max(8, room - (len(self.note) + 2 if self.note else 0) - 1)] + "…"
        text.append(heading, style="bold")
        if self.note:
            text.append(f"  {self.note}", style="italic")
        text.append("\n")
        across, down = self.tile_box
        if len(self.tiles) > 1:
            across = max(6, (across - 3 * len(self.tiles)) // len(self.tiles))
        art = tile_art(across, down, self.encoder, mono)
        pictures = [
            draw_tile(
                kind, self.rotation if i == self.chosen else 0, art, R.HELD if i == self.chosen else R.PATH
            )
            for i, kind in enumerate(self.tiles)
        ]
        # In a narrow panel a lone tile's words stand beside its picture, in the
        # columns it leaves free (the picture at the panel's edge); otherwise under it.
        lone = self.compact and len(self.tiles) == 1
        margin = 0 if lone else 2
        self._spans = []
        col = 0
        for picture in pictures:
            self._spans.append((col, col + picture.cols + margin))
            col += picture.cols + margin + 1
        rows = max(p.rows for p in pictures)
        beside = self._words_beside(room - col - 1) if lone else []
        for row in range(max(rows, len(beside))):
            for i, picture in enumerate(pictures):
                marker = "▶ " if i == self.chosen and row == rows // 2 and len(pictures) > 1 else "  "
                text.append(marker[:margin], style="bold")
                if row < picture.rows:
                    for chunk, fg, bg, bold in picture.line(row):
                        text.append(chunk, style=palette.style(fg, bg, bold, dark))
                else:
                    text.append(" " * picture.cols)
                text.append(" ")
            if row < len(beside):
                text.append(beside[row], style="bold" if row == 0 else "")
            text.append("\n")
        if beside:
            return text
        for i, kind in enumerate(self.tiles):
            mark = "▶" if i == self.chosen else " "
            code = KIND_CODES[kind]
            if self.compact and i != self.chosen:
                line = f"{i + 1}: {code}"
            else:
                line = _("{number}: {code} {description}").format(
                    number=i + 1, code=code, description=tile_description(kind)
                )
            text.append(f"{mark}{self._turned(i, line)}\n")
        return text

    def _turned(self, index: int, line: str) -> str:
        if index == self.chosen and self.rotation:
            # translators: the chosen tile's line in the hand, turned {steps} sixth-turns clockwise
            return _("{tile}, turned {steps}").format(tile=line, steps=self.rotation)
        return line

    def _words_beside(self, width: int) -> list[str]:
        """The lone tile's number, code, paths in words and turn, in lines of ``width``."""
        kind = self.tiles[0]
        lines = [self._turned(0, f"▶1: {KIND_CODES[kind]}"), tile_description(kind)]
        if max(len(word) for text in lines for word in text.split()) > width:
            return []  # a word would be cut: the words go under the picture
        return [line for text in lines for line in textwrap.wrap(text, width)]

    def on_click(self, event: events.Click) -> None:
        if not self.tiles:
            return
        index = self.chosen
        for i, (start, end) in enumerate(self._spans):
            if start <= event.x < end:
                index = i
        event.stop()
        self.post_message(self.TileClicked(index))
