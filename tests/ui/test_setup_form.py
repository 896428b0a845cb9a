"""The new-game form as a newcomer meets it, read from the screen: the first
field has the focus, a number of rounds the rules refuse is refused in words
where the player looks (never a silent one-round game), in every language
and at 80x24, 120x40 and 200x60, and every bot on offer says how it plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from indigo_tui.bots.mcts import LEVELS, level_seconds
from indigo_tui.engine import MAX_ROUNDS
from indigo_tui.i18n import _, use_language
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.setup import SetupScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import screen_text, until
from .sight import SIZES, seen_at_every_size

LANGUAGES = ("en", "de", "fr", "nl")


async def open_setup(app: IndigoApp, pilot: Pilot[None]) -> SetupScreen:
    await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, SetupScreen))
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def type_rounds(pilot: Pilot[None], screen: SetupScreen, text: str) -> None:
    """Put ``text`` in the Rounds field as a person does: go there, clear it,
    type, and see it there. A person looks before going on; a click that came
    before the form was laid out (a busy machine) once missed the field, the
    keys went elsewhere and the form started a one-round game."""
    rounds = screen.query_one("#rounds", Input)
    await until(pilot, lambda: rounds.region.area > 0)  # laid out: there to click on
    await pilot.click("#rounds")
    await until(pilot, lambda: screen.focused is rounds)
    await pilot.press("end", *["backspace"] * 4, *text)
    await until(pilot, lambda: rounds.value == text)


# Each language once, each way of getting it wrong in two of them: the words
# differ by language, the form's way to them does not.
@pytest.mark.parametrize(("typed", "language"), list(zip(["99", ""] * 2, LANGUAGES, strict=True)))
async def test_rounds_the_rules_refuse_are_refused_in_words(
    typed: str, language: str, save_dir: Path
) -> None:
    use_language(language)
    if typed:
        reason = _("a match has 1 to {most} rounds").format(most=MAX_ROUNDS)
        words = _("Can't start: {reason}").format(reason=reason)
    else:
        words = _("Can't start: {reason}").format(
            reason=_("give the number of rounds: a match has 1 to {most}").format(most=MAX_ROUNDS)
        )
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=SIZES[0]) as pilot:
        screen = await open_setup(app, pilot)
        await type_rounds(pilot, screen, typed)
        await pilot.press("ctrl+s")
        await seen_at_every_size(app, pilot, [words])
        # No game started behind the words.
        assert isinstance(app.screen, SetupScreen)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)


async def test_the_first_field_has_the_focus(save_dir: Path) -> None:
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(app, pilot)
        assert "Seat 3" not in screen_text(app)
        # Keys go to the first field, Players, straight away: open it, one down, take it.
        await pilot.press("enter", "down", "enter")
        await until(pilot, lambda: "Seat 3" in screen_text(app))


async def test_every_bot_on_offer_says_how_it_plays(save_dir: Path) -> None:
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_setup(app, pilot)
        # Seat 2 starts as the greedy bot, said with how it plays.
        assert "Greedy bot: most points now" in screen_text(app)
        await pilot.click("#kind-1")
        # Each level with its seconds a move in the build that runs (English: a decimal point).
        said = {level: f"{level.title()} bot: search, {level_seconds(level):g} s a move" for level in LEVELS}
        await until(pilot, lambda: said["expert"] in screen_text(app))
        text = screen_text(app)
        for label in ("Random bot: any legal tile", *(said[level] for level in LEVELS if level != "expert")):
            assert label in text
        # The bare search bot needs a budget a form cannot give: not offered (it would not start).
        assert "Search bot" not in text
