"""The save file: one file per match, a versioned header and the event log.

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
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Literal, TypeVar

import msgspec

from .. import __version__
from ..engine import Event, Game, LogError, Match, Setup, SetupError, rounds_allowed
from ..engine.geometry import PATH_CELLS
from ..i18n import LANGUAGES, _, in_language, ngettext
from ..i18n.words import bot_seat_name, log_error_text, os_problem, rounds_text, setup_error_text
from .places import shown_path
from .quota import check_room

FORMAT: Final = "indigo-save"
VERSION = 1
SUFFIX = ".indigo"

T = TypeVar("T")


class SaveError(ValueError):
    """A save that cannot be read or written; the message says why in words,
    ``detail`` the same without the file's name (for a line that names it already)."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = message if detail is None else detail


#: The longest name a player goes by: at a local table, at the host and at
#: every guest alike (the lobby's and the waiting room's columns are this wide).
NAME_LIMIT: Final = 24
#: The longest title a save may have ("save as"; longer ones are cut when
#: the header is made, so every save written reads back).
TITLE_LIMIT: Final = 100


class SeatInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who sits at a seat: a ``name`` and a ``kind``: ``human``, ``bot:NAME``,
    ``engine:COMMAND`` (an outside program) or ``remote``."""

    name: str
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        """Played by this terminal without a person: a bot or a program."""
        return self.kind.startswith(("bot:", "engine:"))

    @property
    def bot(self) -> str | None:
        """What :func:`~indigo_tui.bots.make_bot` makes the seat's player
        from: ``greedy`` for ``bot:greedy``, the whole ``engine:COMMAND``."""
        if self.kind.startswith("engine:"):
            return self.kind
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
    """The outside of a save: format, version and the header left as raw JSON,
    the rounds skipped unread, so a listing never builds or replays the log."""

    format: str = ""
    version: int = 0
    header: msgspec.Raw = msgspec.Raw()


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


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(SaveFile)
_probe = msgspec.json.Decoder(_Probe)
_header_decoder = msgspec.json.Decoder(SaveHeader)


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
        raise SaveError(
            ngettext(
                "{names} seat name for {players} players",
                "{names} seat names for {players} players",
                len(seats),
            ).format(names=len(seats), players=match.setup.players)
        )
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
        title=title[:TITLE_LIMIT],
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


def _probe_save(data: bytes) -> _Probe:
    """The format and version checked, the header not yet decoded."""
    if not data.strip():
        raise SaveError(_("the file is empty"))
    try:
        probe = _probe.decode(data)
    except msgspec.DecodeError as exc:
        truncated = "truncated" in str(exc) or "Input data was truncated" in str(exc)
        if truncated:
            raise SaveError(_("the file is cut short")) from None
        # msgspec's words are English ("JSON is malformed: invalid character (byte 0)"): say where.
        where = re.search(r"\(byte (\d+)\)", str(exc))
        if where is None:
            raise SaveError(_("not a save file")) from None
        raise SaveError(_("not a save file (broken JSON at byte {offset})").format(offset=where[1])) from None
    except msgspec.ValidationError:
        raise SaveError(_("not a save file")) from None
    except UnicodeDecodeError:
        # msgspec raises this, not DecodeError, for bad UTF-8 inside a string.
        raise SaveError(_("not a save file (text that is not UTF-8)")) from None
    if probe.format != FORMAT:
        raise SaveError(_("not an indigo-tui save file"))
    if probe.version > VERSION:
        raise SaveError(
            _("saved by a newer indigo-tui (save format {found}; this version reads up to {known})").format(
                found=probe.version, known=VERSION
            )
        )
    if probe.version != VERSION:
        raise SaveError(_("unknown save format version {found}").format(found=probe.version))
    return probe


def decode_as(decoder: msgspec.json.Decoder[T], data: bytes | memoryview, damaged: str) -> T:
    """``data`` decoded strictly by ``decoder``; any failure is one
    :class:`SaveError` that starts with ``damaged`` and says why."""
    try:
        return decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        # A setup the rules refuse is said in words; any other problem in the decoder's.
        cause = exc.__cause__
        problem = setup_error_text(cause) if isinstance(cause, SetupError) else str(exc)
        raise SaveError(_("{damaged} ({problem})").format(damaged=damaged, problem=problem)) from None
    except UnicodeDecodeError:
        # msgspec raises this, not DecodeError, for bad UTF-8 inside a string.
        raise SaveError(_("{damaged} (text that is not UTF-8)").format(damaged=damaged)) from None


def _check_header(header: SaveHeader) -> None:
    """Every value of ``header`` within what the rules and the format allow
    (the setup has been checked by its decoder); :class:`SaveError` says the
    first that is not, so a listing never shows, and a load never starts, a
    match the rules could not hold."""
    players = header.setup.players
    if len(header.seats) != players:
        raise SaveError(
            ngettext(
                "the save names {seats} seat for {players} players",
                "the save names {seats} seats for {players} players",
                len(header.seats),
            ).format(seats=len(header.seats), players=players)
        )
    if not rounds_allowed(header.rounds):
        raise SaveError(
            _("the save's match has {rounds} rounds, but {rule}").format(
                rounds=header.rounds, rule=rounds_text()
            )
        )
    if not 0 <= header.round < header.rounds:
        raise SaveError(
            _("the save is at round {number} of a match of {rounds}").format(
                number=header.round + 1, rounds=header.rounds
            )
        )
    if not 0 <= header.placements <= len(PATH_CELLS):
        raise SaveError(
            _("the save counts {placements} tiles placed, but a round has room for {most}").format(
                placements=header.placements, most=len(PATH_CELLS)
            )
        )
    if not 0 <= header.turn < players:
        raise SaveError(
            _("the save gives the turn to seat {number} of {players}").format(
                number=header.turn + 1, players=players
            )
        )
    for seat, info in enumerate(header.seats):
        if len(info.name) > NAME_LIMIT:
            raise SaveError(
                _("seat {number}'s name is longer than {limit} characters").format(
                    number=seat + 1, limit=NAME_LIMIT
                )
            )
    if len(header.title) > TITLE_LIMIT:
        raise SaveError(_("the save's title is longer than {limit} characters").format(limit=TITLE_LIMIT))


def decode_header(data: bytes) -> SaveHeader:
    """Only the header of a save, for listings: the rounds are skipped, not
    replayed, so a save whose log is damaged is found out when it is loaded."""
    header = decode_as(_header_decoder, _probe_save(data).header, _("damaged save"))
    _check_header(header)
    return header


def decode_save(data: bytes) -> SavedGame:
    """Decode and check a save; :class:`SaveError` on any problem."""
    _probe_save(data)
    save = decode_as(_decoder, data, _("damaged save"))
    header = save.header
    if not save.rounds:
        raise SaveError(_("the save holds no round"))
    _check_header(header)
    if not 1 <= len(save.rounds) <= header.rounds:
        raise SaveError(
            _("the save holds {rounds} rounds of a {most}-round match").format(
                rounds=len(save.rounds), most=header.rounds
            )
        )
    games = []
    for index, events in enumerate(save.rounds):
        try:
            game = Game.from_log(events)
        except LogError as exc:
            raise SaveError(
                _("round {number}: {problem}").format(number=index + 1, problem=log_error_text(exc))
            ) from None
        if game.setup != header.setup or game.round_index != index:
            raise SaveError(_("round {number} does not belong to this match").format(number=index + 1))
        if index < len(save.rounds) - 1 and not game.over:
            raise SaveError(
                _("round {number} is unfinished but a later round follows").format(number=index + 1)
            )
        games.append(game)
    return SavedGame(header, Match.from_games(header.setup, header.rounds, header.seed, games))


#: The most bytes any file indigo-tui reads may hold. The largest save the
#: rules allow, 20 rounds of 4 players with every name and the title as long
#: as they may be, is about 177 KB (``benchmarks/save_size.py``); a bound no
#: game reaches, every placement of every round moving six gems along the
#: longest route seen, is about 1.5 MB. 8 MiB is 47 times the one and 5
#: times the other, and reading that much takes milliseconds. The other
#: files (records, reviews, settings) are smaller than a save. See
#: docs/save-format.md.
SIZE_LIMIT: Final = 8 * 1024 * 1024


class NoSuchFile(SaveError):
    """:func:`read_file` found nothing at the path (a reader that may go
    without the file, settings or a stored review, says nothing then)."""


def _refused(path: Path, problem: str, kind: type[SaveError] = SaveError) -> SaveError:
    return kind(f"{shown_path(path)}: {problem}", problem)


def _not_a_file(mode: int) -> str | None:
    """Why a file of this ``st_mode`` is not read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("is a folder, not a save file")
    if stat.S_ISFIFO(mode):
        return _("is a named pipe (FIFO), not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("is a device, not a file")
    return _("is not a regular file")


def _too_large(path: Path) -> SaveError:
    problem = _("is larger than any file indigo-tui writes (at most {limit} MiB)")
    return _refused(path, problem.format(limit=SIZE_LIMIT // 2**20))


#: Opened so that nothing at the path can make the open wait: a named pipe
#: with no writer would block an ordinary open for good.
_OPEN_FLAGS: Final = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
)


def read_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the file at ``path``, read the one way indigo-tui reads
    any file it is given (saves, records, a guest's record, stored reviews,
    the settings): only from a regular file (a folder, a named pipe, a device
    or a socket is refused before it is read, and the open cannot wait on a
    pipe), and only up to :data:`SIZE_LIMIT` bytes. Any problem is one
    :class:`SaveError` naming the file (:class:`NoSuchFile` when there is
    none). A file to decode is read by :func:`read_with`, which bounds its
    nesting too."""
    path = Path(path)
    try:
        # Looked at before it is opened (opening a device may do something),
        # and again once open (the path may have changed in between).
        problem = _not_a_file(os.stat(path).st_mode)
        if problem is not None:
            raise _refused(path, problem)
        fd = os.open(path, _OPEN_FLAGS)
        try:
            facts = os.fstat(fd)
            problem = _not_a_file(facts.st_mode)
            if problem is not None:
                raise _refused(path, problem)
            if facts.st_size > SIZE_LIMIT:
                raise _too_large(path)
            chunks: list[bytes] = []
            left = SIZE_LIMIT + 1  # a file that grew since fstat is found out
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise _refused(path, _("no such file"), NoSuchFile) from None
    except IsADirectoryError:
        raise _refused(path, _("is a folder, not a save file")) from None
    except OSError as exc:
        raise _refused(path, os_problem(exc)) from None
    if left <= 0:
        raise _too_large(path)
    return b"".join(chunks)


def nested_too_deeply() -> str:
    """Why a file whose nesting went past the decoder's limit is refused."""
    return _("nested deeper than any file indigo-tui writes")


def read_with(path: str | os.PathLike[str], decode: Callable[[bytes], T]) -> T:
    """The file at ``path`` (read by :func:`read_file`) decoded by ``decode``:
    the one reader of every file indigo-tui is given. Nesting deeper than
    the decoders go (they stop at the interpreter's recursion limit, long
    before any stack runs out) is refused, and a :class:`SaveError` that
    ``decode`` raises is said after the file's name, so every refusal is one
    line that names the file and the fault. Other errors of ``decode`` reach
    the caller as they are."""
    path = Path(path)
    data = read_file(path)
    try:
        return decode(data)
    except RecursionError:
        raise _refused(path, nested_too_deeply()) from None
    except SaveError as exc:
        raise _refused(path, exc.detail) from None


def load_save(path: str | os.PathLike[str]) -> SavedGame:
    """The save at ``path``, read by :func:`read_with`, decoded and replayed
    (:func:`decode_save`); :class:`SaveError` naming the file on any problem."""
    path = Path(path)
    saved = read_with(path, decode_save)
    saved.path = path
    return saved


def load_header(path: str | os.PathLike[str]) -> SaveHeader:
    """The header of the save at ``path`` (see :func:`decode_header`)."""
    return read_with(path, decode_header)


#: Temporary files of a failed :func:`write_atomic` that could not be removed
#: then (the folder had just turned read-only, say): ours, so removed at the
#: next write, once the folder lets us, instead of being left behind for good.
_orphans: set[Path] = set()
_orphans_lock = threading.Lock()


def _remove_orphans() -> None:
    with _orphans_lock:
        for tmp in list(_orphans):
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                continue
            _orphans.discard(tmp)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that it holds either the old or the new
    bytes, never a mixture, whatever happens mid-write. In a visitor's game
    under ``indigo serve`` a write past the folder's quota is refused first
    (:class:`~.quota.FolderFull`, an OSError)."""
    _remove_orphans()
    check_room(path, len(data))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        except OSError:
            with _orphans_lock:
                _orphans.add(Path(tmp))
        raise
    # The rename itself is durable only once the folder is.
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


#: Seconds after which a temporary file of :func:`write_atomic` is surely a
#: leftover (a write killed mid-way), not one being written by another process.
STALE_TEMP_AGE = 60.0


def remove_stale_temps(folder: Path, older_than: float = STALE_TEMP_AGE) -> int:
    """Remove our own temporary files (``.NAME.XXXX.tmp``, made by
    :func:`write_atomic`) that a killed write left in ``folder``; how many."""
    removed = 0
    now = time.time()
    with contextlib.suppress(OSError):
        for path in folder.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                if path.is_file() and now - path.stat().st_mtime > older_than:
                    path.unlink()
                    removed += 1
    return removed


def write_save(path: str | os.PathLike[str], header: SaveHeader, match: Match) -> None:
    try:
        write_atomic(Path(path), encode_save(header, match))
    except OSError as exc:
        problem = os_problem(exc)
        raise SaveError(
            _("could not save to {path}: {problem}").format(path=shown_path(path), problem=problem), problem
        ) from None


def seat_kinds(text: str) -> list[str]:
    """Seat kinds as ``--seats`` gives them: ``human,bot:greedy`` (commas
    between, spaces and case ignored, empty items skipped). An outside
    program's command keeps its case and spaces (``engine:python My Bot.py``),
    and a comma inside quotes is part of it (``engine:"run --level=2,3"``)."""
    kinds: list[str] = []
    item: list[str] = []
    quote = ""
    for char in text + ",":
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == ",":
            kind = "".join(item).strip()
            item = []
            if kind:
                head, colon, command = kind.partition(":")
                if head.strip().lower() == "engine" and colon:
                    kinds.append(f"engine:{unquoted(command.strip())}")
                else:
                    kinds.append(kind.lower())
            continue
        item.append(char)
    return kinds


def unquoted(command: str) -> str:
    """A command as written in ``--seats``, without quotes around the whole of
    it (``"python mybot.py"``): those only kept it in one piece."""
    if len(command) >= 2 and command[0] == command[-1] and command[0] in "\"'":
        inner = command[1:-1]
        if command[0] not in inner:
            return inner
    return command


def default_seat_names(kinds: Sequence[str]) -> list[str]:
    """The name of each seat nobody named, the same from the title screen and
    from ``indigo play``, in the current language: "You" for the one person at
    a table of bots, "Player N" when several people share the terminal, and a
    bot by its kind ("Greedy bot"), numbered when two bots are of one kind
    ("Greedy bot 1", "Greedy bot 2"). A saved game keeps the names it was
    given."""
    humans = sum(1 for kind in kinds if kind == "human")
    bots = [(SeatInfo("", kind).bot or kind).split(":")[0] for kind in kinds]
    names = []
    for index, kind in enumerate(kinds):
        if kind == "human":
            # translators: the name of the one person at a table of bots, when they gave none
            names.append(_("You") if humans == 1 else _("Player {number}").format(number=index + 1))
            continue
        label = bot_seat_name(bots[index])
        alike = [i for i, other in enumerate(bots) if other == bots[index] and kinds[i] != "human"]
        names.append(label if len(alike) == 1 else f"{label} {alike.index(index) + 1}")
    return names


def follow_language(seats: Sequence[SeatInfo]) -> list[SeatInfo]:
    """``seats``, each name that is its seat's default name in one of our
    languages ("You", "Du", "Greedy bot", "Gieriger Bot") said in the current
    language instead: a name nobody chose follows a change of language (or a
    save made in another one), a name someone typed stays as typed."""
    kinds = [info.kind for info in seats]
    made_in: list[set[str]] = [set() for _seat in seats]
    for code in LANGUAGES:
        with in_language(code):
            for index, name in enumerate(default_seat_names(kinds)):
                made_in[index].add(name)
    now = default_seat_names(kinds)
    return [
        SeatInfo(now[index], info.kind) if info.name in made_in[index] else info
        for index, info in enumerate(seats)
    ]


def named_you(name: str) -> bool:
    """Whether ``name`` is the default name of the one person at a table of bots
    ("You", "Vous", "Du"): the screen then speaks to them ("Your hand", "À vous
    de jouer") rather than of them ("Hand of You")."""
    return name == _("You")


def default_seat_name(index: int, kind: str) -> str:
    """``Player 2`` for a person at seat index 1, ``Greedy bot`` for ``bot:greedy``."""
    bot = SeatInfo("", kind).bot
    return _("Player {number}").format(number=index + 1) if bot is None else bot_seat_name(bot)


def seats_from_kinds(kinds: Sequence[str], names: Sequence[str] = ()) -> list[SeatInfo]:
    """Seats for kinds like ``human`` or ``bot:greedy``: the given names where
    there are (non-blank) ones, else the default names."""
    defaults = default_seat_names(kinds)
    seats = []
    for index, kind in enumerate(kinds):
        given = names[index].strip() if index < len(names) else ""
        seats.append(SeatInfo(given or defaults[index], kind))
    return seats
