"""The hand of the seat on screen: its tiles drawn large, as they would lie, the chosen one turned."""

from __future__ import annotations

from rich.text import Text
from textual import events
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
        #: Characters (across, down) a tile may take.
        self.tile_box = (18, 9)
        self.encoder: Encoder = QUADRANT
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
        mono = bool(getattr(self.app, "no_color", False))
        text = Text()
        if not self.tiles:
            text.append(self.note or _("No hand to show."), style="italic")
            return text
        heading = _("Hand of {name}").format(name=self.owner)
        room = self.outer_size.width  # no padding or border; .size would ask the screen for a layout
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
        self._spans = []
        col = 0
        for picture in pictures:
            self._spans.append((col, col + picture.cols + 2))
            col += picture.cols + 3
        rows = max(p.rows for p in pictures)
        for row in range(rows):
            for i, picture in enumerate(pictures):
                marker = "▶ " if i == self.chosen and row == rows // 2 and len(pictures) > 1 else "  "
                text.append(marker, style="bold")
                if row < picture.rows:
                    for chunk, fg, bg, bold in picture.line(row):
                        text.append(chunk, style=palette.style(fg, bg, bold, dark))
                else:
                    text.append(" " * picture.cols)
                text.append(" ")
            text.append("\n")
        for i, kind in enumerate(self.tiles):
            mark = "▶" if i == self.chosen else " "
            code = KIND_CODES[kind]
            if self.compact:
                line = f"{i + 1}: {code}"
            else:
                line = _("{number}: {code} {description}").format(
                    number=i + 1, code=code, description=tile_description(kind)
                )
            if i == self.chosen and self.rotation:
                # translators: the chosen tile's line in the hand, turned {steps} sixth-turns clockwise
                line = _("{tile}, turned {steps}").format(tile=line, steps=self.rotation)
            text.append(f"{mark}{line}\n")
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
