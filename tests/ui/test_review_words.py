"""The review's words in context: its "Start" key is the first move (not the
setup's "begin a game"), and its points are written with the language's
decimal separator."""

from __future__ import annotations

import random
import re

from engine.support import play_random

from indigo_tui.bots.review import Reviewer
from indigo_tui.engine import Game, Setup
from indigo_tui.i18n import _, in_language, pgettext, use_language
from indigo_tui.ui.review_app import ReviewApp
from indigo_tui.ui.screens.review import ReviewScreen

from .conftest import screen_text, until


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
            await until(pilot, lambda: not screen.rating_running, seconds=60)
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
