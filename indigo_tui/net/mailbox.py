"""A magic-wormhole mailbox server, spoken from asyncio.

The mailbox (rendezvous) server of magic-wormhole (the
``magic-wormhole-mailbox-server`` package; the magic-wormhole project runs a
public one) is where two peers meet before either can reach the other. Its
protocol is JSON over a websocket (magic-wormhole's docs/server-protocol.md):

    server -> client  welcome {welcome}
    client -> server  bind {appid, side}          every later command is scoped to the app
    client -> server  allocate {}                 -> allocated {nameplate}: a short number, claimed
    client -> server  claim {nameplate}           -> claimed {mailbox}, or error "crowded"
    client -> server  open {mailbox}              every message in it, then each one added
    client -> server  add {phase, body}           -> message {side, phase, body} to every side
    client -> server  release {nameplate}         -> released
    client -> server  close {mailbox, mood}       -> closed

What makes it the rendezvous nobody can occupy: a nameplate is claimed by at
most two sides (a third is told ``crowded``), it is freed only once every
side that claimed it released it, and a side that released one may never
claim it again. :mod:`.rendezvous` builds the game's meeting on that.

:class:`MailboxClient` is one connection (one *side*, as the server wants):
every wait is bounded, every message from the server is bounded in size and
checked for its shape, and whatever goes wrong is one :class:`MailboxError`
with a :class:`MailboxProblem` and one line for people. The websocket is
aiohttp's (already a dependency, through ``textual-serve``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final
from urllib.parse import urlsplit

import aiohttp

from .problems import AddressError, AddressSays, Fact, MailboxSays, NetProblem

#: The app all of indigo's nameplates live under (the server keeps apps apart).
APP_ID: Final = "indigo-tui.codeberg.page/internet-play/1"
#: The largest message read from the server (its biggest is a mailbox's message,
#: ours are a few hundred bytes; a long motd fits too).
MAX_MESSAGE: Final = 64 * 1024
#: Messages from the server kept unread at once; one more is a server that floods us.
MAX_QUEUED: Final = 256
#: Seconds to open the websocket (TCP, TLS and the upgrade) and get the welcome.
CONNECT_TIMEOUT: Final = 10.0
#: Seconds to wait for the server's direct answer to a command.
ANSWER_TIMEOUT: Final = 10.0
#: Websocket pings while a side waits (keeps a home router's mapping open).
HEARTBEAT: Final = 30.0


class MailboxProblem(StrEnum):
    """Why a step at the mailbox server did not come about."""

    #: No connection (refused, no route, no such name, no answer in time).
    UNREACHABLE = "unreachable"
    #: It answered, but not as a mailbox server does (an HTTP server, garbage).
    CONFUSED = "confused"
    #: The connection ended under us.
    DROPPED = "dropped"
    #: The nameplate already has two sides: someone else is using this code.
    CROWDED = "crowded"
    #: The server refused a command (it said why, in English, in ``detail``).
    REFUSED = "refused"


class MailboxError(NetProblem):
    """A step at the mailbox server failed: ``problem`` says what kind of
    failure, ``says`` and the facts what is said of it (:func:`~.problems.problem_text`);
    ``detail``: the server's own words for a refusal."""

    def __init__(
        self, says: MailboxSays, problem: MailboxProblem, detail: str = "", /, **facts: Fact
    ) -> None:
        super().__init__(says, **facts)
        self.problem = problem
        self.detail = detail


@dataclass(frozen=True)
class Message:
    """A message of the mailbox: who put it there (``side``), its ``phase`` and ``body``."""

    side: str
    phase: str
    body: bytes


def check_mailbox_url(text: str) -> str:
    """``text`` as a mailbox server's websocket address (``ws://`` or
    ``wss://`` with a host); :class:`ValueError` with a reason if it is not one."""
    url = text.strip()
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise AddressError(AddressSays.NOT_WEBSOCKET, url=repr(url[:80]), problem=str(exc)) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise AddressError(AddressSays.NOT_WS_SCHEME, url=repr(url[:80]))
    del port
    return url


def new_side() -> str:
    """A fresh side: 16 hex digits, as magic-wormhole's clients make them."""
    return secrets.token_hex(8)


def _text(value: Any, limit: int = 200) -> str:
    """A field of the server's as a short plain string (it is data, shown as text)."""
    said = value if isinstance(value, str) else repr(value)
    return "".join(c if c.isprintable() else "?" for c in said[:limit])


def _one_connection_a_try(session: aiohttp.ClientSession) -> None:
    """No second connection when the server hangs up on the first: aiohttp
    sends a GET (the websocket's upgrade) once more, on a new connection,
    when the server closes one before it answers (RFC 9112's retry of an
    idempotent request on a kept-alive connection, which aiohttp makes on a
    fresh one too), so a mailbox server that hangs up at once had two
    connections a try. Our own retries keep their pace (:class:`~.relay.Pace`,
    :class:`~.relay.Backoff`); aiohttp has no public switch for its own, only
    this attribute (its test client sets it so); ``tests/net/test_rendezvous.py``
    counts the connections, should it ever be renamed."""
    if "_retry_connection" in getattr(aiohttp.ClientSession, "ATTRS", ()):
        session._retry_connection = False


class MailboxClient:
    """One side's connection to a mailbox server; see the module docstring.
    Use as an async context manager (the connection is closed at the end)."""

    def __init__(
        self,
        url: str,
        *,
        side: str | None = None,
        connect_timeout: float = CONNECT_TIMEOUT,
        answer_timeout: float = ANSWER_TIMEOUT,
    ) -> None:
        self.url = url
        self.side = side or new_side()
        self.connect_timeout = connect_timeout
        #: Seconds a command's direct answer is waited for.
        self.answer_timeout = answer_timeout
        self.nameplate: str | None = None
        self.mailbox: str | None = None
        #: The other side of this mailbox, once it said something: only its messages are read.
        self.peer: str | None = None
        #: What the server's welcome said (its motd, if any, is data for people to read).
        self.welcome: dict[str, Any] = {}
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(MAX_QUEUED)
        self._reader: asyncio.Task[None] | None = None
        self._ended: MailboxError | None = None
        self._seen: set[tuple[str, str]] = set()
        self._released = False
        #: Mailbox messages that came while a command's answer was awaited.
        self._early: list[dict[str, Any]] = []

    async def __aenter__(self) -> MailboxClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # -- the connection ----------------------------------------------------------

    def _unreachable(self, problem: str) -> MailboxError:
        return MailboxError(
            MailboxSays.UNREACHABLE, MailboxProblem.UNREACHABLE, url=self.url, problem=problem
        )

    def _confused(self) -> MailboxError:
        return MailboxError(MailboxSays.CONFUSED, MailboxProblem.CONFUSED, url=self.url)

    async def connect(self) -> None:
        """Open the websocket, take the welcome and bind to the app;
        :class:`MailboxError` (unreachable, dropped or confused) if it does not come about."""
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=None, connect=self.connect_timeout)
        )
        _one_connection_a_try(self._session)
        try:
            async with asyncio.timeout(self.connect_timeout):
                self._ws = await self._session.ws_connect(
                    self.url,
                    max_msg_size=MAX_MESSAGE,
                    heartbeat=HEARTBEAT,
                    autoping=True,
                )
                first = await self._receive()
        except TimeoutError:
            await self.aclose()
            raise MailboxError(
                MailboxSays.NO_ANSWER,
                MailboxProblem.UNREACHABLE,
                url=self.url,
                seconds=float(self.connect_timeout),
            ) from None
        except aiohttp.WSServerHandshakeError:
            await self.aclose()
            raise self._confused() from None
        except aiohttp.ClientConnectorError as exc:
            await self.aclose()
            raise self._unreachable(getattr(exc, "strerror", None) or exc.__class__.__name__) from None
        except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError):
            # Taken, then closed before any answer: an end read, or a reset of
            # the upgrade on its way, as the race between them goes; one word for both.
            await self.aclose()
            raise MailboxError(MailboxSays.CLOSED, MailboxProblem.DROPPED, url=self.url) from None
        except OSError as exc:
            await self.aclose()
            raise self._unreachable(getattr(exc, "strerror", None) or exc.__class__.__name__) from None
        except aiohttp.ClientError:
            await self.aclose()
            raise self._confused() from None
        except BaseException:
            await self.aclose()
            raise
        if first.get("type") != "welcome" or not isinstance(first.get("welcome"), dict):
            await self.aclose()
            raise self._confused()
        self.welcome = first["welcome"]
        if "error" in self.welcome:
            await self.aclose()
            said = _text(self.welcome["error"])
            raise MailboxError(
                MailboxSays.REFUSES_CLIENTS, MailboxProblem.REFUSED, said, url=self.url, reason=said
            )
        self._reader = asyncio.create_task(self._read_all())
        await self._send(
            {"type": "bind", "appid": APP_ID, "side": self.side, "client_version": ["indigo-tui", "1"]}
        )

    async def _receive(self) -> dict[str, Any]:
        """The server's next message, checked to be a JSON object with a type."""
        assert self._ws is not None
        got = await self._ws.receive()
        if got.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
            try:
                message = json.loads(got.data)
            except (ValueError, UnicodeDecodeError):
                raise self._confused() from None
            if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                raise self._confused()
            return message
        if got.type is aiohttp.WSMsgType.ERROR:
            raise self._confused()
        raise MailboxError(MailboxSays.CLOSED, MailboxProblem.DROPPED, url=self.url)

    async def _read_all(self) -> None:
        """Read the server's messages into the queue until the connection ends."""
        try:
            while True:
                message = await self._receive()
                if message["type"] == "ack":
                    continue
                if self._queue.full():
                    raise self._confused()
                self._queue.put_nowait(message)
        except MailboxError as exc:
            self._ended = exc
        except (aiohttp.ClientError, OSError):
            self._ended = MailboxError(MailboxSays.CLOSED, MailboxProblem.DROPPED, url=self.url)
        finally:
            # Wakes a reader waiting on the queue.
            with contextlib.suppress(asyncio.QueueFull):
                self._queue.put_nowait({"type": "_ended"})

    async def _send(self, message: dict[str, Any]) -> None:
        if self._ws is None or self._ws.closed:
            raise self._ended or MailboxError(MailboxSays.CLOSED, MailboxProblem.DROPPED, url=self.url)
        message.setdefault("id", secrets.token_hex(2))
        try:
            await self._ws.send_str(json.dumps(message))
        except (aiohttp.ClientError, OSError, RuntimeError):
            raise MailboxError(MailboxSays.CLOSED, MailboxProblem.DROPPED, url=self.url) from None

    async def _next(self, timeout: float | None) -> dict[str, Any]:
        """The next message but acks (an error from the server raised), within
        ``timeout`` if given (:class:`TimeoutError` past it)."""
        async with asyncio.timeout(timeout):
            message = await self._queue.get()
        if message["type"] == "_ended":
            self._queue.put_nowait(message)  # every later read ends too
            raise self._ended or self._confused()
        if message["type"] == "error":
            detail = _text(message.get("error", ""))
            if detail == "crowded":
                raise MailboxError(MailboxSays.CROWDED, MailboxProblem.CROWDED, detail)
            raise MailboxError(
                MailboxSays.REFUSED, MailboxProblem.REFUSED, detail, url=self.url, reason=detail
            )
        return message

    async def _answer(self, kind: str) -> dict[str, Any]:
        """The server's direct answer of type ``kind``, skipping what it may say in between."""
        timeout = self.answer_timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                message = await self._next(max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise MailboxError(
                    MailboxSays.SLOW_ANSWER, MailboxProblem.UNREACHABLE, url=self.url, seconds=float(timeout)
                ) from None
            if message["type"] == kind:
                return message
            if message["type"] == "message":
                # A mailbox message before the answer: kept for the reader of messages.
                self._early.append(message)

    # -- the commands ------------------------------------------------------------

    async def allocate(self) -> str:
        """A fresh nameplate from the server (claimed by us already)."""
        await self._send({"type": "allocate"})
        nameplate = (await self._answer("allocated")).get("nameplate")
        if not isinstance(nameplate, str) or not nameplate.isdigit() or len(nameplate) > 40:
            raise self._confused()
        return nameplate

    async def claim(self, nameplate: str) -> str:
        """Claim ``nameplate``: the id of the mailbox it names; :class:`MailboxError`
        (crowded) if two other sides have it. The mailbox is not opened (:meth:`open`)."""
        self.nameplate = nameplate
        await self._send({"type": "claim", "nameplate": nameplate})
        mailbox = (await self._answer("claimed")).get("mailbox")
        if not isinstance(mailbox, str) or not mailbox or len(mailbox) > 200:
            raise self._confused()
        self.mailbox = mailbox
        return mailbox

    async def open(self) -> None:
        """Open the mailbox our claim named: every message in it comes, then
        each one added. :class:`MailboxError` (crowded) if it cannot be opened:
        the server counts a side that claimed the nameplate after two others
        (and was told crowded) as one of the mailbox's for good, so a side
        that had not opened it by then never can."""
        assert self.mailbox is not None
        await self._send({"type": "open", "mailbox": self.mailbox})

    async def add(self, phase: str, body: bytes) -> None:
        """Put a message in the open mailbox (the other side gets it, and we do)."""
        await self._send({"type": "add", "phase": phase, "body": body.hex()})

    async def message(self, timeout: float | None = None) -> Message:
        """The other side's next message (our own echoes, repeats, and any
        side but the first one heard skipped),
        within ``timeout`` seconds if given (:class:`TimeoutError` past it)."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            if self._early:
                raw = self._early.pop(0)
            else:
                raw = await self._next(None if deadline is None else max(0.0, deadline - loop.time()))
            if raw.get("type") != "message":
                continue
            side, phase, body = raw.get("side"), raw.get("phase"), raw.get("body")
            if not (isinstance(side, str) and isinstance(phase, str) and isinstance(body, str)):
                raise self._confused()
            if side == self.side or (side, phase) in self._seen:
                continue
            if self.peer is not None and side != self.peer:
                # Not the side this meeting met first: a message of some other
                # meeting, which says nothing to this one.
                continue
            try:
                data = bytes.fromhex(body)
            except ValueError:
                raise self._confused() from None
            self._seen.add((side, phase))
            self.peer = side
            return Message(side, phase, data)

    async def release(self) -> None:
        """Release our nameplate (freed once every side that claimed it has);
        once only (the server allows one release a connection), later calls do nothing."""
        if self.nameplate is None or self._released:
            return
        self._released = True
        await self._send({"type": "release", "nameplate": self.nameplate})
        await self._answer("released")

    async def close(self, mood: str) -> None:
        """Close our mailbox, telling the server how it went (``happy``,
        ``lonely``, ``scary``, ``errory``: the server counts them)."""
        if self.mailbox is None:
            return
        await self._send({"type": "close", "mailbox": self.mailbox, "mood": mood})
        await self._answer("closed")

    async def aclose(self) -> None:
        """Close the connection (idempotent)."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader
            self._reader = None
        ws, self._ws = self._ws, None
        session, self._session = self._session, None
        try:
            if ws is not None:
                with contextlib.suppress(Exception):
                    async with asyncio.timeout(2.0):
                        await ws.close()
        finally:
            # Also when cancelled during the goodbye: an unclosed session's
            # connection is otherwise let go by the garbage collector, after
            # its event loop is closed ("Event loop is closed").
            if session is not None:
                with contextlib.suppress(Exception):
                    await session.close()


__all__ = [
    "APP_ID",
    "MailboxClient",
    "MailboxError",
    "MailboxProblem",
    "Message",
    "check_mailbox_url",
    "new_side",
]
