"""Seats, their gates, and gems and points where the rules let this screen show them."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ...engine.events import GEM_POINTS
from ...i18n import _, ngettext
from ...i18n.words import bot_seat_name
from ...saves import SeatInfo
from .. import palette
from ..board_art.picture import GEM_GLYPH

Row = tuple[str, str, tuple[int, ...], tuple[int, int, int] | None, bool, bool]


class Scoreboard(Widget):
    """One line per seat: colour, name, kind, gates, and gems or "hidden"."""

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

    def render(self) -> Text:
        dark = self.app.current_theme.dark
        text = Text()
        for seat, (name, kind, gates, gems, to_move, thinking) in enumerate(self.rows):
            colour = palette.seat_colour(seat, dark)
            text.append("▶ " if to_move else "  ", style="bold")
            text.append("■ ", style=colour)
            text.append(name, style=f"bold {colour}")
            bot_spec = SeatInfo(name, kind).bot
            if bot_spec is not None and not self.compact:
                # Which bot plays the seat, unless its name says so already ("Greedy bot").
                bot = bot_seat_name(bot_spec)
                if bot.casefold() not in name.casefold():
                    text.append(f" ({bot})", style="italic")
            if thinking:
                text.append(" " + _("thinking…"), style="italic")
            gate_list = ",".join(str(g + 1) for g in gates)
            if self.compact:
                # The narrow panel: "g" for gates, as short as the gem glyphs.
                # translators: a seat's gates on a narrow scoreboard, as short as can be: "g1,3,5"
                text.append("\n    " + _("g{gates}").format(gates=gate_list) + " ")
            else:
                text.append("\n    " + _("gates {gates}").format(gates=gate_list) + "  ")
            if gems is None:
                text.append(_("hidden") if self.compact else _("gems hidden"), style="italic")
            else:
                amber, emerald, sapphire = gems
                points = amber * GEM_POINTS["amber"] + emerald * GEM_POINTS["emerald"] + sapphire * 3
                gap = "" if self.compact else " "
                for glyph_kind, count in zip(("amber", "emerald", "sapphire"), gems, strict=True):
                    text.append(
                        f"{GEM_GLYPH[glyph_kind]}{count}{gap}",
                        style=palette.colour(f"gem:{glyph_kind}", dark),
                    )
                total = (
                    f"={points}"
                    if self.compact
                    else ngettext("= {points} point", "= {points} points", points).format(points=points)
                )
                text.append(total, style="bold")
            text.append("\n")
        if self.footer:
            text.append(self.footer, style="italic")
        return text
