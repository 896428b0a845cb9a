"""What a hosted network game keeps in its save beyond the match: the game
id, the join code, the salts of the deal commitments, the seat tokens and
which seats the host's own terminal plays.

It travels in the save header's ``meta`` (string facts) as one JSON value
under :data:`HOST_KEY`, written and read through :class:`HostMeta` only.
Saves written before it kept the same facts as loose strings
(``net_tokens`` = ``"1:TOKEN,2:TOKEN"``, ``net_host_seats`` = ``"0"``, ...);
:func:`read_host_meta` still reads those. Seat numbers here are 0-based
indices, like the canonical record's.

The host peer (:mod:`indigo_tui.net.host`) keeps its save through a
:class:`HostKeeper`, written whole after every change.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

import msgspec

from ..engine import Match
from ..i18n import _
from .file import SUFFIX, SaveError, SeatInfo, decode_as, make_header, remove_stale_temps, write_save
from .lock import SaveLock

#: The ``meta`` key holding a hosted game's :class:`HostMeta` as JSON.
HOST_KEY: Final = "net_host_game"
#: The ``meta`` key naming a network save's role ("host" or "guest").
ROLE_KEY: Final = "net_role"


class HostMeta(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hosted game's own facts, so a host can take the game up again."""

    game_id: str
    #: The join code, normalised (trimmed, upper case).
    code: str
    #: One secret salt per round dealt so far: round N's deal commitment is
    #: made with ``salts[N]`` and revealed at that round's end.
    salts: list[str]
    #: Remote seat index -> the token its terminal proves itself with.
    tokens: dict[int, str] = {}
    #: Seat indices played at the host's own terminal (by a person or ``--bot``).
    host_seats: list[int] = []
    #: The current round's deal commitment (for people reading the file).
    commitment: str = ""
    #: Where the host listened last ("ADDRESS:PORT"), or "".
    address: str = ""
    #: The host lets players ask for hints (``indigo host --hints``).
    hints: bool = False
    #: Played across the internet through this transit relay ("HOST:PORT"),
    #: or "" on a LAN; a resumed host opens its door there again, with the same code.
    relay: str = ""
    #: Seconds each seat has for a move (``--turn-time``; 0: no turn clock).
    turn_time: float = 0.0
    #: Undo requests each seat may put to the vote per round (``--undo-limit``);
    #: None in saves from before it was kept (the host's default then).
    undo_limit: int | None = None
    #: Undo requests each seat has put to the vote in the current round.
    undos: list[int] = []

    def to_meta(self) -> dict[str, str]:
        """The header ``meta`` entries that hold this."""
        return {ROLE_KEY: "host", HOST_KEY: _encoder.encode(self).decode()}


#: The loose strings older saves kept the same facts in.
_OLD_KEYS: Final = frozenset(
    ("net_game_id", "net_salt", "net_code", "net_commitment", "net_tokens", "net_address", "net_host_seats")
)
_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(HostMeta)


def is_hosted(meta: dict[str, str]) -> bool:
    """Whether a save's ``meta`` is a hosted game's (either form)."""
    return HOST_KEY in meta or (meta.get(ROLE_KEY) == "host" and "net_game_id" in meta)


def read_host_meta(meta: dict[str, str]) -> HostMeta:
    """A hosted game's facts from a save header's ``meta``; :class:`SaveError`
    if it is not a hosted game's, or they are damaged."""
    if HOST_KEY in meta:
        return decode_as(_decoder, meta[HOST_KEY].encode(), _("damaged host facts"))
    if not is_hosted(meta):
        raise SaveError(_("not the save of a hosted network game"))
    # The older form: loose strings, one game of one round.
    tokens: dict[int, str] = {}
    for item in meta.get("net_tokens", "").split(","):
        seat, _sep, token = item.partition(":")
        if seat.isdigit() and token:
            tokens[int(seat)] = token
    host_seats = sorted({int(s) for s in meta.get("net_host_seats", "").split(",") if s.isdigit()})
    salt = meta.get("net_salt", "")
    return HostMeta(
        game_id=meta["net_game_id"],
        code=meta.get("net_code", ""),
        salts=[salt] if salt else [],
        tokens=tokens,
        host_seats=host_seats,
        commitment=meta.get("net_commitment", ""),
        address=meta.get("net_address", ""),
    )


def without_host_meta(meta: dict[str, str]) -> dict[str, str]:
    """``meta`` less the hosted game's own entries (both forms): what other
    parts keep there, carried over when the host saves again."""
    old = {
        "net_game_id",
        "net_salt",
        "net_code",
        "net_commitment",
        "net_tokens",
        "net_address",
        "net_host_seats",
    }
    return {k: v for k, v in meta.items() if k not in old and k not in (HOST_KEY, ROLE_KEY)}


class HostKeeper:
    """A hosted game's save: the file at ``path`` (None: kept in memory
    only), written whole after every change (:meth:`save`), and this
    process's claim on it (``lock``: no other window plays the save
    meanwhile). A save that fails is said once, and so is the first that
    works again; the game goes on in memory meanwhile."""

    def __init__(
        self, path: Path | None = None, *, created: str | None = None, lock: SaveLock | None = None
    ) -> None:
        self.path = path
        #: When the game was first saved (kept by every later save), once it was.
        self.created = created
        self.lock = lock
        #: Why the last save failed, while it keeps failing.
        self.problem: str | None = None

    def write(self, match: Match, seats: Sequence[SeatInfo], meta: dict[str, str]) -> None:
        """Write the game whole to :attr:`path`; :class:`SaveError` if it cannot be."""
        assert self.path is not None, "a game is written where it is kept"
        header = make_header(match, seats, created=self.created, meta=meta)
        if self.created is None:
            self.created = header.created
        write_save(self.path, header, match)

    def check(self, match: Match, seats: Sequence[SeatInfo], meta: dict[str, str]) -> None:
        """:class:`SaveError` unless the game can be saved at :attr:`path`
        (written there once, after the temporary files of writes killed
        mid-way are cleared); nothing to check without a path."""
        if self.path is not None:
            remove_stale_temps(self.path.parent)
            self.write(match, seats, meta)

    def save(self, match: Match, seats: Sequence[SeatInfo], meta: dict[str, str]) -> tuple[bool, str] | None:
        """Write the game (if it has a :attr:`path`). Something to say only
        when it changed: (False, why) for the first save that fails, (True,
        "") for the first that works again; else None."""
        if self.path is None:
            return None
        try:
            self.write(match, seats, meta)
        except SaveError as exc:
            first = self.problem is None
            self.problem = exc.detail
            return (False, exc.detail) if first else None
        if self.problem is not None:
            self.problem = None
            return True, ""
        return None

    @property
    def saved(self) -> bool:
        """Whether the game as it stands is on disk, whole (the last save worked)."""
        return self.path is not None and self.problem is None and self.path.is_file()

    def release(self) -> None:
        """Let go of the claim (saved for the last time: another window may take the game up)."""
        if self.lock is not None:
            self.lock.release()

    def successor(self, game_id: str) -> HostKeeper:
        """The keeper of the next game of the same table (a rematch): a new
        file beside this one, named for ``game_id`` and claimed as this one
        was, this one's claim let go (it is saved for the last time). Kept
        nowhere if this one is. :class:`SaveOpenElsewhere` if another window
        holds the new file."""
        if self.path is None:
            return HostKeeper()
        path = self.path.with_name(host_save_name(game_id))
        lock = SaveLock.acquire(path) if self.lock is not None else None
        self.release()
        return HostKeeper(path, lock=lock)


def host_save_name(game_id: str) -> str:
    """The file name a hosted game is saved under (in the save folder's ``net``),
    which a guest can name too: it knows the game's id."""
    return f"net-{game_id}-host{SUFFIX}"


__all__ = [
    "HOST_KEY",
    "ROLE_KEY",
    "HostKeeper",
    "HostMeta",
    "host_save_name",
    "is_hosted",
    "read_host_meta",
    "without_host_meta",
]
