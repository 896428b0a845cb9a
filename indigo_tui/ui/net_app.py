"""The app for ``indigo host`` and ``indigo join`` with a screen: it opens on
the host's lobby or on the join form (which joins straight away), instead of
the title screen. Everything after that is the ordinary app. The commands
(``commands/net.py``) read the options and hand this typed values."""

from __future__ import annotations

from collections.abc import Callable
from typing import Unpack

from textual import events
from textual.screen import Screen

from .app import IndigoApp
from .options import AppOptions
from .requests import EndCommand


class NetApp(IndigoApp):
    """The app, opening on a given first screen."""

    def __init__(self, first: Callable[[], Screen[None]], **options: Unpack[AppOptions]) -> None:
        super().__init__(**options)
        self._first = first
        #: Why the command did not do what it was run for (a join that never
        #: got in), said on stderr after the app ends; None when it did.
        self.failure: str | None = None

    def _on_mount(self, event: events.Mount) -> None:
        # Instead of the title screen IndigoApp.on_mount would show: Textual
        # calls the handlers of base classes too, unless the default is prevented.
        event.prevent_default()
        self.push_screen(self._first())

    def on_end_command(self, request: EndCommand) -> None:
        # The first screen was left without doing what the command is for: the
        # command says why on stderr and exits with status 2.
        self.failure = request.failure
        self.exit(return_code=2)
