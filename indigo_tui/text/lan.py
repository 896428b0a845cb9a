"""A network game by lines: ``indigo join ... --text`` and ``indigo host --text``.

The same table and commands as a local game (:class:`~.local.LineTable`),
at a network table (:class:`~indigo_tui.table.network.GuestTable` or
:class:`~indigo_tui.table.network.HostTable`, the peers' shape that the game
screen reads too). What differs is time: a move or an undo is a request the
host answers later, other terminals move while this one waits for a line,
and the peer's notices (a seat joined or dropped, an undo to vote on, the
deal checked) arrive whenever they come. So the driver is a loop on
asyncio: lines typed (read by a thread), the peer's notices and its end,
whichever comes first; each is answered at once and anything slow (sending
a move, asking for an undo, a hint) is a task whose answer is said when it
comes. A lost connection is rejoined by the one rule of every guest
(:mod:`indigo_tui.net.rejoin`).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from ..engine import Move, SeatView
from ..i18n import _, decimal, ngettext
from ..net.common import JoinError, lan_address
from ..net.guest import GuestSession
from ..net.host import HostSession
from ..net.joining import record_fits
from ..net.notices import (
    ChatSaid,
    DealChecked,
    LogChanged,
    MoveRefused,
    Notice,
    PlayEnded,
    PlayStarted,
    RematchEnded,
    RematchOffered,
    RematchStarted,
    RoundStarted,
    SeatJoined,
    SeatLeft,
    SessionClosed,
    UndoAsked,
    UndoSettled,
)
from ..net.problems import JoinSays, problem_text
from ..net.reasons import Ending, Farewell
from ..net.rejoin import REJOIN_TIMEOUT, may_rejoin, rejoin_seat
from ..net.relay import Relay, join_command
from ..saves import find_record
from ..table.describe import cell_name
from ..table.network import GuestTable, HostTable, NetTable
from . import answers
from .commands import Command
from .console import Console
from .fronts import TextFront
from .local import Left, LineTable


class NetEnded(Exception):
    """The network game ended before its end (the host went, a rejoin failed):
    why, in one line."""


def line_reader(console: Console) -> asyncio.Queue[str | None]:
    """The lines typed, read by a thread so that the loop never waits on the
    keyboard (None at the end of the input)."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def pump() -> None:
        while True:
            line = console.read()
            loop.call_soon_threadsafe(lines.put_nowait, line)
            if line is None:
                return

    threading.Thread(target=pump, name="indigo-text-input", daemon=True).start()
    return lines


class NetLineTable(LineTable):
    """A seat (or the host's seats) of a network game, played by lines."""

    def __init__(self, table: NetTable, front: TextFront, notices: asyncio.Queue[Notice]) -> None:
        super().__init__(table, front)
        self.net = table
        self.notices = notices
        #: An undo another seat asked for, to vote on with yes or no.
        self.vote: UndoAsked | None = None
        #: Requests on their way to the host (a move, an undo, a hint).
        self.tasks: set[asyncio.Task[None]] = set()
        #: Why the session ended, once it has (None while it goes on).
        self.ended: str | None = None
        #: The chat is not shown (the mute command), and the lines held back meanwhile.
        self.muted = False
        self.unheard = 0
        #: The rematch on offer (net/rematch.py), to agree to or decline.
        self.rematch: RematchOffered | None = None

    # -- the peer -----------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        table = self.net
        if isinstance(table, GuestTable):
            return table.guest.state is not None
        assert isinstance(table, HostTable)
        return table.host.started

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- what differs from a local table ------------------------------------------------------

    def _place(self, move: Move) -> None:
        if any(not task.done() for task in self.tasks):
            self.front.say(_("Wait: the host has not answered yet."))
            return

        async def send() -> None:
            reason = await self.net.send_move(move)
            if reason is not None:
                self.front.say(
                    _("The host refused {tile} on {cell}: {reason}.").format(
                        tile=answers.tile_text(move.tile, move.rotation),
                        cell=cell_name(move.cell),
                        reason=reason,
                    )
                )
                self._announced = None
            self._wake()

        self._spawn(send())

    def _undo(self) -> None:
        async def ask() -> None:
            self.front.say(_("Asking the others to take your last move back…"))
            accepted, why = await self.net.ask_undo()
            if accepted:
                self.front.say(_("Your last move was taken back."))
                self._announced = None
            else:
                self.front.say(_("Not taken back: {reason}.").format(reason=why))
            self._wake()

        self._spawn(ask())

    def _redo(self) -> None:
        self.front.say(_("There is no redo in a network game."))

    def offered(self) -> frozenset[Command]:
        """The commands this terminal answers (``help`` lists them): no redo in
        a network game; a watcher plays no move, so no undo, hint, rematch or
        answer to a vote, and no chat where the host passes none of it on."""
        offered = frozenset(Command) - {Command.REDO}
        if self.net.watching:
            offered -= {Command.UNDO, Command.HINT, Command.REMATCH, Command.YES, Command.NO, Command.NEXT}
        if not self.net.chats:
            offered -= {Command.SAY}
        return offered

    def _chat(self, text: str) -> None:
        if not text.strip():
            self.front.say(_("Say what? Type say and the line, like say well played."))
        elif not self.net.say(text):
            self.front.say(_("Nothing to say: a chat line is plain text."))

    def _mute(self) -> None:
        self.muted = not self.muted
        if self.muted:
            self.front.say(_("Chat muted: mute shows it again."))
        else:
            self.front.say(
                ngettext(
                    "Chat shown again ({count} line while muted).",
                    "Chat shown again ({count} lines while muted).",
                    self.unheard,
                ).format(count=self.unheard)
            )
            self.unheard = 0

    def _hint(self, view: SeatView | None) -> None:
        if not self.net.offers_hints:
            self.front.say(
                _(
                    "The host allows no hints in this game: the host turns them on with Allow hints on its "
                    "form, or indigo host --hints."
                )
            )
            return
        if view is None or not view.my_turn:
            self.front.say(_("A hint is for your own move."))
            return
        self.net.count_hint(view.seat)
        self.front.say(_("Looking for a hint…"))

        async def think() -> None:
            from ..bots.review import Reviewer

            # In a thread: the search takes a second, and the heartbeats must go on.
            try:
                move, expected = await asyncio.to_thread(Reviewer().suggest, view.detached())
            except ValueError as exc:
                self.front.say(_("No hint: {reason}.").format(reason=exc))
                return
            self.front.say(self._hint_words(view.seat, move, expected))
            self._wake()

        self._spawn(think())

    def _rematch(self) -> None:
        if not self.net.match.over:
            self.front.say(_("A rematch is offered once the game is over."))
            return
        agreeing = self.rematch is not None
        refused = self.net.offer_rematch()
        if refused is not None:
            self.front.say(_("No rematch: {reason}.").format(reason=refused))
        elif agreeing:
            self.front.say(_("You agreed to the rematch."))
        else:
            self.front.say(_("You offered the table a rematch."))

    def _say_round_end(self) -> None:
        said = self._ended
        super()._say_round_end()
        # Only where rematch is a command here (offered() says: not for a watcher).
        offers = Command.REMATCH in self.offered()
        if said != self._ended and self.net.match.over and self.rematch is None and offers:
            self.front.say(_("Type rematch to offer the table a new game: the same seats, a new deal."))

    def answer(self, yes: bool) -> bool:
        if self.vote is None and self.rematch is not None:
            # A yes or no to the rematch on offer (no undo vote is open once the game is over).
            if yes:
                self._rematch()
            else:
                self.rematch = None
                self.net.decline_rematch()
            return True
        ask, self.vote = self.vote, None
        if ask is None:
            return False
        self.net.vote_undo(ask, yes)
        self.front.say(_("You agreed.") if yes else _("You said no."))
        return True

    def _wake(self) -> None:
        """Something was said outside the loop's turn: show the prompt again."""
        self.front.console.prompt()

    # -- notices ------------------------------------------------------------------------------

    def _notice(self, notice: Notice) -> None:
        """Say a peer's notice (the events themselves are said from the log)."""
        match notice:
            case LogChanged() | PlayStarted() | PlayEnded() | MoveRefused():
                pass  # the log says the moves; the mover's own request says a refusal
            case UndoAsked():
                self.vote = notice
                self.front.say(
                    _("{news}: type yes to agree or no.").format(
                        news=notice.text[:1].upper() + notice.text[1:]
                    )
                )
            case UndoSettled(seat=seat) if seat in self.net.humans:
                pass  # the asker's own request says the answer
            case SessionClosed(final=final):
                if final or not self.net.game.over:
                    self.ended = notice.text
            case RematchOffered(asked=asked):
                self.rematch = notice
                words = notice.text[:1].upper() + notice.text[1:]
                if asked:
                    self.front.say(_("{news}: type rematch (or yes) to agree, or no.").format(news=words))
                else:
                    self.front.say(words + ".")
            case RematchEnded() | RematchStarted():
                self.rematch = None
                if isinstance(notice, RematchStarted):
                    self.net.rematch_started()
                    self._announced = None
                self.front.say(notice.text[:1].upper() + notice.text[1:] + ".")
            case ChatSaid():
                if self.muted:
                    self.unheard += 1
                else:
                    # translators: a line of chat in text mode: who said it, then what (plain text)
                    self.front.say(_("Chat, {name}: {line}").format(name=notice.speaker, line=notice.line))
            case DealChecked() | RoundStarted() | SeatJoined() | SeatLeft() | _:
                self.front.say(notice.text[:1].upper() + notice.text[1:] + ".")

    # -- running ------------------------------------------------------------------------------

    async def play(self, lines: asyncio.Queue[str | None]) -> int:
        """Play until the player leaves or the session ends: 0, or
        :class:`NetEnded` when it ended before the match did."""
        introduced = False
        while True:
            if self.started:
                if not introduced:
                    introduced = True
                    self._introduce()
                self._say_new_events()
                if self.net.game.over:
                    self._say_round_end()
                else:
                    self._announce()
            if self.ended is not None:
                if self.net.match.over:
                    self.front.say(_("The game has ended: {reason}.").format(reason=self.ended))
                    return 0
                raise NetEnded(self.ended)
            self.front.console.prompt()
            line_task = asyncio.ensure_future(lines.get())
            notice_task = asyncio.ensure_future(self.notices.get())
            done, _pending = await asyncio.wait({line_task, notice_task}, return_when=asyncio.FIRST_COMPLETED)
            if notice_task in done:
                if self.started:
                    self._say_new_events()  # the moves first, then what the notices add
                self._notice(notice_task.result())
                while not self.notices.empty():
                    self._notice(self.notices.get_nowait())
            else:
                notice_task.cancel()
            if line_task not in done:
                line_task.cancel()
                continue
            line = line_task.result()
            if line is None:
                return 0
            try:
                if not self.started:
                    self._before_start(line)
                else:
                    self.handle(line)
            except Left:
                return 0

    def _introduce(self) -> None:
        from .sentences import seat_lines

        table = self.net
        names = [info.name for info in table.seats]
        self.front.say(*seat_lines(table.setup, names, [info.kind for info in table.seats], self.viewer))
        self.front.say(_("Type help for the commands, or a move like 122/3@2,-1."))

    def _before_start(self, line: str) -> None:
        from .commands import parse_command

        command, rest = parse_command(line)
        if command is Command.QUIT:
            raise Left
        if command is Command.SAY:
            self._chat(rest)  # the others waiting hear it already
            return
        self.front.say(_("The game has not started yet (quit leaves, say talks to the others)."))


async def keep_reading(guest: GuestSession, table: NetLineTable, within: float) -> None:
    """Run the guest's session; after a lost connection, rejoin the same seat
    by the one rule of every guest, and say so."""
    while True:
        try:
            await guest.run()
        except JoinError as exc:
            if within <= 0 or not may_rejoin(guest, exc):
                guest.notices.put_nowait(SessionClosed(problem_text(exc), final=True, code=exc.code))
                return
            table.front.say(
                _("{reason}; trying to rejoin for up to {seconds} s.").format(
                    reason=problem_text(exc), seconds=decimal(within)
                )
            )
            try:
                back = await rejoin_seat(guest, within)
            except JoinError as gave_up:
                guest.notices.put_nowait(SessionClosed(problem_text(gave_up), final=True, code=gave_up.code))
                return
            if back:
                table.net.generation += 1
                guest.notices.put_nowait(SeatJoined(guest.seat, guest.name, rejoined=True, own=True))
                continue
            return
        guest.notices.put_nowait(SessionClosed(_("the host closed the game"), final=True))
        return


def guest_session(
    host: str,
    port: int,
    code: str | None,
    name: str,
    save_dir: Path | None,
    *,
    rejoin: bool = False,
    relay: Relay | None = None,
    watch: bool = False,
) -> GuestSession:
    """The guest session ``indigo join --text`` plays: the seat of this
    folder's unfinished game with that host, joined under the same name (or,
    with ``rejoin``, under any), is claimed again, as on screen and headless.
    With ``relay`` the host is reached through that transit relay with the
    internet ``code`` (``host`` and ``port`` are the relay's). With ``watch``
    the game is followed without a seat (no record is claimed or kept)."""
    if watch:
        if not code:
            raise JoinError(JoinSays.NO_CODE, Ending.CODE)
        return GuestSession(host, port, code, name=name, relay=relay, watch=True)
    record = None
    if save_dir is not None:
        found = find_record(save_dir, host, port, None if rejoin else name)
        if found is not None and record_fits(found[1], code, relay, rejoin=rejoin):
            record = found[1]
    if not code or (record is not None and relay is not None):
        if record is None:
            raise JoinError(JoinSays.NO_CODE, Ending.CODE)
        code = record.code
    guest = GuestSession(host, port, code, name=name, save_dir=save_dir, record=record, relay=relay)
    if record is not None and record.code != guest.code:
        guest.record = None  # another game's record: the code given wins
    return guest


async def play_guest(guest: GuestSession, console: Console, *, rejoin_timeout: float = REJOIN_TIMEOUT) -> int:
    """A guest's seat by lines: join, wait for the start, play, leave."""
    front = TextFront(console)
    welcome = await guest.connect()  # says "joined as seat N of M" as a notice
    if not welcome.started:
        front.say(_("Waiting for the host to start the game."))
    table = NetLineTable(GuestTable(guest), front, guest.notices)
    reader = asyncio.ensure_future(keep_reading(guest, table, rejoin_timeout))
    lines = line_reader(console)
    try:
        return await table.play(lines)
    finally:
        farewell = Farewell.GAME_OVER if guest.over else Farewell.GUEST_QUIT
        with contextlib.suppress(Exception):
            await asyncio.wait_for(guest.close(farewell), 3.0)
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader
        if guest.final_save is not None:
            front.say(_("The game is saved in {path}.").format(path=guest.final_save))


async def play_host(
    host: HostSession, own: list[int], console: Console, bind: str, port: int, relay: Relay | None = None
) -> int:
    """The host's own seats by lines: open the door (the port, or with
    ``relay`` the door at that transit relay), say what to tell the others,
    start when every seat is taken, play, close."""
    front = TextFront(console)
    if relay is not None:
        await host.listen_relay(relay)
        front.say(
            _("Across the internet. Tell your friends the code: {code}.").format(code=host.code),
            _("They run: {command} (add --text to play by lines).").format(
                command=join_command(host.code, relay)
            ),
            _("Waiting for every seat to be taken (quit leaves)."),
        )
    else:
        address, bound = await host.listen(bind, port)
        shown = lan_address() if address in ("0.0.0.0", "::") else address
        where = f"{shown or address}:{bound}"
        front.say(
            _("Tell the other players: address {address}, code {code}.").format(
                address=where, code=host.code
            ),
            _("They run: indigo join {address} --code {code} (add --text to play by lines).").format(
                address=where, code=host.code
            ),
            _("Waiting for every seat to be taken (quit leaves)."),
        )
    table = NetLineTable(HostTable(host, own), front, host.notices)
    lines = line_reader(console)

    async def start_when_full() -> None:
        await host.wait_all_seated()
        host.begin()
        host.notices.put_nowait(PlayStarted())

    starter = asyncio.ensure_future(start_when_full())
    try:
        return await table.play(lines)
    finally:
        starter.cancel()
        farewell = Farewell.GAME_OVER if host.match.over else Farewell.HOST_QUIT
        with contextlib.suppress(Exception):
            await asyncio.wait_for(host.close(farewell), 3.0)
        if host.save_path is not None and host.saved:
            front.say(_("The game is saved in {path}.").format(path=host.save_path))
