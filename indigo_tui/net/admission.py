"""Letting guests in: the host's port, within the budgets of :mod:`.guard`.

:class:`Door` listens (or, across the internet, waits at a transit relay:
:mod:`.relay`), accepts connections (refusing at once, in one small
frame, any that would go over a budget), runs each caller through the
handshake (:mod:`.handshake`: the sealed channel on the join code, then who it
is) within one deadline, and hands a caller that proved the code to the host
to be seated and served. Lines about strangers (connections that never got a
seat) are bounded, so a flood of them cannot flood the host's log. The door
knows nothing of the game: the host gives it the way to seat a caller, to
serve a seated guest and to mark one lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Awaitable, Callable

from ..i18n import _, decimal
from .broadcast import Link
from .channel import ChannelRefused
from .common import Teller
from .guard import Budgets, GuessLimiter, accept_forever, listening_socket
from .handshake import host_handshake
from .notices import Problem
from .protocol import Join, ProtocolError, encode_body, frame
from .reasons import Ending, Gone, Loss, error_message, error_text, fault_words
from .relay import Relay, RelayDoor
from .seal import SealBroken
from .transport import CHUNK, Connection, ConnectionLost

#: Lines about strangers at the port (refused, broken off) shown per minute;
#: a flood of them says so once instead of flooding the log.
STRANGER_LINES = 5

#: Seats a caller that proved the code: its seated link, or None if it was turned away.
Seat = Callable[[Connection, Join], Awaitable[Link | None]]
#: Reads and answers a seated guest until its connection ends.
Serve = Callable[[Link], Awaitable[None]]
#: A seated guest's connection ended (why, as a code its words are drawn from when shown).
Lost = Callable[[Link, Loss], None]


class Door:
    """The host's port and everyone at it; see the module docstring."""

    def __init__(
        self,
        code: str,
        *,
        seat: Seat,
        serve: Serve,
        lost: Lost,
        tell: Teller,
        app_version: str,
        read_timeout: float,
        budgets: Budgets | None = None,
        limiter: GuessLimiter | None = None,
    ) -> None:
        self.code = code
        self.seat = seat
        self.serve = serve
        self.lost = lost
        self.tell = tell
        self.app_version = app_version
        self.read_timeout = read_timeout
        self.budgets = budgets or Budgets()
        self.limiter = limiter or GuessLimiter()
        self.limiter.on_guessing = self._guessing
        self.closed = False
        self.address: tuple[str, int] | None = None
        #: Across the internet: the transit relay guests come in through (no port is open).
        self.relay: Relay | None = None
        self._socket: socket.socket | None = None
        self._accepting: asyncio.Task[None] | None = None
        #: Connections still in the handshake, per address.
        self._pending: dict[str, int] = {}
        #: Every connection's task, from accept to its end (seated guests' too).
        self._handlers: set[asyncio.Task[None]] = set()
        self._stranger_lines = 0
        self._stranger_since = 0.0
        self._exhausted_at: float | None = None

    def open(self, bind: str, port: int) -> tuple[str, int]:
        """Listen on ``bind:port`` (``port=0`` picks one) and start accepting;
        the address actually bound. :class:`OSError` if the port cannot be had."""
        self._socket = listening_socket(bind, port)
        sockname = self._socket.getsockname()
        self.address = (str(sockname[0]), int(sockname[1]))
        self._accepting = asyncio.create_task(
            accept_forever(self._socket, self._on_accept, self._exhausted, self.budgets.accept_pause)
        )
        return self.address

    def open_relay(self, relay: Relay, channel: str) -> None:
        """Let guests in through the transit relay ``relay`` instead of a
        port: a connection always waits there on the table's ``channel``
        (:class:`~.relay.RelayDoor`), and each one a guest pairs with comes in
        as an accepted connection does, within the same budgets. Every caller
        through the relay has one address, the relay's, so its per-address
        caps hold them all; only the table can name the channel, so only its
        guests come in that way. The next connection waits at the relay only
        when there is room for another caller. How the relay answers is told as
        :class:`~.relay.RelayStatus` notices (an unreachable relay is tried
        again and again)."""
        self.relay = relay
        address = str(relay)
        budgets = self.budgets

        def room() -> bool:
            return (
                len(self._handlers) < budgets.max_connections
                and self.pending < budgets.max_pending
                and self._pending.get(address, 0) < budgets.max_pending_per_address
            )

        door = RelayDoor(relay, channel, lambda sock: self._on_accept(sock, address), self.tell, room=room)
        self._accepting = asyncio.create_task(door.run())

    async def shut(self) -> None:
        """Stop accepting and close the port, or the door at the relay
        (connections already in stay)."""
        self.closed = True
        if self._accepting is not None:
            self._accepting.cancel()
            with contextlib.suppress(BaseException):
                await self._accepting
        if self._socket is not None:
            self._socket.close()

    async def drop_all(self, wait: float = 1.0) -> None:
        """End every connection's task, waiting up to ``wait`` seconds for each."""
        for task in list(self._handlers):
            task.cancel()
        for task in list(self._handlers):
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, wait)

    @property
    def connections(self) -> int:
        """Connections open now, in the handshake or seated."""
        return len(self._handlers)

    @property
    def pending(self) -> int:
        """Connections still in the handshake."""
        return sum(self._pending.values())

    def _on_accept(self, client: socket.socket, address: str) -> None:
        """A connection came in: serve it, or refuse it at once if it would
        go over a budget (the refusal is one small frame, then the door)."""
        budgets = self.budgets
        if self.closed:
            client.close()
            return
        if (
            len(self._handlers) >= budgets.max_connections
            or self.pending >= budgets.max_pending
            or self._pending.get(address, 0) >= budgets.max_pending_per_address
        ):
            with contextlib.suppress(OSError):
                client.setblocking(False)
                client.send(frame(encode_body(error_message(Ending.BUSY))))
            client.close()
            self._stranger(_("{address}: refused, too many connections at once").format(address=address))
            return
        self._pending[address] = self._pending.get(address, 0) + 1
        task = asyncio.create_task(self._on_connect(client, address))
        self._handlers.add(task)

    def _exhausted(self, exc: OSError) -> None:
        """Out of file descriptors: said once (again only after a quiet minute)."""
        now = time.monotonic()
        if self._exhausted_at is None or now - self._exhausted_at > 60.0:
            pause = self.budgets.accept_pause
            self.tell(
                Problem(
                    _(
                        "out of file descriptors ({problem}): new connections wait, "
                        "accepting again every {seconds} s"
                    ).format(problem=exc.strerror or exc, seconds=decimal(pause))
                )
            )
        self._exhausted_at = now

    def _guessing(self, address: str) -> None:
        self.tell(
            Problem(
                _(
                    "someone at {address} gave a wrong join code; every further wrong code is slowed "
                    "down (said once)"
                ).format(address=address)
            )
        )

    def _stranger(self, text: str) -> None:
        """A line about a connection that never got a seat, at most
        :data:`STRANGER_LINES` a minute."""
        now = time.monotonic()
        if now - self._stranger_since > 60.0:
            self._stranger_since, self._stranger_lines = now, 0
        self._stranger_lines += 1
        if self._stranger_lines <= STRANGER_LINES:
            self.tell(Problem(text))
        elif self._stranger_lines == STRANGER_LINES + 1:
            self.tell(Problem(_("more connections were refused or broke off; not shown for a minute")))

    async def _on_connect(self, client: socket.socket, address: str) -> None:
        task = asyncio.current_task()
        assert task is not None
        pending = True
        link: Link | None = None
        conn: Connection | None = None
        try:
            reader, writer = await asyncio.open_connection(sock=client, limit=CHUNK)
            conn = Connection(reader, writer, read_timeout=self.read_timeout)
            deadline = self.budgets.handshake_deadline
            try:
                async with asyncio.timeout(deadline):
                    link = await self._admit(conn, address, time.monotonic() + deadline)
            except TimeoutError:
                raise ConnectionLost(Loss(Gone.SLOW_JOIN, conn.peer, seconds=deadline)) from None
            finally:
                pending = False
                self._unpend(address)
            if link is not None:
                await self.serve(link)
        except ChannelRefused as exc:
            if conn is not None:
                if exc.code != Ending.CODE:  # wrong codes are announced once, by the limiter
                    self._stranger(f"{conn.peer}: {error_text(exc.error)}")
                await conn.close(exc.error)
        except ProtocolError as exc:
            if conn is not None:
                said = f"{conn.peer}: {fault_words(exc.fault)}"
                if link is None:
                    self._stranger(said)
                else:
                    self.tell(Problem(said))
                # A frame that does not open was tampered with on the way: the guest
                # is told so, and joins again on a new connection (net/rejoin.py).
                ending = Ending.INTEGRITY if isinstance(exc, SealBroken) else Ending.PROTOCOL
                await conn.close(error_message(ending, fault=exc.fault))
        except ConnectionLost as exc:
            if link is None:
                self._stranger(str(exc) if conn is None else f"{conn.peer}: {exc}")
            else:
                self.lost(link, exc.loss)
        except OSError as exc:
            self._stranger(f"{address}: {exc.strerror or exc}")
        except asyncio.CancelledError:
            pass
        finally:
            if pending:
                self._unpend(address)
            if link is not None:
                self.lost(link, Loss(Gone.ENDED))
            if conn is not None:
                await conn.close()
            else:
                client.close()
            self._handlers.discard(task)

    def _unpend(self, address: str) -> None:
        left = self._pending.get(address, 0) - 1
        if left > 0:
            self._pending[address] = left
        else:
            self._pending.pop(address, None)

    async def _admit(self, conn: Connection, address: str, deadline: float) -> Link | None:
        """The handshake (:mod:`.handshake`), then a seat; None if the caller was turned away."""
        join = await host_handshake(
            conn,
            self.code,
            app_version=self.app_version,
            limiter=self.limiter,
            address=address,
            deadline=deadline,
        )
        return await self.seat(conn, join)


__all__ = ["STRANGER_LINES", "Door"]
