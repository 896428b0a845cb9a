"""What a screen asks of the app, as Textual messages.

Screens post these instead of calling the app's methods: a message bubbles
from the screen to the app, which decides how to go there (the screens
underneath, the table), so a screen needs no knowledge of which app runs it
and imports no app module (``tests/project/test_architecture.py`` holds the ui free of
import loops). Values go the other way, down: what a screen needs of the
app's settings it is given when it is made (a save folder), or reads through
a small protocol (:mod:`.table_settings`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from ..net.relay import Relay
from ..saves import SavedGame
from ..table.session import NewGame

if TYPE_CHECKING:
    from .localise import Words


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


class ToTitle(Message):
    """Back to the title screen, however the screen that posts it was reached
    (the game at the table is saved); ``notice``, if given, is said over the
    title until read (how a host takes up the game it left)."""

    def __init__(self, notice: Words | None = None) -> None:
        super().__init__()
        self.notice = notice


class SavesMoved(Message):
    """The game at the table is saved in ``folder`` from now on (saved
    elsewhere): the save folder of the title's Continue and the Load list."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder


class EndCommand(Message):
    """End the app that a command opened on the screen being left (``indigo
    join``'s join form) without doing what the command is for: the command
    then says ``failure`` on stderr and exits with status 2, as it would
    without a screen (``--headless``)."""

    def __init__(self, failure: str) -> None:
        super().__init__()
        self.failure = failure


class ChooseLanguage(Message):
    """Speak the language ``code`` from now on, on every screen (remembered)."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code


class JoinAgain(Message):
    """The join form instead of the table of a guest's stopped game, filled in
    to take the same seat again once the host is back (the join form leads to
    the table: the table asks, so that it does not import the form)."""

    def __init__(
        self, address: str, code: str, name: str, save_dir: Path | None, relay: Relay | None = None
    ) -> None:
        super().__init__()
        self.address = address
        self.code = code
        self.name = name
        #: Where the seat's record is kept (None: nowhere).
        self.save_dir = save_dir
        #: Across the internet, the servers the seat joined through (None: a LAN game).
        self.relay = relay
