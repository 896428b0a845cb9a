"""A network game at the table: the peers in the shape the game screen reads.

The game screen reads a :class:`~indigo_tui.table.base.Table`. A network
game has no local session: the host's game lives in a
:class:`~indigo_tui.net.host.HostSession`, a guest's seat in a
:class:`~indigo_tui.net.guest.GuestSession`. :class:`HostTable` and
:class:`GuestTable` answer the screen's questions from those (a guest's only
through :class:`~indigo_tui.net.table.GuestGame`, which never holds another
seat's hand). Moves, undo and goodbyes are requests the host answers later
(:meth:`NetTable.send_move`), so the network screen awaits them in workers on
the app's loop (:mod:`.net_link` carries the peer's notices to it).

Nothing here imports Textual: text mode (``indigo join --text``) plays at
these same tables.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path

from ..bots.base import Bot
from ..engine import Event, Game, Match, Move, SeatView, Setup
from ..i18n import _
from ..net.chat import HOST_SEAT
from ..net.guest import GuestSession
from ..net.host import HostError, HostSession
from ..net.notices import UndoAsked
from ..net.problems import problem_text
from ..net.reasons import NetRefusal, why_text
from ..net.table import GuestGame, GuestMatch
from ..saves import SaveError, SeatInfo
from .base import TableRefusal


class NetTable(ABC):
    """The :class:`~indigo_tui.table.base.Table` of a game played over the
    network. Subclasses say which game and seats, and how moves and undo
    requests reach the host."""

    open_scores = False
    title = ""
    hot_seat = False
    needs_handoff = False

    def __init__(self) -> None:
        self.generation = 0
        self.save_error: str | None = None
        self.save_path: Path | None = None
        self.meta: dict[str, str] = {}

    # -- per kind of peer --------------------------------------------------------

    @property
    @abstractmethod
    def game(self) -> Game | GuestGame: ...

    @property
    @abstractmethod
    def match(self) -> Match | GuestMatch: ...

    @property
    @abstractmethod
    def humans(self) -> list[int]:
        """The seats played at this terminal."""

    @property
    @abstractmethod
    def viewer(self) -> int | None: ...

    def speaks_to(self, seat: int) -> bool:
        # A terminal that plays one seat of a network game shows only that
        # seat's hand: its player is the one reading (several own seats are a
        # hot seat, named as at a local table).
        return self.humans == [seat]

    @property
    @abstractmethod
    def raw_seats(self) -> list[SeatInfo]:
        """Who sits where, as the peer knows it."""

    @abstractmethod
    def connected(self, seat: int) -> bool:
        """Whether ``seat``'s terminal is in the game now."""

    @abstractmethod
    async def send_move(self, move: Move) -> str | None:
        """Play a move of this terminal's seat; the reason if it is refused."""

    @abstractmethod
    async def ask_undo(self) -> tuple[bool, str]:
        """Ask the others to take back this terminal's last move: accepted, and why."""

    @abstractmethod
    def vote_undo(self, ask: UndoAsked, accept: bool) -> None:
        """This terminal's answer to another seat's undo request."""

    @abstractmethod
    def say(self, text: str) -> bool:
        """Say one line of chat to every terminal (the host passes it on, and
        it comes back as a :class:`~indigo_tui.net.notices.ChatSaid`);
        whether there was anything to say."""

    @abstractmethod
    def offer_rematch(self) -> str | None:
        """Once the game is over: offer the table a rematch, or agree to the
        one on offer (net/rematch.py). Why not, in words, where it is known at
        once (the host's); a guest's refusal comes as a notice."""

    @abstractmethod
    def decline_rematch(self) -> None:
        """Decline the rematch on offer: it is over for every terminal."""

    def rematch_started(self) -> None:
        """A rematch began: the new game is the one shown (its own file)."""
        self.generation += 1

    @property
    def watching(self) -> bool:
        """Whether this terminal watches the game without a seat (moves, undo and votes are not its own)."""
        return False

    @property
    def chats(self) -> bool:
        """Whether this terminal's lines of chat are passed on."""
        return True

    @property
    def watchers(self) -> tuple[str, ...]:
        """Who watches the game, as far as this terminal knows (the host knows)."""
        return ()

    # -- shared ----------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        return self.game.setup

    @property
    def bots(self) -> Mapping[int, Bot]:
        """None: the bots of a network game are run by the host session, never by a screen."""
        return {}

    def is_bot(self, seat: int) -> bool:
        return False

    def name(self, seat: int) -> str:
        return self.raw_seats[seat].name

    def follow_language(self) -> None:  # noqa: B027 (deliberately nothing, not a forgotten abstract method)
        """Nothing: a network game's names are the host's, the same on every terminal."""

    @property
    def seats(self) -> list[SeatInfo]:
        """The seats as the scoreboard shows them: a person at another terminal
        is a person (not a bot), marked while their terminal is away."""
        shown = []
        for seat, info in enumerate(self.raw_seats):
            if info.is_bot:
                shown.append(info)
            else:
                # translators: a seat on the scoreboard whose terminal has lost its connection
                name = info.name if self.connected(seat) else _("{name} (away)").format(name=info.name)
                shown.append(SeatInfo(name, "human"))
        return shown

    def first_viewer(self) -> int | None:
        return self.viewer

    def hand_over(self) -> None:  # noqa: B027 (deliberately nothing, not a forgotten abstract method)
        """Nothing to hand over: the seats of this terminal are one person's
        (``needs_handoff`` is never true)."""

    def view(self) -> SeatView | None:
        viewer = self.viewer
        return None if viewer is None else self.game.view(viewer)

    def may_see_gems(self, seat: int) -> bool:
        return self.game.over or seat == self.viewer

    @property
    def human_to_move(self) -> bool:
        game = self.game
        return not game.over and game.turn in self.humans

    def play(self, move: Move) -> list[Event]:
        raise TableRefusal("a network move goes to the host and is answered later (send_move)")

    def undo_takes(self) -> list[tuple[int, Move]]:
        """Nothing is taken back at once: undo is asked of the others (:meth:`ask_undo`)."""
        return []

    def undo_asks(self) -> int | None:
        """Nobody here: the host asks the others itself (:meth:`ask_undo`)."""
        return None

    def hide_hands(self) -> None:  # noqa: B027 (deliberately nothing, not a forgotten abstract method)
        """Nothing to hide: the seats of this terminal are one person's."""

    def undo(self, agreed: int | None = None) -> int:
        """Nothing is taken back at once: undo is asked of the others (:meth:`ask_undo`)."""
        return 0

    def redo(self) -> int:
        """Nothing is played again: there is no redo over the network."""
        return 0

    def next_round(self) -> None:
        raise TableRefusal(_("the host deals the next round"))

    def autosave(self) -> bool:
        # Each peer saves after every move by itself.
        return True

    def save_as(self, title: str) -> Path:
        raise SaveError(_("a network game is saved automatically after every move"))

    #: A network game's saves are its peers' own (each says a failure in its
    #: notices); leaving asks what a network game asks on its own.
    unsaved = False
    offers_save_elsewhere = False

    def save_elsewhere(self, folder: Path) -> Path:
        raise TableRefusal(_("a network game is saved automatically after every move"))

    #: The host keeps the turn clock of a network game (``time_left``), not this table.
    turn_time = 0.0

    @property
    @abstractmethod
    def offers_hints(self) -> bool:
        """Whether the host lets players ask for hints (``indigo host --hints``)."""

    @property
    @abstractmethod
    def hints(self) -> list[int]:
        """How many hints each seat asked for, as the host counts them."""

    @abstractmethod
    def count_hint(self, seat: int) -> None:
        """This terminal's ``seat`` asked for a hint (the host counts it)."""

    @abstractmethod
    def time_left(self) -> tuple[int, float] | None:
        """The seat to move and its seconds left, while the turn clock runs
        (``indigo host --turn-time``); None without a clock."""

    def review(self) -> tuple[Game, Path | None] | None:
        """The round whole, and its file, once it is over and every hand is
        known here (the host's own game; a guest's replay of the revealed
        deck); None before."""
        return None


class HostTable(NetTable):
    """The host's terminal: its own seat(s) of the host session's game."""

    def __init__(self, host: HostSession, own: list[int]) -> None:
        super().__init__()
        self.host = host
        self.own = list(own)
        self._last_viewer: int | None = self.own[0] if self.own else None
        self.save_path = host.save_path

    @property
    def game(self) -> Game:
        return self.host.game

    @property
    def match(self) -> Match:
        return self.host.match

    @property
    def raw_seats(self) -> list[SeatInfo]:
        return self.host.seats

    @property
    def watchers(self) -> tuple[str, ...]:
        return self.host.watchers

    def connected(self, seat: int) -> bool:
        return self.host.seats[seat].kind != "remote" or seat in self.host.links

    @property
    def humans(self) -> list[int]:
        return self.own

    @property
    def viewer(self) -> int | None:
        # One person plays every own seat: the view follows the turn among them.
        turn = self.game.turn
        if turn in self.own and not self.game.over:
            self._last_viewer = turn
        return self._last_viewer

    async def send_move(self, move: Move) -> str | None:
        return await self.host.play(self.game.turn, move)

    async def ask_undo(self) -> tuple[bool, str]:
        movers = [seat for seat, _move in self.game.moves if seat in self.own]
        if not movers:
            return False, _("you have no move to take back")
        return await self.host.undo.request(movers[-1])

    def vote_undo(self, ask: UndoAsked, accept: bool) -> None:
        self.host.undo.vote(ask.undo_id, ask.voter, accept)

    def say(self, text: str) -> bool:
        # Said for the host's own seat; a host that plays none says it as the host.
        return self.host.chat.say(self.own[0] if self.own else HOST_SEAT, text)

    @property
    def offers_hints(self) -> bool:
        return self.host.hints.allowed

    @property
    def hints(self) -> list[int]:
        return list(self.host.hints.counts)

    def count_hint(self, seat: int) -> None:
        why = self.host.count_hint(seat)
        # A second hint on the same turn is simply not counted again (one per own turn).
        if why is not None and why.code != NetRefusal.HINT_COUNTED:
            raise TableRefusal(why_text(why) or why.code)

    def time_left(self) -> tuple[int, float] | None:
        turn = self.host.clock.turn
        return None if turn is None else (turn.seat, turn.left())

    def review(self) -> tuple[Game, Path | None] | None:
        game = self.host.game
        return (game, self.host.save_path) if game.over else None

    def offer_rematch(self) -> str | None:
        refused = self.host.rematch.offer_here()
        return None if refused is None else refused.text

    def decline_rematch(self) -> None:
        self.host.rematch.decline_here()

    def rematch_started(self) -> None:
        super().rematch_started()
        self.save_path = self.host.save_path

    def next_round(self) -> None:
        """Deal the next round to every terminal (the guests follow)."""
        try:
            self.host.next_round()
        except HostError as exc:
            raise TableRefusal(problem_text(exc)) from None


class GuestTable(NetTable):
    """A guest's terminal: one seat, seen only as that seat may see it (or a
    watcher's: no seat, the public game only, nobody's turn to play here)."""

    def __init__(self, guest: GuestSession) -> None:
        super().__init__()
        self.guest = guest
        self._match = GuestMatch(guest)

    @property
    def game(self) -> GuestGame:
        return self._match.game

    @property
    def match(self) -> GuestMatch:
        return self._match

    @property
    def raw_seats(self) -> list[SeatInfo]:
        record = self.guest.record
        assert record is not None
        return [SeatInfo(name, kind) for name, kind in zip(record.seat_names, record.seat_kinds, strict=True)]

    def connected(self, seat: int) -> bool:
        return self.guest.connected_seats.get(seat, True)

    @property
    def watching(self) -> bool:
        return self.guest.watching

    @property
    def humans(self) -> list[int]:
        return [] if self.guest.watching else [self.guest.seat]

    @property
    def viewer(self) -> int | None:
        return None if self.guest.watching else self.guest.seat

    async def send_move(self, move: Move) -> str | None:
        return await self.guest.play(move)

    async def ask_undo(self) -> tuple[bool, str]:
        return await self.guest.request_undo()

    def vote_undo(self, ask: UndoAsked, accept: bool) -> None:
        self.guest.vote_undo(ask.undo_id, accept)

    def say(self, text: str) -> bool:
        if not self.guest.may_chat:
            raise TableRefusal(_("the host does not pass the watchers' chat on in this game"))
        return self.guest.say(text)

    def offer_rematch(self) -> str | None:
        self.guest.offer_rematch()
        return None

    def decline_rematch(self) -> None:
        self.guest.decline_rematch()

    @property
    def chats(self) -> bool:
        return self.guest.may_chat

    @property
    def offers_hints(self) -> bool:
        return self.guest.hints_allowed and not self.guest.watching

    @property
    def hints(self) -> list[int]:
        counts = self.guest.hint_counts
        return list(counts) if counts else [0] * self.setup.players

    def count_hint(self, seat: int) -> None:
        if not self.guest.hints_allowed:
            raise TableRefusal(_("the host allows no hints in this game"))
        self.guest.count_hint()

    def time_left(self) -> tuple[int, float] | None:
        return self.guest.time_left()

    def review(self) -> tuple[Game, Path | None] | None:
        # The round replayed from the deck the host revealed at its end (checked against the deal).
        final = self.guest.final_game
        return (final, None) if final is not None and self.game.over else None
