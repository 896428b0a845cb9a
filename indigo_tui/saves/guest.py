"""A guest's record: the ``.indigo-guest`` file of what one network seat may
know (public events, its own draws) and how to get back into the game.

The guest peer (:mod:`indigo_tui.net.guest`) writes it after every batch of
events; ``indigo join`` and the join screen look for it to rejoin. See
``docs/protocol.md``.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Final, Literal

import msgspec

from .. import __version__
from ..engine import Event, Move, Setup
from ..i18n import _
from .file import SaveError, decode_as

RECORD_FORMAT: Final = "indigo-guest"
RECORD_VERSION: Final = 1
RECORD_SUFFIX: Final = ".indigo-guest"


class PlayedRound(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A finished round of a match as a guest keeps it: public since its
    reveal, it replays from its deck and placements."""

    deck: list[int]
    salt: str
    moves: list[Move]
    #: "verified", or what did not match, or why it could not be checked.
    deal: str


class GuestRecord(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A guest's save: what its seat may know, and how to get back in."""

    format: Literal["indigo-guest"] = "indigo-guest"
    version: int = RECORD_VERSION
    app_version: str = __version__
    updated: str = ""
    host: str
    port: int
    code: str
    name: str
    game_id: str
    seat: int
    token: str
    setup: Setup
    seat_names: list[str]
    seat_kinds: list[str]
    #: The current round's deal commitment.
    commitment: str
    #: The seat's log of the current round: public events, with this seat's
    #: own draws showing their tiles.
    events: list[Event] = []
    #: The match is over (its last round is): nothing is left to rejoin.
    over: bool = False
    #: "" until the current round's end; then "verified" or what did not match.
    deal: str = ""
    #: Rounds of the match, the current one (from 0), and those finished.
    rounds: int = 1
    round: int = 0
    past: list[PlayedRound] = []


_record_encoder = msgspec.json.Encoder()
_record_decoder = msgspec.json.Decoder(GuestRecord)


def encode_record(record: GuestRecord) -> bytes:
    return _record_encoder.encode(record)


def decode_record(data: bytes) -> GuestRecord:
    """A guest record from its bytes; :class:`SaveError` (without a path) if it is not one."""
    record = decode_as(_record_decoder, data, _("not a guest save"))
    if record.version != RECORD_VERSION:
        raise SaveError(
            _("guest save version {found} is not {known}").format(found=record.version, known=RECORD_VERSION)
        )
    return record


def load_record(path: Path) -> GuestRecord:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: {exc.strerror or exc}") from None
    try:
        return decode_record(data)
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from None


def find_record(
    directory: Path, host: str, port: int, name: str | None = None
) -> tuple[Path, GuestRecord] | None:
    """The newest unfinished guest save for a game at ``host:port``, else at
    ``host`` on another port (a host resumed on a new port). A claim for
    another game does no harm: the host ignores it. With ``name``, only a
    record of the player of that name (case aside): several players may join
    from one folder, and one must never take another's seat by accident."""
    wanted = name.strip().casefold() if name is not None else None
    if not directory.is_dir():
        return None
    found = []
    for path in directory.glob(f"*{RECORD_SUFFIX}"):
        with contextlib.suppress(SaveError, OSError):
            record = load_record(path)
            if wanted is not None and record.name.strip().casefold() != wanted:
                continue
            if not record.over and record.host == host:
                found.append((record.port == port, path.stat().st_mtime, path, record))
    if not found:
        return None
    found.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return found[0][2], found[0][3]


def record_path(directory: Path, game_id: str, seat: int) -> Path:
    return directory / f"net-{game_id}-seat{seat + 1}{RECORD_SUFFIX}"
