"""Game review: every placement of a game rated from its mover's view.

Each placement is rated with only what the mover could see at that moment
(the mover's :class:`~indigo_tui.engine.SeatView`: the public board and log,
its own hand and gems); the other hands and the deck order are guessed, as
the search bot guesses them. A move's worth is the mover's expected *lead*
(its points less the mean of the other seats' points) averaged over the
next two rounds of placements: after every other seat has placed one tile
after it, and after each placement of the round after that, up to every
other seat's second reply (in two players: after the reply, after the
mover's next placement and after the reply to that), each seat playing as
the search's playouts do: the best scoring placement next to a gem when one
scores, else a quiet one that gives nothing away. Lead, not own points:
handing a gem to another seat costs as much as missing it. Averaged, not
taken at one moment: measured (benchmarks/review_quality.py, docs/bots.md,
greedy against random), the lead after the others' replies alone counts a
gem handed over or missed in full and overstates the true gap in final
points 2.7 times, while the lead one placement later lets the playouts take
back what the move left and understates it (0.53 times); the mean of the
positions in between recovers 1.18 times it, as near to what a point means
in the final score as any of them. Not the whole round: longer horizons
rate the moves by set-ups that the playouts' opponents never block.

1. *screen*: every legal placement is played out on a few guesses
   (:data:`SCREEN_SAMPLES`); the :data:`CANDIDATES` with the best lead go on.
2. *measure*: those and the move played, on more guesses (the budget), each
   guess with its :class:`Luck` dealt alike to every move (common random
   numbers). The best found is the one with the best mean lead; the points
   of lead given up (``loss``) is its mean lead less the played move's, and
   ``uncertainty`` is 1.96 standard errors of that difference over the
   guesses. The verdict goes by what the move *surely* gave up, ``loss -
   uncertainty`` (:func:`sure_verdict`): a flag only for what clears the noise.

Every guess and random stream is seeded by public facts only (the review's
seed, the move's index and the seat), so a review is repeatable with an
iteration budget and cannot depend on anything hidden.

A canonical ``indigo-game/1`` record has no deck and no hands. There the
review assumes only what the record proves, that the mover held the tile it
placed: it compares placements of that tile, and guesses every other tile in
hand and the deck from the tiles still in the box (how many each seat holds
follows from the number of placements).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, Literal, NamedTuple

import msgspec

from ..engine import Game, Move, SeatView
from ..engine.geometry import COORDS
from ..engine.setup import Setup
from ..engine.tiles import TILE_TOTAL, rotated_paths
from ..i18n import _
from .base import BotSpecError
from .mcts import LEVELS, Budget, MctsBot, PlaceKey, Tuning
from .registry import make_bot
from .sim import ALLOWED, Knowledge, SimState, is_open

Verdict = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
VERDICTS: Final[tuple[Verdict, ...]] = ("best", "good", "inaccuracy", "mistake", "blunder")
#: A verdict by points of lead given up: below 1 good, below 2 an
#: inaccuracy, below 3 a mistake, from 3 (a sapphire's worth) a blunder.
#: Lead counts a point handed to another seat as well as a point missed, so
#: these are twice what they would be in one's own points. "best" is the
#: move found best, or one not measurably worse (:func:`sure_verdict`).
THRESHOLDS: Final[tuple[tuple[float, Verdict], ...]] = (
    (1.0, "good"),
    (2.0, "inaccuracy"),
    (3.0, "mistake"),
)
#: The reviewer when none is named: deterministic, a few seconds a game.
DEFAULT_SPEC: Final = "mcts:iter=300"
#: How many of the screened moves go on to be measured (besides the move played).
CANDIDATES: Final = 6
#: Guesses of the hidden tiles per move in the screen of every legal move.
SCREEN_SAMPLES: Final = 4
#: Guesses of the hidden tiles for the expected final points of the move
#: played and the best one (the viewer's plot; not part of the rating).
FINAL_SAMPLES: Final = 16
#: Never fewer guesses per candidate than this, whatever the budget.
MIN_SAMPLES: Final = 24
#: A time budget's guesses per candidate per second of budget.
SAMPLES_PER_SECOND: Final = 200
#: A loss's uncertainty is this many standard errors of its estimate (95%).
CONFIDENCE_Z: Final = 1.96
#: Bumped when the analysis changes what it computes, so that stored reviews
#: made by an older analysis are not trusted.
ANALYSIS_VERSION: Final = 3


def sure_verdict(loss: float, uncertainty: float) -> Verdict:
    """The verdict of what a move surely gave up: ``loss`` less its
    ``uncertainty``. A move not measurably worse than the best is "best"; one
    measurably worse by less than 1 is "good"; the flags (inaccuracy and
    worse) go only to losses that clear the noise."""
    surely = loss - uncertainty
    if surely <= 0.0:
        return "best"
    return verdict_for(surely)


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
    #: Half the width of the 95% interval of ``loss``: the true loss is
    #: within ``loss ± uncertainty`` (0 when the move played is the best found).
    uncertainty: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The headless output's object, with cells and tiles as in ``indigo-game/1``."""
        return {
            "move": self.move,
            "seat": self.seat,
            "played": placement_json(self.played),
            "best": placement_json(self.best),
            "loss": round(self.loss, 3),
            "uncertainty": round(self.uncertainty, 3),
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


class Measured(NamedTuple):
    """The measure step's moves, each one's lead per guess, and the best one's index."""

    candidates: list[PlaceKey]
    leads: list[list[float]]
    top: int


class Reviewer:
    """Rates placements with the search bot's playouts, as long as ``spec``
    says (``mcts:iter=N``: N playouts a placement, shared by the moves
    measured; ``mcts:SECONDS`` or a level name such as ``hard``); a hint
    (:meth:`suggest`) is the move its measure finds best."""

    def __init__(self, spec: str = DEFAULT_SPEC, seed: int | str = 0) -> None:
        bot = make_bot(spec, seed)
        if not isinstance(bot, MctsBot):
            raise BotSpecError(
                # translators: mcts:iter=N, mcts:SECONDS and the {levels} (easy, ...) are command-line words
                _(
                    "{spec} cannot rate moves: a review needs the search bot "
                    "(mcts:iter=N, mcts:SECONDS or a level: {levels})"
                ).format(spec=repr(spec), levels=", ".join(LEVELS))
            )
        self.spec = spec
        self.name = bot.name
        self.seed = seed
        self.budget: Budget = bot.budget
        self.tuning: Tuning = bot.tuning

    def suggest(self, view: SeatView) -> tuple[Move, tuple[float, ...]]:
        """A hint: the move this review would rate best from ``view`` (the
        seat to move's own view), and every seat's expected final points
        after it.

        One measure behind both: the hint is the best move of the review's
        own screen and measure, with the review's seed for this placement,
        so a move played on a hint is rated "best" by the review of the game
        at the same settings (tests/bots/test_hint_review.py)."""
        if not view.my_turn:
            raise ValueError(_("a hint is for the seat to move"))
        if is_open(view):
            raise ValueError(_("a game without hands has no tile to suggest"))
        index = view.board.placements
        seed = self._seed(index, view.seat)
        knowledge = Knowledge.of(view)
        measured = self._measure(knowledge, view.seat, self._moves(knowledge, view.seat), None, seed)
        best = measured.candidates[measured.top]
        (expected,) = self._final_points(knowledge, [best], seed)
        return Move(*best), expected

    def _seed(self, index: int, seat: int) -> str:
        """The seed of every guess for placement ``index`` (in the round, from
        0) by ``seat``: the review's and the hint's alike."""
        return f"review:{self.seed}:{index}:{seat}"

    @staticmethod
    def _moves(knowledge: Knowledge, seat: int) -> list[PlaceKey]:
        """Every placement of the tiles ``seat`` holds, in a fixed order."""
        base = knowledge.base
        return [
            (cell, kind, rotation)
            for kind in sorted(set(base.hands[seat]))
            for cell in base.empty
            for rotation in ALLOWED[cell][kind]
        ]

    def _measure(
        self,
        knowledge: Knowledge,
        seat: int,
        moves: list[PlaceKey],
        played: PlaceKey | None,
        seed: str,
    ) -> Measured:
        """Screen ``moves`` and measure the best few and ``played`` (when
        given): each move's lead averaged over the positions after placements
        ``players`` to ``2 * players`` (see the module's docstring)."""
        players = knowledge.base.players
        first, horizon = players, 2 * players

        def measure(moves: list[PlaceKey], samples: int, name: str) -> list[list[list[float]]]:
            return outcomes(knowledge, moves, samples, horizon, seed + name, self.tuning, first=first)

        if len(moves) > CANDIDATES:
            screened = measure(moves, SCREEN_SAMPLES, ":screen")
            order = sorted(
                range(len(moves)),
                key=lambda i: (-statistics.fmean(margins(screened[i], seat)), moves[i]),
            )
            candidates = [moves[i] for i in order[:CANDIDATES]]
            if played is not None and played not in candidates:
                candidates.append(played)
        else:
            candidates = moves
        found = measure(candidates, self._samples(), ":measure")
        leads = [margins(outcome, seat) for outcome in found]
        means = [statistics.fmean(lead) for lead in leads]
        at = -1 if played is None else candidates.index(played)
        # The best found; a tie goes to the move played (nothing given up).
        top = max(range(len(candidates)), key=lambda i: (means[i], i == at, candidates[i]))
        return Measured(candidates, leads, top)

    def rate(self, view: SeatView, played: Move, index: int) -> MoveRating:
        """Rate ``played`` from ``view``, the mover's view just before it."""
        if not view.my_turn:
            raise ValueError("the view is not the mover's")
        seat = view.seat
        played = Move.make(played.cell, played.tile, played.rotation)
        seed = self._seed(index, seat)
        knowledge = open_knowledge(view, played.tile) if is_open(view) else Knowledge.of(view)
        played_key: PlaceKey = (played.cell, played.tile, played.rotation)
        moves = self._moves(knowledge, seat)
        if played_key not in moves:  # pragma: no cover - the engine allowed it, so the search does
            moves.append(played_key)
        measured = self._measure(knowledge, seat, moves, played_key, seed)
        candidates, leads, top = measured.candidates, measured.leads, measured.top
        at = candidates.index(played_key)
        if top == at:
            (expected,) = self._final_points(knowledge, [played_key], seed)
            return MoveRating(
                index, seat, played, played, expected[seat], expected[seat], 0.0, "best", expected, 0.0
            )
        differences = [b - p for b, p in zip(leads[top], leads[at], strict=True)]
        loss = max(0.0, statistics.fmean(differences))
        uncertainty = CONFIDENCE_Z * statistics.stdev(differences) / math.sqrt(len(differences))
        expected, best_expected = self._final_points(knowledge, [played_key, candidates[top]], seed)
        return MoveRating(
            index,
            seat,
            played,
            Move(*candidates[top]),
            expected[seat],
            best_expected[seat],
            loss,
            sure_verdict(loss, uncertainty),
            expected,
            uncertainty,
        )

    def _final_points(
        self, knowledge: Knowledge, moves: list[PlaceKey], seed: str
    ) -> list[tuple[float, ...]]:
        """Every seat's expected points at the end of the round after each of
        ``moves``: what the viewer's lines and plot of expected scores show."""
        found = outcomes(knowledge, moves, FINAL_SAMPLES, None, seed + ":final", self.tuning)
        return [tuple(statistics.fmean(column) for column in zip(*samples, strict=True)) for samples in found]

    def _samples(self) -> int:
        """Guesses of the hidden tiles per candidate move in the measure step."""
        if self.budget.iterations is not None:
            return max(MIN_SAMPLES, self.budget.iterations // (CANDIDATES + 1))
        assert self.budget.seconds is not None
        return max(MIN_SAMPLES, round(self.budget.seconds * SAMPLES_PER_SECOND))


def margins(finals: Sequence[Sequence[float]], seat: int) -> list[float]:
    """``seat``'s points less the mean of the other seats' points, per sample."""
    return [points[seat] - (sum(points) - points[seat]) / (len(points) - 1) for points in finals]


class Luck:
    """One sample's luck, dealt once and met alike by every move compared
    (common random numbers): a guess of the hidden tiles, an order of the
    empty cells, and for each placement to come where in that order a quiet
    placement looks first and which rotation and tile it takes. Where two
    moves lead to the same board the playouts go on alike, so the difference
    of their outcomes is what the moves changed, not the dice."""

    __slots__ = ("dealt", "order", "spins", "starts")

    def __init__(self, knowledge: Knowledge, rng: random.Random) -> None:
        self.dealt = knowledge.sample(rng)
        self.order = self.dealt.empty[:]
        rng.shuffle(self.order)
        plies = len(self.order)
        self.starts = [int(rng.random() * plies) for _ in range(plies)]
        self.spins = [rng.random() for _ in range(plies)]


def quiet_move(state: SimState, luck: Luck, ply: int, active: list[int], tuning: Tuning) -> PlaceKey:
    """The playout's placement when nothing scores: the first empty cell in
    the luck's order from this placement's start that takes the tile and
    (after a few tries) gives nothing away, as the search's playouts place
    at random."""
    seat = state.turn
    hand = state.hands[seat]
    spin = luck.spins[ply]
    kind = hand[int(spin * len(hand))]
    order = luck.order
    count = len(order)
    start = luck.starts[ply]
    position = state.position
    fallback: PlaceKey | None = None
    tries = 0
    for step in range(count):
        cell = order[(start + step) % count]
        if position[cell] < 0:
            continue
        rotations = ALLOWED[cell][kind]
        if not rotations:
            continue
        rotation = rotations[int(spin * 7919) % len(rotations)]
        if tries >= tuning.avoid_tries or cell not in active or state.gain(cell, kind, rotation, seat) >= 0:
            return cell, kind, rotation
        if fallback is None:
            fallback = (cell, kind, rotation)
        tries += 1
    assert fallback is not None, "a seat to move has a placement"
    return fallback


def outcomes(
    knowledge: Knowledge,
    moves: Sequence[PlaceKey],
    samples: int,
    horizon: int | None,
    seed: str,
    tuning: Tuning,
    *,
    first: int | None = None,
) -> list[list[list[float]]]:
    """Every seat's points ``horizon`` placements on (at the end of the round
    when None or sooner), per move and sample, when the seat to move plays
    each of ``moves`` and the search's playout policy plays on: the best
    scoring placement next to a gem when one scores, else a quiet one
    (:func:`quiet_move`). With ``first``, every seat's points averaged over
    the positions after placements ``first`` to ``horizon`` (the move is
    placement 1; a round that ends sooner counts its final points for the
    positions it did not reach). Each sample's :class:`Luck` is the same for
    every move."""
    rng = random.Random(seed)
    found: list[list[list[float]]] = [[] for _ in moves]
    start = horizon if first is None or horizon is None else first
    for _sample in range(samples):
        luck = Luck(knowledge, rng)
        for index, (cell, kind, rotation) in enumerate(moves):
            state = luck.dealt.copy()
            state.play(cell, kind, rotation)
            ply = 1
            total = [0] * len(state.scores)
            counted = 0
            while True:
                if start is not None and ply >= start:
                    total = [t + p for t, p in zip(total, state.scores, strict=True)]
                    counted += 1
                if state.over or (horizon is not None and ply >= horizon):
                    break
                seat = state.turn
                active = state.active_cells()
                move: PlaceKey | None = None
                if active:
                    gain, at, tile, turn = state.best_scoring(seat, list(set(state.hands[seat])), active)
                    if gain > 0:
                        move = (at, tile, turn)
                if move is None:
                    move = quiet_move(state, luck, ply, active, tuning)
                state.play(*move)
                ply += 1
            if start is None or horizon is None:
                found[index].append([float(points) for points in state.scores])
                continue
            # The positions a round that ended sooner did not reach hold its final points.
            missing = horizon - start + 1 - counted
            total = [t + missing * p for t, p in zip(total, state.scores, strict=True)]
            found[index].append([t / (horizon - start + 1) for t in total])
    return found


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
    "sure_verdict",
    "verdict_for",
]
