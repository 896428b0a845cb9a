"""Choose the language of the game (remembered between runs)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import N_, _, current_language, language_names
from ..localise import Localised
from ..widgets.footer import Footer


class LanguageScreen(Localised, ModalScreen[str | None]):
    """Every language the game speaks, each in its own words (whoever cannot read the
    current one still finds theirs); the answer is the code of the one chosen
    (None: none), which whoever opened the list asks the app to speak."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", N_("Back"))]

    def compose(self) -> ComposeResult:
        with Vertical(id="language-box", classes="dialog"):
            yield Static(_("Language"), classes="title")
            yield OptionList(
                *(Option(name, id=code) for code, name in language_names().items()), id="languages"
            )
        yield Footer()

    def on_mount(self) -> None:
        languages = self.query_one("#languages", OptionList)
        languages.highlighted = languages.get_option_index(current_language())
        languages.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "en")
