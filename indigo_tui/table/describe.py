"""Moves and their consequences in words, for the move log and the preview.

Every consequence is one whole sentence per gem kind and tense, so that each
language can make its words agree (a French emerald is feminine, a German
one is not), and the points a gem is worth are written out in the sentence
(each kind is always worth the same). A gate's scorer is named after the
points ("1 point for Ann"), which reads right for a name like "You" and for
two owners of a shared gate alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from ..engine.events import GEM_POINTS, Event, GameOver, GemMoved, TilePlaced
from ..engine.geometry import COORDS
from ..engine.tiles import KIND_CODES
from ..i18n import N_, _
from ..i18n.words import edge_name, names_list, tile_description
from ..saves import shown_path, visitor_folder

Namer = Callable[[int], str]

# What happened to a gem, by outcome and gem kind: (past, would). {edge} is a
# compass abbreviation (NW, E, ...) and {cell} a cell's coordinates, "(2,-1)".
_ONE_SCORER: Final = {
    "amber": (
        N_("amber left through gate {gate}: 1 point for {name}"),
        N_("amber would leave through gate {gate}: 1 point for {name}"),
    ),
    "emerald": (
        N_("emerald left through gate {gate}: 2 points for {name}"),
        N_("emerald would leave through gate {gate}: 2 points for {name}"),
    ),
    "sapphire": (
        N_("sapphire left through gate {gate}: 3 points for {name}"),
        N_("sapphire would leave through gate {gate}: 3 points for {name}"),
    ),
}
_SHARED: Final = {
    "amber": (
        N_("amber left through gate {gate}: 1 point each for {names}"),
        N_("amber would leave through gate {gate}: 1 point each for {names}"),
    ),
    "emerald": (
        N_("emerald left through gate {gate}: 2 points each for {names}"),
        N_("emerald would leave through gate {gate}: 2 points each for {names}"),
    ),
    "sapphire": (
        N_("sapphire left through gate {gate}: 3 points each for {names}"),
        N_("sapphire would leave through gate {gate}: 3 points each for {names}"),
    ),
}
_NOBODY: Final = {
    "amber": (
        N_("amber left through gate {gate}; nobody scores"),
        N_("amber would leave through gate {gate}; nobody would score"),
    ),
    "emerald": (
        N_("emerald left through gate {gate}; nobody scores"),
        N_("emerald would leave through gate {gate}; nobody would score"),
    ),
    "sapphire": (
        N_("sapphire left through gate {gate}; nobody scores"),
        N_("sapphire would leave through gate {gate}; nobody would score"),
    ),
}
_MET: Final = {
    "amber": (
        N_("amber met another gem on the {edge} edge of {cell}; both leave the game"),
        N_("amber would meet another gem on the {edge} edge of {cell}; both would leave the game"),
    ),
    "emerald": (
        N_("emerald met another gem on the {edge} edge of {cell}; both leave the game"),
        N_("emerald would meet another gem on the {edge} edge of {cell}; both would leave the game"),
    ),
    "sapphire": (
        N_("sapphire met another gem on the {edge} edge of {cell}; both leave the game"),
        N_("sapphire would meet another gem on the {edge} edge of {cell}; both would leave the game"),
    ),
}
_MOVED: Final = {
    "amber": (
        N_("amber moved to the {edge} edge of {cell}"),
        N_("amber would move to the {edge} edge of {cell}"),
    ),
    "emerald": (
        N_("emerald moved to the {edge} edge of {cell}"),
        N_("emerald would move to the {edge} edge of {cell}"),
    ),
    "sapphire": (
        N_("sapphire moved to the {edge} edge of {cell}"),
        N_("sapphire would move to the {edge} edge of {cell}"),
    ),
}


def cell_name(cell: int) -> str:
    q, r = COORDS[cell]
    return f"({q},{r})"


def take_back_question(owner: str, cell: int, asker: str | None) -> str:
    """What an undo at one terminal asks the person whose move it would take
    back (:meth:`~indigo_tui.table.session.Session.undo_asks`): who asks,
    whose move and where; ``asker`` None while nobody's things are on screen."""
    if asker is None:
        return _("Take back {owner}'s move at {cell}? {owner}, do you allow it?").format(
            owner=owner, cell=cell_name(cell)
        )
    return _("{asker} asks to take back {owner}'s move at {cell}. {owner}, do you allow it?").format(
        asker=asker, owner=owner, cell=cell_name(cell)
    )


def command_path(path: Path) -> str:
    """A file's path as short as it stays true in a command typed at this
    terminal: from the current folder if it is under it, else from the home
    folder (``~/...``), else whole; in a visitor's game under ``indigo
    serve``, named as :func:`saves.shown_path` names it (nothing of the server)."""
    if visitor_folder() is not None:
        return shown_path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        pass
    try:
        return str(Path("~") / path.resolve().relative_to(Path.home().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


def fitted_file_name(name: str, width: int) -> str:
    """A file's name in at most ``width`` columns, so that a panel's word
    wrapping never breaks it (a word longer than a line is cut mid-word):
    whole if it fits, else its start and its end with "…" between, the end
    (the date and the suffix) kept."""
    # Imported here: text mode shares this module and never loads Rich or Textual.
    from rich.cells import cell_len

    if cell_len(name) <= width or width < 8:
        return name
    tail = max(1, (width - 1) * 2 // 3)
    head = width - 1 - tail
    return f"{name[:head]}…{name[-tail:]}"


def tile_name(kind: int) -> str:
    return f"{KIND_CODES[kind]} ({tile_description(kind)})"


def gem_outcome(
    move: GemMoved, name: Namer, future: bool = False, edges: Callable[[int], str] = edge_name
) -> str:
    """One gem move in words, e.g. "amber left through gate 1: 1 point for Ann";
    ``edges`` names an edge ("NE"; text mode reads "north-east" aloud)."""
    tense = 1 if future else 0
    if move.outcome == "gate":
        gate = move.gate + 1
        if len(move.scorers) == 1:
            return _(_ONE_SCORER[move.kind][tense]).format(gate=gate, name=name(move.scorers[0]))
        if move.scorers:
            names = names_list([name(s) for s in move.scorers])
            return _(_SHARED[move.kind][tense]).format(gate=gate, names=names)
        return _(_NOBODY[move.kind][tense]).format(gate=gate)
    slot = move.route[-1]
    place = {"edge": edges(slot % 6), "cell": cell_name(slot // 6)}
    if move.outcome == "met":
        return _(_MET[move.kind][tense]).format(**place)
    return _(_MOVED[move.kind][tense]).format(**place)


def winners_line(winners: Sequence[str]) -> str:
    if len(winners) == 1:
        # translators: never a verb agreeing with {name}, which may be "You"
        return _("Game over. Winner: {name}").format(name=winners[0])
    return _("Game over: {names} share the win").format(names=names_list(winners))


def move_lines(events: Sequence[Event], name: Namer) -> list[str]:
    """The log in words, one line per placement with its consequences."""
    lines: list[str] = []
    number = 0
    for event in events:
        if isinstance(event, TilePlaced):
            number += 1
            lines.append(
                _("{number}. {name} placed {tile} at {cell}").format(
                    number=number,
                    name=name(event.seat),
                    tile=KIND_CODES[event.tile],
                    cell=cell_name(event.cell),
                )
            )
        elif isinstance(event, GemMoved) and lines:
            lines[-1] += "; " + gem_outcome(event, name)
        elif isinstance(event, GameOver):
            lines.append(winners_line([name(s) for s in event.winners]))
    return lines


def preview_lines(moves: Sequence[GemMoved], name: Namer) -> list[str]:
    if not moves:
        return [_("No gem would move.")]
    lines = [gem_outcome(m, name, future=True) for m in moves]
    gains: dict[int, int] = {}
    for m in moves:
        if m.outcome == "gate":
            for seat in m.scorers:
                gains[seat] = gains.get(seat, 0) + GEM_POINTS[m.kind]
    if gains:
        gained = ", ".join(f"{name(s)} +{p}" for s, p in sorted(gains.items()))
        lines.append(_("Points: {gains}").format(gains=gained))
    return lines
