"""Save files: one file per match, a versioned header and the event log.

A save is JSON written by msgspec: ``{"format": "indigo-save", "version": 1,
"header": {...}, "rounds": [[event, ...], ...]}``. Writes are atomic (a
temporary file in the same folder, flushed and fsynced, then renamed over the
old one), so a crash or a full disk in mid-write leaves the previous save
whole. Loading decodes strictly into typed structs, replays every round's log
and checks it event for event; any problem becomes one :class:`SaveError`.
See ``docs/save-format.md``.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Literal

import msgspec

from . import __version__
from .engine import Event, Game, LogError, Match, Setup

FORMAT: Final = "indigo-save"
VERSION = 1
SUFFIX = ".indigo"
ENV_VAR = "INDIGO_SAVE_DIR"


class SaveError(ValueError):
    """A save that cannot be read or written; the message says why in words."""


class SeatInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who sits at a seat: a ``name`` and a ``kind``: ``human``, ``bot:NAME`` or ``remote``."""

    name: str
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")

    @property
    def bot(self) -> str | None:
        return self.kind[4:] if self.is_bot else None


class SaveHeader(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    app_version: str
    created: str
    updated: str
    setup: Setup
    seats: list[SeatInfo]
    rounds: int = 1
    seed: int | str | None = None
    #: The name given by "save as", or "" for an autosave.
    title: str = ""
    #: Scores open to all instead of screened.
    open_scores: bool = False
    #: Summary for listings, so a load screen need not replay every file.
    round: int = 0
    placements: int = 0
    turn: int = 0
    over: bool = False
    #: Free-form facts other parts keep with a game (a network role, say).
    meta: dict[str, str] = {}


class _Probe(msgspec.Struct):
    format: str = ""
    version: int = 0


class SaveFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: Literal["indigo-save"]
    version: int
    header: SaveHeader
    rounds: list[list[Event]]


@dataclass
class SavedGame:
    """A loaded save: its header and the match, replayed and checked."""

    header: SaveHeader
    match: Match
    path: Path | None = None


@dataclass
class SaveEntry:
    """A file in the save folder: its header, or the error that stops reading it."""

    path: Path
    header: SaveHeader | None
    error: str | None
    modified: float


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(SaveFile)
_probe = msgspec.json.Decoder(_Probe)


def default_save_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``override``, else ``$INDIGO_SAVE_DIR``, else ``./saves`` if that folder
    exists (a checkout of the project), else the user's data folder."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    local = Path("saves")
    if local.is_dir():
        return local
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "indigo-tui" / "saves"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def make_header(
    match: Match,
    seats: Sequence[SeatInfo],
    *,
    created: str | None = None,
    title: str = "",
    open_scores: bool = False,
    meta: dict[str, str] | None = None,
) -> SaveHeader:
    if len(seats) != match.setup.players:
        raise SaveError(f"{len(seats)} seat names for {match.setup.players} players")
    game = match.game
    stamp = now()
    return SaveHeader(
        app_version=__version__,
        created=created or stamp,
        updated=stamp,
        setup=match.setup,
        seats=list(seats),
        rounds=match.rounds,
        seed=match.seed,
        title=title,
        open_scores=open_scores,
        round=match.round_index,
        placements=game.board.placements,
        turn=game.turn,
        over=game.over,
        meta=dict(meta or {}),
    )


def encode_save(header: SaveHeader, match: Match) -> bytes:
    return _encoder.encode(SaveFile(FORMAT, VERSION, header, [g.log for g in match.games]))


def looks_like_save(data: bytes) -> bool:
    """Whether ``data`` claims to be a save file (it may still be broken)."""
    head = data.lstrip()[:200]
    return head.startswith(b"{") and b'"indigo-save"' in head


def decode_save(data: bytes) -> SavedGame:
    """Decode and check a save; :class:`SaveError` on any problem."""
    if not data.strip():
        raise SaveError("the file is empty")
    try:
        probe = _probe.decode(data)
    except msgspec.DecodeError as exc:
        truncated = "truncated" in str(exc) or "Input data was truncated" in str(exc)
        raise SaveError("the file is cut short" if truncated else f"not a save file ({exc})") from None
    except msgspec.ValidationError:
        raise SaveError("not a save file") from None
    except UnicodeDecodeError:
        # msgspec raises this, not DecodeError, for bad UTF-8 inside a string.
        raise SaveError("not a save file (text that is not UTF-8)") from None
    if probe.format != FORMAT:
        raise SaveError("not an indigo-tui save file")
    if probe.version > VERSION:
        raise SaveError(
            f"saved by a newer indigo-tui (save format {probe.version}; this version reads up to {VERSION})"
        )
    if probe.version != VERSION:
        raise SaveError(f"unknown save format version {probe.version}")
    try:
        save = _decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise SaveError(f"damaged save ({exc})") from None
    except UnicodeDecodeError:
        raise SaveError("damaged save (text that is not UTF-8)") from None
    header = save.header
    if not save.rounds:
        raise SaveError("the save holds no round")
    if len(header.seats) != header.setup.players:
        raise SaveError(f"the save names {len(header.seats)} seats for {header.setup.players} players")
    if not 1 <= len(save.rounds) <= header.rounds:
        raise SaveError(f"the save holds {len(save.rounds)} rounds of a {header.rounds}-round match")
    games = []
    for index, events in enumerate(save.rounds):
        try:
            game = Game.from_log(events)
        except LogError as exc:
            where = f"round {index + 1}: " if header.rounds > 1 else ""
            raise SaveError(f"{where}{exc}") from None
        if game.setup != header.setup or game.round_index != index:
            raise SaveError(f"round {index + 1} does not belong to this match")
        if index < len(save.rounds) - 1 and not game.over:
            raise SaveError(f"round {index + 1} is unfinished but a later round follows")
        games.append(game)
    return SavedGame(header, Match.from_games(header.setup, header.rounds, header.seed, games))


def load_save(path: str | os.PathLike[str]) -> SavedGame:
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(f"{path}: {exc.strerror or exc}") from None
    saved = decode_save(data)
    saved.path = path
    return saved


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that it holds either the old or the new
    bytes, never a mixture, whatever happens mid-write."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    # The rename itself is durable only once the folder is.
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_save(path: str | os.PathLike[str], header: SaveHeader, match: Match) -> None:
    try:
        write_atomic(Path(path), encode_save(header, match))
    except OSError as exc:
        raise SaveError(f"could not save to {path}: {exc.strerror or exc}") from None


def slug(text: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", text.strip()).strip("-.")
    return cleaned[:60] or "game"


def new_save_path(directory: str | os.PathLike[str], title: str = "") -> Path:
    """A fresh file name in ``directory``: the time, and the title if any."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    name = f"{stamp}-{slug(title)}" if title else f"{stamp}-{secrets.token_hex(3)}"
    return Path(directory) / f"{name}{SUFFIX}"


def list_saves(directory: str | os.PathLike[str]) -> list[SaveEntry]:
    """Every save in ``directory``, newest first; unreadable ones carry their error."""
    folder = Path(directory)
    if not folder.is_dir():
        return []
    entries = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        try:
            header: SaveHeader | None = load_save(path).header
            error = None
        except SaveError as exc:
            header, error = None, str(exc).removeprefix(f"{path}: ")
        entries.append(SaveEntry(path, header, error, modified))
    entries.sort(key=lambda e: e.modified, reverse=True)
    return entries


def latest_unfinished(directory: str | os.PathLike[str]) -> SaveEntry | None:
    """The most recently saved match that is not over, for "Continue"."""
    for entry in list_saves(directory):
        header = entry.header
        if header is not None and not (header.over and header.round + 1 >= header.rounds):
            return entry
    return None


def delete_save(path: str | os.PathLike[str]) -> None:
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(f"could not delete {path}: {exc.strerror or exc}") from None


def seats_from_kinds(kinds: Sequence[str]) -> list[SeatInfo]:
    """Default seat names for kinds like ``human`` or ``bot:greedy``."""
    seats = []
    for index, kind in enumerate(kinds):
        name = f"Player {index + 1}" if kind == "human" else f"{kind[4:].capitalize()} bot"
        seats.append(SeatInfo(name, kind))
    return seats
