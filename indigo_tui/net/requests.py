"""A guest's requests awaiting the host's answer, matched to it by id.

A seat's move (:class:`~.protocol.MoveRequest`) and its undo request
(:class:`~.protocol.UndoRequest`) each carry an id of this terminal's, and
the host answers with the same id (``move_ack`` or ``move_rejected``,
``undo_result``). :class:`Requests` sends one and waits a bounded time for
its answer, hands each answer the session reads to the request it is for,
and ends every request still waiting when the session ends.
"""

from __future__ import annotations

import asyncio
import itertools

from .common import JoinError
from .problems import JoinSays
from .protocol import MoveAck, MoveRejected, MoveRequest, UndoRequest, UndoResult
from .reasons import Ending
from .transport import Connection

#: What the host answers a request with.
Answer = MoveAck | MoveRejected | UndoResult


class Requests:
    """This guest's requests still waiting for the host's answer, by id."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Answer]] = {}

    def next_id(self) -> int:
        """The id of the next request (from 1, never the same twice)."""
        return next(self._ids)

    async def ask(
        self, conn: Connection | None, request: MoveRequest | UndoRequest, timeout: float
    ) -> Answer:
        """Send ``request`` on ``conn`` and wait up to ``timeout`` seconds for
        its answer; :class:`JoinError` (a lost connection) if there is no
        connection, no answer in time, or the session ends first."""
        if conn is None or conn.closed:
            raise JoinError(JoinSays.NOT_CONNECTED, Ending.LOST)
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._waiting[request.id] = future
        await conn.send(request)
        try:
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow a
            # cancellation of this task (a player's move given up) that races with
            # the answer arriving, and the task would go on as if never cancelled.
            async with asyncio.timeout(timeout):
                return await future
        except TimeoutError:
            raise JoinError(JoinSays.NO_REPLY, Ending.LOST, None, seconds=float(timeout)) from None
        finally:
            self._waiting.pop(request.id, None)

    def answer(self, reply: Answer) -> None:
        """Hand the host's ``reply`` to the request of its id, if one still
        waits for it (an answer too late, or to no request of ours, is dropped)."""
        future = self._waiting.pop(reply.id, None)
        if future is not None and not future.done():
            future.set_result(reply)

    def fail(self, ended: JoinError | None = None) -> None:
        """End every request still waiting: with what ended the session (the
        host's goodbye, say), else a lost connection. A headless guest
        rejoins after a lost connection, not after a goodbye."""
        for future in self._waiting.values():
            if not future.done():
                if ended is not None:
                    future.set_exception(ended.again())
                else:
                    future.set_exception(JoinError(JoinSays.CONNECTION_CLOSED, Ending.LOST))
        self._waiting.clear()


__all__ = ["Answer", "Requests"]
