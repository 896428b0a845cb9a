"""The one way a test without a screen waits for something to become true.

Most waits await an event (a task, a queue, ``asyncio.Event``); this is for the
state that has none to await: a host that has seated a guest, a count that
reached three. The condition is asked every 10 ms, so a condition met at once
costs nothing, and the bound is only a hang-stop that a passing run never
reaches, however loaded the machine. (Tests with a screen use ``until`` in
``tests/ui/conftest.py``, which lets the apps under test run between asks.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

#: The hang-stop: no passing test waits on a condition anywhere near this long.
LIMIT = 60.0

#: How often the condition is asked.
STEP = 0.01


async def until(condition: Callable[[], object], limit: float = LIMIT) -> None:
    """Return once ``condition()`` is true; fail loudly after ``limit`` seconds."""
    try:
        async with asyncio.timeout(limit):
            # One turn for the other tasks first, as a wait always gave them.
            await asyncio.sleep(0)
            while not condition():
                await asyncio.sleep(STEP)
    except TimeoutError:
        raise AssertionError(f"still not so after {limit:g} s: {_described(condition)}") from None


def _described(condition: Callable[[], object]) -> str:
    """Where the condition was written, to find it from the failure."""
    code = getattr(condition, "__code__", None)
    if code is None:
        return repr(condition)
    return f"{code.co_qualname} ({code.co_filename.rsplit('/', 1)[-1]}:{code.co_firstlineno})"
