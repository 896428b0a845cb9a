"""The canonical game notation ``indigo-game/1`` (JSON), read and written.

This is the one external notation for a game: export, import, bug reports and
tests speak it. Its keys and values are fixed by ``RULES-NOTES.md``. Reading
decodes strictly into typed structs, then replays every move on an *open*
game (no deck: each tile comes from the box) and stops at the first illegal
move with its index and the reason.
"""

from __future__ import annotations

from typing import Any, Literal, cast

import msgspec

from .board import ON_CENTRE
from .events import GEM_KIND, GEM_KINDS_ORDER
from .game import Game, IllegalMove
from .geometry import COORDS, INDEX
from .moves import Move
from .refusals import Refused
from .setup import GATE_OWNERS, Setup, SetupError
from .tiles import TILE_BY_PATHS, canonical_paths, rotated_paths

FORMAT = "indigo-game/1"


class NotationError(ValueError):
    """A record that is not a legal game. ``index`` is the move's index in the
    record's ``moves`` (0-based, as the record's own indices are), if any; the
    message numbers it from 1 for people ("move 1" is ``moves[0]``).
    ``refusal`` is the rules' reason when the move was illegal."""

    def __init__(self, reason: str, index: int | None = None, refusal: Refused | None = None) -> None:
        self.reason = reason
        self.index = index
        self.refusal = refusal
        super().__init__(f"move {index + 1}: {reason}" if index is not None else reason)


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
            try:
                return Setup(players, record.variant, own_gates)
            except SetupError as exc:  # pragma: no cover - the table only holds valid setups
                raise NotationError(str(exc)) from None
    if not 2 <= record.players <= 4:
        raise NotationError(f"Indigo is for 2 to 4 players, not {record.players}")
    raise NotationError(f"the gates {record.gates} are not a {record.players}-player setup of the rules")


def tile_from_paths(paths: list[list[int]]) -> tuple[int, int]:
    """``(kind, rotation)`` of a tile given by its three paths; ValueError if none."""
    if len(paths) != 3 or any(len(p) != 2 for p in paths):
        raise ValueError("a tile has three paths of two edges each")
    if sorted(e for p in paths for e in p) != [0, 1, 2, 3, 4, 5]:
        raise ValueError("a tile's paths must join the six edges 0..5 in pairs")
    tile = TILE_BY_PATHS.get(canonical_paths(paths))
    if tile is None:  # pragma: no cover - every pairing of six edges is one of the five kinds
        raise ValueError("those paths are not one of the five path tiles")
    return tile


def from_json(data: bytes | str) -> Game:
    """Read a canonical record and replay it; raises :class:`NotationError`."""
    if not data.strip():
        raise NotationError("the file is empty")
    try:
        record = _decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise NotationError(f"not an {FORMAT} record: {exc}") from None
    except msgspec.DecodeError as exc:
        raise NotationError(f"not JSON: {exc}") from None
    except UnicodeDecodeError:
        # msgspec raises this, not DecodeError, for bad UTF-8 inside a string.
        raise NotationError("not JSON: text that is not UTF-8") from None
    if record.format != FORMAT:
        raise NotationError(f"format {record.format!r} is not {FORMAT!r}")
    game = Game.open(_setup_from(record.setup))
    for index, played in enumerate(record.moves):
        cell = INDEX.get(played.cell)
        if cell is None:
            raise NotationError(f"cell {list(played.cell)} is not on the board", index)
        try:
            kind, rotation = tile_from_paths(played.tile)
        except ValueError as exc:
            raise NotationError(str(exc), index) from None
        if game.over:
            raise NotationError("the game is already over", index)
        if played.seat != game.turn:
            raise NotationError(f"it is seat {game.turn + 1}'s turn, not seat {played.seat + 1}'s", index)
        try:
            game.push(Move(cell, kind, rotation))
        except IllegalMove as exc:
            raise NotationError(exc.reason, index, exc.refusal) from None
    return game


def loads(data: bytes | str) -> Game:
    return from_json(data)
