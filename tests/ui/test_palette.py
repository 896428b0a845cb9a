"""The board's colours: the same at 256 colours as in true colour, and apart where they must be."""

from __future__ import annotations

import colorsys
from collections.abc import Iterator

import pytest
from rich.color import Color, ColorSystem

from indigo_tui.engine import Setup
from indigo_tui.ui import palette
from indigo_tui.ui.board_art import roles as R


@pytest.fixture(autouse=True, params=palette.PALETTES)
def each_palette(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test here holds for every palette a person may choose."""
    palette.use_palette(request.param)
    yield
    palette.use_palette("default")


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    triplet = Color.parse(hex_colour).get_truecolor()
    return triplet.red, triplet.green, triplet.blue


def _at_256(hex_colour: str) -> tuple[int, int, int]:
    """What a 256-colour terminal (tmux's default) shows for a colour."""
    triplet = Color.parse(hex_colour).downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
    return triplet.red, triplet.green, triplet.blue


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_every_board_colour_is_a_256_colour_terminal_colour(dark: bool) -> None:
    for role in range(R.ROLE_COUNT):
        colour = palette.role_colour(role, dark)
        # Colours are exact; Rich maps the lightest greys one step of the grey ramp darker.
        assert _distance(_at_256(colour), _rgb(colour)) <= 18, f"role {role}: {colour} changes at 256 colours"


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_treasure_tiles_stay_purple_at_256_colours(dark: bool) -> None:
    r, g, b = _at_256(palette.role_colour(R.TREASURE, dark))
    hue, _, saturation = colorsys.rgb_to_hls(r / 255, g / 255, b / 255)
    assert 0.72 <= hue <= 0.85 and saturation > 0.3  # purple, not navy (about 0.67)


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_the_two_owners_of_every_shared_gate_stay_apart(dark: bool) -> None:
    for players in (3, 4):
        for owners in Setup(players=players).gates:
            if len(owners) < 2:
                continue
            a, b = (_at_256(palette.seat_colour(seat, dark)) for seat in owners)
            assert _distance(a, b) > 150 or _contrast(a, b) > 1.8, (players, owners, a, b)


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_paths_routes_and_tiles_read_on_both_themes(dark: bool) -> None:
    def c(role: int) -> tuple[int, int, int]:
        return _rgb(palette.role_colour(role, dark))

    assert _contrast(c(R.PATH), c(R.TILE)) >= 4.5
    assert _contrast(c(R.PATH), c(R.LAST)) >= 3
    assert _contrast(c(R.HELD), c(R.CURSOR)) >= 3
    # Apart in brightness or, for the dark rim on an indigo tile and the gems' hues, in colour.
    assert _distance(c(R.RIM), c(R.TILE)) >= 80
    for gem in (R.AMBER, R.EMERALD, R.SAPPHIRE, R.TRACE, R.CURSOR_RIM):
        assert _contrast(c(gem), c(R.TILE)) >= 2.5 or _distance(c(gem), c(R.TILE)) >= 150, gem
        assert _distance(c(gem), c(R.PATH)) >= 100, gem
    assert c(R.EMPTY) != c(R.TILE) != c(R.TREASURE)
