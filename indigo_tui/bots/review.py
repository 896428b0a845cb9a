"""Game review: the search bot rates every placement of a game.

For each placement the search is given only what the mover could see at that
moment (the mover's :class:`~indigo_tui.engine.SeatView`: the public board and
log, its own hand and gems) and estimates the mover's expected final points
of the move played and of the best move it finds. The difference, never
below zero, is the "points given up", and a verdict names it (thresholds in
:data:`THRESHOLDS`, stated in ``docs/bots.md``).

Two searches per placement, both seeded by public facts only (the review's
seed, the move's index and the seat), so a review is repeatable with an
iteration budget and cannot depend on anything hidden:

1. *find*: the search bot's ordinary search from the mover's view; its best
   move is the root child with most visits, as when the bot plays.
2. *compare* (only when the move played is not that one): a search whose
   root alternates between the move played and the best move, each followed
   by ordinary search below it, so both get the same number of playouts; the
   mean of the mover's final points over each child's playouts is that
   move's expected final points.

A canonical ``indigo-game/1`` record has no deck and no hands. There the
review assumes only what the record proves, that the mover held the tile it
placed: it compares placements of that tile, and guesses every other tile in
hand and the deck from the tiles still in the box (how many each seat holds
follows from the number of placements).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Literal

import msgspec

from ..engine import Game, Move, SeatView
from ..engine.geometry import COORDS
from ..engine.setup import Setup
from ..engine.tiles import TILE_TOTAL, rotated_paths
from ..i18n import _
from .base import BotSpecError
from .mcts import Budget, MctsBot, PlaceKey, Search, Tuning
from .registry import make_bot
from .sim import Knowledge, is_open

Verdict = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
VERDICTS: Final[tuple[Verdict, ...]] = ("best", "good", "inaccuracy", "mistake", "blunder")
#: A verdict by points given up: below 0.5 good, below 1 an inaccuracy, below 2
#: a mistake, from 2 a blunder. "best" is the search's own choice, or a move
#: whose estimate is not below it (nothing given up).
THRESHOLDS: Final[tuple[tuple[float, Verdict], ...]] = (
    (0.5, "good"),
    (1.0, "inaccuracy"),
    (2.0, "mistake"),
)
#: The reviewer when none is named: deterministic, a few seconds a game.
DEFAULT_SPEC: Final = "mcts:iter=300"
#: The compare search runs as long as the find search (its two moves share
#: it), but never fewer playouts than this.
MIN_COMPARE: Final = 40
#: Bumped when the analysis changes what it computes, so that stored reviews
#: made by an older analysis are not trusted.
ANALYSIS_VERSION: Final = 1


def verdict_for(loss: float) -> Verdict:
    """The verdict of a move that gave up ``loss`` points (0 is "best")."""
    if loss <= 0.0:
        return "best"
    for limit, name in THRESHOLDS:
        if loss < limit:
            return name
    return "blunder"


class MoveRating(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One placement rated from its mover's view."""

    #: Index of the placement in the round, from 0.
    move: int
    seat: int
    played: Move
    best: Move
    #: The mover's expected final points after the move played / the best move.
    played_points: float
    best_points: float
    #: ``max(0, best_points - played_points)``: points given up.
    loss: float
    verdict: Verdict
    #: Every seat's expected final points after the move played, as the mover
    #: could estimate them (for the plot of expected scores).
    expected: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        """The headless output's object, with cells and tiles as in ``indigo-game/1``."""
        return {
            "move": self.move,
            "seat": self.seat,
            "played": placement_json(self.played),
            "best": placement_json(self.best),
            "loss": round(self.loss, 3),
            "verdict": self.verdict,
        }


def placement_json(move: Move) -> dict[str, Any]:
    paths = rotated_paths(move.tile, move.rotation)
    return {"cell": list(COORDS[move.cell]), "tile": [list(pair) for pair in paths]}


class SeatSummary(msgspec.Struct, frozen=True):
    """One seat's moves in a review: how many, mean points given up, verdicts."""

    seat: int
    moves: int
    mean_loss: float
    counts: dict[str, int]


def summarise(ratings: Sequence[MoveRating], players: int) -> list[SeatSummary]:
    rows = []
    for seat in range(players):
        mine = [r for r in ratings if r.seat == seat]
        counts: dict[str, int] = {name: sum(1 for r in mine if r.verdict == name) for name in VERDICTS}
        mean = sum(r.loss for r in mine) / len(mine) if mine else 0.0
        rows.append(SeatSummary(seat, len(mine), mean, counts))
    return rows


# -- what the mover knew --------------------------------------------------------------


def open_hand_sizes(setup: Setup, placements: int) -> tuple[list[int], int]:
    """How many tiles each seat holds, and how many are left in the deck, after
    ``placements`` placements: public counts, the same in every deal."""
    held = [setup.hand_size] * setup.players
    deck = TILE_TOTAL - setup.hand_size * setup.players
    for index in range(placements):
        if deck:
            deck -= 1
        else:
            held[index % setup.players] -= 1
    return held, deck


def open_knowledge(view: SeatView, played_tile: int) -> Knowledge:
    """An open game's mover: it held the tile it placed, and nothing else is known."""
    knowledge = Knowledge.of(view)
    held, deck = open_hand_sizes(view.setup, view.board.placements)
    held[view.seat] -= 1
    knowledge.hand_sizes = held
    knowledge.tiles_left = deck
    knowledge.base.hands[view.seat] = [played_tile]
    knowledge.pool.remove(played_tile)
    return knowledge


# -- the reviewer ----------------------------------------------------------------------


class Reviewer:
    """Rates placements with the search bot named by ``spec`` (``mcts:iter=N``,
    ``mcts:SECONDS`` or a level name such as ``hard``)."""

    def __init__(self, spec: str = DEFAULT_SPEC, seed: int | str = 0) -> None:
        bot = make_bot(spec, seed)
        if not isinstance(bot, MctsBot):
            raise BotSpecError(
                # translators: mcts:iter=N, mcts:SECONDS and the level names are the command line's words
                _(
                    "{spec} cannot rate moves: a review needs the search bot "
                    "(mcts:iter=N, mcts:SECONDS, easy, medium, hard or expert)"
                ).format(spec=repr(spec))
            )
        self.spec = spec
        self.name = bot.name
        self.seed = seed
        self.budget: Budget = bot.budget
        self.tuning: Tuning = bot.tuning

    def _compare_budget(self) -> Budget:
        if self.budget.iterations is not None:
            count = max(MIN_COMPARE, self.budget.iterations)
            return Budget(iterations=count + count % 2)
        return self.budget

    def _find(self, knowledge: Knowledge, seed: str, root_kind: int | None) -> tuple[Search, PlaceKey]:
        """The search bot's own search and the move it would play."""
        find = Search(knowledge, seed, self.tuning, root_kind=root_kind)
        find.run(self.budget)
        children = find.root.children
        best = max(
            children,
            key=lambda k: (children[k].visits, children[k].reward / max(1, children[k].visits), k),
        )
        return find, best

    def suggest(self, view: SeatView) -> tuple[Move, tuple[float, ...]]:
        """A hint: the move the search bot would play from ``view`` (the seat to
        move's own view), and every seat's expected final points after it."""
        if not view.my_turn:
            raise ValueError(_("a hint is for the seat to move"))
        if is_open(view):
            raise ValueError(_("a game without hands has no tile to suggest"))
        seed = f"hint:{self.seed}:{view.board.placements}:{view.seat}"
        find, best = self._find(Knowledge.of(view), seed, None)
        return Move(*best), find.mean_points(best)

    def rate(self, view: SeatView, played: Move, index: int) -> MoveRating:
        """Rate ``played`` from ``view``, the mover's view just before it."""
        if not view.my_turn:
            raise ValueError("the view is not the mover's")
        seat = view.seat
        played = Move.make(played.cell, played.tile, played.rotation)
        seed = f"review:{self.seed}:{index}:{seat}"
        open_game = is_open(view)
        knowledge = open_knowledge(view, played.tile) if open_game else Knowledge.of(view)
        root_kind = played.tile if open_game else None
        played_key: PlaceKey = (played.cell, played.tile, played.rotation)
        find, best_key = self._find(knowledge, seed + ":find", root_kind)
        if best_key == played_key:
            expected = find.mean_points(best_key)
            return MoveRating(
                index, seat, played, played, expected[seat], expected[seat], 0.0, "best", expected
            )
        compare = Search(
            knowledge,
            seed + ":compare",
            self.tuning,
            root_kind=root_kind,
            forced=(played_key, best_key),
            paired=True,
        )
        compare.run(self._compare_budget())
        expected = compare.mean_points(played_key)
        best_expected = compare.mean_points(best_key)
        best_points = best_expected[seat]
        loss = max(0.0, best_points - expected[seat])
        return MoveRating(
            index,
            seat,
            played,
            Move(*best_key),
            expected[seat],
            best_points,
            loss,
            verdict_for(loss),
            expected,
        )


def iter_ratings(game: Game, reviewer: Reviewer, done: Sequence[MoveRating] = ()) -> Iterator[MoveRating]:
    """Rate the placements of ``game`` in order, after the ``done`` ones (a
    review stopped part way goes on where it stopped)."""
    replay = Game(game.setup, game.deck, round_index=game.round_index)
    moves = game.moves
    for index, (seat, move) in enumerate(moves):
        if index >= len(done):
            yield reviewer.rate(replay.view(seat), move, index)
        replay.push(move)


def review_game(
    game: Game,
    reviewer: Reviewer,
    *,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> list[MoveRating]:
    """Every placement of ``game`` rated in order; stops early (returning the
    ratings so far) when ``stop()`` says so. ``progress(done, total)`` is
    called after each placement."""
    total = len(game.moves)
    ratings: list[MoveRating] = []
    for rating in iter_ratings(game, reviewer):
        ratings.append(rating)
        if progress is not None:
            progress(len(ratings), total)
        if stop is not None and stop():
            break
    return ratings


__all__ = [
    "ANALYSIS_VERSION",
    "DEFAULT_SPEC",
    "THRESHOLDS",
    "VERDICTS",
    "MoveRating",
    "Reviewer",
    "SeatSummary",
    "iter_ratings",
    "review_game",
    "summarise",
    "verdict_for",
]
