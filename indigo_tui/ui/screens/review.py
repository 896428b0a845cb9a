"""The review viewer: step through a game and read the search bot's ratings.

The board as it stood after each placement (the last one marked), the move
and its consequences in words, the scores as they grew, and, once rated,
each move's verdict, the points it gave up, a plot of every seat's expected
final points and per seat the mean points given up and the verdicts.

Privacy: a finished game may show every seat's tiles at each point. An
unfinished one shows only public facts, and its ratings only when they
cannot give away a tile still in a hand (a game with one tile in hand, or a
canonical record, which has no hands at all).

The ratings are computed in a worker thread (the mover's view only, see
:mod:`indigo_tui.bots.review`), can be stopped and resumed, and are kept in a
file next to the game so that opening the review again does not rate twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, ProgressBar, Sparkline, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from ...bots.review import VERDICTS, MoveRating, Reviewer, iter_ratings, summarise, verdict_for
from ...engine import Game
from ...engine.board import Board
from ...engine.tiles import KIND_CODES
from ...i18n import N_, _, decimal, ngettext, pgettext
from ...table.describe import cell_name, move_lines
from ...table.review_store import load_review, store_review
from ..board_art.labels import seat_letter
from ..board_art.picture import Marks, focus_cells
from ..layout import COMPACT_HEIGHT, COMPACT_WIDTH, NARROW_WIDTH, STACKED_HEIGHT, STACKED_WIDTH
from ..localise import Localised, hide_in_footer
from ..widgets.board import BoardView
from ..widgets.footer import Footer
from ..widgets.resizing_static import ResizingStatic

#: How the move list marks each verdict.
VERDICT_MARK: dict[str, str] = {
    "best": "✓",
    "good": "·",
    "inaccuracy": "?!",
    "mistake": "?",
    "blunder": "??",
}
#: A verdict's name, where it is named.
VERDICT_NAME: dict[str, str] = {
    "best": N_("Best"),
    "good": N_("Good"),
    "inaccuracy": N_("Inaccuracy"),
    "mistake": N_("Mistake"),
    "blunder": N_("Blunder"),
}
#: How a verdict is coloured where it is named.
VERDICT_STYLE: dict[str, str] = {
    "best": "bold green",
    "good": "",
    "inaccuracy": "yellow",
    "mistake": "bold dark_orange",
    "blunder": "bold red",
}
#: The bindings a compact review's footer leaves out.
COMPACT_FOOTER_HIDES: frozenset[str] = frozenset({"go_to(0)", "go_to(-1)", "stop", "analyse"})
#: What a footer of 45 columns (a phone's browser) leaves out besides: the jump
#: and the costliest move (still on g and n).
STACKED_FOOTER_HIDES: frozenset[str] = COMPACT_FOOTER_HIDES | {"jump", "next_costly"}
#: Below this width all nine keys do not fit the footer in French (the longest
#: words): rating's stop and go leave it, as the notes say their keys.
ROOMY_FOOTER_WIDTH = 180
#: The bindings a footer narrower than that leaves out.
NARROW_FOOTER_HIDES: frozenset[str] = frozenset({"stop", "analyse"})
#: Ratings are kept in the side file after this many new ones (and at the end).
STORE_EVERY = 5


@dataclass(frozen=True)
class Step:
    """The game after some placements: what the viewer shows at that point."""

    board: Board
    scores: tuple[int, ...]
    #: Every seat's tiles then (shown only when the game is over).
    hands: tuple[tuple[int, ...], ...]


def steps_of(game: Game) -> list[Step]:
    """The game before any placement and after each one."""
    replay = Game(game.setup, game.deck, round_index=game.round_index)
    steps = [Step(replay.board.copy(), replay.scores, tuple(tuple(h) for h in replay.hands))]
    for _seat, move in game.moves:
        replay.push(move)
        steps.append(Step(replay.board.copy(), replay.scores, tuple(tuple(h) for h in replay.hands)))
    return steps


def ratings_may_show(game: Game) -> bool:
    """Whether ratings reveal no tile a seat still holds: a finished game, an
    open one (no hands), or one tile in hand (the best move then uses the
    tile the mover went on to place)."""
    return game.over or game.deck is None or game.setup.hand_size == 1


def marker_line(index: int, count: int, width: int) -> str:
    """A line of ``width`` with ▲ under point ``index`` of ``count`` plotted across it."""
    if count <= 0 or width <= 0:
        return ""
    column = min(width - 1, int((index + 0.5) * width / count))
    return " " * column + "▲"


class ReviewScreen(Localised, Screen[None]):
    """Step through one game move by move, with the search bot's ratings."""

    CSS_PATH = "review.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        # Before the move list's own keys: home and end step the game, not the list.
        Binding("left", "step(-1)", N_("Back"), priority=True),
        Binding("right", "step(1)", N_("Forward"), priority=True),
        # English for the footer; binding_words() says it in context in other languages.
        Binding("home", "go_to(0)", N_("Start"), priority=True),
        Binding("end", "go_to(-1)", N_("End"), priority=True),
        Binding("g", "jump", N_("Go to move")),
        Binding("n", "next_costly", N_("Next costly move")),
        Binding("s", "stop", N_("Stop rating")),
        Binding("a", "analyse", N_("Rate moves")),
        Binding("v", "zoom", N_("Zoom"), show=False),
        Binding("c", "coordinates", N_("Coordinates"), show=False),
        Binding("escape", "leave", N_("Back")),
    ]

    def binding_words(self) -> dict[str, str]:
        # translators: the review's key that goes back to the first move of the game
        # (not the setup's "Start", which begins a game)
        return {"go_to(0)": pgettext("review", "Start")}

    def __init__(
        self, game: Game, names: list[str], path: Path | None, reviewer: Reviewer | None = None
    ) -> None:
        super().__init__()
        self.game = game
        self.names = names
        self.path = path
        self.reviewer = reviewer or Reviewer()
        self.steps = steps_of(game)
        self.lines = move_lines(game.log, self.name_of)
        self.ratings: list[MoveRating] = []
        self.position = len(self.steps) - 1
        self.rating_running = False
        self.allowed = ratings_may_show(game)
        self._unstored = 0
        #: Why a stored review was not used, kept on show beside other notes.
        self.notice = ""
        #: Every cell's coordinates on the board (the coordinates key).
        self.coordinates = False

    def name_of(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else _("Seat {number}").format(number=seat + 1)

    # -- structure -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="review-main"):
            yield BoardView(self.steps[-1].board, id="review-board")
            with Vertical(id="review-side"):
                yield ResizingStatic("", id="review-move")
                yield ResizingStatic("", id="review-rating")
                with Vertical(id="review-plot"):
                    for seat in range(self.game.setup.players):
                        with Horizontal(classes="plot-row"):
                            yield Static(Text(self.name_of(seat)), classes="plot-label")
                            yield Sparkline([], id=f"plot-{seat}", classes=f"plot seat{seat}")
                    with Horizontal(classes="plot-row"):
                        yield Static("", classes="plot-label")
                        yield ResizingStatic("", id="plot-marker")
                yield ResizingStatic("", id="review-summary")
                yield ProgressBar(id="review-progress", show_eta=False)
                yield ResizingStatic("", id="review-note")
                yield Input(placeholder=_("go to move N (enter)"), id="review-jump", type="integer")
                yield OptionList(id="review-moves")
        yield Footer()

    def on_mount(self) -> None:
        moves = self.query_one("#review-moves", OptionList)
        moves.add_options(self._move_options())
        moves.focus()
        self.query_one(ProgressBar).display = False
        if self.allowed:
            self._load_stored()
        else:
            self._note(_("Ratings show once the game is over: they could give away a tile still in a hand."))
        self.show_position()
        if self.allowed and len(self.ratings) < len(self.game.moves):
            self.action_analyse()

    async def relocalise(self) -> None:
        """After a change of language: the move list and every text in the new
        words, in place (a rating may be running and keeps going)."""
        self.lines = move_lines(self.game.log, self.name_of)
        self.query_one("#review-jump", Input).placeholder = _("go to move N (enter)")
        moves = self.query_one("#review-moves", OptionList)
        moves.clear_options()
        moves.add_options(self._move_options())
        self._note("")
        self.show_position()

    # -- the game at a point -------------------------------------------------------------

    @property
    def total(self) -> int:
        return len(self.steps) - 1

    def _move_options(self) -> list[Option]:
        options = [Option(Text(_("Start of the round")), id="0")]
        for index in range(self.total):
            options.append(Option(self._move_label(index), id=str(index + 1)))
        return options

    def _move_label(self, index: int) -> Text:
        # Plain text always: names come from a file.
        line = Text(self.lines[index] if index < len(self.lines) else f"{index + 1}.", no_wrap=True)
        if index < len(self.ratings):
            rating = self.ratings[index]
            line = Text.assemble(
                (f"{VERDICT_MARK[rating.verdict]:>2} ", VERDICT_STYLE[rating.verdict]),
                line,
                no_wrap=True,
            )
        else:
            line = Text.assemble("   ", line, no_wrap=True)
        return line

    def _show_board(self) -> None:
        """The board as it stood, the move's tile tagged with its coordinates and, where
        the board is small, zoomed in around it (as the table's follows the cursor)."""
        step = self.steps[self.position]
        last = step.board.last_cell if step.board.last_cell >= 0 else None
        marks = Marks(
            last_cell=last,
            tagged=last,
            focus=None if last is None else focus_cells(step.board, last, [], None),
            coordinates=self.coordinates,
        )
        self.query_one(BoardView).show(step.board, marks)

    def action_zoom(self) -> None:
        board = self.query_one(BoardView)
        if board.toggle_zoom():
            self._note(_("Zoomed in around the move's tile (v: whole board)."))
        else:
            self._note(_("The whole board (v: zoom in)."))

    def action_coordinates(self) -> None:
        self.coordinates = not self.coordinates
        self._show_board()

    def show_position(self) -> None:
        step = self.steps[self.position]
        self._show_board()
        index = self.position - 1
        parts: list[str] = []
        if self.position == 0:
            parts.append(
                ngettext(
                    "Start of the round · {count} placement",
                    "Start of the round · {count} placements",
                    self.total,
                ).format(count=self.total)
            )
        else:
            parts.append(_("Move {number} of {count}").format(number=self.position, count=self.total))
            parts.append(self.lines[index].partition(". ")[2] if index < len(self.lines) else "")
        # Each seat by its letter too: the gates' labels on the board name their owners by it.
        scores = " · ".join(f"{seat_letter(s)} {self.name_of(s)} {p}" for s, p in enumerate(step.scores))
        parts.append(_("Points: {scores}").format(scores=scores))
        if self.game.over and self.game.deck is not None:
            hands = " · ".join(
                f"{self.name_of(s)} {' '.join(KIND_CODES[t] for t in hand) or '-'}"
                for s, hand in enumerate(step.hands)
            )
            parts.append(_("Tiles in hand: {hands}").format(hands=hands))
        self.query_one("#review-move", Static).update(Text("\n".join(parts)))
        self._show_rating()
        self._show_plot()
        moves = self.query_one("#review-moves", OptionList)
        if moves.highlighted != self.position:
            moves.highlighted = self.position

    def _show_rating(self) -> None:
        index = self.position - 1
        widget = self.query_one("#review-rating", Static)
        if not self.allowed or index < 0:
            widget.update("")
            return
        if index >= len(self.ratings):
            widget.update(Text(_("Not rated yet."), style="dim"))
            return
        rating = self.ratings[index]
        text = Text()
        found_best = rating.best == rating.played
        # "Best" for a move other than the one found best: not measurably worse.
        as_good = not found_best and rating.verdict == "best"
        if found_best:
            line = _("{verdict}: the best move found.")
        elif as_good:
            line = _(
                "{verdict}: as good as the search's choice, within the noise ({points} ± {uncertainty})."
            )
        else:
            line = _("{verdict}: gave up {points} ± {uncertainty} points of lead.")
        points, uncertainty = decimal(rating.loss, 2), decimal(rating.uncertainty, 2)
        # The verdict in its colour, wherever the language puts it in the sentence.
        before, _marker, after = line.partition("{verdict}")
        text.append(before.format(points=points, uncertainty=uncertainty))
        text.append(_(VERDICT_NAME[rating.verdict]), style=VERDICT_STYLE[rating.verdict] or "bold")
        text.append(after.format(points=points, uncertainty=uncertainty))
        if not found_best:
            if not as_good and verdict_for(rating.loss) != rating.verdict:
                # The estimate alone would say worse: say why the verdict does not.
                text.append("\n")
                text.append(
                    _("Rated by what it surely gave up, {points}: the rest is within the noise.").format(
                        points=decimal(max(0.0, rating.loss - rating.uncertainty), 2)
                    ),
                    style="dim",
                )
            text.append("\n")
            choice = (
                _("The search's choice: {tile} at {cell}, expecting {points}.")
                if as_good
                else _("Best found: {tile} at {cell}, expecting {points}.")
            )
            text.append(
                choice.format(
                    tile=KIND_CODES[rating.best.tile],
                    cell=cell_name(rating.best.cell),
                    points=decimal(rating.best_points, 1),
                )
            )
        text.append("\n")
        text.append(
            _("{name} could expect {points} points after this move.").format(
                name=self.name_of(rating.seat), points=decimal(rating.played_points, 1)
            )
        )
        widget.update(text)

    def _show_plot(self) -> None:
        players = self.game.setup.players
        for seat in range(players):
            data = [r.expected[seat] for r in self.ratings]
            self.query_one(f"#plot-{seat}", Sparkline).data = data
        marker = self.query_one("#plot-marker", Static)
        count = len(self.ratings)
        index = self.position - 1
        width = self.query_one("#plot-0", Sparkline).size.width
        if count and 0 <= index < count:
            marker.update(marker_line(index, count, width))
        else:
            marker.update("")
        summary = self.query_one("#review-summary", Static)
        if not self.ratings:
            summary.update("")
            return
        rows = []
        for row in summarise(self.ratings, players):
            counts = " ".join(f"{row.counts[v]}{VERDICT_MARK[v]}" for v in VERDICTS)
            rows.append(
                _("{name}: {points} points given up a move").format(
                    name=self.name_of(row.seat), points=decimal(row.mean_loss, 2)
                )
            )
            rows.append(f"  {counts}")
        if not self.has_class("-compact"):
            rows.append(_("(✓ best · good ?! inaccuracy ? mistake ?? blunder)"))
        summary.update(Text("\n".join(rows)))

    def on_resize(self, event: events.Resize) -> None:
        compact = event.size.width < COMPACT_WIDTH or event.size.height < COMPACT_HEIGHT
        self.set_class(compact, "-compact")
        self.set_class(not compact and event.size.width < NARROW_WIDTH, "-narrow")
        self.set_class(event.size.width < STACKED_WIDTH and event.size.height >= STACKED_HEIGHT, "-stacked")
        # At 80 columns the footer cannot hold nine keys in any language: the
        # first and last move and rating's stop and go leave it (their keys still
        # work; the notes say "s stops" and "a rates the rest"); at 120 columns
        # only stop and go leave it.
        if self.has_class("-stacked"):
            hide_in_footer(self, STACKED_FOOTER_HIDES)
        elif compact:
            hide_in_footer(self, COMPACT_FOOTER_HIDES)
        else:
            hide_in_footer(
                self, NARROW_FOOTER_HIDES if event.size.width < ROOMY_FOOTER_WIDTH else frozenset()
            )
        self._show_plot()

    # -- stepping --------------------------------------------------------------------------

    def go_to(self, position: int) -> None:
        self.position = max(0, min(self.total, position))
        self.show_position()

    def action_step(self, delta: int) -> None:
        self.go_to(self.position + delta)

    def action_go_to(self, position: int) -> None:
        self.go_to(self.total if position < 0 else position)

    def action_jump(self) -> None:
        jump = self.query_one("#review-jump", Input)
        jump.display = True
        jump.value = ""
        jump.focus()

    @on(Input.Submitted, "#review-jump")
    def _jumped(self, event: Input.Submitted) -> None:
        jump = event.input
        jump.display = False
        try:
            number = int(event.value)
        except ValueError:
            self._note(_('Not a move number: "{text}".').format(text=event.value))
            return
        if not 0 <= number <= self.total:
            self._note(
                _("There is no move {number}: moves run from 1 to {count} (0 is the start).").format(
                    number=number, count=self.total
                )
            )
            return
        self.go_to(number)
        self.query_one("#review-moves", OptionList).focus()

    def action_next_costly(self) -> None:
        """Step to the next move that gave up the most points among those after this one."""
        later = [r for r in self.ratings if r.move >= self.position and r.loss > 0]
        if not later:
            self._note(_("No later move gave points up.") if self.ratings else _("No ratings yet."))
            return
        worst = max(later, key=lambda r: (r.loss, -r.move))
        self.go_to(worst.move + 1)

    @on(OptionList.OptionSelected, "#review-moves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        # A click or enter on the list goes there; the list's highlight only
        # follows the position (both ways would chase each other's events).
        if event.option.id is not None:
            self.go_to(int(event.option.id))

    def action_leave(self) -> None:
        jump = self.query_one("#review-jump", Input)
        if jump.display:
            jump.display = False
            self.query_one("#review-moves", OptionList).focus()
            return
        self.action_stop()
        self.dismiss(None)

    # -- ratings -----------------------------------------------------------------------

    def _note(self, text: str) -> None:
        lines = [line for line in (self.notice, text) if line]
        self.query_one("#review-note", Static).update(Text("\n".join(lines)))

    def _load_stored(self) -> None:
        if self.path is None:
            return
        ratings, notice = load_review(self.path, self.game, self.reviewer)
        self.ratings = ratings
        if notice is not None:
            self.notice = notice
            self._note("")
        self._refresh_labels(0)

    def action_analyse(self) -> None:
        if not self.allowed:
            self._note(_("Ratings are shown once the game is over."))
            return
        if self.rating_running:
            return
        if len(self.ratings) >= self.total:
            self._note(
                ngettext(
                    "The {count} move is rated by {bot}.", "All {count} moves rated by {bot}.", self.total
                ).format(count=self.total, bot=self.reviewer.name)
            )
            return
        self.rating_running = True
        bar = self.query_one(ProgressBar)
        bar.display = True
        bar.update(total=self.total, progress=len(self.ratings))
        self._note(_("Rating moves with {bot}… (s stops)").format(bot=self.reviewer.name))
        self.rate_moves(list(self.ratings))

    def action_stop(self) -> None:
        if not self.rating_running:
            return
        self.workers.cancel_group(self, "review")
        self.rating_running = False
        self._keep()
        self.query_one(ProgressBar).display = False
        self._note(
            ngettext(
                "Stopped after {done} of {count} move (a rates the rest).",
                "Stopped after {done} of {count} moves (a rates the rest).",
                self.total,
            ).format(done=len(self.ratings), count=self.total)
        )

    @work(thread=True, exclusive=True, group="review")
    def rate_moves(self, done: list[MoveRating]) -> None:
        """Rate the moves after ``done`` in a worker thread; each rating goes
        to the screen as soon as it is ready."""
        worker = get_current_worker()
        for rating in iter_ratings(self.game, self.reviewer, done):
            if worker.is_cancelled:
                return
            self.app.call_from_thread(self._rated, rating)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._finished)

    @property
    def _on_stage(self) -> bool:
        """Whether this screen still shows: not popped, and not being taken
        down with the app, whose widgets go one by one while a rating may
        still come back from the worker thread (Textual counts a node it is
        removing as not displayed)."""
        return self.is_attached and self.app.is_running and self.display

    def _rated(self, rating: MoveRating) -> None:
        if not self._on_stage:
            return  # the rating has nowhere to go
        if not self.rating_running or rating.move != len(self.ratings):
            return  # stopped meanwhile, or a late answer of an earlier run
        self.ratings.append(rating)
        self._unstored += 1
        if self._unstored >= STORE_EVERY:
            self._keep()
        self.query_one(ProgressBar).update(progress=len(self.ratings))
        self._refresh_labels(rating.move)
        self.show_position()

    def _finished(self) -> None:
        if not self._on_stage:
            return
        self.rating_running = False
        self._keep()
        self.query_one(ProgressBar).display = False
        self._note(
            ngettext(
                "The {count} move is rated by {bot}; n: the costliest later move.",
                "All {count} moves rated by {bot}; n: the costliest later move.",
                self.total,
            ).format(count=self.total, bot=self.reviewer.name)
        )
        self.show_position()

    def _keep(self) -> None:
        self._unstored = 0
        #: Why a stored review was not used, kept on show beside other notes.
        self.notice = ""
        if self.path is None or not self.ratings:
            return
        problem = store_review(self.path, self.game, self.reviewer, self.ratings)
        if problem is not None:
            self.notify(problem, title=_("Review not kept"), severity="warning")

    def _refresh_labels(self, start: int) -> None:
        moves = self.query_one("#review-moves", OptionList)
        for index in range(start, min(len(self.ratings), self.total)):
            moves.replace_option_prompt(str(index + 1), self._move_label(index))


__all__ = ["ReviewScreen", "marker_line", "ratings_may_show", "steps_of"]
