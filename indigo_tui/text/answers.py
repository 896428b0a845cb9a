"""Answers to a player's questions, in sentences, from what their seat may know.

Each function takes the public board (or one seat's
:class:`~indigo_tui.engine.SeatView`) and gives lines to print: the hand and
what each tile joins, a cell, the gems and where they could go, the gates and
their owners, the scores as the rules let this seat see them, the tiles left,
the tiles on the board. Edges are said in full ("north-east"), as a screen
reader reads them best, and cells as ``(q,r)``, as the notation writes them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import GEM_KIND, Board, Move, SeatView, Setup
from ..engine.board import GONE, ON_CENTRE
from ..engine.events import GEM_KINDS_ORDER, GemMoved
from ..engine.geometry import (
    CENTRE,
    COORDS,
    CORNER_ARROWS,
    CORNERS,
    GATE_CELLS,
    GATE_OF_CELL,
    NEIGHBOUR_SLOT,
    RADIUS,
    TREASURE_CELLS,
    outward_edges,
)
from ..engine.tiles import KIND_CODES, ORIENTATIONS, rotated_paths
from ..i18n import _, ngettext
from ..i18n.words import edge_long_name, gem_count, gem_name, names_list, points, tile_description
from ..table.describe import cell_name, gem_outcome

Namer = Callable[[int], str]


# -- names of things -------------------------------------------------------------------


def gem_label(gem: int) -> str:
    """A gem by its kind and number: the ambers 1 to 6 by their corners (from
    the top, clockwise), the emeralds 1 to 5 in the order they leave the
    centre, and the sapphire."""
    kind = GEM_KIND[gem]
    if kind == "sapphire":
        return gem_name(kind)
    first = 0 if kind == "amber" else len(CORNERS)
    return f"{gem_name(kind)} {gem - first + 1}"


def gem_of_label(text: str) -> list[int] | None:
    """The gems a player means by ``text``: a kind ("amber", "emeralds", in
    English or in the current language) or a kind and number ("amber 2");
    None if it names none."""
    words = text.strip().lower().split()
    if not words:
        return None
    number = int(words[-1]) if len(words) > 1 and words[-1].isdigit() else None
    name = " ".join(words[:-1] if number is not None else words)
    for kind in GEM_KINDS_ORDER:
        spoken = {kind, kind + "s", gem_name(kind, 1).lower(), gem_name(kind, 2).lower()}
        if name in spoken:
            gems = [g for g, k in enumerate(GEM_KIND) if k == kind]
            if number is None:
                return gems
            return [gems[number - 1]] if 1 <= number <= len(gems) else None
    return None


def tile_text(kind: int, rotation: int) -> str:
    """A placed tile in words: "122 turned 3"."""
    return _("{tile} turned {turns}").format(tile=KIND_CODES[kind], turns=rotation)


def paths_text(kind: int, rotation: int) -> str:
    """What a tile's three paths join: "north-west to north-east, east to
    south-west and south-east to west"."""
    pairs = [
        _("{edge} to {other}").format(edge=edge_long_name(a), other=edge_long_name(b))
        for a, b in rotated_paths(kind, rotation)
    ]
    return names_list(pairs)


def owners_text(owners: Sequence[int], viewer: int | None, name: Namer) -> str:
    """Whose a gate is: "Ann's", "yours", "shared by Ann and Bob"."""
    if len(owners) == 1:
        if owners[0] == viewer:
            return _("yours")
        return _("{name}'s").format(name=name(owners[0]))
    names = [_("you") if seat == viewer else name(seat) for seat in owners]
    return _("shared by {names}").format(names=names_list(names))


# -- the hand ----------------------------------------------------------------------------


def hand_lines(view: SeatView) -> list[str]:
    """This seat's tiles, each with what it joins unturned and how many
    different ways it can be turned."""
    if not view.hand:
        return [_("You hold no tile.")]
    lines = [
        ngettext("You hold {tiles}.", "You hold {tiles}.", len(view.hand)).format(
            tiles=names_list([KIND_CODES[kind] for kind in view.hand])
        )
    ]
    for kind in sorted(set(view.hand), key=view.hand.index):
        turns = len(ORIENTATIONS[kind])
        lines.append(
            ngettext(
                "{tile}, {description}: unturned it joins {paths}; it has {n} different turn.",
                "{tile}, {description}: unturned it joins {paths}; it has {n} different turns.",
                turns,
            ).format(
                tile=KIND_CODES[kind],
                description=tile_description(kind),
                paths=paths_text(kind, 0),
                n=turns,
            )
        )
    return lines


def turns_lines(kind: int, rotation: int | None) -> list[str]:
    """What a tile joins turned ``rotation`` times (every different turn if None)."""
    rotations = ORIENTATIONS[kind] if rotation is None else (rotation,)
    return [
        _("{tile} joins {paths}.").format(tile=tile_text(kind, turn), paths=paths_text(kind, turn))
        for turn in rotations
    ]


# -- a cell ------------------------------------------------------------------------------


def _gems_at_edges(board: Board, cell: int) -> list[str]:
    """The gems resting on the edges of ``cell`` (seen from this cell)."""
    found = []
    for edge in range(6):
        gem = board.gem_at[cell * 6 + edge]
        if gem >= 0:
            found.append(
                _("{gem} rests on its {edge} edge").format(gem=gem_label(gem), edge=edge_long_name(edge))
            )
    return found


def _gems_waiting(board: Board, cell: int) -> list[str]:
    """The gems that a tile on the empty ``cell`` would set moving."""
    found = []
    for edge in range(6):
        across = NEIGHBOUR_SLOT[cell * 6 + edge]
        if across < 0:
            continue
        gem = board.gem_at[across]
        if gem >= 0:
            found.append(
                _("{gem} waits at its {edge} edge").format(gem=gem_label(gem), edge=edge_long_name(edge))
            )
        elif across // 6 == CENTRE and board.centre:
            found.append(
                _("the centre is at its {edge} edge, with {gem} next to leave").format(
                    edge=edge_long_name(edge), gem=gem_label(board.centre[0])
                )
            )
    return found


def cell_lines(board: Board, cell: int, viewer: int | None, name: Namer) -> list[str]:
    """What lies on ``cell``, what its paths join, and the gems at its edges."""
    where = cell_name(cell)
    lines: list[str] = []
    if cell == CENTRE:
        left = [gem_label(g) for g in board.centre]
        if left:
            lines.append(
                _("{cell} is the centre treasure tile; on it: {gems}.").format(
                    cell=where, gems=names_list(left)
                )
            )
        else:
            lines.append(_("{cell} is the centre treasure tile; no gem is left on it.").format(cell=where))
    elif cell in CORNER_ARROWS:
        arrow = CORNER_ARROWS[cell]
        lines.append(
            _("{cell} is a corner treasure tile: its arrow points {edge}; a path joins {paths}.").format(
                cell=where,
                edge=edge_long_name(arrow),
                paths=_("{edge} to {other}").format(
                    edge=edge_long_name((arrow - 1) % 6), other=edge_long_name((arrow + 1) % 6)
                ),
            )
        )
    elif board.tiles[cell] >= 0:
        kind, rotation = divmod(board.tiles[cell], 6)
        lines.append(
            _("{cell} holds {tile}: {paths}.").format(
                cell=where, tile=tile_text(kind, rotation), paths=paths_text(kind, rotation)
            )
        )
    else:
        lines.append(_("{cell} is empty.").format(cell=where))
        waiting = _gems_waiting(board, cell)
        if waiting:
            lines.append(_("A tile here moves gems: {gems}.").format(gems=names_list(waiting)))
    resting = _gems_at_edges(board, cell)
    if resting:
        lines.append(_("Gems here: {gems}.").format(gems=names_list(resting)))
    gate = GATE_OF_CELL[cell]
    if gate >= 0:
        lines.append(
            _("It is a cell of gate {gate} ({owners}); its exits are its {edges} edges.").format(
                gate=gate + 1,
                owners=owners_text(board.setup.gates[gate], viewer, name),
                edges=names_list([edge_long_name(e) for e in outward_edges(cell)]),
            )
        )
    return lines


# -- the gems ----------------------------------------------------------------------------


def _routes(view: SeatView, gem: int, across: int, name: Namer) -> list[str]:
    """Where ``gem`` would go for each placement of this seat's tiles on the
    empty cell ``across``: the placements that send it alike in one line,
    those to a gate first."""
    outcomes: dict[str, list[str]] = {}
    to_gate: set[str] = set()
    for kind in sorted(set(view.hand)):
        for rotation in ORIENTATIONS[kind]:
            if view.board.refusal(across, kind, rotation) is not None:
                continue
            move = Move(across, kind, rotation)
            for moved in view.preview(move):
                if moved.gem == gem:
                    said = gem_outcome(moved, name, future=True, edges=edge_long_name)
                    outcomes.setdefault(said, []).append(str(move))
                    if moved.outcome == "gate":
                        to_gate.add(said)
    ordered = sorted(outcomes, key=lambda said: said not in to_gate)
    return [
        _("With {moves}: {outcome}.").format(moves=names_list(outcomes[said]), outcome=said)
        for said in ordered
    ]


def gem_lines(board: Board, gems: Sequence[int], name: Namer, view: SeatView | None) -> list[str]:
    """Where each of ``gems`` is, and for a gem next to an empty cell, which
    placements of the tiles in ``view``'s hand there would send it out
    through a gate (no such routes without a view: between people at a
    shared terminal nobody's tiles are said)."""
    lines = []
    on_centre = [g for g in gems if board.gem_slot[g] == ON_CENTRE]
    for gem in gems:
        slot = board.gem_slot[gem]
        if slot in (GONE, ON_CENTRE):
            continue
        cell, edge = divmod(slot, 6)
        across = NEIGHBOUR_SLOT[slot]
        lines.append(
            _("{gem} rests on the {edge} edge of {cell}, next to {other}.").format(
                gem=gem_label(gem),
                edge=edge_long_name(edge),
                cell=cell_name(cell),
                other=cell_name(across // 6),
            )
        )
        if view is not None and board.tiles[across // 6] < 0 and across // 6 not in TREASURE_CELLS:
            lines.extend("  " + line for line in _routes(view, gem, across // 6, name))
    if on_centre:
        lines.append(
            _("On the centre: {gems}; {next} leaves next, when a tile is laid beside the centre.").format(
                gems=names_list([gem_label(g) for g in on_centre]), next=gem_label(board.centre[0])
            )
        )
    gone = [g for g in gems if board.gem_slot[g] == GONE]
    if gone:
        lines.append(_("Gone from the board: {gems}.").format(gems=names_list([gem_label(g) for g in gone])))
    return lines


# -- gates, scores, tiles ---------------------------------------------------------------------


def gate_lines(setup: Setup, viewer: int | None, name: Namer) -> list[str]:
    """Each gate: its side of the board, its cells and whose it is."""
    lines = []
    for gate, owners in enumerate(setup.gates):
        cells = names_list([cell_name(c) for c in GATE_CELLS[gate]])
        lines.append(
            _("Gate {gate}, {cells}: {owners}.").format(
                gate=gate + 1, cells=cells, owners=owners_text(owners, viewer, name)
            )
        )
    if viewer is not None:
        mine = [str(g + 1) for g in setup.gates_of(viewer)]
        lines.append(
            ngettext("Your gate: {gates}.", "Your gates: {gates}.", len(mine)).format(gates=names_list(mine))
        )
    return lines


def gems_text(collected: Sequence[int]) -> str:
    """Gems by kind and their points: "2 ambers and 1 emerald: 4 points"."""
    parts = [gem_count(kind, n) for kind, n in zip(GEM_KINDS_ORDER, collected, strict=True) if n]
    total = sum(n * p for n, p in zip(collected, (1, 2, 3), strict=True))
    if not parts:
        return _("no gems: {points}").format(points=points(0))
    return _("{gems}: {points}").format(gems=names_list(parts), points=points(total))


def score_lines(
    players: int,
    viewer: int | None,
    name: Namer,
    collected: Callable[[int], Sequence[int] | None],
    board: Board,
) -> list[str]:
    """Each seat's gems and points as this terminal may see them
    (``collected(seat)`` is None for gems behind another seat's screen)."""
    lines = []
    for seat in range(players):
        gems = collected(seat)
        if gems is None:
            lines.append(_("{name}: gems hidden behind their screen.").format(name=name(seat)))
        elif seat == viewer:
            lines.append(_("You: {gems}.").format(gems=gems_text(gems)))
        else:
            lines.append(_("{name}: {gems}.").format(name=name(seat), gems=gems_text(gems)))
    lines.append(
        ngettext(
            "{n} gem is still on the board.", "{n} gems are still on the board.", board.gems_on_board
        ).format(n=board.gems_on_board)
    )
    return lines


def tiles_left_lines(view: SeatView | None, tiles_left: int) -> list[str]:
    """The tiles left to draw, and (for a seat) the tiles it has not seen by kind."""
    lines = [
        ngettext("{n} tile is left to draw.", "{n} tiles are left to draw.", tiles_left).format(n=tiles_left)
    ]
    if view is not None:
        unseen = [
            _("{count} of {tile}").format(count=count, tile=KIND_CODES[kind])
            for kind, count in enumerate(view.unseen)
            if count
        ]
        if unseen:
            lines.append(
                _("Tiles you have not seen (other hands and the draw): {tiles}.").format(
                    tiles=names_list(unseen)
                )
            )
    return lines


def board_lines(board: Board) -> list[str]:
    """The tiles on the board, one line per row from the top."""
    placed = board.placements
    lines = [ngettext("{n} tile is on the board.", "{n} tiles are on the board.", placed).format(n=placed)]
    for row in range(-RADIUS, RADIUS + 1):
        tiles = []
        for cell, (_q, r) in enumerate(COORDS):
            if r == row and board.tiles[cell] >= 0:
                kind, rotation = divmod(board.tiles[cell], 6)
                tiles.append(f"{cell_name(cell)} {KIND_CODES[kind]}/{rotation}")
        if tiles:
            lines.append(_("Row {row}: {tiles}.").format(row=row, tiles=", ".join(tiles)))
    return lines


def what_if_lines(moves: Sequence[GemMoved], name: Namer) -> list[str]:
    """What a placement would do, gem by gem (``preview_lines`` without the tally)."""
    if not moves:
        return [_("No gem would move.")]
    return [gem_outcome(m, name, future=True, edges=edge_long_name) + "." for m in moves]
