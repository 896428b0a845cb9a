"""Everything that can happen in a game, as msgspec structs in one tagged union.

A game *is* its list of events: :class:`~indigo_tui.engine.game.Game` folds
them into state, saves write them, the network sends them. Cells are board
indices and edges are slots (``cell * 6 + edge``), see
:mod:`~indigo_tui.engine.geometry`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

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
        return TileDrawn(event.seat, None)
    if type(event) is GameStarted:
        return GameStarted(event.setup, None, event.round)
    return event
