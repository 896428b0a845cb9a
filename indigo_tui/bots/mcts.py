"""``mcts``: Monte Carlo tree search over the tiles this seat cannot see.

Information-set MCTS with a single observer (Cowling, Powley and Whitehouse,
2012). Every iteration guesses the hidden tiles (the other hands and the deck
order) uniformly from what the seat's own view allows, then walks one shared
tree of placements with that guess: a seat's moves in the tree are the
placements of the tiles it holds in *this* guess, and a child's UCB score
counts how often it was available rather than how often its parent was
visited. A placement's effect on the board does not depend on anything
hidden, so every node stands for one public position.

The walk widens progressively: a node considers its moves best-first by the
points they score at once (for the seat that plays them, minus the best other
seat's), and admits more of them as it is visited more. Below the tree a
playout finishes the round with a cheap policy that takes a scoring placement
next to a gem when there is one and otherwise places at random, avoiding
placements that hand points to another seat.

Names: ``easy``, ``medium``, ``hard``, ``expert``, ``master`` search 50, 200,
800, 3200 and 8000 iterations a move (:data:`LEVEL_ITERATIONS`; benchmarks/ladder.py plays each
against the one below it, docs/bots.md, "Strength"); ``mcts:SECONDS``
(``mcts:0.25``) any time; ``mcts:iter=N`` exactly N iterations. An iteration budget with a seed makes
the bot deterministic, on any machine. Budgets of a second or 4000
iterations or more search on two processes with different guesses and add
up their root statistics.
"""

from __future__ import annotations

import dataclasses
import gc
import math
import pickle
import queue
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..engine import Move, SeatView
from ..engine.geometry import CELL_COUNT
from ..i18n import N_, _, decimal
from . import helper_process
from .base import BotFactory, BotSpecError
from .sim import ALLOWED, Knowledge, KnowledgeMessage, SimState, is_open

PlaceKey = tuple[int, int, int]  # (cell, kind, rotation)

#: The named levels' budgets: iterations a move. A fixed count makes a level
#: play the same games on any machine and in either build, as strong on a slow
#: machine as on a fast one. Each up to ``expert`` beats the one below it:
#: benchmarks/ladder.py, every Wilson 95% interval above 50% (docs/bots.md,
#: "Strength"; ``master``'s step was not shown apart in the games the
#: machine allowed). ``master`` is the most that fits about 2 s of one core a
#: move compiled; from 4000
#: iterations the search runs on two processes, so it waits about half that
#: on a free 2-core machine.
LEVEL_ITERATIONS: Final[dict[str, int]] = {
    "easy": 50,
    "medium": 200,
    "hard": 800,
    "expert": 3200,
    "master": 8000,
}
#: The named levels, weakest first.
LEVELS: Final[tuple[str, ...]] = tuple(LEVEL_ITERATIONS)
#: About how many seconds of one core a move of each level takes, in the
#: compiled build and in plain Python: CPU seconds a move over whole games of
#: benchmarks/ladder.py in each build (docs/bots.md, measured 2026-12-02
#: after issue 39's speed work). The setup form and the help say the figure
#: of the build that runs.
LEVEL_SECONDS: Final[dict[str, dict[str, float]]] = {
    "compiled": {"easy": 0.004, "medium": 0.015, "hard": 0.065, "expert": 0.24, "master": 0.62},
    "plain": {"easy": 0.015, "medium": 0.055, "hard": 0.2, "expert": 0.85, "master": 2.3},
}


def compiled() -> bool:
    """Whether the search runs compiled: mypyc builds an extension module,
    whose file is not the ``.py`` source (asked once imported, when the
    import system has named the file)."""
    return not str(getattr(sys.modules[__name__], "__file__", "")).endswith(".py")


def level_seconds(level: str) -> float:
    """About how many seconds of one core a move of ``level`` takes in this build."""
    return LEVEL_SECONDS["compiled" if compiled() else "plain"][level]


#: Below this many seconds a second process costs more than it brings.
PARALLEL_FROM_SECONDS: Final = 0.9
#: Below this many iterations, likewise.
PARALLEL_FROM_ITERATIONS: Final = 4000
MAX_SECONDS: Final = 600.0
MAX_ITERATIONS: Final = 10_000_000


@dataclass(frozen=True)
class Budget:
    """How long to think: ``seconds`` of wall clock, or exactly ``iterations``."""

    seconds: float | None = None
    iterations: int | None = None

    def describe(self) -> str:
        return f"iter={self.iterations}" if self.iterations is not None else f"{self.seconds:g}"


@dataclass(frozen=True)
class Tuning:
    """The search's knobs; the defaults are what measured strongest (docs/bots.md)."""

    #: UCB exploration constant (rewards are in 0..1).
    exploration: float = 0.7
    #: Progressive widening: a node with n visits considers 1 + widen*sqrt(n) moves per tile kind.
    widen: float = 1.5
    #: Weight of the points margin beside the win in a playout's reward.
    margin_weight: float = 0.3
    #: Points margin at which the margin term saturates.
    margin_scale: float = 10.0
    #: Chance that a playout move looks for a scoring placement next to a gem.
    greedy: float = 1.0
    #: Tries to find a random placement that gives no points away.
    avoid_tries: int = 3
    #: Use a second process when the budget is big enough.
    parallel: bool = True


DEFAULT_TUNING: Final = Tuning()

#: ``math.log`` as this module's own constant: compiled, ``math.log`` (no
#: native form, unlike ``math.sqrt``) is looked up on the module by name at
#: every use, and the search's selection takes a logarithm for every child
#: it weighs.
_LOG: Final = math.log


class Node:
    """A public position in the tree; the edge into it is ``move``."""

    __slots__ = ("available", "candidates", "children", "points", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        #: The seat that played the move into this node (whose reward it sums).
        self.seat = seat
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[PlaceKey, Node] = {}
        #: Per tile kind: its legal placements here, best immediate gain first.
        self.candidates: dict[int, list[PlaceKey]] = {}
        #: Root children only: every seat's final points summed over the
        #: playouts through this node (the game review reads expected points).
        self.points: list[int] = []


#: ``PLACE_KEYS[cell * 30 + kind * 6 + rotation]``: that placement's key,
#: made once: a node's candidates and children share these tuples rather
#: than make one per placement each time a node ranks its moves.
PLACE_KEYS: Final[tuple[PlaceKey, ...]] = tuple(
    (cell, kind, rot) for cell in range(CELL_COUNT) for kind in range(5) for rot in range(6)
)


def ordered_moves(state: SimState, kind: int, rng: random.Random) -> list[PlaceKey]:
    """Every legal placement of ``kind`` for the seat to move, best immediate
    gain first; equal gains in a random order so that widening samples
    quiet placements evenly.

    The order is that of sorting ``(-gain, rng.random(), placement)`` for
    every placement, one draw each in the order of the empty cells. Most
    placements gain nothing (only those next to a gem can), so those are
    ranked by their draws alone, a sort of floats rather than of tuples; the
    few that gain or lose points are sorted as tuples before and after them.
    Two equal draws (which a 53-bit stream all but never gives) are ranked
    as the tuples would rank them, by the placement."""
    seat = state.turn
    touching = 0  # a bit per cell where a tile sets a gem moving
    for cell in state.active_cells():
        touching |= 1 << cell
    draw = rng.random
    quiet: list[PlaceKey] = []
    draws: list[float] = []
    scored: list[tuple[int, float, PlaceKey]] = []
    for cell in state.empty:
        touches = touching >> cell & 1
        for rot in ALLOWED[cell][kind]:
            gain = state.gain(cell, kind, rot, seat) if touches else 0
            order = draw()
            key = PLACE_KEYS[cell * 30 + kind * 6 + rot]
            if gain:
                scored.append((-gain, order, key))
            else:
                quiet.append(key)
                draws.append(order)
    scored.sort()
    ranked = sorted(range(len(draws)), key=draws.__getitem__)
    for at in range(1, len(ranked)):
        if draws[ranked[at]] == draws[ranked[at - 1]]:
            # A tie of draws: rank the quiet placements as the tuples rank them.
            pairs = sorted(zip(draws, quiet, strict=True))
            quiet = [key for _order, key in pairs]
            ranked = list(range(len(quiet)))
            break
    result: list[PlaceKey] = []
    at = 0
    while at < len(scored) and scored[at][0] < 0:
        result.append(scored[at][2])
        at += 1
    for index in ranked:
        result.append(quiet[index])
    while at < len(scored):
        result.append(scored[at][2])
        at += 1
    return result


def distinct_kinds(hand: list[int]) -> list[int]:
    """The kinds in ``hand``, each once, in increasing order: ``list(set(hand))``
    (a set of kinds 0 to 4 lists them so) without making the set for one tile."""
    if len(hand) == 1:
        return [hand[0]]
    return sorted(set(hand))


def playout_move(state: SimState, draw: Callable[[], float], greedy: float, avoid_tries: int) -> PlaceKey:
    """The playout policy: the best scoring placement next to a gem if one
    scores (on ``greedy`` of the draws), else a random placement that (after
    ``avoid_tries`` tries) gives nothing away. ``draw`` is the playout's
    stream's ``random``, and ``greedy`` and ``avoid_tries`` the tuning's,
    each looked up once for the whole playout by the caller: compiled, an
    attribute of a Python object (the stream's method, the tuning's field)
    is a look-up by name, some hundreds of instructions at every ply."""
    seat = state.turn
    hand = state.hands[seat]
    active = state.active_cells()
    if active and draw() < greedy:
        gain, cell, kind, rot = state.best_scoring(seat, distinct_kinds(hand), active)
        if gain > 0:
            return cell, kind, rot
    move = state.random_placement(draw)
    for _try in range(avoid_tries):
        if move[0] not in active or state.gain(move[0], move[1], move[2], seat) >= 0:
            break
        move = state.random_placement(draw)
    return move


def rewards(state: SimState, tuning: Tuning) -> list[float]:
    """Each seat's reward in 0..1 for a finished (or cut-off) round: a share of
    the win, shaped by the points margin over the best other seat."""
    scores = state.scores
    winners = state.winners()
    share = 1.0 / len(winners)
    weight = tuning.margin_weight
    result = []
    for seat in range(state.players):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        margin = max(-1.0, min(1.0, (scores[seat] - best_other) / tuning.margin_scale))
        win = share if seat in winners else 0.0
        result.append((1.0 - weight) * win + weight * 0.5 * (1.0 + margin))
    return result


class Search:
    """One search tree for one decision.

    The game review restricts the root: ``root_kind`` offers only placements
    of that tile there (a canonical record proves no more of the mover's
    hand), ``forced`` makes the root take the given moves in turn (each
    followed by ordinary search below it), and ``paired`` deals every second
    iteration the same guess and random stream as the one before, so that
    two forced moves meet the same hidden tiles and much the same playouts
    (common random numbers)."""

    def __init__(
        self,
        knowledge: Knowledge,
        seed: int | str,
        tuning: Tuning,
        *,
        root_kind: int | None = None,
        forced: Sequence[PlaceKey] = (),
        paired: bool = False,
    ) -> None:
        self.knowledge = knowledge
        self.rng = random.Random(seed)
        self.tuning = tuning
        self.root = Node(-1)
        self.iterations = 0
        self.playout_plies = 0
        self.root_kind = root_kind
        self.forced = tuple(forced)
        self.paired = paired
        #: The random stream's state at the first of a pair of iterations.
        self._pair_start: tuple[object, ...] = ()

    def run(self, budget: Budget) -> None:
        # The tree and the playouts make no reference cycles (a node holds its
        # children only), so the cycle collector finds nothing here, yet its
        # passes over the growing tree cost a tenth of a search: it rests
        # until the search ends (and collects as usual after).
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._run(budget)
        finally:
            if collecting:
                gc.enable()

    def _run(self, budget: Budget) -> None:
        if budget.iterations is not None:
            for _iteration in range(budget.iterations):
                self.iterate()
            return
        assert budget.seconds is not None
        deadline = time.perf_counter() + budget.seconds
        # Checking the clock every iteration is cheap next to an iteration.
        while time.perf_counter() < deadline or self.iterations == 0:
            self.iterate()

    def iterate(self) -> None:
        rng = self.rng
        tuning = self.tuning
        if self.paired:
            if self.iterations % 2 == 0:
                self._pair_start = rng.getstate()
            else:
                rng.setstate(self._pair_start)
        state = self.knowledge.sample(rng)
        node = self.root
        path = [node]
        while not state.over:
            child = self._select(node, state)
            if child is None:
                break
            node = child
            path.append(node)
            if node.visits == 0:
                break
        plies = 0
        draw = rng.random
        greedy = tuning.greedy
        avoid_tries = tuning.avoid_tries
        while not state.over:
            cell, kind, rot = playout_move(state, draw, greedy, avoid_tries)
            state.play(cell, kind, rot)
            plies += 1
        self.playout_plies += plies
        reward = rewards(state, tuning)
        if len(path) > 1:
            sums = path[1].points
            if sums:
                for seat, points in enumerate(state.scores):
                    sums[seat] += points
            else:
                path[1].points = state.scores[:]
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.reward += reward[visited.seat]
        self.iterations += 1

    def _select(self, node: Node, state: SimState) -> Node | None:
        """Pick the child to follow (creating it if new) and play its move on ``state``."""
        if node is self.root and (self.forced or self.root_kind is not None):
            return self._select_restricted(node, state)
        return self._select_free(node, state)

    def _select_restricted(self, node: Node, state: SimState) -> Node | None:
        """The root's choice under ``forced`` or ``root_kind``."""
        seat = state.turn
        if self.forced:
            key = self.forced[self.iterations % len(self.forced)]
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node(seat)
            child.available += 1
            state.play(*key)
            return child
        assert self.root_kind is not None
        # Offer only the tile the record proves the mover held; the guessed
        # rest of its hand comes back after the move.
        rest = state.hands[seat][:]
        rest.remove(self.root_kind)
        state.hands[seat] = [self.root_kind]
        chosen = self._select_free(node, state)
        state.hands[seat].extend(rest)
        return chosen

    def _select_free(self, node: Node, state: SimState) -> Node | None:
        seat = state.turn
        limit = 1 + int(self.tuning.widen * math.sqrt(node.visits))
        children = node.children
        fresh: PlaceKey | None = None
        # The children already made among the moves considered, and their keys.
        considered: list[Node] = []
        keys: list[PlaceKey] = []
        for kind in distinct_kinds(state.hands[seat]):
            moves = node.candidates.get(kind)
            if moves is None:
                moves = node.candidates[kind] = ordered_moves(state, kind, self.rng)
            for index in range(min(limit, len(moves))):
                key = moves[index]
                child = children.get(key)
                if child is None:
                    if fresh is None:
                        fresh = key
                else:
                    considered.append(child)
                    keys.append(key)
        if fresh is not None:
            child = children[fresh] = Node(seat)
            for other in considered:
                other.available += 1
            child.available += 1
            state.play(fresh[0], fresh[1], fresh[2])
            return child
        if not considered:
            return None
        log_term = self.tuning.exploration
        best = -1
        best_score = -1.0
        for index in range(len(considered)):
            child = considered[index]
            child.available += 1
            score = child.reward / child.visits + log_term * math.sqrt(_LOG(child.available) / child.visits)
            if score > best_score:
                best_score, best = score, index
        assert best >= 0
        cell, kind, rot = keys[best]
        state.play(cell, kind, rot)
        return considered[best]

    def root_visits(self) -> dict[PlaceKey, int]:
        return {key: child.visits for key, child in self.root.children.items()}

    def root_rewards(self) -> dict[PlaceKey, float]:
        return {key: child.reward for key, child in self.root.children.items()}

    def mean_points(self, key: PlaceKey) -> tuple[float, ...]:
        """Every seat's mean final points over the playouts through root move ``key``."""
        child = self.root.children[key]
        return tuple(p / child.visits for p in child.points)


Statistics = tuple[dict[PlaceKey, int], dict[PlaceKey, float], int, int]


def played_out(
    knowledge: Knowledge, moves: Sequence[PlaceKey], samples: int, seed: str, tuning: Tuning
) -> list[list[list[int]]]:
    """Every seat's final points, per move and sample, when the seat to move
    plays each of ``moves`` and the round is played out by the playout
    policy. Each sample deals one guess of the hidden tiles and one random
    stream, the same to every move (common random numbers)."""
    rng = random.Random(seed)
    greedy = tuning.greedy
    avoid_tries = tuning.avoid_tries
    finals: list[list[list[int]]] = [[] for _ in moves]
    for _sample in range(samples):
        dealt = knowledge.sample(rng)
        stream = rng.getrandbits(64)
        for index, move in enumerate(moves):
            state = dealt.copy()
            state.play(move[0], move[1], move[2])
            draw = random.Random(stream).random
            while not state.over:
                cell, kind, rot = playout_move(state, draw, greedy, avoid_tries)
                state.play(cell, kind, rot)
            finals[index].append(state.scores[:])
    return finals


def search_statistics(knowledge: Knowledge, seed: str, budget: Budget, tuning: Tuning) -> Statistics:
    """One search's root visits and reward sums per move, iterations and playout plies."""
    search = Search(knowledge, seed, tuning)
    search.run(budget)
    return search.root_visits(), search.root_rewards(), search.iterations, search.playout_plies


#: A search as the helper process takes it, in plain data: what the seat
#: knows, the seed, the budget (seconds, iterations) and the tuning's fields.
Request = tuple[KnowledgeMessage, str, float | None, int | None, dict[str, Any]]


def request(knowledge: Knowledge, seed: str, budget: Budget, tuning: Tuning) -> Request:
    return (knowledge.message(), seed, budget.seconds, budget.iterations, dataclasses.asdict(tuning))


def answer(asked: Request) -> Statistics:
    """The helper process's side of :func:`request`."""
    message, seed, seconds, iterations, knobs = asked
    tuning = Tuning(**knobs)
    return search_statistics(Knowledge.from_message(message), seed, Budget(seconds, iterations), tuning)


def _merge(one: Statistics, other: Statistics) -> Statistics:
    visits, rewards_sum = dict(one[0]), dict(one[1])
    for key, n in other[0].items():
        visits[key] = visits.get(key, 0) + n
        rewards_sum[key] = rewards_sum.get(key, 0.0) + other[1][key]
    return visits, rewards_sum, one[2] + other[2], one[3] + other[3]


class MctsBot:
    """Chooses by information-set MCTS within a time or iteration budget."""

    def __init__(
        self, name: str, budget: Budget, seed: int | str | None = None, tuning: Tuning = DEFAULT_TUNING
    ) -> None:
        self.name = name
        self.budget = budget
        self.tuning = tuning
        self.seed = seed
        #: Iterations of the last decision, both processes' together.
        self.last_iterations = 0
        #: From this many iterations the bot searches on two processes.
        self.parallel_from_iterations = PARALLEL_FROM_ITERATIONS

    def _parallel(self) -> bool:
        if not self.tuning.parallel:
            return False
        if self.budget.seconds is not None:
            return self.budget.seconds >= PARALLEL_FROM_SECONDS
        return (self.budget.iterations or 0) >= self.parallel_from_iterations

    def choose(self, view: SeatView) -> Move:
        if not view.my_turn:
            raise ValueError("no move to choose: it is not this seat's turn")
        # The search's seed is the bot's seed and public facts only, so a game
        # replays identically (also after loading it) and nothing hidden
        # enters the search.
        seed = f"mcts:{self.seed}:{view.seat}:{view.board.placements}"
        if is_open(view):
            return self._choose_open(view, seed)
        knowledge = Knowledge.of(view)
        moves = {(m.cell, m.tile, m.rotation) for m in view.legal_moves}
        if len(moves) == 1:
            (only,) = moves
            return Move(*only)
        budget = other_budget = self.budget
        parallel = self._parallel()
        if parallel and budget.iterations is not None:
            # Two searches of half the iterations each, on two processes or
            # (when the helper is busy or broken) one after the other: the
            # same statistics either way, so the move is repeatable.
            half = budget.iterations // 2
            budget, other_budget = Budget(iterations=budget.iterations - half), Budget(iterations=half)
        helper = helper_process.acquire() if parallel else None
        if helper is not None:
            try:
                helper.send(request(knowledge, seed + ":b", other_budget, self.tuning))
            except OSError:
                helper_process.release(helper, healthy=False)
                helper = None
        mine = search_statistics(knowledge, seed + ":a", budget, self.tuning)
        other: Statistics = ({}, {}, 0, 0)
        healthy = False
        if helper is not None:
            try:
                # A time budget: the helper started with us and ends with us.
                # An iteration budget: allow it generously, it is for tests.
                timeout = 5.0 + self.budget.seconds if self.budget.seconds is not None else 600.0
                other = helper.receive(timeout)
                healthy = True
            except (queue.Empty, EOFError, OSError, pickle.UnpicklingError):
                healthy = False
            finally:
                helper_process.release(helper, healthy)
        if parallel and not healthy and other_budget.iterations is not None:
            other = search_statistics(knowledge, seed + ":b", other_budget, self.tuning)
        visits, rewards_sum, iterations, _plies = _merge(mine, other)
        self.last_iterations = iterations
        legal = [key for key in visits if key in moves]
        if not legal:  # pragma: no cover - the root always expands a legal move
            return view.legal_moves[0]
        # Most visits; ties by mean reward, then by the move itself for repeatability.
        best = max(legal, key=lambda k: (visits[k], rewards_sum[k] / max(1, visits[k]), k))
        return Move(*best)

    def _choose_open(self, view: SeatView, seed: str) -> Move:
        """An open game has no hands: any unplaced tile may be placed, so there
        is nothing hidden to guess. Play the placement with the best
        immediate gain (as ``greedy`` does), ties by a seeded coin."""
        from .greedy import immediate_gain

        rng = random.Random(seed)
        moves = view.legal_moves  # an open game's: any tile left in the box
        gains = [immediate_gain(view, move) for move in moves]
        top = max(gains)
        best = [m for m, g in zip(moves, gains, strict=True) if g == top]
        return best[rng.randrange(len(best))]


def parse_budget(argument: str | None) -> Budget:
    """``SECONDS`` or ``iter=N`` (also ``iterations=N``) as written after ``mcts:``."""
    if argument is None:
        raise BotSpecError(_("the mcts bot needs a budget: mcts:SECONDS (e.g. mcts:0.25) or mcts:iter=N"))
    text = argument.strip().lower()
    key, sep, value = text.partition("=")
    if sep:
        if key not in ("iter", "iters", "iterations"):
            raise BotSpecError(
                _("mcts:{argument}: unknown setting {key}; use mcts:SECONDS or mcts:iter=N").format(
                    argument=argument, key=repr(key)
                )
            )
        try:
            iterations = int(value)
        except ValueError:
            raise BotSpecError(
                _("mcts:{argument}: {value} is not a whole number of iterations; use mcts:iter=N").format(
                    argument=argument, value=repr(value)
                )
            ) from None
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise BotSpecError(
                _("mcts:{argument}: iterations must be between 1 and {most}").format(
                    argument=argument, most=MAX_ITERATIONS
                )
            )
        return Budget(iterations=iterations)
    try:
        seconds = float(text)
    except ValueError:
        raise BotSpecError(
            _("mcts:{argument}: {value} is not a number of seconds; use mcts:SECONDS or mcts:iter=N").format(
                argument=argument, value=repr(argument)
            )
        ) from None
    if not (0.0 < seconds <= MAX_SECONDS) or math.isnan(seconds):
        raise BotSpecError(
            _("mcts:{argument}: seconds must be more than 0 and at most {most}").format(
                argument=argument, most=decimal(MAX_SECONDS)
            )
        )
    return Budget(seconds=seconds)


#: What the registry says of ``mcts``.
DESCRIPTION = N_("Monte Carlo tree search over hidden tiles: mcts:SECONDS or mcts:iter=N")


def make(argument: str | None, seed: int | str | None) -> MctsBot:
    """``mcts``, ``mcts:SECONDS`` or ``mcts:iter=N``."""
    budget = parse_budget(argument)
    return MctsBot(f"mcts:{budget.describe()}", budget, seed)


def level_factory(level: str) -> BotFactory:
    """The factory of a level of :data:`LEVELS` (``easy`` ... ``expert``): no argument."""
    iterations = LEVEL_ITERATIONS[level]

    def make_level(argument: str | None, seed: int | str | None) -> MctsBot:
        if argument is not None:
            raise BotSpecError(
                _("the {level} bot takes no argument (for a budget use mcts:SECONDS)").format(level=level)
            )
        return MctsBot(level, Budget(iterations=iterations), seed)

    return make_level


def describe_level(level: str) -> str:
    """A level of :data:`LEVELS` in a line, in the current language."""
    return _("search bot, {iterations} iterations a move (about {seconds} s)").format(
        iterations=LEVEL_ITERATIONS[level], seconds=decimal(level_seconds(level))
    )


__all__: Sequence[str] = [
    "DESCRIPTION",
    "LEVELS",
    "LEVEL_ITERATIONS",
    "LEVEL_SECONDS",
    "Budget",
    "MctsBot",
    "Search",
    "Tuning",
    "compiled",
    "describe_level",
    "level_factory",
    "level_seconds",
    "make",
    "parse_budget",
    "played_out",
]
