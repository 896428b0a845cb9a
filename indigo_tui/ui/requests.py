"""What a screen asks of the app, as Textual messages.

Screens post these instead of calling the app's methods: a message bubbles
from the screen to the app, which decides how to go there (the screens
underneath, the table), so a screen needs no knowledge of which app runs it.
"""

from __future__ import annotations

from textual.message import Message

from ..saves import SavedGame
from .session import NewGame


class StartGame(Message):
    """Start a new game, as the setup screen decided it."""

    def __init__(self, new: NewGame) -> None:
        super().__init__()
        self.new = new


class ResumeGame(Message):
    """Take up a saved game (already read and checked)."""

    def __init__(self, saved: SavedGame) -> None:
        super().__init__()
        self.saved = saved
