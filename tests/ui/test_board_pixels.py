"""Pixel mode: the picture handed to the terminal, its paths' topology at the pixel
scale, the overlays in it, choosing it, and the board widget with the kitty renderer forced."""

from __future__ import annotations

import base64
import io
import re
import sys
from itertools import combinations

import pytest
from PIL import Image

from indigo_tui.engine.geometry import CELL_COUNT, CENTRE, CORNER_ARROWS, GATE_CELLS
from indigo_tui.ui import palette
from indigo_tui.ui.board_art import roles as R
from indigo_tui.ui.board_art.detect import choose
from indigo_tui.ui.board_art.hexgrid import hex_shape, path_pixels
from indigo_tui.ui.board_art.labels import gate_label
from indigo_tui.ui.board_art.pixels import (
    PixelLayout,
    cell_at,
    draw_pixels,
    label_point,
    pixel_layout,
    raster_image,
)
from indigo_tui.ui.board_art.raster import Pen, Raster
from indigo_tui.ui.board_pixels import KITTY, PixelSupport, probe
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.widgets.board import BoardView

from .conftest import AppFactory, advance, game_screen, new_game, until
from .test_board_art import BOARD_SPACES, _busy_marks, _components, _midgame

#: Terminal cells in pixels: VT340 (textual-image's default), and two common font sizes.
CELLS = [(10, 20), (9, 18), (8, 17)]


def _layouts() -> list[PixelLayout]:
    return [pixel_layout(cols, rows, cell) for cols, rows in BOARD_SPACES for cell in CELLS]


class _Pixels:
    """A picture's colours by (x, y), as RGB."""

    def __init__(self, image: Image.Image) -> None:
        data = image.convert("RGB").load()
        assert data is not None
        self._data = data

    def __getitem__(self, xy: tuple[int, int]) -> tuple[int, int, int]:
        pixel = self._data[xy]
        assert isinstance(pixel, tuple)
        red, green, blue = pixel
        return red, green, blue


def _rgb(role: int, dark: bool = True) -> tuple[int, int, int]:
    return palette.pixel_colours(dark, mono=False).roles[role]


@pytest.mark.parametrize(("cols", "rows"), BOARD_SPACES)
@pytest.mark.parametrize("cell", CELLS)
def test_the_picture_is_the_cell_area_in_pixels(cols: int, rows: int, cell: tuple[int, int]) -> None:
    game = _midgame()
    layout = pixel_layout(cols, rows, cell)
    picture = draw_pixels(game.board, layout, palette.pixel_colours(True, False), _busy_marks(game))
    assert picture.size == (cols * cell[0], rows * cell[1])
    # The whole board is inside it, its hexagons at least READABLE across.
    board = layout.art.board
    x0, y0 = layout.origin
    assert x0 >= 0 and y0 >= 0
    assert x0 + board.px_width * layout.scale <= picture.size[0]
    assert y0 + board.px_height * layout.scale <= picture.size[1]
    assert layout.art.grid.width * layout.scale >= 36


@pytest.mark.parametrize("layout", _layouts(), ids=lambda lay: f"{lay.size[0]}x{lay.size[1]}")
def test_every_path_is_one_line_between_its_two_edge_midpoints_in_pixels(layout: PixelLayout) -> None:
    """The topology test of the text encoders, on the picture itself: each of the
    15 paths, drawn alone and scaled to screen pixels, is one 8-connected line
    touching the midpoints of exactly its two edges."""
    grid = layout.art.grid
    shape = hex_shape(grid)
    s = layout.scale
    colours = palette.pixel_colours(True, False)
    path_rgb = colours.roles[R.PATH]
    centre = (-shape.left + 1, -shape.top + 1)
    width, height = shape.right - shape.left + 3, shape.bottom - shape.top + 3
    for a, b in combinations(range(6), 2):
        raster = Raster.blank(width, height, R.TILE)
        Pen(raster).pixels(centre, path_pixels(grid, a, b), R.PATH)
        image = raster_image(raster, colours, s)
        data = _Pixels(image)
        inked = {(x, y) for x in range(image.width) for y in range(image.height) if data[x, y] == path_rgb}
        assert _components(inked) == 1, (a, b)
        touched = set()
        for edge, (mx, my) in enumerate(shape.midpoints):
            px, py = (centre[0] + mx) * s, (centre[1] + my) * s
            if any((px + dx, py + dy) in inked for dx in range(s) for dy in range(s)):
                touched.add(edge)
        assert touched == {a, b}, (a, b, touched)


def test_the_overlays_are_in_the_picture() -> None:
    """Cursor rim on all six sides, the held tile's paths, each what-if route in its
    gem's colour, gate labels on their owners' colours, the corners' arrows."""
    game = _midgame()
    marks = _busy_marks(game)
    layout = pixel_layout(84, 39, (10, 20))
    picture = draw_pixels(game.board, layout, palette.pixel_colours(True, False), marks).convert("RGB")
    data = _Pixels(picture)
    art = layout.art
    grid = art.grid
    s = layout.scale

    def colour_at(x: float, y: float) -> tuple[int, int, int]:
        px, py = layout.to_screen(x, y)
        return data[int(px) + s // 2, int(py) + s // 2]

    assert marks.cursor is not None
    cx, cy = art.board.centres[marks.cursor]
    shape = hex_shape(grid)
    for edge, (mx, my) in enumerate(shape.midpoints):
        # The rim along each side (a gem or a route may cover its middle).
        side = [(x, y) for x, y in shape.rim if abs(x - mx) + abs(y - my) <= grid.width // 4]
        shown = {colour_at(cx + x, cy + y) for x, y in side}
        assert _rgb(R.CURSOR_RIM) in shown, edge
    colours = {rgb for _, rgb in picture.getcolors(maxcolors=1 << 20) or []}
    assert _rgb(R.HELD) in colours
    for move in marks.preview:
        assert _rgb(R.GEM_ROLE[move.kind]) in colours
    for gate in range(len(GATE_CELLS)):
        owner = game.board.setup.gates[gate][0]
        lx, ly = label_point(layout, gate, gate_label(gate, game.board.setup.gates[gate]))
        near = {data[int(lx) + dx, int(ly) + dy] for dx in range(-s * 3, s * 3 + 1) for dy in (-s * 3, s * 3)}
        assert _rgb(R.SEAT0 + owner) in near, gate
    for corner in CORNER_ARROWS:
        ax, ay = layout.to_screen(*art.board.centres[corner])
        assert data[int(ax), int(ay)] == _rgb(R.ARROW)


def test_clicks_find_their_cell_in_pixels() -> None:
    layout = pixel_layout(84, 39, (10, 20))
    for cell, (x, y) in enumerate(layout.art.board.centres):
        assert cell_at(layout, *layout.to_screen(x + 0.5, y + 0.5)) == cell
    assert cell_at(layout, 0, 0) is None


def test_pixels_are_chosen_only_where_the_terminal_shows_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # Not on a terminal (as under pytest): nothing is asked, pixels fall back with one notice.
    assert probe("pixels", {"KITTY_WINDOW_ID": "1"}) is None
    assert probe("quadrant", {"KITTY_WINDOW_ID": "1"}) is None
    glyphs, notice = choose("pixels", {}, pixels=None)
    assert glyphs == "quadrant" and notice is not None and "text glyphs" in notice
    assert choose("pixels", {}, pixels="sixel") == ("pixels", None)
    assert choose("pixels", {}, pixels="kitty") == ("pixels", None)
    assert choose("auto", {"KITTY_WINDOW_ID": "1"}, pixels="kitty") == ("pixels", None)
    # auto never takes sixel (too slow to redraw on every key), nor pixels inside tmux.
    assert choose("auto", {"TERM": "foot"}, pixels="sixel") == ("sextant", None)
    assert choose("auto", {"TMUX": "/tmp/tmux-0/default,1,0"}, pixels="kitty") == ("quadrant", None)
    assert choose("auto", {"KITTY_WINDOW_ID": "1"}, pixels=None) == ("sextant", None)


def _transmitted(output: str) -> list[Image.Image]:
    """The pictures sent with the kitty graphics protocol (chunked base64 PNG)."""
    pictures: list[Image.Image] = []
    payload = ""
    for keys, chunk in re.findall(r"\x1b_G([^;\x1b]*);?([^\x1b]*)\x1b\\", output):
        fields = dict(part.split("=", 1) for part in keys.split(",") if "=" in part)
        if fields.get("f") == "100" or (payload and "a" not in fields):
            payload += chunk
            if fields.get("m") == "0":
                pictures.append(Image.open(io.BytesIO(base64.b64decode(payload))))
                payload = ""
    return pictures


@pytest.mark.usefixtures("every_frame")  # textual-image writes the picture as it is painted
async def test_the_board_in_kitty_pixels(make_app: AppFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the kitty renderer forced: the board hands textual-image our picture at
    exactly its cell area's pixel size, which is what reaches the terminal; a
    key, a rotation and a resize each send a new one."""
    sent = io.StringIO()
    monkeypatch.setattr(sys, "__stdout__", sent)
    support = PixelSupport(KITTY, (10, 20))
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        advance(app, 10, seed=2)
        screen = game_screen(app)
        app.pixel_support = support
        app.board_glyphs = "pixels"
        screen.apply_glyphs()
        board = screen.query_one(BoardView)
        await until(pilot, lambda: board.shown_picture is not None and bool(_transmitted(sent.getvalue())))
        await pilot.pause()
        width, height = board.size
        assert board.shown_picture is not None
        assert board.shown_picture.size == (width * 10, height * 20)
        assert _transmitted(sent.getvalue())[-1].size == (width * 10, height * 20)
        # Placed where the board is, with kitty's unicode placeholders (a virtual placement).
        assert re.search(rf"\x1b_Ga=p,i=\d+,c={width},r={height},U=1", sent.getvalue())
        before = board.shown_picture
        await pilot.press("d")
        await pilot.pause()
        assert board.shown_picture is not before
        await pilot.resize_terminal(200, 60)
        await until(pilot, lambda: board.size.width > width)
        await pilot.pause()
        shown = board.shown_picture
        assert shown is not None and shown.size == (board.size.width * 10, board.size.height * 20)
        await until(pilot, lambda: _transmitted(sent.getvalue())[-1].size == shown.size)
        # A click on a cell (through the picture widget) moves the cursor there.
        assert board.cell_at(0, 0) is None
        target = next(cell for cell in range(CELL_COUNT) if cell != screen.cursor and cell != CENTRE)
        assert board.cell_at(*board.char_of_cell(target)) == target
        await pilot.click(BoardView, offset=board.char_of_cell(target))
        await pilot.pause()
        assert screen.cursor == target


def test_a_zoomed_picture_follows_the_cursor_and_labels_only_gates_in_view() -> None:
    top = GATE_CELLS[0][1]  # the middle cell of gate 1's side, at the top
    layout = pixel_layout(84, 39, (10, 20), zoom=True, centre_cell=top)
    assert layout.zoomed
    width, height = layout.size
    x, y = layout.to_screen(*layout.art.board.centres[top])
    assert 0 <= x < width and 0 <= y < height
    _, bottom_y = label_point(layout, 3, "4B")  # gate 4, across the board
    assert bottom_y > height
    gx, gy = label_point(layout, 0, "1A")
    assert 0 <= gx < width and 0 <= gy < height
