"""Setting up a hosted game, or taking one up again from its save: one home
for the lobby (``ui/screens/lobby.py``) and ``indigo host`` alike.

A :class:`HostPlan` says what the host chose (seats, variant, rounds, code);
:func:`build_host` makes the :class:`~indigo_tui.net.host.HostSession` for it
(not yet listening) and :func:`resume_host` one from a hosted game's save.
Both answer a :class:`Hosted`: the session and the seats played at the
host's own terminal, by a person at a screen or, headless, by a bot
(``own_bot``). Anything wrong is a :class:`HostingError` with its code and facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .. import saves
from ..bots import Bot, BotSpecError, make_bot
from ..engine import Setup, SetupError, Variant, rounds_allowed
from ..i18n import _
from ..saves import SeatInfo, default_seat_names, host_save_name
from . import DEFAULT_PORT, DEFAULT_UNDO_LIMIT, DEFAULT_WATCHERS, MAX_WATCHERS
from .clock import turn_time_problem
from .common import new_join_code, normal_code, parse_address, plain_name
from .deal import new_match
from .host import HostConfig, HostError, HostSession
from .problems import Fact, HostingSays, NetProblem
from .relay import CodeError, Relay, parse_internet_code, relay_from
from .rendezvous import is_table_key, new_table_key

#: The most undo requests a seat may be allowed per round.
MAX_UNDO_LIMIT = 99


class HostingError(NetProblem, ValueError):
    """A hosted game that cannot be set up or taken up: ``says`` and the
    facts what is said of it (:func:`~.problems.problem_text`)."""

    def __init__(self, says: HostingSays, /, **facts: Fact) -> None:
        super().__init__(says, **facts)


@dataclass
class HostPlan:
    """Everything the host's setup decides (the lobby's form or ``indigo host``'s options)."""

    #: One per seat: ``host`` (this terminal), ``remote`` (a guest) or ``bot:NAME``.
    kinds: list[str]
    #: The host player's name ("" for the host's own word for it).
    name: str = ""
    variant: Variant = "classic"
    own_gates: bool = False
    rounds: int = 1
    port: int = DEFAULT_PORT
    bind: str = "0.0.0.0"
    #: The join code; "" makes a strong one.
    code: str = ""
    seed: int | str | None = None
    #: Players may ask the search bot for a hint (counted, shown at the end).
    hints: bool = False
    #: Across the internet: guests come in through this transit relay, with an
    #: internet code (``4821-K7WQ2M``); None on a LAN.
    relay: Relay | None = None
    #: Seconds each seat has for a move (0: no turn clock; net/clock.py).
    turn_time: float = 0.0
    #: Undo requests each seat may put to the vote per round.
    undo_limit: int = DEFAULT_UNDO_LIMIT
    #: Terminals that may watch at once, without a seat (0: none), and whether
    #: their lines of chat are passed on.
    watchers: int = DEFAULT_WATCHERS
    watcher_chat: bool = True


@dataclass
class Hosted:
    """A host session and the seats its own terminal plays."""

    session: HostSession
    own: list[int] = field(default_factory=list)
    #: The transit relay the game is played through (across the internet), or None.
    relay: Relay | None = None
    #: The port a resumed game's host listened on last, or None: the guests were
    #: told to rejoin there, so the host opens it again unless told otherwise.
    port: int | None = None


def check_kinds(kinds: list[str]) -> None:
    """:class:`HostingError` unless every kind is one a hosted seat may be and
    at least one seat is a guest's."""
    for kind in kinds:
        if kind not in ("host", "remote") and SeatInfo("", kind).bot is None:
            raise HostingError(HostingSays.BAD_KIND, kind=repr(kind))
    if "remote" not in kinds:
        raise HostingError(HostingSays.NO_REMOTE)


def check_watchers(watchers: int) -> None:
    """:class:`HostingError` unless ``watchers`` is a number of watchers a host may let in."""
    if not 0 <= watchers <= MAX_WATCHERS:
        raise HostingError(HostingSays.WATCHERS, most=MAX_WATCHERS)


def _bot(spec: str, seed: int | str | None, seat: int | str, *, programs: bool = True) -> Bot:
    """The bot of ``spec``; an engine seat starts its program only if
    ``programs`` (never one named in a save: a file must not run a command)."""
    try:
        return make_bot(spec, None if seed is None else f"{seed}:{seat}", programs=programs)
    except BotSpecError as exc:
        raise HostingError(HostingSays.CAUSE, cause=exc) from None


def save_folder(save_dir: Path) -> Path:
    """Where hosted games are saved: a folder of their own, so the title's
    Continue does not offer one as a local game (``indigo host --resume`` and
    the lobby take it up)."""
    folder = save_dir / "net"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise HostingError(
            HostingSays.CANNOT_USE_FOLDER, folder=saves.shown_path(folder), reason=exc
        ) from None
    return folder


def build_host(
    plan: HostPlan,
    save_dir: Path | None,
    *,
    own_bot: str | None = None,
    move_delay: float = 0.5,
) -> Hosted:
    """A new hosted game for ``plan`` (the port not yet open). The host's own
    seats are a person's, or with ``own_bot`` (headless) played by that bot."""
    kinds = list(plan.kinds)
    check_kinds(kinds)
    check_watchers(plan.watchers)
    if not rounds_allowed(plan.rounds):
        raise HostingError(HostingSays.ROUNDS)
    try:
        setup = Setup(len(kinds), plan.variant, plan.own_gates)
    except SetupError as exc:
        raise HostingError(HostingSays.SETUP, setup=exc) from None
    if turn_time_problem(plan.turn_time) is not None:
        raise HostingError(HostingSays.TURN_TIME, seconds=plan.turn_time)
    if not 0 <= plan.undo_limit <= MAX_UNDO_LIMIT:
        raise HostingError(HostingSays.UNDO_LIMIT, most=MAX_UNDO_LIMIT)
    own = [index for index, kind in enumerate(kinds) if kind == "host"]
    # The first round is dealt from a secret of the host's (the round's salt),
    # as every later one: a guest cannot shuffle it, even knowing the seed.
    match, salt = new_match(setup, plan.rounds, plan.seed)
    # Bots are named as at a local table: "Greedy bot", or "Greedy bot 1" and "Greedy bot 2".
    bot_names = default_seat_names(["human" if k in ("host", "remote") else k for k in kinds])
    name = plain_name(plan.name) or _("Host")
    seats: list[SeatInfo] = []
    bots: dict[int, Bot] = {}
    host_bot = None if own_bot is None or not own else _bot(own_bot, plan.seed, "host")
    for index, kind in enumerate(kinds):
        if kind == "host":
            if host_bot is None:
                seats.append(SeatInfo(name, "human"))
            else:
                seats.append(SeatInfo(name, f"bot:{own_bot}"))
                bots[index] = host_bot
        elif kind == "remote":
            seats.append(SeatInfo(_("Player {number}").format(number=index + 1), "remote"))
        else:
            bots[index] = _bot(SeatInfo("", kind).bot or kind, plan.seed, index)
            seats.append(SeatInfo(bot_names[index], kind))
    code = _join_code(plan.code, plan.relay)
    spoken = _spoken_code(plan.code, plan.relay)
    try:
        session = HostSession(
            match,
            seats,
            code,
            HostConfig(
                spoken=spoken,
                local_bots=bots,
                salts=[salt],
                host_seats=own,
                move_delay=max(0.0, move_delay),
                hints=plan.hints,
                turn_time=plan.turn_time,
                undo_limit=plan.undo_limit,
                watchers=plan.watchers,
                watcher_chat=plan.watcher_chat,
            ),
        )
    except HostError as exc:
        raise HostingError(HostingSays.CAUSE, cause=exc) from None
    if save_dir is not None:
        path = save_folder(save_dir) / host_save_name(session.game_id)
        session.keeper = saves.HostKeeper(path, lock=_claim(path))
    return Hosted(session, own if host_bot is None else [], plan.relay)


def _claim(path: Path) -> saves.SaveLock:
    """This process's claim to host the save at ``path`` (one window at a time
    plays a save: a local Continue or ``indigo load`` of it is refused while it
    is hosted, and so is a second host), or :class:`HostingError` if another
    window plays it now."""
    try:
        return saves.SaveLock.acquire(path)
    except saves.SaveOpenElsewhere as exc:
        raise HostingError(HostingSays.CAUSE, cause=exc) from None


def _join_code(given: str, relay: Relay | None) -> str:
    """The code the host's guests prove at its door: ``given``, or a strong
    new one, on a LAN; across the internet a new table key (the code friends
    are told comes from the mailbox server: :func:`_spoken_code`)."""
    if relay is None:
        return normal_code(given) or new_join_code()
    return new_table_key()


def _spoken_code(given: str, relay: Relay | None) -> str:
    """Across the internet, the code the host asked for (``--code``), checked;
    "" for one the mailbox server gives."""
    if relay is None or not given.strip():
        return ""
    try:
        return str(parse_internet_code(given))
    except CodeError as exc:
        raise HostingError(HostingSays.CAUSE, cause=exc) from None


def resume_host(
    path: Path,
    *,
    code: str | None = None,
    own_bot: str | None = None,
    move_delay: float = 0.5,
    relay: Relay | None = None,
    mailbox: str | None = None,
    watchers: int = DEFAULT_WATCHERS,
    watcher_chat: bool = True,
) -> Hosted:
    """A hosted game taken up from its save (after the host crashed or quit):
    the same game, code and seats, so the guests get back in by joining again.
    ``code`` replaces the saved join code; with ``own_bot`` (headless) the
    host's own seats are played by that bot, else by the person at the screen.
    A game played across the internet is taken up through the same transit
    relay (``relay`` names another; ``mailbox`` the mailbox server, else the
    environment's or the public one), with the same table key, so its guests
    rejoin without the mailbox; a free seat gets a fresh spoken code.
    ``watchers`` and ``watcher_chat``: as in :class:`HostPlan` (not saved)."""
    check_watchers(watchers)
    try:
        saved = saves.load_save(path)
        facts = saves.read_host_meta(saved.header.meta)
    except saves.SaveError as exc:
        raise HostingError(HostingSays.IN_FILE, file=str(path), problem=exc) from None
    if saved.match.over:
        raise HostingError(HostingSays.OVER, file=str(path))
    if relay is None and facts.relay:
        try:
            relay = relay_from(facts.relay, mailbox=mailbox)
        except ValueError as exc:
            raise HostingError(HostingSays.IN_FILE, file=str(path), problem=exc) from None
    spoken = _spoken_code(code or "", relay)
    if relay is None:
        join_code = _join_code(code, relay) if code else facts.code
    else:
        # Across the internet the door proves the table key its guests hold
        # (a LAN game taken up across the internet gets one).
        join_code = facts.code if is_table_key(facts.code) else new_table_key()
    if not join_code:
        raise HostingError(HostingSays.NO_JOIN_CODE, file=str(path))
    seed = saved.match.seed
    # The host's own seats: marked so, or (older saves) saved as a person's.
    own = sorted(set(facts.host_seats) | {i for i, s in enumerate(saved.header.seats) if s.kind == "human"})
    host_bot = None if own_bot is None or not own else _bot(own_bot, seed, "host")
    seats: list[SeatInfo] = []
    bots: dict[int, Bot] = {}
    for index, info in enumerate(saved.header.seats):
        if index in own:
            if host_bot is None:
                seats.append(SeatInfo(info.name, "human"))
            else:
                seats.append(SeatInfo(info.name, f"bot:{own_bot}"))
                bots[index] = host_bot
            continue
        if info.bot is not None:
            bots[index] = _bot(info.bot, seed, index, programs=False)
        seats.append(info)
    # Claimed once nothing else can go wrong before the session holds it.
    lock = _claim(path)
    try:
        session = HostSession(
            saved.match,
            seats,
            join_code,
            HostConfig(
                spoken=spoken,
                local_bots=bots,
                game_id=facts.game_id,
                salts=facts.salts,
                tokens=facts.tokens,
                host_seats=own,
                keeper=saves.HostKeeper(path, created=saved.header.created, lock=lock),
                move_delay=max(0.0, move_delay),
                extra_meta=saves.without_host_meta(saved.header.meta),
                hints=facts.hints,
                turn_time=facts.turn_time,
                undo_limit=DEFAULT_UNDO_LIMIT if facts.undo_limit is None else facts.undo_limit,
                undos=facts.undos,
                watchers=watchers,
                watcher_chat=watcher_chat,
            ),
        )
    except HostError as exc:
        lock.release()
        raise HostingError(HostingSays.IN_FILE, file=str(path), problem=exc) from None
    return Hosted(session, own if host_bot is None else [], relay, _saved_port(facts.address))


def _saved_port(address: str) -> int | None:
    """The port of a saved "ADDRESS:PORT" (IPv6 in brackets), or None."""
    try:
        return parse_address(address, default_port=0)[1] or None
    except ValueError:
        return None


__all__ = [
    "HostPlan",
    "Hosted",
    "HostingError",
    "build_host",
    "check_kinds",
    "host_save_name",
    "resume_host",
    "save_folder",
]
