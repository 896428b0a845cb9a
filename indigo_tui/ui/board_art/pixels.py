"""The board in real pixels, for terminals that show images (kitty graphics, sixel).

The same drawing as the text encoders, one pipeline: the board is laid out on
a lattice of square sub-pixels (the half-block lattice: one character is one
sub-pixel across and two down), drawn into the same raster of roles with the
same cursor, held tile, what-if routes and traced route, and every sub-pixel
becomes ``scale`` x ``scale`` screen pixels, so paths and rims stay crisp
lines ``scale`` pixels wide. What the text picture shows as characters (gems,
arrows, gate labels, where a route ends) is drawn here as shapes, from the
same list of glyphs and places (:mod:`.glyph_places`).

The picture is exactly the board widget's cell area times the terminal's cell
size in pixels, so the terminal shows it pixel for pixel (nothing rescales it).

Needs Pillow, which only pixel mode imports. Nothing here imports Textual.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw, ImageFont

from ...engine.board import Board
from ...engine.geometry import CENTRE
from . import roles as R
from .cells import Art, coordinate_text
from .glyph_places import (
    Arrow,
    CentreGems,
    Coordinates,
    GateLabel,
    Gem,
    RouteEnd,
    gate_label_anchor,
    mark_glyphs,
    position_glyphs,
)
from .glyphs import HALFBLOCK
from .hexgrid import SQRT3, fit_whole, fit_zoom, hex_shape
from .labels import gate_label
from .picture import Marks, board_raster
from .raster import Raster
from .roles import RGB, Colours

#: Sub-pixels across a hexagon the scale aims at: paths are about a
#: twenty-sixth of a hexagon wide, as on the real tiles' proportions.
TARGET_WIDTH: Final = 26
#: Below this many screen pixels across a hexagon the whole board is too small: zoom.
READABLE_PIXELS: Final = 36
#: Cells around the cursor a zoomed view shows.
ZOOM_RADIUS: Final = 2


@dataclass(frozen=True)
class PixelLayout:
    """Where the board lies in a picture of ``size`` screen pixels."""

    art: Art  # the square sub-pixel lattice (half-block characters)
    scale: int  # screen pixels per sub-pixel, across and down
    size: tuple[int, int]  # the picture: the widget's cell area in pixels
    origin: tuple[int, int]  # where sub-pixel (0, 0) of the board lands in the picture (screen pixels)
    zoomed: bool = False

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """A sub-pixel point of the board as a point of the picture."""
        return self.origin[0] + x * self.scale, self.origin[1] + y * self.scale

    def to_board(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.origin[0]) / self.scale, (py - self.origin[1]) / self.scale


def _hex_pixels(width: int, height: int) -> float:
    """About how many screen pixels across a hexagon gets when the whole board
    fills ``width`` x ``height``: nine hexagons and the gate bands across, about
    8.1 hexagon widths down."""
    return min(width / 9.3, height / 8.1)


def pixel_layout(
    cols: int,
    rows: int,
    cell: tuple[int, int],
    *,
    zoom: bool | None = None,
    centre_cell: int | None = None,
    mono: bool = False,
) -> PixelLayout:
    """The layout for a widget of ``cols`` x ``rows`` characters on a terminal whose
    characters are ``cell`` pixels (width, height): the whole board as large as it
    fits, or (``zoom``, or when the whole board would be too small to read) the
    cells around ``centre_cell``."""
    width, height = cols * cell[0], rows * cell[1]
    hex_px = _hex_pixels(width, height)
    zoomed = zoom if zoom is not None else hex_px < READABLE_PIXELS
    if zoomed:
        # 2 * radius + 1 hexagons across and down.
        span = 2 * ZOOM_RADIUS + 1
        hex_px = min(width / span, height / (SQRT3 / 2 * 2 * ZOOM_RADIUS + 1.155))
    scale = max(1, round(hex_px / TARGET_WIDTH))
    across, down = max(1, width // scale), max(1, height // scale)
    if zoomed:
        grid = fit_zoom(across, down // 2, HALFBLOCK.cols, HALFBLOCK.rows, ZOOM_RADIUS)
    else:
        grid = fit_whole(across, down // 2, HALFBLOCK.cols, HALFBLOCK.rows)
    art = Art(grid, HALFBLOCK, mono)
    board = art.board
    board_w, board_h = board.px_width * scale, board.px_height * scale
    if zoomed:
        # The cursor's cell in the middle, the board kept covering the picture where it can.
        cx, cy = board.centres[centre_cell if centre_cell is not None else CENTRE]
        x0 = _clamp(width / 2 - cx * scale, width - board_w, 0)
        y0 = _clamp(height / 2 - cy * scale, height - board_h, 0)
        origin = (round(x0), round(y0))
    else:
        origin = ((width - board_w) // 2, (height - board_h) // 2)
    return PixelLayout(art, scale, (width, height), origin, zoomed)


def _clamp(value: float, low: float, high: float) -> float:
    if low > high:  # the board is smaller than the picture that way: centred
        return (low + high) / 2
    return max(low, min(high, value))


def _palette(colours: Colours) -> list[int]:
    """The roles' colours as a picture's palette: a role is its own palette index."""
    palette: list[int] = []
    for rgb in colours.roles:
        palette.extend(rgb)
    return palette


def raster_image(raster: Raster, colours: Colours, scale: int) -> Image.Image:
    """A raster of roles as a palette picture, every sub-pixel ``scale`` x ``scale``
    pixels (no smoothing)."""
    image = Image.frombytes("P", (raster.width, raster.height), bytes(raster.pixels))
    image.putpalette(_palette(colours))
    if scale > 1:
        image = image.resize((raster.width * scale, raster.height * scale), Image.Resampling.NEAREST)
    return image


def draw_pixels(board: Board, layout: PixelLayout, colours: Colours, marks: Marks) -> Image.Image:
    """The board with ``marks`` on top as a picture of ``layout.size`` pixels.

    A palette picture (a few dozen colours, no anti-aliasing): the kitty graphics
    protocol's PNG of it takes a tenth of the time an RGB one does."""
    art = layout.art
    raster = board_raster(board, art, marks)
    picture = Image.new("P", layout.size, R.BG)
    picture.putpalette(_palette(colours))
    picture.paste(raster_image(raster, colours, layout.scale), layout.origin)
    _shapes(ImageDraw.Draw(picture), board, layout, colours, marks)
    return picture


# -- what the text picture writes as characters, drawn as shapes ----------------------------------


def _gem_shape(kind: str, x: float, y: float, r: float) -> list[tuple[float, float]] | None:
    """The outline of a gem's shape (None: a circle)."""
    if kind == "amber":  # ◆
        return [(x, y - r), (x + r * 0.85, y), (x, y + r), (x - r * 0.85, y)]
    if kind == "sapphire":  # ★
        points = []
        for k in range(10):
            radius = r * 1.15 if k % 2 == 0 else r * 0.55
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        return points
    return None  # emerald ●


def _gem(
    draw: ImageDraw.ImageDraw,
    kind: str,
    x: float,
    y: float,
    r: float,
    fill: RGB | None,
    line: RGB,
    width: int,
) -> None:
    """A gem's shape: filled, on a dark halo ``width`` pixels wide (so it stands out on
    a path of any colour without its own outline eating a star's thin arms), or,
    without ``fill``, hollow in ``line``."""
    if fill is None:
        outline = _gem_shape(kind, x, y, r)
        if outline is None:
            draw.ellipse((x - r * 0.85, y - r * 0.85, x + r * 0.85, y + r * 0.85), outline=line, width=width)
        else:
            draw.polygon(outline, outline=line, width=width)
        return
    for radius, colour in ((r + width * 1.5, line), (r, fill)):
        outline = _gem_shape(kind, x, y, radius)
        if outline is None:
            size = radius * 0.85
            draw.ellipse((x - size, y - size, x + size, y + size), fill=colour)
        else:
            draw.polygon(outline, fill=colour)


@lru_cache(maxsize=16)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=max(8, size))


def _shapes(
    draw: ImageDraw.ImageDraw, board: Board, layout: PixelLayout, colours: Colours, marks: Marks
) -> None:
    art = layout.art
    grid = art.grid
    s = layout.scale
    roles = colours.roles
    hex_px = grid.width * s
    r = max(3.0, hex_px * 0.14)  # a gem's size
    rim = roles[R.RIM]
    line = max(1, s)
    point = layout.to_screen

    def gem_role(kind: str) -> RGB:
        return roles[R.GEM_ROLE[kind]]

    # The glyphs the text picture draws as characters, as shapes here.
    hidden = marks.hidden_gems
    slots = tuple(-1 if gem in hidden else slot for gem, slot in enumerate(board.gem_slot))
    centre = tuple(gem for gem in board.centre if gem not in hidden)
    glyphs = [
        *position_glyphs(grid, board.setup.gates, slots, centre),
        *mark_glyphs(grid, marks.preview, marks.moving, marks.coordinates, marks.tagged),
    ]
    label = _label_radius(layout)
    font = _font(round(label * 1.5))
    for glyph in glyphs:
        if isinstance(glyph, Arrow):
            # A corner tile's arrow: a head pointing the way gems are sent.
            cx, cy = point(glyph.x, glyph.y)
            vx, vy = grid.edge_vector(glyph.edge)
            length = math.hypot(vx, vy * grid.pixel_h / grid.pixel_w) or 1.0
            ux, uy = vx / length, vy * grid.pixel_h / grid.pixel_w / length
            tip = (cx + ux * r * 1.6, cy + uy * r * 1.6)
            back = (cx - ux * r * 0.4, cy - uy * r * 0.4)
            side = (-uy * r * 0.9, ux * r * 0.9)
            wings = [(back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])]
            draw.polygon([tip, *wings], fill=roles[R.ARROW], outline=rim)
        elif isinstance(glyph, GateLabel):
            # The number and the owners' letters on their owners' colours.
            owners = glyph.owners
            text = gate_label(glyph.gate, owners)
            lx, ly = label_point(layout, glyph.gate, text)
            half = _label_half_width(layout, text)
            box = (lx - half, ly - label, lx + half, ly + label)
            first, second = owners[0], owners[-1]
            draw.rounded_rectangle(box, label, fill=roles[R.SEAT0 + first])
            # A shared gate: from its second letter on, the second owner's colour.
            head = text[:-1] if second != first else text
            split = lx - _font_length(font, text) / 2 + _font_length(font, head)
            if second != first:
                draw.rounded_rectangle((split, box[1], box[2], box[3]), label, fill=roles[R.SEAT0 + second],
                                       corners=(False, True, True, False))  # fmt: skip
            draw.rounded_rectangle(box, label, outline=rim, width=line)
            left = lx - _font_length(font, text) / 2
            for part, owner, x in ((head, first, left), (text[len(head) :], second, split)):
                if part:
                    draw.text((x, ly), part, fill=colours.ink_on_seat[owner], font=font, anchor="lm",
                              stroke_width=max(1, s // 2), stroke_fill=roles[R.SEAT0 + owner])  # fmt: skip
        elif isinstance(glyph, CentreGems):
            # The centre's gems, in rows of three.
            cx, cy = point(glyph.x, glyph.y)
            rows = [glyph.kinds[i : i + 3] for i in range(0, len(glyph.kinds), 3)]
            step = r * 2.2
            for k, row in enumerate(rows):
                y = cy + (k - (len(rows) - 1) / 2) * step
                for j, kind in enumerate(row):
                    x = cx + (j - (len(row) - 1) / 2) * step
                    _gem(draw, kind, x, y, r, gem_role(kind), rim, line)
        elif isinstance(glyph, Gem):
            _gem(draw, glyph.kind, *point(glyph.x, glyph.y), r, gem_role(glyph.kind), rim, line)
        elif isinstance(glyph, RouteEnd):
            # Out through a gate (on the scorer's colour), a meeting, a rest.
            x, y = point(glyph.x, glyph.y)
            colour = gem_role(glyph.kind)
            if glyph.outcome == "gate":
                if glyph.scorer is not None:
                    draw.ellipse((x - r * 1.3, y - r * 1.3, x + r * 1.3, y + r * 1.3),
                                 fill=roles[R.SEAT0 + glyph.scorer], outline=rim, width=line)  # fmt: skip
                _gem(draw, glyph.kind, x, y, r, colour, rim, line)
            elif glyph.outcome == "met":
                for dx in (-1, 1):
                    draw.line((x - r, y - dx * r, x + r, y + dx * r), fill=colour, width=max(2, 2 * s))
            else:
                # A hollow gem where it would come to rest.
                _gem(draw, glyph.kind, x, y, r, None, colour, max(2, 2 * s))
    _coordinates(draw, layout, colours, [g for g in glyphs if isinstance(g, Coordinates)])


def _coordinates(
    draw: ImageDraw.ImageDraw, layout: PixelLayout, colours: Colours, glyphs: list[Coordinates]
) -> None:
    """Every cell's coordinates a little below its middle (clear of the centre's gems),
    and the tagged cell's in a tag on its lowest corner, as the text picture has them."""
    shape = hex_shape(layout.art.grid)
    roles = colours.roles
    font = _font(round(layout.art.grid.width * layout.scale * 0.16))
    for glyph in glyphs:
        text = coordinate_text(glyph.cell)
        if not glyph.tagged:
            x, y = layout.to_screen(glyph.x, glyph.y + shape.bottom * 0.45)
            draw.text((x, y), text, fill=roles[R.COORD], font=font, anchor="mm",
                      stroke_width=max(1, layout.scale), stroke_fill=roles[R.BG])  # fmt: skip
        else:
            x, y = layout.to_screen(glyph.x, glyph.y + shape.bottom)
            left, top, right, bottom = draw.textbbox((x, y), text, font=font, anchor="mm")
            pad = max(2, layout.scale)
            draw.rectangle((left - pad, top - pad, right + pad, bottom + pad), fill=roles[R.CURSOR_RIM])
            draw.text((x, y), text, fill=roles[R.INK], font=font, anchor="mm")


def label_point(layout: PixelLayout, gate: int, text: str) -> tuple[float, float]:
    """Where the middle of a gate's label ``text`` sits in the picture: a little
    beyond the corner that sticks out in the middle of its side (on the band,
    clear of the paths), kept inside the picture; in a zoomed view, only the
    gates at its edge or in it."""
    x, y = layout.to_screen(*gate_label_anchor(layout.art.grid, gate))
    room_x = _label_half_width(layout, text) + 1
    room_y = _label_radius(layout) + 1
    width, height = layout.size
    if layout.zoomed and not (-room_x <= x <= width + room_x and -room_y <= y <= height + room_y):
        return x, y  # a gate out of the zoomed view has no label in it
    return max(room_x, min(width - room_x, x)), max(room_y, min(height - room_y, y))


def _label_radius(layout: PixelLayout) -> float:
    return max(5.0, layout.art.grid.width * layout.scale * 0.17)


def _label_half_width(layout: PixelLayout, text: str) -> float:
    """Half a label's width: its text with a margin of half its height each side."""
    label = _label_radius(layout)
    return max(label, _font_length(_font(round(label * 1.5)), text) / 2 + label * 0.5)


def _font_length(font: ImageFont.FreeTypeFont | ImageFont.ImageFont, text: str) -> float:
    return float(font.getlength(text))


def cell_at(layout: PixelLayout, px: float, py: float) -> int | None:
    """The cell under a point of the picture (screen pixels), or None off the board."""
    art = layout.art
    grid = art.grid
    x, y = layout.to_board(px, py)
    shape = hex_shape(grid)
    best, best_d = None, math.inf
    for cell, (cx, cy) in enumerate(art.board.centres):
        d = ((x - cx) * grid.pixel_w) ** 2 + ((y - cy) * grid.pixel_h) ** 2
        if d < best_d:
            best, best_d = cell, d
    if best is None:
        return None
    cx, cy = art.board.centres[best]
    if (math.floor(x - cx), math.floor(y - cy)) not in shape.pixels:
        return None
    return best
