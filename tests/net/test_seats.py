"""Seats belong to players: joins from one save folder, full lobbies, take-overs,
leaving before the start (in one process over 127.0.0.1, every wait bounded)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from support.polling import until

from indigo_tui.net.common import JoinError
from indigo_tui.net.host import HostSession
from indigo_tui.net.notices import Notice, SeatTakenOver
from indigo_tui.net.reasons import Farewell
from indigo_tui.table.network import GuestTable
from indigo_tui.ui.screens.join import join_game

from .conftest import CODE, LIMIT, Listening, make_host


async def _join(port: int, name: str, folder: Path, *, rejoin: bool = False) -> GuestTable:
    return await asyncio.wait_for(join_game(f"127.0.0.1:{port}", CODE, name, folder, rejoin=rejoin), LIMIT)


def _notices(host: HostSession) -> list[Notice]:
    found: list[Notice] = []
    while not host.notices.empty():
        found.append(host.notices.get_nowait())
    return found


async def test_two_players_join_from_one_folder_and_each_keeps_their_seat(
    listening: Listening, tmp_path: Path
) -> None:
    host = make_host(["human", "remote", "remote"])
    port = await listening(host)
    gus = await _join(port, "Gus", tmp_path)
    zed = await _join(port, "Zed", tmp_path)
    # Zed did not take Gus's seat with Gus's record: each has their own, and Gus is still here.
    assert (gus.guest.seat, zed.guest.seat) == (1, 2)
    assert set(host.links) == {1, 2} and [s.name for s in host.seats[1:]] == ["Gus", "Zed"]
    assert len(list(tmp_path.glob("*.indigo-guest"))) == 2
    # Gus sees Zed by name, not as "Player 3".
    reader = asyncio.create_task(gus.guest.run())
    try:
        await until(lambda: gus.guest.seat_name(2) == "Zed")
        assert [s.name for s in gus.raw_seats] == ["Seat 1", "Gus", "Zed"]
        # And Zed sees Gus as here (not "waiting for a player").
        zed_reader = asyncio.create_task(zed.guest.run())
        await until(lambda: zed.guest.connected_seats.get(1) is True)
        zed_reader.cancel()
        with contextlib.suppress(BaseException):
            await zed_reader
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader


async def test_a_full_lobby_refuses_a_newcomer_instead_of_replacing_someone(
    listening: Listening, tmp_path: Path
) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    gus = await _join(port, "Gus", tmp_path)
    with pytest.raises(JoinError, match="full") as refused:
        await _join(port, "Zed", tmp_path)
    assert refused.value.code == "full"
    assert host.links[1].name == "Gus" and host.seats[1].name == "Gus"
    assert gus.guest.conn is not None and not gus.guest.conn.closed


async def test_the_same_player_takes_the_seat_back_and_the_old_terminal_is_told(
    listening: Listening, tmp_path: Path
) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    old = await _join(port, "Gus", tmp_path)
    reader = asyncio.create_task(old.guest.run())
    _notices(host)
    # Gus again (a second terminal, or the first one after a crash), same folder and name.
    again = await _join(port, "gus", tmp_path)
    assert again.guest.seat == 1 and host.links[1].conn is not None
    with pytest.raises(JoinError) as told:
        await asyncio.wait_for(reader, LIMIT)
    assert told.value.code == "taken"
    assert "gus took this seat over from another terminal" in str(told.value)
    assert any(isinstance(n, SeatTakenOver) and n.seat == 1 for n in _notices(host))


async def test_rejoin_takes_the_folders_seat_back_under_another_name(
    listening: Listening, tmp_path: Path
) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    first = await _join(port, "Gus", tmp_path)
    assert first.guest.conn is not None
    await first.guest.conn.close()  # the terminal died
    await until(lambda: 1 not in host.links)
    back = await _join(port, "Augustus", tmp_path, rejoin=True)
    assert back.guest.seat == 1 and host.seats[1].name == "Augustus"


async def test_leaving_the_waiting_room_frees_the_seat(listening: Listening, tmp_path: Path) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    gus = await _join(port, "Gus", tmp_path)
    record = gus.guest.record_file
    assert record is not None and record.exists()
    await gus.guest.close(Farewell.LEFT_BEFORE_START)
    await until(lambda: 1 not in host.links)
    assert 1 not in host.tokens and host.seats[1].name == "Player 2" and not host.ready
    assert not record.exists()
    zed = await _join(port, "Zed", tmp_path)
    assert zed.guest.seat == 1 and host.seats[1].name == "Zed"
