"""A second process for the search bot, so that it thinks on two cores.

The helper is a plain ``python -m indigo_tui.bots.search_helper`` child that
reads search requests on its stdin and writes the root statistics back on its
stdout, each as a length-prefixed pickle (:func:`serve`). This module is the
pipe and the parent's side; it knows nothing of the search, which
:mod:`.search_helper` hands to :func:`serve` (so the search bot imports this
module and nothing here imports the search bot). A plain child rather than
:mod:`multiprocessing`, because the bot is called from the UI's worker thread
(forking a threaded process can copy a held lock) and because the 'spawn'
start method runs the parent's main script again in the child, which a script
without a ``__main__`` guard does not survive. Only this package's own data
crosses the pipe, between two processes of the same program.

Anything that goes wrong with the helper (it cannot start, dies, or is late)
makes the bot think alone for that move; it never costs the move.
"""

from __future__ import annotations

import atexit
import pickle
import queue
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

_HEADER = struct.Struct("<Q")


def _write(stream: IO[bytes], message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read(stream: IO[bytes]) -> Any:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        raise EOFError("the helper process closed its pipe")
    (size,) = _HEADER.unpack(header)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the helper process closed its pipe")
    return pickle.loads(data)


class Helper:
    """One helper process and a thread that collects its replies."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "indigo_tui.bots.search_helper"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.replies: queue.Queue[object] = queue.Queue()
        self.busy = threading.Lock()
        threading.Thread(target=self._collect, name="mcts-helper-reader", daemon=True).start()

    def _collect(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            try:
                self.replies.put(_read(stdout))
            except (EOFError, OSError, pickle.UnpicklingError) as exc:
                self.replies.put(exc)
                return

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def send(self, request: object) -> None:
        assert self.process.stdin is not None
        _write(self.process.stdin, request)

    def receive(self, timeout: float) -> Any:
        """The next reply; raises ``queue.Empty`` when late, or what broke the pipe."""
        reply = self.replies.get(timeout=timeout)
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def close(self) -> None:
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


_LOCK = threading.Lock()
_HELPER: Helper | None = None
_DISABLED = False


def disable() -> None:
    """This process searches alone from now on: :func:`acquire` gives no
    helper, and the search bot runs both halves of a split budget itself (the
    same statistics, so the same moves). For a program that already keeps
    every core busy, such as a benchmark playing one game per core."""
    global _DISABLED
    _DISABLED = True


def acquire() -> Helper | None:
    """The helper, reserved for the caller; None when it is busy with another
    search, cannot be had, or this process searches alone (:func:`disable`).
    Give it back with :func:`release`."""
    global _HELPER
    if _DISABLED:
        return None
    with _LOCK:
        if _HELPER is not None and not _HELPER.alive:
            _HELPER = None
        if _HELPER is None:
            try:
                _HELPER = Helper()
            except OSError:
                return None
            atexit.register(_HELPER.close)
        helper = _HELPER
    if not helper.busy.acquire(blocking=False):
        return None
    return helper


def release(helper: Helper, healthy: bool) -> None:
    """Hand the helper back; an unhealthy one (late or broken) is retired."""
    global _HELPER
    helper.busy.release()
    if not healthy:
        with _LOCK:
            if _HELPER is helper:
                _HELPER = None
        helper.close()


def serve(answer: Callable[[Any], object]) -> None:
    """The helper's loop: ``answer`` each request until the pipe closes."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            request = _read(stdin)
        except EOFError:
            return
        _write(stdout, answer(request))
