"""The app's start-up options as one typed dictionary, so the commands that read
them from the command line pass them on with their types (and without
importing Textual before they start the app)."""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict


class AppOptions(TypedDict, total=False):
    """Keyword options of :class:`~indigo_tui.ui.app.IndigoApp` other than the game."""

    save_dir: Path | None
    animate: bool
    bot_delay: float
    board_glyphs: str | None
    #: ``--palette``: the board's colours (None: the environment's, else the saved choice).
    palette: str | None
