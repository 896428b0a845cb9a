"""The guided first game: the table, with a guide along its foot that gives
one thing to do at a time (``indigo learn``, "Learn to play" on the title).

Each step is a real position (:mod:`indigo_tui.table.lessons`) played at the
ordinary table, against greedy bots: the guide says what to do, ``h`` puts
the cursor on a way to do it, and a placement that does it is praised and
kept, one that does not is taken back with a word on why. ``n`` goes to the
next step whenever the person likes (a step may be skipped), ``p`` back to
the one before; the step reached is remembered in the settings, so the
guided game is taken up there next time. The last step is played on to the
end of the game, with its result.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget

from ...engine import GemMoved
from ...i18n import N_, _
from ...table.lessons import LEARNER, LESSONS, goal_moves, lesson_session, reaches
from ...table.turns import Played
from ..widgets.footer import Footer
from ..widgets.text_panel import TextPanel
from .game import GameScreen


def remember_lesson(index: int) -> str | None:
    """Keep the step to take the guided game up at; a notice if that failed."""
    from ..settings import update_settings

    return update_settings(lesson=index)


def lesson_to_take_up() -> int:
    """The step the guided game was left at (0 when finished or never begun)."""
    from ..settings import load_settings

    index = load_settings()[0].lesson
    return index if 0 <= index < len(LESSONS) else 0


class LearnScreen(GameScreen):
    """The table for one step of the guided game, with the guide at its foot."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Out of the footer, where French and Dutch cut it at 80 columns: the
        # guide above says n (and p) in every step's words.
        Binding("n", "next_lesson", N_("Next step"), show=False),
        Binding("p", "previous_lesson", N_("Step back"), show=False),
    ]

    def __init__(self, index: int = 0) -> None:
        self.index = max(0, min(index, len(LESSONS) - 1))
        self.lesson = LESSONS[self.index]
        session, start = lesson_session(self.lesson)
        super().__init__(session)
        #: Moves on the board when the step began: its undo goes no further back.
        self.start_moves = start
        #: Whether the tile was turned in this step (the first step asks for it before placing).
        self.rotated = False
        #: Whether the step's goal was reached (the guide then praises, and the step waits for n).
        self.reached = False
        #: The person's placement waiting to be judged once its gems have moved: did it reach the goal?
        self._judging: bool | None = None
        #: What the guide says besides the task: why a placement was taken back.
        self._note = ""

    # -- structure ---------------------------------------------------------------------

    def compose(self) -> Iterator[Widget]:
        # The table's widgets, and the guide just above its footer, the width of the screen.
        for widget in super().compose():
            if isinstance(widget, Footer):
                yield TextPanel(id="guide")
            yield widget

    def on_mount(self) -> None:
        notice = remember_lesson(self.index)
        if notice:
            self.notify(notice, severity="warning")
        self.show_guide()

    def show_guide(self) -> None:
        lesson = self.lesson
        head = _("Step {number} of {count}: {title}").format(
            number=self.index + 1, count=len(LESSONS), title=_(lesson.title)
        )
        if self.reached:
            body = _(lesson.done)
            keys = (
                _("n: next step · escape: leave")
                if self.index + 1 < len(LESSONS)
                else _("escape: back to the title")
            )
        else:
            body = " ".join(part for part in (self._note, _(lesson.task)) if part)
            keys = _("h: show me · n: skip this step · p: step back · escape: leave (taken up next time)")
        panels = self.query(TextPanel).filter("#guide")
        if panels:
            panels.first().set_text(f"{head}. {body}\n{keys}")

    async def relocalise(self) -> None:
        await super().relocalise()
        self.show_guide()

    # -- the step's goal ---------------------------------------------------------------

    def action_place(self) -> None:
        if self.reached and self.lesson.goal != "end":
            self.action_next_lesson()
            return
        if self.lesson.goal == "place" and not self.rotated and self.held_move() is not None:
            self._note = _("First turn the tile: press r.")
            self.show_guide()
            self.app.bell()
            return
        super().action_place()

    def action_rotate(self, step: int) -> None:
        # The person's own turn of the tile (a key, a click on the hand), not
        # the table setting a rotation that may go where the cursor is.
        super().action_rotate(step)
        if not self.rotated:
            self.rotated = True
            if self._note:
                self._note = ""
                self.show_guide()

    def _show_played(self, played: Played) -> None:
        if played.seat == LEARNER and self.lesson.goal != "end" and not self.reached:
            moved = [event for event in played.events if isinstance(event, GemMoved)]
            self._judging = reaches(self.lesson.goal, moved)
        super()._show_played(played)

    def next_turn(self) -> None:
        judged, self._judging = self._judging, None
        if judged is True:
            self.reached = True
            self._note = ""
            self._finish_step()
            self.refresh_all()
            return
        if judged is False:
            # Taken back, once its gems have been seen to move: the step's position again.
            self.driver.undo()
            self._note = _("Not quite: that placement was taken back. Try again.")
            self.show_guide()
        if self.reached and self.lesson.goal != "end":
            self.refresh_all()  # the step is done: the bots wait for the next one
            return
        super().next_turn()
        if self.lesson.goal == "end" and self.game.over and not self.reached:
            self.reached = True
            self._finish_step()

    def _finish_step(self) -> None:
        """The goal reached: said, and the next step the one to take up."""
        last = self.index + 1 >= len(LESSONS)
        notice = remember_lesson(0 if last else self.index + 1)
        if notice:
            self.notify(notice, severity="warning")
        self.show_guide()

    def _local_end_screen(self) -> Screen[str | None]:
        # The result covers the guide at the foot of the screen: its closing
        # words go into the dialog, which offers no new game of its own (the
        # words say where one starts).
        from .end import EndScreen

        note = _(self.lesson.done) if self.lesson.goal == "end" else ""
        return EndScreen(self.session, note=note)

    def action_hint(self) -> None:
        """Show me: the cursor and the tile turned to a placement that does what the step asks."""
        view = self._view()
        if view is None or self.reached:
            return
        moves = goal_moves(self.lesson.goal, view)
        if not moves:
            self.status.say(_("Nothing to show here: press n for the next step."))
            return
        move = moves[0]
        self.rotated = True
        self.cursor = move.cell
        self.chosen = view.hand.index(move.tile)
        self.rotation = move.rotation
        self.status.say(_("Shown on the board: press enter to place."))
        self.refresh_all()

    def action_undo(self) -> None:
        if self.game.board.placements <= self.start_moves:
            self.status.say(_("Nothing to undo in this step."))
            return
        super().action_undo()

    # -- moving between steps ----------------------------------------------------------

    def action_next_lesson(self) -> None:
        if self.index + 1 >= len(LESSONS):
            remember_lesson(0)
            self.action_leave()
            return
        self._go_to(self.index + 1)

    def action_previous_lesson(self) -> None:
        if self.index == 0:
            self.status.say(_("This is the first step."))
            return
        self._go_to(self.index - 1)

    def _go_to(self, index: int) -> None:
        self.workers.cancel_group(self, "bots")
        self.app.switch_screen(LearnScreen(index))


__all__ = ["LearnScreen", "lesson_to_take_up", "remember_lesson"]
