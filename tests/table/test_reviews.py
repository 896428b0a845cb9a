"""Stored reviews: kept next to the game, and never trusted when they do not fit."""

from __future__ import annotations

import json
import random
from pathlib import Path

from engine.support import play_random

from indigo_tui.bots.review import Reviewer, review_game
from indigo_tui.engine import Game, Setup
from indigo_tui.table.review_store import load_review, review_path, store_review


def _game(seed: int, moves: int = 6) -> Game:
    game = Game.new(Setup(2), seed)
    play_random(game, random.Random(seed), moves)
    return game


def test_a_stored_review_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / "game.indigo"
    game = _game(1)
    reviewer = Reviewer("mcts:iter=10", 0)
    ratings = review_game(game, reviewer)
    assert store_review(path, game, reviewer, ratings) is None
    assert review_path(path).name == "game.indigo.review"
    # A later round of a match is kept apart from the first.
    assert review_path(path, 1).name == "game.indigo.round2.review"
    assert load_review(path, game, reviewer) == (ratings, None)
    # Nothing stored: nothing read and nothing to say.
    assert load_review(tmp_path / "other.indigo", game, reviewer) == ([], None)


def test_what_does_not_fit_is_ignored_with_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "game.indigo"
    game = _game(1)
    reviewer = Reviewer("mcts:iter=10", 0)
    ratings = review_game(game, reviewer)
    store_review(path, game, reviewer, ratings)
    stored = review_path(path).read_bytes()

    ratings_, notice = load_review(path, _game(2), reviewer)
    assert ratings_ == [] and notice is not None and "another game" in notice
    ratings_, notice = load_review(path, game, Reviewer("mcts:iter=11", 0))
    assert ratings_ == [] and notice is not None and "mcts:iter=10" in notice

    review_path(path).write_bytes(stored[: len(stored) // 2])
    ratings_, notice = load_review(path, game, reviewer)
    assert ratings_ == [] and notice is not None and "damaged" in notice

    # A file that decodes but was tampered with: a loss that does not match
    # its verdict, a best move that is not legal, a rating of another move.
    for change in ("loss", "best", "move"):
        data = json.loads(stored)
        rating = data["ratings"][2]
        if change == "loss":
            rating["loss"] = 5.0
        elif change == "best":
            rating["best"] = data["ratings"][0]["played"]  # that cell holds a tile by now
        else:
            rating["move"] = 3
        review_path(path).write_text(json.dumps(data))
        ratings_, notice = load_review(path, game, reviewer)
        assert ratings_ == [] and notice is not None and "ignored" in notice, change
