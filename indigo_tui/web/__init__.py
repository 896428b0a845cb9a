"""``indigo serve``: the game in a web browser, one app process per browser tab.

:mod:`.access` decides who may open a page (a token when the server listens on
anything but this machine's loopback address), :mod:`.server` runs
textual-serve's pages and websocket behind it with a cap on the number of games
running at once. Nothing here knows the rules: each tab runs the ordinary
``indigo`` title screen in a child process.
"""

from __future__ import annotations

from .access import Access, new_token
from .server import GameServer, ServeError, open_listener

__all__ = ["Access", "GameServer", "ServeError", "new_token", "open_listener"]
