"""The part of a setup form that both the local and the hosted game share."""

from __future__ import annotations

from textual import events
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Select

from ...bots import ready_bots
from ...engine import Variant
from ...i18n import _, decimal
from ...i18n.words import bot_seat_name
from ..localise import recompose_keeping_values

#: Below this many lines the form's fields lose their borders (one line each),
#: so that four seats, every option and the buttons fit an 80x24 terminal.
ROOMY_HEIGHT = 40


def variant_select() -> Select[str]:
    """The ``#variant`` select both setup forms offer: the rulebook's two variants."""
    return Select(
        [
            (_("Classic: one tile in hand"), "classic"),
            (_("Tactical: two tiles, choose one"), "tactical"),
        ],
        value="classic",
        allow_blank=False,
        id="variant",
    )


def bot_choices() -> list[tuple[str, str]]:
    """The bots a seat of a setup form may be, as ``(label, "bot:NAME")``:
    each named as its seat will be, with how it plays in a few words ("Easy
    bot: search, 0.02 s a move", the figure of the build that runs), so that
    the levels explain themselves."""
    from ...bots.mcts import LEVELS, level_seconds

    choices = []
    for name in ready_bots():
        seat_name = bot_seat_name(name)
        if name == "greedy":
            # translators: a seat kind in the setup; the greedy bot takes the most points it can now
            label = _("{bot}: most points now").format(bot=seat_name)
        elif name == "random":
            # translators: a seat kind in the setup; the random bot places any legal tile
            label = _("{bot}: any legal tile").format(bot=seat_name)
        elif name in LEVELS:
            # translators: a seat kind in the setup: the search bot at a level, thinking {seconds} s a move
            label = _("{bot}: search, {seconds} s a move").format(
                bot=seat_name, seconds=decimal(level_seconds(name))
            )
        else:
            label = seat_name
        choices.append((label, f"bot:{name}"))
    return choices


class SeatRowsScreen(Screen[None]):
    """A form with a ``#players`` select, four ``#seat-row-N`` rows and an
    ``#own-gates`` checkbox: it shows one row per player, and offers own gates
    only to three. On a short terminal its fields are drawn compact."""

    #: The first field has the focus when the form opens (not the scrolling box around them).
    AUTO_FOCUS = ".row > Input, .row > Select"

    def on_mount(self) -> None:
        self._show_seats(2)
        self._fit(self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        compact = height < ROOMY_HEIGHT
        self.set_class(compact, "-compact")
        for field in self.query(Input).results():
            field.compact = compact
        for choice in self.query(Select).results():
            choice.compact = compact
        for box in self.query(Checkbox).results():
            box.compact = compact
        for button in self.query(Button).results():
            button.compact = compact

    def _variant(self) -> Variant:
        # The select offers exactly the two variants.
        return "tactical" if self.query_one("#variant", Select).value == "tactical" else "classic"

    def _show_seats(self, players: int) -> None:
        for seat in range(4):
            self.query_one(f"#seat-row-{seat}").display = seat < players
        self.query_one("#own-gates", Checkbox).disabled = players != 3

    async def relocalise(self) -> None:
        """After a change of language: the form composed again in the new
        words, with every value that was chosen or typed kept."""
        await recompose_keeping_values(self)
        players = self.query_one("#players", Select).value
        self._show_seats(players if isinstance(players, int) else 2)
        self._fit(self.app.size.height)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)
