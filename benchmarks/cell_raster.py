"""Pictures of the terminal as a terminal draws it: a Textual screen's cell
grid, rasterised cell by cell with DejaVu Sans Mono.

SVG screenshots leave the glyphs to whatever font the viewer has; these PNGs
fix the font and the cell size, so what they show is what a Linux terminal
with DejaVu Sans Mono shows. Per cell: the background rectangle, then the
foreground glyph. Block elements (half blocks, eighths, quadrants, shades,
sextants, and octants when this Python knows their names) are filled as
rectangles, the way VTE, kitty and most terminals draw them themselves; a
glyph DejaVu Sans Mono lacks comes from DejaVu Sans (as a terminal's font
fallback would), and one neither has is drawn as an empty box ("tofu").

A tool for ``benchmarks/``, not the game: it needs Pillow and fontTools
(``pip install indigo-tui[screenshots]``), which the game itself never imports.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from rich.text import Text

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
MONO = FONT_DIR / "DejaVuSansMono.ttf"
MONO_BOLD = FONT_DIR / "DejaVuSansMono-Bold.ttf"
FALLBACK = FONT_DIR / "DejaVuSans.ttf"

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Cell:
    """One terminal cell: its character (a wide one is followed by a
    continuation cell with ``char == ""``), colours and attributes."""

    char: str
    fg: RGB
    bg: RGB
    bold: bool = False
    underline: bool = False
    strike: bool = False


Grid = list[list[Cell]]


# -- the cell grid ---------------------------------------------------------------------


def screen_lines(app: Any) -> list[list[Segment]]:
    """The running app's current frame as lines of Rich segments.

    The same render Textual's own ``export_screenshot`` prints (the screen's
    compositor over the screens beneath it); Textual has no public call that
    returns it as segments, so the two private names it needs are used here
    and nowhere else.
    """
    width, height = app.size
    console = Console(width=width, height=height, color_system="truecolor", force_terminal=True)
    render = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return console.render_lines(render, console.options.update(width=width, height=height), pad=True)


def _rgb(colour: Any, theme: TerminalTheme, foreground: bool) -> RGB:
    triplet = colour.get_truecolor(theme, foreground=foreground)
    return (triplet.red, triplet.green, triplet.blue)


def _blend(a: RGB, b: RGB, amount: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


def cells_from_lines(lines: list[list[Segment]], width: int, theme: TerminalTheme) -> Grid:
    """Segments to cells: colours resolved to RGB (reverse swapped, dim
    blended towards the background), wide characters given their second cell."""
    default_fg = (theme.foreground_color.red, theme.foreground_color.green, theme.foreground_color.blue)
    default_bg = (theme.background_color.red, theme.background_color.green, theme.background_color.blue)
    grid: Grid = []
    for line in lines:
        row: list[Cell] = []
        for segment in line:
            if segment.control:
                continue
            style: Style = segment.style or Style()
            fg = _rgb(style.color, theme, True) if style.color is not None else default_fg
            bg = _rgb(style.bgcolor, theme, False) if style.bgcolor is not None else default_bg
            if style.reverse:
                fg, bg = bg, fg
            if style.dim:
                fg = _blend(fg, bg, 0.5)
            for char in segment.text:
                if row and unicodedata.combining(char):
                    # A combining mark belongs to the cell before it (kitty's image
                    # placeholders carry their row and column as such marks).
                    row[-1] = replace(row[-1], char=row[-1].char + char)
                    continue
                wide = Text(char).cell_len == 2
                cell = Cell(char, fg, bg, bool(style.bold), bool(style.underline), bool(style.strike))
                row.append(cell)
                if wide:
                    row.append(Cell("", fg, bg))
        grid.append((row + [Cell(" ", default_fg, default_bg)] * width)[:width])
    return grid


def app_cells(app: Any, theme: TerminalTheme | None = None) -> Grid:
    """The running app's cell grid, ``app.size`` cells."""
    from rich.terminal_theme import DEFAULT_TERMINAL_THEME

    return cells_from_lines(screen_lines(app), app.size.width, theme or DEFAULT_TERMINAL_THEME)


# -- block elements, drawn as rectangles ----------------------------------------------------


#: Blocks as (columns, rows, filled sub-cells as (column, row)): a 2x2, 2x3 or
#: 2x4 grid, or an 8x8 one for the eighth blocks.
Blocks = tuple[int, int, frozenset[tuple[int, int]]]

_QUADRANTS = {"UPPER LEFT": (0, 0), "UPPER RIGHT": (1, 0), "LOWER LEFT": (0, 1), "LOWER RIGHT": (1, 1)}
_FRACTIONS = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7}


def _eighths(side: str, count: int) -> Blocks:
    if side in ("LOWER", "UPPER"):
        rows = range(8 - count, 8) if side == "LOWER" else range(count)
        return (1, 8, frozenset((0, r) for r in rows))
    columns = range(count) if side == "LEFT" else range(8 - count, 8)
    return (8, 1, frozenset((c, 0) for c in columns))


def _encoder_shapes() -> dict[str, Blocks]:
    """Every character the board's encoders make, by the pattern it draws
    (their tables know the Unicode 16 octants this Python's names may not)."""
    from indigo_tui.ui.board_art.glyphs import ENCODERS

    shapes: dict[str, Blocks] = {}
    for encoder in ENCODERS.values():
        for pattern, char in enumerate(encoder.chars):
            if char not in shapes and char != " ":
                cells = frozenset(
                    (bit % encoder.cols, bit // encoder.cols)
                    for bit in range(encoder.count)
                    if pattern >> bit & 1
                )
                shapes[char] = (encoder.cols, encoder.rows, cells)
    return shapes


_ENCODED: dict[str, Blocks] = _encoder_shapes()


@cache
def block_shape(char: str) -> Blocks | None:
    """How a block element fills its cell: from the board's encoders, else
    from its Unicode name; None for any other character (shades are handled
    apart, as a blend)."""
    if char in _ENCODED:
        return _ENCODED[char]
    name = unicodedata.name(char, "")
    if name == "FULL BLOCK":
        return (1, 1, frozenset({(0, 0)}))
    if name in ("UPPER HALF BLOCK", "LOWER HALF BLOCK"):
        return _eighths(name.split()[0], 4)
    if name in ("LEFT HALF BLOCK", "RIGHT HALF BLOCK"):
        return _eighths(name.split()[0], 4)
    words = name.split()
    if len(words) == 4 and words[2:] == ["EIGHTH", "BLOCK"] and words[1] in _FRACTIONS:
        return _eighths(words[0], _FRACTIONS[words[1]])
    if len(words) == 5 and words[2:] == ["EIGHTHS", "BLOCK"] and words[1] in _FRACTIONS:
        return _eighths(words[0], _FRACTIONS[words[1]])
    if len(words) == 4 and words[2:] == ["QUARTERS", "BLOCK"] and words[1] == "THREE":
        return _eighths(words[0], 6)
    if len(words) == 4 and words[2:] == ["QUARTER", "BLOCK"] and words[1] == "ONE":
        return _eighths(words[0], 2)
    if name.startswith("QUADRANT "):
        parts = name.removeprefix("QUADRANT ").split(" AND ")
        if all(p in _QUADRANTS for p in parts):
            return (2, 2, frozenset(_QUADRANTS[p] for p in parts))
    for prefix, rows in (("BLOCK SEXTANT-", 3), ("BLOCK OCTANT-", 4)):
        if name.startswith(prefix):
            # Sub-cells numbered 1, 2 on the top row, 3, 4 on the next, ...
            digits = name.removeprefix(prefix)
            return (2, rows, frozenset(((int(d) - 1) % 2, (int(d) - 1) // 2) for d in digits))
    return None


_SHADES = {"░": 0.25, "▒": 0.5, "▓": 0.75}


# -- fonts -----------------------------------------------------------------------------------


class Fonts:
    """DejaVu Sans Mono at one pixel size, DejaVu Sans behind it for what the
    mono face lacks, and which characters each holds."""

    def __init__(self, size: int) -> None:
        self.regular = ImageFont.truetype(str(MONO), size)
        self.bold = ImageFont.truetype(str(MONO_BOLD), size)
        self.fallback = ImageFont.truetype(str(FALLBACK), size)
        self.mono_chars = set(TTFont(str(MONO)).getBestCmap())
        self.fallback_chars = set(TTFont(str(FALLBACK)).getBestCmap())
        ascent, descent = self.regular.getmetrics()
        self.ascent = ascent
        # The cell a terminal gives this font: its advance by its line height.
        self.cell_width = round(self.regular.getlength("M"))
        self.cell_height = ascent + descent

    def face(self, char: str, bold: bool) -> ImageFont.FreeTypeFont | None:
        code = ord(char[0])
        if code in self.mono_chars:
            return self.bold if bold else self.regular
        if code in self.fallback_chars:
            return self.fallback
        return None


def rasterise(grid: Grid, font_size: int = 16) -> Image.Image:
    """The grid as a picture, every cell ``Fonts(font_size)``'s cell size."""
    fonts = Fonts(font_size)
    cw, ch = fonts.cell_width, fonts.cell_height
    rows, columns = len(grid), len(grid[0]) if grid else 0
    image = Image.new("RGB", (columns * cw, rows * ch))
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(grid):
        top = y * ch
        for x, cell in enumerate(row):
            left = x * cw
            span = 2 if x + 1 < columns and row[x + 1].char == "" and cell.char else 1
            draw.rectangle((left, top, left + cw - 1, top + ch - 1), fill=cell.bg)
            char = cell.char
            if not char or char == " ":
                pass
            elif char in _SHADES:
                shade = _blend(cell.bg, cell.fg, _SHADES[char])
                draw.rectangle((left, top, left + cw - 1, top + ch - 1), fill=shade)
            elif len(char) == 1 and (shape := block_shape(char)) is not None:
                _fill_blocks(draw, shape, left, top, cw, ch, cell.fg)
            else:
                face = fonts.face(char, cell.bold)
                if face is None:
                    # Neither font has it: the box a terminal shows for a missing glyph.
                    draw.rectangle((left + 1, top + 2, left + span * cw - 2, top + ch - 3), outline=cell.fg)
                else:
                    _glyph(image, draw, face, char, left, top, span * cw, ch, fonts.ascent, cell.fg)
            if cell.underline:
                draw.line((left, top + ch - 2, left + cw - 1, top + ch - 2), fill=cell.fg)
            if cell.strike:
                draw.line((left, top + ch // 2, left + cw - 1, top + ch // 2), fill=cell.fg)
    return image


def _fill_blocks(
    draw: ImageDraw.ImageDraw, shape: Blocks, left: int, top: int, cw: int, ch: int, colour: RGB
) -> None:
    columns, rows, filled = shape
    # Sub-cell edges rounded the same way on both sides, so neighbours meet without gaps.
    xs = [left + round(cw * i / columns) for i in range(columns + 1)]
    ys = [top + round(ch * i / rows) for i in range(rows + 1)]
    for column, row in filled:
        x0, x1, y0, y1 = xs[column], xs[column + 1], ys[row], ys[row + 1]
        if x1 > x0 and y1 > y0:
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)


def _glyph(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    face: ImageFont.FreeTypeFont,
    char: str,
    left: int,
    top: int,
    width: int,
    height: int,
    ascent: int,
    colour: RGB,
) -> None:
    advance = face.getlength(char)
    if advance > width:
        # Too wide for its cells (a fallback glyph): squeezed in, as terminals do.
        bitmap = Image.new("L", (max(1, round(advance)), height))
        ImageDraw.Draw(bitmap).text((0, ascent), char, font=face, fill=255, anchor="ls")
        bitmap = bitmap.resize((width, height))
        image.paste(Image.new("RGB", (width, height), colour), (left, top), bitmap)
        return
    # Centred in its cell(s) on the font's baseline.
    draw.text((left + (width - advance) / 2, top + ascent), char, font=face, fill=colour, anchor="ls")
