"""``indigo review FILE``: the review viewer as an app of its own."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.binding import Binding, BindingType

from ..bots.review import Reviewer
from ..engine import Game
from ..i18n import N_
from .command_palette import LocalPaletteApp
from .localise import translate_bindings
from .palette import use_chosen_palette
from .screens.review import ReviewScreen


class ReviewApp(LocalPaletteApp):
    """One game in the review viewer; leaving the viewer ends the app."""

    CSS_PATH = "indigo.tcss"
    TITLE = "Indigo review"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", N_("Quit"), show=False)]

    def __init__(self, path: Path | None, game: Game, names: list[str], reviewer: Reviewer) -> None:
        super().__init__()
        translate_bindings(self)
        use_chosen_palette()  # the board in the colours the player chose in the game
        self.review_path = path
        self.game = game
        self.names = names
        self.reviewer = reviewer

    def on_mount(self) -> None:
        # Leaving the viewer leaves the app.
        screen = ReviewScreen(self.game, self.names, self.review_path, self.reviewer)
        self.push_screen(screen, lambda _: self.exit())
