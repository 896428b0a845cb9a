"""Game review: ratings from the mover's view only, repeatable, and meaningful."""

from __future__ import annotations

import random
import statistics

import pytest

from bots.test_mcts import _played, _winning_endgames, _with_other_hidden_tiles
from indigo_tui.bots import BotSpecError, make_bot
from indigo_tui.bots.review import (
    VERDICTS,
    Reviewer,
    open_hand_sizes,
    review_game,
    summarise,
    sure_verdict,
    verdict_for,
)
from indigo_tui.engine import Game, Setup, notation


def test_verdicts_follow_the_stated_thresholds() -> None:
    assert [verdict_for(x) for x in (0.0, 0.01, 0.99, 1.0, 1.99, 2.0, 2.99, 3.0, 7.5)] == [
        "best",
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_a_verdict_flags_only_what_clears_the_noise() -> None:
    # Rated by what the move surely gave up, the loss less its uncertainty.
    assert sure_verdict(0.0, 0.0) == "best"
    assert sure_verdict(0.3, 0.4) == "best"  # not measurably worse than the best found
    assert sure_verdict(0.3, 0.1) == "good"
    assert sure_verdict(2.4, 0.5) == "inaccuracy"  # a mistake by the estimate, but it might be 1.9
    assert sure_verdict(2.4, 0.3) == "mistake"
    assert sure_verdict(3.5, 0.6) == "mistake"
    assert sure_verdict(3.5, 0.1) == "blunder"


def test_only_the_search_bot_can_rate() -> None:
    with pytest.raises(BotSpecError, match="needs the search bot"):
        Reviewer("greedy")
    with pytest.raises(BotSpecError, match="not a number of seconds"):
        Reviewer("mcts:fast")
    assert Reviewer("mcts:iter=10").budget.iterations == 10


@pytest.mark.parametrize(("setup", "seed", "plies"), [(Setup(2), 11, 9), (Setup(3), 12, 7)])
def test_hidden_tiles_do_not_change_the_rating(setup: Setup, seed: int, plies: int) -> None:
    # The same public history and the same hand for the mover, but the other
    # seats' tiles and the undrawn deck dealt differently: the rating of the
    # next move, and of a random other one, must not change.
    game = _played(setup, seed, plies)
    seat = game.turn
    twins = [_with_other_hidden_tiles(game, seat, random.Random(seed + i)) for i in range(2)]
    assert any(twin.deck != game.deck for twin in twins)
    reviewer = Reviewer("mcts:iter=60", 1)
    rng = random.Random(seed)
    for move in (make_bot("greedy", seed).choose(game.view(seat)), rng.choice(game.legal_moves)):
        ratings = {reviewer.rate(g.view(seat), move, plies) for g in [game, *twins]}
        assert len(ratings) == 1


def test_the_search_bots_own_choice_rates_as_best() -> None:
    game = _played(Setup(2), 7, 10)
    view = game.view(game.turn)
    reviewer = Reviewer("mcts:iter=80", 2)
    other = next(m for m in view.legal_moves if m != reviewer.rate(view, view.legal_moves[0], 10).best)
    first = reviewer.rate(view, other, 10)
    chosen = reviewer.rate(view, first.best, 10)
    assert chosen.verdict == "best" and chosen.loss == 0.0 and chosen.best == first.best
    assert chosen.played_points == chosen.best_points


def test_the_move_that_wins_at_once_rates_as_best_and_others_give_points_up() -> None:
    # Endgames where exactly one placement scores the last gems and wins.
    positions = list(_winning_endgames(range(20)))
    assert len(positions) >= 2
    reviewer = Reviewer("mcts:iter=300", 1)
    for game, winning in positions:
        seat = game.turn
        view = game.view(seat)
        rating = reviewer.rate(view, winning, game.board.placements)
        assert rating.verdict == "best" and rating.loss == 0.0
        game.push(winning)
        assert rating.played_points == pytest.approx(game.scores[seat])
        game.pop()
        # A move that does not win at once gives points up.
        for other in [m for m in view.legal_moves if m != winning][:3]:
            worse = reviewer.rate(view, other, game.board.placements)
            assert worse.best == winning and worse.loss > 0


def test_hand_sizes_of_an_open_game_follow_from_the_count_of_placements() -> None:
    game = Game.new(Setup(2, "tactical"), 5)
    bots = [make_bot("random", s) for s in range(2)]
    while not game.over:
        held, deck = open_hand_sizes(game.setup, game.board.placements)
        assert held == [len(hand) for hand in game.hands] and deck == game.tiles_left
        game.push(bots[game.turn].choose(game.view(game.turn)))


@pytest.mark.parametrize("setup", [Setup(2), Setup(2, "tactical")])
def test_a_canonical_record_rates_placements_of_the_tile_played(setup: Setup) -> None:
    played = _played(setup, 3, 60)
    game = notation.from_json(notation.dumps(played))
    ratings = review_game(game, Reviewer("mcts:iter=12", 0))
    assert [(r.seat, r.played) for r in ratings] == game.moves
    for rating in ratings:
        assert rating.best.tile == rating.played.tile
        assert rating.loss >= 0 and rating.uncertainty >= 0
        assert rating.verdict == sure_verdict(rating.loss, rating.uncertainty)


@pytest.mark.slow
def test_random_gives_up_more_points_than_greedy() -> None:
    # Two whole games between greedy and random, one in each seat order,
    # rated with a small budget: random's mean points given up per move is
    # clearly higher (about twice greedy's in these two). The twenty-game
    # figure is benchmarks/review_quality.py's.
    losses: dict[str, list[float]] = {"greedy": [], "random": []}
    reviewer = Reviewer("mcts:iter=40", 0)
    for seed in range(2):
        names = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        game = Game.new(Setup(2), f"quality:{seed}")
        bots = [make_bot(name, f"{seed}:{s}") for s, name in enumerate(names)]
        while not game.over:
            game.push(bots[game.turn].choose(game.view(game.turn)))
        ratings = review_game(game, reviewer)
        assert len(ratings) == game.board.placements
        for rating in ratings:
            losses[names[rating.seat]].append(rating.loss)
    greedy, rand = statistics.mean(losses["greedy"]), statistics.mean(losses["random"])
    assert rand > 1.2 * greedy, (greedy, rand)


def test_summary_counts_every_verdict_per_seat() -> None:
    game = _played(Setup(2), 4, 8)
    ratings = review_game(game, Reviewer("mcts:iter=15", 0))
    rows = summarise(ratings, 2)
    assert [row.moves for row in rows] == [4, 4]
    for row in rows:
        assert sum(row.counts.values()) == row.moves and set(row.counts) == set(VERDICTS)
        mine = [r.loss for r in ratings if r.seat == row.seat]
        assert row.mean_loss == pytest.approx(statistics.mean(mine))


def test_a_stopped_review_keeps_what_it_rated() -> None:
    game = _played(Setup(2), 4, 10)
    calls: list[tuple[int, int]] = []
    ratings = review_game(
        game,
        Reviewer("mcts:iter=10", 0),
        progress=lambda d, t: calls.append((d, t)),
        stop=lambda: len(calls) >= 3,
    )
    assert len(ratings) == 3 and calls == [(1, 10), (2, 10), (3, 10)]
