"""A fast, throw-away simulation of one round for search bots.

The engine's :class:`~indigo_tui.engine.Board` is built to be exact and to
explain itself (every gem move is a :class:`~indigo_tui.engine.GemMoved` with
its whole route). A search plays hundreds of thousands of placements, so
:class:`SimState` does not follow paths at all on its hot path: it keeps, for
every edge of every empty cell, where the chain of placed paths beyond that
edge ends (:attr:`SimState.ends`: at an edge of another empty cell, at a gate,
or at a treasure tile), and a placement only joins the chains through its own
cell. Where a gem goes is then a look-up or two. It adds what the search has
to *guess*: every seat's hand and the deck order. It is filled from one
seat's :class:`~indigo_tui.engine.SeatView` plus a sampled guess for the
hidden tiles, so a search on it cannot know more than that seat does.

The outcomes mirror :meth:`Board.gem_moves` exactly; a test plays whole games
on both and compares them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..engine import SeatView
from ..engine.board import ALLOWED, EMPTY, GONE, ON_CENTRE, RulesViolation
from ..engine.events import GemMoved, TileDrawn, TilePlaced
from ..engine.game import randbelow
from ..engine.geometry import CELL_COUNT, CENTRE, FACING_SLOTS, GATE_OF_SLOT, NEIGHBOUR_SLOT, SLOT_COUNT
from ..engine.tiles import EXIT

#: Points of each gem id (0..5 ambers, 6..10 emeralds, 11 the sapphire).
GEM_VALUE: Final[tuple[int, ...]] = (1,) * 6 + (2,) * 5 + (3,)

#: ``NEIGHBOUR_CELL[slot]``: the cell across that edge, or -1 at the rim.
NEIGHBOUR_CELL: Final[tuple[int, ...]] = tuple(nb // 6 if nb >= 0 else -1 for nb in NEIGHBOUR_SLOT)
#: Empty cells next to the centre tile: a tile there releases a centre gem.
CENTRE_NEIGHBOURS: Final[frozenset[int]] = frozenset(
    NEIGHBOUR_SLOT[CENTRE * 6 + e] // 6 for e in range(6) if NEIGHBOUR_SLOT[CENTRE * 6 + e] >= 0
)
#: The same cells in the order iterating the set gives (the order the
#: playouts have always met them in), read without iterating a set.
CENTRE_NEIGHBOUR_ORDER: Final[tuple[int, ...]] = tuple(CENTRE_NEIGHBOURS)
#: ``TURNS[kind * 6 + rotation]``: the ``EXIT`` table of that placed tile.
TURNS: Final[tuple[tuple[int, ...], ...]] = tuple(EXIT[k][r] for k in range(5) for r in range(6))

#: :attr:`SimState.ends` of a chain that leaves the board through gate ``g``:
#: ``GATE_END + g``; of a chain that runs into a treasure tile: ``DEAD``.
GATE_END: Final = SLOT_COUNT
DEAD: Final = -1

#: :meth:`SimState.best_scoring`'s code of where a gem leaving a cell by an
#: edge ends, besides a gate 0 to 5: nowhere that scores, or back into the
#: cell by edge ``code - _BACK``.
_NOWHERE: Final = 6
_BACK: Final = 7

#: What :meth:`SimState._starts` gives when no gem moves (never changed).
_NO_STARTS: Final[list[tuple[int, int]]] = []

#: :meth:`SimState.trace` outcomes: the gem rests on a slot, leaves through a
#: gate, or meets another moving gem (both leave the game).
REST: Final = 0
GATE: Final = 1
MET: Final = 2


def live_end(cell: int, end: int) -> bool:
    """Whether a chain from an edge of the empty ``cell`` that ends at ``end``
    can score: it leaves through a gate, or comes back into the cell (where
    the new tile may send it on to a gate)."""
    return end >= GATE_END or (end >= 0 and end // 6 == cell)


def chain_end(exits: list[int], slot: int) -> int:
    """Where a gem leaving an empty cell by ``slot`` ends on the board's
    ``exits`` table: as :attr:`SimState.ends` says it."""
    out = slot
    for _step in range(SLOT_COUNT):
        nb = NEIGHBOUR_SLOT[out]
        if nb < 0:
            return GATE_END + GATE_OF_SLOT[out]
        following = exits[nb]
        if following == EMPTY:
            return nb
        if following < 0:
            return DEAD
        out = following
    raise RulesViolation(f"the path from slot {slot} never ends")  # pragma: no cover


class SimState:
    """One determinized round: the public position plus guessed hands and deck."""

    __slots__ = (
        "active",
        "centre",
        "collected",
        "deck",
        "empty",
        "ends",
        "gate_owners",
        "gate_weights",
        "gem_at",
        "gem_slot",
        "gems_left",
        "hands",
        "live",
        "players",
        "position",
        "scores",
        "turn",
    )

    def __init__(
        self,
        ends: list[int],
        live: list[int],
        gem_at: list[int],
        gem_slot: list[int],
        centre: list[int],
        empty: list[int],
        position: list[int],
        scores: list[int],
        collected: list[int],
        hands: list[list[int]],
        deck: list[int],
        gate_owners: tuple[tuple[int, ...], ...],
        gate_weights: tuple[tuple[int, ...], ...],
        turn: int,
        gems_left: int,
    ) -> None:
        #: ``ends[slot]`` for a slot of an empty cell: where the chain of placed
        #: paths beyond that edge ends. A slot of another empty cell (the
        #: chain's other end, where a gem coming this way would rest facing
        #: that cell; the neighbour's own slot when the cell across is empty),
        #: ``GATE_END + gate`` through a gate, or ``DEAD`` at a treasure tile.
        #: Meaningless for slots of cells that hold a tile.
        self.ends = ends
        #: ``live[cell]``: a bit per edge of an empty cell whose chain ends at
        #: a gate or comes back into the cell (:func:`live_bit`), so that the
        #: playouts' look for a scoring placement skips the other cells at once.
        self.live = live
        #: ``gem_at[slot]``: the gem resting there, or -1; ``gem_slot[gem]``:
        #: where each gem rests, ``ON_CENTRE`` or ``GONE`` (as on the Board).
        self.gem_at = gem_at
        self.gem_slot = gem_slot
        self.centre = centre
        #: The empty cells in any order, and each cell's index in that list (-1 when filled).
        self.empty = empty
        self.position = position
        self.scores = scores
        self.collected = collected
        self.hands = hands
        #: The undrawn tiles; the next draw is the last.
        self.deck = deck
        self.gate_owners = gate_owners
        #: ``gate_weights[seat][gate]``: +1 a gate of ``seat`` alone, -1 of
        #: others only, 0 shared (``best_scoring``'s estimate).
        self.gate_weights = gate_weights
        self.players = len(scores)
        self.turn = turn
        self.gems_left = gems_left
        #: :meth:`active_cells` as last made, or None: kept until a gem moves.
        self.active: list[int] | None = None

    def copy(self) -> SimState:
        other = SimState(
            self.ends[:],
            self.live[:],
            self.gem_at[:],
            self.gem_slot[:],
            self.centre[:],
            self.empty[:],
            self.position[:],
            self.scores[:],
            self.collected[:],
            [hand[:] for hand in self.hands],
            self.deck[:],
            self.gate_owners,
            self.gate_weights,
            self.turn,
            self.gems_left,
        )
        # The active cells follow from the gems and the empty cells, the same
        # in the copy: made once for the state copied, read by every copy.
        other.active = self.active_cells()
        return other

    @property
    def over(self) -> bool:
        return self.gems_left == 0

    # -- moving ----------------------------------------------------------------

    def _starts(self, cell: int) -> list[tuple[int, int]]:
        """``(slot, gem)`` for every gem a tile on ``cell`` sets moving. Most
        placements set none moving: they are given :data:`_NO_STARTS`, one
        empty list for all (read it, never change it), rather than a list
        made and freed at each."""
        gem_at = self.gem_at
        starts = _NO_STARTS
        for nb in FACING_SLOTS[cell]:
            gem = gem_at[nb]
            if gem < 0:
                if nb // 6 != CENTRE or not self.centre:
                    continue
                gem = self.centre[0]
            if starts is _NO_STARTS:
                starts = []
            starts.append((nb, gem))
        return starts

    def trace(
        self, cell: int, turns: tuple[int, ...], starts: list[tuple[int, int]]
    ) -> list[tuple[int, int, int]]:
        """``(gem, outcome, where)`` per moving gem, were a tile with ``turns``
        laid on the empty ``cell`` (nothing changes): outcome :data:`REST` on
        slot ``where``, :data:`GATE` through gate ``where``, :data:`MET`
        another moving gem. A gem enters the tile, leaves it by the path's
        other end and follows the chain beyond to its end; a chain that
        comes back into the new tile goes on through its next path (at most
        three times). Crossing an edge of the new tile onto a slot where
        another moving gem waits is a meeting."""
        base = cell * 6
        ends = self.ends
        gem_at = self.gem_at
        centre_open = len(self.centre) > 0
        results = []
        for slot, gem in starts:
            e = NEIGHBOUR_SLOT[slot] - base
            for _path in range(3):
                out = base + turns[e]
                nb = NEIGHBOUR_SLOT[out]
                if nb >= 0 and (gem_at[nb] >= 0 or (centre_open and nb // 6 == CENTRE)):
                    results.append((gem, MET, -1))
                    break
                end = ends[out]
                if end >= GATE_END:
                    results.append((gem, GATE, end - GATE_END))
                    break
                if end < 0:
                    raise RulesViolation(f"gem {gem} would stop at a treasure tile")
                if end // 6 != cell:
                    results.append((gem, REST, NEIGHBOUR_SLOT[end]))
                    break
                e = end - base
            else:  # pragma: no cover - three paths cannot loop through a moving gem
                raise RulesViolation(f"gem {gem} never stops")
        return results

    def _lay(self, cell: int, turns: tuple[int, ...]) -> None:
        """Join the chains through ``cell`` by the tile's three paths, and keep
        :attr:`live` in step with every end that changes."""
        base = cell * 6
        ends = self.ends
        live = self.live
        for a in range(6):
            b = turns[a]
            if b < a:
                continue
            one = ends[base + a]
            other = ends[base + b]
            if one == base + b:
                continue  # the path closes a loop: the chain has no ends left
            # An end may be another edge of this cell, whose path comes later.
            # A cell's live bits are read, changed and written back as a
            # local int (an in-place operator on a list's item is a generic
            # call, compiled).
            if 0 <= one < GATE_END:
                ends[one] = other
                at = one // 6
                bit = 1 << (one - at * 6)
                bits = live[at]
                if other >= GATE_END or (other >= 0 and other // 6 == at):
                    live[at] = bits | bit
                else:
                    live[at] = bits - (bits & bit)
            if 0 <= other < GATE_END:
                ends[other] = one
                at = other // 6
                bit = 1 << (other - at * 6)
                bits = live[at]
                if one >= GATE_END or (one >= 0 and one // 6 == at):
                    live[at] = bits | bit
                else:
                    live[at] = bits - (bits & bit)

    def gain(self, cell: int, kind: int, rotation: int, seat: int) -> int:
        """Points the placement scores for ``seat`` now minus the most any other
        seat scores, without changing the state.

        :meth:`trace`'s walk of every gem the tile sets moving (as
        :meth:`_starts` finds them), summed as it goes rather than listed:
        the search asks this of every placement next to a gem it ranks, and
        a list of starts and one of outcomes made at each ask cost more than
        the walk. The other seats' points are kept in one int, a byte each."""
        base = cell * 6
        turns = TURNS[kind * 6 + rotation]
        ends = self.ends
        gem_at = self.gem_at
        centre = self.centre
        centre_open = len(centre) > 0
        owners = self.gate_owners
        mine = 0
        others = 0
        for slot in FACING_SLOTS[cell]:
            gem = gem_at[slot]
            if gem < 0:
                if not centre_open or slot // 6 != CENTRE:
                    continue
                gem = centre[0]
            e = NEIGHBOUR_SLOT[slot] - base
            for _path in range(3):
                out = base + turns[e]
                nb = NEIGHBOUR_SLOT[out]
                if nb >= 0 and (gem_at[nb] >= 0 or (centre_open and nb // 6 == CENTRE)):
                    break  # it meets another moving gem: both leave, nobody scores
                end = ends[out]
                if end >= GATE_END:
                    value = GEM_VALUE[gem]
                    for s in owners[end - GATE_END]:
                        if s == seat:
                            mine += value
                        else:
                            others += value << (8 * s)
                    break
                if end < 0:
                    raise RulesViolation(f"gem {gem} would stop at a treasure tile")
                if end // 6 != cell:
                    break  # it rests
                e = end - base
            else:  # pragma: no cover - three paths cannot loop through a moving gem
                raise RulesViolation(f"gem {gem} never stops")
        best_other = 0
        while others:
            points = others & 255
            if points > best_other:
                best_other = points
            others >>= 8
        return mine - best_other

    def best_scoring(self, seat: int, kinds: list[int], cells: list[int]) -> tuple[int, int, int, int]:
        """A placement of one of ``kinds`` on one of ``cells`` with the best
        gain for ``seat`` as ``(gain, cell, kind, rotation)``; gain 0 and
        cell -1 when none scores more than nothing. Each gem counts +value
        through a gate of ``seat`` alone, -value through another seat's gate
        and nothing through a gate ``seat`` shares: that is :meth:`gain` in
        two-player games and a cheap stand-in for its "minus the best other
        seat" with more players.

        This is the playouts' inner loop: it reads where the chain beyond
        each of the cell's six edges ends (a gate, nothing, or back into this
        cell) once, and then every orientation only looks up where each
        moving gem leaves the tile (and, for a chain that comes back into the
        tile, where it leaves again). It does not check that two moving gems
        meet after such a loop, which :meth:`gain` does."""
        ends = self.ends
        gem_at = self.gem_at
        # The next centre gem's points, 0 when the centre is empty (every gem scores at least 1).
        centre_value = GEM_VALUE[self.centre[0]] if self.centre else 0
        weights = self.gate_weights[seat]
        best = (0, -1, -1, -1)
        best_gain = 0
        live = self.live
        for cell in cells:
            if not live[cell]:
                continue
            # Native ints rather than lists made per call: ``codes`` holds, in
            # four bits per edge, where a gem leaving the cell by that edge
            # ends (a gate 0 to 5, ``_NOWHERE``, or ``_BACK + edge``: back into
            # this cell by that edge); ``entries`` in five bits per moving gem
            # the edge it enters by and its points (the first ``count``).
            codes = 0
            entries = 0
            count = 0
            # The most any placement here can gain: every moving gem's points
            # (no gate weighs more than 1), or nothing at all when no gate the
            # cell's paths reach weighs above 0 (a gem coming back into the
            # cell leaves by another of its edges, so it ends at one of them).
            # A cell that cannot beat the best so far is passed over: the
            # loop below keeps only a strictly better gain, so the answer is
            # the same.
            most = 0
            rewarded = False
            base = cell * 6
            for e in range(6):
                slot = base + e
                nb = NEIGHBOUR_SLOT[slot]
                if nb >= 0:
                    gem = gem_at[nb]
                    if gem >= 0:
                        value = GEM_VALUE[gem]
                        entries |= (e | value << 3) << (5 * count)
                        count += 1
                        most += value
                        codes |= _NOWHERE << (4 * e)
                        continue
                    if centre_value and nb // 6 == CENTRE:
                        entries |= (e | centre_value << 3) << (5 * count)
                        count += 1
                        most += centre_value
                        codes |= _NOWHERE << (4 * e)
                        continue
                end = ends[slot]
                if end >= GATE_END:
                    codes |= (end - GATE_END) << (4 * e)
                    if weights[end - GATE_END] > 0:
                        rewarded = True
                elif end >= 0 and end // 6 == cell:
                    codes |= (_BACK + end - base) << (4 * e)
                else:
                    codes |= _NOWHERE << (4 * e)
            if not rewarded or most <= best_gain:
                continue
            allowed = ALLOWED[cell]
            for kind in kinds:
                for rot in allowed[kind]:
                    turns = TURNS[kind * 6 + rot]
                    gain = 0
                    for i in range(count):
                        entry = entries >> (5 * i)
                        gate = codes >> (4 * turns[entry & 7]) & 15
                        for _ in range(3):
                            if gate < _BACK:
                                break
                            gate = codes >> (4 * turns[gate - _BACK]) & 15
                        if gate < _NOWHERE:
                            gain += (entry >> 3 & 3) * weights[gate]
                    if gain > best_gain:
                        best_gain = gain
                        best = (gain, cell, kind, rot)
        return best

    def play(self, cell: int, kind: int, rotation: int) -> None:
        """The seat to move places the tile (it must be in its hand), gems
        move, and it draws from the deck if any tile is left."""
        seat = self.turn
        turns = TURNS[kind * 6 + rotation]
        starts = self._starts(cell)
        results = self.trace(cell, turns, starts) if starts else []
        self._lay(cell, turns)
        # Take the cell out of the empty list by swapping the last one in.
        empty = self.empty
        position = self.position
        index = position[cell]
        last = empty.pop()
        if last != cell:
            empty[index] = last
            position[last] = index
        position[cell] = -1
        hand = self.hands[seat]
        hand.remove(kind)
        if self.deck:
            hand.append(self.deck.pop())
        self.turn = (seat + 1) % self.players
        if not starts:
            # No gem moved, so the active cells are the same, in the same
            # order: the tile went on none of them (a tile on an active cell
            # sets a gem moving), and only a gem's move changes the others.
            return
        self.active = None
        gem_at = self.gem_at
        gem_slot = self.gem_slot
        for slot, gem in starts:
            if gem_slot[gem] == ON_CENTRE:
                self.centre.remove(gem)
            else:
                gem_at[slot] = -1
        for gem, outcome, where in results:
            if outcome == REST:
                gem_at[where] = gem
                gem_slot[gem] = where
                continue
            gem_slot[gem] = GONE
            self.gems_left -= 1
            if outcome == GATE:
                value = GEM_VALUE[gem]
                scores = self.scores
                collected = self.collected
                for s in self.gate_owners[where]:
                    # Not ``+=`` on a list's item: a generic call, compiled.
                    scores[s] = scores[s] + value
                    collected[s] = collected[s] + 1

    # -- questions -------------------------------------------------------------

    def active_cells(self) -> list[int]:
        """Empty cells where a tile would set a gem moving, in gem order (then
        the centre's empty neighbours while it holds a gem). The list is kept
        and given again until a gem moves (:meth:`play` drops it): read it,
        never change it."""
        active = self.active
        if active is not None:
            return active
        cells = []
        seen = 0  # a bit per cell already in ``cells``
        for slot in self.gem_slot:
            if slot >= 0:
                cell = NEIGHBOUR_CELL[slot]
                if not seen >> cell & 1:
                    seen |= 1 << cell
                    cells.append(cell)
        if self.centre:
            position = self.position
            for cell in CENTRE_NEIGHBOUR_ORDER:
                if position[cell] >= 0 and not seen >> cell & 1:
                    cells.append(cell)
        self.active = cells
        return cells

    def random_move(self, rng: random.Random) -> tuple[int, int, int]:
        """A uniformly random legal placement for the seat to move."""
        return self.random_placement(rng.random)

    def random_placement(self, random: Callable[[], float]) -> tuple[int, int, int]:
        """:meth:`random_move` on the draws of ``random`` (a stream's bound
        ``random``, which a playout looks up once rather than at every move)."""
        hand = self.hands[self.turn]
        empty = self.empty
        # ``random() * float(n)`` is ``random() * n`` (Python turns n into the
        # same float), as native floats rather than a generic multiply.
        while True:
            kind = hand[int(random() * float(len(hand)))]
            cell = empty[int(random() * float(len(empty)))]
            rotations = ALLOWED[cell][kind]
            if rotations:
                return cell, kind, rotations[int(random() * float(len(rotations)))]

    def winners(self) -> list[int]:
        best = max(zip(self.scores, self.collected, strict=True))
        return [s for s in range(self.players) if (self.scores[s], self.collected[s]) == best]


#: A :class:`SimState` as plain data (its constructor's arguments, in order).
StateParts = tuple[
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    list[int],
    list[list[int]],
    list[int],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    int,
    int,
]
#: A :class:`Knowledge` as plain data, as the search's helper process takes it.
KnowledgeMessage = tuple[StateParts, int, int, list[int], list[int]]


def state_parts(state: SimState) -> StateParts:
    return (
        state.ends,
        state.live,
        state.gem_at,
        state.gem_slot,
        state.centre,
        state.empty,
        state.position,
        state.scores,
        state.collected,
        state.hands,
        state.deck,
        state.gate_owners,
        state.gate_weights,
        state.turn,
        state.gems_left,
    )


class Knowledge:
    """What one seat knows of a round: the public position with its own hand
    (``base``, the other hands empty and no deck), the other seats' hand
    sizes, the pool of tiles it cannot see, and every seat's points so far
    (gems leaving through a gate are public, so any seat can count them from
    its log). Made from a view by :meth:`of`; plain data, so that
    :meth:`message` can hand it to another process."""

    __slots__ = ("base", "hand_sizes", "pool", "seat", "tiles_left")

    def __init__(
        self, base: SimState, seat: int, tiles_left: int, hand_sizes: list[int], pool: list[int]
    ) -> None:
        self.base = base
        self.seat = seat
        self.tiles_left = tiles_left
        #: How many hidden tiles each seat holds besides those in ``base``.
        self.hand_sizes = hand_sizes
        #: The tiles ``seat`` cannot see, one entry per tile.
        self.pool = pool

    @staticmethod
    def of(view: SeatView) -> Knowledge:
        """What ``view``'s seat knows, and nothing else."""
        board = view.board
        setup = board.setup
        players = setup.players
        empty = sorted(board.empty_cells)
        position = [-1] * CELL_COUNT
        ends = [DEAD] * SLOT_COUNT
        live = [0] * CELL_COUNT
        for i, cell in enumerate(empty):
            position[cell] = i
            for e in range(6):
                end = ends[cell * 6 + e] = chain_end(board.exits, cell * 6 + e)
                if live_end(cell, end):
                    live[cell] |= 1 << e
        scores = [0] * players
        collected = [0] * players
        held = [0] * players
        for event in view.events:
            if type(event) is GemMoved:
                if event.outcome == "gate":
                    for s in event.scorers:
                        scores[s] += GEM_VALUE[event.gem]
                        collected[s] += 1
            elif type(event) is TileDrawn:
                held[event.seat] += 1
            elif type(event) is TilePlaced:
                held[event.seat] -= 1
        hands: list[list[int]] = [[] for _ in range(players)]
        hands[view.seat] = list(view.hand)
        gate_weights = tuple(
            tuple(int(seat in owners) - int(any(s != seat for s in owners)) for owners in setup.gates)
            for seat in range(players)
        )
        state = SimState(
            ends,
            live,
            board.gem_at[:],
            board.gem_slot[:],
            board.centre[:],
            empty,
            position,
            scores,
            collected,
            hands,
            [],
            setup.gates,
            gate_weights,
            board.turn,
            board.gems_on_board,
        )
        hand_sizes = [0 if s == view.seat else held[s] for s in range(players)]
        pool = [kind for kind, n in enumerate(view.unseen) for _ in range(n)]
        return Knowledge(state, view.seat, view.tiles_left, hand_sizes, pool)

    def message(self) -> KnowledgeMessage:
        return (state_parts(self.base), self.seat, self.tiles_left, self.hand_sizes, self.pool)

    @staticmethod
    def from_message(message: KnowledgeMessage) -> Knowledge:
        parts, seat, tiles_left, hand_sizes, pool = message
        return Knowledge(SimState(*parts), seat, tiles_left, hand_sizes, pool)

    def sample(self, rng: random.Random) -> SimState:
        """One guess of the hidden tiles, uniform over what this seat's view
        allows: the pool shuffled, dealt to the hands (after what ``base``
        holds), the rest the deck."""
        state = self.base.copy()
        pool = self.pool[:]
        # rng.shuffle(pool), swap by swap (Random.shuffle's own loop), on randbelow's draws.
        getrandbits = rng.getrandbits
        for i in range(len(pool) - 1, 0, -1):
            j = randbelow(getrandbits, i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        at = 0
        hands = state.hands
        for s, size in enumerate(self.hand_sizes):
            if size:
                hands[s] = hands[s] + pool[at : at + size]
                at += size
        # The deck is drawn from its end: the rest of the shuffled pool.
        state.deck = pool[at:]
        return state


def is_open(view: SeatView) -> bool:
    """A game without a deck (read from the canonical notation): there are no
    hands, any unplaced tile may be placed, and so nothing to sample."""
    return not view.hand


__all__ = ["ALLOWED", "GEM_VALUE", "Knowledge", "KnowledgeMessage", "SimState", "is_open"]
