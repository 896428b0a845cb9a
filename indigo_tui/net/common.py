"""What both peers share: their limits, notices and heartbeat, join codes,
addresses, the join error and its usual kinds, log lines and a bot's thinking."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
import time
from collections.abc import Callable
from typing import Final

from ..bots import Bot
from ..bots.stand_in import BotAnswer, ask_bot
from ..engine import SeatView
from ..i18n import ngettext
from ..saves import NAME_LIMIT
from . import DEFAULT_PORT
from .notices import Notice, Problem
from .problems import AddressError, AddressSays, Fact, JoinSays, NetProblem
from .protocol import Error, Fault, Heartbeat
from .reasons import Ending
from .transport import Connection

#: The most characters of a log line; a peer's text beyond it is cut.
LOG_LINE_LIMIT: Final = 400
#: The most characters of a peer's reason (for a refusal, a goodbye) we keep.
REASON_LIMIT: Final = 200

#: Hands a notice to whoever shows the game.
Teller = Callable[[Notice], None]


class JoinError(NetProblem):
    """The session with the host cannot go on: ``code`` says what kind of end
    (an :class:`~.reasons.Ending`; a guest tries to get its seat back after
    ``lost`` and ``integrity``), ``says`` and the facts what is said of it
    (:func:`~.problems.problem_text`); ``fault``, for a broken protocol or a
    desync, says how (the host is told it as a code)."""

    def __init__(
        self, says: JoinSays, code: Ending = Ending.ERROR, fault: Fault | None = None, /, **facts: Fact
    ) -> None:
        super().__init__(says, **facts)
        self.code = code
        self.fault = fault

    def again(self) -> JoinError:
        """The same end, in a new exception (raised to another waiter)."""
        says = self.says
        assert isinstance(says, JoinSays)  # a JoinError's code is one
        return JoinError(says, self.code, self.fault, **self.facts)


def integrity_lost(problem: Fault | Error) -> JoinError:
    """A frame failed its integrity check on the way, either way: not the
    host's doing nor ours, so the connection is as good as lost (the guest
    joins again on a new one, with new keys; :mod:`.rejoin`)."""
    return JoinError(JoinSays.TAMPERED, Ending.INTEGRITY, None, problem=problem)


def protocol_broken(fault: Fault) -> JoinError:
    """The host broke the protocol (``fault`` says how; the host is told it as a code)."""
    return JoinError(JoinSays.PROTOCOL, Ending.PROTOCOL, fault, fault=fault)


def log_line(text: str, limit: int = LOG_LINE_LIMIT) -> str:
    """``text`` safe to print to a terminal: no control characters (so no
    escape sequences, carriage returns or forged new lines; tabs become
    spaces) and at most ``limit`` characters, saying how much was cut."""
    clean = "".join(c if c.isprintable() else " " if c == "\t" else "" for c in text)
    if len(clean) <= limit:
        return clean
    cut = len(clean) - limit
    more = ngettext("{n} more character", "{n} more characters", cut).format(n=cut)
    return f"{clean[:limit]}… ({more})"


def peer_error(message: Error) -> Error:
    """A peer's ``error`` as this terminal keeps it: its text cleaned of
    control characters and bounded, its numbers and quotes few."""
    return Error(
        log_line(message.reason, REASON_LIMIT),
        log_line(message.code, 20),
        message.args[:8],
        log_line(message.detail, 40),
        tuple(log_line(text, 80) for text in message.quoted[:4]),
    )


def plain_name(text: str, limit: int = NAME_LIMIT) -> str:
    """A name a player or a peer chose, as we keep and show it: printable
    characters only, trimmed, at most ``limit`` long ("" if nothing is left)."""
    return "".join(c for c in text if c.isprintable()).strip()[:limit].strip()


class Notices:
    """A peer's notices for whoever shows its game (a screen, a headless log):
    :attr:`notices`, filled by :meth:`tell`."""

    def __init__(self) -> None:
        self.notices: asyncio.Queue[Notice] = asyncio.Queue()
        #: Set whenever something worth looking at again happens (a notice, and
        #: what a session sets it for besides): whoever waits for a state of the
        #: session clears it, looks, and awaits it, rather than looking again
        #: every few milliseconds.
        self.changed = asyncio.Event()

    def tell(self, notice: Notice) -> None:
        """Hand ``notice`` to whoever shows this game."""
        if isinstance(notice, Problem):
            # Problems quote what went wrong, and that may be a peer's words.
            notice = Problem(log_line(notice.text))
        self.notices.put_nowait(notice)
        self.changed.set()


async def heartbeat(conn: Connection, interval: float) -> None:
    """Send ``conn``'s peer a heartbeat every ``interval`` seconds while it is
    open, so a peer that falls silent is noticed (docs/protocol.md); not
    once the peer has ended its side (its goodbye): a heartbeat reaching a
    peer that has closed meanwhile is answered with a reset, and the reset
    can overtake the goodbye still waiting in our reader."""
    while not conn.closed:
        await asyncio.sleep(interval)
        if conn.closed or conn.peer_ended:
            return
        await conn.send(Heartbeat(time.time()))


_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_join_code(length: int = 6) -> str:
    """A code to read out across a room: no 0/O or 1/I/L to mix up."""
    return "".join(secrets.choice(_CODE_ALPHABET) for _place in range(length))


def normal_code(code: str) -> str:
    return code.strip().upper()


def address_text(host: str, port: int) -> str:
    """``HOST:PORT`` (``[IPv6]:PORT``), as :func:`parse_address` reads it."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT``; :class:`~.problems.AddressError`
    (a ValueError) with what is wrong."""
    text = text.strip()
    if not text:
        raise AddressError(AddressSays.NO_HOST)
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep:
            raise AddressError(AddressSays.UNCLOSED, address=repr(text))
        port_text = rest.removeprefix(":") if rest else ""
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not host:
        raise AddressError(AddressSays.NO_HOST_NAME, address=repr(text))
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise AddressError(AddressSays.BAD_PORT, address=repr(text))
    return host, int(port_text)


def lan_address() -> str | None:
    """This machine's address on the local network, to share (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 1))
        return str(probe.getsockname()[0])
    return None


class Thinker:
    """Asks bots for moves without stalling the event loop: a bot runs in a
    worker thread (on a detached view) until it has shown itself quick, then
    inline, and back to the thread as soon as it takes longer. A slow bot in
    the loop would stop heartbeats and reads, and its peers would give up."""

    #: Seconds a choice may take inline without a thread.
    QUICK = 0.02

    def __init__(self) -> None:
        self._quick: set[int] = set()

    async def ask(self, bot: Bot, view: SeatView, stand_in: Bot) -> BotAnswer:
        """``bot``'s move for ``view.seat``, or ``stand_in``'s with the failure
        to tell should ``bot`` fail (the one policy: :func:`~indigo_tui.bots.stand_in.ask_bot`)."""
        key = id(bot)
        started = time.perf_counter()
        # An outside program's seat waits on another process: quick once is no promise.
        if key in self._quick and not getattr(bot, "may_block", False):
            answer = ask_bot(bot, view, stand_in)
        else:
            answer = await asyncio.to_thread(ask_bot, bot, view.detached(), stand_in)
        if time.perf_counter() - started < self.QUICK:
            self._quick.add(key)
        else:
            self._quick.discard(key)
        return answer
