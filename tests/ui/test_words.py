"""Words as the player reads them: Ctrl+C says how to quit in the player's
language (at every size), the names nobody chose follow a change of
language, no sentence makes a verb agree with a name that may be "You", and
the status line never breaks a file's name mid-word."""

from __future__ import annotations

import random
import re

import pytest
from textual.widgets import Input

from indigo_tui.engine import Setup, Standing
from indigo_tui.i18n import LANGUAGES, _, in_language, use_language
from indigo_tui.saves import seats_from_kinds
from indigo_tui.table.session import NewGame
from indigo_tui.ui.screens.end import EndScreen, tie_note
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.save_as import SaveAsScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import AppFactory, game_screen, notices, screen_text, type_text, until
from .sight import SIZES, in_sight


@pytest.mark.parametrize("language", LANGUAGES)
async def test_ctrl_c_says_how_to_quit_in_the_players_language(make_app: AppFactory, language: str) -> None:
    use_language(language)
    app = make_app()
    # Toasts drawn, as in the game (a test app leaves them out unless asked).
    async with app.run_test(size=SIZES[0], notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        words = _("Press {key} to quit.").format(key="q")
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.press("ctrl+c")

            def said() -> bool:
                try:
                    in_sight(app, words)
                except AssertionError:
                    return False
                return True

            await until(pilot, said)
            assert "Press" not in screen_text(app) or language == "en"


def you_and_a_bot() -> NewGame:
    """A game as `indigo play` makes it: nobody named the seats."""
    return NewGame(Setup(players=2), seats_from_kinds(["human", "bot:greedy"]), seed=3)


async def test_names_nobody_chose_follow_a_change_of_language(make_app: AppFactory) -> None:
    app = make_app(you_and_a_bot())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and "Greedy bot" in screen_text(app))
        await app.set_language("de")
        with in_language("de"):
            you, bot = _("You"), _("Greedy bot")
        await until(pilot, lambda: bot in screen_text(app) and "Greedy bot" not in screen_text(app))
        # The person named by default is spoken to ("Deine Hand"), never "Hand: Du".
        with in_language("de"):
            in_sight(app, _("Your hand"))
            assert _("Hand of {name}").format(name=you) not in screen_text(app)
        in_sight(app, you)
        # And back: the same seats, in English again.
        await app.set_language("en")
        await until(pilot, lambda: "Greedy bot" in screen_text(app) and "Your hand" in screen_text(app))
        assert "Hand of You" not in screen_text(app)


async def test_the_result_never_makes_a_verb_agree_with_you(make_app: AppFactory) -> None:
    app = make_app(you_and_a_bot())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        session = app.session
        assert session is not None
        rng = random.Random(4)
        while not session.game.over:
            session.play(rng.choice(session.game.legal_moves))
        game_screen(app).next_turn()
        await until(pilot, lambda: isinstance(app.screen, EndScreen) and "Final result" in screen_text(app))
        # The status counts the last move played, as the review does ("Move 54 of 54"), never one more.
        assert game_screen(app).table_state().move == session.game.board.placements
        text = screen_text(app)
        assert not re.search(r"\b(You|Greedy bot) wins\b", text), text
        assert "Winner on points: " in text or "tie on" in text
    # Every way the end is said, with "You" winning, in every language.
    standings = [Standing(0, 7, 5, (1, 1, 1), True, 1), Standing(1, 7, 4, (1, 1, 1), False, 2)]
    alone = [Standing(0, 9, 5, (1, 1, 1), True, 1), Standing(1, 7, 4, (1, 1, 1), False, 2)]
    for language in LANGUAGES:
        with in_language(language):
            you = _("You")
            for said in (tie_note(standings, [you, "Bob"]), tie_note(alone, [you, "Bob"])):
                assert you in said
    assert tie_note(alone, ["You", "Bob"]) == "Winner on points: You."
    assert tie_note(standings, ["You", "Bob"]).endswith("the win goes to You, with more gems (5 to 4).")


async def test_saved_as_says_the_name_typed_whole(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(you_and_a_bot())
    heard = notices(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SaveAsScreen))
        field = app.screen.query_one("#title", Input)
        title = "a game of three against the greedy bot"
        await type_text(pilot, title, lambda: field.value == title)
        await pilot.press("enter")
        await until(pilot, lambda: "Saved." in screen_text(app))
        session = app.session
        assert session is not None and session.save_path is not None
        # The name as typed and the file's, never cut: whole in the notice (the
        # status's two lines at 80 columns could not hold them).
        assert f"Saved as “{title}” in {session.save_path.name}." in heard
        assert "“a game of" not in screen_text(app).split("Saved.")[0]
