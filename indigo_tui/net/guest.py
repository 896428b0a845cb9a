"""The guest peer: one seat following the game a host plays on another terminal
(or a watcher, following it without a seat).

:class:`GuestSession` takes its seat (:mod:`.joining`), then reads the host's
messages and follows the game by them: it folds the public events into a
:class:`~indigo_tui.net.state.SeatState` (checking each event's sequence
number and public-state hash), follows the match from round to round, checks
each round's deal at its reveal (:mod:`.deal`), and tells whoever shows the
game what changed, one notice at a time. It sends the seat's moves, undo
requests and votes; the host's answers find the request they are for through
:mod:`.requests`. Its record (what this seat may know, and how to get back
in) is brought up to date and written after every change by a
:class:`~indigo_tui.saves.RecordKeeper`, which saves the whole match at its
end; after a lost connection the same session joins again (:mod:`.rejoin`).
Once the game is over it follows a rematch too (:mod:`.rematch`): the
offer's state, and the new game, kept in a new record.
A watcher (``watch=True``) is the same session without a seat: it folds the
public game only, keeps no record, and its moves and undo requests are the
host's to refuse. See ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Final, assert_never

import msgspec

from .. import __version__, saves
from ..engine import Game, Move, TileDrawn
from ..i18n import _
from ..saves import GuestRecord, PlayedRound, RecordKeeper
from .chat import CHAT_LIMIT, HOST_SEAT, chat_text
from .clock import MAX_TURN_TIME
from .common import (
    REASON_LIMIT,
    JoinError,
    Notices,
    heartbeat,
    integrity_lost,
    log_line,
    normal_code,
    peer_error,
    plain_name,
    protocol_broken,
)
from .deal import Deal, check_reveal, deals_meta
from .handshake import GAME_ID
from .joining import dial, meet, take_seat
from .notices import ChatHeld as ChatHeldNotice
from .notices import (
    ChatSaid,
    ClockStarted,
    DealChecked,
    HintRefused,
    LogChanged,
    MoveRefused,
    PlayEnded,
    PlayStarted,
    Problem,
    RematchEnded,
    RematchOffered,
    RematchStarted,
    RoundStarted,
    SaveState,
    SeatJoined,
    SeatLeft,
    SessionClosed,
    TurnTimedOut,
    UndoAsked,
    Watching,
)
from .problems import JoinSays
from .protocol import (
    PROTOCOL_VERSION,
    WATCHER_SEAT,
    Breach,
    Bye,
    ChatHeld,
    ChatLine,
    Error,
    Fault,
    FromGuest,
    FromHost,
    GameEvent,
    Heartbeat,
    HintCounts,
    HintNotCounted,
    HintUsed,
    MoveAck,
    MoveRejected,
    MoveRequest,
    NewGame,
    NextRound,
    ProtocolError,
    RematchAnswer,
    RematchOff,
    RematchState,
    Reveal,
    Say,
    SeatStatus,
    Started,
    TimedOut,
    TurnClock,
    UndoAsk,
    Undone,
    UndoRequest,
    UndoResult,
    UndoVote,
    Welcome,
    YourDraw,
)
from .reasons import (
    Ending,
    Farewell,
    Why,
    ending_of,
    error_message,
    farewell_english,
    seat_label,
    why_text,
)
from .relay import Relay
from .requests import Requests
from .seal import SealBroken
from .state import FoldError, SeatState
from .transport import GOODBYE_LINGER, HEARTBEAT_INTERVAL, READ_TIMEOUT, Connection, ConnectionLost

#: More hints than a seat could ask for in any round: a count above it is a broken host.
MAX_HINTS: Final = 100_000


def desync(fault: Fault) -> JoinError:
    """The host's public state and this seat's came apart: the session ends
    (the host is told why as a code)."""
    return JoinError(JoinSays.DESYNC, Ending.DESYNC, fault, fault=fault)


class GuestPhase(StrEnum):
    """Where a seat is in its life: before play (joining, then seated in the
    lobby), playing, and leaving from either (a seat that leaves before play
    gives its seat up; one that leaves once play began keeps it for a rejoin).
    A rejoin after a lost connection stays in the phase the seat was in."""

    SEATING = "seating"
    PLAYING = "playing"
    LEAVING_SEATING = "leaving-seating"
    LEAVING_PLAYING = "leaving-playing"

    @property
    def started(self) -> bool:
        return self in (GuestPhase.PLAYING, GuestPhase.LEAVING_PLAYING)

    @property
    def leaving(self) -> bool:
        return self in (GuestPhase.LEAVING_SEATING, GuestPhase.LEAVING_PLAYING)

    @staticmethod
    def of(*, started: bool, leaving: bool) -> GuestPhase:
        """The phase where play began (or not) and the seat is leaving (or not)."""
        if leaving:
            return GuestPhase.LEAVING_PLAYING if started else GuestPhase.LEAVING_SEATING
        return GuestPhase.PLAYING if started else GuestPhase.SEATING


class GuestSession(Notices):
    """One seat of a hosted game; see the module docstring."""

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        *,
        name: str = "",
        kind: str = "human",
        save_dir: Path | None = None,
        record: GuestRecord | None = None,
        heartbeat: float = HEARTBEAT_INTERVAL,
        read_timeout: float = READ_TIMEOUT,
        protocol_version: int = PROTOCOL_VERSION,
        app_version: str = __version__,
        accept_undo: bool | None = None,
        on_frame: Callable[[bytes], None] | None = None,
        relay: Relay | None = None,
        watch: bool = False,
    ) -> None:
        super().__init__()
        #: Follow the game without a seat (a watcher): public messages only, no record kept.
        self.watch = watch
        #: Where the host is: its address on a LAN; across the internet, the
        #: transit relay ``relay`` (``host`` and ``port`` are then the relay's,
        #: which the seat's record keeps).
        self.relay = relay
        self.host = host
        self.port = port
        self.code = normal_code(code)
        self.name = name
        self.kind = kind
        #: This seat's record on disk (``record``: the one to claim a seat with);
        #: a watcher's is kept in memory only (it has no seat to come back to).
        self.keeper = RecordKeeper(None, None) if watch else RecordKeeper(save_dir, record)
        self.heartbeat = heartbeat
        self.read_timeout = read_timeout
        self.protocol_version = protocol_version
        self.app_version = app_version
        #: Answer undo requests by itself (bots), or None to ask via notices.
        self.accept_undo = accept_undo
        self.on_frame = on_frame
        #: Set whenever a whole batch of events leaves this seat to move.
        self.turn_ready = asyncio.Event()
        #: Set once the game is over and the deal has been checked.
        self.finished = asyncio.Event()
        self.state: SeatState | None = None
        self.welcome: Welcome | None = None
        self.conn: Connection | None = None
        #: The current round's check of the deal: None until its reveal.
        self.deal: Deal | None = None
        self.final_save: Path | None = None
        #: The current round, whole, replayed from its revealed deck once it checks out.
        self.final_game: Game | None = None
        #: The match: how many rounds, which one is on (from 0), its deal commitment.
        self.rounds = 1
        self.round = 0
        self.commitment = ""
        #: The finished rounds (with the current one once revealed), and each replayed.
        self.past: list[PlayedRound] = []
        self.past_games: list[Game] = []
        self.connected_seats: dict[int, bool] = {}
        #: How many hints each seat asked for, as the host last told us.
        self.hint_counts: list[int] = []
        #: The turn clock as the host last started it, and the event it started at
        #: (it is for the turn being played only while the log is that long).
        self.clock: ClockStarted | None = None
        self.clock_seq = -1
        #: The seat's phase: what ``started`` says (a guest that leaves before gives its seat up).
        self.phase = GuestPhase.SEATING
        self._pending_draws: dict[int, int] = {}
        #: The moves and undo requests sent, until the host answers them.
        self.requests = Requests()
        self._beat_task: asyncio.Task[None] | None = None
        self.round_trips: list[float] = []
        #: The rematch on offer, as the host last told it (None: none is).
        self.rematch: RematchOffered | None = None

    # -- the seat, its game and its record --------------------------------------

    @property
    def started(self) -> bool:
        """Whether play began (the host keeps this seat for a rejoin from then on)."""
        return self.phase.started

    @property
    def save_dir(self) -> Path | None:
        return self.keeper.directory

    @property
    def record(self) -> GuestRecord | None:
        """What this seat may know and how to get back in: as kept on disk
        (before the welcome, the record to claim a seat with, if any)."""
        return self.keeper.record

    @record.setter
    def record(self, record: GuestRecord | None) -> None:
        self.keeper.record = record

    @property
    def save_problem(self) -> str | None:
        """Why the last autosave of the record failed, while it keeps failing."""
        return self.keeper.problem

    @property
    def seat(self) -> int:
        """This terminal's seat (:data:`~.protocol.WATCHER_SEAT` for a watcher)."""
        assert self.welcome is not None
        return self.welcome.seat

    @property
    def watching(self) -> bool:
        """Whether this terminal watches (follows the game without a seat)."""
        return self.welcome.watching if self.welcome is not None else self.watch

    @property
    def may_chat(self) -> bool:
        """Whether the host passes this terminal's lines of chat on (a seat's
        always; a watcher's where the host allows watchers to chat)."""
        return self.welcome is not None and (not self.welcome.watching or self.welcome.watcher_chat)

    @property
    def over(self) -> bool:
        """Whether the match is over: its last round's last event is in."""
        return self.state is not None and self.state.over and self.round + 1 >= self.rounds

    @property
    def revealed(self) -> bool:
        """Whether the current round's deck has been revealed and checked."""
        return len(self.past) > self.round

    def time_left(self, now: float | None = None) -> tuple[int, float] | None:
        """The seat to move and its seconds left, while the turn clock runs for it."""
        clock, state = self.clock, self.state
        if clock is None or state is None or state.over or self.clock_seq != state.length:
            return None
        return clock.seat, clock.left(time.monotonic() if now is None else now)

    @property
    def turn_time(self) -> float:
        """Seconds each seat has for a move (0: no turn clock)."""
        return self.welcome.turn_time if self.welcome is not None else 0.0

    @property
    def hints_allowed(self) -> bool:
        """Whether the host lets players ask the search bot for hints."""
        return self.welcome is not None and self.welcome.hints

    def count_hint(self) -> None:
        """This seat asked for a hint: the host counts it and tells every terminal."""
        if self.hints_allowed:
            self._send(HintUsed())

    @property
    def record_file(self) -> Path | None:
        return self.keeper.path if self.welcome is not None else None

    # -- joining ---------------------------------------------------------------

    async def connect(self, timeout: float | None = None, *, within: float | None = None) -> Welcome:
        """Connect, prove the code, take a seat; :class:`JoinError` if refused.
        Called again after a lost connection (:mod:`.rejoin`), it claims the
        same seat with this seat's record and picks the game up from there.
        ``within``: the seconds the whole attempt may take (reaching the host,
        waiting at the relay included, and the handshake), so that a rejoin
        ends when its time does."""
        self.keeper.remove_stale_temps()
        self.phase = GuestPhase.of(started=self.started, leaving=False)
        deadline = None if within is None else asyncio.get_running_loop().time() + within
        if self.relay is not None:
            # Across the internet the spoken code is met at the mailbox server
            # once; from then on (rejoins too) the table key it gave is the code.
            self.code = await meet(self.code, self.relay, deadline=deadline, tell=self.tell)
        conn = await dial(
            self.host,
            self.port,
            self.code,
            self.relay,
            deadline=deadline,
            read_timeout=self.read_timeout,
            on_frame=self.on_frame,
            tell=self.tell,
        )
        # The session's connection from here, so that a goodbye said while it
        # joins (the player gave up) ends the handshake too.
        self.conn = conn
        seated = await take_seat(
            conn,
            self.code,
            host=self.host,
            port=self.port,
            name=self.name,
            relay=self.relay,
            record=self.record,
            app_version=self.app_version,
            protocol_version=self.protocol_version,
            timeout=timeout or self.read_timeout,
            deadline=deadline,
            watch=self.watch,
        )
        welcome = seated.welcome
        self.state, self.welcome = seated.state, welcome
        self.past, self.past_games = seated.past, seated.past_games
        self._pending_draws.clear()
        self.deal, self.final_game = None, None
        self.rounds, self.round, self.commitment = welcome.rounds, welcome.round, welcome.commitment
        self.phase = GuestPhase.of(started=welcome.started, leaving=self.phase.leaving)
        self.connected_seats = {s: kind != "remote" for s, kind in enumerate(welcome.seat_kinds)}
        self.keeper.record = seated.record
        if welcome.watching:
            self.tell(Watching(self.name, True, own=True))
        else:
            self.connected_seats[welcome.seat] = True
            self._save()
            self.tell(SeatJoined(welcome.seat, self.name, own=True, players=welcome.setup.players))
        self._beat_task = asyncio.create_task(heartbeat(conn, self.heartbeat))
        return welcome

    # -- playing ---------------------------------------------------------------

    async def run(self) -> None:
        """Read and act on the host's messages until the game ends (returns)
        or the session breaks (:class:`JoinError`)."""
        conn = self.conn
        assert conn is not None and self.state is not None
        # What ended the session: a move or undo still waiting for its answer ends with it.
        ended: JoinError | None = None
        try:
            while True:
                message = await conn.read_from_host()
                if not self._handle(message):
                    return
        except ConnectionLost as exc:
            if self.phase.leaving:
                return
            ended = JoinError(JoinSays.LOST, Ending.LOST, None, loss=exc.loss)
            raise ended from None
        except SealBroken as exc:
            # Tampered with on the way, not the host's doing: a new connection has new keys.
            ended = integrity_lost(exc.fault)
            await conn.close(error_message(Ending.INTEGRITY, fault=exc.fault))
            raise ended from None
        except ProtocolError as exc:
            ended = protocol_broken(exc.fault)
            await conn.close(error_message(Ending.PROTOCOL, fault=exc.fault))
            raise ended from None
        except JoinError as exc:
            ended = exc
            if exc.code is Ending.DESYNC and exc.fault is not None:
                await conn.close(error_message(Ending.DESYNC, fault=exc.fault))
            raise
        finally:
            self.requests.fail(ended)
            if self._beat_task is not None:
                self._beat_task.cancel()
            await conn.close()

    def _handle(self, message: FromHost) -> bool:
        state = self.state
        assert state is not None
        match message:
            case GameEvent():
                self._event(message)
            case YourDraw(seq=seq, tile=tile):
                if self.watching:
                    # A watcher has no seat, so no draw is its own: a host that sends one leaks a hand.
                    raise ProtocolError(Breach.HOST_MAY_NOT, quoted=(type(message).__name__,))
                if len(self._pending_draws) >= 8:
                    raise ProtocolError(Breach.DRAWS_UNCLAIMED)
                self._pending_draws[seq] = tile
            case MoveAck() | MoveRejected() | UndoResult():
                self.requests.answer(message)
            case Undone(length=length, state_hash=state_hash):
                self._undone(length, state_hash)
            case UndoAsk(id=undo_id, seat=asker):
                self._check_seat(asker)
                if self.watching:
                    return True  # a watcher has no vote (the host asks only seats)
                if self.accept_undo is not None:
                    self._send(UndoVote(undo_id, self.seat, self.accept_undo))
                self.tell(UndoAsked(undo_id, asker, self.seat_name(asker), self.seat))
            case SeatStatus(seat=seat, connected=connected, name=name):
                self._seat_status(seat, connected, name)
            case Started(length=length):
                if length != state.length:
                    raise desync(Fault(Breach.STARTED_LENGTH, (length, state.length)))
                self.phase = GuestPhase.of(started=True, leaving=self.phase.leaving)
                self.tell(PlayStarted())
                self._check_turn()
            case HintNotCounted(reason=reason, code=code, args=numbers):
                # Said from the code in this terminal's language; the host's words for a code we do not know.
                why = Why(log_line(code, 40), numbers[:8]) if code else None
                self.tell(HintRefused(self.seat, log_line(reason, REASON_LIMIT), self.name, why))
            case TurnClock(seq=seq, seat=seat, seconds=seconds):
                self._check_seat(seat)
                if not 0 <= seconds <= MAX_TURN_TIME:
                    raise ProtocolError(Breach.TURN_CLOCK, quoted=(str(seconds),))
                self.clock = ClockStarted(seat, seconds, time.monotonic(), self.seat_name(seat))
                self.clock_seq = seq
                self.tell(self.clock)
            case TimedOut(seat=seat):
                self._check_seat(seat)
                self.tell(TurnTimedOut(seat, self.seat_name(seat)))
            case HintCounts(counts=counts):
                players = state.setup.players
                if len(counts) != players or not all(0 <= n <= MAX_HINTS for n in counts):
                    raise ProtocolError(Breach.HINT_COUNTS, (len(counts), players))
                self.hint_counts = list(counts)
            case ChatLine(seat=seat, name=name, text=text, watching=by_watcher):
                if by_watcher:
                    seat = WATCHER_SEAT
                elif seat != HOST_SEAT:
                    self._check_seat(seat)
                # Cleaned again here: whatever the host sends, plain text only reaches the screen.
                line = chat_text(text)
                if line:
                    self.tell(ChatSaid(seat, plain_name(name), line, by_watcher))
            case ChatHeld(seconds=seconds):
                self.tell(ChatHeldNotice(self.seat, self.name, min(max(seconds, 0.0), 3600.0), own=True))
            case Reveal():
                self._reveal(message)
            case NextRound(round=round_index, commitment=promise):
                self._next_round(round_index, promise)
            case RematchState(by=by, waiting=waiting):
                self._rematch_offered(by, waiting)
            case RematchOff(seat=seat, code=code, args=numbers):
                self._rematch_off(seat, code, numbers)
            case NewGame(game_id=game_id, commitment=promise):
                self._new_game(game_id, promise)
            case Bye(reason=said, code=code, args=numbers):
                if self.over:
                    # After the end the host's goodbye says nothing new: no need for its words.
                    self.tell(SessionClosed(_("the host closed the game")))
                    return False
                # Said from the code in this terminal's language; the host's words only
                # for a code we do not know.
                bye = Bye(log_line(said, REASON_LIMIT), code, numbers[:4])
                raise JoinError(JoinSays.HOST_LEFT, Ending.LEFT, None, bye=bye)
            case Error() as error:
                # Said from the code in this terminal's language; the host's words only
                # for a code we do not know.
                error = peer_error(error)
                if error.code == Ending.INTEGRITY:
                    # The host could not open a frame of ours: tampered with on the way.
                    raise integrity_lost(error)
                raise JoinError(JoinSays.HOST_ENDED, ending_of(error.code), None, error=error)
            case Heartbeat():
                pass
            case _:
                # Anything else a host may not send does not decode (FromHost).
                assert_never(message)
        return True

    def _next_round(self, round_index: int, promise: str) -> None:
        state = self.state
        assert state is not None
        if not (state.over and self.revealed and round_index == self.round + 1 < self.rounds):
            raise ProtocolError(Breach.ROUND_EARLY, (round_index, self.round))
        self.round, self.commitment = round_index, log_line(promise, 128)
        self.state = SeatState(state.setup, state.seat)
        self._pending_draws.clear()
        self.deal, self.final_game = None, None
        self._save()
        self.tell(RoundStarted(round_index, self.rounds))

    # -- a rematch (net/rematch.py) ---------------------------------------------

    def offer_rematch(self) -> None:
        """Offer the table a rematch, or agree to the one on offer (the host answers)."""
        self._send(RematchAnswer(True))

    def decline_rematch(self) -> None:
        """Decline the rematch on offer: it is over for everyone."""
        self._send(RematchAnswer(False))

    def _rematch_offered(self, by: int, waiting: tuple[int, ...]) -> None:
        if by != HOST_SEAT:
            self._check_seat(by)
        for seat in waiting:
            self._check_seat(seat)
        names = tuple(self.seat_name(seat) for seat in waiting)
        self.rematch = RematchOffered(by, self.seat_name(by), waiting, names, asked=self.seat in waiting)
        self.tell(self.rematch)

    def _rematch_off(self, seat: int, code: str, numbers: tuple[int, ...]) -> None:
        if seat != HOST_SEAT:
            self._check_seat(seat)
        own = self.rematch is None
        self.rematch = None
        self.tell(RematchEnded(seat, self.seat_name(seat), log_line(code, 40), numbers[:2], own=own))

    def _new_game(self, game_id: str, promise: str) -> None:
        """Everyone agreed to a rematch: a new game of the same table, kept in
        a record of its own (the last game's is final, and stays)."""
        state, welcome, record = self.state, self.welcome, self.record
        assert state is not None and welcome is not None
        if not (self.over and self.revealed) or record is None:
            raise ProtocolError(Breach.ROUND_EARLY, (0, self.round))
        if not GAME_ID.fullmatch(game_id) or game_id == record.game_id:
            # It names the new record's file: the welcome's rule, and a game of its own.
            raise ProtocolError(Breach.WELCOME_GAME_ID)
        self.welcome = msgspec.structs.replace(
            welcome, game_id=game_id, commitment=log_line(promise, 128), from_seq=0, round=0, past=[]
        )
        self.keeper = RecordKeeper(
            self.save_dir,
            msgspec.structs.replace(
                record, game_id=game_id, events=[], over=False, deal="", deal_args=[], round=0, past=[]
            ),
        )
        self.round, self.commitment = 0, log_line(promise, 128)
        self.state = SeatState(state.setup, state.seat)
        self.past, self.past_games = [], []
        self._pending_draws.clear()
        self.deal, self.final_game, self.final_save = None, None, None
        self.hint_counts, self.rematch = [], None
        self.finished.clear()
        self._save()
        self.tell(RematchStarted(game_id))

    def _check_seat(self, seat: int) -> None:
        players = self.state.setup.players if self.state is not None else 0
        if not 0 <= seat < players:
            raise ProtocolError(Breach.SEAT_OUT_OF_GAME, (seat, players))

    def seat_name(self, seat: int) -> str:
        """The name of ``seat``'s player as the host last told us ("" if unknown)."""
        return self.keeper.seat_name(seat)

    def _undone(self, length: int, state_hash: str) -> None:
        state = self.state
        assert state is not None
        if not 0 <= length <= state.length:
            raise desync(Fault(Breach.UNDO_LENGTH, (length, state.length)))
        state.truncate(length)
        if state.last_hash != state_hash:
            raise desync(Fault(Breach.UNDO_STATE, (length,)))
        self._save()
        self.tell(LogChanged(length, undone=True))
        self._check_turn()

    def _seat_status(self, seat: int, connected: bool, name: str) -> None:
        self._check_seat(seat)
        self.connected_seats[seat] = connected
        shown = plain_name(name)
        if connected and shown and seat != self.seat:
            # A player took the seat (or came back): from now on it goes by their name.
            self.keeper.name_seat(seat, shown)
        if connected:
            self.tell(SeatJoined(seat, self.seat_name(seat)))
        else:
            self.tell(SeatLeft(seat, self.seat_name(seat)))

    def _event(self, message: GameEvent) -> None:
        state = self.state
        assert state is not None
        seq = message.seq
        if seq != state.length:
            raise desync(Fault(Breach.EVENT_SEQ, (state.length, seq)))
        event = message.event
        if type(event) is TileDrawn and event.seat == self.seat:
            tile = self._pending_draws.pop(seq, None)
            if tile is None:
                raise desync(Fault(Breach.DRAW_MISSING, (seq,)))
            event = TileDrawn(event.seat, tile)
        try:
            digest = state.apply(event)
        except FoldError as exc:
            raise desync(exc.at(seq)) from None
        except (IndexError, KeyError, ValueError, TypeError):
            # Numbers no board has (a gem or slot out of range): the host is broken.
            raise desync(Fault(Breach.UNHOLDABLE, (seq,))) from None
        if digest != message.state_hash:
            # The host's hash is a peer's text: quoted, plain and short.
            raise desync(Fault(Breach.STATE_HASH, (seq,), (digest, log_line(message.state_hash, 32))))
        if message.end:
            self._save()
            self.tell(LogChanged(message.seq))
            if state.over:
                self.tell(PlayEnded(self.round, self.rounds))
            self._check_turn()

    def _check_turn(self) -> None:
        state = self.state
        if state is not None and state.board.turn == self.seat and not state.over:
            self.turn_ready.set()

    def _reveal(self, message: Reveal) -> None:
        state = self.state
        assert state is not None
        if not state.over:
            raise ProtocolError(Breach.REVEAL_EARLY)
        if self.revealed:
            raise ProtocolError(Breach.REVEAL_TWICE)
        played, game = check_reveal(self.commitment, state, self.round, message.deck, message.salt)
        deal = self.deal = Deal.of(played)
        self.past.append(played)
        if game is not None:
            self.final_game = game
            self.past_games.append(game)
        if self.over:
            self._write_final()
        self._save()
        self.tell(DealChecked(deal, len(state.my_draws), self.round, self.rounds, self.watching))
        if self.over:
            self.finished.set()

    def _write_final(self) -> None:
        """At the end of the match, every round replayed: an ordinary save of
        the whole match (when every round's deck is known)."""
        if len(self.past_games) != self.rounds:
            return  # a round's deal did not check out: no whole match to save
        try:
            self.final_save = self.keeper.write_match(self.past_games, self.kind, deals_meta(self.past))
        except saves.SaveError as exc:
            self.tell(Problem(str(exc)))

    def _save(self) -> None:
        """Autosave this seat's record (after every batch of events)."""
        state = self.state
        path = self.record_file
        if state is None or path is None:
            return
        deal = self.deal or Deal("")
        said = self.keeper.save(
            state.events,
            round_index=self.round,
            commitment=self.commitment,
            # Finalised with the match's last event: nothing is left to rejoin.
            over=self.over,
            deal=deal.code,
            deal_args=deal.args,
            past=self.past,
        )
        # A failure is said once; the seat plays on in memory and says when saving works again.
        if said is not None:
            saved, problem = said
            self.tell(SaveState(saved, str(path), problem))

    def _send(self, message: FromGuest) -> None:
        if self.conn is not None:
            self.conn.send_nowait(message)

    async def play(self, move: Move, seat: int | None = None) -> str | None:
        """Send this seat's move; None once the host acknowledges it, else the
        host's reason for refusing it (the game goes on)."""
        self.turn_ready.clear()
        started = time.perf_counter()
        request = MoveRequest(self.requests.next_id(), self.seat if seat is None else seat, move)
        reply = await self.requests.ask(self.conn, request, self.read_timeout * 2)
        if isinstance(reply, MoveAck):
            self.round_trips.append(time.perf_counter() - started)
            return None
        assert isinstance(reply, MoveRejected)
        # Said in this terminal's language from the code; the host's words only for a code we do not know.
        why = Why(log_line(reply.code, 40), reply.args[:8]) if reply.code else None
        notice = MoveRefused(self.seat, log_line(reply.reason, REASON_LIMIT), self.name, why)
        self.tell(notice)
        self._check_turn()
        return notice.reason_text

    async def request_undo(self, timeout: float = 40.0) -> tuple[bool, str]:
        """Ask the others to take back this seat's last move."""
        state = self.state
        assert state is not None
        request = UndoRequest(self.requests.next_id(), self.seat, state.length)
        reply = await self.requests.ask(self.conn, request, timeout)
        assert isinstance(reply, UndoResult)
        reason = log_line(reply.reason, REASON_LIMIT)
        if reply.code:
            said = why_text(Why(log_line(reply.code, 40), reply.args[:8]), self._seat_label)
            if said is not None:
                return reply.accepted, said
        return reply.accepted, reason

    def _seat_label(self, seat: int) -> str:
        return seat_label(seat, self.seat_name(seat))

    def say(self, text: str) -> bool:
        """Send one line of chat (cleaned and cut to :data:`~.chat.CHAT_LIMIT`);
        the host sends it back to every terminal, this one too, within this
        seat's budget. Whether there was anything to send."""
        line = chat_text(text, CHAT_LIMIT)
        if not line or self.conn is None or self.welcome is None:
            return False
        self._send(Say(line))
        return True

    def vote_undo(self, undo_id: int, accept: bool) -> None:
        self._send(UndoVote(undo_id, self.seat, accept))

    async def close(self, farewell: Farewell = Farewell.GUEST_QUIT) -> None:
        """Say goodbye (why: ``farewell``, which the host says in its own
        language). Once the game has started the host keeps the seat open for
        a rejoin; before, the seat is given up, and so is its record here."""
        self.phase = GuestPhase.of(started=self.started, leaving=True)
        if self._beat_task is not None:
            self._beat_task.cancel()
        if self.conn is not None:
            # Kept open until the host has read it and ended its side, as the
            # host's goodbye is (Connection.close): closed at once, it would
            # answer the host's next heartbeat with a reset that can reach
            # the host before the goodbye, a seat lost instead of one left.
            await self.conn.close(Bye(farewell_english(farewell), farewell.value), linger=GOODBYE_LINGER)
        if not self.started:
            self.keeper.forget()
