"""The table's status: whose move it is, the counters, a failed save while it
lasts, and the one-off message (a placement, a refusal, a hint).

The table tells the widget what is the case (:class:`TableState`, a
:class:`Hint`, a message) and the widget says it, in the words that fit its
panel: at 80 columns each of the first two lines fits in one line of 24, and
a hint takes the "Your move." line. A redraw follows from a change of what
is the case, as with Textual's own widgets, never from the table asking.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual.reactive import var

from ...i18n import _, decimal, ngettext, pgettext
from .text_panel import TextPanel

#: The status lines a compact side panel shows at most (the rest ends in "…").
COMPACT_STATUS_LINES = 4
#: The columns of a line in the compact side panel (its 27 in indigo.tcss, less
#: its border and padding): whose move and the counters each fit in one.
COMPACT_TEXT_WIDTH = 24


@dataclass(frozen=True)
class TableState:
    """What the status tells of the table, before it is put in words."""

    #: The round is over.
    over: bool
    #: The name of the seat to move.
    to_move: str
    #: Whether the person at this keyboard is to move (and may place).
    own_move: bool
    #: Whether the seat to move is the one person reading (Table.speaks_to).
    spoken_to: bool
    #: The name of the bot that is thinking, or None.
    thinking: str | None
    tiles_left: int
    #: The number of the move to come.
    move: int
    #: The bots' pace in seconds, when bots play at this table.
    bot_pace: float | None
    #: The round being played (from 0) and the rounds of the match.
    round_index: int
    rounds: int
    #: Why saving fails, while it does.
    save_error: str | None
    #: A guest's network game stopped before its end.
    stopped: bool = False
    #: The table can be saved in another folder (the f key).
    save_elsewhere: bool = False
    #: The seconds left on the turn clock, while one runs.
    clock: int | None = None


@dataclass(frozen=True)
class Hint:
    """A hint, before it is put in words: the tile's code, the cell's name,
    and the expected final points of the seat that asked and of the others
    (by name, in seat order, as the scoreboard lists them)."""

    tile: str
    cell: str
    mine: float
    others: tuple[tuple[str, float], ...]


class GameStatus(TextPanel):
    """The status panel of a table, worded from its reactive state."""

    #: The table as it is now; None until the table first says.
    state: var[TableState | None] = var(None)
    #: The one-off message ("" for none).
    message: var[str] = var("")
    #: The last hint, while it is the message: worded anew at each size.
    hint: var[Hint | None] = var(None)
    #: A narrow side panel (80 columns): shorter words, at most four lines.
    compact: var[bool] = var(False)

    def say(self, text: str) -> None:
        """Say ``text`` (until the next message; "" says nothing)."""
        self.hint = None
        self.message = text

    def say_hint(self, hint: Hint) -> None:
        """Say ``hint``, in the words that fit the panel, now and after a resize."""
        self.message = ""
        self.hint = hint

    @property
    def said(self) -> str:
        """The one-off message as the panel says it now (a hint in the words that fit)."""
        return self.message if self.hint is None else self._hint_words(self.hint)

    def line_width(self) -> int:
        """The columns of a line of the panel now."""
        width = self.content_region.width
        return width if width > 0 else COMPACT_TEXT_WIDTH

    def watch_state(self, old: TableState | None, new: TableState | None) -> None:
        if old is not None and old.save_error and new is not None and not new.save_error:
            # A failed save is shown while it lasts, and its end said once, as
            # the network peers say it.
            self.say(_("Saving works again."))
        self.reword()

    def watch_message(self) -> None:
        self.reword()

    def watch_hint(self) -> None:
        self.reword()

    def watch_compact(self, compact: bool) -> None:
        # At 80x24 a long status (a hint, a save error) would push the hand out of view.
        self.set_max_lines(COMPACT_STATUS_LINES if compact else None)
        self.reword()

    def reword(self) -> None:
        """Put the status in words again (also after a change of language)."""
        state = self.state
        if state is None:
            self.set_text("")
            return
        lines = [self._whose_move(state), self._counters(state)]
        if state.save_error:
            # One line while saving fails, not a message per move (the reason
            # in full was said over the table, and is in f's form).
            lines.append(self._not_saved(state))
        if self.hint is not None and self.compact:
            # A hint is only ever for one's own move: at 80 columns it takes the
            # "Your move." line, for the others' points of a game of three or four.
            lines.pop(0)
        said = self.said
        if said:
            lines.append(said)
        self.set_text("\n".join(lines))

    # -- the words ------------------------------------------------------------------

    def _fitting(self, words: str, shorter: str) -> str:
        """``words``, or at 80 columns ``shorter`` if ``words`` would wrap there."""
        return shorter if self.compact and cell_len(words) > COMPACT_TEXT_WIDTH else words

    def _not_saved(self, state: TableState) -> str:
        """That saving fails, and the key that saves elsewhere (where there is one)."""
        reason = state.save_error or ""
        if not state.save_elsewhere:
            return _("Not saved: {reason}").format(reason=reason)
        if self.compact:
            # translators: the status at 80 columns, at most 24 characters; f is the key
            return _("Not saved! f: elsewhere")
        return _("Not saved: {reason}. f saves it elsewhere.").format(reason=reason)

    def _whose_move(self, state: TableState) -> str:
        """Whose move it is (and, with a turn clock, the seconds left for it);
        once a guest's game has stopped, that it has."""
        if state.stopped:
            said = _("The game has stopped: o tells how it goes on.")
            # translators: the status at 80 columns, at most 24 characters
            return self._fitting(said, _("Game stopped (o: more)."))
        said = self._to_move(state)
        if state.clock is None:
            return said
        # The line names the seat to move; the clock is that seat's.
        # translators: the turn clock (indigo host --turn-time): the seconds left for the move
        full = _("{whose} {seconds} s left.").format(whose=said, seconds=state.clock)
        # translators: the same at 80 columns, where it must stay on one line of the panel
        return self._fitting(
            full, pgettext("narrow status", "{whose} {seconds} s").format(whose=said, seconds=state.clock)
        )

    def _to_move(self, state: TableState) -> str:
        """Whose move it is; at 80 columns in one line of the panel, in
        shorter words where the usual ones would wrap (a 14-letter name)."""
        if state.over:
            said = _("The round is over: o shows the result and its review.")
            # translators: the status at 80 columns, at most 24 characters
            return self._fitting(said, _("Round over (o: result)."))
        if state.thinking is not None:
            name = state.thinking
            said = _("{name} is thinking…").format(name=name)
            # translators: the status at 80 columns, at most 24 characters with a 14-letter name
            return self._fitting(said, _("{name} thinks…").format(name=name))
        name = state.to_move
        if state.own_move and state.spoken_to:
            # The one person reading: spoken to, not of.
            return _("Your move: place a tile.") if not self.compact else _("Your move.")
        if state.own_move:
            if not self.compact:
                return _("{name} to move: place a tile.").format(name=name)
            said = _("{name}: your move.").format(name=name)
            # translators: the status at 80 columns, at most 24 characters; the hand's heading names the seat
            return self._fitting(said, _("Your move."))
        said = _("{name} to move.").format(name=name)
        # translators: the status at 80 columns, at most 24 characters with a 14-letter name
        return self._fitting(said, pgettext("narrow status", "{name} to move.").format(name=name))

    def _counters(self, state: TableState) -> str:
        """Tiles left, the move, the bot pace and the round of a match; at 80
        columns in one line: the tiles and the move, or in a match the round."""
        left = state.tiles_left
        tiles = ngettext("{count} tile left", "{count} tiles left", left).format(count=left)
        move = _("move {number}").format(number=state.move)
        round_ = _("round {number}/{rounds}").format(number=state.round_index + 1, rounds=state.rounds)
        if self.compact:
            # translators: the tiles left in the draw, on the status's short line at 80 columns
            fewer = ngettext("{count} tile", "{count} tiles", left).format(count=left)
            last = round_ if state.rounds > 1 else move
            return self._fitting(f"{tiles} · {last}", f"{fewer} · {last}")
        extra = [tiles, move]
        if state.bot_pace is not None:
            extra.append(_("bot pace {seconds}s").format(seconds=decimal(state.bot_pace)))
        if state.rounds > 1:
            extra.append(round_)
        return " · ".join(extra)

    def _hint_words(self, hint: Hint) -> str:
        """The hint in words: in full, or at 80 columns in two lines of 24 (the
        others' points in seat order, as the scoreboard lists them)."""
        if self.compact:
            # translators: a hint at 80 columns, two lines of 24 characters; "≈" the expected final points
            return ngettext(
                "Hint: {tile} at {cell}. You ≈{mine}, other ≈{others}.",
                "Hint: {tile} at {cell}. You ≈{mine}, others ≈{others}.",
                len(hint.others),
            ).format(
                tile=hint.tile,
                cell=hint.cell,
                mine=decimal(hint.mine, 1),
                others=" · ".join(decimal(points, 1) for _name, points in hint.others),
            )
        return _(
            "Hint: {tile} at {cell} (cursor and rotation set). Expected final points: you {mine}, {others}."
        ).format(
            tile=hint.tile,
            cell=hint.cell,
            mine=decimal(hint.mine, 1),
            others=", ".join(f"{name} {decimal(points, 1)}" for name, points in hint.others),
        )


__all__ = ["COMPACT_STATUS_LINES", "COMPACT_TEXT_WIDTH", "GameStatus", "Hint", "TableState"]
