"""A seat played by an outside program that speaks the engine protocol.

``engine:python3 mybot.py`` in ``--seats`` (or ``--bots``, or ``--bot``) makes
an :class:`EngineSeat`: a bot whose moves come from a child process. The
program is started at its seat's first turn, without a shell, and is given
only what its seat may know, as lines of JSON (:mod:`.engine_protocol`,
docs/engine-protocol.md): a ``hello``, the events of its seat's log, and a
``turn`` with its view and the legal moves, which it answers with a move.

Whatever goes wrong with the program costs it the seat, never the game: it
cannot start, it exits, it is silent past the time limit, it sends a line
that is not a move or a move the rules refuse, it sends more than its
budget (:data:`LINES_PER_SECOND`, :data:`BYTES_PER_SECOND`, :data:`HELD_LINES`,
:data:`HELD_BYTES`, in its turn or out of it). Then it is stopped, every
process of its session with it, a built-in bot (:data:`FALLBACK`) plays the
seat from that move on, and an :class:`EngineNotice` says what happened, for
the table to show. What it writes on standard error is read as it comes, in
large reads at a bounded pace (:data:`STDERR_BYTES_PER_SECOND`), and only its
last :data:`STDERR_TAIL` bytes are kept, to quote when it stops. A game
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
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import IO, Final, Protocol

from ..bucket import TokenBucket
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
#: What a program may send on its standard output, in its turn and out of
#: it, ``info`` and blank lines included: lines and bytes a second, a second's
#: worth at once, and a second's worth afresh at each of its turns (a program
#: that logs as it ponders stays far below, in a slow game or a fast one).
LINES_PER_SECOND: Final = 1000
BYTES_PER_SECOND: Final = 1 << 20
#: Lines, and their bytes, read but not yet taken as moves (``info`` and blank
#: lines are passed over as they come and never held): a program needs one a turn.
HELD_LINES: Final = 16
HELD_BYTES: Final = 4 * protocol.LINE_LIMIT
#: Bytes of standard error read a second at most: past it the program waits
#: on its own writes, and indigo spends no more time on them.
STDERR_BYTES_PER_SECOND: Final = 64 << 20
#: Bytes of standard error kept (the rest is dropped and counted), to say why it stopped.
STDERR_TAIL: Final = 4096
#: Seconds the program's processes have to end once asked (SIGTERM) before they are killed.
STOP_GRACE: Final = 0.5

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
    #: It sent more than its budget (lines or bytes a second, or held unread).
    FLOOD = "flood"


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
            Trouble.FLOOD: _("{name}'s program sent more than it may ({detail}); {bot} plays the seat now."),
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
        raise BotSpecError(_('engine: needs a command, as in engine:"python3 mybot.py"'))
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


#: What the reader queues at the end of the program's output, for a line
#: longer than any move could be (skipped to its end), and when the program
#: went past its budget (it is being stopped).
_EOF: Final = object()
_TOO_LONG: Final = object()
_OVER: Final = object()


def _session_left(session: int) -> list[int] | None:
    """The live processes (zombies are not) of the program's session or
    process group, which are both numbered by the program's pid; None where
    ``/proc`` cannot tell."""
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    found = []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            stat = Path("/proc", entry, "stat").read_bytes()
            state, _parent, group, sid = stat[stat.rindex(b")") + 2 :].split()[:4]
        except (OSError, ValueError):
            continue  # gone meanwhile
        if state != b"Z" and session in (int(group), int(sid)):
            found.append(int(entry))
    return found


def _signal_session(session: int, sig: signal.Signals) -> bool:
    """Send ``sig`` to every process of the session; False if none is left."""
    left = _session_left(session)
    if left == []:
        return False  # and its number may be another's soon: no signal to it
    if left is None:
        try:
            os.killpg(session, 0)
        except (ProcessLookupError, PermissionError):
            return False
        left = []
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(session, sig)
    for pid in left:
        # One that left the group for a group of its own, in the same session.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)
    return True


class _Program:
    """The child process, in a session of its own, and the threads that write
    its input and read its output and errors, so that no read or write can
    block a move past its time limit, and what it sends is read within its
    budget."""

    def __init__(self, words: Sequence[str]) -> None:
        self.process = subprocess.Popen(
            list(words),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            # A session of its own: a ctrl+c at the terminal is the game's to
            # handle, and whatever the program starts can be found and stopped
            # with it (its session and process group are numbered by its pid).
            start_new_session=True,
        )
        self.session = self.process.pid
        #: Lines read and not yet taken, with their size: at most HELD_LINES
        #: lines and HELD_BYTES bytes, and one end marker.
        self.lines: queue.Queue[tuple[str | object, int]] = queue.Queue()
        self._held = [0, 0]
        self._held_lock = threading.Lock()
        #: Why the program went past its budget (it is stopped), or None.
        self.over: str | None = None
        # A second's worth at once; spent by the reading thread, filled by the seat's.
        self._lines_rate = TokenBucket(LINES_PER_SECOND, LINES_PER_SECOND)
        self._bytes_rate = TokenBucket(BYTES_PER_SECOND, BYTES_PER_SECOND)
        self._budget_lock = threading.Lock()
        self.outbox: queue.Queue[bytes | None] = queue.Queue()
        self._tail = b""
        self._tail_lock = threading.Lock()
        self._stop_lock = threading.Lock()
        self._stopped = False
        assert self.process.stdin and self.process.stdout and self.process.stderr
        threads = [
            threading.Thread(target=target, args=(stream,), name="indigo-engine", daemon=True)
            for target, stream in (
                (self._read, self.process.stdout),
                (self._read_errors, self.process.stderr),
                (self._write, self.process.stdin),
            )
        ]
        #: The thread reading its standard error, for its last words once it ended.
        self._errors_reader = threads[1]
        for thread in threads:
            thread.start()
        _running.add(self)

    # -- its output -------------------------------------------------------------------------

    def new_turn(self) -> None:
        """Its turn: a whole budget for it (a fast game's turns come many a second)."""
        with self._budget_lock:
            self._lines_rate.fill()
            self._bytes_rate.fill()

    def _read(self, stream: IO[bytes]) -> None:
        lines, data = self._lines_rate, self._bytes_rate
        skipping = False
        with contextlib.suppress(OSError, ValueError):
            while True:
                raw = stream.readline(protocol.LINE_LIMIT + 1)
                if not raw:
                    break
                with self._budget_lock:
                    within = data.take(len(raw))
                if not within:
                    mib = decimal(BYTES_PER_SECOND / (1 << 20))
                    return self._past_budget(_("more than {mib} MiB in a second").format(mib=mib))
                ends = raw.endswith(b"\n")
                if skipping:
                    # The rest of a line too long for any move.
                    skipping = not ends
                    continue
                with self._budget_lock:
                    within = lines.take(1)
                if not within:
                    words = _("more than {lines} lines in a second").format(lines=decimal(LINES_PER_SECOND))
                    return self._past_budget(words)
                if len(raw) > protocol.LINE_LIMIT and not ends:
                    # Said once, and skipped to its end.
                    skipping = True
                    item: str | object = _TOO_LONG
                else:
                    item = raw.decode("utf-8", errors="replace")
                    if protocol.is_info(item):
                        # Passed over as it comes, in the turn or out of it: never held.
                        continue
                if not self._hold(item, len(raw)):
                    words = _("more than {lines} lines or {kib} KiB sent ahead of its turns")
                    return self._past_budget(words.format(lines=HELD_LINES, kib=decimal(HELD_BYTES / 1024)))
        self.lines.put((_EOF, 0))

    def _hold(self, item: str | object, size: int) -> bool:
        with self._held_lock:
            if self._held[0] + 1 > HELD_LINES or self._held[1] + size > HELD_BYTES:
                return False
            self._held[0] += 1
            self._held[1] += size
        self.lines.put((item, size))
        return True

    def held(self) -> tuple[int, int]:
        """The lines, and their bytes, read from the program and not yet taken."""
        with self._held_lock:
            return (self._held[0], self._held[1])

    def _past_budget(self, detail: str) -> None:
        """It sent more than its budget: stop reading it and stop it, at once
        (out of its turn too); the seat is replaced when it is next asked."""
        self.over = detail
        self.lines.put((_OVER, 0))
        self.stop(wait=0.0)

    def receive(self, deadline: float) -> str | object | None:
        """The next line (or :data:`_EOF`, :data:`_TOO_LONG`, :data:`_OVER`); None
        when the deadline passed."""
        try:
            item, size = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if item is not _EOF and item is not _OVER:
            with self._held_lock:
                self._held[0] -= 1
                self._held[1] -= size
        return item

    # -- its errors -------------------------------------------------------------------------

    def _read_errors(self, stream: IO[bytes]) -> None:
        # Large reads straight from the pipe, paced: a program that floods its
        # standard error costs a read now and then, and waits on its own writes.
        pace = TokenBucket(STDERR_BYTES_PER_SECOND, STDERR_BYTES_PER_SECOND)
        with contextlib.suppress(OSError, ValueError):
            descriptor = stream.fileno()
            while True:
                chunk = os.read(descriptor, 1 << 16)
                if not chunk:
                    return
                with self._tail_lock:
                    self._tail = (self._tail + chunk[-STDERR_TAIL:])[-STDERR_TAIL:]
                wait = pace.reserve(len(chunk))
                if wait:
                    time.sleep(wait)

    def last_words(self) -> str:
        """The last line of its standard error that has words, as it may be shown."""
        with self._tail_lock:
            tail = self._tail
        for raw in reversed(tail.splitlines()):
            line = printable(raw.decode("utf-8", errors="replace"))
            if line:
                return line
        return ""

    # -- its input ---------------------------------------------------------------------------

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

    # -- its end -----------------------------------------------------------------------------

    def exit_words(self) -> str:
        """How the program ended, with its last words on standard error."""
        try:
            status = self.process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            status = None
        else:
            # Its last words may still be in the pipe: the reader is a thread
            # that a busy machine can keep from reading what was written just
            # before the end (a test under load read the flood's lines, not the
            # last words after them). Bounded: a process it started may hold
            # the pipe open after it.
            self._errors_reader.join(timeout=0.5)
        said = _("closed its output") if status is None else _("exit status {status}").format(status=status)
        last = self.last_words()
        return f"{said}: {last}" if last else said

    def stop(self, wait: float = 1.0) -> None:
        """Ask the program to quit (its input ends), give it ``wait`` seconds,
        then end every process of its session: asked (SIGTERM), then killed
        after :data:`STOP_GRACE` seconds. Whatever it started goes with it."""
        with self._stop_lock:
            if self._stopped:
                return
            self.outbox.put(None)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=wait)
            for sig in (signal.SIGTERM, signal.SIGKILL):
                if not self._end_session(sig):
                    break
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=STOP_GRACE)
            self._stopped = True
            _running.discard(self)

    def _end_session(self, sig: signal.Signals) -> bool:
        """Send ``sig`` to the session and wait up to :data:`STOP_GRACE` seconds
        for it to be empty: True if some process is left."""
        if not _signal_session(self.session, sig):
            return False
        deadline = time.monotonic() + STOP_GRACE
        while True:
            self.process.poll()  # the program itself is ours to reap
            left = _session_left(self.session)
            if left == [] or (left is None and self.process.returncode is not None):
                return False
            if time.monotonic() >= deadline:
                return True
            time.sleep(0.01)


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

    def held(self) -> tuple[int, int]:
        """The lines, and their bytes, its program sent that wait to be read:
        never more than :data:`HELD_LINES` and :data:`HELD_BYTES`."""
        program = self._program
        return (0, 0) if program is None else program.held()

    @property
    def pid(self) -> int | None:
        """The process id of its program while it runs (its session's too)."""
        program = self._program
        return None if program is None else program.session

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
        if program.over is not None:
            # Past its budget since its last turn (it is stopped already).
            raise _Failed(Trouble.FLOOD, program.over)
        program.new_turn()
        program.send(protocol.turn_message(view, self.limit))
        deadline = time.monotonic() + self.limit
        # Info and blank lines never reach here (the reader passes over them):
        # the first line is the answer, or the program failed. A move read
        # before it went past its budget is its move.
        line = program.receive(deadline)
        if line is _OVER:
            raise _Failed(Trouble.FLOOD, program.over or "")
        if line is None:
            raise _Failed(Trouble.TIMEOUT, "")
        if line is _EOF:
            raise _Failed(Trouble.CRASHED, program.exit_words())
        if line is _TOO_LONG:
            too_long = _("a line of over {n} characters").format(n=protocol.LINE_LIMIT)
            raise _Failed(Trouble.BAD_LINE, too_long)
        assert isinstance(line, str)
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
