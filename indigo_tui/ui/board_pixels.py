"""Real pixels for the board: the graphics protocol the terminal speaks, and a widget to show pictures.

The pictures are shown by the ``textual-image`` package: the kitty graphics
protocol (its unicode placeholders) or sixel. Two things about it decide how
it is used here:

- importing it asks the terminal (a sixel query, then a kitty graphics one,
  each waiting up to 0.1 s for an answer) and reads the cell size in pixels,
  which only works before Textual takes over the terminal's input. So the
  question is asked when the app is made, before it runs, and only when
  pixels are wanted: asked for by name (``pixels``: kitty graphics or sixel,
  whichever textual-image finds), or ``auto`` in kitty, known from its
  environment. Inside tmux or screen ``auto`` never asks: images need
  passthrough there, which is off by default.
- ``auto`` does not take sixel: textual-image encodes a sixel picture of the
  board (840x780 pixels at 120x40) in about 120 ms here (50 ms with numpy),
  on every change, where a key must repaint the board in under 16 ms; the
  kitty protocol's PNG of the same palette picture takes about 2 ms. Sixel
  stays one ``--board-glyphs pixels`` away.
- it scales a picture to the area it is given; the board hands it a picture
  already the exact pixel size of its cell area, drawn by
  :mod:`indigo_tui.ui.board_art.pixels`, so nothing is resampled.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .board_art.detect import multiplexed

if TYPE_CHECKING:
    from textual_image.widget._base import Image as ImageWidget

#: The protocols, by the name shown to a person.
KITTY: Final = "kitty"
SIXEL: Final = "sixel"


@dataclass(frozen=True)
class PixelSupport:
    """A graphics protocol the terminal speaks and the size of its character cells in pixels."""

    protocol: str  # KITTY or SIXEL
    cell: tuple[int, int]  # (width, height)

    @property
    def spare_rows(self) -> int:
        """Rows left free under the picture. A sixel picture is sent in bands of six
        pixels, so its last band may reach a few pixels into the row below its area;
        were that the terminal's last row, xterm would scroll the whole screen by a
        line (seen in xterm -ti vt340). One free row takes those pixels."""
        return 1 if self.protocol == SIXEL else 0


def _kitty(env: Mapping[str, str]) -> bool:
    return bool(env.get("KITTY_WINDOW_ID")) or env.get("TERM") == "xterm-kitty"


def _on_a_terminal() -> bool:
    out, into = sys.__stdout__, sys.__stdin__
    return bool(out and into and out.isatty() and into.isatty())


def probe(requested: str, env: Mapping[str, str]) -> PixelSupport | None:
    """Which pixels this terminal shows, asked only where ``requested`` (``pixels``
    or ``auto``) may want them; None for text glyphs. Call before the app runs."""
    choice = requested.strip().lower()
    if choice not in ("pixels", "auto") or not _on_a_terminal():
        return None
    if choice == "auto" and (multiplexed(env) or not _kitty(env)):
        return None
    return _ask_textual_image()


def _ask_textual_image() -> PixelSupport | None:
    # Importing these asks the terminal (see the module's docstring).
    from textual_image._terminal import get_cell_size
    from textual_image.renderable import Image as Chosen
    from textual_image.renderable import SixelImage, TGPImage

    if Chosen is TGPImage:
        protocol = KITTY
    elif Chosen is SixelImage:
        protocol = SIXEL
    else:
        return None
    # textual-image's own reading of the cell size: the picture must match the
    # size it scales to, or it would be resampled.
    cell = get_cell_size()
    return PixelSupport(protocol, (cell.width, cell.height))


def image_widget(support: PixelSupport) -> ImageWidget:
    """A widget that shows a picture with ``support``'s protocol, filling its parent
    but for :attr:`PixelSupport.spare_rows` at the bottom."""
    from textual_image.widget import SixelImage, TGPImage

    widget: ImageWidget = SixelImage() if support.protocol == SIXEL else TGPImage()
    widget.styles.width = "100%"
    widget.styles.height = "1fr"
    widget.styles.margin = (0, 0, support.spare_rows, 0)
    return widget
