"""Headless apps in the tests paint no frames that nobody sees.

An app under ``App.run_test()`` has a headless driver, which throws away
every frame it is given. Textual still paints each one: after every key, every
message that changes a widget and every resize, the compositor renders the
changed part of the screen (the whole screen, and the screens under a dialog,
after a resize or a new screen) into a frame for the driver to write. In the
quick step that was a fifth of all the CPU time, for frames never read.

What a test reads is ``tests/ui/conftest.py``'s ``screen_text`` or
``export_screenshot``, and both render the whole screen from the widgets as
they are at that moment (``render_update(full=True)``), whatever frames went
before. So the top screen's frame is not painted for a headless driver; the
rest of the refresh is Textual's own (the widgets it was to paint are no longer
pending, and the pointer's widget is found again). A real terminal, a browser
(``indigo serve``), the child processes the tests start and an inline app
still get every frame.

A test of what reaches the terminal itself (the escape codes a graphics
protocol writes as its picture is painted) asks for every frame with the
``every_frame`` fixture.

What it asks of the app: nothing a key or a click needs may wait for a paint.
The board lays itself out when its size changes, not when it is first drawn
(``BoardView._relayout``), and a test would find one that waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.screen import Screen

_painted: Callable[[Screen[Any]], None] | None = None


def _refresh(screen: Screen[Any]) -> None:
    app = screen.app
    if app.is_headless and not app.is_inline and screen is app.screen:
        # What Textual does after painting the top screen's frame, without the frame.
        screen._dirty_widgets.clear()
        screen._compositor._dirty_regions.clear()
        app._update_mouse_over(screen)
        return
    assert _painted is not None
    _painted(screen)


def paint_no_unseen_frames() -> None:
    """Skip painting headless apps' frames for the rest of this process."""
    global _painted
    if _painted is None:
        _painted = Screen._compositor_refresh
        Screen._compositor_refresh = _refresh  # type: ignore[method-assign, assignment]


def paint_every_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paint headless apps' frames again, until ``monkeypatch`` is undone."""
    if _painted is not None:
        monkeypatch.setattr(Screen, "_compositor_refresh", _painted)
