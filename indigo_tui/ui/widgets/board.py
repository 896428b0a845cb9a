"""The hex board: every cell, tile, gem and gate, the cursor and the what-if preview."""

from __future__ import annotations

from collections.abc import Callable

from rich.segment import Segment
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget

from ...engine.board import Board
from ...engine.events import GemMoved
from ...engine.geometry import INDEX
from .. import palette
from ..render import Canvas, Marks, draw_board, fit_size, layout, route_points

#: Where the cursor starts: the empty cell just north-west of the centre.
START_CELL = INDEX[(0, -1)]


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
        self._hex = 8.0
        self._strips: list[Strip] | None = None
        self._offset = (0, 0)
        self._animation: Timer | None = None
        self._frames: list[tuple[tuple[str, float, float], ...]] = []
        self._frame = 0
        self._hidden: frozenset[int] = frozenset()
        self._on_done: Callable[[], None] | None = None
        #: The last drawing's runs per line, and what they were drawn for.
        self._lines: list[list[tuple[str, str, str, bool]]] | None = None
        self._key: tuple[object, ...] = ()

    # -- what to show ----------------------------------------------------------------

    def show(self, board: Board, marks: Marks) -> None:
        self.board = board
        self.marks = marks
        self._repaint()

    def _repaint(self) -> None:
        """Rebuild now, and repaint only the lines that changed: a cursor move
        touches a few lines of the board, and Textual then redraws just those."""
        if not self.is_mounted or not self.size.width:
            self._strips = None
            self.refresh()
            return
        old_lines, old_key = self._lines, self._key
        self._strips = self._build()
        new_lines = self._lines
        if old_lines is None or new_lines is None or old_key != self._key or len(old_lines) != len(new_lines):
            self.refresh()
            return
        width, y_off = self.size.width, self._offset[1]
        changed = [
            Region(0, y_off + y, width, 1)
            for y, (old, new) in enumerate(zip(old_lines, new_lines, strict=True))
            if old != new
        ]
        if changed:
            self.refresh(*changed)

    @property
    def hex_size(self) -> float:
        return self._hex

    def on_resize(self, event: events.Resize) -> None:
        self._hex = fit_size(event.size.width, event.size.height)
        self._strips = None
        self._lines = None
        self.refresh()

    def canvas(self) -> Canvas:
        marks = self.marks
        if self._animation is not None:
            frame = self._frames[min(self._frame, len(self._frames) - 1)]
            marks = Marks(
                marks.cursor,
                marks.last_cell,
                None,
                True,
                (),
                self._hidden,
                frame,
            )
        return draw_board(self.board, self._hex, marks)

    def _build(self) -> list[Strip]:
        canvas = self.canvas()
        dark = self.app.current_theme.dark if self.is_attached else True
        width, height = self.size
        x_off = max(0, (width - canvas.width) // 2)
        y_off = max(0, (height - canvas.height) // 2)
        self._offset = (x_off, y_off)
        # Every segment carries a style (the widget's own underneath), as line filters expect.
        base = self.rich_style
        strips = [Strip.blank(width, base)] * y_off
        pad = Segment(" " * x_off, base)
        lines = canvas.lines()
        self._lines = lines
        self._key = (self._hex, self._offset, dark, width, height)
        for runs in lines:
            segments = [pad] + [
                Segment(text, base + palette.style(fg, bg, bold, dark)) for text, fg, bg, bold in runs
            ]
            strips.append(Strip(segments).adjust_cell_length(width, base) if width else Strip(segments))
        return strips

    def render_line(self, y: int) -> Strip:
        if self._strips is None:
            self._strips = self._build()
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return container.height

    def notify_style_update(self) -> None:
        # A theme change recolours the board.
        super().notify_style_update()
        self._strips = None
        self._lines = None

    # -- mouse ---------------------------------------------------------------------

    def cell_at(self, x: int, y: int) -> int | None:
        return layout(self._hex).cell_at(x - self._offset[0], y - self._offset[1])

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            event.stop()
            self.post_message(self.CellClicked(cell))

    # -- animation -------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self._animation is not None

    def animate_gems(
        self, moves: list[GemMoved], seconds: float = 0.6, on_done: Callable[[], None] | None = None
    ) -> bool:
        """Move each gem along its route (the board already shows the result);
        ``on_done`` runs when it ends or is skipped. False if nothing moves."""
        if not moves:
            return False
        tracks = [(m.kind, route_points(self._hex, m.route)) for m in moves]
        length = max(len(points) for _, points in tracks)
        self._frames = [
            tuple((kind, *points[min(i, len(points) - 1)]) for kind, points in tracks) for i in range(length)
        ]
        self._hidden = frozenset(m.gem for m in moves)
        self._frame = 0
        self.skip_animation()
        self._on_done = on_done
        self._animation = self.set_interval(max(0.02, seconds / max(1, length)), self._step)
        self._repaint()
        return True

    def _step(self) -> None:
        self._frame += 1
        if self._frame >= len(self._frames):
            self.skip_animation()
            return
        self._repaint()

    def skip_animation(self) -> None:
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
            self._repaint()
        done, self._on_done = self._on_done, None
        if done is not None:
            done()
