"""A guest's record: the ``.indigo-guest`` file of what one network seat may
know (public events, its own draws) and how to get back into the game.

The guest peer (:mod:`indigo_tui.net.guest`) keeps it through a
:class:`RecordKeeper`, written after every batch of events; ``indigo join``
and the join screen look for it to rejoin (:func:`find_record`). See
``docs/protocol.md``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Final, Literal

import msgspec

from .. import __version__
from ..engine import Event, Game, Match, Move, Setup, rounds_allowed
from ..i18n import _, ngettext
from ..i18n.words import os_problem, rounds_text
from .file import (
    NAME_LIMIT,
    SUFFIX,
    SaveError,
    SeatInfo,
    decode_as,
    make_header,
    now,
    read_with,
    remove_stale_temps,
    write_atomic,
    write_save,
)
from .host import ROLE_KEY

RECORD_FORMAT: Final = "indigo-guest"
RECORD_VERSION: Final = 1
RECORD_SUFFIX: Final = ".indigo-guest"


class PlayedRound(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A finished round of a match as a guest keeps it: public since its
    reveal, it replays from its deck and placements."""

    deck: list[int]
    salt: str
    moves: list[Move]
    #: How the deal checked out: a code ("verified", or what did not match,
    #: or why it could not be checked; see ``indigo_tui.net.deal.DealCode``),
    #: and its numbers. (An older version wrote its English words here.)
    deal: str
    deal_args: list[int] = []


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
    #: "" until the current round's end; then the deal's check, as in :class:`PlayedRound`.
    deal: str = ""
    deal_args: list[int] = []
    #: Rounds of the match, the current one (from 0), and those finished.
    rounds: int = 1
    round: int = 0
    past: list[PlayedRound] = []


_record_encoder = msgspec.json.Encoder()
_record_decoder = msgspec.json.Decoder(GuestRecord)


def encode_record(record: GuestRecord) -> bytes:
    return _record_encoder.encode(record)


def decode_record(data: bytes) -> GuestRecord:
    """A guest record from its bytes; :class:`SaveError` (without a path) if
    it is not one, or holds a value the rules or the format do not allow."""
    record = decode_as(_record_decoder, data, _("not a guest save"))
    if record.version != RECORD_VERSION:
        raise SaveError(
            _("guest save version {found} is not {known}").format(found=record.version, known=RECORD_VERSION)
        )
    players = record.setup.players
    if len(record.seat_names) != players or len(record.seat_kinds) != players:
        raise SaveError(
            ngettext(
                "the guest save names {seats} seat for {players} players",
                "the guest save names {seats} seats for {players} players",
                len(record.seat_names),
            ).format(seats=len(record.seat_names), players=players)
        )
    if not 0 <= record.seat < players:
        raise SaveError(
            _("the guest save's seat {number} is not one of {players}").format(
                number=record.seat + 1, players=players
            )
        )
    if not rounds_allowed(record.rounds):
        raise SaveError(
            _("the guest save's match has {rounds} rounds, but {rule}").format(
                rounds=record.rounds, rule=rounds_text()
            )
        )
    # The rounds before the current one are past, and so is the current one once it is over.
    if not 0 <= record.round < record.rounds or len(record.past) > record.round + 1:
        raise SaveError(
            _("the guest save is at round {number} of a match of {rounds}").format(
                number=record.round + 1, rounds=record.rounds
            )
        )
    if not 1 <= record.port <= 65535:
        raise SaveError(_("the guest save's port {port} is not a port").format(port=record.port))
    if len(record.name) > NAME_LIMIT:
        raise SaveError(_("the guest save's name is longer than {limit} characters").format(limit=NAME_LIMIT))
    for seat, name in enumerate(record.seat_names):
        if len(name) > NAME_LIMIT:
            raise SaveError(
                _("seat {number}'s name is longer than {limit} characters").format(
                    number=seat + 1, limit=NAME_LIMIT
                )
            )
    return record


def load_record(path: Path) -> GuestRecord:
    """The guest record at ``path`` (read by :func:`~.file.read_with`);
    :class:`SaveError` naming the file on any problem."""
    return read_with(path, decode_record)


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


class RecordKeeper:
    """A guest's record on disk: the ``.indigo-guest`` file of one seat in
    ``directory`` (None: kept in memory only), brought up to date and
    written whole after every change (:meth:`save`), and at the end of the
    match an ordinary save of the whole match beside it (:meth:`write_match`).
    A write that fails is said once, and so is the first that works again."""

    def __init__(self, directory: Path | None, record: GuestRecord | None = None) -> None:
        self.directory = directory
        #: The record: the one to claim a seat with, then the seat's own.
        self.record = record
        #: Why the last write failed, while it keeps failing.
        self.problem: str | None = None

    @property
    def path(self) -> Path | None:
        """Where the record is kept (None before it has a game and seat, or without a folder)."""
        if self.directory is None or self.record is None:
            return None
        return record_path(self.directory, self.record.game_id, self.record.seat)

    def remove_stale_temps(self) -> None:
        """Temporary files of writes killed mid-way, in the record's folder."""
        if self.directory is not None:
            remove_stale_temps(self.directory)

    def seat_name(self, seat: int) -> str:
        """The name ``seat``'s player goes by in the record ("" if none)."""
        record = self.record
        if record is None or not 0 <= seat < len(record.seat_names):
            return ""
        return record.seat_names[seat]

    def name_seat(self, seat: int, name: str) -> None:
        """From now on ``seat`` goes by ``name`` (a player took it, or came
        back); written with the next :meth:`save`."""
        if self.record is not None:
            self.record.seat_names[seat] = name

    def save(
        self,
        events: Sequence[Event],
        *,
        round_index: int,
        commitment: str,
        over: bool,
        deal: str,
        deal_args: Sequence[int],
        past: Sequence[PlayedRound],
    ) -> tuple[bool, str] | None:
        """The record brought up to date with the seat's game (the current
        round's events, its commitment and deal check, the finished rounds;
        ``over``: the match's last event is in, nothing is left to rejoin)
        and written whole: what :meth:`write` says."""
        record = self.record
        if record is None:
            return None
        record.round, record.commitment = round_index, commitment
        record.events = list(events)
        record.over = over
        record.deal, record.deal_args = deal, list(deal_args)
        record.past = list(past)
        return self.write()

    def write(self) -> tuple[bool, str] | None:
        """Write the record whole (atomically). Something to say only when it
        changed: (False, why) for the first write that fails, (True, "") for
        the first that works again; else None."""
        record, path = self.record, self.path
        if record is None or path is None:
            return None
        record.updated = now()
        try:
            write_atomic(path, encode_record(record))
        except OSError as exc:
            problem = os_problem(exc)
            first = self.problem is None
            self.problem = problem
            return (False, problem) if first else None
        if self.problem is not None:
            self.problem = None
            return True, ""
        return None

    def write_match(self, games: Sequence[Game], kind: str, deal: str) -> Path | None:
        """The whole match, every round of it replayed (``games``), as an
        ordinary save beside the record (its name, the save suffix): its
        seats named as the record names them, this seat's of ``kind``, and
        in its metadata (for programs) that a guest wrote it, where the host
        was, the seat, the game and how its deals checked out (``deal``).
        None for a record kept in memory only; :class:`SaveError` if it
        cannot be written."""
        record, path = self.record, self.path
        if record is None or path is None:
            return None
        match = Match.from_games(record.setup, len(games), None, list(games))
        seats = [
            SeatInfo(name, kind if seat == record.seat else seat_kind)
            for seat, (name, seat_kind) in enumerate(zip(record.seat_names, record.seat_kinds, strict=True))
        ]
        meta = {
            ROLE_KEY: "guest",
            "net_host": f"{record.host}:{record.port}",
            "net_seat": str(record.seat),
            "net_game_id": record.game_id,
            "net_deal": deal,
        }
        final = path.with_suffix(SUFFIX)
        write_save(final, make_header(match, seats, meta=meta), match)
        return final

    def forget(self) -> None:
        """Remove the record (the seat was given up before the game started)."""
        path = self.path
        if path is not None:
            with contextlib.suppress(OSError):
                path.unlink()
