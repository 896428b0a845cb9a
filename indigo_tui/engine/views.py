"""What one seat may know: its own hand and gems, and everything public.

A :class:`SeatView` is all a bot, the screen of one seat or a network peer is
ever given. It holds the public :class:`Board` (which has nothing private in
it), this seat's own hand and gems, and this seat's own copy of the log in
which other seats' draws are hidden. There is no path from a view to the
deck, to another seat's hand or to another seat's gems.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .events import Event, GemMoved, gem_triple
from .geometry import CELL_COUNT
from .moves import Move
from .refusals import GAME_OVER, Refusal, Refused
from .setup import Setup
from .tiles import COUNTS


class DeckCount:
    """How many tiles are still in the deck: public, kept by a game and read
    by its live views (so a view holds no reference to the game or its deck)."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


class SeatView:
    """What one seat may know.

    A view from :meth:`Game.view` is *live*: it reads the game's own board and
    this seat's hand, gems, log and the deck count, which the game changes in
    place on every push, pop and redo, so a view taken before an undo shows
    the position after it. :meth:`detached` gives a frozen copy instead, for a
    worker thread that must not see the game move under it.
    """

    __slots__ = ("_collected", "_deck", "_hand", "board", "events", "seat")

    def __init__(
        self,
        seat: int,
        board: Board,
        hand: Sequence[int],
        collected: Sequence[int],
        events: Sequence[Event],
        tiles_left: int | DeckCount,
    ) -> None:
        self.seat = seat
        #: The public position, shared with the game (read it, never change it).
        self.board = board
        self._hand = hand
        self._collected = collected
        #: The log as this seat sees it: other seats' draws have ``tile=None``.
        self.events = events
        self._deck = tiles_left if isinstance(tiles_left, DeckCount) else DeckCount(tiles_left)

    @property
    def hand(self) -> tuple[int, ...]:
        """This seat's tiles (kinds); empty in an open game."""
        return tuple(self._hand)

    @property
    def collected(self) -> tuple[int, int, int]:
        """This seat's gems by kind: amber, emerald, sapphire."""
        return gem_triple(self._collected)

    @property
    def tiles_left(self) -> int:
        """Tiles still in the deck."""
        return self._deck.left

    @property
    def setup(self) -> Setup:
        return self.board.setup

    @property
    def turn(self) -> int:
        return self.board.turn

    @property
    def my_turn(self) -> bool:
        return self.board.turn == self.seat and not self.board.over

    @property
    def over(self) -> bool:
        return self.board.over

    @property
    def points(self) -> int:
        amber, emerald, sapphire = self._collected
        return amber + 2 * emerald + 3 * sapphire

    @property
    def unseen(self) -> list[int]:
        """Tiles of each kind this seat cannot see: other hands and the deck."""
        counts = list(self.board.unplaced)
        for tile in self._hand:
            counts[tile] -= 1
        return counts

    def refusal(self, move: Move) -> Refused | None:
        """Why this seat may not play ``move`` now, or None."""
        board = self.board
        if not self.my_turn:
            if board.over:
                return GAME_OVER
            return Refused(Refusal.NOT_YOUR_TURN, (board.turn, self.seat))
        if not 0 <= move.tile < len(COUNTS) or not 0 <= move.cell < CELL_COUNT:
            return Refused(Refusal.NOT_A_PLACEMENT, (move.cell, move.tile))
        if self._hand and move.tile not in self._hand:
            return Refused(Refusal.NOT_IN_HAND, (move.tile,))
        return board.refusal(move.cell, move.tile, move.rotation)

    def is_legal(self, move: Move) -> bool:
        return self.refusal(move) is None

    @property
    def legal_moves(self) -> list[Move]:
        """This seat's legal moves now (empty when it is not its turn)."""
        if not self.my_turn:
            return []
        return [
            Move(cell, kind, rot)
            for kind in sorted(set(self._hand))
            for cell, rot in self.board.placements_for(kind)
        ]

    def preview(self, move: Move) -> list[GemMoved]:
        """The gem moves ``move`` would cause. Not thread-safe with other
        previews on the same board: give a worker :meth:`detached` instead."""
        return self.board.gem_moves(move.cell, move.tile, move.rotation)

    def detached(self) -> SeatView:
        """A frozen copy that later moves and undos of the game do not change (for workers)."""
        return SeatView(
            self.seat, self.board.copy(), self.hand, self.collected, tuple(self.events), self.tiles_left
        )
