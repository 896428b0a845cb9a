"""What one seat may know: its own hand and gems, and everything public.

A :class:`SeatView` is all a bot, the screen of one seat or a network peer is
ever given. It holds the public :class:`Board` (which has nothing private in
it), this seat's own hand and gems, and the log as this seat sees it, in
which other seats' draws are hidden (a :class:`~indigo_tui.engine.events.SeatLog`:
the game's public log, shared by every seat, with this seat's own draws). There is no path from a view to the
deck, to another seat's hand or to another seat's gems.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .events import Event, GemMoved, gem_triple
from .moves import Move
from .refusals import Refused
from .setup import Setup


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
        """Why this seat may not play ``move`` now, or None: the question the
        game asks (:meth:`Board.seat_refusal`), with this seat's own hand, so
        the same move gets the same answer from either.

        >>> from indigo_tui.engine import Game, Setup
        >>> game = Game.new(Setup(players=2), seed=0)
        >>> game.view(0).refusal(Move(99, 0, 0)) == game.refusal(Move(99, 0, 0))
        True
        >>> game.view(1).refusal(Move.parse('223/0@1,-4'))
        Refused(code=<Refusal.NOT_YOUR_TURN: 'not_your_turn'>, args=(0, 1))
        """
        return self.board.seat_refusal(self.seat, self._hand, move)

    def is_legal(self, move: Move) -> bool:
        return self.refusal(move) is None

    @property
    def legal_moves(self) -> list[Move]:
        """This seat's legal moves now (empty when it is not its turn), as
        :attr:`Game.legal_moves <indigo_tui.engine.game.Game.legal_moves>` lists them."""
        if not self.my_turn:
            return []
        return self.board.moves_for(self._hand)

    def preview(self, move: Move) -> list[GemMoved]:
        """The gem moves ``move`` would cause. Not thread-safe with other
        previews on the same board: give a worker :meth:`detached` instead."""
        return self.board.gem_moves(move.cell, move.tile, move.rotation)

    def detached(self) -> SeatView:
        """A frozen copy that later moves and undos of the game do not change (for workers)."""
        return SeatView(
            self.seat, self.board.copy(), self.hand, self.collected, tuple(self.events), self.tiles_left
        )
