"""The end of a round: every screen comes down."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine import Standing
from .. import palette
from ..board_art.picture import GEM_GLYPH
from ..table import Table as GameTable


def tie_note(standings: list[Standing], names: list[str]) -> str:
    """How the win was decided, in words."""
    winners = [s for s in standings if s.winner]
    if len(winners) > 1:
        who = " and ".join(names[s.seat] for s in winners)
        return f"{who} tie on points and on gems, and share the win."
    if len(standings) > 1 and standings[0].points == standings[1].points:
        first, second = standings[0], standings[1]
        return (
            f"{names[first.seat]} and {names[second.seat]} tie on {first.points} points; "
            f"{names[first.seat]} wins with more gems ({first.gems} to {second.gems})."
        )
    return f"{names[standings[0].seat]} wins on points."


class EndScreen(ModalScreen[str | None]):
    """Ranking, gems by colour, points, ties; for a match the totals and the next round."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('next')", "Next round"),
        Binding("b", "choose(None)", "Back to board"),
        Binding("v", "review", "Review"),
        Binding("escape", "choose('title')", "Title screen"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, session: GameTable) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        session = self.session
        game = session.game
        match = session.match
        names = [info.name for info in session.seats]
        standings = game.standings()
        dark = self.app.current_theme.dark
        table = Table(title="Round result" if match.rounds > 1 else "Final result", expand=False)
        table.add_column("#")
        table.add_column("Seat")
        for kind in ("amber", "emerald", "sapphire"):
            # A narrow terminal gets the gems' glyphs alone as headings.
            heading = GEM_GLYPH[kind] if self.app.size.width < 100 else f"{GEM_GLYPH[kind]} {kind}"
            table.add_column(heading, justify="right")
        table.add_column("gems", justify="right")
        table.add_column("points", justify="right")
        if match.rounds > 1:
            table.add_column("total", justify="right")
        place = 0
        previous: tuple[int, int] | None = None
        for index, row in enumerate(standings):
            if (row.points, row.gems) != previous:
                place = index + 1
                previous = (row.points, row.gems)
            name = Text(
                names[row.seat] + (" (winner)" if row.winner else ""),
                style=palette.seat_colour(row.seat, dark),
            )
            cells: list[str | Text] = [
                str(place),
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
                    winners = " and ".join(names[s] for s in match.winners)
                    yield Static(f"The match is over: {winners} won {match.rounds} rounds.", markup=False)
                else:
                    yield Static(f"Round {match.round_index + 1} of {match.rounds} is over.")
            hints = session.hints
            if any(hints):
                used = ", ".join(f"{names[s]} {n}" for s, n in enumerate(hints))
                yield Static(Text(f"Hints used: {used}"), id="hints-used")
            with Horizontal(classes="buttons"):
                if match.can_start_next_round:
                    yield Button("Next round (n)", id="next", variant="primary")
                yield Button("Back to board (b)", id="board")
                if session.review() is not None:
                    yield Button("Review (v)", id="review")
                yield Button("Title screen (esc)", id="title")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "review":
            self.action_review()
            return
        choice = {"next": "next", "board": None, "title": "title"}[event.button.id or "board"]
        self.dismiss(choice)

    def action_review(self) -> None:
        """This round in the review viewer; leaving it comes back here."""
        from .review import ReviewScreen

        session = self.session
        whole = session.review()
        if whole is None:
            # A network table may hold only this peer's view of the game.
            self.notify("Review the saved game from the Load screen.")
            return
        game, path = whole
        names = [info.name for info in session.seats]
        self.app.push_screen(ReviewScreen(game, names, path))

    def action_choose(self, choice: str | None) -> None:
        if choice == "next" and not self.session.match.can_start_next_round:
            return
        self.dismiss(choice)
