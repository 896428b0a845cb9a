"""The review's words in context: its "Start" key is the first move (not the
setup's "begin a game"), and its points are written with the language's
decimal separator."""

from __future__ import annotations

import random
import re

import pytest
from engine.support import play_random

from indigo_tui.bots.review import Reviewer
from indigo_tui.engine import Game, Setup
from indigo_tui.i18n import LANGUAGES, _, in_language, pgettext, use_language
from indigo_tui.ui.review_app import ReviewApp
from indigo_tui.ui.screens.review import ReviewScreen

from .conftest import footer_keys, footer_settled, resize, screen_text, until


def test_the_reviews_start_and_the_setups_start_are_two_messages() -> None:
    expected = {"en": "Start", "de": "Anfang", "fr": "Début", "nl": "Begin"}
    for language, first_move in expected.items():
        with in_language(language):
            assert pgettext("review", "Start") == first_move
    with in_language("fr"):
        assert _("Start") == "Commencer"  # the setup's, which begins a game


async def test_a_french_review_says_debut_and_writes_decimal_commas() -> None:
    game = Game.new(Setup(2), 3)
    play_random(game, random.Random(3), 12)
    use_language("fr")
    try:
        app = ReviewApp(None, game, ["Ann", "Bob"], Reviewer("mcts:iter=5"))
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            await until(pilot, lambda: not screen.rating_running)
            screen.go_to(3)
            await until(pilot, lambda: "points perdus par coup" in screen_text(app))
            text = screen_text(app)
            footer = text.splitlines()[-1]
            assert "Début" in footer and "Commencer" not in footer, footer
            assert screen.active_bindings["home"].binding.description == "Début"
            # "0,48 points perdus par coup", "… pourrait espérer 9,7 points …": commas, no points.
            assert re.search(r"Ann : \d+,\d\d points perdus par coup", text), text
            assert not re.search(r"\d\.\d", text.replace("Coup ", "")), text
    finally:
        use_language("en")


#: The sizes the review's footer is read at: the smallest terminal the game
#: is made for, the usual, and one wide enough for all nine keys.
SIZES = ((80, 24), (120, 40), (200, 60))


def _footer_keys_whole(app: ReviewApp, language: str) -> set[str]:
    """The actions in the review's footer as it is now, each checked whole on
    the screen."""
    keys = footer_keys(app)
    for key in keys:
        assert app.screen.region.contains_region(key.region), (language, app.size, key.description)
    back = _("Back")
    assert any(key.description == back for key in keys if key.action == "leave"), (language, app.size)
    return {key.action for key in keys}


@pytest.mark.long
@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_reviews_footer_keys_are_whole_in_every_language(language: str) -> None:
    """Each key the footer shows is whole on the screen, in the longest words
    (French) too, at 80x24, 120x40 and 200x60; at 200 columns all nine are
    there. One review in each language, its terminal resized to each size
    (a review started at each size rated the same moves three times)."""
    game = Game.new(Setup(2), 3)
    play_random(game, random.Random(3), 6)
    use_language(language)
    try:
        app = ReviewApp(None, game, ["Ann", "Bob"], Reviewer("mcts:iter=5"))
        async with app.run_test(size=SIZES[0]) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            for size in SIZES:
                await resize(pilot, *size)
                # The footer is read once the screen is still: its moves rated
                # (the pause below waits for an idle process, which a rating
                # thread is not).
                await until(pilot, lambda: not screen.rating_running and footer_settled(app))
                await pilot.pause()
                actions = _footer_keys_whole(app, language)
                if size[0] >= 200:
                    assert {"go_to(0)", "go_to(-1)", "stop", "analyse", "leave"} <= actions, language
                if size[0] >= 120:
                    assert {"go_to(0)", "go_to(-1)"} <= actions, language
    finally:
        use_language("en")
