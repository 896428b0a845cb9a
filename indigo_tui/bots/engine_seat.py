"""A seat played by an outside program that speaks the engine protocol.

``engine:python mybot.py`` in ``--seats`` (or ``--bots``, or ``--bot``) makes
an :class:`EngineSeat`: a bot whose moves come from a child process. The
program is started at its seat's first turn, without a shell, and is given
only what its seat may know, as lines of JSON (:mod:`.engine_protocol`,
docs/engine-protocol.md): a ``hello``, the events of its seat's log, and a
``turn`` with its view and the legal moves, which it answers with a move.

Whatever goes wrong with the program costs it the seat, never the game: it
cannot start, it exits, it is silent past the time limit, it sends a line
that is not a move or a move the rules refuse. Then it is stopped, a
built-in bot (:data:`FALLBACK`) plays the seat from that move on, and an
:class:`EngineNotice` says what happened, for the table to show. A game
loaded from a file never starts a program by itself (a save names the
command, and a file someone sent must not run one): its engine seats are
played by the built-in bot unless the player asks for the programs to run.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import shlex
import shutil
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import IO, Final, Protocol

from ..engine import Event, Move, SeatView
from ..i18n import _, decimal
from . import engine_protocol as protocol
from . import greedy
from .base import Bot, BotSpecError


class Viewable(Protocol):
    """A game that gives a seat's view (a :class:`~indigo_tui.engine.Game`)."""

    def view(self, seat: int) -> SeatView: ...


#: The built-in bot that takes over a seat whose program failed.
FALLBACK: Final = "greedy"
#: Seconds a program has for a move unless the command line says otherwise.
DEFAULT_TIME_LIMIT: Final = 10.0
#: Lines a program may send for one move besides the move (its ``info``).
INFO_BUDGET: Final = 1000
#: Lines of a program's standard error kept, to say why it stopped.
STDERR_LINES: Final = 5

_time_limit = DEFAULT_TIME_LIMIT


def set_time_limit(seconds: float) -> None:
    """The time limit per move of the engine seats made from now on (the
    ``--engine-time`` option of the commands)."""
    global _time_limit
    if not seconds > 0:
        raise ValueError(seconds)
    _time_limit = seconds


def time_limit() -> float:
    return _time_limit


class Trouble(StrEnum):
    """What went wrong with a seat's program."""

    #: It could not be started (no such program, not executable).
    NO_START = "no_start"
    #: A saved game named it, and programs are not started from a file.
    NOT_STARTED = "not_started"
    #: It exited, or closed its output.
    CRASHED = "crashed"
    #: It sent nothing within the time limit.
    TIMEOUT = "timeout"
    #: It sent a line that is not a move of the protocol.
    BAD_LINE = "bad_line"
    #: It sent a move the rules refuse.
    ILLEGAL = "illegal"


@dataclass(frozen=True)
class EngineNotice:
    """A seat's program failed and a built-in bot plays the seat from now on."""

    seat: int
    command: str
    trouble: Trouble
    #: What the program did, for the player: an exit status and its last words,
    #: the move it sent; printable text only.
    detail: str
    fallback: str
    seconds: float

    def text(self, name: str) -> str:
        """The notice in words, with the seat's name."""
        from ..i18n.words import bot_seat_name

        bot = bot_seat_name(self.fallback)
        words = {
            Trouble.NO_START: _("{name}'s program could not start ({detail}); {bot} plays the seat now."),
            Trouble.NOT_STARTED: _(
                "{name} is a program's seat, and a saved game never starts a program by itself; "
                "{bot} plays the seat (load it with --run-engines to start {detail})."
            ),
            Trouble.CRASHED: _("{name}'s program stopped ({detail}); {bot} plays the seat now."),
            Trouble.TIMEOUT: _(
                "{name}'s program did not move within {seconds} seconds; {bot} plays the seat now."
            ),
            Trouble.BAD_LINE: _(
                "{name}'s program sent a line that is not a move ({detail}); {bot} plays the seat now."
            ),
            Trouble.ILLEGAL: _(
                "{name}'s program sent a move the rules refuse ({detail}); {bot} plays the seat now."
            ),
        }[self.trouble]
        return words.format(name=name, detail=self.detail, bot=bot, seconds=decimal(self.seconds))


def printable(text: str, limit: int = 200) -> str:
    """A program's words as they may be shown: printable characters, cut short."""
    clean = "".join(c if c.isprintable() else " " for c in text).strip()
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def program_words(command: str) -> list[str]:
    """The command's words, as a shell would split them (no shell runs them);
    :class:`BotSpecError` if they are not a command."""
    try:
        words = shlex.split(command)
    except ValueError as exc:
        raise BotSpecError(
            _("engine:{command}: not a command ({reason})").format(command=command, reason=exc)
        ) from None
    if not words:
        raise BotSpecError(_('engine: needs a command, as in engine:"python mybot.py"'))
    return words


def find_program(words: Sequence[str]) -> str | None:
    """Why the command's program cannot be run, or None if it can."""
    program = words[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        path = Path(program)
        if not path.is_file():
            return _("no such file: {program}").format(program=program)
        if not os.access(path, os.X_OK):
            return _("not a program that can run: {program}").format(program=program)
        return None
    if shutil.which(program) is None:
        return _("no program named {program}").format(program=program)
    return None


#: Every program still running, stopped when this process ends.
_running: weakref.WeakSet[_Program] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    for program in list(_running):
        program.stop(wait=0.2)


#: What the reader queues at the end of the program's output, and for a line
#: longer than any move could be (skipped to its end).
_EOF: Final = object()
_TOO_LONG: Final = object()


class _Program:
    """The child process and the threads that write its input and read its
    output and errors, so that no read or write can block a move past its
    time limit."""

    def __init__(self, words: Sequence[str]) -> None:
        self.process = subprocess.Popen(
            list(words),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            # Not in the terminal's process group: a ctrl+c is the game's to
            # handle, and the game stops its programs itself.
            start_new_session=True,
        )
        self.lines: queue.Queue[str | object] = queue.Queue()
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self.errors: deque[str] = deque(maxlen=STDERR_LINES)
        assert self.process.stdin and self.process.stdout and self.process.stderr
        for target, stream in (
            (self._read, self.process.stdout),
            (self._read_errors, self.process.stderr),
            (self._write, self.process.stdin),
        ):
            threading.Thread(target=target, args=(stream,), name="indigo-engine", daemon=True).start()
        _running.add(self)

    def _read(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while True:
                raw = stream.readline(protocol.LINE_LIMIT + 1)
                if not raw:
                    break
                if len(raw) > protocol.LINE_LIMIT and not raw.endswith(b"\n"):
                    # A line longer than any move: say so once, and skip to its end.
                    self.lines.put(_TOO_LONG)
                    while raw and not raw.endswith(b"\n"):
                        raw = stream.readline(protocol.LINE_LIMIT + 1)
                    continue
                self.lines.put(raw.decode("utf-8", errors="replace"))
        self.lines.put(_EOF)

    def _read_errors(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while True:
                raw = stream.readline(1000)
                if not raw:
                    return
                line = printable(raw.decode("utf-8", errors="replace"))
                if line:
                    self.errors.append(line)

    def _write(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while True:
                data = self.outbox.get()
                if data is None:
                    break
                stream.write(data)
                stream.flush()
        with contextlib.suppress(OSError, ValueError):
            stream.close()

    def send(self, message: protocol.Tag) -> None:
        self.outbox.put((protocol.encode(message) + "\n").encode())

    def receive(self, deadline: float) -> str | object | None:
        """The next line (or :data:`_EOF`); None when the deadline passed."""
        try:
            return self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None

    def exit_words(self) -> str:
        """How the program ended, with its last words on standard error."""
        try:
            status = self.process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            status = None
        said = _("closed its output") if status is None else _("exit status {status}").format(status=status)
        if self.errors:
            return f"{said}: {self.errors[-1]}"
        return said

    def stop(self, wait: float = 1.0) -> None:
        """Ask the program to quit, then make sure it has."""
        self.outbox.put(None)
        try:
            self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                self.process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=1.0)
        _running.discard(self)


class EngineSeat:
    """A bot whose moves come from an outside program (see the module's words).

    ``names`` are the seats' names for the program's ``hello`` (public);
    ``programs=False`` (a seat read from a save) never starts the program.
    """

    #: It waits on another process: never to be asked in an event loop's thread.
    may_block = True

    def __init__(
        self,
        command: str,
        seed: int | str | None = None,
        *,
        programs: bool = True,
        limit: float | None = None,
    ) -> None:
        self.command = command.strip()
        self.name = f"engine:{self.command}"
        self.words = program_words(self.command)
        if programs:
            problem = find_program(self.words)
            if problem is not None:
                words = _("engine:{command}: {problem}").format(command=self.command, problem=problem)
                raise BotSpecError(words)
        self.programs = programs
        self.limit = limit if limit is not None else time_limit()
        self.fallback: Bot | None = None
        self._seed = seed
        self.names: list[str] = []
        self.rounds = 1
        self._program: _Program | None = None
        self._sent: list[Event] = []
        self._notices: list[EngineNotice] = []
        self._lock = threading.Lock()
        self._busy = threading.Lock()

    # -- what the table asks ----------------------------------------------------------------

    @property
    def replaced(self) -> bool:
        """A built-in bot plays the seat now."""
        return self.fallback is not None

    def take_notices(self) -> list[EngineNotice]:
        """The notices since the last call (the table shows them)."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def choose(self, view: SeatView) -> Move:
        # One question at a time: a table may ask again (after an undo) while
        # an abandoned worker still waits for the program's last answer.
        with self._busy:
            if self.fallback is None:
                try:
                    return self._ask(view)
                except _Failed as failed:
                    self._replace(view.seat, failed.trouble, failed.detail)
            assert self.fallback is not None
            return self.fallback.choose(view)

    def close(self, view: SeatView | None = None) -> None:
        """Tell the program what it has not heard of ``view``'s log (the end
        of the game), then to quit, and stop it."""
        with self._busy:
            program, self._program = self._program, None
            if program is not None:
                if view is not None:
                    self._catch_up(program, view)
                program.send(protocol.Quit())
                program.stop()
            self._sent = []

    # -- the program ---------------------------------------------------------------------------

    def _replace(self, seat: int, trouble: Trouble, detail: str) -> None:
        program, self._program = self._program, None
        if program is not None:
            program.stop(wait=0.2)
        self.fallback = greedy.make(None, self._seed)
        notice = EngineNotice(seat, self.command, trouble, printable(detail), FALLBACK, self.limit)
        with self._lock:
            self._notices.append(notice)

    def _start(self, view: SeatView) -> _Program:
        if not self.programs:
            raise _Failed(Trouble.NOT_STARTED, self.command)
        try:
            program = _Program(self.words)
        except OSError as exc:
            raise _Failed(Trouble.NO_START, str(exc.strerror or exc)) from None
        names = self.names or [str(seat + 1) for seat in range(view.setup.players)]
        first = view.events[0] if view.events else None
        round_index = getattr(first, "round", 0)
        program.send(protocol.hello(view.setup, view.seat, names, self.limit, round_index, self.rounds))
        return program

    def _catch_up(self, program: _Program, view: SeatView) -> None:
        """Send the events of the seat's log it has not had; after an undo or
        at a new round, a ``reset`` and the log again from its start."""
        events = list(view.events)
        sent = len(self._sent)
        if events[:sent] != self._sent:
            program.send(protocol.Reset())
            sent = 0
        for event in events[sent:]:
            program.send(protocol.event_message(event))
        self._sent = events

    def _ask(self, view: SeatView) -> Move:
        program = self._program
        if program is None:
            program = self._program = self._start(view)
        self._catch_up(program, view)
        program.send(protocol.turn_message(view, self.limit))
        deadline = time.monotonic() + self.limit
        for _line in range(INFO_BUDGET + 1):
            line = program.receive(deadline)
            if line is None:
                raise _Failed(Trouble.TIMEOUT, "")
            if line is _EOF:
                raise _Failed(Trouble.CRASHED, program.exit_words())
            if line is _TOO_LONG:
                too_long = _("a line of over {n} characters").format(n=protocol.LINE_LIMIT)
                raise _Failed(Trouble.BAD_LINE, too_long)
            assert isinstance(line, str)
            if protocol.is_info(line):
                continue
            try:
                move = protocol.parse_reply(line)
            except protocol.ReplyError:
                raise _Failed(Trouble.BAD_LINE, line.strip()[:80]) from None
            move = Move.make(move.cell, move.tile, move.rotation)
            refused = view.refusal(move)
            if refused is not None:
                from ..i18n.words import refusal_text

                raise _Failed(Trouble.ILLEGAL, f"{move}: {refusal_text(refused)}")
            return move
        raise _Failed(Trouble.BAD_LINE, _("too many lines without a move"))


class _Failed(Exception):
    def __init__(self, trouble: Trouble, detail: str) -> None:
        super().__init__(trouble)
        self.trouble = trouble
        self.detail = detail


def close_bots(bots: Sequence[Bot] | Mapping[int, Bot], game: Viewable | None = None) -> None:
    """Stop the programs of any engine seats among ``bots``, each told first
    the end of ``game`` as its seat sees it."""
    seated = bots.items() if isinstance(bots, Mapping) else enumerate(bots)
    for seat, bot in seated:
        if isinstance(bot, EngineSeat):
            bot.close(None if game is None else game.view(seat))


def introduce(bots: Mapping[int, Bot], names: Sequence[str], rounds: int) -> None:
    """Give the engine seats among ``bots`` the seats' names and the match's
    rounds, for their programs' ``hello``."""
    for bot in bots.values():
        if isinstance(bot, EngineSeat):
            bot.names = list(names)
            bot.rounds = rounds


def take_notices(bots: Sequence[Bot] | Mapping[int, Bot]) -> list[EngineNotice]:
    """The notices of every engine seat among ``bots`` since the last call."""
    found: list[EngineNotice] = []
    for bot in bots.values() if isinstance(bots, Mapping) else bots:
        if isinstance(bot, EngineSeat):
            found.extend(bot.take_notices())
    return found
