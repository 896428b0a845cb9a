"""The guided first game, played through to its end in each language by
reading the screen: every step's words in sight, "show me" and enter to do
what it asks, its praise in sight, then the next step; the last one played on
to the end of the game and its result."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from indigo_tui.i18n import LANGUAGES, _, use_language
from indigo_tui.table.lessons import LESSONS
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.learn import LearnScreen, lesson_to_take_up
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import screen_text, until
from .sight import in_sight


def _flat(text: str) -> str:
    return " ".join(text.split())


def _seen(app: IndigoApp, words: str) -> bool:
    return _flat(words) in _flat(screen_text(app))


def showing(app: IndigoApp, head: str) -> Callable[[], bool]:
    return lambda: isinstance(app.screen, LearnScreen) and _seen(app, head)


def _my_turn_or_over(screen: LearnScreen) -> bool:
    return screen.game.over or screen.session.human_to_move


def _praised(app: IndigoApp, screen: LearnScreen) -> bool:
    return screen.reached and _seen(app, _(screen.lesson.done))


def _left(app: IndigoApp, screen: LearnScreen) -> bool:
    return app.screen is not screen


# Six steps and a game's end, four times: slow (about 3 s a language on a quiet machine).
@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_guided_game_is_played_to_its_end(language: str, save_dir: Path) -> None:
    use_language(language)
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0, learn=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for number, lesson in enumerate(LESSONS, start=1):
            head = _("Step {number} of {count}: {title}").format(
                number=number, count=len(LESSONS), title=_(lesson.title)
            )
            await until(pilot, showing(app, head))
            screen = app.screen
            assert isinstance(screen, LearnScreen)
            # What to do, whole, where the newcomer reads it.
            in_sight(app, _(lesson.task))
            if number == 1:
                # Placing before turning the tile is asked to turn it first.
                await pilot.press("enter")
                await until(pilot, lambda: _seen(app, _("First turn the tile: press r.")))
                await pilot.press("r")
            if lesson.goal == "end":
                while not screen.game.over:
                    await until(pilot, partial(_my_turn_or_over, screen))
                    if not screen.game.over:
                        await pilot.press("h", "enter")
                await until(pilot, lambda: isinstance(app.screen, EndScreen))
                # The result covers the guide: its closing words are in the dialog.
                in_sight(app, _(lesson.done))
                await pilot.press("b")  # back to the board, where the guide says it too
            else:
                # Show me, and place what was shown.
                await pilot.press("h", "enter")
            await until(pilot, partial(_praised, app, screen))
            in_sight(app, _(lesson.done))
            if number < len(LESSONS):
                await pilot.press("n")
                await until(pilot, partial(_left, app, screen))
        # Finished: next time the guided game starts at its beginning again.
        assert lesson_to_take_up() == 0
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))


async def test_a_step_is_taken_up_where_it_was_left_and_can_be_skipped(save_dir: Path) -> None:
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0, learn=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LearnScreen))
        await pilot.press("n", "n")  # skipped, twice, without doing anything
        await until(pilot, lambda: isinstance(app.screen, LearnScreen) and app.screen.index == 2)
        # A placement that misses the goal is taken back, with a word.
        screen = app.screen
        assert isinstance(screen, LearnScreen)
        start = screen.game.board.placements
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert lesson_to_take_up() == 2
    again = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with again.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, TitleScreen))
        await pilot.press("down", "enter")  # Learn to play
        await until(pilot, lambda: isinstance(again.screen, LearnScreen) and _seen(again, "Step 3 of 6"))
        screen = again.screen
        assert isinstance(screen, LearnScreen) and screen.game.board.placements == start
        await pilot.press("p")
        await until(pilot, lambda: _seen(again, "Step 2 of 6"))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_guided_games_footer_fits_at_80_columns(language: str, save_dir: Path) -> None:
    # French and Dutch once cut the footer's last key ("n Étape suivan");
    # the guide says n itself, so the footer leaves it out.
    use_language(language)
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0, learn=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LearnScreen))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        in_sight(app, _("h: show me · n: skip this step · p: step back · escape: leave (taken up next time)"))
        # Its last key whole at the end, before the palette's corner.
        assert footer.split("\u258f")[0].rstrip().endswith(f"q {_('Quit')}"), footer
