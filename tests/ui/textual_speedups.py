"""What makes the UI tests' apps cheaper, in one place: three patches of Textual.

Each test process installs them once (``install``, from tests/ui/conftest.py's
``pytest_configure``): only a process that collects the UI tests imports
Textual for them. They lean on parts of Textual that are not its public API
(``RELIED_ON``); tests/ui/test_textual_speedups.py fails, naming the Textual
version, if one of them is gone or has another shape.

**No frames that nobody sees.** An app under ``App.run_test()`` has a
headless driver, which throws away every frame it is given. Textual still
paints each one: after every key, every message that changes a widget and
every resize, the compositor renders the changed part of the screen (the
whole screen, and the screens under a dialog, after a resize or a new
screen) into a frame for the driver to write. In the quick step that was a
fifth of all the CPU time, for frames never read. What a test reads is
tests/ui/conftest.py's ``screen_text`` or ``export_screenshot``, and both
render the whole screen from the widgets as they are at that moment
(``render_update(full=True)``), whatever frames went before. So the top
screen's frame is not painted for a headless driver; the rest of the refresh
is Textual's own (the widgets it was to paint are no longer pending, and the
pointer's widget is found again). A real terminal, a browser (``indigo
serve``), the child processes the tests start and an inline app still get
every frame. A test of what reaches the terminal itself (the escape codes a
graphics protocol writes as its picture is painted) asks for every frame
with the ``every_frame`` fixture. What it asks of the app: nothing a key or
a click needs may wait for a paint. The board lays itself out when its size
changes, not when it is first drawn (``BoardView._relayout``), and a test
would find one that waits.

**CSS parsed once per process.** Every app a test starts parses its
stylesheet and each widget's default CSS afresh (``Stylesheet._parse_rules``,
cached only inside that app's own stylesheet): about 15 ms of an app's 60 to
130 ms of CPU time to start, and the quick step starts some six hundred
apps. The rules parsed from the same text, place, scope and theme variables
are the same rules, so the process keeps them: the first app of each
process (and each new theme) still parses through Textual, and every app
applies the rules itself. Textual's own cache already hands one stylesheet
the same rule sets again when it parses anew; nothing changes a parsed rule
set afterwards.

**Each pilot acts in its own app**, also in a test that drives two.
``App.run_test()`` hands its pilot over inside the app's context (Textual's
``active_app``, which every widget's ``.app`` reads), so a second
``run_test()`` inside the first (a host's app and a guest's, in one test)
makes the second app the active one for the rest of the block. A pilot's
pause ends by updating its app's screen (``Screen._on_timer_update``), and
the first such update makes the screen's update timer. Run in the other
app's context, the screen took itself for not current (``is_current`` asks
the active app) and did nothing, and a timer made then kept that context for
good: the screen never laid out what changed on it again. A guest whose
table came up while the test's wait was pausing it showed its footer
without keys for as long as the test waited (3 quick steps in 25 failed so).
Here a pilot's pause, and the waits that end in one, run in its own app's
context, as the app's own messages do.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

import pytest
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.pilot import Pilot
from textual.screen import Screen

#: What the patches use of Textual beyond its public API: (owner, name, the
#: parameters of a method, or None for an attribute of an instance).
RELIED_ON: tuple[tuple[str, str, tuple[str, ...] | None], ...] = (
    ("Screen", "_compositor_refresh", ("self",)),
    ("Screen", "_dirty_widgets", None),
    ("Compositor", "_dirty_regions", None),
    ("App", "_update_mouse_over", ("self", "screen")),
    ("App", "_context", ("self",)),
    ("Stylesheet", "_parse_rules", ("self", "css", "read_from", "is_default_rules", "tie_breaker", "scope")),
    ("Stylesheet", "_variables", None),
)

#: The pilot's waits that end by updating the screen, run in its own app.
PILOT_WAITS = ("pause", "wait_for_animation", "wait_for_scheduled_animations")

_painted: Callable[[Screen[Any]], None] | None = None
_parse: Callable[..., list[RuleSet]] | None = None
_parsed: dict[tuple[object, ...], list[RuleSet]] = {}


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


def _parse_rules(
    stylesheet: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    # The theme's variables are part of the text the rules are parsed from.
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(stylesheet._variables.items()))
    rules = _parsed.get(key)
    if rules is None:
        assert _parse is not None
        rules = _parsed[key] = _parse(stylesheet, css, read_from, is_default_rules, tie_breaker, scope)
    return rules


def _in_own_app(method: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    @wraps(method)
    async def in_own_app(pilot: Pilot[Any], *args: Any, **kwargs: Any) -> None:
        with pilot.app._context():
            await method(pilot, *args, **kwargs)

    return in_own_app


def install() -> None:
    """For the rest of this process: headless apps paint no unseen frames,
    each piece of CSS is parsed once, and each pilot acts in its own app."""
    global _painted, _parse
    if _painted is not None:
        return
    _painted = Screen._compositor_refresh
    Screen._compositor_refresh = _refresh  # type: ignore[method-assign, assignment]
    _parse = Stylesheet._parse_rules
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign, assignment]
    for name in PILOT_WAITS:
        setattr(Pilot, name, _in_own_app(getattr(Pilot, name)))


def paint_every_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paint headless apps' frames again, until ``monkeypatch`` is undone."""
    if _painted is not None:
        monkeypatch.setattr(Screen, "_compositor_refresh", _painted)
