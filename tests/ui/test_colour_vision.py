"""The colour-blind palette: every pair of colours that carries meaning stays
apart for a reader with deuteranopia, protanopia or tritanopia.

Each pair is simulated for the three dichromacies (Machado et al. 2009,
severity 1.0, the strongest form) and for normal vision, and the two
colours must stay at least :data:`APART` apart in CIEDE2000 (docs/ui.md):
about six times the difference a careful eye just notices, what tells two
small glyphs apart at a glance. The default palette is measured too, for
the record of why the other one exists."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.color import Color, ColorSystem

from indigo_tui.ui import palette
from indigo_tui.ui.board_art import roles as R
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.settings import Settings, load_settings, save_settings

from .colour_vision import VISIONS, ciede2000, difference
from .conftest import AppFactory, new_game, until

#: The least CIEDE2000 difference of two colours that carry different meanings.
APART = 15.0

GEMS = {"amber": R.AMBER, "emerald": R.EMERALD, "sapphire": R.SAPPHIRE}
SEATS = {f"seat {seat + 1}": R.SEAT0 + seat for seat in range(4)}


def meaningful_pairs(dark: bool) -> Iterator[tuple[str, str, str]]:
    """Every pair of colours whose difference says something on the board:
    (what it says, one colour, the other)."""
    c = palette.role_colour

    def named(roles: dict[str, int]) -> list[tuple[str, str]]:
        return [(name, c(role, dark)) for name, role in roles.items()]

    for group in (named(GEMS), named(SEATS)):
        for i, (first, one) in enumerate(group):
            for second, other in group[i + 1 :]:
                yield f"{first} / {second}", one, other
    for gem, colour in named(GEMS):
        for where, ground in (("tile", R.TILE), ("empty cell", R.EMPTY), ("last tile", R.LAST)):
            yield f"{gem} on a {where}", colour, c(ground, dark)
    for seat, colour in named(SEATS):
        index = SEATS[seat] - R.SEAT0
        yield f"{seat}'s gate band on the background", colour, c(R.BG, dark)
        yield f"a gate number on {seat}'s band", palette.ink_on_seat(index, dark), colour
    yield "a traced route on the paths", c(R.TRACE, dark), c(R.PATH, dark)
    yield "a traced route on a tile", c(R.TRACE, dark), c(R.TILE, dark)
    yield "a refused cursor / a legal one", c(R.ILLEGAL, dark), c(R.CURSOR, dark)
    yield "the last tile / another tile", c(R.LAST, dark), c(R.TILE, dark)
    yield "the cursor's rim on a tile", c(R.CURSOR_RIM, dark), c(R.TILE, dark)
    yield "the cursor's rim on an empty cell", c(R.CURSOR_RIM, dark), c(R.EMPTY, dark)
    yield "a corner's arrow on its treasure tile", c(R.ARROW, dark), c(R.TREASURE, dark)


def too_close(dark: bool) -> list[str]:
    """The pairs closer than :data:`APART` for some vision, said with the figures."""
    found = []
    for meaning, one, other in meaningful_pairs(dark):
        for vision in VISIONS:
            apart = difference(one, other, vision)
            if apart < APART:
                found.append(f"{meaning} ({one}, {other}) for {vision}: {apart:.1f}")
    return found


@pytest.fixture
def okabe_ito() -> Iterator[None]:
    palette.use_palette("okabe-ito")
    yield
    palette.use_palette("default")


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_the_colour_blind_palette_keeps_every_meaningful_pair_apart(okabe_ito: None, dark: bool) -> None:
    assert too_close(dark) == []


@pytest.mark.parametrize("dark", [True, False], ids=["dark", "light"])
def test_its_colours_are_256_colour_terminal_colours(dark: bool) -> None:
    # As the default palette's are (tests/ui/test_palette.py): tmux shows what the palette says.
    default = [palette.role_colour(role, dark) for role in range(R.ROLE_COUNT)]
    inks = [palette.ink_on_seat(seat, dark) for seat in range(4)]
    palette.use_palette("okabe-ito")
    try:
        changed = [palette.role_colour(role, dark) for role in range(R.ROLE_COUNT)]
        changed += [palette.ink_on_seat(seat, dark) for seat in range(4)]
    finally:
        palette.use_palette("default")
    own = [colour for colour in changed if colour not in (*default, *inks)]
    assert own, "the palette changes some colours"
    for colour in own:
        shown = Color.parse(colour).downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
        assert shown.hex == colour, (colour, shown.hex)


def test_the_default_palette_is_the_one_that_confuses() -> None:
    # The reason for the other palette: amber and emerald, and two of the
    # seats, run together for a red-green or a blue-yellow colour-blind reader.
    confused = too_close(dark=True)
    assert any(line.startswith("amber / emerald") and "deuteranopia" in line for line in confused)
    assert palette.current_palette() == "default"


def test_a_palette_is_chosen_by_option_then_environment_then_setting() -> None:
    env = {palette.PALETTE_ENV: "okabe-ito"}
    assert palette.choose_palette(None, {}, None) == "default"
    assert palette.choose_palette(None, {}, "okabe-ito") == "okabe-ito"
    assert palette.choose_palette(None, env, "default") == "okabe-ito"
    assert palette.choose_palette("default", env, "okabe-ito") == "default"
    assert palette.choose_palette("no-such", {}, "okabe-ito") == "okabe-ito"
    with pytest.raises(ValueError, match="no-such"):
        palette.use_palette("no-such")


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ],
)
def test_ciede2000_gives_sharmas_published_differences(
    first: tuple[float, float, float], second: tuple[float, float, float], expected: float
) -> None:
    assert round(ciede2000(first, second), 4) == expected


async def test_the_palette_is_chosen_in_the_app_and_remembered(make_app: AppFactory, tmp_path: Path) -> None:
    # Seat 2's violet is the default palette's own, seat 1's vermillion Okabe-Ito's.
    default_seat, okabe_seat = "#875fff", "#d75f00"
    app = make_app(new_game(), palette="okabe-ito")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            shown = app.export_screenshot()
            assert okabe_seat in shown and default_seat not in shown
            # "Colours" in the command palette: the board and the scoreboard change at once.
            app.set_palette("default")
            await pilot.pause()
            shown = app.export_screenshot()
            assert default_seat in shown and okabe_seat not in shown
        assert load_settings(tmp_path / "config")[0].palette == "default"
        assert save_settings(Settings(palette="okabe-ito"), tmp_path / "config") is None
        palette.use_palette("default")
        # The next run, without --palette, takes the choice remembered.
        app = make_app(new_game())
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            assert okabe_seat in app.export_screenshot()
    finally:
        palette.use_palette("default")
