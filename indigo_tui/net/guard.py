"""The host's budgets against strangers at its port.

A host listens on a LAN where anyone may connect. Before a caller has proven
the join code it may cost the host only a little of everything: time (one
deadline for the whole handshake), memory (small frames only, see
:data:`~indigo_tui.net.protocol.MAX_CLEAR_FRAME`), connections (caps on
callers not yet in and on all connections, overall and per address), guesses
(:class:`GuessLimiter`) and file descriptors (:func:`accept_forever` pauses
when they run out instead of spinning).
"""

from __future__ import annotations

import asyncio
import errno
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field

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


@dataclass
class _Bucket:
    tokens: float
    updated: float


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
    _overall: _Bucket | None = None
    _exchanges: _Bucket | None = None
    _addresses: dict[str, _Bucket] = field(default_factory=dict)

    def _refill(self, bucket: _Bucket, rate: float, burst: float, now: float) -> _Bucket:
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated) * rate)
        bucket.updated = now
        return bucket

    def _buckets(self, address: str) -> tuple[_Bucket, _Bucket]:
        now = self.clock()
        if self._overall is None:
            self._overall = _Bucket(self.burst, now)
        overall = self._refill(self._overall, self.rate, self.burst, now)
        bucket = self._addresses.get(address)
        if bucket is None:
            if len(self._addresses) >= self.max_addresses:
                self._forget(now)
            bucket = self._addresses[address] = _Bucket(self.per_address_burst, now)
        return overall, self._refill(bucket, self.per_address_rate, self.per_address_burst, now)

    def _forget(self, now: float) -> None:
        for address, bucket in list(self._addresses.items()):
            self._refill(bucket, self.per_address_rate, self.per_address_burst, now)
            if bucket.tokens >= self.per_address_burst:
                del self._addresses[address]
        while len(self._addresses) >= self.max_addresses:
            # Still full of guessers: drop the oldest entry (dicts keep insertion order).
            del self._addresses[next(iter(self._addresses))]

    def exchange(self, within: float) -> float | None:
        """Take a token for one key exchange: the seconds to wait before it,
        or None (and no token taken) if that is longer than ``within``."""
        now = self.clock()
        if self._exchanges is None:
            self._exchanges = _Bucket(self.exchange_burst, now)
        bucket = self._refill(self._exchanges, self.exchange_rate, self.exchange_burst, now)
        wait = max(0.0, (1 - bucket.tokens) / self.exchange_rate)
        if wait > within:
            return None
        bucket.tokens -= 1
        return wait

    def reserve(self, address: str) -> float:
        """Take a token for checking one proof from ``address``; the seconds
        to wait before checking it (0 while nobody is guessing)."""
        overall, mine = self._buckets(address)
        overall.tokens -= 1
        mine.tokens -= 1
        return max(0.0, -overall.tokens / self.rate, -mine.tokens / self.per_address_rate)

    def cancel(self, address: str) -> None:
        """The reserved token was not used up: the proof was right, or was
        never checked."""
        overall, mine = self._buckets(address)
        overall.tokens = min(self.burst, overall.tokens + 1)
        mine.tokens = min(self.per_address_burst, mine.tokens + 1)

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
    """A non-blocking TCP socket listening on ``bind:port`` (IPv4 or IPv6)."""
    infos = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _, _, _, address = infos[0]
    sock = socket.create_server(address, family=family, backlog=backlog)
    sock.setblocking(False)
    return sock


__all__ = ["HANDSHAKE_DEADLINE", "Budgets", "GuessLimiter", "accept_forever", "listening_socket"]
