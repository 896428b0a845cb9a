"""A seat's game as a guest terminal knows it, folded from the public events.

A guest has no deck, so it cannot hold a :class:`~indigo_tui.engine.Game`.
:class:`SeatState` folds the public log (and its own draws) into a public
:class:`~indigo_tui.engine.Board`, the seat's hand and gems, and gives bots
and screens the same :class:`~indigo_tui.engine.SeatView` a local game would.
The host folds the same public log with ``seat=None`` to compute the state
hash that goes with every event, so both sides hash the very same thing.
(The deal a round is played from is :mod:`.deal`'s.)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import msgspec

from ..engine import Board, Event, GameStarted, GemMoved, Setup, TileDrawn, TilePlaced
from ..engine.events import GEM_INDEX, gem_triple
from ..engine.tiles import COUNTS, TILE_TOTAL
from ..engine.views import SeatView
from .protocol import Breach, Fault

_hash_encoder = msgspec.msgpack.Encoder()


class FoldError(ValueError):
    """A public event that does not fit the state it is folded into:
    ``code`` says how, ``args`` and ``quoted`` what it is about (a
    :class:`~.protocol.Breach`, without the event's number, which the guest
    adds when it tells the host of the desync)."""

    def __init__(self, code: Breach, args: tuple[int, ...] = (), quoted: tuple[str, ...] = ()) -> None:
        super().__init__(f"{code.value}{list(args)}")
        self.code = code
        self.numbers = args
        self.quoted = quoted

    def at(self, seq: int) -> Fault:
        """The desync this fault makes at event ``seq``."""
        return Fault(self.code, (seq, *self.numbers), self.quoted)


def state_hash(length: int, board: Board, drawn: int) -> str:
    """SHA-256 (first 16 hex digits) of the public state after ``length`` events."""
    data = _hash_encoder.encode(
        (
            length,
            board.tiles,
            board.gem_slot,
            board.centre,
            board.turn,
            board.placements,
            board.unplaced,
            drawn,
        )
    )
    return hashlib.sha256(data).hexdigest()[:16]


class SeatState:
    """The public position plus, for ``seat``, its hand and its gems."""

    def __init__(self, setup: Setup, seat: int | None) -> None:
        self.setup = setup
        self.seat = seat
        self.events: list[Event] = []
        self._reset()

    def _reset(self) -> None:
        self.board = Board(self.setup)
        self.hand: list[int] = []
        self.collected = [0, 0, 0]
        self.drawn = 0
        #: Draw index in the deck of each of this seat's draws, with its tile.
        self.my_draws: list[tuple[int, int]] = []
        self.events = []
        self.hashes: list[str] = []

    @property
    def length(self) -> int:
        return len(self.events)

    @property
    def last_hash(self) -> str:
        return self.hashes[-1] if self.hashes else state_hash(0, self.board, 0)

    def hash_at(self, length: int) -> str | None:
        if length == 0:
            return state_hash(0, Board(self.setup), 0)
        return self.hashes[length - 1] if 0 < length <= len(self.hashes) else None

    def apply(self, event: Event) -> str:
        """Fold one event (this seat's own draw carries its tile); returns the
        state hash after it. Raises :class:`FoldError` if it cannot follow."""
        board = self.board
        # First whether the event can follow at all (seats from 0, as on the wire) ...
        if type(event) is GameStarted:
            if self.events:
                raise FoldError(Breach.SECOND_START)
            if event.setup != self.setup:
                raise FoldError(Breach.SETUP_DIFFERS)
        elif not self.events:
            raise FoldError(Breach.BEFORE_START)
        elif type(event) is TilePlaced:
            if event.seat != board.turn:
                raise FoldError(Breach.OUT_OF_TURN, (event.seat, board.turn))
            refused = board.refusal(event.cell, event.tile, event.rotation)
            if refused is not None:
                raise FoldError(Breach.ILLEGAL_PLACEMENT, refused.args, (refused.code.value,))
            if event.seat == self.seat and event.tile not in self.hand:
                raise FoldError(Breach.NOT_HELD)
        elif type(event) is TileDrawn:
            if self.drawn >= TILE_TOTAL:
                raise FoldError(Breach.EMPTY_DECK)
            if not 0 <= event.seat < self.setup.players:
                raise FoldError(Breach.DRAW_FOR_NOBODY, (event.seat,))
            if event.seat == self.seat:
                if event.tile is None or not 0 <= event.tile < len(COUNTS):
                    raise FoldError(Breach.DRAW_WITHOUT_TILE)
            elif event.tile is not None:
                raise FoldError(Breach.TILE_SHOWN, (event.seat,))
        # ... then the engine's one fold onto the board, then this seat's own part.
        board.fold(event)
        if type(event) is TilePlaced:
            if event.seat == self.seat:
                self.hand.remove(event.tile)
        elif type(event) is GemMoved:
            if event.outcome == "gate" and self.seat in event.scorers:
                self.collected[GEM_INDEX[event.kind]] += 1
        elif type(event) is TileDrawn:
            if event.seat == self.seat and event.tile is not None:
                self.hand.append(event.tile)
                self.my_draws.append((self.drawn, event.tile))
            self.drawn += 1
        self.events.append(event)
        digest = state_hash(len(self.events), board, self.drawn)
        self.hashes.append(digest)
        return digest

    def truncate(self, length: int) -> None:
        """Keep the first ``length`` events (an undo, or a resync from there)."""
        kept = self.events[:length]
        self._reset()
        for event in kept:
            self.apply(event)

    def replace(self, events: Sequence[Event]) -> None:
        self._reset()
        for event in events:
            self.apply(event)

    @property
    def over(self) -> bool:
        return bool(self.events) and self.board.over

    @property
    def tiles_left(self) -> int:
        """Tiles not drawn yet (public: every draw is an event)."""
        return TILE_TOTAL - self.drawn

    def view(self) -> SeatView:
        if self.seat is None:
            raise ValueError("the public state has no seat to view")
        return SeatView(
            self.seat,
            self.board,
            tuple(self.hand),
            gem_triple(self.collected),
            self.events,
            TILE_TOTAL - self.drawn,
        )
