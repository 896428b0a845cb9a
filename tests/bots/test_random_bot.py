"""The random bot's rejection sampling keeps exactly the moves the engine lists.

It draws (tile in hand, distinct orientation, empty cell) and keeps a draw
the board's judge (``Board.is_legal``, from ``Board.refusal``) allows: so
every move it plays is one of ``legal_moves``, and, drawn often enough from
one position, it plays each of them.
"""

from __future__ import annotations

import random

import pytest

from indigo_tui.bots.random_bot import RandomBot
from indigo_tui.engine import Game, Setup


@pytest.mark.parametrize("open_game", [False, True])
def test_it_plays_the_listed_moves_and_every_one_of_them(open_game: bool) -> None:
    rng = random.Random(5)
    for index in range(6):
        setup = Setup(2 + index % 3)
        game = Game.open(setup) if open_game else Game.new(setup, f"random-bot:{index}")
        bot = RandomBot(index)
        for _ in range(rng.randrange(40)):
            game.push(bot.choose(game.view(game.turn)))
        view = game.view(game.turn)
        listed = set(view.legal_moves)
        draws = 12 * len(listed) if not open_game else 30 * len(listed)
        played = {bot.choose(view) for _ in range(draws)}
        assert played == listed
