"""Encoders: a block of sub-pixels, each on or off, as one terminal character.

Every encoder splits a character cell into ``cols`` x ``rows`` sub-pixels and
numbers them row by row from the top left, bit 0 first (the numbering of
Unicode's sextant and octant names, "BLOCK SEXTANT-1" being bit 0). A pattern
is the set of sub-pixels drawn in the foreground colour; the rest take the
background colour. The empty pattern is a space and the full one a full block.

- ``halfblock``: 1x2, ``▀ ▄ █``: in every font, the plainest.
- ``quadrant``: 2x2, U+2596..U+259F with ``▀ ▄ ▌ ▐ █``: in DejaVu Sans Mono
  and every common terminal font; the default.
- ``sextant``: 2x3, U+1FB00..U+1FB3B (Symbols for Legacy Computing); the two
  patterns that are half blocks use ``▌ ▐``.
- ``octant``: 2x4, U+1CD00..U+1CDE5 (Unicode 16, Symbols for Legacy Computing
  Supplement); the 26 patterns encoded elsewhere (quadrants, half and quarter
  blocks) use those characters.

Sextants and octants are drawn only by terminals that draw block characters
themselves (see :mod:`.detect`); fonts mostly lack them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from . import GLYPH_CHOICES as GLYPH_CHOICES  # where it was first defined

#: The quadrant characters by pattern (bit 0 upper left, 1 upper right, 2 lower left, 3 lower right).
_QUADRANTS: Final = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"

#: Octant patterns that Unicode encodes outside the octant block, and where.
_OCTANT_ELSEWHERE: Final[dict[int, str]] = {
    1: "\U0001cea8",  # LEFT HALF UPPER ONE QUARTER BLOCK
    2: "\U0001ceab",  # RIGHT HALF UPPER ONE QUARTER BLOCK
    3: "\U0001fb82",  # UPPER ONE QUARTER BLOCK
    20: "\U0001fbe6",  # MIDDLE LEFT ONE QUARTER BLOCK
    40: "\U0001fbe7",  # MIDDLE RIGHT ONE QUARTER BLOCK
    63: "\U0001fb85",  # UPPER THREE QUARTERS BLOCK
    64: "\U0001cea3",  # LEFT HALF LOWER ONE QUARTER BLOCK
    128: "\U0001cea0",  # RIGHT HALF LOWER ONE QUARTER BLOCK
    192: "▂",  # LOWER ONE QUARTER BLOCK
    252: "▆",  # LOWER THREE QUARTERS BLOCK
}


def _quadrant_of_octant(pattern: int) -> int | None:
    """The quadrant pattern an octant pattern is, when its rows come in equal pairs."""
    rows = [(pattern >> (2 * r)) & 3 for r in range(4)]
    if rows[0] != rows[1] or rows[2] != rows[3]:
        return None
    return rows[0] | (rows[2] << 2)


def _octant_table() -> tuple[str, ...]:
    table: list[str] = []
    next_code = 0x1CD00
    for pattern in range(256):
        quadrant = _quadrant_of_octant(pattern)
        if quadrant is not None:
            table.append(_QUADRANTS[quadrant])
        elif pattern in _OCTANT_ELSEWHERE:
            table.append(_OCTANT_ELSEWHERE[pattern])
        else:
            # The octant block lists the remaining patterns in ascending order.
            table.append(chr(next_code))
            next_code += 1
    assert next_code == 0x1CDE6
    return tuple(table)


def _sextant_table() -> tuple[str, ...]:
    table: list[str] = []
    next_code = 0x1FB00
    for pattern in range(64):
        if pattern == 0:
            table.append(" ")
        elif pattern == 63:
            table.append("█")
        elif pattern == 0b010101:
            table.append("▌")
        elif pattern == 0b101010:
            table.append("▐")
        else:
            table.append(chr(next_code))
            next_code += 1
    assert next_code == 0x1FB3C
    return tuple(table)


@dataclass(frozen=True)
class Encoder:
    """One way of turning sub-pixel patterns into characters."""

    name: str
    cols: int
    rows: int
    chars: tuple[str, ...]
    _patterns: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_patterns", {char: p for p, char in enumerate(self.chars)})

    @property
    def count(self) -> int:
        """Sub-pixels per character."""
        return self.cols * self.rows

    @property
    def full(self) -> int:
        return (1 << self.count) - 1

    def encode(self, pattern: int) -> str:
        return self.chars[pattern]

    def decode(self, char: str) -> int:
        """The pattern a character draws (``KeyError`` for a character it never makes)."""
        return self._patterns[char]


HALFBLOCK: Final = Encoder("halfblock", 1, 2, (" ", "▀", "▄", "█"))
QUADRANT: Final = Encoder("quadrant", 2, 2, tuple(_QUADRANTS))
SEXTANT: Final = Encoder("sextant", 2, 3, _sextant_table())
OCTANT: Final = Encoder("octant", 2, 4, _octant_table())

#: The text encoders by name.
ENCODERS: Final[dict[str, Encoder]] = {e.name: e for e in (QUADRANT, HALFBLOCK, SEXTANT, OCTANT)}
