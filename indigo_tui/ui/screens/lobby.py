"""Hosting a network game: the setup form and the lobby.

The setup form picks the seats (the host's own, remote terminals, bots the
host runs), the variant, the port and the join code. The lobby opens the port
and shows what to tell the other players (this machine's addresses, the
port, the code), who has joined, live, and the Start button once every remote
seat has a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from ... import saves
from ...bots import Bot, BotSpecError, available_bots, make_bot
from ...engine import Match, Setup, SetupError
from ...net import DEFAULT_PORT
from ...net.common import lan_address, new_join_code, normal_code
from ...net.host import HostError, HostSession
from ...net.notices import Problem, SaveState, SeatJoined, SeatLeft
from ...saves import SeatInfo, default_seat_name
from ..net_table import HostTable, NetLink, NetNotice
from .seat_rows import SeatRowsScreen


@dataclass
class HostPlan:
    """Everything the host setup decides (also what ``indigo host`` gives)."""

    kinds: list[str]  # "host", "remote" or "bot:NAME", one per seat
    name: str = "Host"
    variant: str = "classic"
    own_gates: bool = False
    port: int = DEFAULT_PORT
    bind: str = "0.0.0.0"
    code: str = ""
    seed: int | str | None = None


def build_host(plan: HostPlan, save_dir: Path | None) -> HostTable:
    """A host session for ``plan`` (not yet listening), as the host's table;
    :class:`HostError` or ValueError with one line if the plan cannot be."""
    kinds = plan.kinds
    for kind in kinds:
        if kind not in ("host", "remote") and SeatInfo("", kind).bot is None:
            raise ValueError(f"seat kind {kind!r}: use host, remote or bot:NAME")
    if "remote" not in kinds:
        raise ValueError("a hosted game needs at least one remote seat")
    try:
        setup = Setup(len(kinds), plan.variant, plan.own_gates)  # type: ignore[arg-type]
    except SetupError as exc:
        raise ValueError(str(exc)) from None
    match = Match(setup, 1, plan.seed)
    seats: list[SeatInfo] = []
    bots: dict[int, Bot] = {}
    for index, kind in enumerate(kinds):
        if kind == "host":
            seats.append(SeatInfo(plan.name.strip()[:24] or "Host", "human"))
        elif kind == "remote":
            seats.append(SeatInfo(f"Player {index + 1}", "remote"))
        else:
            seat = SeatInfo(default_seat_name(index, kind), kind)
            seed = None if plan.seed is None else f"{plan.seed}:{index}"
            try:
                bots[index] = make_bot(seat.bot or kind, seed)
            except BotSpecError as exc:
                raise ValueError(str(exc)) from None
            seats.append(seat)
    code = normal_code(plan.code) or new_join_code()
    host = HostSession(
        match,
        seats,
        code,
        local_bots=bots,
        move_delay=0.5,
        extra_meta={"net_host_seats": ",".join(str(i) for i, k in enumerate(kinds) if k == "host")},
    )
    if save_dir is not None:
        # Kept out of the save folder's top level, so the title's Continue does
        # not offer a hosted game as a local one; `indigo host --resume` takes it.
        folder = save_dir / "net"
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"cannot use {folder} for saves: {exc.strerror or exc}") from None
        host.save_path = folder / f"net-{host.game_id}-host{saves.SUFFIX}"
    table = HostTable(host, [i for i, k in enumerate(kinds) if k == "host"])
    table.save_path = host.save_path
    return table


def resume_host(path: Path) -> HostTable:
    """A hosted game taken up from its save (after the host crashed or quit):
    the same game, code and seats, so the guests get back in by joining
    again. ValueError with one line if the file is not such a save."""
    try:
        saved = saves.load_save(path)
    except saves.SaveError as exc:
        raise ValueError(str(exc)) from None
    meta = dict(saved.header.meta)
    if meta.get("net_role") != "host" or "net_game_id" not in meta:
        raise ValueError(f"{path}: not the save of a hosted network game")
    if saved.match.over:
        raise ValueError(f"{path}: that game is already over")
    own = {int(s) for s in meta.get("net_host_seats", "").split(",") if s.isdigit()}
    seats: list[SeatInfo] = []
    bots: dict[int, Bot] = {}
    seed = saved.match.seed
    for index, info in enumerate(saved.header.seats):
        if index in own or info.kind == "human":
            # A headless host's own seat was saved as its bot: a person plays it now.
            own.add(index)
            seats.append(SeatInfo(info.name, "human"))
            continue
        if info.is_bot:
            try:
                bots[index] = make_bot(info.bot or "random", None if seed is None else f"{seed}:{index}")
            except BotSpecError as exc:
                raise ValueError(str(exc)) from None
        seats.append(info)
    tokens = {}
    for item in meta.get("net_tokens", "").split(","):
        seat_text, _, token = item.partition(":")
        if seat_text.isdigit() and token:
            tokens[int(seat_text)] = token
    code = meta.get("net_code", "")
    if not code:
        raise ValueError(f"{path}: the save holds no join code")
    meta.pop("net_host_seats", None)
    host = HostSession(
        saved.match,
        seats,
        code,
        local_bots=bots,
        game_id=meta["net_game_id"],
        salt=meta.get("net_salt"),
        tokens=tokens,
        save_path=path,
        created=saved.header.created,
        move_delay=0.5,
        extra_meta={"net_host_seats": ",".join(str(i) for i in sorted(own))},
    )
    return HostTable(host, sorted(own))


def seat_choices() -> list[tuple[str, str]]:
    return [("You (this terminal)", "host"), ("Remote player", "remote")] + [
        (f"Bot: {name}", f"bot:{name}") for name in available_bots()
    ]


class HostSetupScreen(SeatRowsScreen):
    """Seats, variant, port and code for a hosted game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "open_lobby", "Open lobby"),
    ]

    def compose(self) -> ComposeResult:
        choices = seat_choices()
        with VerticalScroll(id="setup-box"):
            yield Static("Host a game on the local network", classes="title")
            with Horizontal(classes="row"):
                yield Label("Your name", classes="field")
                yield Input(value="Host", id="host-name", classes="seat-name")
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                yield Select([(str(n), n) for n in (2, 3, 4)], value=2, allow_blank=False, id="players")
            for seat in range(4):
                with Horizontal(classes="row seat-row", id=f"seat-row-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="field")
                    yield Select(
                        choices, value="host" if seat == 0 else "remote", allow_blank=False, id=f"kind-{seat}"
                    )
            with Horizontal(classes="row"):
                yield Label("Variant", classes="field")
                yield Select(
                    [
                        ("Classic: one tile in hand", "classic"),
                        ("Tactical: two tiles, choose one", "tactical"),
                    ],
                    value="classic",
                    allow_blank=False,
                    id="variant",
                )
            with Horizontal(classes="row"):
                yield Checkbox("Own gates only (3 players)", id="own-gates")
            with Horizontal(classes="row"):
                yield Label("Port", classes="field")
                yield Input(value=str(DEFAULT_PORT), id="port", type="integer", classes="seat-name")
                yield Label("Join code", classes="field")
                yield Input(placeholder="random", id="code", classes="seat-name")
            yield Static("", id="setup-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Open lobby (ctrl+s)", id="open", variant="primary")
                yield Button("Back (esc)", id="back")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "open":
            self.action_open_lobby()
        else:
            self.app.pop_screen()

    def read(self) -> HostPlan:
        players = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        kinds = [str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(players)]
        port_text = self.query_one("#port", Input).value.strip() or str(DEFAULT_PORT)
        if not port_text.isdigit() or not 0 <= int(port_text) < 65536:
            raise ValueError("the port must be a number from 0 to 65535")
        return HostPlan(
            kinds,
            name=self.query_one("#host-name", Input).value,
            variant=str(self.query_one("#variant", Select).value),
            own_gates=players == 3 and self.query_one("#own-gates", Checkbox).value,
            port=int(port_text),
            code=self.query_one("#code", Input).value,
        )

    def action_open_lobby(self) -> None:
        try:
            table = build_host(self.read(), getattr(self.app, "save_dir", None))
        except (ValueError, HostError) as exc:
            self.query_one("#setup-error", Static).update(f"Can't host: {exc}")
            return
        port = int(self.query_one("#port", Input).value.strip() or DEFAULT_PORT)
        self.app.switch_screen(LobbyScreen(table, port=port))


def share_addresses(bind: str, port: int) -> list[str]:
    """The addresses other players can type, best first."""
    if bind not in ("0.0.0.0", "", "::"):
        return [f"{bind}:{port}"]
    found = []
    lan = lan_address()
    if lan is not None and not lan.startswith("127."):
        found.append(f"{lan}:{port}")
    found.append(f"127.0.0.1:{port}  (this machine)")
    return found


class LobbyScreen(Screen[None]):
    """The host's lobby: what to share, who is here, and Start."""

    DEFAULT_CSS = """
    #lobby-box { width: 100; max-width: 100%; height: 100%; padding: 0 1; }
    #lobby-share { border: round $accent; padding: 0 1; height: auto; margin-bottom: 1; }
    #lobby-seats { height: auto; margin-bottom: 1; }
    #lobby-status { height: auto; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+q", "cancel(True)", "Quit", show=False),
    ]

    def __init__(self, table: HostTable, *, bind: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        super().__init__()
        self.table = table
        self.bind = bind
        self.port = port
        self.link: NetLink | None = None  # made on mount (it needs the app)
        self.addresses: list[str] = []
        self.problem = ""

    @property
    def host(self) -> HostSession:
        return self.table.host

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lobby-box"):
            yield Static("Lobby: waiting for players", classes="title")
            yield Static("Opening the port…", id="lobby-share", markup=False)
            # Names and problems come from the network: plain text, never markup.
            yield Static("", id="lobby-seats", markup=False)
            yield Static("", id="lobby-status", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Start (ctrl+s)", id="start", variant="primary", disabled=True)
                yield Button("Cancel (esc)", id="cancel")
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
            bound = await self.host.listen(self.bind, self.port)
        except HostError as exc:
            self.query_one("#lobby-share", Static).update(f"Can't host: {exc}")
            return
        self.port = bound[1]
        self.addresses = share_addresses(self.bind, bound[1])
        lines = ["Tell the other players:"]
        lines += [f"  address  {address}" for address in self.addresses]
        lines.append(f"  code     {self.host.code}")
        first = self.addresses[0].split()[0]
        lines.append(f"They run: indigo join {first} --code {self.host.code}  (or Join game on the title)")
        self.query_one("#lobby-share", Static).update("\n".join(lines))
        self.refresh_seats()

    def on_net_notice(self, message: NetNotice) -> None:
        match message.notice:
            case Problem(text=text) | SaveState(text=text):
                self.problem = text
            case SeatJoined() | SeatLeft():
                self.problem = ""
        self.refresh_seats()

    def refresh_seats(self) -> None:
        if not self.is_attached:
            return
        lines = ["Seats:"]
        for line in self.host.lobby():
            if line.kind == "human":
                what = "you"
            elif line.kind == "remote":
                what = "joined" if line.connected else "waiting for a player…"
            else:
                what = f"{SeatInfo(line.name, line.kind).bot} bot"
            name = line.name if line.kind != "remote" or line.connected else "(open)"
            lines.append(f"  {line.seat + 1}. {name:<24} {what}")
        self.query_one("#lobby-seats", Static).update("\n".join(lines))
        ready = self.host.ready and self.host.address is not None
        status = "Everyone is here: press Start." if ready else "Waiting for every remote seat to be taken."
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
            self.problem = str(exc)
            self.refresh_seats()
            return
        self.app.switch_screen(NetGameScreen(self.table, self.link))

    def action_cancel(self, quit_app: bool = False) -> None:
        self.run_worker(self._cancel(quit_app), group="lobby-cancel", exclusive=True)

    async def _cancel(self, quit_app: bool) -> None:
        if self.link is not None:
            await self.link.close("the host closed the lobby")
        if quit_app:
            self.app.exit()
        else:
            leave_to_title(self.app)


def leave_to_title(app: Any) -> None:
    """Back to the title screen, however this screen was reached."""
    to_title = getattr(app, "to_title", None)
    if callable(to_title):
        to_title()
    else:
        app.exit()


__all__ = ["HostPlan", "HostSetupScreen", "LobbyScreen", "build_host", "share_addresses"]
