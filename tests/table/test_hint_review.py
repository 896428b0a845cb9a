"""A hint and the review agree: a move played on a hint is the review's best.

The hint (:meth:`Reviewer.suggest`, asked through the table's one place for
hints, :meth:`TurnDriver.suggest`) is the best move of the review's own
screen and measure, seeded as the review seeds that placement. So the review
of the game, at the default settings, rates every hinted move "best" (never
a mistake, nor even "good"). Checked on whole seeded games, saved to a file
and read back as the review reads it (``indigo review`` and the review
screen), with the other seats played by bots: in the quick test three hints
taken in a game, in the slow ones every own move of a game a hint, reviewed
whole.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from indigo_tui.bots import make_bot
from indigo_tui.bots.review import Reviewer, iter_ratings
from indigo_tui.commands.replay import read_game
from indigo_tui.engine import Game, Match, Move, Setup
from indigo_tui.saves import SeatInfo, make_header, write_save
from indigo_tui.table.turns import HintAsked, Suggestion, TurnDriver


def _hint(game: Game) -> Suggestion:
    """The hint the table gives the seat to move, as a person asks for it."""
    seat = game.turn
    found = TurnDriver.suggest(HintAsked(seat, 0, game.view(seat).detached()))
    assert isinstance(found, Suggestion), found
    assert game.view(seat).is_legal(found.move)
    return found


def _play_with_hints(
    tmp_path: Path, setup: Setup, seed: int, others: str, hinted_every: int
) -> tuple[Game, dict[int, Move]]:
    """A whole seeded game in which seat 0 plays the hint on every
    ``hinted_every``-th own turn (greedy's move on the others) and the other
    seats are ``others`` bots; saved and read back as the review reads it.
    Returns the game read back and the hinted moves by placement index."""
    match = Match(setup, seed=seed)
    game = match.game
    bots = [make_bot("greedy" if s == 0 else others, f"{seed}:{s}") for s in range(setup.players)]
    hinted: dict[int, Move] = {}
    own_turns = 0
    while not game.over:
        seat = game.turn
        if seat == 0 and own_turns % hinted_every == 0:
            move = _hint(game).move
            hinted[game.board.placements] = move
        else:
            move = bots[seat].choose(game.view(seat))
        own_turns += seat == 0
        game.push(move)
    path = tmp_path / "hinted.indigo"
    seats = [SeatInfo("Ann")] + [SeatInfo(f"Bot {s}", f"bot:{others}") for s in range(1, setup.players)]
    write_save(path, make_header(match, seats), match)
    return read_game(path), hinted


def _ratings_of(game: Game, hinted: dict[int, Move], *, whole: bool) -> dict[int, tuple[str, float]]:
    """The default review's verdict and loss of each hinted placement: of
    the whole game as the review runs it (``whole``), or of the hinted
    placements alone, rated as the review rates them (the mover's view of
    the game replayed from its deck)."""
    reviewer = Reviewer()
    found: dict[int, tuple[str, float]] = {}
    if whole:
        ratings = list(iter_ratings(game, reviewer))
    else:
        replay = Game(game.setup, game.deck, round_index=game.round_index)
        ratings = []
        for index, (seat, move) in enumerate(game.moves):
            if index in hinted:
                ratings.append(reviewer.rate(replay.view(seat), move, index))
            replay.push(move)
    for rating in ratings:
        if rating.move in hinted:
            assert rating.played == hinted[rating.move]
            found[rating.move] = (rating.verdict, rating.loss)
    return found


def test_a_hint_is_the_reviews_best_move(tmp_path: Path) -> None:
    game, hinted = _play_with_hints(tmp_path, Setup(2), 39, "greedy", hinted_every=9)
    assert len(hinted) == 3
    assert _ratings_of(game, hinted, whole=False) == {index: ("best", 0.0) for index in hinted}


def test_the_hints_expected_points_are_the_reviews() -> None:
    # The points a hint says to expect are the review's for the same move.
    game = Game.new(Setup(2), 8)
    greedy = make_bot("greedy", 8)
    for _ in range(10):
        game.push(greedy.choose(game.view(game.turn)))
    found = _hint(game)
    rating = Reviewer().rate(game.view(game.turn), found.move, game.board.placements)
    assert rating.verdict == "best"
    assert found.expected == rating.expected


@pytest.mark.slow
@pytest.mark.parametrize(
    ("setup", "seed", "others", "whole"),
    [
        (Setup(2), 51, "greedy", True),
        (Setup(2), 52, "random", False),
        (Setup(3), 53, "greedy", False),
        (Setup(4), 54, "easy", False),
    ],
)
def test_every_hint_of_a_whole_game_is_the_reviews_best(
    tmp_path: Path, setup: Setup, seed: int, others: str, whole: bool
) -> None:
    # One game reviewed whole, as the review runs (iter_ratings); in the
    # others only seat 0's placements, the hinted ones, rated as the review
    # rates each (the same call on the same view, move and index: a rating
    # is seeded by its placement and seat alone, and carries nothing from the
    # one before), so the verdicts are the whole review's. Rating the other
    # seats' placements too, only to drop them, took a third of this file's
    # CPU time (14.0 s of it, 9.0 s without).
    game, hinted = _play_with_hints(tmp_path, setup, seed, others, hinted_every=1)
    assert _ratings_of(game, hinted, whole=whole) == {index: ("best", 0.0) for index in hinted}
