"""Play across the internet: two outgoing connections glued by a transit relay.

Two friends at home each sit behind a router; neither can reach the other.
Both can reach a magic-wormhole *transit relay* (the ``magic-wormhole-transit-relay``
service; by default the public one the magic-wormhole project runs), which
joins two TCP connections that ask for the same channel and then copies bytes
between them without reading them. Its protocol is one line each way::

    client -> relay   please relay CHANNEL for side SIDE\\n   (64 hex digits, 16 hex digits)
    relay  -> client  ok\\n                                  once a connection with the same
                                                           channel and another side is there

then everything one side sends, the relay writes to the other. It answers
``bad handshake\\n`` to a line it cannot read and hangs up; a client that sends
before its ``ok`` gets ``impatient\\n``; a connection still waiting when another
pairs on its channel is dropped ("redundant"); a lone one waits as long as it
stays open.

An **internet code** has a public part and a secret part, ``4821-K7WQ2M``:
the *nameplate* (four digits) names the relay channel and nothing else; the
whole code is what both peers prove to each other with SPAKE2
(:mod:`.channel`), exactly as a LAN code. The relay learns the nameplate
(anyone could try all ten thousand), sizes and timing, never the secret.

Which connection pairs with which: the channel is the nameplate's, and the
*side* is the role's: every host connection says :data:`HOST_SIDE`, every
guest :data:`GUEST_SIDE`, so two guests (or two hosts that drew the same
nameplate) never pair with each other. The host keeps one connection waiting
at the relay (:class:`RelayDoor`); when a guest pairs with it the host takes
the connection into its usual handshake and at once sends the next one to
wait. Guests arriving together: one pairs, the relay drops the others, and
they ask again (:func:`reach_host`). Two games that drew one nameplate do not
cross: a guest paired with the other game's host fails the key exchange and
is refused ("wrong join code").

Nothing here knows the game: it makes connected sockets, which the host's
accept path and the guest's connection take as they take a LAN socket.
See ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import random
import re
import secrets
import socket
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Final

from . import DEFAULT_MAILBOX, DEFAULT_RELAY, EXAMPLE_CODE, MAILBOX_ENV, RELAY_ENV, RELAY_PORT
from .common import parse_address
from .mailbox import check_mailbox_url
from .notices import RelayState, RelayStatus
from .problems import AddressError, AddressSays, CodeSays, Fact, NetProblem, RelaySays
from .protocol import MAX_CLEAR_FRAME
from .reach import NotAllowed, check_relay
from .reasons import Gone, Loss
from .transport import CHUNK, READ_TIMEOUT, Connection, ConnectionLost

#: Digits of a nameplate: the mailbox server gives the shortest free number
#: (1 to 999 while fewer than a thousand are claimed), a person may pick up to six.
NAMEPLATE_MIN, NAMEPLATE_MAX = 1, 6
#: Characters of a new code's secret part, from the LAN codes' alphabet (about 2^30).
SECRET_LENGTH: Final = 6
#: What a secret part may be: letters and digits, at least 4 and at most 32 of them.
SECRET_MIN, SECRET_MAX = 4, 32
_SECRET_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
_CODE = re.compile(rf"(\d{{{NAMEPLATE_MIN},{NAMEPLATE_MAX}}})-([A-Z0-9]{{{SECRET_MIN},{SECRET_MAX}}})")
#: Labels the channel, so an indigo game never pairs with another app's transfer.
CHANNEL_LABEL: Final = b"indigo-tui relay channel/2:"


def _side(role: bytes) -> str:
    return hashlib.sha256(b"indigo-tui relay side/1:" + role).hexdigest()[:16]


#: Every host connection's side, and every guest's: connections of one role never pair.
HOST_SIDE: Final = _side(b"host")
GUEST_SIDE: Final = _side(b"guest")

#: Seconds to open the TCP connection to the relay.
CONNECT_TIMEOUT: Final = 10.0
#: Seconds a joining guest waits at the relay for the host's connection.
PAIR_TIMEOUT: Final = 20.0
#: The longest answer line read from a relay (its longest is "bad handshake\n").
ANSWER_LIMIT: Final = 64
#: TCP keepalive on a connection waiting at the relay: idle seconds, probe
#: interval, probes. A waiting connection carries no bytes (the relay drops one
#: that sends before its ``ok``), so this is what keeps a home router's mapping
#: open and notices a relay that vanished without a word (within a minute).
KEEPALIVE: Final = (20, 10, 3)


class CodeError(NetProblem, ValueError):
    """Text that is not an internet code: ``says`` and the facts what is said
    of it (:func:`~.problems.problem_text`)."""

    def __init__(self, says: CodeSays, /, **facts: Fact) -> None:
        super().__init__(says, **facts)


@dataclass(frozen=True)
class InternetCode:
    """A code for a game across the internet: the public ``nameplate`` and the ``secret``."""

    nameplate: str
    secret: str

    def __str__(self) -> str:
        return f"{self.nameplate}-{self.secret}"


def table_channel(table_key: str) -> str:
    """The relay channel of a table (64 hex digits, as the relay reads them),
    from its table key (:mod:`.rendezvous`): only the table can name it, and
    the relay, which sees it, cannot work the key back from it."""
    return hashlib.sha256(CHANNEL_LABEL + table_key.strip().upper().encode()).hexdigest()


def _compact(text: str) -> str:
    """``text`` upper-cased, its first run of spaces or dashes one dash and
    the rest gone: how people may type a code (``7 k7wq 2m``)."""
    text = text.strip().upper()
    found = re.match(r"(\d+)\s*[-–—_\s]\s*(.*)", text, re.S)
    if found is None:
        return "".join(c for c in text if not c.isspace() and c not in "-–—_")
    rest = "".join(c for c in found.group(2) if not c.isspace() and c not in "-–—_")
    return f"{found.group(1)}-{rest}"


def is_internet_code(text: str) -> bool:
    """Whether ``text`` reads as an internet code (so not as a host's address)."""
    return _CODE.fullmatch(_compact(text)) is not None


def looks_like_internet_code(text: str) -> bool:
    """Whether ``text`` was meant as an internet code, right or not (digits,
    then a dash or a space, then a letter or digit that makes no IPv4 address),
    so that a mistyped one is said as a code, not looked up as a host."""
    return is_internet_code(text) or re.match(r"\s*\d{1,6}\s*[-–—\s]\s*[A-Za-z0-9]", text) is not None


def parse_internet_code(text: str) -> InternetCode:
    """``4821-K7WQ2M`` however it was typed (any case, spaces or dashes
    anywhere); :class:`CodeError` with one line if it is not a code."""
    found = _CODE.fullmatch(_compact(text))
    if found is None:
        shown = text.strip()
        if not shown:
            raise CodeError(CodeSays.EMPTY, example=EXAMPLE_CODE)
        raise CodeError(CodeSays.NOT_A_CODE, code=repr(shown[:40]), example=EXAMPLE_CODE)
    return InternetCode(found.group(1), found.group(2))


def new_internet_code() -> InternetCode:
    """A fresh code: a random four-digit nameplate (a host is given its own by
    the mailbox server) and a six-character secret (no 0/O or 1/I/L)."""
    nameplate = f"{1000 + secrets.randbelow(9000)}"
    secret = "".join(secrets.choice(_SECRET_ALPHABET) for _place in range(SECRET_LENGTH))
    return InternetCode(nameplate, secret)


@dataclass(frozen=True)
class Relay:
    """The servers of a game across the internet: the transit relay's
    address, and the websocket address of the mailbox server the peers meet
    at first (:mod:`.rendezvous`)."""

    host: str
    port: int
    mailbox: str = DEFAULT_MAILBOX

    def __str__(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def parse_relay(text: str, mailbox: str = DEFAULT_MAILBOX) -> Relay:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT`` (port 4001 if none); ValueError with a reason."""
    host, port = parse_address(text, RELAY_PORT)
    return Relay(host, port, check_mailbox_url(mailbox))


def _named(
    option: str | None, flag: str, env: str, environ: Mapping[str, str], default: str
) -> tuple[str, str]:
    """The option's value, else the environment's, else ``default``; and
    the option or the environment variable it came from ("" for the default)."""
    if option is not None:
        return option, flag
    named = environ.get(env, "").strip()
    if named:
        return named, env
    return default, ""


def _from(where: str, exc: AddressError) -> AddressError:
    """``exc``, saying where the bad address came from (``where``: an option, an environment variable)."""
    if not where:
        return exc
    if where.startswith("--"):
        return AddressError(AddressSays.IN_OPTION, flag=where, problem=exc)
    return AddressError(AddressSays.IN_ENVIRONMENT, name=where, problem=exc)


def relay_from(
    option: str | None, environ: Mapping[str, str] | None = None, mailbox: str | None = None
) -> Relay:
    """The servers to use: ``--relay``, else :data:`RELAY_ENV`, else the
    public relay; ``--mailbox``, else :data:`MAILBOX_ENV`, else the public
    mailbox server. :class:`~.problems.AddressError` (a ValueError) naming
    where a bad address came from."""
    environ = os.environ if environ is None else environ
    relay_text, relay_where = _named(option, "--relay", RELAY_ENV, environ, DEFAULT_RELAY)
    mailbox_text, mailbox_where = _named(mailbox, "--mailbox", MAILBOX_ENV, environ, DEFAULT_MAILBOX)
    try:
        url = check_mailbox_url(mailbox_text)
    except AddressError as exc:
        raise _from(mailbox_where, exc) from None
    try:
        return parse_relay(relay_text, url)
    except AddressError as exc:
        raise _from(relay_where, exc) from None


def handshake_line(channel: str, side: str) -> bytes:
    """What a client says first: the relay pairs two connections whose lines
    name the same channel and two different sides."""
    return f"please relay {channel} for side {side}\n".encode("ascii")


class RelayProblem(StrEnum):
    """Why a connection through the relay did not come about."""

    #: No TCP connection to the relay (refused, no route, no such name, no answer).
    UNREACHABLE = "unreachable"
    #: The relay hung up before pairing us: another connection took the
    #: pairing, or the relay is going down. Worth asking again.
    DROPPED = "dropped"
    #: The relay said ``bad handshake``.
    REFUSED = "refused"
    #: This game may not reach that relay (a visitor's game under ``indigo
    #: serve`` reaches only the server's own: :mod:`.reach`); nothing was sent.
    NOT_ALLOWED = "not-allowed"
    #: It answered something a transit relay does not say.
    CONFUSED = "confused"
    #: A guest waited and no host's connection came.
    NO_HOST = "no_host"


class RelayError(NetProblem):
    """A connection through the relay did not come about: ``problem`` says
    what kind of failure, ``says`` and the facts what is said of it
    (:func:`~.problems.problem_text`)."""

    def __init__(self, says: RelaySays, problem: RelayProblem, /, **facts: Fact) -> None:
        super().__init__(says, **facts)
        self.problem = problem


def _keepalive(sock: socket.socket) -> None:
    """Probe a quiet connection (see :data:`KEEPALIVE`) where the system allows."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        idle, interval, count = KEEPALIVE
        for name, value in (("TCP_KEEPIDLE", idle), ("TCP_KEEPINTVL", interval), ("TCP_KEEPCNT", count)):
            option = getattr(socket, name, None)
            if option is not None:
                sock.setsockopt(socket.IPPROTO_TCP, option, value)


async def _open(relay: Relay, timeout: float) -> socket.socket:
    """A TCP connection to the relay (each of its addresses in turn);
    :class:`RelayError` (unreachable) with one line if none answers, or
    (not allowed) before looking anything up if this game may not reach it."""
    try:
        check_relay(str(relay))
    except NotAllowed as exc:
        raise RelayError(RelaySays.NOT_ALLOWED, RelayProblem.NOT_ALLOWED, cause=exc) from None
    loop = asyncio.get_running_loop()
    problem: str = ""
    try:
        async with asyncio.timeout(timeout):
            try:
                infos = await loop.getaddrinfo(relay.host, relay.port, type=socket.SOCK_STREAM)
            except OSError as exc:  # socket.gaierror: no such name, no DNS
                problem = str(exc.strerror or exc)
                infos = []
            for family, kind, proto, _name, address in infos:
                sock = socket.socket(family, kind, proto)
                try:
                    sock.setblocking(False)
                    await loop.sock_connect(sock, address)
                except OSError as exc:
                    sock.close()
                    # asyncio's own words name the address again: the system's are enough.
                    problem = os.strerror(exc.errno) if exc.errno else str(exc.strerror or exc)
                    continue
                except BaseException:
                    sock.close()
                    raise
                _keepalive(sock)
                return sock
    except TimeoutError:
        raise RelayError(
            RelaySays.NO_ANSWER, RelayProblem.UNREACHABLE, relay=str(relay), seconds=float(timeout)
        ) from None
    raise RelayError(
        RelaySays.UNREACHABLE, RelayProblem.UNREACHABLE, relay=str(relay), problem=problem or "?"
    )


def _dropped(relay: Relay, exc: OSError) -> RelayError:
    return RelayError(
        RelaySays.DROPPED, RelayProblem.DROPPED, relay=str(relay), problem=str(exc.strerror or exc)
    )


async def _answer(sock: socket.socket, relay: Relay) -> None:
    """Wait for the relay's ``ok\\n``, taking no byte beyond it (what follows
    is the partner's). :class:`RelayError` for anything else."""
    loop = asyncio.get_running_loop()
    got = b""
    while len(got) < 3:
        try:
            chunk = await loop.sock_recv(sock, 3 - len(got))
        except OSError as exc:
            raise _dropped(relay, exc) from None
        if not chunk:
            raise RelayError(RelaySays.CLOSED, RelayProblem.DROPPED, relay=str(relay))
        got += chunk
    if got == b"ok\n":
        return
    # Not the go-ahead: read the rest of its line (bounded) to say what it was.
    while b"\n" not in got and len(got) < ANSWER_LIMIT:
        try:
            chunk = await asyncio.wait_for(loop.sock_recv(sock, ANSWER_LIMIT - len(got)), 2.0)
        except (OSError, TimeoutError):
            break
        if not chunk:
            break
        got += chunk
    if got.startswith(b"bad handshake"):
        raise RelayError(RelaySays.REFUSED, RelayProblem.REFUSED, relay=str(relay))
    raise RelayError(RelaySays.CONFUSED, RelayProblem.CONFUSED, relay=str(relay))


async def pair(
    relay: Relay,
    channel: str,
    side: str,
    *,
    connect_timeout: float = CONNECT_TIMEOUT,
    on_waiting: Callable[[], None] | None = None,
) -> socket.socket:
    """One connection through ``relay``: open it, ask for ``channel`` as
    ``side`` and wait (as long as it takes: bound it from outside) for the
    relay to pair it. Returns the connected socket, the partner's bytes next
    on it. ``on_waiting`` is called once the relay has our line.
    :class:`RelayError` if it does not come about."""
    sock = await _open(relay, connect_timeout)
    loop = asyncio.get_running_loop()
    try:
        try:
            await loop.sock_sendall(sock, handshake_line(channel, side))
        except OSError as exc:
            raise _dropped(relay, exc) from None
        if on_waiting is not None:
            on_waiting()
        await _answer(sock, relay)
    except BaseException:
        sock.close()
        raise
    return sock


async def reach_host(
    relay: Relay,
    channel: str,
    *,
    pair_timeout: float = PAIR_TIMEOUT,
    connect_timeout: float = CONNECT_TIMEOUT,
    on_waiting: Callable[[], None] | None = None,
) -> socket.socket:
    """A guest's connection to the host waiting on ``channel`` (its table's,
    :func:`table_channel`), through ``relay``: paired within ``pair_timeout``
    seconds, asking again whenever the relay drops us for another guest that
    paired first (at :class:`Pace`'s pace: a relay that answers ``ok`` and
    hangs up is asked at most once a second after the first few times). :class:`RelayError`: the
    relay cannot be reached or refuses us, or no host came in time
    (:attr:`RelayProblem.NO_HOST`)."""
    deadline = time.monotonic() + pair_timeout
    said = False
    pace = Pace()

    def waiting() -> None:
        nonlocal said
        if not said and on_waiting is not None:
            on_waiting()
        said = True

    while True:
        left = deadline - time.monotonic()
        try:
            if left <= 0:
                raise TimeoutError
            async with asyncio.timeout(left):
                await pace.turn()
                return await pair(
                    relay, channel, GUEST_SIDE, connect_timeout=connect_timeout, on_waiting=waiting
                )
        except TimeoutError:
            raise RelayError(
                RelaySays.NO_HOST, RelayProblem.NO_HOST, relay=str(relay), seconds=float(pair_timeout)
            ) from None
        except RelayError as exc:
            if exc.problem is not RelayProblem.DROPPED:
                raise
        # Another guest paired first (or the relay is restarting): ask again, a
        # moment later and not in step with the others who were dropped too.
        await asyncio.sleep(random.uniform(0.05, 0.3))


async def open_relayed(
    relay: Relay,
    channel: str,
    *,
    pair_timeout: float = PAIR_TIMEOUT,
    read_timeout: float = READ_TIMEOUT,
    on_frame: Callable[[bytes], None] | None = None,
    on_waiting: Callable[[], None] | None = None,
) -> Connection:
    """A guest's :class:`~.transport.Connection` to the host waiting on
    ``channel``, through ``relay`` (:func:`reach_host`), in clear for the handshake as a
    LAN connection is. :class:`~.transport.ConnectionLost` with the relay's
    one line if it does not come about (so a guest that is rejoining tries
    again, as after any lost connection)."""
    try:
        sock = await reach_host(relay, channel, pair_timeout=pair_timeout, on_waiting=on_waiting)
    except RelayError as exc:
        raise ConnectionLost(Loss(Gone.SAID, cause=exc)) from None
    try:
        reader, writer = await asyncio.open_connection(sock=sock, limit=CHUNK)
    except OSError as exc:
        sock.close()
        raise ConnectionLost(Loss(Gone.SAID, cause=_dropped(relay, exc))) from None
    conn = Connection(reader, writer, read_timeout=read_timeout, max_frame=MAX_CLEAR_FRAME, on_frame=on_frame)
    # What this end reaches is the relay; the host is behind it.
    conn.peer = str(relay)
    return conn


def join_command(code: str, relay: Relay) -> str:
    """What a friend runs to join: ``indigo join CODE``, and ``--relay`` and
    ``--mailbox`` unless they are the public ones (an ``INDIGO_RELAY`` set
    here is named too: the friend may not have set it)."""
    command = f"indigo join {code}"
    if str(relay) != DEFAULT_RELAY:
        command += f" --relay {relay}"
    if relay.mailbox != DEFAULT_MAILBOX:
        command += f" --mailbox {relay.mailbox}"
    return command


#: Seconds a server may leave a try unanswered before that is said (a relay
#: that never takes the connection; a mailbox server that leaves a step, the
#: welcome, an allocation or a claim, unanswered): the try waits on, up to
#: its own timeout.
SILENT_AFTER: Final = 5.0


@dataclass
class Backoff:
    """Seconds to wait before trying again after a failure: the first
    :data:`QUIET` retries quickly (doubling from ``first``: a server
    restarting is back in a moment) and not said; from then on every ``cap``
    seconds, which is what the words say ("trying again every 5 s")."""

    #: Failures in a row tried again without a word.
    QUIET: ClassVar[int] = 3

    first: float = 0.25
    cap: float = 5.0
    failures: int = 0

    def next(self) -> float:
        delay = self.cap if self.failures >= self.QUIET else min(self.cap, self.first * 2.0**self.failures)
        self.failures = min(self.failures + 1, 32)
        return delay

    def reset(self) -> None:
        self.failures = 0

    def silent(self, where: str, problem: NetProblem, wait: float) -> RelayStatus:
        """A server at ``where`` left a try unanswered for :data:`SILENT_AFTER`
        seconds (``problem`` says so): what to say now, with the pace of the
        tries from now on, each waiting ``wait`` seconds for the server and then
        ``cap`` (no quick tries after this)."""
        self.failures = max(self.failures, self.QUIET)
        return RelayStatus(RelayState.UNREACHABLE, where, problem, wait + self.cap)


@dataclass
class Pace:
    """The pace of new connections to a server, whatever becomes of them:
    ``burst`` within ``window`` seconds freely, beyond that one every ``gap``
    seconds. What a server that accepts and hangs up at once (or pairs and
    is gone) costs: one attempt a second, not thousands."""

    burst: int = 3
    gap: float = 1.0
    window: float = 10.0
    _times: deque[float] = field(default_factory=deque)

    async def turn(self) -> None:
        """Wait until the next attempt may start, and count it."""
        now = time.monotonic()
        while self._times and now - self._times[0] > self.window:
            self._times.popleft()
        if len(self._times) >= self.burst:
            wait = self._times[-1] + self.gap - now
            if wait > 0:
                await asyncio.sleep(wait)
        self._times.append(time.monotonic())
        while len(self._times) > self.burst:
            self._times.popleft()


class RelayDoor:
    """The host's way in from the internet: one connection always waiting at
    the relay on the table's channel (:func:`table_channel`). Each one a
    guest pairs with goes to ``on_pair`` (as an accepted socket goes to the
    host's accept path) and the next is sent at once, as soon as ``room()``
    says the host can take another caller, at :class:`Pace`'s pace. A relay
    that cannot be reached, or that restarts, is tried again and again
    (:class:`Backoff`) until :meth:`run` is cancelled; every change of state
    goes to ``tell`` once (after an outage, "waiting" only once a connection
    has really waited :data:`STEADY` seconds, so a relay that answers
    garbage at once is said once, not twice an attempt). A relay that takes
    ``silent_after`` seconds to accept the connection (a lost route, a
    firewall that drops it) is said then, not after three tries of
    ``connect_timeout`` seconds each, and tried from then on at the pace said."""

    #: Seconds a connection waits quietly before a relay that failed counts as back.
    STEADY: ClassVar[float] = 2.0

    def __init__(
        self,
        relay: Relay,
        channel: str,
        on_pair: Callable[[socket.socket], None],
        tell: Callable[[RelayStatus], None],
        *,
        room: Callable[[], bool] = lambda: True,
        backoff: Backoff | None = None,
        pace: Pace | None = None,
        connect_timeout: float = CONNECT_TIMEOUT,
        silent_after: float = SILENT_AFTER,
    ) -> None:
        self.relay = relay
        self.channel = channel
        self.on_pair = on_pair
        self.tell = tell
        self.room = room
        self.backoff = backoff or Backoff()
        self.pace = pace or Pace()
        self.connect_timeout = connect_timeout
        self.silent_after = silent_after
        #: The last state told (each is said once, until it changes).
        self.state: RelayState | None = None
        #: Guests' connections handed over so far, and connections opened.
        self.paired = 0
        self.attempts = 0
        self._steady: asyncio.TimerHandle | None = None
        self._opening: asyncio.TimerHandle | None = None

    def _say(self, status: RelayStatus) -> None:
        if status.state is not self.state:
            self.state = status.state
            self.tell(status)

    def _back(self) -> None:
        self._steady = None
        self.backoff.reset()
        self._say(RelayStatus(RelayState.WAITING, str(self.relay)))

    def _silent(self) -> None:
        """The connection has not opened in ``silent_after`` seconds: said now,
        with the pace of the tries from now on (each waits ``connect_timeout``
        seconds, then the backoff's longest pause: no quick tries after this)."""
        self._opening = None
        relay = str(self.relay)
        problem = RelayError(
            RelaySays.NO_ANSWER, RelayProblem.UNREACHABLE, relay=relay, seconds=float(self.silent_after)
        )
        self._say(self.backoff.silent(relay, problem, self.connect_timeout))

    def _opened(self) -> None:
        if self._opening is not None:
            self._opening.cancel()
            self._opening = None

    def _waiting(self) -> None:
        self._opened()
        # The relay is not taken to be back (the backoff reset) before a
        # connection has really waited: one that answers what a relay does not
        # say does so at once, and a reset at every send kept it from ever
        # being said (it was tried at the pace's one a second, "waiting").
        if self.state is not RelayState.UNREACHABLE:
            self._say(RelayStatus(RelayState.WAITING, str(self.relay)))
        self._steady = asyncio.get_running_loop().call_later(self.STEADY, self._back)

    async def run(self) -> None:
        """Keep a connection waiting at the relay until cancelled."""
        self._say(RelayStatus(RelayState.REACHING, str(self.relay)))
        while True:
            while not self.room():
                await asyncio.sleep(0.1)
            await self.pace.turn()
            self.attempts += 1
            self._opening = asyncio.get_running_loop().call_later(self.silent_after, self._silent)
            try:
                sock = await pair(
                    self.relay,
                    self.channel,
                    HOST_SIDE,
                    connect_timeout=self.connect_timeout,
                    on_waiting=self._waiting,
                )
            except RelayError as exc:
                self._opened()
                if self._steady is not None:
                    self._steady.cancel()
                    self._steady = None
                delay = self.backoff.next()
                if self.backoff.failures >= Backoff.QUIET:
                    self._say(RelayStatus(RelayState.UNREACHABLE, str(self.relay), exc, self.backoff.cap))
                await asyncio.sleep(delay)
                continue
            finally:
                self._opened()
            if self._steady is not None:
                self._steady.cancel()
                self._back()
            self.paired += 1
            self.on_pair(sock)


__all__ = [
    "DEFAULT_MAILBOX",
    "DEFAULT_RELAY",
    "EXAMPLE_CODE",
    "GUEST_SIDE",
    "HOST_SIDE",
    "MAILBOX_ENV",
    "PAIR_TIMEOUT",
    "RELAY_ENV",
    "RELAY_PORT",
    "Backoff",
    "CodeError",
    "InternetCode",
    "Pace",
    "Relay",
    "RelayDoor",
    "RelayError",
    "RelayProblem",
    "RelayState",
    "RelayStatus",
    "handshake_line",
    "is_internet_code",
    "join_command",
    "looks_like_internet_code",
    "new_internet_code",
    "open_relayed",
    "pair",
    "parse_internet_code",
    "parse_relay",
    "reach_host",
    "relay_from",
    "table_channel",
]
