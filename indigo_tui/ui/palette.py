"""Colours for the board's roles, one set for dark themes and one for light.

Tiles are one colour with a dark rim; every path is one light colour (dark
on light themes); empty cells are a quiet grey, treasure tiles purple. The
gems' colours (amber, emerald, sapphire) are kept for gems and the what-if
routes, the seats' (red, violet, cyan, pink) for gates and the scoreboard.
Every gem also has its own glyph and every gate its number, so the board
still reads without colour.

Every colour here is one of the 240 fixed colours of a 256-colour terminal
(the 6x6x6 cube and the grey ramp), so tmux's default 256 colours show
what a true-colour terminal shows: purple treasure stays purple,
and a shared gate's two seats stay apart (violet is a deep blue-violet,
pink a pale rose). ``tests/ui/test_palette.py`` checks this.

A person may choose another palette (``--palette``, ``$INDIGO_PALETTE``,
"Colours" in the command palette, remembered): :data:`PALETTES`. The
``okabe-ito`` palette is built on Okabe and Ito's colours for colour-blind
readers (orange, sky blue, bluish green, yellow, blue, vermillion, reddish
purple), each taken to its nearest 256-colour terminal colour and, where the
board's fills asked for it, a shade lighter or darker: every pair of colours
that carries meaning (the gems, the seats, a gem on the tile or cell it rests
on, a gate band on the background, a gate's number on its band, the traced
route, the refused cursor, the last tile, the cursor's rim, the corners'
arrows) stays apart under simulated deuteranopia, protanopia and tritanopia,
as ``tests/ui/test_colour_vision.py`` computes.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from rich.style import Style

from .board_art import PALETTE_CHOICES
from .board_art import roles as R
from .board_art.roles import Colours

_DARK: Final[dict[int, str]] = {
    R.BG: "#121212",
    R.EMPTY: "#303030",
    R.EMPTY_RIM: "#080808",
    R.EMPTY_RIM_GAP: "#080808",
    R.TILE: "#00005f",
    R.RIM: "#080808",
    R.TREASURE: "#5f0087",
    R.LAST: "#5f5f00",
    R.PATH: "#ffffd7",
    R.CURSOR: "#005f5f",
    R.CURSOR_RIM: "#ffff00",
    R.HELD: "#ffffff",
    R.ILLEGAL: "#870000",
    R.ILLEGAL_RIM: "#ff5f5f",
    R.AMBER: "#ffaf00",
    R.EMERALD: "#00d75f",
    R.SAPPHIRE: "#5fafff",
    R.TRACE: "#ff5fff",
    R.SEAT0: "#ff5f5f",
    R.SEAT1: "#875fff",
    R.SEAT2: "#00d7d7",
    R.SEAT3: "#ffd7ff",
    R.MAP_VIEW: "#808080",
    R.INK: "#000000",
    R.ARROW: "#ffaf00",
    R.QUIET_PATH: "#5f5f87",
    R.COORD: "#8a8a8a",
}

_LIGHT: Final[dict[int, str]] = {
    R.BG: "#e4e4e4",
    R.EMPTY: "#c6c6c6",
    R.EMPTY_RIM: "#8a8a8a",
    R.EMPTY_RIM_GAP: "#8a8a8a",
    R.TILE: "#87afd7",
    R.RIM: "#3a3a3a",
    R.TREASURE: "#af87d7",
    R.LAST: "#d7d787",
    R.PATH: "#000000",
    R.CURSOR: "#ffffaf",
    R.CURSOR_RIM: "#d70000",
    R.HELD: "#000000",
    R.ILLEGAL: "#ffafaf",
    R.ILLEGAL_RIM: "#d70000",
    R.AMBER: "#d78700",
    R.EMERALD: "#008700",
    R.SAPPHIRE: "#005fd7",
    R.TRACE: "#d700d7",
    R.SEAT0: "#d70000",
    R.SEAT1: "#5f00d7",
    R.SEAT2: "#008787",
    R.SEAT3: "#ff87d7",
    R.MAP_VIEW: "#808080",
    R.INK: "#ffffff",
    R.ARROW: "#af5f00",
    R.QUIET_PATH: "#5f5f87",
    R.COORD: "#585858",
}

#: Text on a seat's colour: dark ink on the light seat colours of dark themes, and so on.
_INK_ON_SEAT: Final[dict[bool, tuple[str, ...]]] = {
    True: ("#000000", "#ffffff", "#000000", "#000000"),
    False: ("#ffffff", "#ffffff", "#ffffff", "#000000"),
}

_GEM_ROLES: Final = {"gem:amber": R.AMBER, "gem:emerald": R.EMERALD, "gem:sapphire": R.SAPPHIRE}


#: The palettes, the default first.
PALETTES: Final = PALETTE_CHOICES
#: The environment variable that chooses a palette (below ``--palette``, above the saved one).
PALETTE_ENV: Final = "INDIGO_PALETTE"

#: What each palette changes of the default, by theme (dark True, light False):
#: role colours, and the ink on each seat's colour.
_CHANGES: Final[dict[str, dict[bool, dict[int, str]]]] = {
    "default": {True: {}, False: {}},
    "okabe-ito": {
        True: {
            R.AMBER: "#d7af00",  # orange, to gold: apart from the teal emerald for red-green blindness
            R.EMERALD: "#008787",  # bluish green, darker than the sapphire for blue-yellow blindness
            R.SAPPHIRE: "#87d7ff",  # sky blue, lightened on the navy tiles
            R.SEAT0: "#d75f00",  # vermillion
            R.SEAT1: "#5fafff",  # sky blue
            R.SEAT2: "#ffd75f",  # yellow
            R.SEAT3: "#875f87",  # reddish purple, darkened: apart from the yellow in brightness too
        },
        False: {
            R.AMBER: "#875f00",  # orange, darkened: every gem reads on the light blue tiles
            R.EMERALD: "#00875f",  # bluish green
            R.SAPPHIRE: "#0000d7",  # blue
            R.SEAT0: "#d75f00",  # vermillion
            R.SEAT1: "#0087d7",  # blue
            R.SEAT2: "#ffd700",  # yellow
            R.SEAT3: "#87005f",  # reddish purple
            R.TRACE: "#af0087",  # reddish purple: the default magenta is too near the tiles' blue
            R.ILLEGAL: "#d78787",  # a refused cursor apart from the pale yellow of a legal one
        },
    },
}
_INK_CHANGES: Final[dict[str, dict[bool, tuple[str, ...]]]] = {
    "default": {},
    "okabe-ito": {
        True: ("#000000", "#000000", "#000000", "#ffffff"),
        False: ("#000000", "#ffffff", "#000000", "#ffffff"),
    },
}

_palette = "default"


def use_palette(name: str) -> None:
    """Colour the board with palette ``name`` (one of :data:`PALETTES`) from now on."""
    global _palette
    if name not in PALETTES:
        raise ValueError(name)  # the command line offers only PALETTES
    _palette = name
    _table.cache_clear()
    style.cache_clear()
    pixel_colours.cache_clear()


def current_palette() -> str:
    return _palette


def choose_palette(cli: str | None, environ: Mapping[str, str], saved: str | None) -> str:
    """The palette to use: ``--palette``, else the environment's, else the
    saved choice, else the default; a name no palette has counts as none."""
    for asked in (cli, environ.get(PALETTE_ENV), saved):
        if asked and asked.strip().lower() in PALETTES:
            return asked.strip().lower()
    return PALETTES[0]


def use_chosen_palette(cli: str | None = None) -> str:
    """Use the palette :func:`choose_palette` finds (the saved choice read
    from the settings); its name."""
    import os

    from .settings import load_settings

    name = choose_palette(cli, os.environ, load_settings()[0].palette)
    use_palette(name)
    return name


@lru_cache(maxsize=2)
def _table(dark: bool) -> dict[int, str]:
    """Every role's colour in the palette in use."""
    return {**(_DARK if dark else _LIGHT), **_CHANGES[_palette][dark]}


def _ink(dark: bool) -> tuple[str, ...]:
    return _INK_CHANGES[_palette].get(dark, _INK_ON_SEAT[dark])


def role_colour(role: int, dark: bool = True) -> str:
    return _table(dark)[role]


def colour(role: str, dark: bool = True) -> str:
    """The colour of a named role: ``seatN``/``gateN`` or ``gem:KIND``."""
    if role.startswith(("seat", "gate")):
        return role_colour(R.SEAT0 + int(role[4:]), dark)
    return role_colour(_GEM_ROLES.get(role, R.PATH), dark)


def seat_colour(seat: int, dark: bool = True) -> str:
    return role_colour(R.SEAT0 + seat, dark)


@lru_cache(maxsize=2048)
def style(fg: int, bg: int, bold: bool, dark: bool) -> Style:
    """A Rich style for a run of the board's picture (cached: a frame asks thousands of times).

    ``fg`` is -1 for runs of spaces (only the background shows)."""
    table = _table(dark)
    colour_: str | None
    if fg == R.INK and R.SEAT0 <= bg <= R.SEAT3:
        colour_ = _ink(dark)[bg - R.SEAT0]
    else:
        colour_ = table[fg] if fg >= 0 else None
    return Style(color=colour_, bgcolor=table[bg], bold=bold)


def ink_on_seat(seat: int, dark: bool = True) -> str:
    """The colour of text (a gate's number) on a seat's colour."""
    return _ink(dark)[seat]


def _rgb(colour: str) -> tuple[int, int, int]:
    value = colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


@lru_cache(maxsize=4)
def pixel_colours(dark: bool, mono: bool) -> Colours:
    """Every role's colour for the pixel pictures; without colour, ink and blank."""
    table = _table(dark)
    roles = tuple(_rgb(table[role]) for role in range(R.ROLE_COUNT))
    inks = tuple(_rgb(ink_on_seat(seat, dark)) for seat in range(4))
    if mono:
        ink, blank = roles[R.PATH], roles[R.BG]
        roles = tuple(ink if role in R.MONO_INK else blank for role in range(R.ROLE_COUNT))
        inks = (blank,) * 4
    return Colours(roles, inks)
