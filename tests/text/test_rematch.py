"""A rematch by lines (``indigo join --text``), in this process over
127.0.0.1: once the game is over the end's words name the command, an offer
from another seat is said with how to answer, no declines it, rematch offers
one, and the new game is said when everyone agreed; a local table says that a
rematch is for network games."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from net.conftest import LIMIT, Listening, listening, make_guest, make_host  # noqa: F401
from support.polling import until

from indigo_tui.engine import Setup
from indigo_tui.saves import seats_from_kinds
from indigo_tui.table.network import GuestTable
from indigo_tui.table.session import NewGame, Session
from indigo_tui.text.console import Console
from indigo_tui.text.fronts import TextFront
from indigo_tui.text.lan import NetLineTable
from indigo_tui.text.local import LineTable


async def test_a_rematch_declined_then_offered_and_agreed_by_lines(
    listening: Listening,  # noqa: F811
    tmp_path: Path,
) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    guest = make_guest(port, name="Ann", save_dir=tmp_path)
    await asyncio.wait_for(guest.connect(), LIMIT)
    out = io.StringIO()
    table = NetLineTable(GuestTable(guest), TextFront(Console(io.StringIO(), out)), guest.notices)
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    reader = asyncio.create_task(guest.run())
    playing = asyncio.create_task(table.play(lines))
    try:
        host.begin()
        # Both seats' moves straight through the peers (the lines of a move are other tests').
        while not host.game.over:
            if host.game.turn == 0:
                assert await host.play(0, host.game.view(0).legal_moves[0]) is None
                continue
            await until(lambda: guest.state is not None and guest.state.length == host.length, LIMIT)
            assert guest.state is not None
            assert await guest.play(guest.state.view().legal_moves[0]) is None
        await until(lambda: guest.finished.is_set(), LIMIT)
        await until(lambda: "Type rematch to offer the table a new game" in out.getvalue(), LIMIT)
        # Seat 1 (at the host) offers; Ann is told how to answer, and says no.
        assert host.rematch.offer(0, [0]) is None
        await until(
            lambda: "Seat 1 offers a rematch: waiting for Ann to agree: type rematch" in out.getvalue()
        )
        lines.put_nowait("no")
        await until(lambda: "Ann declined the rematch." in out.getvalue(), LIMIT)
        assert not host.rematch.open
        # Then she offers one herself, and seat 1 agrees: the new game is said.
        lines.put_nowait("rematch")
        await until(lambda: "You offered the table a rematch." in out.getvalue(), LIMIT)
        await until(lambda: host.rematch.open, LIMIT)
        assert host.rematch.waiting == [0]
        assert host.rematch.offer(0, [0]) is None
        await until(lambda: "The rematch begins: a new deal." in out.getvalue(), LIMIT)
        assert not host.game.over and guest.state is not None and not guest.state.over
        lines.put_nowait(None)
        assert await asyncio.wait_for(playing, LIMIT) == 0
    finally:
        playing.cancel()
        await guest.close()
        reader.cancel()


def test_a_local_table_has_no_rematch(tmp_path: Path) -> None:
    seats = seats_from_kinds(["human", "bot:greedy"], ["Ann", "Robo"])
    session = Session.start(NewGame(Setup(2), seats, seed=3), tmp_path)
    out = io.StringIO()
    assert LineTable(session, TextFront(Console(io.StringIO("rematch\nhelp\n"), out))).run() == 0
    assert "There is no rematch here: it is for network games." in out.getvalue()
    assert "offer the table a new game" not in out.getvalue()
