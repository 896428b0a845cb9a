"""What each sub-pixel and glyph of the board is: a role, turned into a colour by the palette.

Roles are small integers so that a raster is a ``bytearray``. When a
character can show only two colours, the role with the higher *priority*
becomes the foreground (so a thin path, a rim or a route survives next to a
large fill) and the most frequent of the others the background.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

BG: Final = 0  # around the board
EMPTY: Final = 1  # an empty cell's fill
EMPTY_RIM: Final = 2  # an empty cell's rim (every other sub-pixel of it, see EMPTY_RIM_GAP)
EMPTY_RIM_GAP: Final = 3  # the rest of an empty cell's rim: coloured as EMPTY_RIM, blank without colour
TILE: Final = 4  # a path tile's fill
RIM: Final = 5  # the dark rim around a tile
TREASURE: Final = 6  # a treasure tile's fill
LAST: Final = 7  # the fill of the tile placed last
PATH: Final = 8  # every path
CURSOR: Final = 9  # the cursor cell's fill
CURSOR_RIM: Final = 10
HELD: Final = 11  # the held tile's paths at the cursor
ILLEGAL: Final = 12  # the cursor cell's fill where the held tile may not go
ILLEGAL_RIM: Final = 13
AMBER: Final = 14  # gems and their routes
EMERALD: Final = 15
SAPPHIRE: Final = 16
TRACE: Final = 17  # a route highlighted on request
SEAT0: Final = 18  # seats' colours (gate bands and labels), SEAT0 + seat
SEAT1: Final = 19
SEAT2: Final = 20
SEAT3: Final = 21
MAP_VIEW: Final = 22  # the part of the small map the zoomed view shows
INK: Final = 23  # text on a coloured label
ARROW: Final = 24  # a corner tile's arrow
QUIET_PATH: Final = 25  # the paths of tiles away from the cursor and the routes on show
COORD: Final = 26  # the coordinates on the board's rim
ROLE_COUNT: Final = 27

GEM_ROLE: Final[dict[str, int]] = {"amber": AMBER, "emerald": EMERALD, "sapphire": SAPPHIRE}

#: Higher wins the foreground of a character that holds more than two roles.
#: The held tile's paths win over the cursor's rim: on small hexagons a short
#: curve runs beside the rim, and where the rim won it read as part of the rim.
PRIORITY: Final[bytes] = bytes(
    {
        BG: 0,
        EMPTY: 1,
        EMPTY_RIM: 3,
        EMPTY_RIM_GAP: 2,
        TILE: 1,
        RIM: 3,
        TREASURE: 1,
        LAST: 1,
        PATH: 6,
        CURSOR: 1,
        CURSOR_RIM: 7,
        HELD: 8,
        ILLEGAL: 1,
        ILLEGAL_RIM: 7,
        AMBER: 9,
        EMERALD: 9,
        SAPPHIRE: 9,
        TRACE: 9,
        SEAT0: 5,
        SEAT1: 5,
        SEAT2: 5,
        SEAT3: 5,
        MAP_VIEW: 4,
        INK: 9,
        ARROW: 9,
        QUIET_PATH: 6,
        COORD: 9,
    }[role]
    for role in range(ROLE_COUNT)
)

#: Without colour (``NO_COLOR``) a character is ink or blank: the roles that
#: stay ink are paths, routes, the cursor's rim, gate bands and every other
#: sub-pixel of an empty cell's rim (a dotted outline: empty reads as empty);
#: fills and tiles' rims go blank, so tiles are their paths.
MONO_INK: Final = frozenset(
    {EMPTY_RIM, PATH, CURSOR_RIM, HELD, ILLEGAL_RIM, AMBER, EMERALD, SAPPHIRE, TRACE, SEAT0, SEAT1, SEAT2,
     SEAT3, MAP_VIEW, INK, ARROW, QUIET_PATH, COORD}
)  # fmt: skip
MONO_TABLE: Final[bytes] = bytes(PATH if role in MONO_INK else BG for role in range(256))

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Colours:
    """Every role's colour as (red, green, blue), and the ink that reads on each
    seat's colour: what the pixel pictures are painted with."""

    roles: tuple[RGB, ...]
    ink_on_seat: tuple[RGB, ...]
