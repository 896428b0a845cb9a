"""How a file or folder is named on a screen: its path, or in a visitor's
game under ``indigo serve``, words that tell nothing of the server.

At a terminal (and for the person at the machine of an ``indigo serve`` on
127.0.0.1) a save folder is the player's own, and its path is what they need
to find their files. A visitor of a server with a token plays in a folder
the server keeps for their browser (``visitors/<hash>/saves``): its path
would show a stranger the server's folders and, often, the user name of
whoever runs it. So the server names that folder in the game's environment
(:data:`VISITOR_VAR`), and every message that names a file or folder goes
through :func:`shown_path`, which then names it within the visitor's own
folder (``saves/Sunday-rematch.indigo``), never above it.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Set by ``indigo serve`` in a visitor's game: that browser's own folder on
#: the server (its ``saves`` and ``settings`` are inside). Unset at a terminal.
VISITOR_VAR = "INDIGO_VISITOR_DIR"


def visitor_folder() -> Path | None:
    """The visitor's own folder when this game is a visitor's under ``indigo serve``, else ``None``."""
    folder = os.environ.get(VISITOR_VAR)
    return Path(os.path.abspath(folder)) if folder else None


def shown_path(path: str | os.PathLike[str]) -> str:
    """``path`` as a person reads it: the path itself, except in a visitor's
    game, where it is named from the visitor's own folder down
    (``saves/net/net-1a2b-host.indigo``), and anything outside that folder by
    its name alone."""
    folder = visitor_folder()
    if folder is None:
        return str(path)
    absolute = Path(os.path.abspath(path))
    try:
        inside = absolute.relative_to(folder)
    except ValueError:
        return absolute.name
    return inside.as_posix() if inside.parts else "."
