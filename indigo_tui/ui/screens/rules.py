"""The rules in brief, in the current language.

Each language's rules are a Markdown file of their own, written by its
translator in their own words after that language's rulebook
(``indigo_tui/ui/rules/<language>.md``); a language without one shows the
English.
"""

from __future__ import annotations

from importlib.resources import files
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static

from ...i18n import N_, _, current_language
from ..localise import Localised
from ..widgets.footer import Footer
from ..widgets.tile_legend import TileLegend


def rules_text(language: str | None = None) -> str:
    """The rules in ``language`` (default: the current one), else in English."""
    folder = files("indigo_tui.ui") / "rules"
    for code in (language or current_language(), "en"):
        page = folder / f"{code}.md"
        if page.is_file():
            return page.read_text(encoding="utf-8")
    raise FileNotFoundError("indigo_tui/ui/rules/en.md is missing from the package")


class RulesScreen(Localised, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", N_("Back"))]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-box"):
            yield Markdown(rules_text())
            # The tiles drawn as the board draws them, after the words.
            yield Static(_("The five path tiles"), classes="title")
            yield TileLegend()
        yield Footer()
