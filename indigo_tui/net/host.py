"""The host peer's authority over the game: it applies the moves and answers every request.

:class:`HostSession` holds the :class:`~indigo_tui.engine.Match` and alone
changes it: it plays the moves the rules allow (a guest's, a local seat's at
a screen through :meth:`HostSession.play`, a bot's), says whose turn it is,
deals the next round, cuts the game back once an undo is agreed, seats each
guest that proved the join code and counts the hints players ask for. What
each guest is sent is :mod:`.broadcast`'s, who sits where :mod:`.seating`'s;
guests are let in by :mod:`.admission` and their messages read by
:mod:`.serving`; undo requests are answered by :mod:`.undo`, the bots played
by :mod:`.bot_seats`, the turn timed by :mod:`.clock`, the hints counted
in :mod:`.hints` and the chat passed on by :mod:`.chat`; the game is saved
after every change (``saves.HostKeeper``).
Everything a screen may want to show arrives on
:attr:`HostSession.notices`, one typed notice per kind (:mod:`.notices`).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Final

from .. import __version__, saves
from ..bots import Bot
from ..engine import Game, Match, Move, public_event
from ..i18n import _
from ..saves import HostMeta, SeatInfo
from . import DEFAULT_UNDO_LIMIT, DEFAULT_WATCHERS
from .admission import Door
from .bot_seats import BotSeats
from .broadcast import Broadcaster, Link
from .chat import ChatRoom
from .clock import TurnTimer
from .common import Notices, address_text, normal_code, plain_name
from .deal import commitment, new_match, secret_deck
from .guard import Allowance, Budgets, GuessLimiter, SeatBudgets
from .hints import HintLedger
from .notices import (
    ClockStarted,
    CodeSpent,
    LogChanged,
    Notice,
    PlayEnded,
    PlayStarted,
    Problem,
    RelayState,
    RelayStatus,
    RematchStarted,
    RoundStarted,
    SaveState,
    SeatJoined,
    SeatLeft,
    SeatTakenOver,
    SessionClosed,
    TurnTimedOut,
    Watching,
)
from .problems import Fact, HostSays, NetProblem
from .protocol import (
    WATCHER_SEAT,
    Bye,
    Error,
    HintCounts,
    Join,
    Message,
    MoveAck,
    MoveRequest,
    NewGame,
    NextRound,
    PastRound,
    SeatStatus,
    Started,
    TimedOut,
    TurnClock,
    Undone,
    Welcome,
)
from .reach import NotAllowed, check_relay
from .reasons import (
    Ending,
    Farewell,
    Loss,
    NetRefusal,
    Why,
    error_message,
    error_text,
    farewell_english,
    farewell_text,
    why_text,
)
from .relay import CodeError, InternetCode, Relay, is_internet_code, parse_internet_code, table_channel
from .rematch import Rematches
from .rendezvous import MeetingDoor, is_table_key
from .seating import Seating
from .serving import GuestServer
from .state import SeatState
from .transport import GOODBYE_LINGER, HEARTBEAT_INTERVAL, READ_TIMEOUT, Connection
from .undo import UndoRequests

#: Seconds a host across the internet waits for the mailbox server to give its code.
MEET_FIRST: Final = 20.0


@dataclass(frozen=True)
class SeatLine:
    """One seat as a lobby shows it."""

    seat: int
    name: str
    kind: str
    connected: bool


class HostPhase(StrEnum):
    """Where a hosted game is in its life: seating its players, then playing,
    and closed from either (a game closed before play began is not taken up
    as one left before its end)."""

    #: The table is open: friends still come, nobody has moved.
    SEATING = "seating"
    #: Play began (:meth:`HostSession.begin`); seats left are kept for a rejoin.
    PLAYING = "playing"
    #: Closed (:meth:`HostSession.close`) before play began, or after.
    CLOSED_SEATING = "closed-seating"
    CLOSED_PLAYING = "closed-playing"


#: What :meth:`HostSession.close` makes of each phase that is not closed yet.
_CLOSED_FROM: Final = {
    HostPhase.SEATING: HostPhase.CLOSED_SEATING,
    HostPhase.PLAYING: HostPhase.CLOSED_PLAYING,
}


class HostError(NetProblem):
    """The host cannot go on (a port in use, a bad save): ``says`` and the
    facts what is said of it (:func:`~.problems.problem_text`)."""

    def __init__(self, says: HostSays, /, **facts: Fact) -> None:
        super().__init__(says, **facts)


@dataclass(frozen=True, kw_only=True)
class HostConfig:
    """How a :class:`HostSession` hosts, all in one place: the table's rules,
    what a resumed save brings back, the budgets and the pace. Every field
    has the default a new game on a LAN has."""

    #: Across the internet, the spoken code to ask the mailbox server for
    #: (empty: a fresh one; see :attr:`HostSession.code`).
    spoken: str = ""
    #: The bots playing seats at the host, by seat.
    local_bots: Mapping[int, Bot] | None = None
    #: A resumed game's id, its rounds' salts, its seat tokens and each
    #: seat's undo requests this round (a new game: fresh ones).
    game_id: str | None = None
    salts: Sequence[str] = ()
    tokens: Mapping[int, str] | None = None
    undos: Sequence[int] = ()
    #: Seats played at the host's own terminal (kept in the save for a resume).
    host_seats: Sequence[int] = ()
    #: The game's save (none: a game kept nowhere).
    keeper: saves.HostKeeper | None = None
    #: What other parts keep in the save's header, carried over.
    extra_meta: Mapping[str, str] | None = None
    #: Seconds a bot's move waits, so people can follow it.
    move_delay: float = 0.0
    heartbeat: float = HEARTBEAT_INTERVAL
    read_timeout: float = READ_TIMEOUT
    app_version: str = __version__
    #: Called with every frame sent, by seat (for tests and benchmarks).
    on_frame_sent: Callable[[int, Message], None] | None = None
    #: What strangers at the door may cost, and the join-code guess limiter.
    budgets: Budgets | None = None
    limiter: GuessLimiter | None = None
    #: What each seated terminal may ask.
    seat_budgets: SeatBudgets | None = None
    #: The table's rules: hints allowed, seconds a move (0: no turn clock),
    #: undo requests each seat may put to the vote per round (-1: no limit).
    hints: bool = False
    turn_time: float = 0.0
    undo_limit: int = DEFAULT_UNDO_LIMIT
    #: Terminals that may watch at once, without a seat (0: none), and
    #: whether their lines of chat are passed on.
    watchers: int = DEFAULT_WATCHERS
    watcher_chat: bool = True


class HostSession(Notices):
    """A hosted network game; see the module docstring."""

    def __init__(
        self, match: Match, seats: Sequence[SeatInfo], code: str, config: HostConfig | None = None
    ) -> None:
        config = config or HostConfig()
        if len(seats) != match.setup.players:
            raise HostError(HostSays.SEATS, seats=len(seats), players=match.setup.players)
        if not any(s.kind == "remote" for s in seats):
            raise HostError(HostSays.NO_REMOTE)
        super().__init__()
        self.match = match
        self.seating = Seating(seats, dict(config.tokens or {}))
        #: What the door proves on every connection: the join code on a LAN;
        #: across the internet the table key (:mod:`.rendezvous`), kept in the save.
        self.secret = normal_code(code)
        #: The code people are told: the join code on a LAN; across the
        #: internet the spoken code the mailbox server's nameplate and a secret
        #: make (``spoken`` asks for one; a fresh one each time it is spent).
        self.code = normal_code(config.spoken) if config.spoken or is_table_key(self.secret) else self.secret
        self._spoken = normal_code(config.spoken)
        self._meeting: asyncio.Task[None] | None = None
        self.game_id = config.game_id or secrets.token_hex(6)
        #: One secret salt per round dealt (see :attr:`salt`).
        self.salts = [s for s in config.salts if s]
        #: Seats played at the host's own terminal (kept in the save for a resume).
        self.host_seats = sorted(set(config.host_seats))
        #: The game's save (none without a path) and this process's claim on it.
        self.keeper = config.keeper or saves.HostKeeper()
        self.app_version = config.app_version
        #: What other parts keep in the save's header, carried over.
        self.extra_meta = dict(config.extra_meta or {})
        #: Players may ask the search bot for hints; each seat's count is kept in
        #: the save and told to every terminal.
        self.hints = HintLedger(config.hints, self.extra_meta, match.setup.players)
        #: What each seated terminal may ask (its messages' pace, undo requests, log lines).
        self.seat_budgets = config.seat_budgets or SeatBudgets()
        self.broadcaster = Broadcaster(config.on_frame_sent)
        self.bot_seats = BotSeats(
            self,
            dict(config.local_bots or {}),
            self.tell,
            self.seating.label,
            move_delay=config.move_delay,
            seed=match.seed,
        )
        #: The turn clock (``turn_time`` seconds a move; 0: none); a bot stands
        #: in for a seat whose time ran out.
        self.clock = TurnTimer(max(0.0, config.turn_time), self.bot_seats.stand_in)
        self.undo = UndoRequests(
            self,
            self.seating,
            self.broadcaster,
            self.tell,
            self.clock,
            self.bot_seats.bots,
            limit=config.undo_limit,
            counts=config.undos,
        )
        #: The game's phase: what ``started`` and ``closed`` say.
        self.phase = HostPhase.SEATING
        self.public = SeatState(match.setup, None)
        for event in self.game.log:
            self.public.apply(public_event(event))
        #: Set once the match is over (the last round's last event is in).
        self.over_event = asyncio.Event()
        if self.match.over:
            self.over_event.set()
        #: Set while every remote seat has a terminal (:attr:`ready`), cleared
        #: when one goes: what a front awaits before :meth:`begin`.
        self.all_seated = asyncio.Event()
        #: What the transit relay last said of itself (the mailbox server's
        #: word, once it answers again, gives way to it).
        self.relay_said: RelayStatus | None = None
        #: Terminals that may watch at once (0: none) and whether their chat is passed on.
        self.watcher_limit = max(0, config.watchers)
        self.watcher_chat = config.watcher_chat
        #: Chat: every terminal's lines, each seat's within its budget (never saved).
        self.chat = ChatRoom(self.broadcaster, self.seating, self.tell)
        #: Rematch offers once the game is over: who agreed, who is still to (net/rematch.py).
        self.rematch = Rematches(
            self.broadcaster,
            self.seating,
            self.tell,
            people=lambda: [s for s in range(self.match.setup.players) if s not in self.bot_seats.bots],
            here=lambda: [s for s in self.host_seats if s not in self.bot_seats.bots],
            over=lambda: self.started and not self.closed and self.match.over,
            begin=self.rematch_begin,
            budgets=self.seat_budgets,
        )
        #: Reads and answers each seated guest.
        self.server = GuestServer(
            self, self.seating, self.broadcaster, self.undo, self.tell, config.heartbeat, self.chat
        )
        #: The port and everyone at it: strangers kept within budgets, guests let in.
        self.door = Door(
            self.secret,
            seat=self._seat,
            serve=self.server.serve,
            lost=self.lose,
            tell=self.tell,
            app_version=config.app_version,
            read_timeout=config.read_timeout,
            budgets=config.budgets,
            limiter=config.limiter,
        )

    # -- facts ----------------------------------------------------------------

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
    def length(self) -> int:
        """Events in the round's public log so far."""
        return self.public.length

    @property
    def undo_open(self) -> bool:
        """Whether an undo is being voted on (no move until it is settled)."""
        return self.undo.open

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

    @property
    def watchers(self) -> tuple[str, ...]:
        """The names of the terminals watching now, in the order they came."""
        return tuple(link.name for link in self.broadcaster.watchers)

    def _watcher_room(self) -> bool:
        """Whether another terminal may watch now."""
        return not self.closed and len(self.broadcaster.watchers) < self.watcher_limit

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

    async def wait_all_seated(self) -> None:
        """Until every remote seat has a terminal (at once if it has)."""
        while not self.ready:  # a seat may go again before the waiter runs
            await self.all_seated.wait()

    def _seats_changed(self) -> None:
        self.changed.set()
        if self.ready:
            self.all_seated.set()
        else:
            self.all_seated.clear()

    def tell(self, notice: Notice) -> None:
        if (
            isinstance(notice, RelayStatus)
            and self.door.relay is not None
            and notice.relay == str(self.door.relay)
        ):
            self.relay_said = notice
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
            code=self.secret,
            salts=list(self.salts),
            tokens=dict(sorted(self.tokens.items())),
            host_seats=list(self.host_seats),
            commitment=commitment,
            address=address_text(*self.address) if self.address else "",
            hints=self.hints.allowed,
            relay=str(self.relay) if self.relay is not None else "",
            turn_time=self.clock.seconds,
            undo_limit=self.undo.limit,
            undos=list(self.undo.counts),
        )

    # -- saving and hints -----------------------------------------------------

    def meta(self) -> dict[str, str]:
        """The save header's ``meta``: what other parts keep, the hint counts and the host's own facts."""
        return {**self.extra_meta, **self.hints.meta(), **self.host_meta().to_meta()}

    @property
    def save_path(self) -> Path | None:
        """Where the game is saved (None: it is not)."""
        return self.keeper.path

    def save(self) -> bool:
        """Autosave (after every move, seat and undo); True once the whole file
        is on disk. A failure is said once (a :class:`SaveState` notice) and
        the game goes on in memory; the first save that works again says so."""
        keeper = self.keeper
        if keeper.path is None:
            return False
        said = keeper.save(self.match, self.seats, self.meta())
        if said is not None:
            ok, detail = said
            self.tell(SaveState(ok, str(keeper.path), detail))
        return keeper.problem is None

    @property
    def saved(self) -> bool:
        """Whether the game as it stands is on disk, whole (the last save worked)."""
        return self.keeper.saved

    def count_hint(self, seat: int) -> Why | None:
        """``seat`` asked for a hint: count it, save, and tell every terminal;
        or why not (the rules allow one per own turn, where the host allows
        hints at all)."""
        game = self.game
        on_turn = self.started and not game.over and game.turn == seat
        why = self.hints.count(seat, (self.match.round_index, game.board.placements) if on_turn else None)
        if why is None:
            self.save()
            self.broadcaster.broadcast(HintCounts(list(self.hints.counts)))
        return why

    # -- the game's course ----------------------------------------------------

    async def listen(self, bind: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Open the port; returns the address actually bound (``port=0`` picks one).
        :class:`HostError` if the game cannot be saved where it is to be: a
        game is not started that would be lost with the host."""
        self._can_save()
        try:
            address = self.door.open(bind, port)
        except NotAllowed as exc:
            raise HostError(HostSays.CAUSE, cause=exc) from None
        except OSError as exc:
            raise HostError(
                HostSays.CANNOT_LISTEN, address=f"{bind}:{port}", problem=str(exc.strerror or exc)
            ) from None
        self.bot_seats.start()
        self.save()
        return address

    def _can_save(self) -> None:
        """:class:`HostError` unless the game can be saved where it is to be
        (a game is not opened to guests that would be lost with the host)."""
        if self.keeper.path is None:
            return
        try:
            self.keeper.check(self.match, self.seats, self.meta())
        except saves.SaveError as exc:
            raise HostError(HostSays.CANNOT_SAVE, problem=exc) from None

    @property
    def relay(self) -> Relay | None:
        """The transit relay guests come in through (across the internet), or None."""
        return self.door.relay

    @property
    def open(self) -> bool:
        """Whether guests can come in: the port is open, or the door at the relay."""
        return self.address is not None or self.relay is not None

    async def listen_relay(self, relay: Relay, *, first_code_within: float = MEET_FIRST) -> None:
        """Let guests in across the internet (:mod:`.rendezvous`, :mod:`.relay`):
        the code held at ``relay``'s mailbox server, where each friend gets the
        table key, and a connection waiting at the transit relay on the table's
        channel. Returns once the mailbox server gave the code (:attr:`code`;
        a fresh one later is told as :class:`~.notices.CodeSpent`).
        :class:`HostError` if the game is no internet game, cannot be saved,
        or no code came within ``first_code_within`` seconds while a seat is
        free. How the servers answer is told as :class:`~.relay.RelayStatus`."""
        if not is_table_key(self.secret):
            raise HostError(HostSays.NOT_INTERNET)
        requested = None
        if self._spoken:
            try:
                requested = parse_internet_code(self._spoken)
            except CodeError as exc:
                raise HostError(HostSays.CAUSE, cause=exc) from None
        try:
            # Said now, not as a relay the door cannot reach again and again.
            check_relay(str(relay))
        except NotAllowed as exc:
            raise HostError(HostSays.CAUSE, cause=exc) from None
        self._can_save()
        self.door.open_relay(relay, table_channel(self.secret))
        coded = asyncio.Event()
        failed: list[NetProblem | str] = []

        def on_code(code: InternetCode, spent: CodeSpent | None) -> None:
            self.code = str(code)
            coded.set()
            if spent is not None:
                self.tell(spent)

        def tell(notice: Problem | RelayStatus) -> None:
            if isinstance(notice, RelayStatus) and notice.state is RelayState.UNREACHABLE:
                failed.append(notice.problem)
                coded.set()  # said: no use waiting out the rest
            elif isinstance(notice, RelayStatus) and notice.state is RelayState.WAITING:
                # The mailbox server answers again: what stands is the relay's own word.
                notice = self.relay_said or RelayStatus(RelayState.WAITING, str(relay))
            self.tell(notice)

        door = MeetingDoor(
            relay.mailbox,
            self.secret,
            on_code,
            tell,
            # Friends still to come, or room for a watcher: the code is held for them.
            wanted=lambda: self._seat_free() or self._watcher_room(),
            code=requested,
        )
        self._meeting = asyncio.create_task(door.run())
        if self._seat_free():
            try:
                async with asyncio.timeout(first_code_within):
                    await coded.wait()
                if failed and not is_internet_code(self.code):
                    raise TimeoutError
            except TimeoutError:
                self._meeting.cancel()
                await self.door.shut()
                if failed:
                    raise HostError(HostSays.CAUSE, cause=failed[-1]) from None
                raise HostError(HostSays.NO_ANSWER) from None
        self.bot_seats.start()
        self.save()

    @property
    def started(self) -> bool:
        """Whether play began (and, closed since, had begun)."""
        return self.phase in (HostPhase.PLAYING, HostPhase.CLOSED_PLAYING)

    @property
    def closed(self) -> bool:
        """Whether the session is closed: its guests gone, its bots stopped."""
        return self.phase in (HostPhase.CLOSED_SEATING, HostPhase.CLOSED_PLAYING)

    def _seat_free(self) -> bool:
        """Whether a remote seat has no terminal yet (friends still to come)."""
        return not self.closed and not self.started and any(s not in self.tokens for s in self.remote_seats)

    def begin(self) -> None:
        """Start play: every seated guest gets the log so far, bots start moving."""
        if self.started:
            return
        unclaimed = [s + 1 for s in self.remote_seats if s not in self.tokens]
        if unclaimed:
            raise HostError(HostSays.UNCLAIMED, seats=", ".join(map(str, unclaimed)), count=len(unclaimed))
        self.phase = HostPhase.PLAYING
        self.tell(PlayStarted())
        self.flush()
        self.broadcaster.broadcast(Started(self.public.length))
        self.next_turn()

    def next_round(self) -> None:
        """Deal the match's next round (once this one is over) and tell every
        guest: its commitment, then its first events. :class:`HostError` if
        the round is not over or it was the last, or the session is closed."""
        if self.closed:
            # Its guests are gone and its bots stopped: a round dealt now would never be played.
            raise HostError(HostSays.CLOSED)
        match = self.match
        if not self.started or not match.can_start_next_round:
            raise HostError(HostSays.ROUND_NOT_OVER)
        index = match.round_index + 1
        while len(self.salts) <= index:
            self.salts.append(secrets.token_hex(16))
        # Dealt from the round's secret salt (and the seed): no guest can
        # shuffle it before the reveal, even knowing the seed (net/deal.py).
        match.next_round(secret_deck(match.seed, index, self.salts[index]))
        self.undo.new_round()
        self.public = SeatState(match.setup, None)
        for event in self.game.log:
            self.public.apply(public_event(event))
        self.broadcaster.new_round()
        self.broadcaster.broadcast(NextRound(match.round_index, self.commitment))
        self.flush()
        self.save()
        self.tell(RoundStarted(match.round_index, match.rounds))
        self.next_turn()

    def rematch_begin(self) -> None:
        """Everyone agreed to a rematch: the same table (seats, names, rules,
        rounds) a new game, with an id, a seed and a deal of its own, dealt and
        committed to as a new table's first round is; saved in a new file
        beside the last one's, which stays as it was. Every guest is told
        (:class:`NewGame`), then gets the new game's first events."""
        setup, rounds = self.match.setup, self.match.rounds
        self.match, salt = new_match(setup, rounds, secrets.randbits(32))
        self.salts = [salt]
        self.game_id = secrets.token_hex(6)
        try:
            self.keeper = self.keeper.successor(self.game_id)
        except saves.SaveOpenElsewhere as exc:
            self.keeper = saves.HostKeeper()
            self.tell(SaveState(False, "", str(exc)))
        self.hints = HintLedger(self.hints.allowed, {}, setup.players)
        self.undo.new_round()
        self.public = SeatState(setup, None)
        for event in self.game.log:
            self.public.apply(public_event(event))
        self.over_event.clear()
        self.broadcaster.new_round()
        self.broadcaster.broadcast(NewGame(self.game_id, self.commitment))
        self.flush()
        self.save()
        self.tell(RematchStarted(self.game_id))
        self.next_turn()

    async def close(self, farewell: Farewell = Farewell.HOST_CLOSED, numbers: tuple[int, ...] = ()) -> None:
        """Say goodbye to every guest (why: ``farewell`` and its ``numbers``,
        which each guest says in its own language) and stop listening."""
        if self.closed:
            return
        self.phase = _CLOSED_FROM[self.phase]
        self.rematch.close()
        self.bot_seats.stop()
        await self.clock.close()
        if self._meeting is not None:
            self._meeting.cancel()
            with contextlib.suppress(BaseException):
                await self._meeting
        await self.door.shut()
        links = self.broadcaster.audience()
        bye = Bye(farewell_english(farewell, numbers), farewell.value, numbers)
        await asyncio.gather(
            *(link.conn.close(bye, linger=GOODBYE_LINGER) for link in links), return_exceptions=True
        )
        await self.door.drop_all()
        self.save()
        # Saved for the last time: another window may take the game up now.
        self.keeper.release()
        self.tell(SessionClosed(farewell_text(farewell, bye.reason, numbers)))

    # -- seats ----------------------------------------------------------------

    def _welcome(self, seat: int, token: str, from_seq: int, *, watching: bool = False) -> Welcome:
        """The welcome to ``seat`` (its ``token``, events from ``from_seq``),
        or with ``watching`` to a watcher: no seat, no token, nothing private."""
        return Welcome(
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
            hints=self.hints.allowed,
            rounds=self.match.rounds,
            round=self.match.round_index,
            past=self.past_rounds(),
            turn_time=self.clock.seconds,
            undo_limit=self.undo.limit,
            watching=watching,
            watcher_chat=watching and self.watcher_chat,
        )

    async def _refuse(self, conn: Connection, refusal: Error) -> None:
        """Turn a caller that proved the code away, in one line each side."""
        await conn.close(refusal)
        self.tell(
            Problem(_("{address}: refused, {reason}").format(address=conn.peer, reason=error_text(refusal)))
        )

    async def _watch(self, conn: Connection, caller: Join) -> Link | None:
        """Let a caller watch (no seat: public messages only, from the same
        path the seats' come by), within the host's limit of watchers."""
        limit = self.watcher_limit
        if limit <= 0:
            await self._refuse(conn, error_message(Ending.NO_WATCHERS))
            return None
        if not self._watcher_room():
            await self._refuse(conn, error_message(Ending.WATCHERS_FULL, (limit,)))
            return None
        # A name is the watcher's own, shown as it is everywhere (a default in the host's language).
        name = plain_name(caller.name) or _("Watcher")
        link = Link(conn, WATCHER_SEAT, name, allowance=Allowance(self.seat_budgets), watching=True)
        await conn.send(self._welcome(WATCHER_SEAT, "", 0, watching=True))
        self.broadcaster.watchers.append(link)
        self._greet(link)
        self.tell(Watching(name, True, self.watchers))
        return link

    def _greet(self, link: Link) -> None:
        """A terminal just welcomed learns who is here, the hint counts, the
        game so far and the turn clock, as every seat's terminal does."""
        for other, there in list(self.links.items()):
            if other != link.seat:
                # The newcomer learns who is already here (a welcome has names, not presence).
                self.broadcaster.send(link, SeatStatus(other, True, there.name))
        if any(self.hints.counts):
            self.broadcaster.send(link, HintCounts(list(self.hints.counts)))
        self.flush()
        if self.started:
            self.broadcaster.send(link, Started(self.public.length))
            turn = self.clock.turn
            if turn is not None:
                self.broadcaster.send(link, TurnClock(turn.length, turn.seat, turn.left()))

    async def _seat(self, conn: Connection, caller: Join) -> Link | None:
        """Give a caller that proved the code its seat and welcome it (or,
        asking to watch, let it watch)."""
        if caller.watch:
            return await self._watch(conn, caller)
        seat, from_seq = self.seating.seat_for(
            caller.claim, self.game_id, self.match.round_index, self.public
        )
        if seat is None:
            await self._refuse(conn, error_message(Ending.FULL))
            return None
        # A name is the player's own, shown as it is everywhere (the host's default is in its language).
        name = plain_name(caller.name) or _("Player {number}").format(number=seat + 1)
        old = self.links.pop(seat, None)
        self._seats_changed()
        if old is not None:
            # The seat's own token again: its player is back on a new connection
            # (usually the old one is dead). The old one is told so, with the name
            # of who took it, and as an error: it must not try to win the seat back.
            await old.conn.close(error_message(Ending.TAKEN, quoted=(name,)))
            self.tell(SeatTakenOver(seat, name))
        self.seats[seat] = SeatInfo(name, "remote")
        token = self.tokens.setdefault(seat, secrets.token_hex(16))
        link = Link(conn, seat, name, sent=from_seq, allowance=Allowance(self.seat_budgets))
        welcome = self._welcome(seat, token, from_seq)
        await conn.send(welcome)
        self.links[seat] = link
        self._seats_changed()
        self.away_since.pop(seat, None)
        self.save()
        rejoined = caller.claim is not None and caller.claim.seat == seat
        if old is None:
            self.tell(SeatJoined(seat, name, rejoined=rejoined))
        self.broadcaster.broadcast(SeatStatus(seat, True, name), skip=seat)
        self._greet(link)
        return link

    def lose(self, link: Link, why: Loss) -> None:
        """``link``'s connection is over (``why``): its seat waits for
        its player to come back, and a vote it was asked in counts it a no.
        A watcher's is simply over."""
        if link.watching:
            if link in self.broadcaster.watchers:
                self.broadcaster.watchers.remove(link)
                link.conn.closed = True
                link.cancel()
                self.tell(Watching(link.name, False, self.watchers))
            return
        if self.links.get(link.seat) is not link:
            return
        del self.links[link.seat]
        self._seats_changed()
        self.away_since[link.seat] = time.monotonic()
        link.conn.closed = True
        link.cancel()
        self.undo.voting.voter_lost(link.seat)
        self.rematch.left(link.seat)
        self.tell(SeatLeft(link.seat, link.name, loss=why, after_end=self.match.over))
        self.broadcaster.broadcast(SeatStatus(link.seat, False, link.name))

    def leave(self, link: Link, why: Loss) -> None:
        """``link``'s player said goodbye (``why``)."""
        self.lose(link, why)
        if not self.started and not link.watching:
            # Left the waiting room: the seat is free for someone else.
            self.seating.release(link.seat)
            self.save()

    def flush(self, after: dict[int, Message] | None = None) -> None:
        """Send every seated guest and watcher what it has not had yet (once play is on)."""
        if self.started:
            self.broadcaster.flush(self.game, self.public, self.salt, after)
            self.changed.set()  # a seat may have had the deck (revealed_seats)

    # -- moves ----------------------------------------------------------------

    def apply(self, seat: int, move: Move, ack: MoveAck | None = None) -> Why | None:
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
        # As the engine records it (and tells it below): in its normal rotation.
        move = Move.make(move.cell, move.tile, move.rotation)
        first = len(game.log)
        game.push(move)
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
        self.next_turn()
        return None

    def next_turn(self) -> None:
        """The game changed: the bots look whether it is theirs to move, and
        the turn clock starts for a person's seat to move (a new turn only)."""
        self.bot_seats.wake()
        game = self.game
        if not self.clock.on:
            return
        if not self.started or self.closed or game.over or self.undo.open or game.turn in self.bot_seats.bots:
            self.clock.stop()
            return
        before = self.clock.turn
        turn = self.clock.start(game.turn, self.public.length)
        if turn is not None and turn is not before:
            self.broadcaster.broadcast(TurnClock(turn.length, turn.seat, self.clock.seconds))
            self.tell(
                ClockStarted(turn.seat, self.clock.seconds, time.monotonic(), self.seating.name(turn.seat))
            )

    def timed_out(self, seat: int) -> None:
        """Tell everyone that ``seat``'s time ran out (a bot moves for it)."""
        self.broadcaster.broadcast(TimedOut(seat))
        self.tell(TurnTimedOut(seat, self.seating.name(seat)))

    def guest_move(self, request: MoveRequest) -> Why | None:
        """A guest's move for its own seat, acknowledged in the same write as
        its events; why not, if it may not be played."""
        if self.undo.open:
            return Why(NetRefusal.UNDO_OPEN)
        return self.apply(request.seat, request.move, MoveAck(request.id, 0))

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
            why = self.apply(seat, move)
        return None if why is None else why_text(why, self.seating.label)

    # -- undo -----------------------------------------------------------------

    def take_back(self, seat: int) -> None:
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


__all__ = ["HostConfig", "HostError", "HostPhase", "HostSession", "SeatLine"]
