"""Moves and their consequences in words, for the move log and the preview."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.events import GEM_POINTS, Event, GameOver, GemMoved, TilePlaced
from ..engine.geometry import COORDS, EDGE_NAMES
from ..engine.tiles import KIND_CODES, KIND_DESCRIPTIONS

Namer = Callable[[int], str]


def cell_name(cell: int) -> str:
    q, r = COORDS[cell]
    return f"({q},{r})"


def edge_place(slot: int) -> str:
    return f"the {EDGE_NAMES[slot % 6]} edge of {cell_name(slot // 6)}"


def tile_name(kind: int) -> str:
    return f"{KIND_CODES[kind]} ({KIND_DESCRIPTIONS[kind]})"


def gem_outcome(move: GemMoved, name: Namer, future: bool = False) -> str:
    """One gem move in words, e.g. "amber left through gate 1 → Red"."""
    if move.outcome == "gate":
        if move.scorers:
            who = " and ".join(name(s) for s in move.scorers)
            points = GEM_POINTS[move.kind]
            gain = f"{who} {'would score' if future else 'scores'} {points}"
        else:
            gain = "nobody scores"
        verb = "would leave" if future else "left"
        return f"{move.kind} {verb} through gate {move.gate + 1} → {gain}"
    if move.outcome == "met":
        verb = "would meet" if future else "met"
        return f"{move.kind} {verb} another gem at {edge_place(move.route[-1])}; both leave the game"
    verb = "would move" if future else "moved"
    return f"{move.kind} {verb} to {edge_place(move.route[-1])}"


def move_lines(events: Sequence[Event], name: Namer) -> list[str]:
    """The log in words, one line per placement with its consequences."""
    lines: list[str] = []
    number = 0
    for event in events:
        if isinstance(event, TilePlaced):
            number += 1
            lines.append(
                f"{number}. {name(event.seat)} placed {KIND_CODES[event.tile]} at {cell_name(event.cell)}"
            )
        elif isinstance(event, GemMoved) and lines:
            lines[-1] += "; " + gem_outcome(event, name)
        elif isinstance(event, GameOver):
            winners = " and ".join(name(s) for s in event.winners)
            lines.append(f"Game over: {winners} {'win' if len(event.winners) > 1 else 'wins'}")
    return lines


def preview_lines(moves: Sequence[GemMoved], name: Namer) -> list[str]:
    if not moves:
        return ["No gem would move."]
    lines = [gem_outcome(m, name, future=True) for m in moves]
    gains: dict[int, int] = {}
    for m in moves:
        if m.outcome == "gate":
            for seat in m.scorers:
                gains[seat] = gains.get(seat, 0) + GEM_POINTS[m.kind]
    if gains:
        lines.append("Points: " + ", ".join(f"{name(s)} +{p}" for s, p in sorted(gains.items())))
    return lines
