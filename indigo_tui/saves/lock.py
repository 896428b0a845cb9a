"""One window at a time plays a save.

A game open in one window (a terminal, a browser tab of ``indigo serve``)
must not be played in a second one at the same time: both would write the
same file after every move, and one's moves would overwrite the other's
without a word. So while a game is played, its process holds an exclusive
:func:`fcntl.flock` on ``NAME.indigo.open`` beside the save, and a second
process that wants to play it finds the lock taken and says so.

The kernel lets go of a flock when its process ends, however it ends (a
crash, ``kill -9``, the out-of-memory killer), so no lock outlives its game.
The file itself goes when the game is closed; one left by a killed process
holds no lock and is taken over by the next game to open the save. Where
there is no :mod:`fcntl` (Windows) nothing is locked.
"""

from __future__ import annotations

import atexit
import contextlib
import os
from pathlib import Path

from ..i18n import _
from .file import SaveError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

#: What is added to a save's name for its lock file (``*.indigo`` listings skip it).
LOCK_SUFFIX = ".open"
#: A lock file is opened so that nothing found at its path (a named pipe
#: left there, say) can make the open wait.
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)

#: The locks this process holds, by save: a process asking about its own game
#: must not find itself "elsewhere" (two flocks on one file conflict even in one process).
_held: dict[Path, SaveLock] = {}


class SaveOpenElsewhere(SaveError):
    """The save is being played in another window."""


def lock_path(save: Path) -> Path:
    return save.with_name(save.name + LOCK_SUFFIX)


def _key(save: Path) -> Path:
    return Path(os.path.abspath(save))


class SaveLock:
    """This process's claim to play one save; :meth:`release` when the game is closed."""

    def __init__(self, save: Path, fd: int | None) -> None:
        self.save = save
        self._fd = fd

    @classmethod
    def acquire(cls, save: Path) -> SaveLock:
        """Claim ``save`` for this process (again, if it has it already), or
        :class:`SaveOpenElsewhere`. A folder that cannot hold the lock file
        (read-only, missing) locks nothing: the game saves as well as it can."""
        key = _key(save)
        if key in _held:
            return _held[key]
        fd = None if fcntl is None else _lock(lock_path(key))
        lock = cls(key, fd)
        _held[key] = lock
        return lock

    @property
    def held(self) -> bool:
        return _held.get(self.save) is self

    def release(self) -> None:
        """Let go of the save (the lock file goes too). Releasing twice is harmless."""
        if _held.get(self.save) is self:
            del _held[self.save]
        fd, self._fd = self._fd, None
        if fd is None:
            return
        # Removed while still locked: whoever opens the old file after this
        # finds it is no longer the one at the path, and makes a new one.
        with contextlib.suppress(OSError):
            os.unlink(lock_path(self.save))
        os.close(fd)


def _lock(path: Path) -> int | None:
    """A descriptor holding the lock on ``path``; ``None`` if no lock file can be made there."""
    assert fcntl is not None
    for _attempt in range(8):
        try:
            # The folder as a save makes it (a new game's folder may not be there yet).
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | _NO_WAIT, 0o644)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SaveOpenElsewhere(open_elsewhere_text()) from None
        except OSError:
            os.close(fd)
            return None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        # The lock was on a file its last holder removed as we opened it: again, on the new one.
        os.close(fd)
    return None


@atexit.register
def _release_all() -> None:
    # The kernel lets go of the locks anyway; this takes their files away
    # when the app ends in a game (Ctrl+Q), as closing the game would.
    for lock in list(_held.values()):
        lock.release()


def open_elsewhere(save: Path) -> bool:
    """Whether another process is playing ``save`` now."""
    if fcntl is None or _key(save) in _held:
        return False
    path = lock_path(save)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | _NO_WAIT)
    except OSError:
        return False  # no lock file: nobody plays it
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def open_elsewhere_text() -> str:
    return _(
        "This game is open in another window (a browser tab or a terminal): play it there, "
        "or close it there first."
    )
