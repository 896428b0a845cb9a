"""Everything that can happen in a game, as msgspec structs in one tagged union.

A game *is* its list of events: :class:`~indigo_tui.engine.game.Game` folds
them into state, saves write them, the network sends them. Cells are board
indices and edges are slots (``cell * 6 + edge``), see
:mod:`~indigo_tui.engine.geometry`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from typing import Final, Literal, overload

import msgspec

from .geometry import CORNERS
from .setup import Setup

GemKind = Literal["amber", "emerald", "sapphire"]
GEM_KINDS_ORDER: Final[tuple[GemKind, ...]] = ("amber", "emerald", "sapphire")
GEM_POINTS: Final[dict[str, int]] = {"amber": 1, "emerald": 2, "sapphire": 3}
#: A gem kind's place in :data:`GEM_KINDS_ORDER`: the index into a seat's
#: ``collected`` counts (amber, emerald, sapphire).
GEM_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(GEM_KINDS_ORDER)}

#: Gem ids: 0..5 the corner ambers (in :data:`CORNERS` order), 6..10 the
#: emeralds and 11 the sapphire, which leave the centre in that order.
_AMBER: GemKind = "amber"
_EMERALD: GemKind = "emerald"
_SAPPHIRE: GemKind = "sapphire"
GEM_KIND: Final[tuple[GemKind, ...]] = (_AMBER,) * len(CORNERS) + (_EMERALD,) * 5 + (_SAPPHIRE,)
CENTRE_GEMS: Final[tuple[int, ...]] = (6, 7, 8, 9, 10, 11)
GEM_COUNT: Final = len(GEM_KIND)

Outcome = Literal["rest", "gate", "met"]


def gem_triple(counts: Sequence[int]) -> tuple[int, int, int]:
    """A seat's gems by kind (amber, emerald, sapphire) as the fixed-size tuple
    views and standings hold."""
    amber, emerald, sapphire = counts
    return (amber, emerald, sapphire)


class GameStarted(msgspec.Struct, tag="started", frozen=True):
    """A round begins. ``deck`` is the draw order of tile kinds (private: a
    seat's view has ``None``); an *open* game, read from the canonical
    notation, has no deck and any tile left in the box may be placed."""

    setup: Setup
    deck: tuple[int, ...] | None = None
    round: int = 0


class TileDrawn(msgspec.Struct, tag="drawn", frozen=True):
    """``seat`` draws a tile; ``tile`` (its kind) is ``None`` in other seats' views."""

    seat: int
    tile: int | None


class TilePlaced(msgspec.Struct, tag="placed", frozen=True):
    seat: int
    cell: int
    tile: int
    rotation: int


class GemMoved(msgspec.Struct, tag="gem", frozen=True):
    """One gem's move caused by the preceding placement.

    ``route`` lists the edges the gem crosses, as slots seen from the cell it
    leaves: first the edge it rested on, then the far end of each path it
    follows. ``outcome`` says how it ended: resting on the last slot, leaving
    the board through ``gate`` (``scorers`` each take a gem of its kind), or
    meeting ``other`` on the last edge (both leave the game). A gem that left
    the centre has the centre's slot as its first edge.
    """

    gem: int
    kind: GemKind
    route: tuple[int, ...]
    outcome: Outcome
    gate: int = -1
    scorers: tuple[int, ...] = ()
    other: int = -1


class GameOver(msgspec.Struct, tag="over", frozen=True):
    """No gem is left on the board: every screen comes down."""

    scores: tuple[int, ...]
    gem_counts: tuple[int, ...]
    winners: tuple[int, ...]


Event = GameStarted | TileDrawn | TilePlaced | GemMoved | GameOver


def public_event(event: Event) -> Event:
    """``event`` as a seat that did not make it may see it: a draw without its
    tile, the start of a round without the deck. The one definition of what an
    event keeps private, for seat views, network peers and saves alike."""
    if type(event) is TileDrawn:
        return hidden_draw(event.seat) if event.tile is not None else event
    if type(event) is GameStarted:
        return GameStarted(event.setup, None, event.round)
    return event


#: ``HIDDEN_DRAWS[seat]``: a draw of ``seat`` (0 to 3) as every other seat
#: sees it, without its tile (frozen: one each serves every log).
HIDDEN_DRAWS: Final[tuple[TileDrawn, ...]] = tuple(TileDrawn(seat, None) for seat in range(4))


def hidden_draw(seat: int) -> TileDrawn:
    """``seat``'s draw without its tile, as :func:`public_event` makes it."""
    return HIDDEN_DRAWS[seat] if 0 <= seat < len(HIDDEN_DRAWS) else TileDrawn(seat, None)


class SeatLog(Sequence[Event]):
    """A game's log as one seat may see it, shared rather than copied.

    A game keeps one public log (every event as :func:`public_event` makes it:
    no deck, no other seat's drawn tile), which every seat's log reads, and
    for each seat that seat's own draws in the order drawn with their places
    in the log. A seat's log is the public one with its own draws put back:
    nothing of another seat's is reachable from it, and an event is appended
    once for all seats rather than once per seat. It follows every push and
    undo of its game, and compares equal to any sequence of the same events
    (a list, say). (Two lists rather than a dict of draws by place: the game
    appends to them at every draw, and a list's append costs a third of a
    dict's insertion.)"""

    __slots__ = ("_at", "_draws", "_public", "_settle", "seat")

    def __init__(
        self,
        public: list[Event],
        draws: list[TileDrawn],
        at: list[int],
        seat: int,
        settle: Callable[[], None] | None = None,
    ) -> None:
        self._public = public
        #: Makes the events the public log holds a place for (the game's
        #: gem moves, made when read: game.PendingGemMoves), before a read.
        self._settle = settle
        #: This seat's own draws, in the order drawn, and each one's index in the log.
        self._draws = draws
        self._at = at
        self.seat = seat

    def __len__(self) -> int:
        return len(self._public)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if self._settle is not None:
            self._settle()
        public = self._public
        if isinstance(index, slice):
            return [self._own(i, public[i]) for i in range(*index.indices(len(public)))]
        event = public[index]  # IndexError as a list says it
        return self._own(index if index >= 0 else index + len(public), event)

    def _own(self, index: int, event: Event) -> Event:
        """The event at ``index`` of this seat's log, ``event`` in the public one."""
        if type(event) is not TileDrawn or event.seat != self.seat:
            return event
        at = self._at
        found = bisect_left(at, index)
        return self._draws[found] if found < len(at) and at[found] == index else event

    def __iter__(self) -> Iterator[Event]:
        if self._settle is not None:
            self._settle()
        if not self._draws:
            return iter(self._public)
        return self._merged()

    def _merged(self) -> Iterator[Event]:
        at = self._at
        draws = self._draws
        mine = 0
        for index, event in enumerate(self._public):
            if mine < len(at) and at[mine] == index:
                yield draws[mine]
                mine += 1
            else:
                yield event

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # it changes with the game, as a list does

    def __repr__(self) -> str:
        return f"SeatLog(seat={self.seat}, {list(self)!r})"
