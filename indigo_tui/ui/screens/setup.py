"""A new game: seats (named humans or bots), variant, own gates, rounds, seed, scores, turn time."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.validation import Integer
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ...engine import MAX_ROUNDS, Setup, SetupError, parse_seed, rounds_allowed
from ...i18n import N_, _
from ...i18n.words import rounds_text, setup_error_text
from ...net.clock import turn_time_problem
from ...saves import NAME_LIMIT, SeatInfo, default_seat_names
from ...table.session import NewGame
from ..localise import Localised
from ..requests import StartGame
from ..widgets.footer import Footer
from ..widgets.form_foot import FormFoot
from .seat_rows import SeatRowsScreen, bot_choices, variant_select


def seat_kinds() -> list[tuple[str, str]]:
    return [(_("Human"), "human"), *bot_choices()]


class SetupScreen(Localised, SeatRowsScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
    ]

    def compose(self) -> ComposeResult:
        kinds = seat_kinds()
        default_bot = next((v for _, v in kinds if v == "bot:greedy"), kinds[-1][1])
        with VerticalScroll(id="setup-box"):
            yield Static(_("New game"), classes="title")
            with Horizontal(classes="row"):
                yield Label(_("Players"), classes="field")
                yield Select([(str(n), n) for n in (2, 3, 4)], value=2, allow_blank=False, id="players")
            for seat in range(4):
                with Horizontal(classes="row seat-row", id=f"seat-row-{seat}"):
                    yield Label(_("Seat {number}").format(number=seat + 1), classes="field")
                    # Empty: the placeholder shows the name the seat gets unless one is typed.
                    yield Input(id=f"name-{seat}", classes="seat-name")
                    yield Select(
                        kinds,
                        value="human" if seat == 0 else default_bot,
                        allow_blank=False,
                        id=f"kind-{seat}",
                    )
            with Horizontal(classes="row"):
                yield Label(_("Variant"), classes="field")
                yield variant_select()
            with Horizontal(classes="row"):
                yield Label(_("Rounds"), classes="field")
                # Red at once when out of range; Start then says why in words.
                yield Input(
                    value="1",
                    id="rounds",
                    type="integer",
                    validators=[Integer(minimum=1, maximum=MAX_ROUNDS)],
                )
                yield Label(_("Seed"), classes="field")
                yield Input(placeholder=_("random"), id="seed")
            with Horizontal(classes="row"):
                yield Checkbox(_("Own gates only (3 players)"), id="own-gates")
            with Horizontal(classes="row"):
                yield Checkbox(_("Open scores (everyone sees all gems)"), id="open-scores")
            with Horizontal(classes="row"):
                # translators: the turn clock: seconds each player has for a move (at most 12 characters)
                yield Label(_("Turn time"), classes="field")
                # translators: the turn time's field when empty: a number of seconds, or no clock
                yield Input(placeholder=_("seconds (none)"), id="turn-time", type="integer")
            yield FormFoot(
                Button(_("Start (ctrl+s)"), id="start", variant="primary"), Button(_("Back (esc)"), id="back")
            )
        yield Footer()

    def _players(self) -> int:
        value = self.query_one("#players", Select).value
        return value if isinstance(value, int) else 2

    def _kinds(self, players: int) -> list[str]:
        return [str(self.query_one(f"#kind-{seat}", Select).value) for seat in range(players)]

    def _show_seats(self, players: int) -> None:
        super()._show_seats(players)
        self._name_hints(players)

    def on_select_changed(self, event: Select.Changed) -> None:
        super().on_select_changed(event)
        self._name_hints(self._players())

    def _name_hints(self, players: int) -> None:
        """Each name field shows, greyed, the name its seat gets if left empty."""
        for seat, name in enumerate(default_seat_names(self._kinds(players))):
            self.query_one(f"#name-{seat}", Input).placeholder = name

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    def read(self) -> NewGame:
        """The choices on screen as a :class:`NewGame`; ValueError says what is wrong."""
        players = self._players()
        seats = []
        kinds = self._kinds(players)
        defaults = default_seat_names(kinds)
        for seat, kind in enumerate(kinds):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or defaults[seat]
            seats.append(SeatInfo(name[:NAME_LIMIT], kind))
        typed = self.query_one("#rounds", Input).value.strip()
        if not typed:
            # Never a silent 1: the field is empty because something was deleted.
            raise ValueError(_("give the number of rounds: a match has 1 to {most}").format(most=MAX_ROUNDS))
        try:
            rounds = int(typed)
        except ValueError:
            raise ValueError(_('rounds must be a number, not "{text}"').format(text=typed)) from None
        if not rounds_allowed(rounds):
            raise ValueError(rounds_text())
        variant = self._variant()
        own_gates = players == 3 and self.query_one("#own-gates", Checkbox).value
        try:
            setup = Setup(players=players, variant=variant, own_gates=own_gates)
        except SetupError as exc:
            raise ValueError(setup_error_text(exc)) from None
        turn_text = self.query_one("#turn-time", Input).value.strip() or "0"
        if not turn_text.isdigit():
            raise ValueError(
                _('the turn time must be a number of seconds, not "{text}"').format(text=turn_text)
            )
        problem = turn_time_problem(float(turn_text))
        if problem is not None:
            raise ValueError(problem)
        return NewGame(
            setup,
            seats,
            rounds,
            parse_seed(self.query_one("#seed", Input).value),
            self.query_one("#open-scores", Checkbox).value,
            float(turn_text),
        )

    def action_start(self) -> None:
        try:
            new = self.read()
        except ValueError as exc:
            self.query_one(FormFoot).say(_("Can't start: {reason}").format(reason=exc))
            return
        self.post_message(StartGame(new))
