"""Text mode's words at the end of a round and of a review line."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

from indigo_tui.bots.review import MoveRating
from indigo_tui.engine import Event, Game, Move, Setup, TileDrawn
from indigo_tui.text.local import LineTable
from indigo_tui.text.sentences import event_sentences


def _an_end_with_a_draw() -> list[Event]:
    """The events of a round's last placement that drew a tile (the last gem
    gone before the deck ran out), from seeded random play."""
    for seed in range(50):
        game, choose = Game.new(Setup(players=2), seed=seed), random.Random(seed)
        events: list[Event] = []
        while not game.over:
            events = game.push(choose.choice(game.legal_moves))
        if any(isinstance(e, TileDrawn) for e in events):
            return events
    raise AssertionError("no seed ends with a draw")


def test_the_tile_drawn_by_the_move_that_ends_the_round_is_not_said() -> None:
    events = _an_end_with_a_draw()
    drawn = next(e for e in events if isinstance(e, TileDrawn))
    lines = event_sentences(events, lambda seat: f"P{seat}", viewer=drawn.seat)
    assert not any(line.startswith("You drew") for line in lines), lines
    # Before the end, one's own draw is said.
    game = Game.new(Setup(players=2), seed=5)
    lines = event_sentences(game.push(game.legal_moves[0]), lambda seat: f"P{seat}", viewer=0)
    assert any(line.startswith("You drew") for line in lines)


def test_a_best_move_that_is_not_the_search_choice_is_said_without_best_twice() -> None:
    played, best = Move.parse("122/0@1,-4"), Move.parse("113/2@0,-1")
    rating = MoveRating(0, 0, played, best, 3.0, 3.1, 0.1, "best", (3.0, 2.0), 0.4)
    table = cast(LineTable, SimpleNamespace(name=lambda seat: "Ann"))
    line = LineTable._rating_line(table, rating)
    assert "best was" not in line and "as good as the search's choice 113/2@0,-1" in line, line
