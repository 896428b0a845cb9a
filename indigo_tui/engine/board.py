"""The public position and the rules of moving gems.

:class:`Board` is everything every seat may see: the tiles on the board, where
each gem rests, how many tiles of each kind are still out of sight, whose turn
it is. It holds nothing private (no hands, no deck, no seat's gems), so a
seat's view can share it. Its arrays are indexed by cell and by slot
(``cell * 6 + edge``) so that tracing a gem is a loop over integers.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, Final, cast

from .events import CENTRE_GEMS, GEM_COUNT, GEM_KIND, Event, GemMoved, TilePlaced
from .geometry import (
    CELL_COUNT,
    CENTRE,
    CORNER_ARROWS,
    CORNERS,
    FACING_SLOTS,
    GATE_OF_SLOT,
    NEIGHBOUR_SLOT,
    PATH_CELLS,
    SLOT_COUNT,
    TREASURE_CELLS,
)
from .moves import Move
from .refusals import GAME_OVER, Refusal, Refused
from .setup import Setup
from .tiles import COUNTS, EXIT, ORIENTATIONS

#: How many kinds of path tile there are.
KINDS: Final = len(COUNTS)
EMPTY: Final = -1  # ``Board.exits`` of a slot on an empty cell
STOP: Final = -2  # ``Board.exits`` of a treasure edge a gem cannot pass
ON_CENTRE: Final = -2  # ``Board.gem_slot`` of a gem still on the centre tile
GONE: Final = -1  # ``Board.gem_slot`` of a gem that left the board

#: ``FORBIDDEN[cell][kind]``: rotations that would join a gate cell's two
#: outward edges with one path, which the rules forbid.
FORBIDDEN: Final[tuple[tuple[frozenset[int], ...], ...]] = tuple(
    tuple(
        frozenset(
            rot
            for rot in range(6)
            if any(
                NEIGHBOUR_SLOT[cell * 6 + e] < 0 and NEIGHBOUR_SLOT[cell * 6 + EXIT[kind][rot][e]] < 0
                for e in range(6)
            )
        )
        if cell not in TREASURE_CELLS
        else frozenset(range(6))
        for kind in range(len(COUNTS))
    )
    for cell in range(CELL_COUNT)
)


#: ``ALLOWED[cell][kind]``: the distinct rotations of ``kind`` (those of
#: :data:`ORIENTATIONS`) the rules allow on the empty path cell ``cell``, for
#: listing the legal moves; :meth:`Board.refusal` gives the same verdicts
#: (tests/engine/test_judge.py holds them equal).
ALLOWED: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(rot for rot in ORIENTATIONS[kind] if rot not in FORBIDDEN[cell][kind])
        for kind in range(len(COUNTS))
    )
    for cell in range(CELL_COUNT)
)


#: ``PLACEABLE[cell * 30 + kind * 6 + rotation]``: whether the rules allow
#: that tile on ``cell`` when it is empty (not a treasure cell, and no curve
#: joining a gate cell's two outward edges): :data:`FORBIDDEN` as one flat
#: table of bools, so that a placement is judged at one look-up of native
#: values (tests/engine/test_judge.py holds every check equal).
PLACEABLE: Final[tuple[bool, ...]] = tuple(
    rot not in FORBIDDEN[cell][kind]
    for cell in range(CELL_COUNT)
    for kind in range(len(COUNTS))
    for rot in range(6)
)


#: ``LAID_EXITS[cell * 30 + kind * 6 + rotation]``: the six :attr:`Board.exits`
#: of ``cell`` holding that tile (slot numbers, made once rather than at each
#: placement).
LAID_EXITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(cell * 6 + EXIT[kind][rot][e] for e in range(6))
    for cell in range(CELL_COUNT)
    for kind in range(len(COUNTS))
    for rot in range(6)
)


#: :data:`LAID_EXITS` as objects, which :meth:`Board.apply_placement` stores
#: one by one: compiled, an ``int`` read from a table is unboxed, and stored
#: in a list boxed again (an object made for each slot above 256), where an
#: ``object`` is stored as it is; six such stores cost less than half of the
#: generic slice assignment, which :meth:`Board.gem_moves` still uses.
_LAID: Final[tuple[tuple[object, ...], ...]] = LAID_EXITS

#: Every slot's number as an object, where a gem's route in
#: :meth:`Board.gem_event` starts (kept as it is, as above).
_SLOT_OBJECTS: Final[tuple[object, ...]] = tuple(range(SLOT_COUNT))

#: The six :attr:`Board.exits` of an empty cell.
_NO_EXITS: Final[tuple[int, ...]] = (EMPTY,) * 6
#: ``CELL_SLOTS[cell]``: the slice of :attr:`Board.exits` that holds the cell's
#: six edges, made once: compiled, ``exits[base : base + 6]`` makes a slice
#: object and two ints (slots above 256 are not cached) at every placement.
CELL_SLOTS: Final[tuple[slice, ...]] = tuple(slice(cell * 6, cell * 6 + 6) for cell in range(CELL_COUNT))


class RulesViolation(Exception):
    """The engine reached a position the rules say cannot happen."""


def _initial_exits() -> list[int]:
    exits = [EMPTY] * SLOT_COUNT
    for e in range(6):
        exits[CENTRE * 6 + e] = STOP
    for corner, arrow in CORNER_ARROWS.items():
        base = corner * 6
        for e in range(6):
            exits[base + e] = STOP
        left, right = (arrow - 1) % 6, (arrow + 1) % 6
        exits[base + left] = base + right
        exits[base + right] = base + left
    return exits


def _initial_gems() -> tuple[list[int], list[int]]:
    gem_at = [-1] * SLOT_COUNT
    gem_slot = [ON_CENTRE] * GEM_COUNT
    for gem, corner in enumerate(CORNERS):
        slot = corner * 6 + CORNER_ARROWS[corner]
        gem_at[slot] = gem
        gem_slot[gem] = slot
    return gem_at, gem_slot


#: ``FACED_CELL[slot]``: the cell a gem resting on ``slot`` faces (the one
#: across that edge), or -1 at the rim.
FACED_CELL: Final[tuple[int, ...]] = tuple(nb // 6 if nb >= 0 else -1 for nb in NEIGHBOUR_SLOT)
#: The cells next to the centre tile: a tile there sets the next centre gem moving.
CENTRE_ADJACENT: Final[frozenset[int]] = frozenset(
    cell for cell in range(CELL_COUNT) if any(nb // 6 == CENTRE for nb in FACING_SLOTS[cell])
)
#: ``CENTRE_NEXT[cell]``: whether ``cell`` is in :data:`CENTRE_ADJACENT`, as a
#: table of native bools (a look-up, not a hash).
CENTRE_NEXT: Final[tuple[bool, ...]] = tuple(cell in CENTRE_ADJACENT for cell in range(CELL_COUNT))

#: How a gem's move ends, as :meth:`Board._trace` keeps it to fold the move:
#: the ``outcome`` of its :class:`GemMoved` as a native int.
_REST: Final = 0
_GATE: Final = 1
_MET: Final = 2
#: The event type and the gems' kinds from events.py, a plain module, as this
#: module's own constants: compiled, a constant of the module is read
#: directly, a name imported from a plain module is looked up at every use.
_GEM_MOVED: Final = GemMoved
_GEM_KIND: Final = GEM_KIND


def _facing(gem_at: Sequence[int]) -> list[int]:
    facing = [0] * CELL_COUNT
    for slot, gem in enumerate(gem_at):
        if gem >= 0:
            facing[FACED_CELL[slot]] += 1
    return facing


#: The lists of a new board, copied for each (a copy is one C call; building them is a loop).
_NEW_EXITS: Final[tuple[int, ...]] = tuple(_initial_exits())
_NEW_GEM_AT: Final[tuple[int, ...]] = tuple(_initial_gems()[0])
_NEW_GEM_SLOT: Final[tuple[int, ...]] = tuple(_initial_gems()[1])
_NEW_TILES: Final[tuple[int, ...]] = (EMPTY,) * CELL_COUNT
_NEW_FACING: Final[tuple[int, ...]] = tuple(_facing(_NEW_GEM_AT))


class Board:
    """The public position of one round."""

    __slots__ = (
        "centre",
        "empty_cells",
        "exited",
        "exits",
        "facing",
        "gated",
        "gates",
        "gem_at",
        "gem_slot",
        "gems_on_board",
        "last_cell",
        "placements",
        "players",
        "removed",
        "setup",
        "tiles",
        "turn",
        "unplaced",
    )

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        #: ``setup.players``, read at every placement (a plain int, not a struct's field).
        self.players: int = setup.players
        #: ``setup.gates``, read at every gem's exit (Setup's property is plain Python).
        self.gates: tuple[tuple[int, ...], ...] = setup.gates
        #: The gems that left through a gate at the last :meth:`move_gems`, and
        #: their gates: ``[gem, gate, gem, gate, ...]``.
        self.gated: list[int] = []
        #: ``tiles[cell]``: ``kind * 6 + rotation`` of the path tile there, or -1.
        self.tiles: list[int] = list(_NEW_TILES)
        #: ``exits[slot]``: the slot a gem entering at ``slot`` leaves by,
        #: :data:`EMPTY` on an empty cell, :data:`STOP` at a treasure edge.
        self.exits: list[int] = list(_NEW_EXITS)
        #: ``gem_at[slot]``: the gem resting on that edge, or -1.
        self.gem_at: list[int] = list(_NEW_GEM_AT)
        #: ``gem_slot[gem]``: where each gem rests, :data:`ON_CENTRE` or :data:`GONE`.
        self.gem_slot: list[int] = list(_NEW_GEM_SLOT)
        #: ``facing[cell]``: how many gems rest on edges facing ``cell`` (kept
        #: with :attr:`gem_at`), so that a placement that moves no gem is told
        #: at one look.
        self.facing: list[int] = list(_NEW_FACING)
        #: Gems still on the centre tile, in the order they leave it.
        self.centre: list[int] = list(CENTRE_GEMS)
        self.empty_cells: list[int] = list(PATH_CELLS)
        #: Tiles of each kind not yet on the board (in hands or in the deck).
        self.unplaced: list[int] = list(COUNTS)
        self.turn = 0
        self.placements = 0
        self.gems_on_board = GEM_COUNT
        self.removed = 0
        self.exited = 0
        self.last_cell = -1

    def copy(self) -> Board:
        other = Board(self.setup)
        other.tiles = self.tiles[:]
        other.exits = self.exits[:]
        other.gem_at = self.gem_at[:]
        other.gem_slot = self.gem_slot[:]
        other.facing = self.facing[:]
        other.centre = self.centre[:]
        other.empty_cells = self.empty_cells[:]
        other.unplaced = self.unplaced[:]
        other.turn = self.turn
        other.placements = self.placements
        other.gems_on_board = self.gems_on_board
        other.removed = self.removed
        other.exited = self.exited
        other.last_cell = self.last_cell
        return other

    @property
    def over(self) -> bool:
        return self.gems_on_board == 0

    # -- placing -----------------------------------------------------------

    def refusal(self, cell: int, kind: int, rotation: int) -> Refused | None:
        """Why a tile of ``kind`` turned ``rotation`` may not go on ``cell``
        now, or None: the one judge of a placement, whoever holds the tile.

        Every other check derives from it: :meth:`is_legal`, :meth:`seat_refusal`
        (which adds whose turn it is and what the seat holds, for
        :meth:`Game.refusal <indigo_tui.engine.game.Game.refusal>` and
        :meth:`SeatView.refusal <indigo_tui.engine.views.SeatView.refusal>`),
        and the tables behind :meth:`placements_for`. It is total: any ints
        give a verdict, never an exception. Every rotation 0 to 5 is a
        placement; turns that place the same tile get the same verdict.

        >>> from indigo_tui.engine import Setup
        >>> from indigo_tui.engine.geometry import INDEX
        >>> board = Board(Setup(players=2))
        >>> board.refusal(INDEX[1, -4], 4, 3) is None
        True
        >>> board.refusal(99, 4, 0)
        Refused(code=<Refusal.OFF_BOARD: 'off_board'>, args=(99,))
        >>> board.refusal(INDEX[1, -4], 7, 0)
        Refused(code=<Refusal.NOT_A_TILE: 'not_a_tile'>, args=(7, 0))
        """
        if self.gems_on_board == 0:
            return GAME_OVER
        if (
            0 <= cell < CELL_COUNT
            and 0 <= kind < KINDS
            and 0 <= rotation < 6
            and self.tiles[cell] == EMPTY
            and PLACEABLE[cell * 30 + kind * 6 + rotation]
        ):
            return None  # the common case, at one look-up; the reasons below in their order
        if not 0 <= cell < CELL_COUNT:
            return Refused(Refusal.OFF_BOARD, (cell,))
        if cell in TREASURE_CELLS:
            return Refused(Refusal.TREASURE, (cell,))
        if self.tiles[cell] != EMPTY:
            return Refused(Refusal.OCCUPIED, (cell,))
        if not 0 <= kind < KINDS or not 0 <= rotation < 6:
            return Refused(Refusal.NOT_A_TILE, (kind, rotation))
        if rotation in FORBIDDEN[cell][kind]:
            return Refused(Refusal.GATE_CURVE, (cell, kind, rotation))
        return None

    def is_legal(self, cell: int, kind: int, rotation: int) -> bool:
        """Whether :meth:`refusal` allows the placement."""
        return self.refusal(cell, kind, rotation) is None

    def seat_refusal(self, seat: int, hand: Sequence[int], move: Move) -> Refused | None:
        """Why ``seat``, holding ``hand``, may not play ``move`` now, or None:
        :meth:`refusal` with whose turn it is and what the seat holds added,
        in this order: the game's end, the turn, the placement, the hand. An
        empty ``hand`` is an open game's (a seat of a dealt game always holds
        a tile when it is to move): the tile then comes from the box, which
        must still hold one of its kind. The game and every seat's view ask
        this, so the same move gets the same answer from both."""
        return self.judge(seat, hand, move.cell, move.tile, move.rotation)

    def judge(self, seat: int, hand: Sequence[int], cell: int, tile: int, rotation: int) -> Refused | None:
        """:meth:`seat_refusal` of the move placing ``tile`` turned
        ``rotation`` on ``cell``, given as numbers (the game's push reads the
        move's fields once)."""
        if self.gems_on_board == 0:
            return GAME_OVER
        if seat != self.turn:
            return Refused(Refusal.NOT_YOUR_TURN, (self.turn, seat))
        if not (
            0 <= cell < CELL_COUNT
            and 0 <= tile < KINDS
            and 0 <= rotation < 6
            and self.tiles[cell] == EMPTY
            and PLACEABLE[cell * 30 + tile * 6 + rotation]
        ):  # refusal's common case, without the call: the reason from refusal itself
            refused = self.refusal(cell, tile, rotation)
            if refused is not None:
                return refused
        if hand:
            if tile not in hand:
                return Refused(Refusal.NOT_IN_HAND, (tile,))
        elif self.unplaced[tile] <= 0:
            return Refused(Refusal.NONE_LEFT, (COUNTS[tile],))
        return None

    def moves_for(self, hand: Sequence[int]) -> list[Move]:
        """Every move the seat to move may make holding ``hand`` (an empty
        hand: an open game's, any tile left in the box), each placement once,
        with its rotation the normal one (:data:`~indigo_tui.engine.tiles.NORMAL`);
        the moves :meth:`seat_refusal` allows, up to equivalent rotations."""
        if self.gems_on_board == 0:
            return []
        kinds = sorted(set(hand)) if hand else [k for k, left in enumerate(self.unplaced) if left > 0]
        return [Move(cell, kind, rot) for kind in kinds for cell, rot in self.placements_for(kind)]

    def gem_moves(self, cell: int, kind: int, rotation: int) -> list[GemMoved]:
        """The gem moves a placement would cause, without changing the board.

        Every gem resting on an edge of ``cell`` moves, as does the next centre
        gem if ``cell`` touches the centre. Each follows paths until the next
        cell is empty, it leaves through a gate, or it would step onto an edge
        where another moving gem rests: the two meet and both leave the game.
        Tracing each gem alone is order-independent, because two gems that
        meet travel the same chain of paths from opposite ends.
        """
        if not self.facing[cell] and not (self.centre and CENTRE_NEXT[cell]):
            return []  # no gem moves: the board need not be touched
        exits = self.exits
        edges = CELL_SLOTS[cell]
        # Lay the tile down for the trace, and lift it again afterwards.
        exits[edges] = LAID_EXITS[cell * 30 + kind * 6 + rotation]
        try:
            # Made while the tile lies: the routes are read off its paths.
            return self.laid_gem_moves(cell)
        finally:
            exits[edges] = _NO_EXITS

    def laid_gem_moves(self, cell: int) -> list[GemMoved]:
        """The gem moves the tile just laid on ``cell`` causes (its paths are in
        :attr:`exits`, the gems not yet moved): :meth:`gem_moves` of a
        placement already made."""
        records: list[int] = []
        self._trace(cell, False, records)
        return [self.gem_event(record) for record in records]

    def move_gems(self, cell: int, records: list[int]) -> int:
        """Move the gems the tile just laid on ``cell`` sets moving, append
        each move's record to ``records`` (:meth:`gem_event` makes its event,
        while the paths it followed lie on the board), and say how many
        moved: :meth:`laid_gem_moves`, each then folded as
        :meth:`apply_gem_move` folds it, from the trace's own numbers. :attr:`gated`
        says which gems left through which gate. The game's :meth:`push
        <indigo_tui.engine.game.Game.push>` asks this, and makes the events
        only when its log is read."""
        if self.gated:
            self.gated.clear()
        if not self.facing[cell] and not (self.centre and CENTRE_NEXT[cell]):
            return 0  # no gem moves, at one look (most placements)
        return self._trace(cell, True, records)

    def gem_event(self, record: int) -> GemMoved:
        """The event of one gem's move from its record (:meth:`_trace`): its
        route followed again from the edge it started on, for as many paths
        as it took. The paths it took are those of tiles laid, which stay
        until that placement is undone, so the route read now is the route
        it took."""
        end = record & 15
        outcome = (record >> 4) & 3
        steps = (record >> 6) & 511
        start = (record >> 15) & 511
        gem = record >> 24
        exits = self.exits
        slots = cast("list[object]", exits)  # the same list: its slots kept as the objects they are
        route: list[Any] = [_SLOT_OBJECTS[start]]
        here = NEIGHBOUR_SLOT[start]
        for _ in range(steps):
            route.append(slots[here])
            here = NEIGHBOUR_SLOT[exits[here]]
        if outcome == _GATE:
            return _GEM_MOVED(gem, _GEM_KIND[gem], tuple(route), "gate", end, self.gates[end], -1)
        if outcome == _MET:
            return _GEM_MOVED(gem, _GEM_KIND[gem], tuple(route), "met", -1, (), end)
        return _GEM_MOVED(gem, _GEM_KIND[gem], tuple(route), "rest", -1, (), -1)

    def _trace(self, cell: int, move: bool, records: list[int]) -> int:
        """:meth:`laid_gem_moves` as records appended to ``records``, and with
        ``move`` the moves made as well; how many. A gem's move is recorded
        as one native int, ``gem << 24 | start << 15 | paths << 6 | outcome
        << 4 | end``: the slot it started on, how many paths it took, how it
        ended (``_REST``, ``_GATE``, ``_MET``) and the gate or the gem met
        (:meth:`gem_event` reads it back); its route's tuple and its event
        cost more than the trace itself, and most are never read.

        Each gem's move is folded as soon as it is traced: the trace reads
        only the paths (:attr:`exits`) and where the moving gems started,
        which no move changes, so folding them one by one gives what folding
        them all after the last trace gives."""
        centre = self.centre
        if not self.facing[cell] and not (centre and CENTRE_NEXT[cell]):
            return 0
        gem_at = self.gem_at
        facing = FACING_SLOTS[cell]
        # The gems that move, each as ``gem * 8 + at`` (it starts from
        # ``facing[at]``, a slot facing the cell), in gem order, so that the
        # order of the log does not depend on the cell's edges: native ints
        # below 96, which need no object of their own.
        movers: list[int] = []
        for edge in range(len(facing)):
            nb = facing[edge]
            gem = gem_at[nb]
            if gem < 0:
                if not centre or nb // 6 != CENTRE:
                    continue
                gem = centre[0]
            mover = gem * 8 + edge
            at = len(movers)
            while at > 0 and movers[at - 1] > mover:
                at -= 1
            movers.insert(at, mover)
        if not movers:
            return 0
        exits = self.exits
        gated = self.gated
        for mover in movers:
            gem = mover >> 3
            start = facing[mover & 7]
            here = NEIGHBOUR_SLOT[start]
            for paths in range(1, SLOT_COUNT + 1):
                out = exits[here]
                nb = NEIGHBOUR_SLOT[out]
                if nb < 0:
                    gate = GATE_OF_SLOT[out]
                    record = (gem << 24) | (start << 15) | (paths << 6) | (_GATE << 4) | gate
                    if move:
                        self._move_gem(gem, _GATE, gate)
                        gated.append(gem)
                        gated.append(gate)
                    break
                other = -1
                for waiting in movers:
                    if facing[waiting & 7] == nb:
                        other = waiting >> 3
                        break
                if other >= 0:
                    record = (gem << 24) | (start << 15) | (paths << 6) | (_MET << 4) | other
                    if move:
                        self._move_gem(gem, _MET, -1)
                    break
                following = exits[nb]
                if following == EMPTY:
                    record = (gem << 24) | (start << 15) | (paths << 6) | (_REST << 4)
                    if move:
                        self._move_gem(gem, _REST, out)
                    break
                if following == STOP:
                    raise RulesViolation(f"gem {gem} would stop at treasure edge {nb}")
                here = nb
            else:  # pragma: no cover - paths cannot form a cycle through a gem
                raise RulesViolation(f"gem {gem} never stops")
            records.append(record)
        return len(movers)

    # -- folding events ----------------------------------------------------

    def apply_placement(self, seat: int, cell: int, kind: int, rotation: int) -> None:
        exits = cast("list[object]", self.exits)  # the same list: its slots stored as objects
        laid = _LAID[cell * 30 + kind * 6 + rotation]
        base = cell * 6
        exits[base] = laid[0]
        exits[base + 1] = laid[1]
        exits[base + 2] = laid[2]
        exits[base + 3] = laid[3]
        exits[base + 4] = laid[4]
        exits[base + 5] = laid[5]
        self.tiles[cell] = kind * 6 + rotation
        # ``empty_cells`` is in cell order (see lift_placement): found by halving.
        empty = self.empty_cells
        low = 0
        high = len(empty)
        while low < high:
            middle = (low + high) >> 1
            if empty[middle] < cell:
                low = middle + 1
            else:
                high = middle
        if low < len(empty) and empty[low] == cell:
            empty.pop(low)
        else:  # pragma: no cover - a board whose empty cells someone put out of order
            empty.remove(cell)
        # ``x[i] = x[i] - 1``, not ``x[i] -= 1``: compiled, an in-place
        # operator on a list's item is a generic call, the spelled-out form native.
        unplaced = self.unplaced
        unplaced[kind] = unplaced[kind] - 1
        self.placements += 1
        self.last_cell = cell
        seat += 1
        self.turn = seat if seat < self.players else 0

    def apply_gem_move(self, move: GemMoved) -> None:
        outcome = move.outcome
        if outcome == "rest":
            self._move_gem(move.gem, _REST, move.route[-1])
        else:
            self._move_gem(move.gem, _GATE if outcome == "gate" else _MET, move.gate)

    def _move_gem(self, gem: int, outcome: int, end: int) -> None:
        """Fold one gem's move: it ends by ``outcome`` (``_REST`` on slot
        ``end``, ``_GATE`` through gate ``end``, or ``_MET``)."""
        start = self.gem_slot[gem]
        if start == ON_CENTRE:
            self.centre.remove(gem)
        elif start >= 0:
            self.gem_at[start] = -1
            faced = FACED_CELL[start]
            self.facing[faced] = self.facing[faced] - 1
        if outcome == _REST:
            self.gem_at[end] = gem
            self.gem_slot[gem] = end
            faced = FACED_CELL[end]
            self.facing[faced] = self.facing[faced] + 1
            return
        self.gem_slot[gem] = GONE
        self.gems_on_board -= 1
        if outcome == _MET:
            self.removed += 1
        else:
            self.exited += 1

    def fold(self, event: Event) -> None:
        """Fold an event onto the public position by the board's own folds: a
        placement lays its tile, a gem's move moves it; a start, a draw and the
        end change nothing public here. A guest's seat (``net.state.SeatState``)
        folds through this; :class:`~indigo_tui.engine.game.Game` calls the same
        two folds from its own dispatch, to keep its hot loop to one."""
        if type(event) is GemMoved:
            self.apply_gem_move(event)
        elif type(event) is TilePlaced:
            self.apply_placement(event.seat, event.cell, event.tile, event.rotation)

    # -- undoing (Game.pop), the folds above run backwards -------------------

    def lift_placement(self, seat: int, cell: int, kind: int, last_cell: int) -> None:
        """Take back :meth:`apply_placement`: ``seat`` is to move again and
        ``last_cell`` is the placement before it (-1 if none)."""
        self.exits[CELL_SLOTS[cell]] = _NO_EXITS
        self.tiles[cell] = EMPTY
        # ``empty_cells`` stays in cell order (it starts sorted; remove keeps the
        # order), so the legal moves come out in the same order as before.
        insort(self.empty_cells, cell)
        self.unplaced[kind] += 1
        self.placements -= 1
        self.last_cell = last_cell
        self.turn = seat

    def unapply_gem_move(self, move: GemMoved) -> None:
        """Take back :meth:`apply_gem_move` (undo them last first). A gem came
        from the centre when its route starts on the centre's edge."""
        gem = move.gem
        if move.outcome == "rest":
            end = move.route[-1]
            self.gem_at[end] = -1
            self.facing[FACED_CELL[end]] -= 1
        else:
            self.gems_on_board += 1
            if move.outcome == "met":
                self.removed -= 1
            else:
                self.exited -= 1
        start = move.route[0]
        if start // 6 == CENTRE:
            self.centre.insert(0, gem)
            self.gem_slot[gem] = ON_CENTRE
        else:
            self.gem_at[start] = gem
            self.gem_slot[gem] = start
            self.facing[FACED_CELL[start]] += 1

    # -- questions ---------------------------------------------------------

    def placements_for(self, kind: int) -> list[tuple[int, int]]:
        """Every legal ``(cell, rotation)`` for a tile of ``kind``, no orientation twice."""
        if self.gems_on_board == 0:
            return []
        return [(cell, rot) for cell in self.empty_cells for rot in ALLOWED[cell][kind]]
