"""Each pilot acts in its own app, also in a test that drives two.

``App.run_test()`` hands its pilot over inside the app's context (Textual's
``active_app``, which every widget's ``.app`` reads), so a second
``run_test()`` inside the first (a host's app and a guest's, in one test)
makes the second app the active one for the rest of the block. A pilot's
pause ends by updating its app's screen (``Screen._on_timer_update``), and the
first such update makes the screen's update timer. Run in the other app's
context, the screen took itself for not current (``is_current`` asks the
active app) and did nothing, and a timer made then kept that context for
good: the screen never laid out what changed on it again. A guest whose table
came up while the test's wait was pausing it showed its footer without keys
for as long as the test waited (3 quick steps in 25 failed so). Here a
pilot's pause, and the waits that end in one, run in its own app's context,
as the app's own messages do.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from textual.pilot import Pilot

_patched = False


def _in_own_app(method: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    @wraps(method)
    async def in_own_app(pilot: Pilot[Any], *args: Any, **kwargs: Any) -> None:
        with pilot.app._context():
            await method(pilot, *args, **kwargs)

    return in_own_app


def pilots_act_in_their_own_app() -> None:
    """For the rest of this process, each pilot's pauses run in its own app."""
    global _patched
    if not _patched:
        _patched = True
        # The pause, and the two waits that end by updating the screen as it does.
        for name in ("pause", "wait_for_animation", "wait_for_scheduled_animations"):
            setattr(Pilot, name, _in_own_app(getattr(Pilot, name)))
