"""Independent reference implementation of the Indigo rules (test oracle).

Written only from /work/shared/RULES-NOTES.md and the English rulebook, without
looking at the real engine.  Clarity over speed: plain dicts keyed by (q, r).

Public API
----------
gates_for(players, own_gates) -> list[list[int]]
replay(game) -> dict            (canonical ``indigo-game/1`` dict, result recomputed)
random_game(seed, players, own_gates, max_moves) -> dict
IllegalMove(index, reason)      (exception raised by ``replay``)
"""

from __future__ import annotations

import copy
import random
from typing import Any, Literal

FORMAT = "indigo-game/1"
RADIUS = 4

# Edge e -> neighbour offset, edges clockwise from NW.
OFFSETS = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]

CENTRE = (0, 0)
# corner cell -> arrow edge (the edge facing the centre)
CORNERS = {
    (0, -4): 3,
    (4, -4): 4,
    (4, 0): 5,
    (0, 4): 0,
    (-4, 4): 1,
    (-4, 0): 2,
}

GEM_POINTS = {"amber": 1, "emerald": 2, "sapphire": 3}
GEM_NAMES = ("amber", "emerald", "sapphire")

# kind name -> (paths at rotation 0, copies in the box)
TILE_KINDS = {
    "111": ([(0, 5), (1, 2), (3, 4)], 6),
    "333": ([(0, 3), (1, 4), (2, 5)], 6),
    "113": ([(0, 5), (1, 4), (2, 3)], 14),
    "122": ([(0, 1), (2, 4), (3, 5)], 14),
    "223": ([(0, 3), (1, 5), (2, 4)], 14),
}
KIND_ORDER = ["111", "333", "113", "122", "223"]

# A cell is (q, r); a path joins two edges; a tile is its three paths, normalized.
Cell = tuple[int, int]
Path = tuple[int, int]
Tile = tuple[Path, ...]
# The JSON shape of a game record (``indigo-game/1``), as json.load gives it.
Record = dict[str, Any]
# Where a moving gem ends: ("exit", gate, None), ("rest", cell, edge) or ("stop", cell, edge).
End = tuple[Literal["exit"], int, None] | tuple[Literal["rest", "stop"], Cell, int]


class IllegalMove(Exception):
    def __init__(self, index: int, reason: str):
        super().__init__(f"move {index}: {reason}")
        self.index = index
        self.reason = reason


# ---------------------------------------------------------------- geometry


def on_board(cell: Cell) -> bool:
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


def neighbour(cell: Cell, edge: int) -> Cell:
    dq, dr = OFFSETS[edge]
    return (cell[0] + dq, cell[1] + dr)


def opposite(edge: int) -> int:
    return (edge + 3) % 6


ALL_CELLS = sorted(
    (q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1) if on_board((q, r))
)
assert len(ALL_CELLS) == 61

TREASURE_CELLS = set(CORNERS) | {CENTRE}
PATH_CELLS = [c for c in ALL_CELLS if c not in TREASURE_CELLS]
assert len(PATH_CELLS) == 54


def outward_edges(cell: Cell) -> list[int]:
    return [e for e in range(6) if not on_board(neighbour(cell, e))]


# gate cell -> gate index g (its outward edges are exactly g and g+1)
GATE_OF_CELL: dict[Cell, int] = {}
for _c in ALL_CELLS:
    _out = outward_edges(_c)
    if _c in CORNERS or not _out:
        continue
    assert len(_out) == 2, (_c, _out)
    for _g in range(6):
        if set(_out) == {_g, (_g + 1) % 6}:
            GATE_OF_CELL[_c] = _g
assert len(GATE_OF_CELL) == 18
assert sorted(c for c, g in GATE_OF_CELL.items() if g == 0) == [(1, -4), (2, -4), (3, -4)]


# ---------------------------------------------------------------- tiles


def normalize(paths: list[Path] | Tile) -> Tile:
    return tuple(sorted((min(a, b), max(a, b)) for a, b in paths))


def rotate(paths: list[Path] | Tile, k: int) -> Tile:
    return normalize([((a + k) % 6, (b + k) % 6) for a, b in paths])


def orientations(kind: str) -> list[Tile]:
    """Distinct orientations of a kind, in order of rotation k = 0..5."""
    base = TILE_KINDS[kind][0]
    out: list[Tile] = []
    for k in range(6):
        t = rotate(base, k)
        if t not in out:
            out.append(t)
    return out


# normalized tile -> kind
KIND_OF_TILE: dict[Tile, str] = {}
for _kind in KIND_ORDER:
    for _t in orientations(_kind):
        assert _t not in KIND_OF_TILE
        KIND_OF_TILE[_t] = _kind
assert [len(orientations(k)) for k in KIND_ORDER] == [2, 1, 3, 6, 3]


def other_end(tile: Tile, edge: int) -> int:
    for a, b in tile:
        if a == edge:
            return b
        if b == edge:
            return a
    raise AssertionError("tile does not cover edge")


# ---------------------------------------------------------------- gates


def gates_for(players: int, own_gates: bool) -> list[list[int]]:
    if players == 2:
        return [[0], [1], [0], [1], [0], [1]]
    if players == 3:
        if own_gates:
            return [[0], [1], [2], [0], [1], [2]]
        return [[0], [0, 1], [2], [2, 0], [1], [1, 2]]
    if players == 4:
        return [[0, 1], [1, 2], [0, 3], [3, 1], [2, 0], [2, 3]]
    raise ValueError(f"unsupported number of players: {players}")


# ---------------------------------------------------------------- state


class State:
    def __init__(self, players: int, gates: list[list[int]]) -> None:
        self.players = players
        self.gates = [list(g) for g in gates]
        self.tiles: dict[Cell, Tile] = {}  # cell -> normalized path tile
        self.kind_used = {k: 0 for k in KIND_ORDER}
        # resting gems: (cell, edge) -> gem name  (cell is the tile it sits on)
        self.resting: dict[tuple[Cell, int], str] = {}
        for corner, arrow in CORNERS.items():
            self.resting[(corner, arrow)] = "amber"
        self.centre_emeralds = 5
        self.centre_sapphire = 1
        self.collected = [{g: 0 for g in GEM_NAMES} for _ in range(players)]
        self.removed = 0
        self.exited = 0  # gems that left through a gate (counted once)
        self.moves_made = 0

    # -- queries

    def gems_on_board(self) -> int:
        return len(self.resting) + self.centre_emeralds + self.centre_sapphire

    def over(self) -> bool:
        return self.gems_on_board() == 0

    def occupied(self, cell: Cell) -> bool:
        return cell in TREASURE_CELLS or cell in self.tiles

    def placement_problem(self, cell: Cell, tile: Tile) -> str | None:
        """None if placing normalized ``tile`` on ``cell`` is legal, else a reason."""
        if not on_board(cell):
            return "cell is off the board"
        if cell in TREASURE_CELLS:
            return "cell holds a treasure tile"
        if cell in self.tiles:
            return "cell is occupied"
        kind = KIND_OF_TILE.get(tile)
        if kind is None:
            return "not a valid path tile"
        if self.kind_used[kind] >= TILE_KINDS[kind][1]:
            return "no copies of this tile kind left"
        if cell in GATE_OF_CELL:
            out = tuple(sorted(outward_edges(cell)))
            if out in tile:
                return "path joins the two exits of a gate cell"
        return None

    # -- movement

    def trajectory(self, cell: Cell, edge: int) -> tuple[list[tuple[Cell, Path]], End]:
        """Gem leaving ``cell`` through ``edge`` into a path tile.

        Returns (visited, end) where visited is the list of (cell, path) it
        travels along and end is ('exit', gate, None) / ('rest', cell, edge) /
        ('stop', cell, edge) (stopped in front of a treasure tile)."""
        visited: list[tuple[Cell, Path]] = []
        for _ in range(1000):
            nxt = neighbour(cell, edge)
            entry = opposite(edge)
            if not on_board(nxt):
                assert cell in GATE_OF_CELL, ("left the board off a gate", cell, edge)
                return visited, ("exit", GATE_OF_CELL[cell], None)
            if nxt in CORNERS:
                arrow = CORNERS[nxt]
                side = {(arrow - 1) % 6, (arrow + 1) % 6}
                if entry in side:
                    out = ((arrow - 1) % 6) if entry == (arrow + 1) % 6 else ((arrow + 1) % 6)
                    low, high = sorted(side)
                    visited.append((nxt, (low, high)))
                    cell, edge = nxt, out
                    continue
                # Arrives at the arrow edge of a corner: stops (notes say unreachable).
                return visited, ("stop", cell, edge)
            if nxt == CENTRE:
                return visited, ("stop", cell, edge)
            tile = self.tiles.get(nxt)
            if tile is None:
                return visited, ("rest", cell, edge)
            out = other_end(tile, entry)
            visited.append((nxt, (min(entry, out), max(entry, out))))
            cell, edge = nxt, out
        raise AssertionError("gem loops forever")

    def place(self, cell: Cell, tile: Tile) -> None:
        """Place (assumed legal) and move gems."""
        kind = KIND_OF_TILE[tile]
        self.kind_used[kind] += 1
        self.tiles[cell] = tile
        self.moves_made += 1

        # Movers: (gem, start cell, start edge); start edge faces the new tile.
        movers: list[tuple[str, Cell, int]] = []
        for e in range(6):
            nb = neighbour(cell, e)
            back = opposite(e)
            if nb == CENTRE:
                if self.centre_emeralds > 0:
                    self.centre_emeralds -= 1
                    movers.append(("emerald", CENTRE, back))
                elif self.centre_sapphire > 0:
                    self.centre_sapphire -= 1
                    movers.append(("sapphire", CENTRE, back))
            elif (nb, back) in self.resting:
                movers.append((self.resting.pop((nb, back)), nb, back))

        trajs = [self.trajectory(c, e) for (_, c, e) in movers]

        # Two moving gems travelling the same path: both leave the game.
        gone: set[int] = set()
        for i in range(len(movers)):
            for j in range(i + 1, len(movers)):
                if set(trajs[i][0]) & set(trajs[j][0]):
                    gone.add(i)
                    gone.add(j)

        # A moving gem stepping onto the edge where another gem rests.
        arrivals: dict[tuple[Cell, int], str] = {}
        for i, (gem, _, _) in enumerate(movers):
            if i in gone:
                continue
            end = trajs[i][1]
            if end[0] == "exit":
                self.exited += 1
                for seat in self.gates[end[1]]:
                    self.collected[seat][gem] += 1
                continue
            pos = (end[1], end[2])
            if pos in self.resting:
                del self.resting[pos]
                self.removed += 1
                gone.add(i)
                continue
            assert pos not in arrivals, "two movers end on the same edge"
            arrivals[pos] = gem
        self.removed += len(gone)  # the movers; resting partners were counted above
        self.resting.update(arrivals)

    # -- result

    def result(self) -> Record:
        scores = [sum(GEM_POINTS[g] * n for g, n in c.items()) for c in self.collected]
        counts = [sum(c.values()) for c in self.collected]
        board: list[tuple[Cell, int | None, str]] = []
        for (cell, edge), gem in self.resting.items():
            board.append((cell, edge, gem))
        for _ in range(self.centre_emeralds):
            board.append((CENTRE, None, "emerald"))
        for _ in range(self.centre_sapphire):
            board.append((CENTRE, None, "sapphire"))
        board.sort(key=lambda t: (t[0][0], t[0][1], -1 if t[1] is None else t[1], t[2]))
        over = self.over()
        winners: list[int] = []
        if over:
            best = max(zip(scores, counts))
            winners = [s for s in range(self.players) if (scores[s], counts[s]) == best]
        return {
            "scores": scores,
            "gem_counts": counts,
            "collected": [dict(c) for c in self.collected],
            "board_gems": [
                {"gem": gem, "cell": [cell[0], cell[1]], "edge": edge} for cell, edge, gem in board
            ],
            "removed": self.removed,
            "over": over,
            "winners": winners,
        }


# ---------------------------------------------------------------- replay


def _parse_tile(raw: Any) -> Tile | None:
    try:
        # unpacking refuses a path that is not exactly two edges
        pairs = [(int(a), int(b)) for a, b in raw]
    except (TypeError, ValueError):
        return None
    if len(pairs) != 3:
        return None
    if sorted(x for p in pairs for x in p) != list(range(6)):
        return None
    return normalize(pairs)


def replay(game: Record) -> Record:
    setup = game["setup"]
    players = int(setup["players"])
    gates = setup.get("gates") or gates_for(players, False)
    state = State(players, gates)
    moves_out: list[Record] = []
    for i, mv in enumerate(game.get("moves", [])):
        if state.over():
            raise IllegalMove(i, "the game is over")
        try:
            seat = mv["seat"]
            cell = tuple(int(x) for x in mv["cell"])
            raw_tile = mv["tile"]
        except (KeyError, TypeError, ValueError):
            raise IllegalMove(i, "malformed move")
        if len(cell) != 2:
            raise IllegalMove(i, "malformed cell")
        if seat != i % players:
            raise IllegalMove(i, f"wrong seat {seat}, expected {i % players}")
        tile = _parse_tile(raw_tile)
        if tile is None:
            raise IllegalMove(i, "not a valid path tile")
        problem = state.placement_problem(cell, tile)
        if problem:
            raise IllegalMove(i, problem)
        state.place(cell, tile)
        moves_out.append({"seat": seat, "cell": [cell[0], cell[1]], "tile": [list(p) for p in tile]})
    return {
        "format": FORMAT,
        "setup": copy.deepcopy(setup),
        "moves": moves_out,
        "result": state.result(),
    }


# ---------------------------------------------------------------- random games


def legal_placements(state: State, tile_kind: str) -> list[tuple[Cell, Tile]]:
    out: list[tuple[Cell, Tile]] = []
    for cell in PATH_CELLS:
        if cell in state.tiles:
            continue
        for t in orientations(tile_kind):
            if state.placement_problem(cell, t) is None:
                out.append((cell, t))
    return out


def random_game(seed: int, players: int, own_gates: bool, max_moves: int | None) -> Record:
    rng = random.Random(seed)
    deck: list[str] = []
    for kind in KIND_ORDER:
        deck += [kind] * TILE_KINDS[kind][1]
    rng.shuffle(deck)
    gates = gates_for(players, own_gates)
    state = State(players, gates)
    moves: list[Record] = []
    i = 0
    while not state.over() and i < len(deck):
        if max_moves is not None and i >= max_moves:
            break
        options = legal_placements(state, deck[i])
        assert options, "no legal placement"
        cell, tile = rng.choice(options)
        state.place(cell, tile)
        moves.append({"seat": i % players, "cell": [cell[0], cell[1]], "tile": [list(p) for p in tile]})
        i += 1
    game = {
        "format": FORMAT,
        "setup": {"players": players, "variant": "classic", "gates": gates},
        "moves": moves,
    }
    return replay(game)
