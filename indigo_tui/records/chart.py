"""Your rating over time, drawn in lines of text for a terminal.

One column a game (or, with more games than columns, the last game of each
stretch of them): ``●`` the rating after it, ``│`` its 95% interval; the
ladder's bots are dotted lines across, their places on the left and their
names on the right, so where you stand is read against them. The lines are
plain text (no markup), the same for the Stats screen and ``indigo stats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..i18n.words import bot_seat_name
from .rating import HIGHEST, LADDER, LOWEST, Rating

#: The fewest columns and rows a chart is drawn in (smaller is not drawn at all).
LEAST_WIDTH: Final = 30
LEAST_HEIGHT: Final = 5

MARK: Final = "●"
BAND: Final = "│"
LEVEL: Final = "┄"


def _columns(history: Sequence[tuple[int, Rating]], room: int) -> list[tuple[int, Rating]]:
    """At most ``room`` points of ``history``: every one, or the last of each stretch."""
    if len(history) <= room:
        return list(history)
    return [history[(column + 1) * len(history) // room - 1] for column in range(room)]


#: The most columns one game is drawn across, when there are few of them.
WIDEST: Final = 4


def chart_lines(history: Sequence[tuple[int, Rating]], width: int, height: int) -> list[str]:
    """The chart of ``history`` (game number, rating after it) in at most
    ``width`` columns and ``height`` lines (the plot, the axis and the game
    numbers below it); [] if there is nothing to draw or no room to draw it
    in. The scale runs over every rating drawn and the last one's interval
    (an early game's wide interval runs off its edge)."""
    if not history or width < LEAST_WIDTH or height < LEAST_HEIGHT:
        return []
    names = {bot: bot_seat_name(bot) for bot in LADDER}
    right = max(len(name) for name in names.values()) + 1
    left = max(len(str(LOWEST)), len(str(HIGHEST))) + 1
    room = width - left - 1 - right
    if room < 20:
        right, names = 0, {}
        room = width - left - 1
    rows = height - 2  # the axis and the game numbers below
    points = _columns(history, room)
    wide = max(1, min(WIDEST, room // len(points)))
    last = points[-1][1]
    values = [rating.value for _number, rating in points]
    top = min(HIGHEST, max(*values, last.high))
    bottom = max(LOWEST, min(*values, last.low))
    if top - bottom < 100:  # a flat line still gets a scale around it
        middle = (top + bottom) // 2
        top, bottom = middle + 50, middle - 50
    span = top - bottom

    def row_of(value: float) -> int:
        clipped = min(max(value, bottom), top)
        return round((top - clipped) / span * (rows - 1))

    used = wide * len(points)
    grid = [[" "] * used for _row in range(rows)]
    labels = [""] * rows
    ends = [""] * rows
    for bot, place in LADDER.items():
        if bottom <= place <= top:
            row = row_of(place)
            labels[row] = str(place)
            ends[row] = names.get(bot, "")
            grid[row] = [LEVEL] * used
    for index, (_number, rating) in enumerate(points):
        for column in range(index * wide, (index + 1) * wide):
            for row in range(row_of(rating.high), row_of(rating.low) + 1):
                grid[row][column] = BAND
            grid[row_of(rating.value)][column] = MARK
    if not labels[0]:
        labels[0] = str(top)
    if not labels[-1]:
        labels[-1] = str(bottom)
    lines = []
    for row in range(rows):
        end = f" {ends[row]}" if ends[row] else ""
        lines.append(f"{labels[row]:>{left - 1}} ┤{''.join(grid[row])}{end}".rstrip())
    lines.append(" " * left + "└" + "─" * used)
    first, final = str(points[0][0]), str(points[-1][0])
    gap = used - len(first) - len(final)
    numbers = first + " " * gap + final if len(points) > 1 and gap > 0 else final
    lines.append(" " * (left + 1) + numbers)
    return lines


__all__ = ["BAND", "LEAST_HEIGHT", "LEAST_WIDTH", "LEVEL", "MARK", "chart_lines"]
