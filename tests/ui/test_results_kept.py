"""A round's result is never lost, read from the screen: the final dialog's
focused button keeps it (the review; a stray Enter from a player still
placing tiles opens it), and back on the board ``o`` (in the footer, in the
help and in the palette) brings the dialog back, at 80x24, 120x40 and
200x60 and in every language; the board stops offering placements."""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot

from indigo_tui.bots.review import Reviewer
from indigo_tui.i18n import _
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens import review
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.review import ReviewScreen
from indigo_tui.ui.screens.setup import SetupScreen

from .conftest import AppFactory, footer_settled, game_screen, new_game, resize, screen_text, tap, until
from .sight import SIZES, in_every_language, seen_at_every_size


@pytest.fixture(autouse=True)
def _quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review a test opens rates its moves with a tiny search."""
    monkeypatch.setattr(review, "Reviewer", lambda: Reviewer("mcts:iter=2"))


async def play_to_the_end(app: IndigoApp, pilot: Pilot[None]) -> None:
    """Every move of the round (random, seeded), then the table notices the end."""
    await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
    session = app.session
    assert session is not None
    rng = random.Random(4)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves))
    game_screen(app).next_turn()
    await until(pilot, lambda: isinstance(app.screen, EndScreen))


def session_moves(app: IndigoApp) -> list[object]:
    session = app.session
    assert session is not None
    return list(session.game.moves)


def footer_line(app: IndigoApp) -> str:
    return screen_text(app).rstrip("\n").split("\n")[-1]


@pytest.mark.long
async def test_enter_keeps_the_result_and_o_brings_it_back(make_app: AppFactory) -> None:
    # One round, and at each point its words in every language at every size
    # (a round and its review in each language cost four times as much, for
    # the same words seen).
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(app, pilot)

        def the_result() -> list[str]:
            return [_("Final result"), _("Review (v)")]

        await in_every_language(app, lambda: seen_at_every_size(app, pilot, the_result()))
        # Enter, as a player still placing tiles presses it: the review, not
        # the board, whatever language the dialog was last drawn in.
        await tap(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        last = len(session_moves(app))

        def at_the_last_move() -> list[str]:
            return [_("Move {number} of {count}").format(number=last, count=last)]

        await in_every_language(app, lambda: seen_at_every_size(app, pilot, at_the_last_move()))
        await tap(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        # Back to the board: it offers the result again, and no more placements.
        await tap(pilot, "b")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and footer_settled(app))

        async def the_board_says_the_round_is_over() -> None:
            for size in SIZES:
                await resize(pilot, *size)
                await until(pilot, lambda: footer_settled(app) and f"o {_('Result')}" in footer_line(app))
                footer = footer_line(app)
                assert _("Place") not in footer and _("Rotate") not in footer, footer
                # The round's end said on the side, at 80 columns in the words that fit on one line.
                said = (
                    _("Round over (o: result).")
                    if size == SIZES[0]
                    else _("The round is over: o shows the result and its review.")
                )
                await seen_at_every_size(app, pilot, [said], [size])

        await in_every_language(app, the_board_says_the_round_is_over)
        await tap(pilot, "o")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await seen_at_every_size(app, pilot, [_("Final result")])
        # And Enter on the board after the round does the same (Place is gone).
        await tap(pilot, "b")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await tap(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))


async def test_the_help_and_the_palette_name_the_result_key(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_the_end(app, pilot)
        # The pilot's own key presses here (not tap): the help's page keys
        # act on a help screen that must have settled, focus and all; with tap
        # the pages once went unseen in a clean-clone run.
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: "How to play" in screen_text(app))
        # The help scrolls: read it page by page, as a player does.
        for _page in range(30):
            if "after the round: its result again" in screen_text(app):
                break
            await pilot.press("pagedown")
            await pilot.pause(0.05)
        assert "after the round: its result again" in screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("ctrl+p")
        await pilot.press(*"result")
        await until(pilot, lambda: "The round's result again" in screen_text(app))
        await tap(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, EndScreen))


async def test_a_match_focuses_the_next_round_and_its_end_a_new_game(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "bot:greedy"), rounds=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_to_the_end(app, pilot)
        await until(pilot, lambda: "Round result" in screen_text(app))
        await tap(pilot, "enter")  # the next round has the focus
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and not app.screen.game.over)
        await play_to_the_end(app, pilot)
        await until(pilot, lambda: "The match is over" in screen_text(app))
        assert "New game (n)" in screen_text(app)
        await tap(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        # Back from the form: the finished board, its result still a key away.
        await tap(pilot, "escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await tap(pilot, "o")
        await until(
            pilot, lambda: isinstance(app.screen, EndScreen) and "The match is over" in screen_text(app)
        )
