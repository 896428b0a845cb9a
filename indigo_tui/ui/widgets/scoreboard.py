"""Seats, their gates, and gems and points where the rules let this screen show them."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ...engine.events import GEM_KIND, GEM_KINDS_ORDER, GEM_POINTS
from ...i18n import _, ngettext
from ...i18n.words import bot_seat_name
from ...saves import SeatInfo
from .. import palette
from ..board_art.labels import seat_letter
from ..board_art.picture import GEM_GLYPH

Row = tuple[str, str, tuple[int, ...], tuple[int, int, int] | None, bool, bool]

#: A seat's details are indented under its name by this much (in a narrow panel, less).
INDENT = "    "
COMPACT_INDENT = "  "
#: The most of each kind a seat can hold (one of each gem on the board) and
#: the most points: the layout is chosen for these, so that it never changes
#: as the gems come in.
MOST_GEMS: tuple[int, ...] = tuple(GEM_KIND.count(kind) for kind in GEM_KINDS_ORDER)
MOST_POINTS = sum(GEM_POINTS[kind] for kind in GEM_KIND)


@dataclass
class _Seat:
    """One seat's pieces of text, before they are laid out in lines."""

    #: "▶ A Ann (Greedy bot)": the marks (the seat's letter on its colour), the name and
    #: the bot that plays it.
    head: Text
    #: "thinking…" while the seat's bot thinks, else "".
    thinking: str
    #: "gates 1,3,5  ◆2 ●1 ★0" (or "gems hidden").
    details: Text
    #: "= 4 points" after the gems; "" when they are hidden.
    total: str
    #: "4 points" in the column at the right of the name; "" when hidden.
    column: str
    #: The details with the points after them at their widest (the most gems and points).
    widest: int
    #: The column at its widest.
    widest_column: int
    #: Whether a bot plays the seat (only a bot is ever shown thinking).
    bot: bool


class Scoreboard(Widget):
    """Two lines per seat: letter on its colour, name, kind; gates, and gems or "hidden".

    The lines are laid out for the width they get, from the words of the
    current language: "= 4 points" ends the gems' line where that line fits
    for every seat (200 columns); otherwise the points stand in a column at
    the right of the names (120 columns), and only a name too long for that
    puts its seat's points on a line of their own. Nothing is left to the
    terminal's wrapping, which would put "points" alone on a line."""

    DEFAULT_CSS = """
    Scoreboard { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[Row] = []
        self.footer = ""
        #: Narrow side panel: shorter words.
        self.compact = False

    def show(self, rows: list[Row], footer: str = "") -> None:
        """``rows``: (name, kind, gates, gems or None when hidden, to move, thinking)."""
        if (rows, footer) == (self.rows, self.footer):
            return
        self.rows, self.footer = rows, footer
        self.refresh(layout=True)

    def _seats(self) -> list[_Seat]:
        dark = self.app.current_theme.dark
        seats = []
        for seat, (name, kind, gates, gems, to_move, thinking) in enumerate(self.rows):
            colour = palette.seat_colour(seat, dark)
            head = Text()
            head.append("▶ " if to_move else "  ", style="bold")
            # The seat's letter on its colour: gate labels on the board name their owners by it.
            head.append(seat_letter(seat), style=f"bold {palette.ink_on_seat(seat, dark)} on {colour}")
            head.append(" ")
            head.append(name, style=f"bold {colour}")
            bot_spec = SeatInfo(name, kind).bot
            if bot_spec is not None and not self.compact:
                # Which bot plays the seat, unless its name says so already ("Greedy bot").
                bot = bot_seat_name(bot_spec)
                if bot.casefold() not in name.casefold():
                    head.append(f" ({bot})", style="italic")
            gate_list = ",".join(str(g + 1) for g in gates)
            if self.compact:
                # The narrow panel: a shorter indent and one space, the gates still in words.
                details = Text(COMPACT_INDENT)
                details.append(_("gates {gates}").format(gates=gate_list) + " ")
            else:
                details = Text(INDENT)
                details.append(_("gates {gates}").format(gates=gate_list) + "  ")
            total = column = ""
            widest_column = 0
            if gems is None:
                details.append(_("hidden") if self.compact else _("gems hidden"), style="italic")
                widest = details.cell_len
            else:
                amber, emerald, sapphire = gems
                points = amber * GEM_POINTS["amber"] + emerald * GEM_POINTS["emerald"] + sapphire * 3
                gap = "" if self.compact else " "
                for glyph_kind, count in zip(("amber", "emerald", "sapphire"), gems, strict=True):
                    details.append(
                        f"{GEM_GLYPH[glyph_kind]}{count}{gap}",
                        style=palette.colour(f"gem:{glyph_kind}", dark),
                    )
                if self.compact:
                    total = f"={points}"
                    widest = 0  # the compact board always puts the points after the gems
                else:
                    sum_ = ngettext("= {points} point", "= {points} points", points)
                    total = sum_.format(points=points)
                    # translators: a seat's points in a column at the right of its name on the scoreboard
                    in_column = ngettext("{points} point", "{points} points", points)
                    column = in_column.format(points=points)
                    most = ngettext("{points} point", "{points} points", MOST_POINTS)
                    widest_column = cell_len(most.format(points=MOST_POINTS))
                    most_sum = ngettext("= {points} point", "= {points} points", MOST_POINTS)
                    most_gems = (
                        f"{GEM_GLYPH[k]}{n}{gap}" for k, n in zip(GEM_KINDS_ORDER, MOST_GEMS, strict=True)
                    )
                    gates_part = INDENT + _("gates {gates}").format(gates=gate_list) + "  "
                    widest = cell_len(gates_part + "".join(most_gems) + most_sum.format(points=MOST_POINTS))
            thinks = _("thinking…") if thinking else ""
            seats.append(
                _Seat(head, thinks, details, total, column, widest, widest_column, bot_spec is not None)
            )
        return seats

    def _text(self, width: int) -> Text:
        seats = self._seats()
        # The points after the gems, if that fits for every seat with the most
        # gems and points (the layout must not change as they come in, nor when
        # a bot starts thinking, so it never depends on that).
        after_gems = self.compact or all(seat.widest <= width for seat in seats)
        text = Text()
        for seat in seats:
            line = seat.head.copy()
            column = "" if after_gems else seat.column
            # The points right of the name, if they fit beside it (and a "…" for thinking).
            mark = len(" …") if seat.bot else 0
            beside = bool(column) and line.cell_len + mark + 1 + seat.widest_column <= width
            reserved = len(column) + 1 if beside else 0
            if seat.thinking:
                # "thinking…" where it fits, else its short form, else (a long name) only the
                # seat's "▶": the status says it in full.
                for word in (" " + seat.thinking, " …"):
                    if line.cell_len + cell_len(word) + reserved <= width:
                        line.append(word, style="italic")
                        break
            if beside:
                line.pad_right(width - line.cell_len - len(column))
                line.append(column, style="bold")
            text.append_text(line)
            text.append("\n")
            text.append_text(seat.details)
            if after_gems:
                text.append(seat.total, style="bold")
            elif column and not beside:
                # A name too long for the column: its points on a line of their own, at the right.
                text.append("\n" + column.rjust(width), style="bold")
            text.append("\n")
        if self.footer:
            text.append(self.footer, style="italic")
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._text(width).wrap(self.app.console, max(1, width)))

    def render(self) -> Text:
        return self._text(max(1, self.content_region.width or self.size.width or 1))
