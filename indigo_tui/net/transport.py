"""Frames over asyncio streams: every read bounded in time and in size.

A :class:`Connection` starts in clear, with a small frame limit, for the
handshake; :mod:`indigo_tui.net.channel` then seals it (:meth:`Connection.seal`)
and from there every body is sealed on the way out and opened on the way in.
Each phase and side reads with its own decoder: :meth:`Connection.read` the
handshake's kinds, then :meth:`~Connection.read_from_guest` (the host) or
:meth:`~Connection.read_from_host` (a guest) what the other side may send.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import socket
import time
from collections.abc import Callable

from .protocol import (
    HEADER,
    HEADER_SIZE,
    MAX_CLEAR_FRAME,
    MAX_FRAME,
    Breach,
    ChannelSpent,
    FrameTooLarge,
    FromGuest,
    FromHost,
    Handshake,
    Message,
    ProtocolError,
    body_length,
    decode_from_guest,
    decode_from_host,
    decode_handshake,
    encode_body,
    frame,
)
from .reach import NotAllowed, check_connect
from .reasons import Gone, Loss, loss_text
from .seal import Channel

#: Seconds between heartbeats; a peer silent for :data:`READ_TIMEOUT` is gone.
HEARTBEAT_INTERVAL = 1.0
READ_TIMEOUT = 5.0
CONNECT_TIMEOUT = 5.0
#: Turns of the event loop a read that timed out still looks for its bytes
#: (``Connection._read_by``): a loop held up past the deadline reads its
#: sockets, and runs the tasks that fell due meanwhile, in the turns after.
HELD_UP_TURNS = 8
#: At most this long a peer's goodbye waits for the other to end its side
#: (:meth:`Connection.close`'s ``linger``): each closes once it has read it.
GOODBYE_LINGER = 1.0
#: At most this long a connection whose goodbye has been said stays open for
#: the peer to read it and end its side (after that, the peer is silent).
#: Generous: closing while the peer still sends (a heartbeat) answers it with
#: a reset, which can overtake the goodbye in the peer's reader (``close``),
#: and a peer whose loop a busy machine holds up can take seconds to read.
GOODBYE_HOLD = 6 * READ_TIMEOUT
#: The most bytes taken from the socket at once.
CHUNK = 64 * 1024


class ConnectionLost(Exception):
    """The peer went away, fell silent or cut a frame short, or could not be
    reached: which, as a :class:`~.reasons.Loss` (``loss``); ``str()`` says it
    in this terminal's language."""

    def __init__(self, loss: Loss) -> None:
        super().__init__(loss)
        self.loss = loss

    def __str__(self) -> str:
        return loss_text(self.loss)


class Connection:
    """One peer: reads whole frames with a timeout, writes frames in order."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        read_timeout: float = READ_TIMEOUT,
        max_frame: int = MAX_CLEAR_FRAME,
        on_frame: Callable[[bytes], None] | None = None,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.read_timeout = read_timeout
        #: The largest body accepted: small until the connection is sealed.
        self.max_frame = max_frame
        #: Called with every frame received (header and body; a sealed one
        #: opened, as if it had come in clear), for tests and logs.
        self.on_frame = on_frame
        self.closed = False
        self.channel: Channel | None = None
        self._buffer = bytearray()
        #: Set once a goodbye is said: the task that closes the connection
        #: when the peer has ended its side (see :meth:`close`).
        self._goodbye: asyncio.Task[None] | None = None
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else "peer"

    @property
    def sealed(self) -> bool:
        return self.channel is not None

    def seal(self, channel: Channel, max_frame: int) -> None:
        """From now on every frame is sealed (out) and opened (in) by ``channel``."""
        self.channel = channel
        self.max_frame = max_frame

    async def read(self, expected: Breach, timeout: float | None = None) -> Handshake:
        """The next message of the handshake (a message of the game instead
        is ``expected``, the step's breach). Raises :class:`ConnectionLost` on
        silence, end of stream or a frame cut short, :class:`ProtocolError` on
        a bad frame (one that does not open included)."""
        return self.decode(await self.read_body(timeout), expected)

    def decode(self, body: bytes, expected: Breach) -> Handshake:
        """A handshake frame's body (the handshake hashes the exact bytes), as :meth:`read`."""
        self._record(body)
        return decode_handshake(body, expected)

    async def read_from_guest(self, timeout: float | None = None) -> FromGuest:
        """The host's read of a seated guest, as :meth:`read`: a message that
        is not a guest's to send after the handshake is a :class:`ProtocolError`."""
        body = await self.read_body(timeout)
        self._record(body)
        return decode_from_guest(body)

    async def read_from_host(self, timeout: float | None = None) -> FromHost:
        """A seated guest's read of the host, as :meth:`read`: a message that
        is not the host's to send after the handshake is a :class:`ProtocolError`."""
        body = await self.read_body(timeout)
        self._record(body)
        return decode_from_host(body)

    def _record(self, body: bytes) -> None:
        if self.on_frame is not None:
            self.on_frame(frame(body))

    async def read_body(self, timeout: float | None = None) -> bytes:
        """The next frame's body, opened if the connection is sealed.

        ``timeout`` (default: the read timeout) bounds the whole frame, not
        each piece of it: a peer trickling one byte a second is dropped as
        surely as a silent one. A frame's announced size is checked as soon
        as its 4-byte header is in, and no more than the frame still needs is
        taken from the stream, so a peer can make us hold at most one frame."""
        limit = self.read_timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        buffer = self._buffer
        length = -1
        while True:
            if length < 0 and len(buffer) >= HEADER_SIZE:
                length = body_length(bytes(buffer[:HEADER_SIZE]), self.max_frame)
            if length >= 0 and len(buffer) >= HEADER_SIZE + length:
                body = bytes(buffer[HEADER_SIZE : HEADER_SIZE + length])
                del buffer[: HEADER_SIZE + length]
                return body if self.channel is None else self.channel.incoming.open(body)
            wanted = HEADER_SIZE - len(buffer) if length < 0 else HEADER_SIZE + length - len(buffer)
            await self._fill(min(wanted, CHUNK), deadline, limit)

    async def _read_by(self, wanted: int, deadline: float) -> bytes:
        """Up to ``wanted`` bytes, or TimeoutError once ``deadline`` has passed
        with nothing received."""
        try:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow
            # a cancellation that races with data arriving.
            async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                return await self.reader.read(wanted)
        except TimeoutError:
            # A loop held up past the deadline (a long redraw, a slow disk, a
            # busy machine) wakes the deadline together with whatever came
            # meanwhile: bytes the loop has read from the socket are in the
            # reader by now, but bytes still in the socket are read only at
            # the loop's next turns, and a peer whose heartbeat fell due in
            # the same hold-up (in a test, the peer's app shares this loop)
            # sends it only now. A few more turns, each polling the sockets
            # and never waiting on the clock, before the peer is called silent.
            for _turn in range(HELD_UP_TURNS):
                try:
                    async with asyncio.timeout(0):
                        return await self.reader.read(wanted)
                except TimeoutError:
                    await asyncio.sleep(0)
            raise

    async def _fill(self, wanted: int, deadline: float, limit: float) -> None:
        try:
            chunk = await self._read_by(wanted, deadline)
        except TimeoutError:
            # Said where it happened (to this terminal's person), never sent to the peer.
            gone = Gone.PART_FRAME if self._buffer else Gone.SILENT
            raise ConnectionLost(Loss(gone, self.peer, seconds=limit)) from None
        except (ConnectionError, OSError) as exc:
            raise ConnectionLost(Loss(Gone.FAILED, self.peer, problem=str(exc.strerror or exc))) from None
        if not chunk:
            raise ConnectionLost(Loss(Gone.BROKE if self._buffer else Gone.CLOSED, self.peer))
        self._buffer += chunk

    def _frame(self, message: Message) -> bytes:
        body = encode_body(message)
        if len(body) > MAX_FRAME:
            raise FrameTooLarge(Breach.TOO_LARGE, (len(body), MAX_FRAME))
        if self.channel is not None:
            body = self.channel.outgoing.seal(body)
        return HEADER.pack(len(body)) + body

    def _write(self, data: bytes) -> None:
        try:
            self.writer.write(data)
        except (ConnectionError, OSError, RuntimeError):
            self.closed = True

    def send_many(self, messages: list[Message]) -> None:
        """Queue several messages with one write (one system call, not one each)."""
        if not messages or self.closed or self.writer.is_closing():
            return
        try:
            data = b"".join(self._frame(m) for m in messages)
        except ChannelSpent:
            self.closed = True  # the frame counter ran out: this connection is over
            self.writer.close()
            return
        self._write(data)

    def send_nowait(self, message: Message) -> None:
        """Queue ``message``; a dead connection is noticed by the next read."""
        self.send_many([message])

    async def send_body(self, body: bytes) -> None:
        """Send a body already encoded (the handshake hashes the exact bytes)."""
        if not self.closed and not self.writer.is_closing():
            self._write(frame(body if self.channel is None else self.channel.outgoing.seal(body)))
        await self.drain()

    async def send(self, message: Message) -> None:
        self.send_nowait(message)
        await self.drain()

    @property
    def backlog(self) -> int:
        """Bytes written but not yet handed to the network."""
        try:
            return int(self.writer.transport.get_write_buffer_size())
        except (AttributeError, RuntimeError):
            return 0

    async def drain(self) -> None:
        if self.closed or self.backlog == 0:
            return
        try:
            async with asyncio.timeout(self.read_timeout):
                await self.writer.drain()
        except (TimeoutError, ConnectionError, OSError, RuntimeError):
            self.closed = True

    async def close(self, last: Message | None = None, *, linger: float = 0.0) -> None:
        """Send ``last`` (a Bye or an Error) if given, then close.

        With ``linger``, a goodbye: this side's stream is ended after
        ``last``, and the connection is closed once the peer has ended its
        side too, or after :data:`GOODBYE_HOLD` seconds. This waits up to
        ``linger`` seconds for that; the rest of the wait goes on without
        the caller, and closing again meanwhile leaves it to that wait. A
        program that ends its event loop (quits) ends the wait with it.
        Closed before the peer has read ``last``, the connection answers the
        heartbeat the peer sends meanwhile with a reset, and the reset can
        overtake ``last``: the peer's reader reports it first and ``last`` is
        never read. A guest then took a host that had quit for a connection
        lost, tried to rejoin and said nobody listened: first when the host
        closed at once, then on a busy machine when it closed after a second
        (its own reading task ends the connection at the next heartbeat)."""
        if self._goodbye is not None:
            return  # the goodbye's wait closes it
        if last is not None:
            with contextlib.suppress(Exception):
                await self.send(last)
        self.closed = True
        if linger > 0 and self._end_our_side():
            self._goodbye = asyncio.get_running_loop().create_task(self._close_when_peer_ends())
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(linger):  # not wait_for: see _read_by
                    await asyncio.shield(self._goodbye)
            return
        await self._close_now()

    def _end_our_side(self) -> bool:
        """End this side's stream (the rest of it still goes out first):
        whether that could be done."""
        try:
            if not self.writer.can_write_eof():
                return False
            self.writer.write_eof()
        except Exception:  # closed or broken already
            return False
        return True

    async def _close_when_peer_ends(self) -> None:
        """Close once the peer has ended its side, at most :data:`GOODBYE_HOLD`
        seconds from now (and at once if this task is cancelled: the loop's
        end)."""
        try:
            async with asyncio.timeout(GOODBYE_HOLD):
                while not self.peer_ended:
                    await asyncio.sleep(0.01)
        except TimeoutError:
            pass
        finally:
            await self._close_now()

    async def _close_now(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)

    @property
    def peer_ended(self) -> bool:
        """Whether the peer has ended its side (or the connection broke):
        nothing more goes to it but a goodbye. ``at_eof`` waits for the
        reader's buffer to be read too, and a closing side stops reading: a
        heartbeat can sit there unread."""
        reader = self.reader
        return reader.at_eof() or bool(getattr(reader, "_eof", False)) or reader.exception() is not None


def _refused(exc: OSError) -> bool:
    """Whether connecting failed because nothing listens there: refused at
    the one address, or (a name with several addresses, which asyncio joins
    into one error without an errno) refused at every one of them."""
    if isinstance(exc, ConnectionRefusedError):
        return True
    text = str(exc)
    refused = f"[Errno {errno.ECONNREFUSED}]"
    return text.startswith("Multiple exceptions:") and text.count("[Errno") == text.count(refused)


async def open_connection(
    host: str,
    port: int,
    timeout: float = CONNECT_TIMEOUT,
    *,
    read_timeout: float = READ_TIMEOUT,
    max_frame: int = MAX_CLEAR_FRAME,
    on_frame: Callable[[bytes], None] | None = None,
) -> Connection:
    """A :class:`Connection` to ``host:port``, with :class:`Connection`'s options;
    :class:`ConnectionLost` with one line if nobody answers within ``timeout``,
    or, before any name is looked up, if this game may not connect there
    (a visitor's game under ``indigo serve``: :mod:`.reach`)."""
    address = f"{host}:{port}"
    try:
        check_connect(address)
    except NotAllowed as exc:
        raise ConnectionLost(Loss(Gone.SAID, cause=exc)) from None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port, limit=CHUNK), timeout)
    except TimeoutError:
        raise ConnectionLost(Loss(Gone.NO_ANSWER, address, seconds=timeout)) from None
    except socket.gaierror:
        raise ConnectionLost(Loss(Gone.UNKNOWN_HOST, host)) from None
    except OSError as exc:
        if not _refused(exc):
            raise ConnectionLost(
                Loss(Gone.CANNOT_CONNECT, address, problem=str(exc.strerror or exc))
            ) from None
        # The usual case of a wrong address or a host not (yet) hosting: said in
        # words, not in the system's "Connect call failed".
        raise ConnectionLost(Loss(Gone.NOBODY, address)) from None
    return Connection(reader, writer, read_timeout=read_timeout, max_frame=max_frame, on_frame=on_frame)


__all__ = ["CONNECT_TIMEOUT", "Connection", "ConnectionLost", "ProtocolError", "open_connection"]
