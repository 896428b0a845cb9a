"""Peers in one process over 127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from indigo_tui.bots import Bot, make_bot
from indigo_tui.engine import Match, Setup
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.saves import SeatInfo

CODE = "K7WQ2M"
LIMIT = 20.0  # no test in this folder waits on the network for longer


def make_host(
    kinds: list[str],
    *,
    seed: int = 11,
    save_path: Path | None = None,
    read_timeout: float = 3.0,
    heartbeat: float = 0.3,
    rounds: int = 1,
) -> HostSession:
    """A host for seats like ``["human", "remote"]`` or ``["bot:greedy", "remote"]``."""
    setup = Setup(len(kinds))
    match = Match(setup, rounds, seed)
    seats = [SeatInfo(f"Seat {i + 1}", "remote" if k == "remote" else k) for i, k in enumerate(kinds)]
    bots = {i: make_bot(seat.bot, f"{seed}:{i}") for i, seat in enumerate(seats) if seat.bot is not None}
    return HostSession(
        match,
        seats,
        CODE,
        local_bots=bots,
        save_path=save_path,
        read_timeout=read_timeout,
        heartbeat=heartbeat,
    )


def make_guest(port: int, **kwargs: object) -> GuestSession:
    options: dict[str, object] = {"name": "Guest", "read_timeout": 3.0, "heartbeat": 0.3}
    options.update(kwargs)
    code = str(options.pop("code", CODE))
    return GuestSession("127.0.0.1", port, code, **options)  # type: ignore[arg-type]


async def play_guest(guest: GuestSession, bot: Bot, *, until: Callable[[], bool] | None = None) -> None:
    """Play ``guest``'s seat with ``bot`` until the session ends (or ``until()``)."""
    reader = asyncio.create_task(guest.run())
    try:
        while not reader.done():
            if until is not None and until():
                return
            if guest.finished.is_set():
                return
            turn = asyncio.create_task(guest.turn_ready.wait())
            finished = asyncio.create_task(guest.finished.wait())
            await asyncio.wait({reader, turn, finished}, timeout=LIMIT, return_when=asyncio.FIRST_COMPLETED)
            turn.cancel()
            finished.cancel()
            if reader.done() or guest.finished.is_set():
                break
            guest.turn_ready.clear()
            if until is not None and until():
                return
            state = guest.state
            assert state is not None
            if state.board.turn == guest.seat and not state.over:
                assert await guest.play(bot.choose(state.view())) is None
        if reader.done():
            reader.result()
    finally:
        if not reader.done():
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader


@pytest.fixture
async def listening() -> AsyncIterator[Callable[[HostSession], asyncio.Future[int]]]:
    """Start hosts on an ephemeral port of 127.0.0.1; all closed afterwards."""
    hosts: list[HostSession] = []

    async def start(host: HostSession) -> int:
        hosts.append(host)
        _, port = await host.listen("127.0.0.1", 0)
        return port

    yield start  # type: ignore[misc]
    for host in hosts:
        await asyncio.wait_for(host.close(), LIMIT)
