"""The engine protocol: one seat's game as lines of JSON, for any program.

What an outside program in a seat (``--seats human,engine:"python3 mybot.py"``)
reads on its standard input, and what ``indigo text --json`` writes on its
standard output: one JSON object a line, each with a ``type``. The program
answers a ``turn`` with one line, ``{"type": "move", "move": "122/3@2,-1"}``
(or the bare notation). docs/engine-protocol.md is the reference; this
module is its one definition, as msgspec structs.

Everything here is built from one seat's :class:`~indigo_tui.engine.SeatView`
and the public events as that seat sees them: another seat's hand, draws and
gems never appear. Numbers are the engine's own and count from 0 (seats,
gates, edges); cells are ``[q, r]``; tiles are named by their path lengths
(``"122"``) and moves written in the game's notation.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Final, Literal

import msgspec

from ..engine import Event, GameOver, GameStarted, GemMoved, Move, MoveParseError, SeatView, Setup
from ..engine.board import ON_CENTRE
from ..engine.events import GEM_KIND, GEM_KINDS_ORDER, TileDrawn, TilePlaced
from ..engine.geometry import COORDS
from ..engine.tiles import BASE_PATHS, KIND_CODES, ORIENTATIONS

PROTOCOL: Final = "indigo-engine"
VERSION: Final = 1
#: The longest line a program may send (a move is about 20 characters).
LINE_LIMIT: Final = 4096

Cell = tuple[int, int]


def cell_of(cell: int) -> Cell:
    return COORDS[cell]


class Tag(msgspec.Struct, tag_field="type"):
    """Every message is an object whose ``type`` names it."""


class Hello(Tag, tag="hello", kw_only=True):
    """The first line: the protocol, the seat the program plays and the round's setup."""

    protocol: str = PROTOCOL
    version: int = VERSION
    seat: int
    players: int
    variant: Literal["classic", "tactical"]
    own_gates: bool
    #: Each gate's owner seats, gate 0 (the top side) first, then clockwise.
    gates: list[list[int]]
    names: list[str]
    #: Each tile kind's paths unturned, as pairs of edges (0 north-west, clockwise).
    tiles: dict[str, list[list[int]]]
    #: The different turns of each tile kind (a symmetric tile has fewer than 6).
    turns: dict[str, list[int]]
    #: Seconds the program has for each move (None: no limit).
    time_limit: float | None
    round: int
    rounds: int


class Started(Tag, tag="started", kw_only=True):
    """A round begins; the events after it are that round's."""

    round: int


class Drawn(Tag, tag="drawn", kw_only=True):
    """A seat drew a tile: its kind when the seat is yours, else null."""

    seat: int
    tile: str | None


class Placed(Tag, tag="placed", kw_only=True):
    """A seat placed a tile."""

    seat: int
    move: str
    cell: Cell
    tile: str
    rotation: int


class Gem(Tag, tag="gem", kw_only=True):
    """A gem moved after the placement before it: it ``rest``s on an edge of
    ``cell``, leaves through ``gate`` (each of ``scorers`` takes one of its
    kind), or ``met`` another gem and both left the game."""

    gem: int
    kind: str
    outcome: Literal["rest", "gate", "met"]
    cell: Cell | None = None
    edge: int | None = None
    gate: int | None = None
    scorers: list[int] = msgspec.field(default_factory=list)


class Over(Tag, tag="over", kw_only=True):
    """No gem is left: the round is over, every seat's points are public."""

    scores: list[int]
    gem_counts: list[int]
    winners: list[int]


class Reset(Tag, tag="reset"):
    """Forget the events so far: the ones that follow are the round's log from
    its start again (after an undo)."""


class PlacedTile(msgspec.Struct):
    cell: Cell
    tile: str
    rotation: int


class BoardGem(msgspec.Struct):
    gem: int
    kind: str
    #: ``[0, 0]`` with ``edge`` null for a gem still on the centre tile.
    cell: Cell
    edge: int | None


class View(msgspec.Struct, kw_only=True):
    """What one seat may know now."""

    seat: int
    turn: int
    #: Placements so far in this round.
    placements: int
    hand: list[str]
    #: Your gems by kind (amber, emerald, sapphire) and their points.
    collected: dict[str, int]
    points: int
    tiles_left: int
    board: list[PlacedTile]
    gems: list[BoardGem]
    #: Every placement of the round so far, in the notation.
    moves: list[str]


class Turn(Tag, tag="turn", kw_only=True):
    """Your move: your view and every legal move (each placement once)."""

    seat: int
    view: View
    legal: list[str]
    time_limit: float | None = None


class Quit(Tag, tag="quit"):
    """The game is over for this program (or it was replaced): exit."""


class Say(Tag, tag="say", kw_only=True):
    """``indigo text --json`` only: the answer to a command typed as text, in words."""

    text: list[str]


class Notice(Tag, tag="notice", kw_only=True):
    """``indigo text --json`` only: something a player should know, in words
    (another seat's program was replaced, a save failed)."""

    text: str


class Refused(Tag, tag="refused", kw_only=True):
    """``indigo text --json`` only: the move sent is not legal; ``code`` says
    why (docs/engine-protocol.md), ``text`` in words. The turn is asked again."""

    move: str
    code: str
    text: str


class Reply(msgspec.Struct):
    """A program's answer to a ``turn``."""

    type: str
    move: str | None = None


_encoder = msgspec.json.Encoder()
_reply = msgspec.json.Decoder(Reply)


def encode(message: msgspec.Struct) -> str:
    """One message as one line of JSON (without the newline)."""
    return _encoder.encode(message).decode()


def hello(
    setup: Setup,
    seat: int,
    names: Sequence[str],
    time_limit: float | None,
    round_index: int = 0,
    rounds: int = 1,
) -> Hello:
    return Hello(
        seat=seat,
        players=setup.players,
        variant=setup.variant,
        own_gates=setup.own_gates,
        gates=[list(owners) for owners in setup.gates],
        names=list(names),
        tiles={code: [list(pair) for pair in BASE_PATHS[kind]] for kind, code in enumerate(KIND_CODES)},
        turns={code: list(ORIENTATIONS[kind]) for kind, code in enumerate(KIND_CODES)},
        time_limit=time_limit,
        round=round_index,
        rounds=rounds,
    )


def event_message(event: Event) -> Started | Drawn | Placed | Gem | Over:
    """An event as the seat whose log holds it sees it (another seat's draw
    arrives without its tile: :func:`~indigo_tui.engine.public_event`)."""
    if type(event) is TilePlaced:
        move = Move(event.cell, event.tile, event.rotation)
        return Placed(
            seat=event.seat,
            move=str(move),
            cell=cell_of(event.cell),
            tile=KIND_CODES[event.tile],
            rotation=event.rotation,
        )
    if type(event) is GemMoved:
        if event.outcome == "gate":
            return Gem(
                gem=event.gem,
                kind=event.kind,
                outcome="gate",
                gate=event.gate,
                scorers=list(event.scorers),
            )
        slot = event.route[-1]
        return Gem(
            gem=event.gem, kind=event.kind, outcome=event.outcome, cell=cell_of(slot // 6), edge=slot % 6
        )
    if type(event) is TileDrawn:
        return Drawn(seat=event.seat, tile=None if event.tile is None else KIND_CODES[event.tile])
    if type(event) is GameOver:
        return Over(scores=list(event.scores), gem_counts=list(event.gem_counts), winners=list(event.winners))
    if type(event) is GameStarted:
        return Started(round=event.round)
    raise TypeError(f"not an event: {event!r}")


def view_message(view: SeatView) -> View:
    board = view.board
    tiles = [
        PlacedTile(cell_of(cell), KIND_CODES[packed // 6], packed % 6)
        for cell, packed in enumerate(board.tiles)
        if packed >= 0
    ]
    gems = []
    for gem, slot in enumerate(board.gem_slot):
        if slot == ON_CENTRE:
            gems.append(BoardGem(gem, GEM_KIND[gem], (0, 0), None))
        elif slot >= 0:
            gems.append(BoardGem(gem, GEM_KIND[gem], cell_of(slot // 6), slot % 6))
    moves = [str(Move(e.cell, e.tile, e.rotation)) for e in view.events if type(e) is TilePlaced]
    return View(
        seat=view.seat,
        turn=view.turn,
        placements=board.placements,
        hand=[KIND_CODES[kind] for kind in view.hand],
        collected=dict(zip(GEM_KINDS_ORDER, view.collected, strict=True)),
        points=view.points,
        tiles_left=view.tiles_left,
        board=tiles,
        gems=gems,
        moves=moves,
    )


def turn_message(view: SeatView, time_limit: float | None = None) -> Turn:
    return Turn(
        seat=view.seat,
        view=view_message(view),
        legal=[str(move) for move in view.legal_moves],
        time_limit=time_limit,
    )


class ReplyError(ValueError):
    """A line that is not a move of the protocol; ``code`` says what is wrong:
    ``too_long``, ``not_json``, ``not_a_move`` (no ``move`` in it), ``notation``."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


def is_info(line: str) -> bool:
    """A line a program may send at any time that asks nothing (its own log:
    ``{"type": "info", ...}``), or a blank line: both are passed over."""
    text = line.strip()
    return not text or (text.startswith("{") and reply_type(text) == "info")


def reply_type(line: str) -> str | None:
    """The ``type`` of a JSON line, or None if it is not an object of the protocol."""
    try:
        return _reply.decode(line.strip()).type
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError):
        return None


def parse_reply(line: str) -> Move:
    """The move in a program's line: ``{"type": "move", "move": "122/3@2,-1"}``
    or the bare notation. :class:`ReplyError` if it holds none."""
    if len(line) > LINE_LIMIT:
        raise ReplyError("too_long", f"{len(line)} characters")
    text = line.strip()
    if text.startswith("{"):
        try:
            reply = _reply.decode(text)
        except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
            raise ReplyError("not_json", str(exc)) from None
        if reply.type != "move" or reply.move is None:
            raise ReplyError("not_a_move", json.dumps(reply.type))
        text = reply.move
    try:
        return Move.parse(text)
    except MoveParseError as exc:
        raise ReplyError("notation", str(exc)) from None


def message_types() -> tuple[type[Tag], ...]:
    """Every message indigo sends, for the reference and its test."""
    return (Hello, Started, Drawn, Placed, Gem, Over, Reset, Turn, Quit, Say, Notice, Refused)
