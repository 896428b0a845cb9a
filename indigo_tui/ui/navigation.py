"""Where a screen goes when it is done, whichever app shows it.

Screens of network play open both inside the whole app (from the title) and
as the first screen of ``indigo host``/``indigo join``; these helpers ask the
app by its type, never by untyped attribute look-ups.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App


def leave_to_title(app: App[Any]) -> None:
    """Back to the title screen, however this screen was reached (an app
    without one, such as a test's, just exits)."""
    from .app import IndigoApp

    if isinstance(app, IndigoApp):
        app.to_title()
    else:
        app.exit()


def end_command(app: App[Any], failure: str) -> None:
    """End an app that a command opened on the screen being left (``indigo
    join``'s join form) without doing what the command is for: the command
    then says ``failure`` on stderr and exits with status 2, as it would
    without a screen (``--headless``)."""
    from .net_app import NetApp

    if isinstance(app, NetApp):
        app.failure = failure
    app.exit(return_code=2)


def app_save_dir(app: App[Any]) -> Path | None:
    """The app's save folder, or None if it keeps no saves."""
    from .app import IndigoApp

    return app.save_dir if isinstance(app, IndigoApp) else None


__all__ = ["app_save_dir", "end_command", "leave_to_title"]
