"""The host peer: the one authority over the game, its deck and its seats.

:class:`HostSession` holds the :class:`~indigo_tui.engine.Match`, gives
each guest that its door lets in (:mod:`.admission`) a remote seat
(:mod:`.seating`), answers what a seated guest asks (moves, undo, votes,
hints), plays the local seats' bots, and sends each terminal the public
events plus only its own seat's draws (:mod:`.broadcast`). Undo requests are
voted on (:mod:`.undo`), and the host takes the moves back. A screen plays a
local seat through :meth:`HostSession.play`. Everything a screen may want to
show arrives on :attr:`HostSession.notices`, one typed notice per kind
(:mod:`.notices`). The game is saved after every change.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .. import __version__, saves
from ..bots import Bot, make_bot
from ..bots.engine_seat import take_notices
from ..engine import Game, Match, Move, public_event
from ..engine.refusals import Refusal
from ..i18n import _, ngettext
from ..saves import HostMeta, SeatInfo
from . import DEFAULT_UNDO_LIMIT
from .admission import Door
from .broadcast import Broadcaster, Link
from .clock import Turn, TurnTimer
from .common import (
    REASON_LIMIT,
    Notices,
    Thinker,
    address_text,
    heartbeat,
    log_line,
    normal_code,
    peer_error,
    plain_name,
)
from .deal import commitment, secret_deck
from .guard import Allowance, Budgets, GuessLimiter, LineBudget, SeatBudgets
from .notices import (
    ClockStarted,
    HintRefused,
    LinesHeld,
    LogChanged,
    MoveRefused,
    Notice,
    PlayEnded,
    PlayStarted,
    Problem,
    RelayState,
    RelayStatus,
    RoundStarted,
    SaveState,
    SeatJoined,
    SeatLeft,
    SeatTakenOver,
    SessionClosed,
    TurnTimedOut,
    UndoSettled,
)
from .protocol import (
    Breach,
    Bye,
    Error,
    Heartbeat,
    HintCounts,
    HintNotCounted,
    HintUsed,
    Join,
    Message,
    MoveAck,
    MoveRejected,
    MoveRequest,
    NextRound,
    PastRound,
    ProtocolError,
    SeatStatus,
    Started,
    TimedOut,
    TurnClock,
    Undone,
    UndoRequest,
    UndoResult,
    UndoVote,
    Welcome,
)
from .reasons import (
    Ending,
    Farewell,
    NetRefusal,
    Why,
    english_why,
    error_message,
    error_text,
    farewell_english,
    farewell_text,
    seat_label,
    why_text,
)
from .relay import CodeError, Relay, parse_internet_code
from .seating import Seating
from .state import SeatState
from .transport import HEARTBEAT_INTERVAL, READ_TIMEOUT, Connection
from .undo import UndoVoting

#: The bot that plays a seat's move when its time runs out: quick and sensible.
STAND_IN = "greedy"


@dataclass(frozen=True)
class SeatLine:
    """One seat as a lobby shows it."""

    seat: int
    name: str
    kind: str
    connected: bool


class HostError(Exception):
    """The host cannot go on (a port in use, a bad save); one line for people."""


class HostSession(Notices):
    """A hosted network game; see the module docstring."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[SeatInfo],
        code: str,
        *,
        local_bots: dict[int, Bot] | None = None,
        game_id: str | None = None,
        salts: Sequence[str] = (),
        tokens: dict[int, str] | None = None,
        host_seats: Sequence[int] = (),
        save_path: Path | None = None,
        created: str | None = None,
        move_delay: float = 0.0,
        heartbeat: float = HEARTBEAT_INTERVAL,
        read_timeout: float = READ_TIMEOUT,
        app_version: str = __version__,
        on_frame_sent: Callable[[int, Message], None] | None = None,
        extra_meta: dict[str, str] | None = None,
        budgets: Budgets | None = None,
        limiter: GuessLimiter | None = None,
        seat_budgets: SeatBudgets | None = None,
        hints: bool = False,
        turn_time: float = 0.0,
        undo_limit: int = DEFAULT_UNDO_LIMIT,
        undos: Sequence[int] = (),
    ) -> None:
        if len(seats) != match.setup.players:
            raise HostError(
                ngettext(
                    "{seats} seat for {players} players", "{seats} seats for {players} players", len(seats)
                ).format(seats=len(seats), players=match.setup.players)
            )
        if not any(s.kind == "remote" for s in seats):
            raise HostError(_("a network game needs at least one remote seat"))
        super().__init__()
        self.match = match
        self.seating = Seating(seats, tokens)
        self.code = normal_code(code)
        self.local_bots = dict(local_bots or {})
        self.game_id = game_id or secrets.token_hex(6)
        #: One secret salt per round dealt (see :attr:`salt`).
        self.salts = [s for s in salts if s]
        #: Seats played at the host's own terminal (kept in the save for a resume).
        self.host_seats = sorted(set(host_seats))
        self.save_path = save_path
        #: This process's claim on :attr:`save_path` (``saves.SaveLock``: no
        #: other window plays the save meanwhile), let go of by :meth:`close`.
        self.save_lock: saves.SaveLock | None = None
        #: Why the last autosave failed, while it keeps failing.
        self.save_problem: str | None = None
        self.created = created
        self.move_delay = move_delay
        self.heartbeat = heartbeat
        self.read_timeout = read_timeout
        self.app_version = app_version
        self.extra_meta = dict(extra_meta or {})
        #: Players may ask the search bot for hints; each seat's count is kept in
        #: the save and told to every terminal.
        self.hints_allowed = hints
        #: The seat and turn of each seat's last counted hint: one per own turn.
        self._hinted: dict[int, tuple[int, int]] = {}
        #: What each seated terminal may ask (its messages' pace, undo requests, log lines).
        self.seat_budgets = seat_budgets or SeatBudgets()
        #: Undo requests each seat may put to the vote per round, and how many it has.
        self.undo_limit = max(0, undo_limit)
        self.undos = [*list(undos)[: match.setup.players], *[0] * match.setup.players][: match.setup.players]
        self.broadcaster = Broadcaster(on_frame_sent)
        self.undo = UndoVoting(self.broadcaster, self.tell)
        #: The turn clock (``turn_time`` seconds a move; 0: none), and the bots
        #: that stand in for a seat whose time ran out.
        self.clock = TurnTimer(max(0.0, turn_time), self._time_up)
        self._stand_ins: dict[int, Bot] = {}
        self.started = False
        self.closed = False
        self.public = SeatState(match.setup, None)
        for event in self.game.log:
            self.public.apply(public_event(event))
        self.changed = asyncio.Event()
        #: Set once the match is over (the last round's last event is in).
        self.over_event = asyncio.Event()
        if self.match.over:
            self.over_event.set()
        #: The port and everyone at it: strangers kept within budgets, guests let in.
        self.door = Door(
            self.code,
            seat=self._seat,
            serve=self._serve,
            lost=self._lost,
            tell=self.tell,
            app_version=app_version,
            read_timeout=read_timeout,
            budgets=budgets,
            limiter=limiter,
        )
        self._bot_task: asyncio.Task[None] | None = None
        self._thinker = Thinker()

    # -- facts ---------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def seats(self) -> list[SeatInfo]:
        return self.seating.seats

    @property
    def tokens(self) -> dict[int, str]:
        return self.seating.tokens

    @property
    def away_since(self) -> dict[int, float]:
        return self.seating.away_since

    @property
    def links(self) -> dict[int, Link]:
        return self.broadcaster.links

    @property
    def address(self) -> tuple[str, int] | None:
        """Where the host listens (once it does)."""
        return self.door.address

    @property
    def revealed_seats(self) -> set[int]:
        return self.broadcaster.revealed_seats

    @property
    def salt(self) -> str:
        """The current round's salt: fresh for each round, so revealing one
        round's deal tells nothing of the next one's."""
        while len(self.salts) <= self.match.round_index:
            self.salts.append(secrets.token_hex(16))
        return self.salts[self.match.round_index]

    @property
    def commitment(self) -> str:
        deck = self.game.deck
        assert deck is not None, "a network game is always dealt from a deck"
        return commitment(deck, self.salt)

    @property
    def remote_seats(self) -> list[int]:
        return self.seating.remote_seats

    @property
    def all_remote_connected(self) -> bool:
        return all(s in self.links for s in self.remote_seats)

    def lobby(self) -> list[SeatLine]:
        """Every seat for a lobby or status line: who, what kind, whether its
        terminal is here (local seats always are)."""
        return [
            SeatLine(seat, info.name, info.kind, info.kind != "remote" or seat in self.links)
            for seat, info in enumerate(self.seats)
        ]

    def past_rounds(self) -> list[PastRound]:
        """The match's finished rounds as a guest gets them (all public since
        their reveal): deck, salt and placements."""
        past = []
        for index, game in enumerate(self.match.games[:-1]):
            deck = game.deck
            assert deck is not None, "a network game is always dealt from a deck"
            past.append(PastRound(deck, self.salts[index], [move for _, move in game.moves]))
        return past

    @property
    def ready(self) -> bool:
        """Whether every remote seat has a terminal, so :meth:`begin` may start."""
        return self.all_remote_connected

    def tell(self, notice: Notice) -> None:
        if isinstance(notice, RelayStatus) and notice.state is RelayState.WAITING:
            # Once every seat is taken (or play is on), the connection waiting
            # at the relay is there for a seat that drops, not for friends.
            notice = replace(notice, seats_taken=self.started or self.ready)
        super().tell(notice)

    def host_meta(self) -> HostMeta:
        """What a resumed host needs to take the game up again."""
        commitment = self.commitment  # makes the current round's salt if need be
        return HostMeta(
            game_id=self.game_id,
            code=self.code,
            salts=list(self.salts),
            tokens=dict(sorted(self.tokens.items())),
            host_seats=list(self.host_seats),
            commitment=commitment,
            address=address_text(*self.address) if self.address else "",
            hints=self.hints_allowed,
            relay=str(self.relay) if self.relay is not None else "",
            turn_time=self.clock.seconds,
            undo_limit=self.undo_limit,
            undos=list(self.undos),
        )

    def meta(self) -> dict[str, str]:
        """The save header's ``meta``: what other parts keep, and the host's own facts."""
        return {**self.extra_meta, **self.host_meta().to_meta()}

    def _write(self, path: Path) -> None:
        header = saves.make_header(self.match, self.seats, created=self.created, meta=self.meta())
        if self.created is None:
            self.created = header.created
        saves.write_save(path, header, self.match)

    def save(self) -> bool:
        """Autosave (after every move, seat and undo); True once the whole file
        is on disk. A failure is said once (a :class:`SaveState` notice) and
        the game goes on in memory; the first save that works again says so."""
        path = self.save_path
        if path is None:
            return False
        try:
            self._write(path)
        except saves.SaveError as exc:
            detail = exc.detail
            if self.save_problem is None:
                self.tell(SaveState(False, str(path), detail))
            self.save_problem = detail
            return False
        if self.save_problem is not None:
            self.tell(SaveState(True, str(path)))
        self.save_problem = None
        return True

    @property
    def saved(self) -> bool:
        """Whether the game as it stands is on disk, whole (the last save worked)."""
        return self.save_path is not None and self.save_problem is None and self.save_path.is_file()

    @property
    def hint_counts(self) -> list[int]:
        """How many hints each seat asked for (kept in the save's ``meta``)."""
        return saves.read_hint_counts(self.extra_meta, self.match.setup.players)

    def count_hint(self, seat: int) -> Why | None:
        """``seat`` asked for a hint: count it, save, and tell every terminal;
        or why not (the rules allow one per own turn, where the host allows
        hints at all)."""
        if not self.hints_allowed:
            return Why(NetRefusal.NO_HINTS)
        game = self.game
        if not self.started or game.over or game.turn != seat:
            return Why(NetRefusal.HINT_NOT_YOUR_TURN)
        turn = (self.match.round_index, game.board.placements)
        if self._hinted.get(seat) == turn:
            return Why(NetRefusal.HINT_COUNTED)
        self._hinted[seat] = turn
        counts = self.hint_counts
        counts[seat] += 1
        self.extra_meta[saves.HINTS_KEY] = saves.hint_counts_meta(counts)
        self.save()
        self.broadcaster.broadcast(HintCounts(counts))
        return None

    # -- serving -------------------------------------------------------------

    async def listen(self, bind: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Open the port; returns the address actually bound (``port=0`` picks one).
        :class:`HostError` if the game cannot be saved where it is to be: a
        game is not started that would be lost with the host."""
        self._can_save()
        try:
            address = self.door.open(bind, port)
        except OSError as exc:
            raise HostError(
                _("cannot listen on {address} ({problem})").format(
                    address=f"{bind}:{port}", problem=exc.strerror or exc
                )
            ) from None
        self._bot_task = asyncio.create_task(self._drive_bots())
        self.save()
        return address

    def _can_save(self) -> None:
        """:class:`HostError` unless the game can be saved where it is to be
        (a game is not opened to guests that would be lost with the host)."""
        if self.save_path is not None:
            saves.remove_stale_temps(self.save_path.parent)
            try:
                self._write(self.save_path)
            except saves.SaveError as exc:
                raise HostError(_("the game cannot be saved: {problem}").format(problem=exc)) from None

    @property
    def relay(self) -> Relay | None:
        """The transit relay guests come in through (across the internet), or None."""
        return self.door.relay

    @property
    def open(self) -> bool:
        """Whether guests can come in: the port is open, or the door at the relay."""
        return self.address is not None or self.relay is not None

    async def listen_relay(self, relay: Relay) -> None:
        """Let guests in through a transit relay (:mod:`.relay`) with the
        internet code, as through the port on a LAN. :class:`HostError` if
        the join code is not an internet code or the game cannot be saved.
        Whether the relay can be reached is told as
        :class:`~.relay.RelayStatus` notices (the door keeps trying)."""
        try:
            code = parse_internet_code(self.code)
        except CodeError as exc:
            raise HostError(str(exc)) from None
        self._can_save()
        self.door.open_relay(relay, code)
        self._bot_task = asyncio.create_task(self._drive_bots())
        self.save()

    def begin(self) -> None:
        """Start play: every seated guest gets the log so far, bots start moving."""
        if self.started:
            return
        unclaimed = [s + 1 for s in self.remote_seats if s not in self.tokens]
        if unclaimed:
            raise HostError(
                ngettext(
                    "remote seat {seats} has no terminal yet",
                    "remote seats {seats} have no terminal yet",
                    len(unclaimed),
                ).format(seats=", ".join(map(str, unclaimed)))
            )
        self.started = True
        self.tell(PlayStarted())
        self.flush()
        self.broadcaster.broadcast(Started(self.public.length))
        self._next_turn()

    def next_round(self) -> None:
        """Deal the match's next round (once this one is over) and tell every
        guest: its commitment, then its first events. :class:`HostError` if
        the round is not over or it was the last, or the session is closed."""
        if self.closed:
            # Its guests are gone and its bots stopped: a round dealt now would never be played.
            raise HostError(_("the game is closed"))
        match = self.match
        if not self.started or not match.can_start_next_round:
            raise HostError(_("the round is not over, or the match is"))
        index = match.round_index + 1
        while len(self.salts) <= index:
            self.salts.append(secrets.token_hex(16))
        # Dealt from the round's secret salt (and the seed): no guest can
        # shuffle it before the reveal, even knowing the seed (net/deal.py).
        match.next_round(secret_deck(match.seed, index, self.salts[index]))
        self.undos = [0] * match.setup.players
        self.public = SeatState(match.setup, None)
        for event in self.game.log:
            self.public.apply(public_event(event))
        self.broadcaster.new_round()
        self.broadcaster.broadcast(NextRound(match.round_index, self.commitment))
        self.flush()
        self.save()
        self.tell(RoundStarted(match.round_index, match.rounds))
        self._next_turn()

    async def close(self, farewell: Farewell = Farewell.HOST_CLOSED, numbers: tuple[int, ...] = ()) -> None:
        """Say goodbye to every guest (why: ``farewell`` and its ``numbers``,
        which each guest says in its own language) and stop listening."""
        if self.closed:
            return
        self.closed = True
        if self._bot_task is not None:
            self._bot_task.cancel()
        await self.clock.close()
        await self.door.shut()
        links = list(self.links.values())
        bye = Bye(farewell_english(farewell, numbers), farewell.value, numbers)
        await asyncio.gather(*(link.conn.close(bye) for link in links), return_exceptions=True)
        await self.door.drop_all()
        self.save()
        if self.save_lock is not None:
            # Saved for the last time: another window may take the game up now.
            self.save_lock.release()
        self.tell(SessionClosed(farewell_text(farewell, bye.reason, numbers)))

    async def _seat(self, conn: Connection, caller: Join) -> Link | None:
        """Give a caller that proved the code its seat and welcome it."""
        seat, from_seq = self.seating.seat_for(
            caller.claim, self.game_id, self.match.round_index, self.public
        )
        if seat is None:
            full = error_message(Ending.FULL)
            await conn.close(full)
            self.tell(
                Problem(_("{address}: refused, {reason}").format(address=conn.peer, reason=error_text(full)))
            )
            return None
        # A name is the player's own, shown as it is everywhere (the host's default is in its language).
        name = plain_name(caller.name) or _("Player {number}").format(number=seat + 1)
        old = self.links.pop(seat, None)
        if old is not None:
            # The seat's own token again: its player is back on a new connection
            # (usually the old one is dead). The old one is told so, with the name
            # of who took it, and as an error: it must not try to win the seat back.
            await old.conn.close(error_message(Ending.TAKEN, quoted=(name,)))
            self.tell(SeatTakenOver(seat, name))
        self.seats[seat] = SeatInfo(name, "remote")
        token = self.tokens.setdefault(seat, secrets.token_hex(16))
        link = Link(conn, seat, name, sent=from_seq, allowance=Allowance(self.seat_budgets))
        welcome = Welcome(
            game_id=self.game_id,
            seat=seat,
            token=token,
            setup=self.match.setup,
            seat_names=[s.name for s in self.seats],
            seat_kinds=[s.kind for s in self.seats],
            commitment=self.commitment,
            from_seq=from_seq,
            started=self.started,
            app=self.app_version,
            hints=self.hints_allowed,
            rounds=self.match.rounds,
            round=self.match.round_index,
            past=self.past_rounds(),
            turn_time=self.clock.seconds,
            undo_limit=self.undo_limit,
        )
        await conn.send(welcome)
        self.links[seat] = link
        self.away_since.pop(seat, None)
        self.save()
        rejoined = caller.claim is not None and caller.claim.seat == seat
        if old is None:
            self.tell(SeatJoined(seat, name, rejoined=rejoined))
        self.broadcaster.broadcast(SeatStatus(seat, True, name), skip=seat)
        for other, there in list(self.links.items()):
            if other != seat:
                # The newcomer learns who is already here (a welcome has names, not presence).
                self.broadcaster.send(link, SeatStatus(other, True, there.name))
        if any(self.hint_counts):
            self.broadcaster.send(link, HintCounts(self.hint_counts))
        self.flush()
        if self.started:
            self.broadcaster.send(link, Started(self.public.length))
            turn = self.clock.turn
            if turn is not None:
                self.broadcaster.send(link, TurnClock(turn.length, turn.seat, turn.left()))
        return link

    async def _serve(self, link: Link) -> None:
        """Read and answer a seated guest until its connection ends, within
        its budget: its messages are read at a bounded pace, and none is read
        while the answers to the last ones wait to be sent (a guest that asks
        without reading the answers is read no faster than it reads)."""
        link.keep(asyncio.create_task(heartbeat(link.conn, self.heartbeat)))
        pace = link.allowance.messages
        try:
            while not self.closed:
                message = await link.conn.read()
                if self.links.get(link.seat) is not link:
                    return
                link.read += 1
                wait = pace.take()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not await self._handle(link, message):
                    return
                await link.conn.drain()
        finally:
            link.cancel()

    async def _handle(self, link: Link, message: Message) -> bool:
        """Act on one message from a seated guest; False ends the connection."""
        match message:
            case Heartbeat():
                return True
            case MoveRequest():
                await self._guest_move(link, message)
                return True
            case UndoRequest(seat=seat) if seat != link.seat:
                self._undo_refused(link, message.id, self._not_yours(link, seat))
                return True
            case UndoRequest() if link.undo is not None and not link.undo.done():
                # One request of a terminal at a time: the first is still being settled.
                self._undo_refused(link, message.id, Why(NetRefusal.ANOTHER_UNDO))
                return True
            case UndoRequest() if self.undos[link.seat] >= self.undo_limit:
                self._undo_refused(link, message.id, Why(NetRefusal.UNDO_LIMIT, (link.seat, self.undo_limit)))
                return True
            case UndoRequest(id=undo_id, at_seq=at_seq):
                wait = link.allowance.undos.try_take()
                if wait > 0:
                    self._undo_refused(link, undo_id, Why(NetRefusal.UNDO_TOO_OFTEN, (max(1, round(wait)),)))
                    return True
                link.undo = asyncio.create_task(self._undo_flow(link.seat, at_seq, undo_id))
                link.keep(link.undo)
                return True
            case UndoVote(id=undo_id, accept=accept):
                # A terminal votes for its own seat only, whatever seat it names.
                self.undo.vote(undo_id, link.seat, accept)
                return True
            case HintUsed():
                # Counted for the terminal's own seat, one per own turn. A second
                # hint on the same turn is simply not counted again (an honest
                # player may ask twice); anything else is refused in words.
                why = self.count_hint(link.seat)
                if why is not None and why.code != NetRefusal.HINT_COUNTED:
                    self.broadcaster.send(
                        link, HintNotCounted(english_why(why, self._name), why.code, why.args)
                    )
                    self._log_refusal(link, HintRefused(link.seat, english_why(why), link.name, why))
                return True
            case Bye(reason=reason, code=code, args=numbers):
                # Said from the code in this terminal's language; the guest's own words
                # only for a code we do not know.
                said = farewell_text(code, log_line(reason, REASON_LIMIT), numbers[:4])
                self._lost(link, _("left: {reason}").format(reason=said))
                if not self.started:
                    # Left the waiting room: the seat is free for someone else.
                    self.seating.release(link.seat)
                    self.save()
                return False
            case Error() as error:
                # A guest's desync or broken protocol, said in this terminal's language.
                said = error_text(peer_error(error))
                self._lost(link, _("gave up: {reason}").format(reason=said))
                return False
        raise ProtocolError(Breach.GUEST_MAY_NOT, quoted=(type(message).__name__,))

    def _undo_refused(self, link: Link, undo_id: int, why: Why) -> None:
        """Refuse a terminal's undo request at once (before any vote), in words."""
        reason = english_why(why, self._name)
        self.broadcaster.send(link, UndoResult(undo_id, False, reason, why.code, why.args))
        names = tuple(self.seating.name(s) for s in range(len(self.seats)))
        self._log_refusal(link, UndoSettled(link.seat, False, reason, why, names))

    def _log_refusal(self, link: Link, notice: Notice) -> None:
        """Tell of a terminal's refused request, within its lines a minute."""
        said = link.allowance.lines.admit()
        if said == LineBudget.SAY:
            self.tell(notice)
        elif said == LineBudget.SAY_QUIET:
            self.tell(LinesHeld(link.seat, link.name))

    def _not_yours(self, link: Link, seat: int) -> Why:
        if not 0 <= seat < self.match.setup.players:
            return Why(NetRefusal.NO_SEAT, (seat,))
        return Why(NetRefusal.NOT_THIS_TERMINAL, (link.seat, seat))

    def _name(self, seat: int) -> str:
        """A seat as people read it, for the words that go with a code."""
        return seat_label(seat, self.seating.name(seat) if 0 <= seat < len(self.seats) else "")

    def _lost(self, link: Link, why: str) -> None:
        if self.links.get(link.seat) is not link:
            return
        del self.links[link.seat]
        self.away_since[link.seat] = time.monotonic()
        link.conn.closed = True
        link.cancel()
        self.undo.voter_lost(link.seat)
        self.tell(SeatLeft(link.seat, link.name, why, after_end=self.match.over))
        self.broadcaster.broadcast(SeatStatus(link.seat, False, link.name))

    def flush(self, after: dict[int, Message] | None = None) -> None:
        """Send every seated guest what it has not had yet (once play is on)."""
        if self.started:
            self.broadcaster.flush(self.game, self.public, self.salt, after)

    # -- moves ---------------------------------------------------------------

    def _apply(self, seat: int, move: Move, ack: MoveAck | None = None) -> Why | None:
        """Play ``move`` for ``seat`` if the rules allow; why not if not.
        ``ack`` goes to ``seat``'s terminal right after the move's events."""
        game = self.game
        if not self.started:
            return Why(NetRefusal.NOT_STARTED)
        if not 0 <= seat < game.setup.players:
            return Why(NetRefusal.NO_SEAT, (seat,))
        refused = game.refusal(move, seat)
        if refused is not None:
            return Why.of(refused)
        if not 0 <= move.rotation < 6:
            return Why(Refusal.NOT_A_PLACEMENT, (move.cell, move.tile))
        first = len(game.log)
        game.push(Move.make(move.cell, move.tile, move.rotation))
        for event in game.log[first:]:
            self.public.apply(public_event(event))
        if ack is not None:
            ack = MoveAck(ack.id, self.public.length)
        self.flush({seat: ack} if ack is not None else None)
        # Saved after the events are handed to the network, so the fsync does
        # not hold up play. Should the host die in between, a guest that holds
        # more than the resumed save gets the whole log again (see seat_for).
        self.save()
        self.tell(LogChanged(first, seat, self.seating.name(seat), move))
        if game.over:
            match = self.match
            if match.over:
                self.over_event.set()
            self.tell(PlayEnded(match.round_index, match.rounds))
        self._next_turn()
        return None

    def _next_turn(self) -> None:
        """The game changed: the bots look whether it is theirs to move, and
        the turn clock starts for a person's seat to move (a new turn only)."""
        self.changed.set()
        game = self.game
        if not self.clock.on:
            return
        if not self.started or self.closed or game.over or self.undo.open or game.turn in self.local_bots:
            self.clock.stop()
            return
        before = self.clock.turn
        turn = self.clock.start(game.turn, self.public.length)
        if turn is not None and turn is not before:
            self.broadcaster.broadcast(TurnClock(turn.length, turn.seat, self.clock.seconds))
            self.tell(
                ClockStarted(turn.seat, self.clock.seconds, time.monotonic(), self.seating.name(turn.seat))
            )

    async def _time_up(self, turn: Turn) -> None:
        """``turn``'s time ran out: a bot plays that seat's move, and everyone is told."""
        seat, game = turn.seat, self.game
        if (
            self.closed
            or game.over
            or self.undo.open
            or game.turn != seat
            or self.public.length != turn.length
        ):
            return
        bot = self._stand_ins.get(seat)
        if bot is None:
            seed = self.match.seed
            bot = self._stand_ins[seat] = make_bot(STAND_IN, None if seed is None else f"{seed}:time:{seat}")
        self.broadcaster.broadcast(TimedOut(seat))
        self.tell(TurnTimedOut(seat, self.seating.name(seat)))
        try:
            move = await self._thinker.choose(bot, game.view(seat))
        except Exception as exc:  # a stand-in that fails must not stop the game's clock
            self.tell(Problem(_("the bot could not move: {reason}").format(reason=exc)))
            return
        if self.closed or self.undo.open or game is not self.game or self.public.length != turn.length:
            return  # the game changed while the bot thought
        why = self._apply(seat, move)
        if why is not None:
            self.tell(
                Problem(
                    _("bot {bot} at seat {number} chose an illegal move: {reason}").format(
                        bot=bot.name, number=seat + 1, reason=why_text(why, self._name)
                    )
                )
            )

    async def _guest_move(self, link: Link, request: MoveRequest) -> None:
        why: Why | None
        if request.seat != link.seat:
            why = self._not_yours(link, request.seat)
        elif self.undo.open:
            why = Why(NetRefusal.UNDO_OPEN)
        else:
            # The acknowledgement goes out in the same write as the move's events.
            why = self._apply(request.seat, request.move, MoveAck(request.id, 0))
        if why is not None:
            # The code for the guest to say in its language; English for an older guest.
            reason = english_why(why, self._name)
            self.broadcaster.send(link, MoveRejected(request.id, reason, why.code, why.args))
            self._log_refusal(link, MoveRefused(link.seat, reason, link.name, why))

    async def play(self, seat: int, move: Move) -> str | None:
        """A local seat's move (from a screen); why it is refused, in words, if it is."""
        why: Why | None
        if not 0 <= seat < len(self.seats):
            why = Why(NetRefusal.NO_SEAT, (seat,))
        elif seat in self.links or self.seats[seat].kind == "remote":
            why = Why(NetRefusal.REMOTE_SEAT, (seat,))
        elif self.undo.open:
            why = Why(NetRefusal.UNDO_OPEN)
        else:
            why = self._apply(seat, move)
        return None if why is None else why_text(why, self._name)

    async def _drive_bots(self) -> None:
        """Play the bots' turns whenever the game is theirs to move."""
        while not self.closed:
            await self.changed.wait()
            self.changed.clear()
            while self.started and not self.game.over and not self.undo.open:
                seat = self.game.turn
                bot = self.local_bots.get(seat)
                if bot is None:
                    break
                if self.move_delay:
                    await asyncio.sleep(self.move_delay)
                    if self.undo.open or self.game.turn != seat:
                        continue
                # A bot thinking for seconds must not stop heartbeats and reads.
                length = self.public.length
                try:
                    move = await self._thinker.choose(bot, self.game.view(seat))
                except Exception as exc:  # a broken bot is said, not a silent end of the game's bots
                    self.tell(Problem(_("the bot could not move: {reason}").format(reason=exc)))
                    break
                for notice in take_notices({seat: bot}):
                    # An engine seat's program failed: a built-in bot plays on, and everyone hears it.
                    self.tell(Problem(notice.text(self._name(notice.seat))))
                if self.closed or self.undo.open or self.public.length != length:
                    continue  # the game changed while the bot thought (an undo)
                why = self._apply(seat, move)
                if why is not None:
                    self.tell(
                        Problem(
                            _("bot {bot} at seat {number} chose an illegal move: {reason}").format(
                                bot=bot.name, number=seat + 1, reason=why_text(why, self._name)
                            )
                        )
                    )
                    break
                await asyncio.sleep(0)

    # -- undo ----------------------------------------------------------------

    async def request_undo(self, seat: int) -> tuple[bool, str]:
        """A local seat asks to take back its last move; (accepted, why in words)."""
        accepted, why = await self._undo_flow(seat, self.public.length, None)
        return accepted, why_text(why, self._name) or why.code

    def vote_undo(self, undo_id: int, seat: int, accept: bool) -> None:
        """A local human seat's answer to an :class:`~.notices.UndoAsked` notice."""
        self.undo.vote(undo_id, seat, accept)

    async def _settle_undo(self, seat: int, at_length: int) -> tuple[bool, Why]:
        """Ask, count and, if every voter agrees, take ``seat``'s last move
        back (with every move after it); (accepted, why as a code)."""
        game = self.game
        if self.undo.open:
            return False, Why(NetRefusal.ANOTHER_UNDO)
        if not any(mover == seat for mover, _move in game.moves):
            return False, Why(NetRefusal.NO_MOVE_TO_UNDO)
        if game.over:
            return False, Why(Refusal.GAME_OVER)
        if at_length != self.public.length:
            return False, Why(NetRefusal.MOVED_ON)
        if self.undos[seat] >= self.undo_limit:
            # So undo cannot hold a game up: a few requests a round, said when they are used up.
            return False, Why(NetRefusal.UNDO_LIMIT, (seat, self.undo_limit))
        # Every other seat played by a person votes, here or at a guest terminal; bots accept.
        voters = [
            s
            for s, info in enumerate(self.seats)
            if s != seat and s not in self.local_bots and info.kind in ("remote", "human")
        ]
        away = tuple(s for s in voters if self.seats[s].kind == "remote" and s not in self.links)
        if away:
            return False, Why(NetRefusal.VOTERS_AWAY, away)
        self.undos[seat] += 1
        self.clock.stop()  # stopped during the vote; whole again after it
        declined = await self.undo.ask(seat, self.seating.name(seat), voters)
        if declined:
            self.save()
            return False, Why(NetRefusal.DECLINED, declined)
        if self.public.length != at_length:
            return False, Why(NetRefusal.MOVED_ON_DURING_VOTE)
        self._take_back(seat)
        return True, Why(NetRefusal.TAKEN_BACK, (seat,))

    def _take_back(self, seat: int) -> None:
        """Cut the game back to before ``seat``'s last move and tell everyone."""
        game = self.game
        while True:
            mover = game.moves[-1][0]
            game.pop()
            if mover == seat:
                break
        length = len(game.log)
        self.public.truncate(length)
        self.broadcaster.cut_back(length)
        self.broadcaster.broadcast(Undone(length, self.public.last_hash))
        self.save()
        self.flush()
        self.tell(LogChanged(length, seat, self.seating.name(seat), undone=True))

    async def _undo_flow(self, seat: int, at_length: int, remote_id: int | None) -> tuple[bool, Why]:
        accepted, why = await self._settle_undo(seat, at_length)
        reason = english_why(why, self._name)
        link = self.links.get(seat)
        names = tuple(self.seating.name(s) for s in range(len(self.seats)))
        settled = UndoSettled(seat, accepted, reason, why, names)
        if remote_id is not None and link is not None:
            self.broadcaster.send(link, UndoResult(remote_id, accepted, reason, why.code, why.args))
            if accepted:
                self.tell(settled)
            else:
                self._log_refusal(link, settled)
        else:
            self.tell(settled)
        self._next_turn()
        return accepted, why
