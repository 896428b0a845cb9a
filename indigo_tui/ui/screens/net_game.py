"""The table of a network game: the local game screen, driven by a peer.

Everything the person sees is the ordinary :class:`GameScreen`, and its
turns are driven as at any table (:class:`~indigo_tui.table.turns.TurnDriver`:
a network table runs no bots and passes no terminal, and its moves go to the
host, which answers later). What this screen adds is composed, not patched
in: the game changes come from the peer's notices (one at a time, on the
app's asyncio loop), the round's result is this screen's dialog (given to
the game screen as its ``round_end``), undo is a request the others vote
on, and leaving says goodbye to the other terminals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button, Static

from ...engine import GemMoved, TilePlaced
from ...i18n import N_, _, ngettext, pgettext
from ...net.common import JoinError
from ...net.deal import Deal
from ...net.hosting import host_save_name
from ...net.notices import (
    ChatHeld,
    ChatSaid,
    ClockStarted,
    DealChecked,
    HintRefused,
    LinesHeld,
    LogChanged,
    MoveRefused,
    PlayEnded,
    PlayStarted,
    Problem,
    RelayStatus,
    RematchEnded,
    RematchOffered,
    RematchStarted,
    RoundStarted,
    SaveState,
    SeatJoined,
    SeatLeft,
    SeatTakenOver,
    SessionClosed,
    TurnTimedOut,
    UndoAsked,
    UndoSettled,
    Watching,
    watching_line,
)
from ...net.problems import problem_text
from ...net.reasons import deal_text
from ...table.describe import cell_name, command_path
from ...table.network import NetTable
from ..localise import translate_bindings
from ..net_link import NetLink, NetNotice
from ..requests import JoinAgain, ToTitle
from ..widgets.board import START_CELL, BoardView
from ..widgets.chat import ChatPanel
from ..widgets.game_status import TableState
from ..widgets.scoreboard import Row, Scoreboard
from .end import EndScreen
from .game import GameScreen


def deal_words(deal: Deal, draws: int) -> str:
    """A guest's check of the deal, in words: verified, or what did not match."""
    if deal.verified:
        return ngettext(
            "Deal verified: the deck matches the commitment and this seat's {count} draw.",
            "Deal verified: the deck matches the commitment and all {count} of this seat's draws.",
            draws,
        ).format(count=draws)
    return _("Deal NOT verified: {reason}.").format(reason=deal_text(deal))


def _sentence(news: str) -> str:
    """A notice's line as a sentence on a screen: capital first, full stop last."""
    return _("{news}.").format(news=news[:1].upper() + news[1:])


def end_for_everyone_question(save_path: Path | None) -> str:
    """The host's question before its leaving ends the game for every terminal."""
    question = _("End the game for everyone? The others' screens will say that it has stopped.")
    if save_path is None:
        return question + "\n\n" + _("It cannot be taken up again: it is not saved.")
    # The command on a line of its own: a path is never broken mid-word.
    return "\n".join(
        [
            question,
            "",
            _("Nothing is lost: it is saved, and this takes it up again, with the same code:"),
            f"  indigo host --resume {command_path(save_path)}",
            _("The others then join again."),
        ]
    )


def resume_words(save_path: Path) -> str:
    """How a host takes a game it left up again (the command on a line of its own)."""
    return "\n".join(
        [
            _("The game is saved. This takes it up again, with the same code:"),
            f"  indigo host --resume {command_path(save_path)}",
            _("The others then join again."),
        ]
    )


class NetEndScreen(EndScreen):
    """The end screen, plus how the deal checked out (a guest's own check)
    and, once the game is over, a rematch: its key, and where the offer stands."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("p", "rematch", N_("Rematch"))]

    def __init__(
        self, table: NetTable, deal: str, rematch: Callable[[], None] | None = None, state: str = ""
    ) -> None:
        super().__init__(table)
        self.deal = deal
        #: Offers (or agrees to) a rematch, once the game is over (None: none offered here).
        self.rematch = rematch
        #: Where the rematch offer stands, in words ("" while none is open).
        self.state = state

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rematch":
            return self.rematch is not None and self.session.match.over
        return super().check_action(action, parameters)

    def more_lines(self) -> ComposeResult:
        if self.deal:
            yield Static(self.deal, id="deal", markup=False)
        match = self.session.match
        if not match.over and not match.can_start_next_round:
            # A guest follows the host from round to round.
            waiting = _("Waiting for the host to deal round {round}.").format(round=match.round_index + 2)
            yield Static(waiting, id="next-wait")
        if self.rematch is not None and match.over:
            # Names come from the network: plain text.
            yield Static(self.state, id="rematch-state", markup=False)

    def first_buttons(self) -> list[Button]:
        if self.rematch is not None and self.session.match.over:
            return [Button(_("Rematch (p)"), id="rematch")]
        return []

    def show_rematch(self, state: str) -> None:
        """Where the rematch offer stands now ("" once none is open)."""
        self.state = state
        for line in self.query("#rematch-state").results(Static):
            line.update(state)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rematch":
            self.action_rematch()
            return
        super().on_button_pressed(event)

    def action_rematch(self) -> None:
        if self.rematch is not None:
            self.rematch()


class NetGameScreen(GameScreen):
    #: The chat's looks, beside its widget.
    CSS_PATH = "../widgets/chat.tcss"
    #: Nothing is focused when the table opens: the chat's field, the one
    #: widget that takes focus, would be given the board's keys.
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        # The chat: a line to type (Enter sends it, Escape goes back to the board), and its mute.
        Binding("k", "chat", N_("Chat")),
        Binding("K", "mute_chat", N_("Mute chat"), show=False),
        Binding("q", "quit_net", N_("Quit")),
        # Quitting the app from here says goodbye to the other terminals first.
        Binding("ctrl+q", "quit_net", N_("Quit"), show=False),
        Binding("escape", "leave", N_("Leave")),
        # Each peer saves by itself, and there is nothing to redo over the network.
        Binding("y", "redo", N_("Redo"), show=False),
        Binding("s", "save_as", N_("Save as"), show=False),
        # Only once a guest's game has stopped before its end (the host left).
        Binding("j", "join_again", N_("Join again")),
        # Only once the game is over: the same table, a new game (net/rematch.py).
        Binding("p", "rematch", N_("Rematch")),
    ]

    def __init__(self, table: NetTable, link: NetLink) -> None:
        #: Why a guest's game stopped before its end (the host left, or the
        #: connection is gone for good), or None: then no tile is placed here.
        self.stopped: str | None = None
        # (Before the table's own set-up, which asks binding_words.)
        super().__init__(table, round_end=self.round_end)
        self.link = link
        self._seen = 0
        self.deal = ""
        self._ended = False
        #: The seat whose time ran out, until the bot's placement for it is shown.
        self._timed_out: int | None = None
        #: The chat's lines and the line to type, under the move log.
        self.chat = ChatPanel(id="chat")
        #: The rematch on offer (None: none is), and the question asking this terminal about it.
        self.rematch: RematchOffered | None = None
        self._rematch_question: Screen[bool] | None = None
        #: Who watches the game (the host knows), or that this terminal watches.
        self.watchers_line = Static("", id="watchers", markup=False)

    def side_panels(self) -> ComposeResult:
        yield self.watchers_line
        yield self.chat

    def refresh_watchers(self) -> None:
        """The line over the chat: who watches (at the host), or at a
        watcher's own terminal that it watches; none where nobody does."""
        if self.table.watching:
            text = _("You are watching: no seat, no moves.")
        else:
            text = watching_line(self.table.watchers)
        # The names are peers' words: plain text (the widget takes no markup).
        self.watchers_line.update(text)
        self.watchers_line.display = bool(text)

    @property
    def table(self) -> NetTable:
        """The table played at, as the network table it is: the one the game
        screen holds (``session``), not a second reference beside it."""
        # Sound: this screen is only ever made with a NetTable (__init__).
        return cast(NetTable, self.session)

    def on_mount(self) -> None:
        self._seen = len(self.game.log)
        # The chat heard before this table showed (in the waiting room, say), then the rest as it comes.
        for said in self.link.chat:
            self.chat.add(said.speaker, said.line)
        self.link.attach(self)
        self.refresh_watchers()
        # The turn clock's seconds left, said again each second while it runs.
        self.set_interval(1.0, self._tick_clock)
        ended = self.link.ended
        if ended is not None and self.link.guest is not None and not self.game.over:
            self.stopped = ended
        elif ended is not None:
            self.status.say(_("The game has ended: {reason}").format(reason=ended))
        super().on_mount()
        if self.stopped is not None:
            self._show_stopped()

    @property
    def playing(self) -> bool:
        return super().playing and self.stopped is None

    def binding_words(self) -> Mapping[str, str]:
        if self.stopped is None:
            return {}
        # translators: the footer's o once a network game has stopped: how it goes on
        return {"result": pgettext("stopped game", "What now")}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.table.watching and (action in self.PLAY_ACTIONS or action in ("undo", "rematch")):
            # A watcher has no seat: nothing to place, take back, ask a hint or a rematch for.
            return False
        if action == "undo":
            return self.stopped is None
        if action == "join_again":
            return self.stopped is not None
        if action == "rematch":
            return self.stopped is None and self.table.match.over and self.link.ended is None
        if action == "chat" and not self.table.chats:
            return False  # the host does not pass this watcher's lines on
        if action in ("chat", "mute_chat"):
            # Nobody hears it once the game stopped here: its key leaves the
            # footer to Join again (which a long language's footer had cut).
            return self.stopped is None
        return super().check_action(action, parameters)

    def on_screen_resume(self) -> None:
        self.link.attach(self)
        super().on_screen_resume()

    # -- the peer's news ----------------------------------------------------------

    def on_net_notice(self, message: NetNotice) -> None:
        notice = message.notice
        if isinstance(notice, ChatSaid):
            # Into the chat even while a dialog covers the table (a peer's words: plain text).
            self.chat.add(notice.speaker, notice.line)
            if self._on_stage and not self.chat.muted and not self.chat.lines_in_sight():
                # No room for the panel (80x24): the line in a toast, as plain text.
                self.notify(notice.text, markup=False)
            return
        if isinstance(notice, Watching):
            self.refresh_watchers()
        if not self._on_stage:
            return
        match notice:
            case Watching(own=False):
                self.status.say(_("{news}.").format(news=notice.text))
            case LogChanged() | PlayStarted() | PlayEnded():
                self._catch_up()
            case MoveRefused():
                pass  # the mover's own worker shows the reason
            case SeatLeft():
                self.status.say(self._left_text(notice))
                self.refresh_all()
            case SeatJoined():
                self.status.say(self._joined_text(notice))
                self.refresh_all()
            case SeatTakenOver():
                self.status.say(_("{news}.").format(news=notice.text))
                self.refresh_all()
            case UndoAsked():
                self._ask_vote(notice)
            case UndoSettled(seat=seat) if seat not in self.table.humans:
                self.status.say(_("Undo: {news}.").format(news=notice.text))
            case UndoSettled():
                pass  # the asker's own worker shows the answer
            case DealChecked():
                self._catch_up()
                self.show_end()
            case RoundStarted():
                self._new_round(notice)
            case RematchOffered() | RematchEnded() | RematchStarted():
                self._rematch_news(notice)
            case SessionClosed(final=final):
                if final or not self.game.over:
                    self._ended = True
                    if not self.game.over and self.link.guest is not None:
                        self._stop(notice.text)
                        return
                    self.status.say(_("The game has ended: {reason}.").format(reason=notice.text))
                    if self.game.over:
                        self.show_end()
            case SaveState(ok=ok, detail=detail):
                # As a local table says it: the status line has no room for the
                # file's path, which a narrow panel would break mid-word.
                failed = _("Not saved: {reason}").format(reason=detail)
                self.status.say(_("Saving works again.") if ok else failed)
            case Problem() | RelayStatus():
                self.status.say(notice.text)
            case ClockStarted():
                self.refresh_status()
            case TurnTimedOut(seat=seat):
                # Said with the bot's placement, which follows at once (see _catch_up).
                self._timed_out = seat
            case HintRefused() | LinesHeld() | ChatHeld():
                self.status.say(_("{news}.").format(news=notice.text[:1].upper() + notice.text[1:]))

    # -- a game that stopped before its end ------------------------------------------

    def _stop(self, reason: str) -> None:
        """The game stopped for this guest before its end: no more moves here,
        and the player is told how it comes back."""
        self.stopped = reason
        self.status.say("")
        translate_bindings(self)  # o is "What now" from here on
        self.refresh_all()
        self._show_stopped()

    def _show_stopped(self) -> None:
        from .stopped import StoppedScreen

        guest = self.link.guest
        if self.stopped is None or guest is None or isinstance(self.app.screen, StoppedScreen):
            return
        record = guest.record
        game_id = record.game_id if record is not None else "…"
        resume = f"…/net/{host_save_name(game_id)}"
        screen = StoppedScreen(self.stopped, resume, f"{guest.host}:{guest.port}")
        self.app.push_screen(screen, self._after_stopped)

    def _after_stopped(self, answer: str | None) -> None:
        if answer == "join":
            self.action_join_again()
        elif answer == "title":
            self.action_leave()

    def action_join_again(self) -> None:
        """Join again: the join form, filled in, takes this seat again at once (once the host is back)."""
        guest = self.link.guest
        if guest is None:
            return
        # Across the internet the seat's code is its table key, met on the relay (no host address).
        address = "" if guest.relay is not None else f"{guest.host}:{guest.port}"
        self.post_message(JoinAgain(address, guest.code, guest.name, guest.save_dir, guest.relay))

    def _new_round(self, notice: RoundStarted) -> None:
        """The host dealt the next round: its end screen goes, the new board comes."""
        self._new_round_board(
            _("Round {round} of {rounds} begins.").format(round=notice.round + 1, rounds=notice.rounds)
        )

    def _new_round_board(self, words: str) -> None:
        """A new round's board (of the match, or a rematch's first): the end screen goes, ``words`` say it."""
        while isinstance(self.app.screen, NetEndScreen):
            self.app.pop_screen()
        self._seen = 0
        self.deal = ""
        self.cursor = START_CELL
        self.chosen = 0
        self.status.say(words)
        self._catch_up()

    # -- a rematch ----------------------------------------------------------------------

    def action_rematch(self) -> None:
        """Offer the table a rematch, or agree to the one on offer."""
        if not self.table.match.over:
            self.status.say(_("A rematch is offered once the game is over."))
            return
        agreeing = self.rematch is not None
        refused = self.table.offer_rematch()
        if refused is not None:
            self.status.say(_("No rematch: {reason}.").format(reason=refused))
        elif agreeing:
            self.status.say(_("You agreed to the rematch."))
        else:
            self.status.say(_("You offered the table a rematch."))

    def _rematch_news(self, notice: RematchOffered | RematchEnded | RematchStarted) -> None:
        """Where the rematch offer stands, said on the board's status and on
        the end screen; this terminal asked, if its answer is wanted."""
        words = _sentence(notice.text)
        if isinstance(notice, RematchOffered):
            self.rematch = notice
            self.status.say(words)
            self._end_screen_says(words)
            if notice.asked and self._rematch_question is None:
                self._ask_rematch(notice)
            return
        self.rematch = None
        self._end_question()
        if isinstance(notice, RematchEnded):
            self.status.say(words)
            self._end_screen_says(words)
            return
        # Everyone agreed: the new game's board, as at a new round.
        self.table.rematch_started()
        self._ended = False
        self._new_round_board(words)

    def _end_screen_says(self, words: str) -> None:
        for screen in self.app.screen_stack:
            if isinstance(screen, NetEndScreen):
                screen.show_rematch(words)

    def _ask_rematch(self, offer: RematchOffered) -> None:
        from .confirm import ConfirmScreen

        question = _("{name} offers a rematch: the same table, a new deal. Play again?").format(
            name=offer.offerer
        )
        screen = ConfirmScreen(question)
        self._rematch_question = screen

        def answer(yes: bool | None) -> None:
            if self._rematch_question is not screen:
                return  # the offer ended meanwhile: nothing to answer
            self._rematch_question = None
            if yes:
                self.action_rematch()
            else:
                self.table.decline_rematch()
                self.status.say(_("You declined the rematch."))

        self.app.push_screen(screen, answer)

    def _end_question(self) -> None:
        """The offer is over: its question, if still up, goes unanswered."""
        screen, self._rematch_question = self._rematch_question, None
        if screen is not None and screen.is_attached:
            screen.dismiss(False)

    def _tick_clock(self) -> None:
        if self._on_stage and self.table.time_left() is not None:
            self.refresh_status()

    def table_state(self) -> TableState:
        """The table as a local one's, with the turn clock's seconds left for
        the seat to move and, once a guest's game has stopped, that it has."""
        clock = None if self.game.over else self.table.time_left()
        return replace(
            super().table_state(),
            stopped=self.stopped is not None,
            clock=None if clock is None else math.ceil(clock[1]),
        )

    def _left_text(self, notice: SeatLeft) -> str:
        if notice.rejoining or notice.seat is None:
            return _("{news}…").format(news=notice.text[:1].upper() + notice.text[1:])
        name = self.table.name(notice.seat)
        if self.game.over:
            return _("{name} left.").format(name=name)
        return _("{name} disconnected: waiting for them to rejoin.").format(name=name)

    def _joined_text(self, notice: SeatJoined) -> str:
        if notice.own:
            return _("Back in the game.")
        return _("{name} is back.").format(name=self.table.name(notice.seat))

    def _catch_up(self) -> None:
        """Show what the log gained (or lost to an undo) since last time."""
        log = self.game.log
        new = list(log[self._seen :]) if len(log) >= self._seen else []
        self._seen = len(log)
        self.table.generation += 1
        board = self.query_one(BoardView)
        if board.animating:
            board.skip_animation()
        placed = [e for e in new if isinstance(e, TilePlaced)]
        # A peer's tile (or the host's bot's) is shown arriving; one's own is not.
        arriving = placed[-1].cell if placed and placed[-1].seat not in self.table.humans else None
        if placed:
            last = placed[-1]
            name, cell = self.table.name(last.seat), cell_name(last.cell)
            if last.seat == self._timed_out:
                self.status.say(
                    _("{name} ran out of time: a bot placed at {cell}.").format(name=name, cell=cell)
                )
            else:
                self.status.say(self.placed_words(last.seat, last.cell))
            self._timed_out = None
        self.refresh_all()
        gem_moves = [e for e in new if isinstance(e, GemMoved)]
        if not self.animate_move(gem_moves, arriving):
            self.next_turn()

    def refresh_scores(self) -> None:
        guest = self.link.guest
        final = guest.final_game if guest is not None else None
        if final is None:
            super().refresh_scores()
            return
        # After the reveal every seat's gems are public: from the replayed game.
        rows: list[Row] = [
            (info.name, info.kind, final.setup.gates_of(seat), final.view(seat).collected, False, False)
            for seat, info in enumerate(self.table.seats)
        ]
        self.query_one(Scoreboard).show(rows)

    # -- the round's end ------------------------------------------------------------

    def action_result(self) -> None:
        if self.stopped is not None:
            self._show_stopped()
            return
        super().action_result()

    def round_end(self) -> NetEndScreen | str:
        """The dialog with the round's result, with how the deal checked out;
        until a guest has the deck revealed, the words that say it waits."""
        guest = self.link.guest
        if guest is not None and not guest.revealed and not self._ended:
            # Until the deck is revealed, a guest knows only its own gems by kind.
            return _("The round is over; checking the deal…")
        if guest is not None and guest.deal is not None and not self.deal:
            # The reveal was checked before its notice came round.
            self.deal = deal_words(guest.deal, len(guest.state.my_draws) if guest.state else 0)
        state = (
            self.rematch.text[:1].upper() + self.rematch.text[1:] + "." if self.rematch is not None else ""
        )
        return NetEndScreen(self.table, self.deal, self.action_rematch, state)

    # -- actions --------------------------------------------------------------------

    def action_undo(self) -> None:
        if self.game.over:
            self.status.say(_("The round is over."))
            return
        self.status.say(_("Asking the others to take back your last move…"))
        self.run_worker(self._undo(), group="net-undo", exclusive=True)

    async def _undo(self) -> None:
        try:
            accepted, reason = await self.table.ask_undo()
        except JoinError as exc:
            accepted, reason = False, problem_text(exc)
        if not self._on_stage:
            return
        self.status.say(
            (_("Undo accepted: {reason}.") if accepted else _("Undo refused: {reason}.")).format(
                reason=reason
            )
        )

    def _ask_vote(self, ask: UndoAsked) -> None:
        from .confirm import ConfirmScreen

        question = _("{name} asks to take back their last move. Allow it?").format(
            name=self.table.name(ask.asker)
        )

        def answer(accept: bool | None) -> None:
            self.table.vote_undo(ask, bool(accept))
            self.status.say(_("You allowed the undo.") if accept else _("You declined the undo."))

        self.app.push_screen(ConfirmScreen(question), answer)

    def action_chat(self) -> None:
        """The line to type a chat line in (Enter sends it, Escape goes back to the board)."""
        if self.link.ended is not None or self.link.closing:
            self.status.say(_("The game has ended: nobody hears the chat any more."))
            return
        self.chat.focus_field()

    def action_mute_chat(self) -> None:
        muted = self.chat.toggle_mute()
        self.status.say(_("Chat muted: K shows it again.") if muted else _("Chat shown again."))

    @on(ChatPanel.Said)
    def _said(self, said: ChatPanel.Said) -> None:
        if not self.table.say(said.text):
            self.status.say(_("Nothing to say: a chat line is plain text."))

    async def relocalise(self) -> None:
        await super().relocalise()
        self.chat.reword()

    def action_redo(self) -> None:
        self.status.say(_("There is no redo in a network game."))

    def action_save_as(self) -> None:
        self.status.say(_("A network game is saved automatically after every move."))

    def action_leave(self) -> None:
        self._ask_to_leave(to_title=True)

    def action_quit_net(self) -> None:
        self._ask_to_leave(to_title=False)

    def _ask_to_leave(self, to_title: bool) -> None:
        """A host leaving a match that is not over ends it for everyone: asked
        first, with what follows. A guest leaves its own seat (it can rejoin)."""
        from .confirm import ConfirmScreen

        host = self.link.host
        if host is None or self.table.match.over or self.link.closing:
            self.run_worker(self._leave(to_title), group="net-leave", exclusive=True)
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.run_worker(self._leave(to_title), group="net-leave", exclusive=True)

        # Made when shown (and again in a language switched to meanwhile).
        question = partial(end_for_everyone_question, host.save_path)
        self.app.push_screen(ConfirmScreen(question, wide=True), answer)

    async def _leave(self, to_title: bool) -> None:
        host = self.link.host
        unfinished = host is not None and not host.match.over
        await self.link.close()  # this terminal's player quit
        if to_title:
            # How to take the game up again, said over the title where the host now looks.
            save_path = host.save_path if host is not None else None
            # Made when shown (and again in a language switched to meanwhile).
            notice = partial(resume_words, save_path) if unfinished and save_path is not None else None
            self.post_message(ToTitle(notice))
        else:
            self.app.exit()


__all__ = ["NetEndScreen", "NetGameScreen"]
