#!/usr/bin/env python3
"""A small Indigo engine: a program that plays a seat through the engine protocol.

    indigo play --seats human,engine:"python examples/simple_engine.py"
    indigo selfplay --bots "engine:python3 examples/simple_engine.py,greedy" --games 20

It reads one JSON object a line on standard input and answers every ``turn``
with one line, ``{"type": "move", "move": "122/3@2,-1"}`` (the protocol is
docs/engine-protocol.md). It needs nothing but Python's standard library and
what the protocol tells it: the tiles' paths and the gates' owners in
``hello``, the board and the gems in each ``turn``.

How it plays: for every legal move it follows the gems that the tile would
set moving, one step of the game ahead, and takes the move that gains most
points for itself and gives fewest to the others (gems that meet are not
looked for: it is an example, not a strong player). Every move it sends is
one of the ``legal`` moves the turn lists, so it never sends an illegal one.
"""

from __future__ import annotations

import json
import random
import sys

#: The neighbour across each edge, 0 north-west then clockwise, in axial (q, r).
STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
#: The corner treasure tiles and the edge their arrow points to (towards the centre).
CORNERS = {(0, -4): 3, (4, -4): 4, (4, 0): 5, (0, 4): 0, (-4, 4): 1, (-4, 0): 2}
POINTS = {"amber": 1, "emerald": 2, "sapphire": 3}


def on_board(q: int, r: int) -> bool:
    return max(abs(q), abs(r), abs(q + r)) <= 4


def across(cell: tuple[int, int], edge: int) -> tuple[tuple[int, int], int] | None:
    """The neighbouring cell across ``edge`` and the same edge seen from it; None off the board."""
    q, r = cell[0] + STEPS[edge][0], cell[1] + STEPS[edge][1]
    return ((q, r), (edge + 3) % 6) if on_board(q, r) else None


def gate_of(cell: tuple[int, int]) -> int:
    """The gate a rim cell belongs to: its two outward edges are g and g+1."""
    out = [edge for edge in range(6) if across(cell, edge) is None]
    return 5 if out == [0, 5] else out[0]


class Position:
    """The board of one turn, from the protocol's ``view``."""

    def __init__(self, hello: dict, view: dict) -> None:
        self.hello = hello
        self.exits: dict[tuple[int, int], dict[int, int]] = {}
        for placed in view["board"]:
            self.exits[tuple(placed["cell"])] = self.paths(placed["tile"], placed["rotation"])
        for corner, arrow in CORNERS.items():
            left, right = (arrow - 1) % 6, (arrow + 1) % 6
            self.exits[corner] = {left: right, right: left}
        self.resting = {(tuple(g["cell"]), g["edge"]): g for g in view["gems"] if g["edge"] is not None}
        centre = sorted((g for g in view["gems"] if g["edge"] is None), key=lambda g: g["gem"])
        self.next_from_centre = centre[0] if centre else None

    def paths(self, tile: str, rotation: int) -> dict[int, int]:
        joined = {}
        for a, b in self.hello["tiles"][tile]:
            a, b = (a + rotation) % 6, (b + rotation) % 6
            joined[a], joined[b] = b, a
        return joined

    def gains(self, tile: str, rotation: int, cell: tuple[int, int]) -> list[int]:
        """Each seat's points from the gems this placement sends out through a gate."""
        gains = [0] * self.hello["players"]
        exits = dict(self.exits)
        exits[cell] = self.paths(tile, rotation)
        for edge in range(6):
            step = across(cell, edge)
            if step is None:
                continue
            neighbour, their_edge = step
            gem = self.resting.get((neighbour, their_edge))
            if gem is None and neighbour == (0, 0):
                gem = self.next_from_centre
            if gem is None:
                continue
            here, entered = cell, edge
            for _ in range(200):
                if entered not in exits[here]:
                    break  # a treasure tile's arrow edge: the gem stops
                out = exits[here][entered]
                step = across(here, out)
                if step is None:
                    for seat in self.hello["gates"][gate_of(here)]:
                        gains[seat] += POINTS[gem["kind"]]
                    break
                here, entered = step
                if here not in exits or here == (0, 0):
                    break  # it rests next to an empty cell (or at a treasure tile)
        return gains


def best_move(hello: dict, turn: dict, rng: random.Random) -> str:
    position = Position(hello, turn["view"])
    seat = turn["seat"]
    scored = []
    for move in turn["legal"]:
        tile, rest = move.split("/")
        rotation, cell = rest.split("@")
        q, r = cell.split(",")
        gains = position.gains(tile, int(rotation), (int(q), int(r)))
        others = sum(gains) - gains[seat]
        scored.append((gains[seat] * 2 - others, rng.random(), move))
    return max(scored)[2]


def main() -> None:
    hello: dict = {}
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            hello = message
            rng = random.Random(message["seat"])
        elif kind == "turn":
            print(json.dumps({"type": "move", "move": best_move(hello, message, rng)}), flush=True)
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
