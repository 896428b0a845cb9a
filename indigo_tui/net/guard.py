"""The host's budgets: against strangers at its port, and for seated guests.

A host listens on a LAN where anyone may connect. Before a caller has proven
the join code it may cost the host only a little of everything: time (one
deadline for the whole handshake), memory (small frames only, see
:data:`~indigo_tui.net.protocol.MAX_CLEAR_FRAME`), connections (caps on
callers not yet in and on all connections, overall and per address), guesses
(:class:`GuessLimiter`) and file descriptors (:func:`accept_forever` pauses
when they run out instead of spinning).

A guest that holds a seat knows the code, but what it asks is budgeted too
(:class:`SeatBudgets`, :class:`Allowance`): the host reads its messages at a
bounded pace (a flood waits in the guest's own connection, nobody else's),
answers one undo request at a time and a few a minute, passes on a few
lines of chat a minute (more are dropped, said once a flood), and says at
most a few lines a minute about its refused requests. Going over is refused in
words, never by dropping the player.
"""

from __future__ import annotations

import asyncio
import errno
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..bucket import TokenBucket
from .reach import check_listen

#: accept() errors that mean "no descriptors or memory right now", not a broken socket.
_EXHAUSTED = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
#: Seconds from accepting a connection to a seated guest, all steps included.
HANDSHAKE_DEADLINE = 10.0


@dataclass(frozen=True)
class Budgets:
    """What strangers may cost a host; the defaults suit a game on a LAN."""

    handshake_deadline: float = HANDSHAKE_DEADLINE
    #: Connections still in the handshake, overall and from one address.
    max_pending: int = 64
    max_pending_per_address: int = 16
    #: Connections of any kind (the seated guests are a handful).
    max_connections: int = 96
    #: Seconds accepting pauses when the process runs out of file descriptors.
    accept_pause: float = 0.5


class LineBudget:
    """Lines about one source (strangers at the port, one seat's refused
    requests) for the host's log: at most ``per_minute`` a minute, then one
    line saying the rest are not shown, then quiet until the minute is over."""

    #: What :meth:`admit` answers.
    SAY, SAY_QUIET, QUIET = "say", "say-quiet", "quiet"

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._since = float("-inf")
        self._lines = 0

    def admit(self) -> str:
        """:attr:`SAY` the line, :attr:`SAY_QUIET` (say instead that more
        are not shown for a minute) or :attr:`QUIET`."""
        now = self.clock()
        if now - self._since > 60.0:
            self._since, self._lines = now, 0
        self._lines += 1
        if self._lines <= self.per_minute:
            return self.SAY
        return self.SAY_QUIET if self._lines == self.per_minute + 1 else self.QUIET


@dataclass(frozen=True)
class SeatBudgets:
    """What one seated guest may ask of the host; the defaults are far above
    what an honest guest asks (a heartbeat a second, a move a turn, an undo
    or a hint now and then) and far below what would cost the host."""

    #: Messages read from one guest: a burst, then this many a second. A guest
    #: sending more is read no faster: its flood waits in its own connection.
    message_rate: float = 1000.0
    message_burst: float = 1000.0
    #: Undo requests from one terminal: a burst, then one every ``1 / undo_rate``
    #: seconds; one more is refused in words (how long to wait).
    undo_rate: float = 0.2
    undo_burst: float = 3.0
    #: Lines a minute in the host's log about one terminal's refused requests.
    lines_per_minute: int = 10
    #: Lines of chat from one terminal: a burst, then one every ``1 / chat_rate``
    #: seconds; more are dropped, and the sender told once a flood (net/chat.py).
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    #: Rematch offers from one seat (net/rematch.py): a burst, then one every
    #: ``1 / rematch_rate`` seconds; one more is refused in words (how long to wait).
    rematch_rate: float = 1 / 20
    rematch_burst: float = 2.0


class Allowance:
    """One seated terminal's budget (see :class:`SeatBudgets`), for the life
    of its connection."""

    def __init__(self, budgets: SeatBudgets, clock: Callable[[], float] = time.monotonic) -> None:
        self.messages = TokenBucket(budgets.message_rate, budgets.message_burst, clock)
        self.undos = TokenBucket(budgets.undo_rate, budgets.undo_burst, clock)
        self.lines = LineBudget(budgets.lines_per_minute, clock)
        self.chat = TokenBucket(budgets.chat_rate, budgets.chat_burst, clock)


@dataclass
class GuessLimiter:
    """Token buckets for checking join-code proofs, one overall and one per
    address. Each proof needs a token before it is checked (:meth:`reserve`
    says how long to wait for it); a right proof gives its token back
    (:meth:`cancel`), a wrong one keeps it (:meth:`failed`). So the people who
    know the code are not slowed, and guessing is held to ``rate`` per second
    overall and ``per_address_rate`` from one address, after a small burst.
    Before that, every key exchange (the half of a guess that costs the host
    its SPAKE2 work, some 15 ms of CPU) waits for a token of its own
    (:meth:`exchange`), so strangers cannot keep the host's loop busy.
    ``clock`` is injectable so the limits can be checked without waiting."""

    rate: float = 3.0
    burst: float = 20.0
    per_address_rate: float = 0.5
    per_address_burst: float = 5.0
    exchange_rate: float = 20.0
    exchange_burst: float = 40.0
    clock: Callable[[], float] = time.monotonic
    #: Called once, the first time a proof fails (the host says it once).
    on_guessing: Callable[[str], None] | None = None
    #: Addresses remembered at most (those with full buckets are forgotten first).
    max_addresses: int = 4096
    failures: int = 0
    _overall: TokenBucket | None = None
    _exchanges: TokenBucket | None = None
    _addresses: dict[str, TokenBucket] = field(default_factory=dict)

    def _buckets(self, address: str) -> tuple[TokenBucket, TokenBucket]:
        if self._overall is None:
            self._overall = TokenBucket(self.rate, self.burst, self.clock)
        bucket = self._addresses.get(address)
        if bucket is None:
            if len(self._addresses) >= self.max_addresses:
                self._forget()
            bucket = TokenBucket(self.per_address_rate, self.per_address_burst, self.clock)
            self._addresses[address] = bucket
        return self._overall, bucket

    def _forget(self) -> None:
        for address, bucket in list(self._addresses.items()):
            if bucket.full:
                del self._addresses[address]
        while len(self._addresses) >= self.max_addresses:
            # Still full of guessers: drop the oldest entry (dicts keep insertion order).
            del self._addresses[next(iter(self._addresses))]

    def exchange(self, within: float) -> float | None:
        """Take a token for one key exchange: the seconds to wait before it,
        or None (and no token taken) if that is longer than ``within``."""
        if self._exchanges is None:
            self._exchanges = TokenBucket(self.exchange_rate, self.exchange_burst, self.clock)
        if self._exchanges.wait() > within:
            return None
        return self._exchanges.reserve()

    def reserve(self, address: str) -> float:
        """Take a token for checking one proof from ``address``; the seconds
        to wait before checking it (0 while nobody is guessing)."""
        overall, mine = self._buckets(address)
        return max(overall.reserve(), mine.reserve())

    def cancel(self, address: str) -> None:
        """The reserved token was not used up: the proof was right, or was
        never checked."""
        overall, mine = self._buckets(address)
        overall.give_back()
        mine.give_back()

    def failed(self, address: str) -> None:
        """A proof from ``address`` was wrong (its token stays used)."""
        self.failures += 1
        if self.failures == 1 and self.on_guessing is not None:
            self.on_guessing(address)


async def accept_forever(
    sock: socket.socket,
    on_accept: Callable[[socket.socket, str], None],
    on_exhausted: Callable[[OSError], None],
    pause: float,
) -> None:
    """Accept connections on the listening ``sock`` until cancelled. When the
    process is out of file descriptors (or memory), ``on_exhausted`` is told
    and accepting pauses for ``pause`` seconds: the waiting connections stay
    in the kernel's backlog until descriptors are free again."""
    loop = asyncio.get_running_loop()
    while True:
        try:
            client, peer = await loop.sock_accept(sock)
        except OSError as exc:
            if exc.errno in _EXHAUSTED:
                on_exhausted(exc)
                await asyncio.sleep(pause)
                continue
            if isinstance(exc, ConnectionAbortedError):
                continue  # the caller gave up before we took it: nothing to do
            raise
        address = str(peer[0]) if isinstance(peer, tuple) else "peer"
        on_accept(client, address)


def listening_socket(bind: str, port: int, backlog: int = 128) -> socket.socket:
    """A non-blocking TCP socket listening on ``bind:port`` (IPv4 or IPv6);
    :class:`~.reach.NotAllowed` (an OSError) first if this game may not
    open a port (a visitor's game under ``indigo serve``)."""
    check_listen()
    infos = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _, _, _, address = infos[0]
    sock = socket.create_server(address, family=family, backlog=backlog)
    sock.setblocking(False)
    return sock


__all__ = [
    "HANDSHAKE_DEADLINE",
    "Allowance",
    "Budgets",
    "GuessLimiter",
    "LineBudget",
    "SeatBudgets",
    "accept_forever",
    "listening_socket",
]
