"""Layouts that fit, read from the screen: the review's board as large as the
game's at 80x24, 120x40 and 200x60, and at 45 columns (a phone held upright,
in a browser) the board the full width, a footer that fits and a title menu
that is not cut, in every language."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from textual.widgets import OptionList

from indigo_tui.bots.review import Reviewer
from indigo_tui.engine import Game, Setup
from indigo_tui.i18n import LANGUAGES, _, use_language
from indigo_tui.ui.review_app import ReviewApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.review import ReviewScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import (
    AppFactory,
    advance,
    current,
    footer_keys,
    footer_settled,
    game_screen,
    new_game,
    screen_text,
    until,
)

SIZES = ((80, 24), (120, 40), (200, 60))
#: A browser on a phone held upright (412x915 CSS pixels) in cells.
PHONE = (45, 43)
#: The side panels' borders: the table's and the review's.
BORDERS = "▏│"


def board_columns(app: Any) -> int:
    """The columns left of the side panel's border, as drawn."""
    for line in screen_text(app).splitlines():
        for column, char in enumerate(line):
            if char in BORDERS and column > 0:
                return column
    raise AssertionError("no side panel border on the screen")


def gate_gap(app: Any, edge: int) -> int | None:
    """The columns between the labels of gates 6 and 2 (the number and its
    owners' letters, "6B"), on their row of the board (both on the whole
    board; None when a zoomed view leaves one out)."""
    for line in screen_text(app).splitlines():
        board = line[:edge]
        six, two = GATE_6.findall(board), GATE_2.findall(board)
        if len(six) == 1 and len(two) == 1:
            left, right = board.find(six[0]), board.rfind(two[0])
            if right > left:
                return right - left
    return None


GATE_6 = re.compile(r"(?<![\d,.-])6[A-D]{1,2}(?![\d,])")
GATE_2 = re.compile(r"(?<![\d,.-])2[A-D]{1,2}(?![\d,])")


def played(moves: int) -> Game:
    game = Game.new(Setup(2), 5)
    rng = random.Random(5)
    for _move in range(moves):
        game.push(rng.choice(game.legal_moves))
    return game


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_review_board_is_as_large_as_the_games(make_app: AppFactory, size: tuple[int, int]) -> None:
    app = make_app(new_game(seed=5))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        game_edge = board_columns(app)
        game_gap = gate_gap(app, game_edge)
    review = ReviewApp(None, played(20), ["Ann", "Bob"], Reviewer("mcts:iter=4"))
    async with review.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(review.screen, ReviewScreen))
        await pilot.press("s")  # no ratings needed here
        await pilot.pause()
        review_edge = board_columns(review)
        assert review_edge == game_edge, (review_edge, game_edge)
        assert gate_gap(review, review_edge) == game_gap
        if size == (80, 24):
            # Zoomed in (as the table), around the tile of the move on show, which its tag names.
            assert game_gap is None
            last = current(review, ReviewScreen).steps[-1].board.last_cell
            from indigo_tui.engine.geometry import COORDS

            q, r = COORDS[last]
            board = "\n".join(line[:review_edge] for line in screen_text(review).splitlines())
            assert f"{q},{r}" in board
        else:
            assert game_gap is not None


def plain(words: str) -> str:
    """``words`` as the screen's text reads them (a no-break space is a space there)."""
    return words.replace("\xa0", " ")


def footer_fits(app: Any) -> bool:
    """Every key the footer shows lies whole inside the screen's width."""
    width = app.screen.size.width
    return all(key.region.x >= 0 and key.region.right <= width for key in footer_keys(app))


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_phone_upright_gets_the_board_the_full_width(make_app: AppFactory, language: str) -> None:
    app = make_app(new_game())
    try:
        use_language(language)
        async with app.run_test(size=PHONE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and footer_settled(app))
            advance(app, 20, seed=3)
            game_screen(app).refresh_all()
            await pilot.pause()
            rows = screen_text(app).replace("\xa0", " ").splitlines()
            # The board over the whole width, the side panel under it (its border a line).
            border = next(i for i, row in enumerate(rows) if row.strip() and set(row.strip()) == {"▔"})
            assert len(rows[border].strip()) >= PHONE[0] - 2
            assert border >= PHONE[1] // 2 - 2, border  # about half the height for the board
            widest = max(len(row.rstrip()) for row in rows[:border])
            assert widest >= PHONE[0] - 2
            side = " ".join(" ".join(rows[border + 1 :]).split())
            assert plain(_("Hand of {name}").format(name="Ann")) in side
            assert plain(_("gates {gates}").format(gates="1,3,5")) in side
            # The footer's keys all on the screen, the main ones among them.
            assert footer_fits(app)
            shown = " ".join(rows[-1].split())
            for word in (_("Rotate"), _("Place"), _("Help"), _("Menu")):
                assert plain(word) in shown, (word, shown)
    finally:
        use_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_phone_upright_sees_the_whole_title_menu(make_app: AppFactory, language: str) -> None:
    app = make_app()
    try:
        use_language(language)
        async with app.run_test(size=PHONE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TitleScreen))
            await pilot.pause()
            menu = app.screen.query_one(OptionList)
            assert menu.region.right <= PHONE[0]
            text = screen_text(app).replace("\xa0", " ")
            for label in ("New game", "Load a saved game", "Rules", "Quit"):
                assert plain(_(label)) in text, label
            assert footer_fits(app)
    finally:
        use_language("en")


async def test_a_phone_upright_reviews_with_the_board_the_full_width() -> None:
    review = ReviewApp(None, played(20), ["Ann", "Bob"], Reviewer("mcts:iter=4"))
    async with review.run_test(size=PHONE) as pilot:
        await until(pilot, lambda: isinstance(review.screen, ReviewScreen))
        await pilot.press("s")
        await pilot.pause()
        rows = screen_text(review).splitlines()
        border = next(i for i, row in enumerate(rows) if row.strip() and set(row.strip()) == {"─"})
        assert border >= PHONE[1] // 3
        assert max(len(row.rstrip()) for row in rows[:border]) >= PHONE[0] - 2
        assert footer_fits(review)
        assert "Move 20 of 20" in " ".join(" ".join(rows[border:]).split())
