"""A save folder on a read-only or a full file system, for tests that run as
root (CI does), where chmod makes nothing read-only.

The fault is made at the lowest point of :func:`indigo_tui.saves.write_atomic`,
where the kernel first meets it, so every layer above (the save file, the
session, the screens, text mode) meets the very error it would: on a
read-only file system the temporary file cannot be made (``EROFS`` from
``mkstemp``); on a full one it is made, and the kernel's own ``ENOSPC``
comes from writing its bytes (the descriptor is ``/dev/full``'s).
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

#: The two faults a save folder meets: read-only and full.
FAULTS = (errno.EROFS, errno.ENOSPC)

#: Each language once and each fault in two of them, for a test that walks
#: the whole story through the screens: the words are each language's, the
#: fault only changes the reason said, so every pair of the two would play
#: the same screens twice over (a story takes seconds of CPU each time).
LANGUAGE_FAULTS = [
    pytest.param(language, fault, id=f"{language}-{'read-only' if fault == errno.EROFS else 'full'}")
    for language, fault in zip(("en", "de", "fr", "nl"), FAULTS * 2, strict=True)
]


def fail_saves_in(monkeypatch: pytest.MonkeyPatch, folder: Path, fault: int) -> None:
    """Every save written in ``folder`` (or below it) fails with ``fault``."""
    real = tempfile.mkstemp
    broken = Path(folder).resolve()

    def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
        where = kwargs.get("dir")
        if where is None or not Path(where).resolve().is_relative_to(broken):
            return real(*args, **kwargs)
        if fault == errno.ENOSPC:
            fd, name = real(*args, **kwargs)
            os.close(fd)
            # The temporary file is there (it is removed as after a real failure);
            # its bytes go to a device that is always full.
            return os.open("/dev/full", os.O_WRONLY | os.O_CLOEXEC), name
        raise OSError(fault, os.strerror(fault), str(where))

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
