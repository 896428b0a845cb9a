"""A match of several rounds whose points add up."""

from __future__ import annotations

from typing import Final

from .game import Game, winners
from .setup import Setup

#: The most rounds a person may ask a match to have, on the setup screen and
#: with ``indigo play --rounds`` alike.
MAX_ROUNDS: Final = 20


def rounds_allowed(rounds: int) -> bool:
    """Whether a person may ask a match to have ``rounds`` rounds (1 to
    :data:`MAX_ROUNDS`; in words: :func:`indigo_tui.i18n.words.rounds_text`)."""
    return 1 <= rounds <= MAX_ROUNDS


def parse_seed(text: str | None) -> int | str | None:
    """A seed as a person types it: a whole number is that number, other text
    is a text seed, and nothing (None or blank) is no seed (a random deal)."""
    if text is None or not text.strip():
        return None
    try:
        return int(text)
    except ValueError:
        return text.strip()


class Match:
    """Rounds of one table. Each round is a :class:`Game` with its own deck,
    shuffled from the match seed and the round number; seat 0 opens every
    round, as the gate table assumes."""

    def __init__(self, setup: Setup, rounds: int = 1, seed: int | str | None = None) -> None:
        if rounds < 1:
            raise ValueError("a match has at least one round")
        self.setup = setup
        self.rounds = rounds
        self.seed = seed
        self.games: list[Game] = [Game.new(setup, seed, round_index=0)]

    @classmethod
    def from_games(cls, setup: Setup, rounds: int, seed: int | str | None, games: list[Game]) -> Match:
        match = cls.__new__(cls)
        match.setup, match.rounds, match.seed, match.games = setup, rounds, seed, games
        return match

    @property
    def game(self) -> Game:
        """The round being played (or the last one, when the match is over)."""
        return self.games[-1]

    @property
    def round_index(self) -> int:
        return len(self.games) - 1

    @property
    def over(self) -> bool:
        return len(self.games) >= self.rounds and self.game.over

    @property
    def can_start_next_round(self) -> bool:
        return self.game.over and len(self.games) < self.rounds

    def next_round(self, deck: tuple[int, ...] | None = None) -> Game:
        """Deal the next round: from the match seed, or from ``deck`` (a
        network host deals from a deck of its own, see ``net/deal.py``)."""
        if not self.can_start_next_round:
            raise ValueError("the round is not over, or the match is")
        index = len(self.games)
        self.games.append(
            Game.new(self.setup, self.seed, round_index=index)
            if deck is None
            else Game(self.setup, deck, round_index=index)
        )
        return self.game

    @property
    def totals(self) -> tuple[int, ...]:
        """Points of every finished round, plus the round in play, per seat."""
        return tuple(sum(g.scores[s] for g in self.games) for s in range(self.setup.players))

    @property
    def gem_totals(self) -> tuple[int, ...]:
        return tuple(sum(g.gem_counts[s] for g in self.games) for s in range(self.setup.players))

    @property
    def winners(self) -> tuple[int, ...]:
        return winners(self.totals, self.gem_totals) if self.over else ()
