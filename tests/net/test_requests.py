"""A guest's requests and the host's answers, matched by id (net/requests.py),
over a real loopback connection to a host that answers as it is told."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from support.polling import LIMIT

from indigo_tui.engine import Move
from indigo_tui.net.common import JoinError
from indigo_tui.net.problems import JoinSays
from indigo_tui.net.protocol import Bye, Message, MoveAck, MoveRejected, MoveRequest, UndoRequest, UndoResult
from indigo_tui.net.reasons import Ending
from indigo_tui.net.requests import Requests
from indigo_tui.net.transport import Connection, ConnectionLost, open_connection


@dataclass
class Line:
    """The guest's end of a connection and what the other end has read."""

    conn: Connection
    heard: asyncio.Queue[Message]


@pytest.fixture
async def line() -> AsyncIterator[Line]:
    heard: asyncio.Queue[Message] = asyncio.Queue()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        far = Connection(reader, writer, read_timeout=LIMIT)
        with contextlib.suppress(ConnectionLost):  # the guest's end closed: the test is over
            while True:
                heard.put_nowait(await far.read_from_guest())
        await far.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    conn = await open_connection("127.0.0.1", server.sockets[0].getsockname()[1], read_timeout=LIMIT)
    yield Line(conn, heard)
    await conn.close()
    server.close()


async def test_each_answer_reaches_the_request_of_its_id(line: Line) -> None:
    requests = Requests()
    move = MoveRequest(requests.next_id(), 1, Move(0, 0, 0))
    undo = UndoRequest(requests.next_id(), 1, 4)
    assert (move.id, undo.id) == (1, 2)
    moving = asyncio.create_task(requests.ask(line.conn, move, LIMIT))
    undoing = asyncio.create_task(requests.ask(line.conn, undo, LIMIT))
    # The host has both before it answers, and answers the later one first.
    assert {await line.heard.get(), await line.heard.get()} == {move, undo}
    requests.answer(MoveAck(99, 0))  # an answer to no request of ours is dropped
    requests.answer(UndoResult(2, False, "seat 1 said no"))
    requests.answer(MoveRejected(1, "not your turn"))
    assert await undoing == UndoResult(2, False, "seat 1 said no")
    assert await moving == MoveRejected(1, "not your turn")
    requests.answer(MoveAck(1, 5))  # too late: nobody waits for it any more


async def test_a_request_the_host_leaves_unanswered_ends_as_a_lost_connection(line: Line) -> None:
    requests = Requests()
    with pytest.raises(JoinError, match=r"the host did not answer within 0\.2 s") as ended:
        await requests.ask(line.conn, MoveRequest(requests.next_id(), 0, Move(0, 0, 0)), 0.2)
    assert ended.value.code is Ending.LOST


async def test_requests_still_waiting_end_with_the_session(line: Line) -> None:
    requests = Requests()
    asked = asyncio.create_task(requests.ask(line.conn, UndoRequest(requests.next_id(), 0, 3), LIMIT))
    await line.heard.get()
    requests.fail(JoinError(JoinSays.HOST_LEFT, Ending.LEFT, None, bye=Bye("they quit")))
    with pytest.raises(JoinError, match="the host left: they quit") as ended:
        await asked
    assert ended.value.code is Ending.LEFT
    # Without a word of why, the connection is taken as lost (a guest then rejoins).
    asked = asyncio.create_task(requests.ask(line.conn, UndoRequest(requests.next_id(), 0, 3), LIMIT))
    await line.heard.get()
    requests.fail()
    with pytest.raises(JoinError, match="the connection to the host closed") as lost:
        await asked
    assert lost.value.code is Ending.LOST


async def test_a_request_without_a_connection_is_refused_at_once(line: Line) -> None:
    requests = Requests()
    with pytest.raises(JoinError, match="not connected to the host") as refused:
        await requests.ask(None, MoveRequest(requests.next_id(), 0, Move(0, 0, 0)), LIMIT)
    assert refused.value.code is Ending.LOST
    await line.conn.close()
    with pytest.raises(JoinError, match="not connected to the host"):
        await requests.ask(line.conn, MoveRequest(requests.next_id(), 0, Move(0, 0, 0)), LIMIT)
