"""The search bot: names, determinism, legal play, fairness and a little strength."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest

from indigo_tui.bots import BotSpecError, make_bot
from indigo_tui.bots.mcts import LEVEL_ITERATIONS, LEVELS, Budget, MctsBot
from indigo_tui.bots.sim import Knowledge
from indigo_tui.engine import Game, Move, Setup, TileDrawn


def _played(setup: Setup, seed: int, plies: int) -> Game:
    """A game after ``plies`` placements by seeded greedy bots."""
    game = Game.new(setup, seed)
    bots = [make_bot("greedy", f"{seed}:{s}") for s in range(setup.players)]
    for _ in range(plies):
        if game.over:
            break
        game.push(bots[game.turn].choose(game.view(game.turn)))
    return game


# -- names -------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "iterations"), list(LEVEL_ITERATIONS.items()))
def test_levels_search_a_fixed_number_of_iterations(spec: str, iterations: int) -> None:
    bot = make_bot(spec, 1)
    assert isinstance(bot, MctsBot)
    assert bot.name == spec
    assert bot.budget == Budget(iterations=iterations)
    assert spec in LEVELS


def test_each_level_searches_more_and_says_how_long_it_takes() -> None:
    from indigo_tui.bots.mcts import LEVEL_SECONDS, compiled, describe_level, level_seconds

    assert LEVELS == ("easy", "medium", "hard", "expert", "master")
    budgets = [LEVEL_ITERATIONS[level] for level in LEVELS]
    assert budgets == sorted(set(budgets))
    for seconds in LEVEL_SECONDS.values():
        figures = [seconds[level] for level in LEVELS]
        assert figures == sorted(set(figures))
    # The plain-Python build takes longer than the compiled one, and the
    # words name the figure of the build that runs.
    assert all(LEVEL_SECONDS["plain"][level] > LEVEL_SECONDS["compiled"][level] for level in LEVELS)
    assert level_seconds("expert") == LEVEL_SECONDS["compiled" if compiled() else "plain"]["expert"]
    assert str(LEVEL_ITERATIONS["expert"]) in describe_level("expert")
    # The strongest level fits the 2 s a move compiled that it was made for.
    assert LEVEL_SECONDS["compiled"]["master"] <= 2.0


@pytest.mark.parametrize(
    ("spec", "budget", "name"),
    [
        ("mcts:0.25", Budget(seconds=0.25), "mcts:0.25"),
        ("MCTS:2", Budget(seconds=2.0), "mcts:2"),
        ("mcts:iter=2000", Budget(iterations=2000), "mcts:iter=2000"),
        ("mcts:iterations=7", Budget(iterations=7), "mcts:iter=7"),
    ],
)
def test_mcts_budgets_parse(spec: str, budget: Budget, name: str) -> None:
    bot = make_bot(spec, 1)
    assert isinstance(bot, MctsBot)
    assert bot.budget == budget
    assert bot.name == name


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts", "needs a budget"),
        ("mcts:fast", "not a number of seconds"),
        ("mcts:-1", "more than 0"),
        ("mcts:0", "more than 0"),
        ("mcts:nan", "more than 0"),
        ("mcts:iter=lots", "not a whole number"),
        ("mcts:iter=0", "between 1 and"),
        ("mcts:depth=3", "unknown setting"),
        ("hard:2", "takes no argument"),
        ("impossible", "unknown bot"),
    ],
)
def test_bad_specs_say_why(spec: str, words: str) -> None:
    with pytest.raises(BotSpecError, match=words):
        make_bot(spec, 1)


# -- determinism and legality -----------------------------------------------


def test_same_seed_and_iterations_choose_the_same_move() -> None:
    game = _played(Setup(2), 5, 12)
    view = game.view(game.turn)
    first = make_bot("mcts:iter=300", 9).choose(view)
    again = make_bot("mcts:iter=300", 9).choose(view)
    assert first == again
    assert view.is_legal(first)


@pytest.mark.parametrize(
    ("setup", "seed"),
    [(Setup(2), 1), (Setup(3, "tactical"), 2), (Setup(4), 3), (Setup(3, own_gates=True), 4)],
)
def test_whole_games_are_legal(setup: Setup, seed: int) -> None:
    game = Game.new(setup, seed)
    bots = [make_bot("mcts:iter=25", f"{seed}:0")] + [
        make_bot("random", f"{seed}:{s}") for s in range(1, setup.players)
    ]
    while not game.over:
        view = game.view(game.turn)
        move = bots[game.turn].choose(view)
        assert view.is_legal(move), move
        game.push(move)
    assert game.winners


def test_open_game_without_hands_plays_a_legal_move() -> None:
    game = Game.open(Setup(2))
    game.push(Move(0, 2, 0) if game.is_legal(Move(0, 2, 0)) else game.legal_moves[0])
    view = game.view(game.turn)
    move = make_bot("mcts:iter=10", 1).choose(view)
    assert game.is_legal(move)


# -- fairness ----------------------------------------------------------------


def _draw_owners(game: Game) -> list[int]:
    """The seat that drew each deck position so far, in deck order."""
    return [event.seat for event in game.log if type(event) is TileDrawn]


def _undrawn(game: Game) -> tuple[int, ...]:
    """The tiles still in a dealt game's deck."""
    assert game.deck is not None
    return game.deck[game.drawn :]


def _with_other_hidden_tiles(game: Game, seat: int, rng: random.Random) -> Game:
    """The same public history and the same hand for ``seat``, but the other
    seats' current tiles and the undrawn deck dealt differently."""
    assert game.deck is not None
    deck = list(game.deck)
    owners = _draw_owners(game)
    placed = [move for _, move in game.moves]
    # Deck positions whose tile is still hidden from ``seat``: the tiles the
    # other seats hold now (their latest draws) and everything not yet drawn.
    held: list[int] = []
    for rival in range(game.setup.players):
        if rival == seat:
            continue
        positions = [i for i, s in enumerate(owners) if s == rival]
        held.extend(positions[len(positions) - len(game.hands[rival]) :])
    hidden = held + list(range(len(owners), len(deck)))
    tiles = [deck[i] for i in hidden]
    for _ in range(100):
        rng.shuffle(tiles)
        if [deck[i] for i in held] != tiles[: len(held)]:
            break
    for i, tile in zip(hidden, tiles, strict=True):
        deck[i] = tile
    other = Game(game.setup, deck)
    for move in placed:
        other.push(move)
    return other


@pytest.mark.parametrize(
    ("setup", "seed", "plies"), [(Setup(2), 11, 9), (Setup(3), 12, 7), (Setup(2, "tactical"), 13, 4)]
)
def test_hidden_tiles_do_not_change_the_choice(setup: Setup, seed: int, plies: int) -> None:
    game = _played(setup, seed, plies)
    seat = game.turn
    rng = random.Random(seed)
    twins = [_with_other_hidden_tiles(game, seat, rng) for _ in range(2)]
    for twin in twins:
        assert twin.hands[seat] == game.hands[seat]
        assert twin.board.exits == game.board.exits and twin.board.gem_slot == game.board.gem_slot
        assert twin.deck != game.deck  # something hidden really differs
    assert any(
        twin.hands[s] != game.hands[s] for twin in twins for s in range(setup.players) if s != seat
    ) or any(_undrawn(twin) != _undrawn(game) for twin in twins)
    choices = {make_bot("mcts:iter=200", 3).choose(g.view(seat)) for g in [game, *twins]}
    assert len(choices) == 1


def test_knowledge_holds_only_what_the_seat_may_know() -> None:
    game = _played(Setup(3), 21, 8)
    seat = game.turn
    knowledge = Knowledge.of(game.view(seat))
    assert knowledge.base.hands[seat] == game.hands[seat]
    assert all(not knowledge.base.hands[s] for s in range(3) if s != seat)
    assert knowledge.base.deck == []
    assert sorted(knowledge.pool) == sorted(
        [t for s in range(3) if s != seat for t in game.hands[s]] + list(_undrawn(game))
    )


# -- strength ----------------------------------------------------------------


def test_takes_the_placement_that_wins_at_once() -> None:
    # Endgames from seeded games (half greedy, half random moves) where the
    # seat to move is not ahead and exactly one placement scores the last
    # gems and wins on the spot: a modest search must find it.
    positions = list(_winning_endgames(range(20)))
    assert len(positions) >= 2
    for game, winning in positions:
        seat = game.turn
        move = make_bot("mcts:iter=300", 1).choose(game.view(seat))
        assert move == winning


def _winning_endgames(seeds: range) -> Iterator[tuple[Game, Move]]:
    for seed in seeds:
        game = Game.new(Setup(2), seed)
        rng = random.Random(seed)
        greedy = make_bot("greedy", seed)
        while not game.over:
            seat = game.turn
            if game.board.gems_on_board <= 2 and game.scores[seat] <= game.scores[1 - seat]:
                wins = [m for m in game.legal_moves if _wins_at_once(game, m)]
                if len(wins) == 1:
                    yield game, wins[0]
                    break
            view = game.view(seat)
            game.push(greedy.choose(view) if rng.random() < 0.5 else rng.choice(view.legal_moves))


def _wins_at_once(game: Game, move: Move) -> bool:
    seat = game.turn
    game.push(move)
    won = game.over and game.winners == (seat,)
    game.pop()
    return won


# -- two processes -------------------------------------------------------------


def test_helper_process_gives_the_same_move_as_thinking_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from indigo_tui.bots import helper_process

    game = _played(Setup(2), 31, 10)
    view = game.view(game.turn)
    results: dict[str, tuple[Move, int]] = {}

    def think(label: str) -> None:
        bot = make_bot("mcts:iter=200", 4)
        assert isinstance(bot, MctsBot)
        bot.parallel_from_iterations = 100
        results[label] = (bot.choose(view), bot.last_iterations)

    # The UI calls bots from a worker thread: do the same.
    worker = threading.Thread(target=think, args=("helper",))
    worker.start()
    worker.join(timeout=120)
    # The helper answered in time (a late or broken one is retired at once).
    assert helper_process._HELPER is not None and helper_process._HELPER.alive
    monkeypatch.setattr(helper_process, "acquire", lambda: None)
    think("alone")
    assert results["helper"] == results["alone"]
    assert results["alone"][1] == 200


# -- playing moves out on common random numbers ----------------------------------


def test_played_out_deals_every_move_the_same_samples() -> None:
    from indigo_tui.bots.mcts import DEFAULT_TUNING, played_out

    game = _played(Setup(2), 17, 12)
    view = game.view(game.turn)
    knowledge = Knowledge.of(view)
    legal = sorted({(m.cell, m.tile, m.rotation) for m in view.legal_moves})
    one, other = legal[0], legal[-1]
    finals = played_out(knowledge, [one, other, one], 6, "crn", DEFAULT_TUNING)
    assert [len(per_move) for per_move in finals] == [6, 6, 6]
    # The same move on the same samples plays the very same rounds out.
    assert finals[0] == finals[2]
    # Every sample is a finished round: no seat ends below its points so far.
    for per_move in finals:
        for scores in per_move:
            assert len(scores) == 2
            assert all(final >= now for final, now in zip(scores, game.scores, strict=True))
    # The seed decides the samples: the same seed plays the same rounds out.
    assert played_out(knowledge, [other], 6, "crn", DEFAULT_TUNING)[0] == finals[1]
    assert played_out(knowledge, [one, other], 6, "other seed", DEFAULT_TUNING) != finals[:2]


class _FewDraws(random.Random):
    """A stream whose ``random()`` gives only a few values, so that draws tie
    often; every other method is ``random.Random``'s."""

    def random(self) -> float:
        return self.getrandbits(2) / 4


@pytest.mark.parametrize(("players", "plies"), [(2, 0), (2, 20), (3, 12), (4, 30)])
@pytest.mark.parametrize("draws", ["seeded", "tied"])
def test_ordered_moves_are_the_sort_of_gain_draw_and_placement(players: int, plies: int, draws: str) -> None:
    """ordered_moves ranks the placements as sorting ``(-gain, draw, placement)``
    ranks them, ties of draws included, with the same draws in the same order."""
    from indigo_tui.bots.mcts import ordered_moves
    from indigo_tui.bots.sim import ALLOWED

    game = Game.new(Setup(players), seed=f"order:{plies}")
    rng = random.Random(plies)
    for _ in range(plies):
        game.push(rng.choice(game.legal_moves))
    state = Knowledge.of(game.view(game.turn)).sample(random.Random(1))
    for kind in sorted(set(state.hands[state.turn])):
        stream = _FewDraws(kind) if draws == "tied" else random.Random(kind)
        twin = _FewDraws(kind) if draws == "tied" else random.Random(kind)
        active = set(state.active_cells())
        expected = sorted(
            (
                -(state.gain(cell, kind, rot, state.turn) if cell in active else 0),
                twin.random(),
                (cell, kind, rot),
            )
            for cell in state.empty
            for rot in ALLOWED[cell][kind]
        )
        assert ordered_moves(state, kind, stream) == [key for _gain, _draw, key in expected]
        assert stream.getstate() == twin.getstate()
