"""Colours for the board's roles, one set for dark themes and one for light.

A tile's three paths are white, grey-blue and dusty rose: quiet colours, so
the gems and the preview's routes (drawn in the moving gem's colour) stand out.

Seats are red, violet, cyan and pink; gems are amber (yellow), emerald
(green) and sapphire (blue): seven hues chosen to stay apart from each other
on both backgrounds. Every gem also has its own glyph and every gate its
number, so the board still reads without colour.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from rich.style import Style

SEAT_NAMES: Final = ("red", "violet", "cyan", "pink")

_DARK: Final[dict[str, str]] = {
    "seat0": "#ff5a5f",
    "seat1": "#b18cff",
    "seat2": "#2fd3e0",
    "seat3": "#ff8ad8",
    "gem:amber": "#ffc233",
    "gem:emerald": "#3ddc6b",
    "gem:sapphire": "#5c8dff",
    "outline": "#4a5260",
    "path0": "#ffffff",
    "path1": "#b4c3d6",
    "path2": "#f29c9c",
    "held": "#ffffff",
    "illegal": "#ff4040",
    "arrow": "#ffc233",
    "bg-tile": "#1b2b44",
    "bg-treasure": "#2e2448",
    "bg-cursor": "#3b5f96",
    "bg-last": "#4d4220",
    "bg-illegal": "#6a1f2a",
}

_LIGHT: Final[dict[str, str]] = {
    "seat0": "#d1242f",
    "seat1": "#7a3fd6",
    "seat2": "#00838f",
    "seat3": "#c2187a",
    "gem:amber": "#b07800",
    "gem:emerald": "#1a8a3a",
    "gem:sapphire": "#1f4fd1",
    "outline": "#b8bcc4",
    "path0": "#202020",
    "path1": "#7a8494",
    "path2": "#a84f4f",
    "held": "#000000",
    "illegal": "#d00000",
    "arrow": "#b07800",
    "bg-tile": "#dde6f3",
    "bg-treasure": "#ece0f5",
    "bg-cursor": "#a9c8ff",
    "bg-last": "#f3e0a0",
    "bg-illegal": "#ffc4c4",
}


def colour(role: str, dark: bool = True) -> str:
    """The colour of a role; gate roles take their seat's colour."""
    table = _DARK if dark else _LIGHT
    if role.startswith("gate"):
        role = "seat" + role[4:]
    return table.get(role, table["path0"])


@lru_cache(maxsize=512)
def style(fg: str, bg: str, bold: bool, dark: bool) -> Style:
    """A Rich style for a run of the canvas (cached: the board asks thousands of times)."""
    table = _DARK if dark else _LIGHT
    if fg.startswith("gate"):
        # Gate numbers sit on their owner's colour so they show from afar.
        return Style(color="#000000" if dark else "#ffffff", bgcolor=colour(fg, dark), bold=True)
    return Style(
        color=table.get(fg) if fg else None,
        bgcolor=table.get(bg) if bg else None,
        bold=bold,
    )


def seat_colour(seat: int, dark: bool = True) -> str:
    return colour(f"seat{seat}", dark)
