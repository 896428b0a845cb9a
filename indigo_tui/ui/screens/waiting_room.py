"""A guest's waiting room: the seats, live, until the host presses Start;
then the table opens. Leaving gives the seat up (see docs/protocol.md)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ...net.notices import LogChanged, PlayStarted, SeatJoined, SeatLeft, SessionClosed
from ...net.reasons import Farewell
from ...saves import NAME_LIMIT
from ...table.network import GuestTable
from ..localise import Localised
from ..net_link import NetLink, NetNotice
from ..requests import ToTitle
from ..widgets.footer import Footer


class WaitScreen(Localised, Screen[None]):
    """A guest's waiting room: the seats, until the host starts."""

    DEFAULT_CSS = """
    #wait-box { width: 100; max-width: 100%; height: 100%; padding: 0 1; }
    #wait-seats { height: auto; margin: 1 0; }
    #wait-status { height: auto; color: $text-muted; }
    #wait-title.-ended { color: $error; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", N_("Leave")),
        Binding("ctrl+q", "leave(True)", N_("Quit"), show=False),
    ]

    def __init__(self, table: GuestTable, link: NetLink) -> None:
        super().__init__()
        self.table = table
        self.link = link
        self.status = ""
        #: Why the game is off before it began (the host closed the lobby, or is gone).
        self.ended: str | None = None
        self._leaving = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="wait-box"):
            # The title says the game is off once it is: it may echo the host's words.
            yield Static(
                _("Joined: waiting for the host to start"), classes="title", id="wait-title", markup=False
            )
            # Names and news come from the network: plain text, never markup.
            yield Static("", id="wait-seats", markup=False)
            yield Static("", id="wait-status", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Leave (esc)"), id="leave")
        yield Footer()

    def on_mount(self) -> None:
        self.link.attach(self)
        guest = self.table.guest
        # The session's own word, not the welcome's: the host may have started
        # between the join and this mount, and its notices then reached no screen.
        if guest.started or guest.turn_ready.is_set():
            self._to_table()
            return
        if self.link.ended is not None and self.ended is None:
            # The host went before this room could listen (its notice went to
            # the screen before): said here all the same.
            self.ended = self.link.ended
        self.refresh_seats()

    def on_net_notice(self, message: NetNotice) -> None:
        if not self.is_attached:
            return
        notice = message.notice
        match notice:
            case PlayStarted() | LogChanged():
                self._to_table()
                return
            case SessionClosed():
                self.ended = notice.text
            case SeatJoined() | SeatLeft():
                self.status = notice.text
        self.refresh_seats()

    def refresh_seats(self) -> None:
        if not self.query("#wait-seats"):
            # Composed again for a change of language (a peer's news can come in
            # between): relocalise refreshes the seats afterwards.
            return
        guest = self.table.guest
        if guest.watching:
            you_are = _("You are watching: no seat, no moves")
            if guest.relay is None:
                you_are = f"{you_are}  ({guest.host}:{guest.port})"
        elif guest.relay is not None:
            # Across the internet what this terminal reaches is the relay, not the host.
            you_are = _("You are seat {number} of {players}, joined through the relay {relay}").format(
                number=guest.seat + 1, players=self.table.setup.players, relay=guest.relay
            )
        else:
            you_are = _("You are seat {number} of {players}").format(
                number=guest.seat + 1, players=self.table.setup.players
            )
            you_are = f"{you_are}  ({guest.host}:{guest.port})"
        lines = [you_are]
        for seat, info in enumerate(self.table.raw_seats):
            here = guest.connected_seats.get(seat, False)
            if seat == guest.seat:
                what = _("you")
            elif info.bot is not None:
                what = _("{bot} bot").format(bot=info.bot)
            else:
                what = _("here") if here else _("waiting for a player…")
            lines.append(f"  {seat + 1}. {info.name:<{NAME_LIMIT}} {what}")
        self.query_one("#wait-seats", Static).update("\n".join(lines))
        self.query_one("#wait-status", Static).update(self.status)
        if self.ended is not None:
            # Said where the player looks, instead of "waiting for the host to start".
            title = self.query_one("#wait-title", Static)
            title.update(
                _("No game: {reason}. Leave with Escape, and join again when the host hosts again.").format(
                    reason=self.ended
                )
            )
            title.add_class("-ended")

    async def relocalise(self) -> None:
        """After a change of language: the room composed again in the new words."""
        await self.recompose()
        self.refresh_seats()

    def _to_table(self) -> None:
        from .net_game import NetGameScreen

        if self._leaving:
            return  # notices that came before the table mounted
        self._leaving = True
        self.app.switch_screen(NetGameScreen(self.table, self.link))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_leave()

    def action_leave(self, quit_app: bool = False) -> None:
        self.run_worker(self._leave(quit_app), group="wait-leave", exclusive=True)

    async def _leave(self, quit_app: bool) -> None:
        await self.link.close(Farewell.LEFT_BEFORE_START)
        if quit_app:
            self.app.exit()
        else:
            self.post_message(ToTitle())


__all__ = ["WaitScreen"]
