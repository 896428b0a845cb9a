"""The end of a round: every screen comes down."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine import Standing
from ...i18n import N_, _, ngettext
from ...i18n.words import gem_name, names_list
from ...table.base import Table as GameTable
from .. import palette
from ..board_art.picture import GEM_GLYPH
from ..localise import Localised
from ..widgets.footer import Footer


def tie_note(standings: list[Standing], names: list[str]) -> str:
    """How the win was decided, in words."""
    winners = [s for s in standings if s.winner]
    if len(winners) > 1:
        who = names_list([names[s.seat] for s in winners])
        return _("{names} tie on points and on gems, and share the win.").format(names=who)
    if len(standings) > 1 and standings[0].points == standings[1].points:
        first, second = standings[0], standings[1]
        # translators: never a verb agreeing with {first} alone, which may be "You"
        return ngettext(
            "{first} and {second} tie on {points} point; "
            "the win goes to {first}, with more gems ({gems} to {other_gems}).",
            "{first} and {second} tie on {points} points; "
            "the win goes to {first}, with more gems ({gems} to {other_gems}).",
            first.points,
        ).format(
            first=names[first.seat],
            second=names[second.seat],
            points=first.points,
            gems=first.gems,
            other_gems=second.gems,
        )
    # translators: never a verb agreeing with {name}, which may be "You"
    return _("Winner on points: {name}.").format(name=names[standings[0].seat])


#: The end box's width in indigo.tcss (#end-box), where the terminal is wide enough.
END_BOX_WIDTH = 96


def needs_two_columns(labels: list[str], width: int) -> bool:
    """Whether buttons with ``labels`` overflow one row of the end box in a
    terminal ``width`` wide (then they go in two columns)."""
    # A button is its label and a cell each side, at least 16; 2 between buttons.
    needed = sum(max(16, len(label) + 2) for label in labels) + 2 * (len(labels) - 1)
    # The box is at most END_BOX_WIDTH wide, less its border (2) and padding (4).
    return needed > min(END_BOX_WIDTH, width) - 6


class EndScreen(Localised, ModalScreen[str | None]):
    """Ranking, gems by colour, points, ties; for a match the totals and the next round.

    The button that has the focus keeps the result: the next round, else the
    review, else a new game; never "Back to board", so that a stray Enter
    (a player still placing tiles when the dialog comes) loses nothing. On
    the board afterwards ``o`` brings the dialog back."""

    #: The first of the buttons (the next round, the review, a new game) has the focus.
    AUTO_FOCUS = ".buttons > Button"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", N_("Next round")),
        # The same key once the match is over (only one of the two is offered).
        Binding("n", "choose('new')", N_("New game")),
        Binding("b", "choose(None)", N_("Back to board")),
        Binding("v", "review", N_("Review")),
        Binding("escape", "choose('title')", N_("Title screen")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, session: GameTable, *, new_game: bool = False, note: str = "") -> None:
        super().__init__()
        self.session = session
        #: Offer a new game once the match is over (a game at this terminal).
        self.new_game = new_game
        #: Words of the screen beneath that the dialog would cover (the guided
        #: game's last step): said here, under the result, instead.
        self.note = note

    @property
    def offers_new_game(self) -> bool:
        return self.new_game and not self.session.match.can_start_next_round

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("next",):
            return self.session.match.can_start_next_round
        if action == "choose" and parameters == ("new",):
            return self.offers_new_game
        if action == "review":
            return self.session.review() is not None
        return True

    def more_lines(self) -> ComposeResult:
        """Lines a kind of table says above the buttons (a network game: its deal's check)."""
        yield from ()

    def first_buttons(self) -> list[Button]:
        """Buttons a kind of table puts first (a network game: its rematch),
        composed with the others so that the row's columns count them."""
        return []

    def compose(self) -> ComposeResult:
        session = self.session
        game = session.game
        match = session.match
        names = [info.name for info in session.seats]
        standings = game.standings()
        dark = self.app.current_theme.dark
        table = Table(title=_("Round result") if match.rounds > 1 else _("Final result"), expand=False)
        table.add_column("#")
        table.add_column(_("Seat"))
        for kind in ("amber", "emerald", "sapphire"):
            # A narrow terminal gets the gems' glyphs alone as headings.
            heading = GEM_GLYPH[kind] if self.app.size.width < 100 else f"{GEM_GLYPH[kind]} {gem_name(kind)}"
            table.add_column(heading, justify="right")
        table.add_column(_("gems"), justify="right")
        table.add_column(_("points"), justify="right")
        if match.rounds > 1:
            table.add_column(_("total"), justify="right")
        for row in standings:
            name = Text(
                _("{name} (winner)").format(name=names[row.seat]) if row.winner else names[row.seat],
                style=palette.seat_colour(row.seat, dark),
            )
            cells: list[str | Text] = [
                str(row.place),
                name,
                *[str(n) for n in row.collected],
                str(row.gems),
                str(row.points),
            ]
            if match.rounds > 1:
                cells.append(str(match.totals[row.seat]))
            table.add_row(*cells)
        with Vertical(id="end-box"):
            yield Static(table)
            # Names may come from the network or a file: plain text, never markup.
            yield Static(tie_note(standings, names), id="tie-note", markup=False)
            if match.rounds > 1:
                if match.over:
                    yield Static(self._match_over(names), markup=False)
                else:
                    yield Static(
                        _("Round {number} of {rounds} is over.").format(
                            number=match.round_index + 1, rounds=match.rounds
                        )
                    )
            if self.note:
                yield Static(self.note, id="end-note", markup=False)
            hints = session.hints
            if any(hints):
                used = ", ".join(f"{names[s]} {n}" for s, n in enumerate(hints))
                yield Static(Text(_("Hints used: {counts}").format(counts=used)), id="hints-used")
            yield from self.more_lines()
            # What keeps the result comes first (and has the focus): what a
            # kind of table adds, the next round, the review, a new game; then
            # back to the board, the title.
            buttons = self.first_buttons()
            if match.can_start_next_round:
                buttons.append(Button(_("Next round (n)"), id="next"))
            if session.review() is not None:
                buttons.append(Button(_("Review (v)"), id="review"))
            if self.offers_new_game:
                buttons.append(Button(_("New game (n)"), id="new"))
            buttons.append(Button(_("Back to board (b)"), id="board"))
            buttons.append(Button(_("Title screen (esc)"), id="title"))
            buttons[0].variant = "primary"
            labels = [str(button.label) for button in buttons]
            # Composed again in each new language: the columns are chosen here, and on a resize.
            wrap = needs_two_columns(labels, self.app.size.width)
            with Horizontal(classes="buttons -wrap" if wrap else "buttons"):
                yield from buttons
        # Its own footer: the one beneath belongs to the screen it covers, whose keys do nothing here.
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        # A change of language recomposes the screen, and a resize may arrive
        # while the old row is gone and the new one not yet mounted: none to fit.
        for row in self.query(".buttons").results(Horizontal):
            labels = [str(button.label) for button in row.query(Button)]
            row.set_class(needs_two_columns(labels, event.size.width), "-wrap")

    def _match_over(self, names: list[str]) -> str:
        """Who won the match, after how many rounds."""
        match = self.session.match
        winners = [names[s] for s in match.winners]
        if len(winners) == 1:
            # translators: never a verb agreeing with {name}, which may be "You"
            return ngettext(
                "The match is over after {rounds} round. Winner: {name}.",
                "The match is over after {rounds} rounds. Winner: {name}.",
                match.rounds,
            ).format(rounds=match.rounds, name=winners[0])
        return ngettext(
            "The match is over after {rounds} round: {names} share the win.",
            "The match is over after {rounds} rounds: {names} share the win.",
            match.rounds,
        ).format(rounds=match.rounds, names=names_list(winners))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
            return
        choice = {"next": "next", "new": "new", "board": None, "title": "title"}[event.button.id or "board"]
        self.dismiss(choice)

    def action_review(self) -> None:
        """This round in the review viewer; leaving it comes back here."""
        from .review import ReviewScreen

        session = self.session
        whole = session.review()
        if whole is None:
            # A network table may hold only this peer's view of the game.
            self.notify(_("Review the saved game from the Load screen."))
            return
        game, path = whole
        names = [info.name for info in session.seats]
        self.app.push_screen(ReviewScreen(game, names, path))

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
