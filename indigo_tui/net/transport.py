"""Frames over asyncio streams: every read bounded in time and in size."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from .protocol import HEADER_SIZE, MAX_FRAME, Message, ProtocolError, body_length, decode_body, encode_frame

#: Seconds between heartbeats; a peer silent for :data:`READ_TIMEOUT` is gone.
HEARTBEAT_INTERVAL = 1.0
READ_TIMEOUT = 5.0
CONNECT_TIMEOUT = 5.0
#: The most bytes taken from the socket at once.
CHUNK = 64 * 1024


class ConnectionLost(Exception):
    """The peer went away, fell silent or cut a frame short; says which."""


class Connection:
    """One peer: reads whole frames with a timeout, writes frames in order."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        read_timeout: float = READ_TIMEOUT,
        max_frame: int = MAX_FRAME,
        on_frame: Callable[[bytes], None] | None = None,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.read_timeout = read_timeout
        self.max_frame = max_frame
        #: Called with every raw frame received (header and body), for tests and logs.
        self.on_frame = on_frame
        self.closed = False
        self._buffer = bytearray()
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else "peer"

    async def read(self, timeout: float | None = None) -> Message:
        """The next message. Raises :class:`ConnectionLost` on silence, end of
        stream or a frame cut short, :class:`ProtocolError` on a bad frame.

        Bytes are read in chunks of at most :data:`CHUNK` into a buffer; a
        frame's announced size is checked as soon as its 4-byte header is in,
        before any wait for (or allocation of) its body."""
        limit = self.read_timeout if timeout is None else timeout
        buffer = self._buffer
        length = -1
        while True:
            if length < 0 and len(buffer) >= HEADER_SIZE:
                length = body_length(bytes(buffer[:HEADER_SIZE]), self.max_frame)
            if length >= 0 and len(buffer) >= HEADER_SIZE + length:
                frame = bytes(buffer[: HEADER_SIZE + length])
                del buffer[: HEADER_SIZE + length]
                if self.on_frame is not None:
                    self.on_frame(frame)
                return decode_body(frame[HEADER_SIZE:])
            await self._fill(limit)

    async def _fill(self, limit: float) -> None:
        try:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow
            # a cancellation that races with data arriving.
            async with asyncio.timeout(limit):
                chunk = await self.reader.read(CHUNK)
        except TimeoutError:
            raise ConnectionLost(f"no word from {self.peer} for {limit:g} s") from None
        except (ConnectionError, OSError) as exc:
            raise ConnectionLost(f"the connection to {self.peer} failed ({exc.strerror or exc})") from None
        if not chunk:
            if self._buffer:
                raise ConnectionLost(f"the connection to {self.peer} broke in the middle of a frame")
            raise ConnectionLost(f"{self.peer} closed the connection")
        self._buffer += chunk

    def send_many(self, messages: list[Message]) -> None:
        """Queue several messages with one write (one system call, not one each)."""
        if not messages or self.closed or self.writer.is_closing():
            return
        try:
            self.writer.write(b"".join(encode_frame(m) for m in messages))
        except (ConnectionError, OSError, RuntimeError):
            self.closed = True

    def send_nowait(self, message: Message) -> None:
        """Queue ``message``; a dead connection is noticed by the next read."""
        if self.closed or self.writer.is_closing():
            return
        try:
            self.writer.write(encode_frame(message))
        except (ConnectionError, OSError, RuntimeError):
            self.closed = True

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

    async def close(self, last: Message | None = None) -> None:
        """Send ``last`` (a Bye or an Error) if given, then close."""
        if last is not None:
            with contextlib.suppress(Exception):
                await self.send(last)
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)


async def open_connection(
    host: str, port: int, timeout: float = CONNECT_TIMEOUT, **kwargs: object
) -> Connection:
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, limit=MAX_FRAME + HEADER_SIZE), timeout
        )
    except TimeoutError:
        raise ConnectionLost(f"no answer from {host}:{port} within {timeout:g} s") from None
    except OSError as exc:
        raise ConnectionLost(f"cannot connect to {host}:{port} ({exc.strerror or exc})") from None
    return Connection(reader, writer, **kwargs)  # type: ignore[arg-type]


__all__ = ["CONNECT_TIMEOUT", "Connection", "ConnectionLost", "ProtocolError", "open_connection"]
