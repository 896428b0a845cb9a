"""Raster primitives: sub-pixel rasters of roles, the pen that draws into them,
and the picture of characters they are encoded into.

A :class:`Raster` holds one *role* (see :mod:`.roles`) per sub-pixel; a
:class:`Pen` draws hexagons, rims and paths into it (or into an overlay over
it); :meth:`Raster.encode` turns it into a :class:`Picture`, characters with a
foreground and a background role each, whose lines come out as runs of one
style. Nothing here knows the board or imports Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from . import roles as R
from .glyphs import Encoder
from .hexgrid import HexGrid, Pixel, bridge_gap, hex_shape, path_pixels

#: Lines of pictures already split into runs, by their characters and roles (the
#: oldest dropped first): a few hundred lines of the board's picture at each size.
_LINES: dict[tuple[str, bytes, bytes, bytes], list[tuple[str, int, int, bool]]] = {}


LINES_KEPT: Final = 2048


@dataclass
class Picture:
    """Characters with a foreground and background role each (row by row)."""

    cols: int
    rows: int
    chars: list[str]
    fg: list[int]
    bg: list[int]
    bold: list[bool] = field(default_factory=list)
    #: The picture this one was copied from, and the rows changed since: an
    #: unchanged row's runs come from there (worked out once per position).
    base: Picture | None = None
    dirty: set[int] = field(default_factory=set)
    _runs: dict[tuple[int, int, int], list[tuple[str, int, int, bool]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.bold:
            self.bold = [False] * (self.cols * self.rows)

    @classmethod
    def blank(cls, cols: int, rows: int) -> Picture:
        n = cols * rows
        return cls(cols, rows, [" "] * n, [R.BG] * n, [R.BG] * n)

    def copy(self) -> Picture:
        return Picture(self.cols, self.rows, self.chars[:], self.fg[:], self.bg[:], self.bold[:], base=self)

    def put(self, col: int, row: int, text: str, fg: int, bg: int | None = None, bold: bool = True) -> None:
        """Glyphs over the characters; the background stays unless given."""
        for offset, char in enumerate(text):
            c = col + offset
            if 0 <= c < self.cols and 0 <= row < self.rows:
                self.dirty.add(row)
                i = row * self.cols + c
                self.chars[i] = char
                self.fg[i] = fg
                if bg is not None:
                    self.bg[i] = bg
                self.bold[i] = bold

    def line(self, row: int, start: int = 0, end: int | None = None) -> list[tuple[str, int, int, bool]]:
        """One row as runs of ``(text, fg, bg, bold)``, neighbours with one style merged."""
        stop = self.cols if end is None else min(end, self.cols)
        if self.base is not None and row not in self.dirty:
            return self.base.line(row, start, stop)
        key = (row, start, stop)
        if self.base is None and key in self._runs:
            return self._runs[key]
        runs = self._line(row, start, stop)
        if self.base is None:
            self._runs[key] = runs
        return runs

    def _line(self, row: int, start: int, stop: int) -> list[tuple[str, int, int, bool]]:
        first, end = row * self.cols + max(0, start), row * self.cols + stop
        chars = self.chars[first:end]
        if not chars:
            return []
        fg, bg, bold = self.fg[first:end], self.bg[first:end], self.bold[first:end]
        # The same line comes back as the cursor moves to and fro: its runs are kept.
        key = ("".join(chars), bytes(fg), bytes(bg), bytes(bold))
        found = _LINES.get(key)
        if found is not None:
            return found
        # A space shows only its background: merge it with any foreground.
        styles = [
            (-1, b, False) if c == " " else (f, b, d) for c, f, b, d in zip(chars, fg, bg, bold, strict=True)
        ]
        runs: list[tuple[str, int, int, bool]] = []
        begin = 0
        style = styles[0]
        for i, here in enumerate(styles):
            if here != style:
                runs.append(("".join(chars[begin:i]), *style))
                begin, style = i, here
        runs.append(("".join(chars[begin:]), *style))
        if len(_LINES) >= LINES_KEPT:
            _LINES.pop(next(iter(_LINES)))
        _LINES[key] = runs
        return runs

    def text(self) -> str:
        """The characters alone (for tests and logs)."""
        return "\n".join(
            "".join(self.chars[r * self.cols : (r + 1) * self.cols]).rstrip() for r in range(self.rows)
        )


def encode_cell(values: list[int], enc: Encoder) -> tuple[str, int, int]:
    """One character for the roles of its sub-pixels: the best two colours and the pattern."""
    first = values[0]
    if values.count(first) == len(values):
        return " ", first, first
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    priority = R.PRIORITY
    # The foreground: the most important role (thin paths and rims survive),
    # then the rarer one; the background: the most frequent of the others.
    fg = max(counts, key=lambda v: (priority[v], -counts[v], v))
    bg = max((v for v in counts if v != fg), key=lambda v: (counts[v], priority[v], v))
    pattern = 0
    for k, v in enumerate(values):
        if v == fg:
            pattern |= 1 << k
    return enc.chars[pattern], fg, bg


@dataclass
class Raster:
    """Sub-pixel roles, ``width`` x ``height`` (whole characters)."""

    width: int
    height: int
    pixels: bytearray

    @classmethod
    def blank(cls, width: int, height: int, role: int = R.BG) -> Raster:
        return cls(width, height, bytearray([role]) * (width * height))

    def encode(self, enc: Encoder) -> Picture:
        """Every character of the raster (the same sub-pixels always give the same character)."""
        cols, rows = self.width // enc.cols, self.height // enc.rows
        picture = Picture.blank(cols, rows)
        memo = memo_for(enc)
        width, pixels = self.width, self.pixels
        span = enc.cols
        i = 0
        for row in range(rows):
            lines = [
                pixels[(row * enc.rows + dy) * width : (row * enc.rows + dy + 1) * width]
                for dy in range(enc.rows)
            ]
            for col in range(cols):
                a = col * span
                key = b"".join(line[a : a + span] for line in lines)
                found = memo.get(key)
                if found is None:
                    found = memo[key] = encode_cell(list(key), enc)
                picture.chars[i], picture.fg[i], picture.bg[i] = found
                i += 1
        return picture


@lru_cache(maxsize=8)
def memo_for(enc: Encoder) -> dict[bytes, tuple[str, int, int]]:
    """Characters already worked out, by their sub-pixels' roles."""
    return {}


class Pen:
    """Draws roles into a raster, or into an overlay over it (remembering which characters it touched)."""

    def __init__(self, raster: Raster, overlay: dict[int, int] | None = None) -> None:
        self.raster = raster
        self.overlay = overlay

    def set(self, x: int, y: int, role: int) -> None:
        r = self.raster
        if 0 <= x < r.width and 0 <= y < r.height:
            if self.overlay is None:
                r.pixels[y * r.width + x] = role
            else:
                self.overlay[y * r.width + x] = role

    def get(self, x: int, y: int) -> int:
        r = self.raster
        if not (0 <= x < r.width and 0 <= y < r.height):
            return R.BG
        i = y * r.width + x
        if self.overlay is not None and i in self.overlay:
            return self.overlay[i]
        return r.pixels[i]

    def fill_hex(self, grid: HexGrid, centre: Pixel, role: int) -> None:
        cx, cy = centre
        r = self.raster
        if self.overlay is None:
            fill = bytes([role])
            for y, x0, x1 in hex_shape(grid).rows:
                yy = cy + y
                if 0 <= yy < r.height:
                    a, b = max(0, cx + x0), min(r.width, cx + x1 + 1)
                    if a < b:
                        r.pixels[yy * r.width + a : yy * r.width + b] = fill * (b - a)
        else:
            for y, x0, x1 in hex_shape(grid).rows:
                for x in range(x0, x1 + 1):
                    self.set(cx + x, cy + y, role)

    def pixels(self, centre: Pixel, points: tuple[Pixel, ...] | list[Pixel], role: int) -> None:
        cx, cy = centre
        for x, y in points:
            self.set(cx + x, cy + y, role)

    def rim(self, grid: HexGrid, centre: Pixel, role: int, gap_role: int | None = None) -> None:
        """The rim of a cell; with ``gap_role``, every other sub-pixel of it takes that role (dotted)."""
        cx, cy = centre
        for x, y in hex_shape(grid).rim:
            dotted = gap_role is not None and (x + y) % 2
            self.set(cx + x, cy + y, gap_role if dotted and gap_role is not None else role)

    def tile_paths(self, grid: HexGrid, centre: Pixel, paths: tuple[tuple[int, int], ...], role: int,
                   fill: int) -> None:  # fmt: skip
        """A tile's paths, with their bridges (see :func:`tile_drawing`)."""
        cx, cy = centre
        ink, gaps = tile_drawing(grid, paths)
        for x, y in gaps:
            self.set(cx + x, cy + y, fill)
        for x, y in ink:
            self.set(cx + x, cy + y, role)

    def thick_path(self, grid: HexGrid, centre: Pixel, a: int, b: int, role: int) -> None:
        """A path two sub-pixels wide (a route), kept inside its cell."""
        cx, cy = centre
        inside = hex_shape(grid).pixels
        for x, y in path_pixels(grid, a, b):
            for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
                p = (x + dx, y + dy)
                if p in inside:
                    self.set(cx + p[0], cy + p[1], role)


@lru_cache(maxsize=512)
def tile_drawing(
    grid: HexGrid, paths: tuple[tuple[int, int], ...]
) -> tuple[frozenset[Pixel], frozenset[Pixel]]:
    """A tile's paths as sub-pixels to ink, and the gaps beside its bridges.

    A straight crosses the curves on a bridge (the curve has a gap beside it),
    and one long curve crosses the other, so which edges pair up stays plain.
    Straights cross each other at the centre without gaps: a star reads as straights."""
    drawn: list[tuple[tuple[Pixel, ...], bool]] = []
    ink: set[Pixel] = set()
    gaps: set[Pixel] = set()
    for a, b in sorted(paths, key=lambda p: (p[1] - p[0]) % 6 == 3):
        points = path_pixels(grid, a, b)
        straight = (b - a) % 6 == 3
        for under, under_straight in drawn:
            if not (straight and under_straight):
                gap = bridge_gap(points, under)
                ink -= gap
                gaps |= gap
        ink |= set(points)
        gaps -= set(points)
        drawn.append((points, straight))
    return frozenset(ink), frozenset(gaps)
