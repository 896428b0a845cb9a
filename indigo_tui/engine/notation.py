"""The canonical game notation ``indigo-game/1`` (JSON), read and written.

This is the one external notation for a game: export, import, bug reports and
tests speak it. Its keys and values are fixed by ``RULES-NOTES.md``. Reading
decodes strictly into typed structs, then replays every move on an *open*
game (no deck: each tile comes from the box) and stops at the first illegal
move with its index and the reason.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, cast

import msgspec

from .board import ON_CENTRE
from .events import GEM_KIND, GEM_KINDS_ORDER
from .game import Game
from .geometry import COORDS, INDEX
from .moves import Move
from .refusals import Refused
from .setup import GATE_OWNERS, Setup
from .tiles import TILE_BY_PATHS, canonical_paths, rotated_paths

FORMAT = "indigo-game/1"


class RecordFault(StrEnum):
    """What is wrong with a record (:class:`NotationError`), with what each
    code carries in ``numbers`` and ``detail``."""

    #: The file is empty.
    EMPTY = "empty"
    #: Not JSON; detail: the decoder's words.
    NOT_JSON = "not_json"
    #: Not JSON: text that is not UTF-8.
    NOT_UTF8 = "not_utf8"
    #: JSON, but not a record of this format; detail: the decoder's words.
    NOT_A_RECORD = "not_a_record"
    #: Detail: the format the record names.
    FORMAT = "format"
    #: Number: the players, not 2 to 4.
    PLAYERS = "players"
    #: Number: the players; detail: the gates, which are no setup of the rules for them.
    GATES = "gates"
    #: Numbers: the cell's coordinates q, r, off the board.
    OFF_BOARD = "off_board"
    #: A tile is not three paths of two edges each.
    TILE_PATHS = "tile_paths"
    #: A tile's paths do not join the six edges 0..5 in pairs.
    TILE_EDGES = "tile_edges"
    #: The rules refuse the move: see the error's ``refusal``.
    ILLEGAL = "illegal"


class NotationError(ValueError):
    """A record that is not a legal game: ``code`` says what is wrong, with
    ``numbers`` and ``detail`` (see :class:`RecordFault`); ``refusal`` is the
    rules' reason when a move was illegal. ``index`` is the move's index in
    the record's ``moves`` (0-based, as the record's own indices are), if
    any; people read it from 1 ("move 1" is ``moves[0]``). In words:
    :func:`indigo_tui.i18n.words.notation_error_text`."""

    def __init__(
        self,
        code: RecordFault,
        index: int | None = None,
        *,
        numbers: tuple[int, ...] = (),
        detail: str = "",
        refusal: Refused | None = None,
    ) -> None:
        self.code = code
        self.index = index
        self.numbers = numbers
        self.detail = detail
        self.refusal = refusal
        # For developers: people read notation_error_text's words.
        where = f"moves[{index}] " if index is not None else ""
        said = refusal if refusal is not None else f"{code.value}{list(numbers)} {detail}".rstrip()
        super().__init__(f"{where}{said}")


class _Setup(msgspec.Struct, forbid_unknown_fields=True):
    players: int
    variant: Literal["classic", "tactical"]
    gates: list[list[int]]


class _Move(msgspec.Struct, forbid_unknown_fields=True):
    seat: int
    cell: tuple[int, int]
    tile: list[list[int]]


class _BoardGem(msgspec.Struct):
    gem: str
    cell: tuple[int, int]
    #: None for a gem still on the centre tile.
    edge: int | None


class _Result(msgspec.Struct):
    """Written for readers; reading a record recomputes it from the moves."""

    scores: list[int]
    gem_counts: list[int]
    collected: list[dict[str, int]]
    board_gems: list[_BoardGem]
    removed: int
    over: bool
    winners: list[int]


class _Record(msgspec.Struct):
    """The whole record. Written and read through these same structs, so the
    keys (in this order) and their types have one definition."""

    format: str
    setup: _Setup
    moves: list[_Move]
    result: _Result | None = None


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(_Record)


def _setup_record(setup: Setup) -> _Setup:
    return _Setup(setup.players, setup.variant, [list(owners) for owners in setup.gates])


def _result_record(game: Game) -> _Result:
    board = game.board
    gems: list[tuple[tuple[int, int], int, str]] = []
    for gem, slot in enumerate(board.gem_slot):
        if slot == ON_CENTRE:
            gems.append(((0, 0), -1, GEM_KIND[gem]))
        elif slot >= 0:
            gems.append((COORDS[slot // 6], slot % 6, GEM_KIND[gem]))
    # Sorted by cell, then edge (the centre's -1, written null, first), then gem.
    gems.sort()
    return _Result(
        scores=list(game.scores),
        gem_counts=list(game.gem_counts),
        collected=[dict(zip(GEM_KINDS_ORDER, c, strict=True)) for c in game.collected],
        board_gems=[_BoardGem(kind, cell, None if edge < 0 else edge) for cell, edge, kind in gems],
        removed=board.removed,
        over=board.over,
        winners=list(game.winners),
    )


def _move_record(seat: int, move: Move) -> _Move:
    return _Move(seat, COORDS[move.cell], [list(pair) for pair in rotated_paths(move.tile, move.rotation)])


def _record(game: Game) -> _Record:
    return _Record(
        FORMAT,
        _setup_record(game.setup),
        [_move_record(seat, move) for seat, move in game.moves],
        _result_record(game),
    )


def _plain(struct: msgspec.Struct) -> dict[str, Any]:
    # Through JSON text and back, so the values are exactly what a reader of
    # the record gets (tuples become lists).
    return cast(dict[str, Any], msgspec.json.decode(_encoder.encode(struct)))


def to_json(game: Game) -> dict[str, Any]:
    """The canonical record of ``game``, with its result, as plain JSON values."""
    return _plain(_record(game))


def dumps(game: Game) -> str:
    """The canonical record as one line of JSON."""
    return _encoder.encode(_record(game)).decode()


def _setup_from(record: _Setup) -> Setup:
    gates = tuple(tuple(owners) for owners in record.gates)
    for (players, own_gates), table in GATE_OWNERS.items():
        if players == record.players and table == gates:
            return Setup(players, record.variant, own_gates)
    if not 2 <= record.players <= 4:
        raise NotationError(RecordFault.PLAYERS, numbers=(record.players,))
    raise NotationError(RecordFault.GATES, numbers=(record.players,), detail=str(record.gates))


def tile_from_paths(paths: list[list[int]]) -> tuple[int, int]:
    """``(kind, rotation)`` of a tile given by its three paths;
    :class:`NotationError` (without a move's index) if they are no path tile."""
    if len(paths) != 3 or any(len(p) != 2 for p in paths):
        raise NotationError(RecordFault.TILE_PATHS)
    if sorted(e for p in paths for e in p) != [0, 1, 2, 3, 4, 5]:
        raise NotationError(RecordFault.TILE_EDGES)
    # Every pairing of the six edges is one of the five kinds at some rotation.
    return TILE_BY_PATHS[canonical_paths(paths)]


def from_json(data: bytes | str) -> Game:
    """Read a canonical record and replay it; raises :class:`NotationError`."""
    if not data.strip():
        raise NotationError(RecordFault.EMPTY)
    try:
        record = _decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise NotationError(RecordFault.NOT_A_RECORD, detail=str(exc)) from None
    except msgspec.DecodeError as exc:
        raise NotationError(RecordFault.NOT_JSON, detail=str(exc)) from None
    except UnicodeDecodeError:
        # msgspec raises this, not DecodeError, for bad UTF-8 inside a string.
        raise NotationError(RecordFault.NOT_UTF8) from None
    if record.format != FORMAT:
        raise NotationError(RecordFault.FORMAT, detail=record.format)
    game = Game.open(_setup_from(record.setup))
    for index, played in enumerate(record.moves):
        cell = INDEX.get(played.cell)
        if cell is None:
            raise NotationError(RecordFault.OFF_BOARD, index, numbers=played.cell)
        try:
            kind, rotation = tile_from_paths(played.tile)
        except NotationError as exc:
            raise NotationError(exc.code, index) from None
        refused = game.refusal(Move(cell, kind, rotation), played.seat)
        if refused is not None:
            raise NotationError(RecordFault.ILLEGAL, index, refusal=refused)
        game.push(Move(cell, kind, rotation))
    return game


def loads(data: bytes | str) -> Game:
    return from_json(data)
