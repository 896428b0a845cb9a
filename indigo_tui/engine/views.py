"""What one seat may know: its own hand and gems, and everything public.

A :class:`SeatView` is all a bot, the screen of one seat or a network peer is
ever given. It holds the public :class:`Board` (which has nothing private in
it), copies of this seat's hand and gems, and this seat's own copy of the log
in which other seats' draws are hidden. There is no path from a view to the
deck, to another seat's hand or to another seat's gems.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .events import Event, GemMoved
from .geometry import CELL_COUNT
from .moves import Move
from .refusals import GAME_OVER, Refusal, Refused
from .setup import Setup
from .tiles import COUNTS


class SeatView:
    __slots__ = ("board", "collected", "events", "hand", "seat", "tiles_left")

    def __init__(
        self,
        seat: int,
        board: Board,
        hand: tuple[int, ...],
        collected: tuple[int, int, int],
        events: Sequence[Event],
        tiles_left: int,
    ) -> None:
        self.seat = seat
        #: The public position, shared with the game (read it, never change it).
        self.board = board
        #: This seat's tiles (kinds); empty in an open game.
        self.hand = hand
        #: This seat's gems by kind: amber, emerald, sapphire.
        self.collected = collected
        #: The log as this seat sees it: other seats' draws have ``tile=None``.
        self.events = events
        #: Tiles still in the deck.
        self.tiles_left = tiles_left

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
        amber, emerald, sapphire = self.collected
        return amber + 2 * emerald + 3 * sapphire

    @property
    def unseen(self) -> list[int]:
        """Tiles of each kind this seat cannot see: other hands and the deck."""
        counts = list(self.board.unplaced)
        for tile in self.hand:
            counts[tile] -= 1
        return counts

    def refusal(self, move: Move) -> Refused | None:
        """Why this seat may not play ``move`` now, or None."""
        board = self.board
        if not self.my_turn:
            if board.over:
                return GAME_OVER
            return Refused(Refusal.NOT_YOUR_TURN, "it is not this seat's turn", (board.turn, self.seat))
        if not 0 <= move.tile < len(COUNTS) or not 0 <= move.cell < CELL_COUNT:
            return Refused(Refusal.NOT_A_PLACEMENT, "that is not a placement", (move.cell, move.tile))
        if self.hand and move.tile not in self.hand:
            return Refused(Refusal.NOT_IN_HAND, "that tile is not in this seat's hand", (move.tile,))
        return board.refusal(move.cell, move.tile, move.rotation)

    def placement_error(self, move: Move) -> str | None:
        """:meth:`refusal` in words."""
        refused = self.refusal(move)
        return None if refused is None else refused.words

    def is_legal(self, move: Move) -> bool:
        return self.placement_error(move) is None

    @property
    def legal_moves(self) -> list[Move]:
        """This seat's legal moves now (empty when it is not its turn)."""
        if not self.my_turn:
            return []
        return [
            Move(cell, kind, rot)
            for kind in sorted(set(self.hand))
            for cell, rot in self.board.placements_for(kind)
        ]

    def preview(self, move: Move) -> list[GemMoved]:
        """The gem moves ``move`` would cause. Not thread-safe with other
        previews on the same board: give a worker :meth:`detached` instead."""
        return self.board.gem_moves(move.cell, move.tile, move.rotation)

    def detached(self) -> SeatView:
        """A copy that later moves of the game do not change (for workers)."""
        return SeatView(
            self.seat, self.board.copy(), self.hand, self.collected, tuple(self.events), self.tiles_left
        )
