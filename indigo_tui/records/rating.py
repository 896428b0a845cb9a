"""Win shares and ratings: Wilson intervals, and a rating on the bot ladder's scale.

**The scale** (docs/bots.md, "Ratings") is Elo's: a difference of ``d``
points means the stronger player is expected to score
``1 / (1 + 10 ** (-d / 400))`` of the time (a shared win scoring a half),
anchored at the random bot, 0. Each level's place (:data:`LADDER`) comes
from the ladder's measured win shares (``benchmarks/ladder.py``, two-player
games), each step's share turned into a difference and added up from the
random bot.

**A player's rating** is worked out from their results against the bots
whose place is known, and nothing else: the likelihood of every result
(each game against each other seat, as :mod:`.games` counts it) over a grid
of ratings, with every rating on the grid equally likely beforehand. Its
middle (the median) is the rating and its central 95% the interval: a
player with few games gets a wide one, a player who beat every bot only
"at least" the bottom of it. The same sums, one game at a time, give the
rating after every game for the chart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

#: Each bot's place on the ladder's scale (Elo points, the random bot 0),
#: from the win shares of docs/bots.md: greedy beat random 96.6% of 1000
#: games (+581); in the ladder (issue 21), easy beat greedy 97.2% (+618),
#: medium easy 76.4% (+204), hard medium 81.9% (+263), expert hard 82.4%
#: (+268); master beat expert 64.2% of 60 games (+101, issue 39). ``tests/records``
#: holds this table and the one in docs/bots.md equal.
LADDER: Final[dict[str, int]] = {
    "random": 0,
    "greedy": 581,
    "easy": 1199,
    "medium": 1403,
    "hard": 1666,
    "expert": 1933,
    "master": 2034,
}

#: The ratings a player may have: the grid the likelihood is summed on,
#: from well below the random bot to well above the expert, every 4 points.
LOWEST: Final = -800
HIGHEST: Final = 2800
STEP: Final = 4
GRID: Final[tuple[int, ...]] = tuple(range(LOWEST, HIGHEST + 1, STEP))


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a share over ``n`` games;
    (0, 1) for no games."""
    if n <= 0:
        return (0.0, 1.0)
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(0.0, share * (1 - share) / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def expected(rating: float, other: float) -> float:
    """The share a player of ``rating`` is expected to score against ``other``."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / 400.0))


def difference(share: float) -> float:
    """The rating difference that expects ``share`` (strictly between 0 and 1)."""
    return 400.0 * math.log10(share / (1.0 - share))


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating and how sure it is: the 95% interval, over ``games`` results."""

    value: int
    low: int
    high: int
    #: Results against bots on the scale that went into it.
    games: int
    #: Nothing was ever won (or even): the bottom is only the grid's, "at most" is known.
    open_below: bool = False
    #: Nothing was ever lost (or even): the top is only the grid's, "at least" is known.
    open_above: bool = False

    def holds(self, rating: float) -> bool:
        return self.low <= rating <= self.high


class RatingSums:
    """The log-likelihood of every rating on :data:`GRID`, one result at a time."""

    def __init__(self) -> None:
        self._sums = [0.0] * len(GRID)
        self.games = 0
        #: Whether any result was less than a win, and any more than a loss.
        self.dropped = self.gained = False
        #: log E and log (1 - E) over the grid, per opponent's rating.
        self._tables: dict[int, tuple[list[float], list[float]]] = {}

    def _table(self, other: int) -> tuple[list[float], list[float]]:
        table = self._tables.get(other)
        if table is None:
            wins, losses = [], []
            for rating in GRID:
                # log E and log(1 - E) without overflow: E = 1 / (1 + 10^x).
                x = (other - rating) / 400.0 * math.log(10.0)
                wins.append(-_softplus(x))
                losses.append(-_softplus(-x))
            table = self._tables[other] = (wins, losses)
        return table

    def add(self, other: int, score: float) -> None:
        """One result against a player of rating ``other``: 1 won, 0.5 even, 0 lost."""
        wins, losses = self._table(other)
        sums = self._sums
        if score >= 1.0:
            for index, value in enumerate(wins):
                sums[index] += value
        elif score <= 0.0:
            for index, value in enumerate(losses):
                sums[index] += value
        else:
            for index in range(len(sums)):
                sums[index] += score * wins[index] + (1.0 - score) * losses[index]
        self.games += 1
        self.dropped |= score < 1.0
        self.gained |= score > 0.0

    def rating(self) -> Rating | None:
        """The rating so far (the median) and its central 95%; None before any result."""
        if not self.games:
            return None
        top = max(self._sums)
        weights = [math.exp(value - top) for value in self._sums]
        total = sum(weights)
        low = middle = high = None
        running = 0.0
        for rating, weight in zip(GRID, weights, strict=True):
            running += weight / total
            if low is None and running >= 0.025:
                low = rating
            if middle is None and running >= 0.5:
                middle = rating
            if high is None and running >= 0.975:
                high = rating
                break
        assert low is not None and middle is not None
        return Rating(
            middle,
            low,
            HIGHEST if high is None else high,
            self.games,
            open_below=not self.gained,
            open_above=not self.dropped,
        )


def _softplus(x: float) -> float:
    """log(1 + e^x), for any x."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def rate(results: Iterable[tuple[int, float]]) -> Rating | None:
    """The rating from ``(opponent's rating, score)`` results (see :class:`RatingSums`)."""
    sums = RatingSums()
    for other, score in results:
        sums.add(other, score)
    return sums.rating()


def ladder_place(bot: str) -> int | None:
    """A bot's place on the scale, or None for one that has none (a search
    bot with a time of its own, an outside program)."""
    return LADDER.get(bot)


def nearest_level(rating: float, levels: Sequence[str] = tuple(LADDER)) -> str:
    """The bot whose place is nearest ``rating``."""
    return min(levels, key=lambda bot: abs(LADDER[bot] - rating))


__all__ = [
    "GRID",
    "HIGHEST",
    "LADDER",
    "LOWEST",
    "Rating",
    "RatingSums",
    "difference",
    "expected",
    "ladder_place",
    "nearest_level",
    "rate",
    "wilson",
]
