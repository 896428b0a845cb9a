"""Moves a person can follow: another seat's placement shown arriving, and
each gem's travel along its route, frame by frame.

The board (:class:`~indigo_tui.ui.widgets.board.BoardView`) shows a move's
result at once; a :class:`Motion` is what it then plays over it: first the
new tile ringed on and off (when someone else placed it: a bot, a peer, the
other person at a shared terminal), the gems it moves still where they
were, then every moving gem stepping along its route, all together, at
:data:`TILE_SECONDS` a tile. Any key skips what is left of it; the gem
animation setting (``m``, ``--no-animation``, remembered) turns it off, and
text mode never animates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..engine.events import GemMoved
from .board_art.cells import Art
from .board_art.picture import route_points

#: Seconds a gem takes to cross one tile: slow enough to follow by eye
#: (about four tiles a second), quick enough not to hold up a game.
TILE_SECONDS: Final = 0.25
#: Frames of a gem's travel per tile crossed (the points ``route_points`` gives a path).
FRAMES_PER_TILE: Final = 4
#: The arrival of a tile someone else placed: ringed or not, frame by frame
#: (three flashes, each two frames long).
ARRIVAL: Final = (True, True, False, False, True, True, False, False, True, True)
#: The longest a move's motion takes at the usual pace, whatever its routes'
#: lengths: a gem that crosses half the board moves faster rather than holding
#: the table up.
LONGEST_SECONDS: Final = 3.0
#: The shortest pause between two frames (a terminal redraws no faster than this).
SHORTEST_FRAME: Final = 0.01


@dataclass(frozen=True)
class Frame:
    """What one frame draws over the board: the cell ringed (a tile arriving),
    and where each moving gem is, as (kind, x, y) in the board's sub-pixels."""

    ring: int | None
    moving: tuple[tuple[str, float, float], ...]


@dataclass(frozen=True)
class Motion:
    """A move's frames, the gems they draw (left out of the board's picture
    while it plays), and the seconds between two frames."""

    frames: tuple[Frame, ...]
    hidden: frozenset[int]
    interval: float


def move_motion(
    art: Art, gem_moves: Sequence[GemMoved], arriving: int | None, tile_seconds: float = TILE_SECONDS
) -> Motion | None:
    """The motion of a move: ``arriving`` (the cell of a tile someone else
    placed, or None) ringed, then ``gem_moves`` along their routes. None when
    nothing would move."""
    tracks = [(move.kind, route_points(art, move.route, FRAMES_PER_TILE)) for move in gem_moves]
    frames: list[Frame] = []
    if arriving is not None:
        # The gems it moves wait where they were while the tile arrives.
        start = tuple((kind, *points[0]) for kind, points in tracks)
        frames.extend(Frame(arriving if ringed else None, start) for ringed in ARRIVAL)
    length = max((len(points) for _kind, points in tracks), default=0)
    frames.extend(
        Frame(None, tuple((kind, *points[min(i, len(points) - 1)]) for kind, points in tracks))
        for i in range(length)
    )
    if not frames:
        return None
    # The longest motion scales with the pace (a slower pace chosen is slower throughout).
    longest = LONGEST_SECONDS * tile_seconds / TILE_SECONDS
    interval = max(SHORTEST_FRAME, min(tile_seconds / FRAMES_PER_TILE, longest / len(frames)))
    return Motion(tuple(frames), frozenset(move.gem for move in gem_moves), interval)


__all__ = ["ARRIVAL", "FRAMES_PER_TILE", "TILE_SECONDS", "Frame", "Motion", "move_motion"]
