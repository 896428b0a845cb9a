"""A fast, throw-away simulation of one round for search bots.

The engine's :class:`~indigo_tui.engine.Board` is built to be exact and to
explain itself (every gem move is a :class:`~indigo_tui.engine.GemMoved` with
its whole route). A search plays hundreds of thousands of placements, so
:class:`SimState` keeps the same arrays (``exits``, ``gem_at``, ``gem_slot``)
but traces gems without building routes or events, and adds what the search
has to *guess*: every seat's hand and the deck order. It is filled from one
seat's :class:`~indigo_tui.engine.SeatView` plus a sampled guess for the
hidden tiles, so a search on it cannot know more than that seat does.

The tracing rules mirror :meth:`Board.gem_moves` exactly; a test plays whole
games on both and compares them.
"""

from __future__ import annotations

import random
from typing import Final

from ..engine import SeatView
from ..engine.board import EMPTY, FORBIDDEN, GONE, ON_CENTRE
from ..engine.events import GemMoved, TileDrawn, TilePlaced
from ..engine.geometry import CELL_COUNT, CENTRE, GATE_OF_SLOT, NEIGHBOUR_SLOT
from ..engine.tiles import EXIT, ORIENTATIONS

#: Points of each gem id (0..5 ambers, 6..10 emeralds, 11 the sapphire).
GEM_VALUE: Final[tuple[int, ...]] = (1,) * 6 + (2,) * 5 + (3,)

#: ``NEIGHBOUR_SLOTS[cell]``: the slots on neighbouring cells that face ``cell``,
#: where a gem would rest waiting for a tile on ``cell``.
NEIGHBOUR_SLOTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(NEIGHBOUR_SLOT[cell * 6 + e] for e in range(6) if NEIGHBOUR_SLOT[cell * 6 + e] >= 0)
    for cell in range(CELL_COUNT)
)
#: Empty cells next to the centre tile: a tile there releases a centre gem.
CENTRE_NEIGHBOURS: Final[frozenset[int]] = frozenset(
    NEIGHBOUR_SLOT[CENTRE * 6 + e] // 6 for e in range(6) if NEIGHBOUR_SLOT[CENTRE * 6 + e] >= 0
)
#: ``ALLOWED[cell][kind]``: distinct rotations of ``kind`` legal on ``cell``.
ALLOWED: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(r for r in ORIENTATIONS[kind] if r not in FORBIDDEN[cell][kind]) for kind in range(5))
    for cell in range(CELL_COUNT)
)
#: ``TURNS[kind * 6 + rotation]``: the ``EXIT`` table of that placed tile.
TURNS: Final[tuple[tuple[int, ...], ...]] = tuple(EXIT[k][r] for k in range(5) for r in range(6))

_MAX_ROUTE: Final = CELL_COUNT * 6


class SimState:
    """One determinized round: the public position plus guessed hands and deck."""

    __slots__ = (
        "centre",
        "collected",
        "deck",
        "empty",
        "exits",
        "gate_owners",
        "gate_weights",
        "gem_at",
        "gem_slot",
        "gems_left",
        "hands",
        "players",
        "position",
        "scores",
        "turn",
    )

    exits: list[int]
    gem_at: list[int]
    gem_slot: list[int]
    centre: list[int]
    empty: list[int]
    position: list[int]
    scores: list[int]
    collected: list[int]
    hands: list[list[int]]
    deck: list[int]
    gate_owners: tuple[tuple[int, ...], ...]
    gate_weights: tuple[tuple[int, ...], ...]
    players: int
    turn: int
    gems_left: int

    def copy(self) -> SimState:
        other = SimState.__new__(SimState)
        other.exits = self.exits[:]
        other.gem_at = self.gem_at[:]
        other.gem_slot = self.gem_slot[:]
        other.centre = self.centre[:]
        other.empty = self.empty[:]
        other.position = self.position[:]
        other.scores = self.scores[:]
        other.collected = self.collected[:]
        other.hands = [hand[:] for hand in self.hands]
        other.deck = self.deck[:]
        other.gate_owners = self.gate_owners
        other.gate_weights = self.gate_weights
        other.players = self.players
        other.turn = self.turn
        other.gems_left = self.gems_left
        return other

    @property
    def over(self) -> bool:
        return self.gems_left == 0

    # -- moving ----------------------------------------------------------------

    def _starts(self, cell: int) -> list[tuple[int, int]]:
        """``(slot, gem)`` for every gem a tile on ``cell`` sets moving."""
        gem_at = self.gem_at
        starts = []
        for nb in NEIGHBOUR_SLOTS[cell]:
            gem = gem_at[nb]
            if gem >= 0:
                starts.append((nb, gem))
            elif nb // 6 == CENTRE and self.centre:
                starts.append((nb, self.centre[0]))
        return starts

    def _trace(self, starts: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
        """``(gem, outcome, where)`` per moving gem, with the new tile laid:
        outcome 0 rests on slot ``where``, 1 leaves through gate ``where``,
        2 meets another gem."""
        exits = self.exits
        start_slots = {slot for slot, _ in starts}
        results = []
        for start, gem in starts:
            here = NEIGHBOUR_SLOT[start]
            for _ in range(_MAX_ROUTE):
                out = exits[here]
                nb = NEIGHBOUR_SLOT[out]
                if nb < 0:
                    results.append((gem, 1, GATE_OF_SLOT[out]))
                    break
                if nb in start_slots:
                    results.append((gem, 2, -1))
                    break
                if exits[nb] == EMPTY:
                    results.append((gem, 0, out))
                    break
                here = nb
        return results

    def gain(self, cell: int, kind: int, rotation: int, seat: int) -> int:
        """Points the placement scores for ``seat`` now minus the most any other
        seat scores, without changing the state."""
        starts = self._starts(cell)
        if not starts:
            return 0
        exits = self.exits
        base = cell * 6
        turns = TURNS[kind * 6 + rotation]
        for e in range(6):
            exits[base + e] = base + turns[e]
        results = self._trace(starts)
        for e in range(6):
            exits[base + e] = EMPTY
        mine = 0
        others = [0] * self.players
        owners = self.gate_owners
        for gem, outcome, where in results:
            if outcome == 1:
                value = GEM_VALUE[gem]
                for s in owners[where]:
                    if s == seat:
                        mine += value
                    else:
                        others[s] += value
        return mine - max(others)

    def best_scoring(self, seat: int, kinds: list[int], cells: list[int]) -> tuple[int, int, int, int]:
        """A placement of one of ``kinds`` on one of ``cells`` with the best
        gain for ``seat`` as ``(gain, cell, kind, rotation)``; gain 0 and
        cell -1 when none scores more than nothing. Each gem counts +value
        through a gate of ``seat`` alone, -value through another seat's gate
        and nothing through a gate ``seat`` shares: that is :meth:`gain` in
        two-player games and a cheap stand-in for its "minus the best other
        seat" with more players.

        This is the playouts' inner loop: it follows the path beyond each of
        the cell's six edges once, and then every orientation only looks up
        where each moving gem leaves the tile (and, for a path that comes back
        into the tile, where it leaves again). It does not check that two
        moving gems meet after such a loop, which :meth:`gain` does."""
        exits = self.exits
        gem_at = self.gem_at
        centre = self.centre
        weights = self.gate_weights[seat]
        best = (0, -1, -1, -1)
        best_gain = 0
        for cell in cells:
            entries = []
            start_slots = []
            base = cell * 6
            for e in range(6):
                nb = NEIGHBOUR_SLOT[base + e]
                if nb < 0:
                    continue
                gem = gem_at[nb]
                if gem >= 0:
                    entries.append((e, GEM_VALUE[gem]))
                    start_slots.append(nb)
                elif centre and nb // 6 == CENTRE:
                    entries.append((e, GEM_VALUE[centre[0]]))
                    start_slots.append(nb)
            if not entries:
                continue
            # Where a gem leaving the cell by each edge ends: a gate, or -1.
            gates = [-1] * 6
            for e in range(6):
                out = base + e
                while True:
                    nb = NEIGHBOUR_SLOT[out]
                    if nb < 0:
                        gates[e] = GATE_OF_SLOT[out]
                        break
                    if nb in start_slots:
                        break
                    if nb // 6 == cell:
                        # Back into the new tile: where it goes on depends
                        # on the orientation; -2 - edge says where it enters.
                        gates[e] = -2 - nb % 6
                        break
                    out = exits[nb]
                    if out < 0:
                        break
            if max(gates) < 0 and min(gates) > -2:
                continue
            allowed = ALLOWED[cell]
            for kind in kinds:
                for rot in allowed[kind]:
                    turns = TURNS[kind * 6 + rot]
                    gain = 0
                    for e, value in entries:
                        gate = gates[turns[e]]
                        for _ in range(3):
                            if gate > -2:
                                break
                            gate = gates[turns[-2 - gate]]
                        if gate >= 0:
                            gain += value * weights[gate]
                    if gain > best_gain:
                        best_gain = gain
                        best = (gain, cell, kind, rot)
        return best

    def play(self, cell: int, kind: int, rotation: int) -> None:
        """The seat to move places the tile (it must be in its hand), gems
        move, and it draws from the deck if any tile is left."""
        seat = self.turn
        starts = self._starts(cell)
        exits = self.exits
        base = cell * 6
        turns = TURNS[kind * 6 + rotation]
        for e in range(6):
            exits[base + e] = base + turns[e]
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
            return
        results = self._trace(starts)
        gem_at = self.gem_at
        gem_slot = self.gem_slot
        for slot, gem in starts:
            if gem_slot[gem] == ON_CENTRE:
                self.centre.remove(gem)
            else:
                gem_at[slot] = -1
        for gem, outcome, where in results:
            if outcome == 0:
                gem_at[where] = gem
                gem_slot[gem] = where
                continue
            gem_slot[gem] = GONE
            self.gems_left -= 1
            if outcome == 1:
                value = GEM_VALUE[gem]
                for s in self.gate_owners[where]:
                    self.scores[s] += value
                    self.collected[s] += 1

    # -- questions -------------------------------------------------------------

    def active_cells(self) -> list[int]:
        """Empty cells where a tile would set a gem moving."""
        cells = []
        for slot in self.gem_slot:
            if slot >= 0:
                cell = NEIGHBOUR_SLOT[slot] // 6
                if cell not in cells:
                    cells.append(cell)
        if self.centre:
            position = self.position
            for cell in CENTRE_NEIGHBOURS:
                if position[cell] >= 0 and cell not in cells:
                    cells.append(cell)
        return cells

    def moves_for(self, kind: int) -> list[tuple[int, int, int]]:
        """Every legal ``(cell, kind, rotation)`` for a tile of ``kind``."""
        return [(cell, kind, rot) for cell in self.empty for rot in ALLOWED[cell][kind]]

    def random_move(self, rng: random.Random) -> tuple[int, int, int]:
        """A uniformly random legal placement for the seat to move."""
        hand = self.hands[self.turn]
        empty = self.empty
        while True:
            kind = hand[int(rng.random() * len(hand))]
            cell = empty[int(rng.random() * len(empty))]
            rotations = ALLOWED[cell][kind]
            if rotations:
                return cell, kind, rotations[int(rng.random() * len(rotations))]

    def winners(self) -> list[int]:
        best = max(zip(self.scores, self.collected, strict=True))
        return [s for s in range(self.players) if (self.scores[s], self.collected[s]) == best]


class Knowledge:
    """What one seat knows of a round, in plain data a worker process can take:
    the public position, its own hand, the other seats' hand sizes, the pool of
    tiles it cannot see, and every seat's points so far (gems leaving through a
    gate are public, so any seat can count them from its log)."""

    __slots__ = ("base", "hand_sizes", "pool", "seat", "tiles_left")

    def __init__(self, view: SeatView) -> None:
        board = view.board
        setup = board.setup
        players = setup.players
        state = SimState.__new__(SimState)
        state.exits = board.exits[:]
        state.gem_at = board.gem_at[:]
        state.gem_slot = board.gem_slot[:]
        state.centre = board.centre[:]
        state.empty = sorted(board.empty_cells)
        state.position = [-1] * CELL_COUNT
        for i, cell in enumerate(state.empty):
            state.position[cell] = i
        state.scores = [0] * players
        state.collected = [0] * players
        held = [0] * players
        for event in view.events:
            if type(event) is GemMoved:
                if event.outcome == "gate":
                    for s in event.scorers:
                        state.scores[s] += GEM_VALUE[event.gem]
                        state.collected[s] += 1
            elif type(event) is TileDrawn:
                held[event.seat] += 1
            elif type(event) is TilePlaced:
                held[event.seat] -= 1
        state.hands = [[] for _ in range(players)]
        state.hands[view.seat] = list(view.hand)
        state.deck = []
        state.gate_owners = setup.gates
        state.gate_weights = tuple(
            tuple((seat in owners) - any(s != seat for s in owners) for owners in setup.gates)
            for seat in range(players)
        )
        state.players = players
        state.turn = board.turn
        state.gems_left = board.gems_on_board
        self.base = state
        self.seat = view.seat
        self.tiles_left = view.tiles_left
        self.hand_sizes = [0 if s == view.seat else held[s] for s in range(players)]
        self.pool = [kind for kind, n in enumerate(view.unseen) for _ in range(n)]

    def sample(self, rng: random.Random) -> SimState:
        """One guess of the hidden tiles, uniform over what this seat's view allows."""
        state = self.base.copy()
        pool = self.pool[:]
        rng.shuffle(pool)
        at = 0
        for s, size in enumerate(self.hand_sizes):
            if size:
                state.hands[s] = pool[at : at + size]
                at += size
        # The deck is drawn from its end: the rest of the shuffled pool.
        state.deck = pool[at:]
        return state


def is_open(view: SeatView) -> bool:
    """A game without a deck (read from the canonical notation): there are no
    hands, any unplaced tile may be placed, and so nothing to sample."""
    return not view.hand


__all__ = ["ALLOWED", "GEM_VALUE", "Knowledge", "SimState", "is_open"]
