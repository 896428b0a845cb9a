"""What the table asks of the app that shows it: the settings a person
changes at the table (the bots' pace, the gems' animation, the notice of
one's turn, the board's glyphs), as a protocol.

The table (:mod:`.screens.game`) reads them from whichever app runs it (the
whole app, or ``indigo host``/``indigo join``'s) through this protocol instead
of importing the app, which imports the table: a loop
``tests/project/test_architecture.py`` forbids. ``ui/app.py`` holds the app to it
(mypy checks the app against it there).
"""

from __future__ import annotations

from typing import Protocol

from .board_pixels import PixelSupport


class TableSettings(Protocol):
    """The app's settings, as the table sees them."""

    #: The pause between bot moves, in seconds (changed by the pace keys).
    bot_delay: float
    #: Whether moves are animated: gems along their routes, another seat's
    #: tile arriving (the m key; remembered by :meth:`remember_motion`).
    gem_animation: bool
    #: Seconds an animated gem takes to cross one tile (ui/motion.py).
    tile_seconds: float
    #: What says it is one's turn again after a wait: "off", "bell" or "flash" (the b key).
    turn_notice: str

    def remember_motion(self) -> str | None:
        """Keep the gem animation and the turn notice for the next run; a notice if that failed."""
        ...

    @property
    def board_glyphs(self) -> str:
        """What draws the board: a text encoder's name, or ``"pixels"``."""
        ...

    @property
    def text_glyphs(self) -> str:
        """The best text encoder here (the hand's, when the board is in pixels)."""
        ...

    @property
    def pixel_support(self) -> PixelSupport | None:
        """Real pixels, when the terminal showed at start-up that it draws them."""
        ...

    def set_board_glyphs(self, choice: str) -> str:
        """Draw the board with other glyphs from now on; says what happened."""
        ...

    def next_board_glyphs(self) -> str:
        """The choice of glyphs after the current one."""
        ...


__all__ = ["TableSettings"]
