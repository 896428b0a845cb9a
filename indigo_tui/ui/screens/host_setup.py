"""The host's setup form: the seats (the host's own, remote terminals, bots
the host runs), the variant, the rounds, hints, the turn clock, the undo
requests a round and the watchers, the port and the join code, or over the
internet through a transit relay. Opening the lobby builds the hosted game
(:mod:`indigo_tui.net.hosting`) and shows the lobby."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ...i18n import N_, _
from ...net import DEFAULT_PORT, DEFAULT_RELAY, DEFAULT_UNDO_LIMIT, DEFAULT_WATCHERS
from ...net.hosting import HostingError, HostPlan, build_host
from ...net.relay import relay_from
from ...table.network import HostTable
from ..localise import Localised
from ..widgets.footer import Footer
from ..widgets.form_foot import FormFoot
from .lobby import LobbyScreen
from .seat_rows import SeatRowsScreen, bot_choices, variant_select


def default_relay() -> str:
    """The relay a game across the internet uses unless the form names one."""
    try:
        return str(relay_from(None))
    except ValueError:
        return DEFAULT_RELAY  # a bad INDIGO_RELAY is said when the game is opened


def seat_choices() -> list[tuple[str, str]]:
    return [(_("You (this terminal)"), "host"), (_("Remote player"), "remote"), *bot_choices()]


class HostSetupScreen(Localised, SeatRowsScreen):
    """Seats, variant, port and code for a hosted game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("ctrl+s", "open_lobby", N_("Open lobby")),
    ]

    def __init__(self, save_dir: Path | None) -> None:
        super().__init__()
        #: Where the hosted game is saved (the app's save folder; None: nowhere).
        self.save_dir = save_dir

    def compose(self) -> ComposeResult:
        choices = seat_choices()
        with VerticalScroll(id="setup-box"):
            yield Static(_("Host a game on the local network or across the internet"), classes="title")
            with Horizontal(classes="row"):
                yield Label(_("Your name"), classes="field")
                # translators: the host's name until they type one (others see it)
                yield Input(value=_("Host"), id="host-name", classes="seat-name")
            with Horizontal(classes="row"):
                yield Label(_("Players"), classes="field")
                yield Select([(str(n), n) for n in (2, 3, 4)], value=2, allow_blank=False, id="players")
            for seat in range(4):
                with Horizontal(classes="row seat-row", id=f"seat-row-{seat}"):
                    yield Label(_("Seat {number}").format(number=seat + 1), classes="field")
                    yield Select(
                        choices, value="host" if seat == 0 else "remote", allow_blank=False, id=f"kind-{seat}"
                    )
            with Horizontal(classes="row"):
                yield Label(_("Variant"), classes="field")
                yield variant_select()
                yield Label(_("Rounds"), classes="field")
                yield Input(value="1", id="rounds", type="integer", classes="seat-name")
            with Horizontal(classes="row"):
                yield Checkbox(_("Own gates only (3 players)"), id="own-gates")
                yield Checkbox(_("Allow hints"), id="hints")
            with Horizontal(classes="row"):
                # translators: the turn clock: seconds each player has for a move (at most 12 characters)
                yield Label(_("Turn time"), classes="field")
                # translators: the turn time's field when empty: a number of seconds, or no clock
                yield Input(
                    placeholder=_("seconds (none)"), id="turn-time", type="integer", classes="seat-name"
                )
                # translators: undo requests each player may put to the vote per round (at most 12 characters)
                yield Label(_("Undos/round"), classes="field")
                yield Input(
                    value=str(DEFAULT_UNDO_LIMIT), id="undo-limit", type="integer", classes="seat-name"
                )
            with Horizontal(classes="row"):
                # translators: how many terminals may watch the game without a seat (at most 12 characters)
                yield Label(_("Watchers"), classes="field")
                yield Input(value=str(DEFAULT_WATCHERS), id="watchers", type="integer", classes="seat-name")
                yield Checkbox(_("Watchers may chat"), True, id="watcher-chat")
            with Horizontal(classes="row"):
                yield Checkbox(_("Over the internet"), id="internet")
                yield Label(_("Relay"), classes="field")
                yield Input(placeholder=default_relay(), id="relay", classes="seat-name")
            with Horizontal(classes="row"):
                yield Label(_("Port"), classes="field")
                yield Input(value=str(DEFAULT_PORT), id="port", type="integer", classes="seat-name")
                yield Label(_("Join code"), classes="field")
                yield Input(placeholder=_("random"), id="code", classes="seat-name")
            yield FormFoot(
                Button(_("Open lobby (ctrl+s)"), id="open", variant="primary"),
                Button(_("Back (esc)"), id="back"),
            )
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "open":
            self.action_open_lobby()
        else:
            self.app.pop_screen()

    def _players(self) -> int:
        value = self.query_one("#players", Select).value
        return value if isinstance(value, int) else 2

    def read(self) -> HostPlan:
        """The choices on screen as a :class:`HostPlan`; ValueError says what is wrong."""
        players = self._players()
        kinds = [str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(players)]
        port_text = self.query_one("#port", Input).value.strip() or str(DEFAULT_PORT)
        if not port_text.isdigit() or not 0 <= int(port_text) < 65536:
            raise ValueError(_("the port must be a number from 0 to 65535"))
        rounds_text = self.query_one("#rounds", Input).value.strip() or "1"
        if not rounds_text.isdigit():
            raise ValueError(_('rounds must be a number, not "{text}"').format(text=rounds_text))
        turn_text = self.query_one("#turn-time", Input).value.strip() or "0"
        if not turn_text.isdigit():
            raise ValueError(
                _('the turn time must be a number of seconds, not "{text}"').format(text=turn_text)
            )
        undo_text = self.query_one("#undo-limit", Input).value.strip() or str(DEFAULT_UNDO_LIMIT)
        if not undo_text.isdigit():
            raise ValueError(_('the undos per round must be a number, not "{text}"').format(text=undo_text))
        watchers_text = self.query_one("#watchers", Input).value.strip() or str(DEFAULT_WATCHERS)
        if not watchers_text.isdigit():
            raise ValueError(_('the watchers must be a number, not "{text}"').format(text=watchers_text))
        variant = self._variant()
        relay = None
        if self.query_one("#internet", Checkbox).value:
            relay = relay_from(self.query_one("#relay", Input).value.strip() or None)
        return HostPlan(
            kinds,
            name=self.query_one("#host-name", Input).value,
            variant=variant,
            own_gates=players == 3 and self.query_one("#own-gates", Checkbox).value,
            hints=self.query_one("#hints", Checkbox).value,
            rounds=int(rounds_text),
            port=int(port_text),
            code=self.query_one("#code", Input).value,
            relay=relay,
            turn_time=float(turn_text),
            undo_limit=int(undo_text),
            watchers=int(watchers_text),
            watcher_chat=self.query_one("#watcher-chat", Checkbox).value,
        )

    def action_open_lobby(self) -> None:
        try:
            plan = self.read()
            hosted = build_host(plan, self.save_dir)
        except (ValueError, HostingError) as exc:
            self.query_one(FormFoot).say(_("Can't host: {reason}").format(reason=exc))
            return
        table = HostTable(hosted.session, hosted.own)
        self.app.switch_screen(LobbyScreen(table, bind=plan.bind, port=plan.port, relay=hosted.relay))


__all__ = ["HostSetupScreen", "seat_choices"]
