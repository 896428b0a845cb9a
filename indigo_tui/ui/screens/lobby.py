"""The host's lobby: it opens the port (or, across the internet, the door at
a transit relay) and shows what to tell the other players (this machine's
addresses, the port, the code; or the internet code alone), who has joined, live,
and the Start button once every remote seat has a terminal. The game itself
is built (or taken up from its save) by :mod:`indigo_tui.net.hosting`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ...net import DEFAULT_PORT
from ...net.common import lan_address
from ...net.host import HostError, HostSession
from ...net.notices import (
    CodeSpent,
    Problem,
    RelayStatus,
    SaveState,
    SeatJoined,
    SeatLeft,
    Watching,
    watching_line,
)
from ...net.problems import problem_text
from ...net.reasons import Farewell
from ...net.relay import Relay, join_command
from ...saves import NAME_LIMIT, SeatInfo
from ...table.network import HostTable
from ..localise import Localised
from ..net_link import NetLink, NetNotice
from ..requests import ToTitle
from ..widgets.footer import Footer


def share_addresses(bind: str, port: int) -> list[str]:
    """The addresses other players can type, best first."""
    if bind not in ("0.0.0.0", "", "::"):
        return [f"{bind}:{port}"]
    found = []
    lan = lan_address()
    if lan is not None and not lan.startswith("127."):
        found.append(f"{lan}:{port}")
    found.append(f"127.0.0.1:{port}  " + _("(this machine)"))
    return found


class LobbyScreen(Localised, Screen[None]):
    """The host's lobby: what to share, who is here, and Start."""

    DEFAULT_CSS = """
    #lobby-box { width: 100; max-width: 100%; height: 100%; padding: 0 1; }
    #lobby-share { border: round $accent; padding: 0 1; height: auto; margin-bottom: 1; }
    #lobby-seats { height: auto; margin-bottom: 1; }
    #lobby-status { height: auto; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start")),
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+q", "cancel(True)", N_("Quit"), show=False),
    ]

    def __init__(
        self, table: HostTable, *, bind: str = "0.0.0.0", port: int = DEFAULT_PORT, relay: Relay | None = None
    ) -> None:
        super().__init__()
        self.table = table
        self.bind = bind
        self.port = port
        #: Across the internet: the transit relay guests come in through (no port is opened).
        self.relay = relay
        #: What the relay last told us (reaching it, waiting at it, cannot reach it).
        self.relay_status: RelayStatus | None = None
        self.link: NetLink | None = None  # made on mount (it needs the app)
        self.addresses: list[str] = []
        self.problem = ""

    @property
    def host(self) -> HostSession:
        return self.table.host

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lobby-box"):
            yield Static(_("Lobby: waiting for players"), classes="title")
            yield Static(_("Opening the port…"), id="lobby-share", markup=False)
            # Names and problems come from the network: plain text, never markup.
            yield Static("", id="lobby-seats", markup=False)
            yield Static("", id="lobby-status", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(_("Start (ctrl+s)"), id="start", variant="primary", disabled=True)
                yield Button(_("Cancel (esc)"), id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self.link = NetLink(self.app, self.table)
        self.link.attach(self)
        self.link.start()
        self.run_worker(self._listen(), group="lobby")

    def on_screen_resume(self) -> None:
        if self.link is not None:
            self.link.attach(self)

    async def _listen(self) -> None:
        try:
            if self.relay is not None:
                await self.host.listen_relay(self.relay)
                self.show_share()
                self.refresh_seats()
                return
            bound = await self.host.listen(self.bind, self.port)
        except HostError as exc:
            self.query_one("#lobby-share", Static).update(
                _("Can't host: {reason}").format(reason=problem_text(exc))
            )
            return
        self.port = bound[1]
        self.addresses = share_addresses(self.bind, bound[1])
        self.show_share()
        self.refresh_seats()

    def show_share(self) -> None:
        """What to tell the other players: the addresses, the code, the command."""
        relay = self.relay
        if relay is not None:
            code = self.host.code
            lines = [
                _("Across the internet. Tell your friends the code:"),
                "  " + code,
                _("They run: {command}  (or type the code into Join game)").format(
                    command=join_command(code, relay)
                ),
            ]
            status = self.relay_status
            if status is not None:
                # Said as the seats stand now: once every one is taken, nobody
                # more is waited for at the relay.
                lines.append(replace(status, seats_taken=self.host.ready).text)
            self.query_one("#lobby-share", Static).update("\n".join(lines))
            return
        lines = [_("Tell the other players:")]
        lines += ["  " + _("address: {address}").format(address=address) for address in self.addresses]
        lines.append("  " + _("code: {code}").format(code=self.host.code))
        first = self.addresses[0].split()[0]
        lines.append(
            _("They run: indigo join {address} --code {code}  (or Join game on the title)").format(
                address=first, code=self.host.code
            )
        )
        self.query_one("#lobby-share", Static).update("\n".join(lines))

    async def relocalise(self) -> None:
        """After a change of language: the lobby composed again in the new words."""
        start = self.query_one("#start", Button).disabled
        await self.recompose()
        self.query_one("#start", Button).disabled = start
        if self.addresses or self.host.relay is not None:
            self.show_share()
        self.refresh_seats()

    def on_net_notice(self, message: NetNotice) -> None:
        match message.notice:
            case RelayStatus() as status:
                self.relay_status = status
                if self.query("#lobby-share") and self.host.relay is not None:
                    self.show_share()
            case Problem(text=text) | SaveState(text=text):
                self.problem = text
            case CodeSpent(text=text):
                # Someone tried the code: the fresh one is what to tell now.
                self.problem = text
                if self.query("#lobby-share"):
                    self.show_share()
            case SeatJoined() | SeatLeft() | Watching():
                self.problem = ""
                if self.relay_status is not None and self.query("#lobby-share"):
                    self.show_share()
        self.refresh_seats()

    def refresh_seats(self) -> None:
        if not self.is_attached or not self.query("#lobby-seats"):
            # Gone, or composed again for a change of language (a peer's news
            # can come in between): relocalise refreshes the seats afterwards.
            return
        rounds = self.host.match.rounds
        lines = [
            _("Seats:") if rounds == 1 else _("Seats (a match of {rounds} rounds):").format(rounds=rounds)
        ]
        for line in self.host.lobby():
            if line.kind == "human":
                what = _("you")
            elif line.kind == "remote":
                what = _("joined") if line.connected else _("waiting for a player…")
            else:
                what = _("{bot} bot").format(bot=SeatInfo(line.name, line.kind).bot)
            name = line.name if line.kind != "remote" or line.connected else _("(open)")
            lines.append(f"  {line.seat + 1}. {name:<{NAME_LIMIT}} {what}")
        watchers = watching_line(self.host.watchers)
        if watchers:
            lines.append(watchers)
        self.query_one("#lobby-seats", Static).update("\n".join(lines))
        ready = self.host.ready and self.host.open
        status = (
            _("Everyone is here: press Start.") if ready else _("Waiting for every remote seat to be taken.")
        )
        if self.problem:
            status += f"\n{self.problem}"
        self.query_one("#lobby-status", Static).update(status)
        self.query_one("#start", Button).disabled = not ready

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def action_start(self) -> None:
        from .net_game import NetGameScreen

        if self.link is None or not self.host.ready:
            self.app.bell()
            return
        try:
            self.host.begin()
        except HostError as exc:
            self.problem = problem_text(exc)
            self.refresh_seats()
            return
        self.app.switch_screen(NetGameScreen(self.table, self.link))

    def action_cancel(self, quit_app: bool = False) -> None:
        self.run_worker(self._cancel(quit_app), group="lobby-cancel", exclusive=True)

    async def _cancel(self, quit_app: bool) -> None:
        if self.link is not None:
            await self.link.close(Farewell.LOBBY_CLOSED)
        if quit_app:
            self.app.exit()
        else:
            self.post_message(ToTitle())


__all__ = ["LobbyScreen", "share_addresses"]
