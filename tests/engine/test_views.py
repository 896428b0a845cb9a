"""A seat's view hides what it must: the deck, other hands, other seats' gems."""

from __future__ import annotations

import gc
import random
import types

import pytest

from indigo_tui.engine import Game, GameStarted, Setup, TileDrawn, public_event

from .support import play_random


def reachable(root: object) -> dict[int, object]:
    """Every object reachable from ``root`` by references, stopping at modules
    and types (through which everything in the program is reachable)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if isinstance(obj, types.ModuleType | type):
            continue
        stack.extend(gc.get_referents(obj))
    return seen


def game_with_gems(setup: Setup, seed: int) -> Game:
    """A game far enough on that seats hold gems, with a draw left to hide."""
    game = Game.new(setup, seed)
    rng = random.Random(seed)
    while not game.over and (sum(game.gem_counts) < setup.players or game.board.placements < 20):
        play_random(game, rng, 1)
    assert not game.over, "pick another seed: the game ended before every seat had gems"
    return game


@pytest.mark.parametrize(
    ("setup", "seed"),
    [(Setup(2), 3), (Setup(3), 4), (Setup(4, "tactical"), 5), (Setup(3, own_gates=True), 6)],
)
def test_nothing_private_of_another_seat_is_reachable_from_a_view(setup: Setup, seed: int) -> None:
    game = game_with_gems(setup, seed)
    assert game.deck is not None
    for seat in range(setup.players):
        view = game.view(seat)
        found = reachable(view)
        assert id(game) not in found
        assert id(game.deck) not in found
        assert id(game.hands) not in found and id(game.collected) not in found
        assert id(game.log) not in found
        for other in range(setup.players):
            if other != seat:
                assert id(game.hands[other]) not in found
                assert id(game.collected[other]) not in found
        # What the seat may see, it does see.
        assert list(view.hand) == game.hands[seat]
        assert list(view.collected) == game.collected[seat]
        # The view holds copies that cannot change: nothing done to them reaches the game.
        assert isinstance(view.hand, tuple) and isinstance(view.collected, tuple)


@pytest.mark.parametrize("setup", [Setup(2), Setup(4, "tactical")])
def test_a_views_events_hide_other_seats_draws_and_the_deck(setup: Setup) -> None:
    game = game_with_gems(setup, 7)
    for seat in range(setup.players):
        events = game.view(seat).events
        assert len(events) == len(game.log)
        start = events[0]
        assert type(start) is GameStarted and start.deck is None
        draws = [(mine, real) for mine, real in zip(events, game.log, strict=True) if type(real) is TileDrawn]
        assert draws
        for mine, real in draws:
            assert type(mine) is TileDrawn and mine.seat == real.seat
            if real.seat == seat:
                assert mine.tile == real.tile is not None
            else:
                assert mine.tile is None
        # Every other event is the same for everyone.
        others = [
            (m, r) for m, r in zip(events, game.log, strict=True) if type(r) not in (TileDrawn, GameStarted)
        ]
        assert all(m == r for m, r in others)


def test_a_detached_view_does_not_follow_the_game() -> None:
    game = game_with_gems(Setup(2), 8)
    view = game.view(game.turn).detached()
    placements = view.board.placements
    game.push(game.legal_moves[0])
    assert view.board.placements == placements
    assert id(game) not in reachable(view)


def test_a_view_is_live_through_push_pop_and_redo() -> None:
    # Decided: Game.view() is live. A view taken before an undo shows the
    # position after it (it used to keep showing the undone move's board).
    game = game_with_gems(Setup(2, "tactical"), 9)
    seat = game.turn
    view = game.view(seat)
    before = (view.board.placements, view.hand, view.collected, view.tiles_left, len(view.events))
    game.push(game.legal_moves[0])
    assert view.board is game.board and view.board.placements == before[0] + 1
    assert view.hand == tuple(game.hands[seat]) and view.tiles_left == game.tiles_left
    assert len(view.events) == len(game.log)
    game.pop()
    assert (view.board.placements, view.hand, view.collected, view.tiles_left, len(view.events)) == before
    game.redo()
    assert view.board.placements == before[0] + 1 and view.collected == tuple(game.collected[seat])
    assert view.legal_moves == (game.legal_moves if game.turn == seat else [])


def test_a_detached_view_is_frozen_through_an_undo() -> None:
    game = game_with_gems(Setup(3), 10)
    frozen = game.view(game.turn).detached()
    shown = (frozen.board.tiles[:], frozen.hand, frozen.collected, frozen.tiles_left, len(frozen.events))
    game.pop()
    game.pop()
    assert (frozen.board.tiles, frozen.hand, frozen.collected, frozen.tiles_left, len(frozen.events)) == shown


def test_a_seats_log_reads_as_the_list_of_what_it_may_see_through_undo_and_redo() -> None:
    """A seat's log is the game's public log with the seat's own draws: read
    whole, by index from either end or by slice, it is the list a copy would
    be, also after moves are undone and played again."""
    game = game_with_gems(Setup(3), 11)
    for step in range(4):
        for seat in range(3):
            want = [e if type(e) is TileDrawn and e.seat == seat else public_event(e) for e in game.log]
            events = game.view(seat).events
            assert events == want and list(events) == want and len(events) == len(want)
            assert (events[0], events[-1], events[-4]) == (want[0], want[-1], want[-4])
            assert events[3:9] == want[3:9] and events[::-5] == want[::-5]
        if step < 2:
            game.pop()
        else:
            game.redo()
