"""The hex board: every cell, tile, gem and gate, the cursor and the what-if preview.

The drawing itself is :mod:`indigo_tui.ui.board_art`; this widget picks the
hexagon size for the space it has, shows the whole board or a zoomed view
that follows the cursor (with a small map of where the view is), turns roles
into colours and repaints only the lines a change touches.

In pixel mode (:meth:`BoardView.set_pixels`) the same drawing is made at the
terminal's pixel scale (:mod:`indigo_tui.ui.board_art.pixels`) and shown by a
``textual-image`` widget inside this one, drawn anew on every change of the
board, the marks, the size or the theme.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget

from ...engine.board import Board
from ...engine.geometry import COORDS, INDEX
from .. import palette
from ..board_art import roles as R
from ..board_art.cells import Art, cell_at, cell_char, picture_size
from ..board_art.glyphs import ENCODERS, QUADRANT, Encoder
from ..board_art.hexgrid import HexGrid, fit_whole, fit_zoom
from ..board_art.picture import Marks, draw_board, draw_map, point_beyond_window
from ..board_art.raster import Picture
from ..board_pixels import PixelSupport, image_widget
from ..motion import Motion

if TYPE_CHECKING:
    from PIL.Image import Image as PixelPicture
    from textual_image.widget._base import Image as ImageWidget

    from ..board_art.pixels import PixelLayout

#: Where the cursor starts: the empty cell just north-west of the centre.
START_CELL = INDEX[(0, -1)]
#: Fewer sub-pixels across a hexagon than this and the whole board is not
#: readable: the board zooms in around the cursor instead.
READABLE_WIDTH = 14
#: Cells around the cursor a zoomed view shows at least (2, or 1 where even that is too small).
ZOOM_RADII = (3, 2, 1)


class BoardView(Widget):
    """Draws a :class:`Board` scaled to the space it has; re-lays out on resize."""

    DEFAULT_CSS = """
    BoardView { width: 1fr; height: 1fr; }
    """

    class CellClicked(Message):
        """A cell was clicked (the screen decides: move the cursor or place)."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, board: Board, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board = board
        self.marks = Marks()
        self.encoder: Encoder = QUADRANT
        #: None: zoom when the whole board would be too small; True/False: as chosen.
        self.zoom_choice: bool | None = None
        self._art: Art | None = None
        self._laid_out_for = Size(0, 0)
        self._zoomed = False
        self._origin = (0, 0)  # the picture's character at the widget's top left
        self._offset = (0, 0)  # where the picture starts in the widget (when it is smaller)
        self._strips: list[Strip] | None = None
        self._lines: list[list[tuple[str, int, int, bool]]] | None = None
        self._key: tuple[object, ...] = ()
        self._styles: dict[tuple[int, int, bool], Style] = {}
        self._styles_for: tuple[Style, bool, str] | None = None
        #: A move's motion being played over the board (ui/motion.py), and its frame now.
        self._animation: Timer | None = None
        self._motion: Motion | None = None
        self._frame = 0
        self._on_done: Callable[[], None] | None = None
        #: Pixel mode: the terminal's graphics protocol and cell size, the layout, the picture shown.
        self.pixels: PixelSupport | None = None
        self._pixel_layout: PixelLayout | None = None
        self._picture_key: tuple[object, ...] | None = None
        self.shown_picture: PixelPicture | None = None
        self._image: ImageWidget | None = None

    # -- what to show ----------------------------------------------------------------

    def show(self, board: Board, marks: Marks) -> None:
        self.board = board
        self.marks = marks
        self._repaint()

    def set_encoder(self, encoder: Encoder) -> None:
        """Draw with text glyphs (leaving pixel mode)."""
        if encoder != self.encoder or self.pixels is not None:
            self.encoder = encoder
            self.set_pixels(None)
            self._relayout()

    def set_pixels(self, support: PixelSupport | None) -> None:
        """Draw in real pixels with ``support``'s protocol (None: text glyphs)."""
        if support == self.pixels:
            return
        self.pixels = support
        if self._image is not None:
            self._image.remove()
            self._image = None
        self._picture_key = None
        self.shown_picture = None
        self._pixel_layout = None
        if support is not None and self.is_mounted:
            self._mount_image()
        self._relayout()

    def _mount_image(self) -> None:
        assert self.pixels is not None
        self._image = image_widget(self.pixels)
        self.mount(self._image)

    def on_mount(self) -> None:
        if self.pixels is not None and self._image is None:
            self._mount_image()

    def toggle_zoom(self) -> bool:
        """Switch between the whole board and the zoomed view; True if now zoomed.

        The layout is worked out here, not at the next paint: what the status
        says about the view must be what the board then shows (and a zoom that
        would not make the hexagons larger leaves the whole board)."""
        self.zoom_choice = not self._zoomed
        self._relayout()
        return self._zoomed

    @property
    def centre_cell(self) -> int:
        """The cell a zoomed view keeps in its middle: the cursor, else the tagged
        cell (the review's move on show), else the start cell."""
        for cell in (self.marks.cursor, self.marks.tagged):
            if cell is not None:
                return cell
        return START_CELL

    @property
    def zoomed(self) -> bool:
        return self._zoomed

    @property
    def hex_size(self) -> int:
        """Sub-pixels across a hexagon, as drawn now."""
        return self._art.grid.width if self._art is not None else 0

    @property
    def art(self) -> Art | None:
        return self._art

    def _relayout(self) -> None:
        """Lay the board out again, now if the widget has a size, not at the
        next paint: the zoom, the cell under the mouse and the gems' tracks
        follow the layout, and a key or a click may come before that paint."""
        self._art = None
        self._strips = None
        self._lines = None
        if self.is_mounted and self.size.width and self.size.height:
            self._strips = self._build()
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        # The first layout often comes before the first resize event: drawing
        # again for the same size would only cost start-up time.
        if self._art is None or event.size != self._laid_out_for:
            self._relayout()

    def notify_style_update(self) -> None:
        # A theme change recolours the board.
        super().notify_style_update()
        self._strips = None
        self._lines = None

    def _mono(self) -> bool:
        return bool(getattr(self.app, "no_color", False)) if self.is_attached else False

    def _layout(self) -> Art:
        """The hexagon size for the space there is, and whether to zoom."""
        width, height = self.size
        enc = self.encoder
        mono = self._mono()
        whole = fit_whole(width, height, enc.cols, enc.rows)
        zoom = self.zoom_choice if self.zoom_choice is not None else whole.width < READABLE_WIDTH
        grid: HexGrid = whole
        if zoom:
            for radius in ZOOM_RADII:
                grid = fit_zoom(width, height, enc.cols, enc.rows, radius)
                if grid.width >= READABLE_WIDTH:
                    break
            if grid.width <= whole.width:
                grid, zoom = whole, False
        self._zoomed = zoom
        self._laid_out_for = self.size
        return Art(grid, enc, mono)

    def _repaint(self) -> None:
        """Rebuild now, and repaint only the lines that changed: a cursor move
        touches a few lines of the board, and Textual then redraws just those."""
        if not self.is_mounted or not self.size.width or self._art is None:
            # Not drawn yet (or laid out anew): the next paint draws, once.
            self._strips = None
            self.refresh()
            return
        if self.pixels is not None:
            # The picture widget repaints itself when it gets a new picture.
            self._strips = self._build()
            return
        old_lines, old_key = self._lines, self._key
        self._strips = self._build()
        new_lines = self._lines
        if old_lines is None or new_lines is None or old_key != self._key or len(old_lines) != len(new_lines):
            self.refresh()
            return
        width = self.size.width
        changed = [
            Region(0, y, width, 1)
            for y, (old, new) in enumerate(zip(old_lines, new_lines, strict=True))
            if old != new
        ]
        if changed:
            self.refresh(*changed)

    def _marks(self) -> Marks:
        marks = self.marks
        motion = self._motion
        if self._animation is not None and motion is not None:
            frame = motion.frames[min(self._frame, len(motion.frames) - 1)]
            marks = Marks(
                # A tile arriving is ringed as the cursor is; the person's own
                # cursor comes back with the last frame.
                cursor=frame.ring if frame.ring is not None else marks.cursor,
                last_cell=marks.last_cell,
                hidden_gems=motion.hidden,
                moving=frame.moving,
                focus=marks.focus,
            )
        return marks

    def picture(self) -> Picture:
        """The whole board's picture as it would be drawn now (for tests and tools)."""
        if self._art is None:
            self._art = self._layout()
        return draw_board(self.board, self._art, self._marks())

    def _window(self, art: Art, pic: Picture) -> None:
        """Which part of the picture the widget shows: all of it, centred, or a
        window centred on the cursor (kept inside the picture)."""
        width, height = self.size
        if not self._zoomed:
            self._origin = (0, 0)
            self._offset = (max(0, (width - pic.cols) // 2), max(0, (height - pic.rows) // 2))
            return
        col, row = cell_char(art, self.centre_cell)
        x0 = max(0, min(pic.cols - width, col - width // 2))
        y0 = max(0, min(pic.rows - height, row - height // 2))
        self._origin = (x0, y0)
        self._offset = (max(0, (width - pic.cols) // 2), max(0, (height - pic.rows) // 2))

    def _shown_cells(self, art: Art) -> frozenset[int]:
        width, height = self.size
        x0, y0 = self._origin
        return frozenset(
            cell
            for cell in range(len(COORDS))
            if x0 <= cell_char(art, cell)[0] < x0 + width and y0 <= cell_char(art, cell)[1] < y0 + height
        )

    def _build_pixels(self, support: PixelSupport) -> list[Strip]:
        """Draw the picture for the picture widget; this widget's own lines are its background."""
        from ..board_art.pixels import draw_pixels, pixel_layout

        width, height = self.size
        dark = self.app.current_theme.dark if self.is_attached else True
        mono = self._mono()
        cursor = self.centre_cell
        rows = max(1, height - support.spare_rows)
        layout = pixel_layout(width, rows, support.cell, zoom=self.zoom_choice, centre_cell=cursor, mono=mono)
        self._pixel_layout = layout
        self._art = layout.art
        self._zoomed = layout.zoomed
        self._laid_out_for = self.size
        # Real pixels draw every path crisp and thin: no crowd to quieten, every tile in full.
        marks = dataclasses.replace(self._marks(), focus=None)
        board = self.board
        colours = (dark, palette.current_palette())
        key = (layout, colours, tuple(board.tiles), tuple(board.gem_slot), tuple(board.centre), marks)
        if key != self._picture_key:
            self._picture_key = key
            picture = draw_pixels(board, layout, palette.pixel_colours(dark, mono), marks)
            self.shown_picture = picture
            if self._image is not None:
                self._image.image = picture
        self._lines = None
        self._key = ()
        back = self.rich_style + Style(bgcolor=palette.role_colour(0, dark))
        return [Strip.blank(width, back)] * height

    def _build(self) -> list[Strip]:
        if self.pixels is not None and self.size.width and self.size.height:
            return self._build_pixels(self.pixels)
        old_lines, old_key, old_strips = self._lines, self._key, self._strips
        if self._art is None:
            self._art = self._layout()
        art = self._art
        marks = self._marks()
        pic = draw_board(self.board, art, marks)
        self._window(art, pic)
        dark = self.app.current_theme.dark if self.is_attached else True
        width, height = self.size
        x0, y0 = self._origin
        x_off, y_off = self._offset
        mini: Picture | None = None
        if self._zoomed:
            _clip_cut_words(pic, x0, x0 + width - x_off)
            mini = self._map(art, width, height)
            corner = (mini.cols + 1, mini.rows) if mini is not None else (0, 0)
            point_beyond_window(pic, self.board, art, marks, (x0, y0, width - x_off, height), corner)
        lines: list[list[tuple[str, int, int, bool]]] = []
        for y in range(height):
            row = y - y_off + y0
            lines.append(pic.line(row, x0, x0 + width - x_off) if 0 <= row < pic.rows else [])
        if mini is not None:
            _put_map(mini, lines)
        self._lines = lines
        self._key = (art, self._origin, self._offset, dark, width, height)
        # Every segment carries a style (the widget's own underneath), as line filters expect.
        base = self.rich_style
        back = Style(bgcolor=palette.role_colour(0, dark))
        pad = Segment(" " * x_off, base + back) if x_off else None
        # A line drawn the same as last time keeps its strip; styles are made once.
        reuse = old_key == self._key and old_lines is not None and len(old_lines) == len(lines)
        colours = (base, dark, palette.current_palette())
        styles = self._styles if self._styles_for == colours else {}
        self._styles, self._styles_for = styles, colours
        strips = []
        for y, runs in enumerate(lines):
            if reuse and old_strips is not None and old_lines is not None and old_lines[y] == runs:
                strips.append(old_strips[y])
                continue
            segments = [pad] if pad is not None else []
            for text, fg, bg, bold in runs:
                style = styles.get((fg, bg, bold))
                if style is None:
                    style = styles[(fg, bg, bold)] = base + palette.style(fg, bg, bold, dark)
                segments.append(Segment(text, style))
            strips.append(Strip(segments).adjust_cell_length(width, base + back))
        return strips

    def _map(self, art: Art, width: int, height: int) -> Picture | None:
        """The small map of the whole board for the top left corner of a zoomed
        view, where there is room for it."""
        marked = self.marks.cursor if self.marks.cursor is not None else self.marks.tagged
        mini = draw_map(self.board, marked, self._shown_cells(art), QUADRANT)
        if width < mini.cols * 4 or height < mini.rows * 3:
            return None
        return mini

    def render_line(self, y: int) -> Strip:
        if self._strips is None:
            self._strips = self._build()
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return container.height

    # -- mouse ---------------------------------------------------------------------

    def cell_at(self, x: int, y: int) -> int | None:
        if self._art is None:
            return None
        if self.pixels is not None and self._pixel_layout is not None:
            from ..board_art.pixels import cell_at as cell_at_pixel

            width, height = self.pixels.cell
            return cell_at_pixel(self._pixel_layout, (x + 0.5) * width, (y + 0.5) * height)
        return cell_at(
            self._art, x - self._offset[0] + self._origin[0], y - self._offset[1] + self._origin[1]
        )

    def char_of_cell(self, cell: int) -> tuple[int, int]:
        """The character of this widget over the middle of ``cell`` (for tests and tools)."""
        if self.pixels is not None and self._pixel_layout is not None:
            x, y = self._pixel_layout.art.board.centres[cell]
            px, py = self._pixel_layout.to_screen(x + 0.5, y + 0.5)
            return int(px // self.pixels.cell[0]), int(py // self.pixels.cell[1])
        assert self._art is not None
        col, row = cell_char(self._art, cell)
        return col - self._origin[0] + self._offset[0], row - self._origin[1] + self._offset[1]

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            event.stop()
            self.post_message(self.CellClicked(cell))

    # -- animation -------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self._animation is not None

    def play_motion(self, motion: Motion, on_done: Callable[[], None] | None = None) -> None:
        """Play a move's motion (ui/motion.py) over the board, which already
        shows the move's result; ``on_done`` runs when it ends or is skipped."""
        self.skip_animation()
        self._motion = motion
        self._frame = 0
        self._on_done = on_done
        self._animation = self.set_interval(motion.interval, self.next_frame)
        self._repaint()

    def next_frame(self) -> None:
        """The motion's next frame (its timer's tick; a test may step it on itself)."""
        self._frame += 1
        if self._motion is None or self._frame >= len(self._motion.frames):
            self.skip_animation()
            return
        self._repaint()

    def skip_animation(self) -> None:
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
            self._motion = None
            self._repaint()
        done, self._on_done = self._on_done, None
        if done is not None:
            done()


#: The characters of a cell's coordinates (``c``) and of the cursor's tag.
_COORDINATE_CHARS = frozenset("0123456789-,")


def _clip_cut_words(pic: Picture, start: int, stop: int) -> None:
    """Blank the coordinates a zoomed view's window cuts at either side: ``-4,1``
    cut to ``4,1`` would name another cell (or none)."""

    def word(row: int, col: int) -> bool:
        return 0 <= col < pic.cols and pic.chars[row * pic.cols + col] in _COORDINATE_CHARS

    for row in range(pic.rows):
        for inside, outside, step in ((start, start - 1, 1), (stop - 1, stop, -1)):
            col = inside
            if word(row, outside) and word(row, col):
                while word(row, col):
                    pic.put(col, row, " ", R.BG, bold=False)
                    col += step


def _put_map(mini: Picture, lines: list[list[tuple[str, int, int, bool]]]) -> None:
    """The small map over the top left corner of the lines, a blank column beside it."""
    for row in range(mini.rows):
        runs = mini.line(row)
        rest = _cut(lines[row], mini.cols + 1)
        lines[row] = [*runs, (" ", -1, 0, False), *rest]


def _cut(runs: list[tuple[str, int, int, bool]], skip: int) -> list[tuple[str, int, int, bool]]:
    """The runs of a line without its first ``skip`` characters."""
    out: list[tuple[str, int, int, bool]] = []
    for text, fg, bg, bold in runs:
        if skip >= len(text):
            skip -= len(text)
            continue
        out.append((text[skip:], fg, bg, bold))
        skip = 0
    return out


def encoder_named(name: str) -> Encoder:
    """A text encoder by name (pixels and auto are resolved before this)."""
    return ENCODERS.get(name, QUADRANT)


__all__ = ["READABLE_WIDTH", "START_CELL", "BoardView", "encoder_named", "picture_size"]
