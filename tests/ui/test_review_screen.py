"""The review viewer: stepping, the privacy rule, ratings in a worker, the side file."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine.support import play_random
from textual.pilot import Pilot

from indigo_tui.bots.review import MoveRating, Reviewer, iter_ratings
from indigo_tui.engine import Game, Setup
from indigo_tui.engine.tiles import KIND_CODES
from indigo_tui.table.review_store import review_path
from indigo_tui.ui.review_app import ReviewApp
from indigo_tui.ui.screens import review as review_module
from indigo_tui.ui.screens.review import ReviewScreen, marker_line
from indigo_tui.ui.widgets.board import BoardView

from .conftest import screen_text, until


def text_of(app: ReviewApp) -> str:
    """The words the review's side panel shows, its lines joined by spaces (a
    sentence wrapped over two lines reads as one)."""
    region = app.screen.query_one("#review-side").content_region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right].split()) for row in rows)


def _game(setup: Setup, seed: int, moves: int | None) -> Game:
    game = Game.new(setup, seed)
    play_random(game, random.Random(seed), moves)
    return game


def _screen(app: ReviewApp) -> ReviewScreen:
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def shown_at(pilot: Pilot[Any], app: ReviewApp, position: int, *words: str) -> str:
    """Go to ``position``; the side panel's words once every one of ``words``
    (the last lines of what it shows there) is on the screen. The panel's
    texts change at once, but a text of more lines than before is laid out
    at a later refresh: one pause once read a rating's first line in the old
    height, the lines after it cut off (on a loaded machine)."""
    _screen(app).go_to(position)
    await until(pilot, lambda: all(word in text_of(app) for word in words))
    return text_of(app)


async def test_stepping_with_keys_jump_and_mouse(tmp_path: Path) -> None:
    game = _game(Setup(2), 3, 10)
    app = ReviewApp(None, game, ["Ann", "Bob"], Reviewer("mcts:iter=5"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = _screen(app)
        await pilot.press("s")  # no need to rate for this test
        assert screen.position == 10
        assert "Move 10 of 10" in text_of(app)
        await pilot.press("left", "left")
        assert screen.position == 8
        board = screen.steps[8].board
        assert screen.query_one("#review-board", BoardView).board is board
        assert board.placements == 8
        assert "Move 8 of 10" in text_of(app)
        await pilot.press("home")
        assert screen.position == 0 and "Start of the round" in text_of(app)
        await pilot.press("end")
        assert screen.position == 10
        await pilot.press("g", "4", "enter")
        assert screen.position == 4
        await pilot.press("g", "9", "9", "enter")
        assert screen.position == 4 and "There is no move 99" in text_of(app)
        # A click on the move list goes to that move: with the list scrolled to its
        # top, the first line (below the list's border) is the start, later lines later moves.
        await pilot.press("home")
        await pilot.click("#review-moves", offset=(5, 6))
        await pilot.pause()
        assert 0 < screen.position < 10
        await pilot.click("#review-moves", offset=(5, 1))
        await pilot.pause()
        assert screen.position == 0
        await pilot.click("#review-moves", offset=(5, 6))
        await pilot.pause()
        assert 0 < screen.position < 10
        assert screen.query_one("#review-board", BoardView).board is screen.steps[screen.position].board


async def test_an_unfinished_hot_seat_game_shows_no_hand_and_no_ratings(tmp_path: Path) -> None:
    game = _game(Setup(2, "tactical"), 4, 12)
    assert not game.over
    app = ReviewApp(tmp_path / "g.indigo", game, ["Ann", "Bob"], Reviewer("mcts:iter=5"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = _screen(app)
        for position in range(13):
            screen.go_to(position)
            await pilot.pause()
            text = text_of(app)
            assert "Tiles in hand" not in text
        assert "once the game is over" in text
        assert not screen.rating_running and screen.ratings == []
        assert not review_path(tmp_path / "g.indigo").exists()


@pytest.mark.slow
async def test_a_finished_game_shows_every_hand_and_is_rated_once(tmp_path: Path) -> None:
    game = _game(Setup(2, "tactical"), 5, None)
    assert game.over
    path = tmp_path / "g.indigo"
    app = ReviewApp(path, game, ["Ann", "Bob"], Reviewer("mcts:iter=4"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = _screen(app)
        await until(pilot, lambda: not screen.rating_running)
        assert len(screen.ratings) == len(game.moves)
        hands = screen.steps[1].hands
        in_hand = "Tiles in hand: Ann " + " ".join(KIND_CODES[t] for t in hands[0])
        text = await shown_at(pilot, app, 1, in_hand, "after this move.")
        assert in_hand in text
        # A rating says how sure it is: points of lead given up, plus or minus.
        assert (
            "gave up" in text and "±" in text and "points of lead" in text
        ) or "the best move found" in text
        assert "▲" in text
    stored = review_path(path).read_bytes()
    # Opened again: the ratings come from the side file, nothing is rated.
    again = ReviewApp(path, game, ["Ann", "Bob"], Reviewer("mcts:iter=4"))
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, ReviewScreen))
        screen = _screen(again)
        assert not screen.rating_running and len(screen.ratings) == len(game.moves)
    assert review_path(path).read_bytes() == stored


async def test_a_damaged_side_file_is_ignored_with_a_notice_and_rating_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rated = threading.Event()

    def ratings_then_done(*args: Any, **kwargs: Any) -> Iterator[MoveRating]:
        """The ratings the screen's worker reads; ``rated`` is set when it stops reading them."""
        try:
            yield from iter_ratings(*args, **kwargs)
        finally:
            rated.set()

    monkeypatch.setattr(review_module, "iter_ratings", ratings_then_done)
    game = _game(Setup(2), 6, None)
    path = tmp_path / "g.indigo"
    review_path(path).write_text('{"format": "indigo-review", "version": 1, "ratings": [')
    app = ReviewApp(path, game, ["Ann", "Bob"], Reviewer("mcts:iter=30"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = _screen(app)
        assert "is damaged and was ignored" in screen.notice and "damaged" in text_of(app)
        await until(pilot, lambda: len(screen.ratings) >= 2)
        await pilot.press("s")
        await until(pilot, lambda: not screen.rating_running)
        kept = len(screen.ratings)
        # Whatever the stopped worker was still rating has come back (a worker
        # thread hands each rating over and waits until the screen took it)
        # once its ratings are no longer read: then nothing more can arrive.
        await until(pilot, rated.is_set)
        await pilot.pause()
        assert len(screen.ratings) == kept < len(game.moves)
        assert "Stopped after" in text_of(app)
    # What was rated before the stop was kept, and the next review goes on from there.
    app = ReviewApp(path, game, ["Ann", "Bob"], Reviewer("mcts:iter=30"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = _screen(app)
        assert len(screen.ratings) >= kept
        await pilot.press("s")


def test_the_marker_sits_under_the_move() -> None:
    assert marker_line(0, 10, 20) == " ▲"  # the middle of the two columns of point 0
    assert marker_line(0, 40, 20) == "▲"
    assert marker_line(9, 10, 20) == " " * 19 + "▲"
    assert marker_line(3, 0, 20) == ""


async def test_a_rating_that_comes_back_as_the_app_closes_is_dropped(tmp_path: Path) -> None:
    """The rating worker hands each rating to the screen from its thread; one
    can come while the app is being taken down (its widgets going one by one):
    it is dropped, the app closes without an error, and nothing is written."""
    game = _game(Setup(2), 5, None)
    path = tmp_path / "g.indigo"
    app = ReviewApp(path, game, ["Ann", "Bob"], Reviewer("mcts:iter=4"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = _screen(app)
        screen.action_stop()
        done = list(screen.ratings)
    side_file = review_path(path)
    stored = side_file.read_bytes() if side_file.exists() else None
    late = next(iter_ratings(game, Reviewer("mcts:iter=4"), done))
    screen.rating_running = True  # as if the stop had not come before the app closed
    screen._rated(late)
    screen._finished()
    assert screen.ratings == done
    assert (side_file.read_bytes() if side_file.exists() else None) == stored


async def test_a_rating_says_how_sure_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rating beside the board gives the points of lead given up with their
    uncertainty, and says when the verdict is milder than the estimate because
    the rest is within the noise."""
    game = _game(Setup(2), 7, None)
    (seat0, first), (seat1, second) = game.moves[:2]
    other = first  # any other placement will do as the "best" shown

    def two_ratings(*args: Any, **kwargs: Any) -> Iterator[MoveRating]:
        yield MoveRating(0, seat0, first, first, 7.5, 7.5, 0.0, "best", (7.5, 6.0), 0.0)
        # 2.4 ± 0.5: surely 1.9, an inaccuracy, though the estimate alone says a mistake.
        yield MoveRating(1, seat1, second, other, 5.0, 6.5, 2.4, "inaccuracy", (7.0, 5.0), 0.5)

    monkeypatch.setattr(review_module, "iter_ratings", two_ratings)
    app = ReviewApp(None, game, ["Ann", "Bob"], Reviewer("mcts:iter=4"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = _screen(app)
        await until(pilot, lambda: not screen.rating_running)
        text = await shown_at(pilot, app, 1, "could expect 7.5 points after this move.")
        assert "Best: the best move found." in text
        assert "Ann could expect 7.5 points after this move." in text or "Bob could expect 7.5" in text
        text = await shown_at(pilot, app, 2, "could expect 5.0 points after this move.")
        assert "Inaccuracy: gave up 2.40 ± 0.50 points of lead." in text
        assert "Rated by what it surely gave up, 1.90: the rest is within the noise." in text
        assert f"Best found: {KIND_CODES[other.tile]}" in text
