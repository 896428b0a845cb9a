"""Textual still has the private parts the speed-ups and the palette rely on.

tests/ui/textual_speedups.py patches parts of Textual that are not its
public API, and ui/command_palette.py overrides one method of Textual's
command palette to put its "No matches found" through the catalogs (Textual
has no seam for the words: docs/testing.md, "Textual's private parts"). A
Textual release that renames one, changes its parameters or drops an
attribute would leave a patch doing nothing, or the wrong thing, in
silence: this fails instead, naming the version and what changed.
"""

from __future__ import annotations

import inspect
from importlib.metadata import version
from typing import Any

from textual._compositor import Compositor
from textual.app import App
from textual.command import CommandPalette
from textual.css.stylesheet import Stylesheet
from textual.pilot import Pilot
from textual.screen import Screen

from . import textual_speedups
from .textual_speedups import PILOT_WAITS, RELIED_ON

OWNERS: dict[str, type[Any]] = {
    "App": App,
    "Screen": Screen,
    "Compositor": Compositor,
    "Stylesheet": Stylesheet,
}


def changed(what: str, user: str = "tests/ui/textual_speedups.py") -> str:
    return f"Textual {version('textual')} changed {what}, which {user} relies on"


async def test_textual_has_what_the_speedups_rely_on() -> None:
    app: App[None] = App()
    async with app.run_test():
        instances: dict[str, object] = {
            "App": app,
            "Screen": app.screen,
            "Compositor": app.screen._compositor,
            "Stylesheet": app.stylesheet,
        }
        for owner, name, parameters in RELIED_ON:
            if parameters is None:
                assert hasattr(instances[owner], name), changed(f"{owner}.{name} (gone)")
                continue
            # The original, not the patch that stands in for it.
            method = getattr(OWNERS[owner], name, None)
            if owner == "Screen" and name == "_compositor_refresh":
                method = textual_speedups._painted
            elif owner == "Stylesheet" and name == "_parse_rules":
                method = textual_speedups._parse
            assert callable(method), changed(f"{owner}.{name} (gone)")
            found = tuple(inspect.signature(method).parameters)
            assert found == parameters, changed(f"{owner}.{name}{found} (was {parameters})")
    for name in PILOT_WAITS:
        wait = getattr(Pilot, name, None)
        assert wait is not None and inspect.iscoroutinefunction(wait), changed(f"Pilot.{name}")


def test_the_speedups_are_installed_in_this_process() -> None:
    assert Screen._compositor_refresh is textual_speedups._refresh
    assert Stylesheet._parse_rules is textual_speedups._parse_rules


def test_textual_has_what_the_palette_overrides() -> None:
    """LocalCommandPalette._start_no_matches_countdown is Textual's own but for
    the words, and uses what Textual's uses."""
    user = "indigo_tui/ui/command_palette.py"
    method = getattr(CommandPalette, "_start_no_matches_countdown", None)
    assert callable(method), changed("CommandPalette._start_no_matches_countdown (gone)", user)
    found = tuple(inspect.signature(method).parameters)
    assert found == ("self", "search_value"), changed(
        f"CommandPalette._start_no_matches_countdown{found}", user
    )
    assert "No matches found" in inspect.getsource(method), changed("the palette's no-matches line", user)
    for name in ("_stop_no_matches_countdown", "_NO_MATCHES", "_NO_MATCHES_COUNTDOWN", "_list_visible"):
        assert hasattr(CommandPalette, name), changed(f"CommandPalette.{name} (gone)", user)
