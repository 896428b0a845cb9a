"""The Rules screen's legend of the tiles: a picture of each of the five
path-tile kinds as the board draws it, with its code, its paths in words and
how many of it the box holds."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ...engine.tiles import COUNTS, KIND_CODES
from ...i18n import ngettext
from ...i18n.words import tile_description
from .. import palette
from ..board_art import roles as R
from ..board_art.glyphs import QUADRANT
from ..board_art.picture import draw_tile, tile_art

#: Characters (across, down) each tile's picture takes.
TILE_BOX = (14, 6)
#: Columns each tile takes in the legend, its words wrapped under the picture.
COLUMN = 18


class TileLegend(Widget):
    """Every path-tile kind, drawn, in as many rows as the width needs."""

    DEFAULT_CSS = """
    TileLegend { height: auto; width: 1fr; }
    """

    def render(self) -> Text:
        return self._text(self.size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._text(width).split())

    def _text(self, width: int) -> Text:
        dark = self.app.current_theme.dark
        mono = bool(getattr(self.app, "no_color", False))
        art = tile_art(*TILE_BOX, QUADRANT, mono)
        per_row = max(1, width // COLUMN)
        text = Text()
        kinds = list(range(len(KIND_CODES)))
        for start in range(0, len(kinds), per_row):
            row_kinds = kinds[start : start + per_row]
            pictures = [draw_tile(kind, 0, art, R.PATH) for kind in row_kinds]
            for line in range(max(p.rows for p in pictures)):
                for picture in pictures:
                    if line < picture.rows:
                        for chunk, fg, bg, bold in picture.line(line):
                            text.append(chunk, style=palette.style(fg, bg, bold, dark))
                    else:
                        text.append(" " * picture.cols)
                    text.append(" " * (COLUMN - picture.cols))
                text.append("\n")
            words = [self._words(kind) for kind in row_kinds]
            for line in range(max(len(w) for w in words)):
                for lines in words:
                    part = lines[line] if line < len(lines) else ""
                    text.append(part.ljust(COLUMN), style="bold" if line == 0 else "")
                text.append("\n")
            text.append("\n")
        return text

    @staticmethod
    def _words(kind: int) -> list[str]:
        """The tile's code, its paths in words and how many the box holds, in lines of a column."""
        import textwrap

        count = COUNTS[kind]
        lines = [KIND_CODES[kind]]
        lines += textwrap.wrap(tile_description(kind), COLUMN - 2)
        lines.append(ngettext("{count} in the box", "{count} in the box", count).format(count=count))
        return lines


__all__ = ["TileLegend"]
