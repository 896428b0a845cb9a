"""What every test shares: the game speaks English unless a test asks otherwise.

The language is process-wide state (``indigo_tui.i18n.use_language``), and
``indigo`` reads the environment (``LANGUAGE``, ``LANG``...) and the settings
file to choose it; so the whole run, its child processes included, gets
``LANGUAGE=en`` and a settings folder of its own, and each test starts in
English whatever the one before it chose.

This file needs nothing beyond the standard library, pytest and the package's
words (``indigo_tui.i18n``), so that the engine's and the bots' tests run with
only the engine's dependency and the test tools (docs/testing.md). What
speeds up the apps the UI tests start is tests/ui's (``textual_speedups``).
"""

from __future__ import annotations

import gc
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from indigo_tui.i18n import use_language

#: A folder in memory (tmpfs), where Linux has one: see :func:`memory_folder`.
MEMORY_FOLDER = Path("/dev/shm")
#: The room it must have free to be used (a container may give it 64 MB).
MEMORY_ROOM = 1 << 30

#: The cyclic garbage collector's first threshold in a test process (Python's
#: is 700 allocations): see :func:`pytest_configure`.
YOUNG_OBJECTS_BEFORE_A_COLLECTION = 10_000


def memory_folder() -> str | None:
    """:data:`MEMORY_FOLDER` where the tests may keep their temporary folders
    there: it exists, is writable, has :data:`MEMORY_ROOM` free, and nobody
    chose another place (``TMPDIR``, pytest's ``--basetemp``)."""
    if os.environ.get("TMPDIR") or os.environ.get("PYTEST_DEBUG_TEMPROOT"):
        return None
    try:
        room = os.statvfs(MEMORY_FOLDER)
    except OSError:
        return None
    if room.f_flag & os.ST_RDONLY or room.f_bavail * room.f_frsize < MEMORY_ROOM:
        return None
    return str(MEMORY_FOLDER) if os.access(MEMORY_FOLDER, os.W_OK | os.X_OK) else None


def pytest_configure(config: pytest.Config) -> None:
    # Each test's folder (tmp_path) in memory where there is one: the games
    # the tests play save every move, and each save is fsynced twice (the file
    # and its folder; saves/file.py), on a disk a wait of milliseconds each,
    # which the worker spends doing nothing: 4% of all the quick step's
    # samples. A folder in memory takes the same calls at once; what the
    # tests check of saving (what is written, renamed and reported, the
    # failures injected) is the same, and nothing of the game changes.
    if config.option.basetemp is None and (folder := memory_folder()) is not None:
        tempfile.tempdir = folder
    # A test process holds half a million objects (Textual, Rich, Hypothesis,
    # the collected tests), and each app a test runs leaves some hundred
    # thousand more that live as long as the test: enough survivors of the
    # young generations that Python's defaults ran a full collection, about
    # 0.2 s over the whole heap, after every test or two. That was 46% of the
    # quick step's CPU time (91 of 197 s over its workers). Collecting the
    # young generation every 10,000 allocations instead of 700 lets most of
    # a test's short-lived objects go before they are examined and promoted:
    # the same tests in 2 full collections instead of 26, for 10 MB more at
    # most (135 to 145 MB), and the quick step took 156 s of CPU instead of
    # 197. Garbage is still collected, only in larger batches; nothing a test
    # checks depends on when.
    gc.set_threshold(YOUNG_OBJECTS_BEFORE_A_COLLECTION, *gc.get_threshold()[1:])
    os.environ["LANGUAGE"] = "en"
    # Not the user's own settings (a saved language would change every word).
    if "INDIGO_CONFIG_DIR" not in os.environ:
        folder = tempfile.mkdtemp(prefix="indigo-test-config-")
        os.environ["INDIGO_CONFIG_DIR"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    # pytest ends each process with five full collections in a row, so that
    # an exception raised where garbage is finalized is still reported (a
    # finalizer can leave more garbage for the next one). After a worker's
    # share of the tests each went over half a million objects that no test
    # will free: 1 to 2 s of CPU per process, in every worker at once at the
    # end of every step. One collection here finalizes the session's garbage
    # (and reports as pytest's would), and what remains is then frozen
    # (``gc.freeze``) out of pytest's five, which run as before over whatever
    # that first one left or made. A second one here found nothing and took
    # a quarter of a second.
    gc.collect()
    gc.freeze()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """How many workers ``-n auto`` starts (the README's test command): three
    per core. The tests wait longer than they compute, on sockets, child
    processes, a browser and the app's own timers. One worker per core left
    the cores idle a quarter of the time (on 2 cores the quick step took 250 s
    with 2 workers and 193 s with 4, for the same CPU time), and two per core
    still leave them idle. Counted per test from the scheduler's own figures
    (``/proc/thread-self/schedstat``: a worker's time on a CPU and waiting for
    one; the rest of the test's time it waits on something else), in a run
    with 4 workers on 2 loaded cores: the quick step's tests that run within
    their worker waited 131 s beside their 110 s of CPU, those that start
    processes 130 s beside 45 s (their children's waits for a CPU among it),
    and the slow step's 209 s beside 132 s. A worker that wants a core half
    the time or less keeps two cores busy only while four or more want one at
    once; with four workers a core went idle whenever two waited together,
    in the slow step and the quick step's end, which CI runs with nothing
    beside them. A worker more costs 3 to 5 s of CPU (start-up, collection).
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides where it is set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 3 * cores


#: The folders whose tests take longest, each test driving whole screens or
#: processes: started first, so that in a parallel run (``-n``) no worker is
#: still on one of them while the others have run out of tests. Before them
#: all, the tests marked ``long`` (tens of seconds each, in any folder).
LONG_FIRST = ("ui", "net", "web", "text")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    tests = Path(__file__).parent

    def rank(item: pytest.Item) -> tuple[bool, int]:
        part = item.path.relative_to(tests).parts[0] if item.path.is_relative_to(tests) else ""
        folder = LONG_FIRST.index(part) if part in LONG_FIRST else len(LONG_FIRST)
        return item.get_closest_marker("long") is None, folder

    items.sort(key=rank)  # stable: each folder's own order stays


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    use_language("en")
    yield
    use_language("en")
