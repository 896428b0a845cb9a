"""What happens at the table, one sentence per thing, as it happens.

A placement and the gem moves it causes are one sentence ("Bob placed 122
turned 3 at (2,-1); amber moved to the north-east edge of (2,-1)."); a seat's
own draw, the end of a round and the start of the next are one each. Every
sentence is said from one seat's point of view: another seat's draw is never
said, and gems are said as every seat sees them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import Event, GameOver, GameStarted, GemMoved, Setup, Standing, TileDrawn, TilePlaced
from ..engine.tiles import KIND_CODES
from ..i18n import _
from ..i18n.words import edge_long_name, points, tile_description
from ..i18n.words import gems as gems_count
from ..table.describe import cell_name, gem_outcome, winners_line
from .answers import gems_text, owners_text, tile_text

Namer = Callable[[int], str]


def event_sentences(events: Sequence[Event], name: Namer, viewer: int | None) -> list[str]:
    """``events`` in sentences for ``viewer``'s terminal (None: nobody's
    private things): a placement with its gem moves, the viewer's own draw,
    the end of the round."""
    lines: list[str] = []
    placing: list[str] = []
    # The last placement draws a tile even when it ends the round (the last gem
    # gone): a tile that will never be played is not news.
    ending = any(type(event) is GameOver for event in events)

    def flush() -> None:
        if placing:
            lines.append("; ".join(placing) + ".")
            placing.clear()

    for event in events:
        if type(event) is TilePlaced:
            flush()
            placing.append(
                _("{name} placed {tile} at {cell}").format(
                    name=name(event.seat),
                    tile=tile_text(event.tile, event.rotation),
                    cell=cell_name(event.cell),
                )
            )
        elif type(event) is GemMoved:
            placing.append(gem_outcome(event, name, edges=edge_long_name))
        elif type(event) is TileDrawn:
            flush()
            if event.seat == viewer and event.tile is not None and not ending:
                lines.append(
                    _("You drew {tile}, {description}.").format(
                        tile=KIND_CODES[event.tile], description=tile_description(event.tile)
                    )
                )
        elif type(event) is GameOver:
            flush()
            lines.append(winners_line([name(s) for s in event.winners]) + ".")
        elif type(event) is GameStarted:
            flush()
    flush()
    return lines


def placements(events: Sequence[Event], name: Namer, viewer: int | None) -> list[str]:
    """Each placement of ``events`` with its gem moves, one sentence each."""
    return event_sentences([e for e in events if type(e) in (TilePlaced, GemMoved)], name, viewer)


def seat_lines(setup: Setup, names: Sequence[str], kinds: Sequence[str], viewer: int | None) -> list[str]:
    """Who sits where and whose gates are which, at the start."""
    lines = [
        _("Indigo, {players} players, {variant}.").format(players=setup.players, variant=variant_words(setup))
    ]
    for seat, seat_name in enumerate(names):
        gates = ", ".join(str(g + 1) for g in setup.gates_of(seat))
        kind = kind_words(kinds[seat])
        if kind.casefold() in seat_name.casefold():
            # The name says it already ("Greedy bot").
            lines.append(
                _("Seat {number}: {name}, gates {gates}.").format(
                    number=seat + 1, name=seat_name, gates=gates
                )
            )
        else:
            lines.append(
                _("Seat {number}: {name} ({kind}), gates {gates}.").format(
                    number=seat + 1, name=seat_name, kind=kind, gates=gates
                )
            )
    shared = [g for g, owners in enumerate(setup.gates) if len(owners) > 1]
    if shared:
        for gate in shared:
            lines.append(
                _("Gate {gate} is {owners}.").format(
                    gate=gate + 1, owners=owners_text(setup.gates[gate], viewer, lambda s: names[s])
                )
            )
    return lines


def variant_words(setup: Setup) -> str:
    if setup.variant == "tactical":
        words = _("tactical: two tiles in hand")
    else:
        words = _("classic: one tile in hand")
    if setup.own_gates:
        return _("{variant}, own gates only").format(variant=words)
    return words


def kind_words(kind: str) -> str:
    """A seat's kind in words: a person, a bot by name, a program."""
    from ..i18n.words import bot_seat_name

    if kind == "human":
        return _("a person")
    if kind == "remote":
        return _("a player on another terminal")
    if kind.startswith("engine:"):
        return _("the program {command}").format(command=kind.partition(":")[2])
    if kind.startswith("bot:"):
        return bot_seat_name(kind[4:])
    return kind


def standings_lines(
    names: Sequence[str], standings: Sequence[Standing], totals: Sequence[int] | None
) -> list[str]:
    """Every seat's gems and points at the end of a round, in seat order, and
    the match's totals. A guest knows another seat's gems by kind only once
    the deck is revealed; until then their number and points."""
    lines = []
    for standing in sorted(standings, key=lambda s: s.seat):
        if sum(standing.collected) == standing.gems:
            gems = gems_text(standing.collected)
        else:
            gems = _("{gems}: {points}").format(
                gems=gems_count(standing.gems), points=points(standing.points)
            )
        lines.append(_("{name}: {gems}.").format(name=names[standing.seat], gems=gems))
    if totals is not None:
        lines.append(
            _("Points in the match so far: {totals}.").format(
                totals=", ".join(f"{names[s]} {total}" for s, total in enumerate(totals))
            )
        )
    return lines
