"""A headless host at the end of a round a guest did not see: it waits for
the guest to come back for the deck, up to ``rejoin_timeout``, and then ends
the run with one line (a resumable match) or, in the last round, ends the game
as usual; never deals a round in a session it has closed (in one process over
127.0.0.1, every wait bounded)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from support.polling import until

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.engine import Game
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.headless import NetRunError
from indigo_tui.net.host import HostError, HostSession
from indigo_tui.net.hosting import resume_host

from .conftest import LIMIT, make_guest, make_host, play_guest, serve_headless

#: How long a test waits for a headless host's run to end: generous, the
#: outcome normally comes within a second of the round's end.
OUTCOME = 30.0


#: The guest's seat; the others are the host's own, played by the test. A
#: round starts with the first seat (so round 2 waits on the host) and, with
#: every tile placed, ends with the third seat's move (not the guest's).
GUEST = 1


def a_missing_guest(tmp_path: Path, rounds: int) -> HostSession:
    return make_host(["human", "remote", "human"], rounds=rounds, save_path=tmp_path / "host.indigo")


async def miss_the_end(host: HostSession, guest: GuestSession) -> None:
    """Play the round until its last move, one of the host's seats'; the
    guest leaves just before that move and so never sees the end of the round."""
    mover = make_bot("greedy", 5)
    playing = asyncio.create_task(play_guest(guest, make_bot("random", 3)))
    try:
        while True:
            await until(lambda: host.started and (host.game.turn != GUEST or host.game.over))
            assert not host.game.over, "the guest's move ended the round: the seed no longer suits"
            seat = host.game.turn
            move = mover.choose(host.game.view(seat))
            trial = Game.from_log(host.game.log)
            trial.push(move)
            if trial.over:
                break
            assert await host.play(seat, move) is None
    finally:
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await playing
    await guest.close()
    await until(lambda: GUEST not in host.links)
    assert await host.play(seat, move) is None
    assert host.game.over and GUEST not in host.revealed_seats


async def test_a_seat_that_missed_a_rounds_end_ends_the_run_resumably(tmp_path: Path) -> None:
    host = a_missing_guest(tmp_path, rounds=2)
    path = host.save_path
    assert path is not None
    lines: list[str] = []
    serving, port = await serve_headless(host, lines, rejoin_timeout=0.5)
    folder = tmp_path / "guest"
    guest = make_guest(port, save_dir=folder, kind="bot:random", name="Gus")
    await asyncio.wait_for(guest.connect(), LIMIT)
    await miss_the_end(host, guest)

    # The run ends (no round dealt in a closed session, no wait without end),
    # in one line: what happened, where the game is, how to take it up.
    with pytest.raises(NetRunError) as ended:
        await asyncio.wait_for(serving, OUTCOME)
    assert str(ended.value) == (
        f"a seat missed the end of the round within 0.5 s; the game is saved in {path}"
        " (resume with: indigo host --resume FILE)"
    )
    assert host.closed and host.match.round_index == 0
    assert not any("round 1 of 2 is over" in line for line in lines)
    # The save is whole: round 1 over, round 2 not dealt.
    saved = saves.load_save(path)
    assert saved.match.round_index == 0 and saved.match.game.over
    assert saved.match.game.log == host.game.log and saved.match.can_start_next_round

    # Taken up again: the guest comes back for round 1's deck, round 2 is dealt and played.
    record = guest.record
    assert record is not None
    resumed = resume_host(path, own_bot="greedy", move_delay=0.0).session
    again_lines: list[str] = []
    serving, port = await serve_headless(resumed, again_lines, rejoin_timeout=LIMIT)
    again = make_guest(port, save_dir=folder, kind="bot:random", name="Gus", record=record)
    welcome = await asyncio.wait_for(again.connect(), LIMIT)
    assert welcome.round == 0
    await asyncio.wait_for(play_guest(again, make_bot("random", 3)), LIMIT)
    assert await asyncio.wait_for(serving, OUTCOME) == 0
    assert resumed.match.over and len(resumed.match.games) == 2
    assert "round 1 of 2 is over" in again_lines and "round 2 of 2 is over" in again_lines
    assert again_lines[-1] == f"game over; saved to {path}"
    assert [p.deal for p in again.past] == ["verified", "verified"]


async def test_a_seat_that_missed_the_last_rounds_end_does_not_undo_the_finished_game(
    tmp_path: Path,
) -> None:
    host = a_missing_guest(tmp_path, rounds=1)
    path = host.save_path
    lines: list[str] = []
    serving, port = await serve_headless(host, lines, rejoin_timeout=0.5)
    guest = make_guest(port, kind="bot:random")
    await asyncio.wait_for(guest.connect(), LIMIT)
    await miss_the_end(host, guest)

    # The game is played to its end: standings, then the usual last line.
    assert await asyncio.wait_for(serving, OUTCOME) == 0
    standings = [line for line in lines if line.startswith("seat ") and " point" in line]
    assert len(standings) == 3 and sum(line.endswith("  winner") for line in standings) >= 1
    assert lines[-1] == f"game over; saved to {path}"
    assert path is not None and saves.load_save(path).match.over


async def test_an_interrupt_while_waiting_for_a_rounds_end_ends_the_run(tmp_path: Path) -> None:
    host = a_missing_guest(tmp_path, rounds=2)
    path = host.save_path
    assert path is not None
    lines: list[str] = []
    stop = asyncio.Event()
    # The guest would have all the time in the world to come back: only the interrupt ends the wait.
    serving, port = await serve_headless(host, lines, rejoin_timeout=300.0, stop=stop)
    guest = make_guest(port, kind="bot:random")
    await asyncio.wait_for(guest.connect(), LIMIT)
    await miss_the_end(host, guest)
    stop.set()  # Ctrl+C

    with pytest.raises(NetRunError) as ended:
        await asyncio.wait_for(serving, OUTCOME)
    assert str(ended.value) == f"interrupted; the game is saved in {path}"
    # Not one step further: no standings, no round 2.
    assert host.closed and host.match.round_index == 0
    assert not any("round 1 of 2 is over" in line for line in lines)
    assert saves.load_save(path).match.round_index == 0


async def test_a_closed_host_deals_no_next_round(tmp_path: Path) -> None:
    host = a_missing_guest(tmp_path, rounds=2)
    lines: list[str] = []
    serving, port = await serve_headless(host, lines, rejoin_timeout=0.5)
    guest = make_guest(port, kind="bot:random")
    await asyncio.wait_for(guest.connect(), LIMIT)
    await miss_the_end(host, guest)
    with pytest.raises(NetRunError):
        await asyncio.wait_for(serving, OUTCOME)
    assert host.closed and host.match.can_start_next_round
    with pytest.raises(HostError, match=r"^the game is closed$"):
        host.next_round()
    assert host.match.round_index == 0


async def test_a_seat_that_leaves_on_its_turn_and_stays_away_ends_the_run_when_its_time_is_up(
    tmp_path: Path,
) -> None:
    # Nothing happens at the host once the seat to move has gone: the run
    # wakes for the end of the seat's time to rejoin, not for news.
    host = make_host(["human", "remote"], save_path=tmp_path / "host.indigo")
    path = host.save_path
    lines: list[str] = []
    serving, port = await serve_headless(host, lines, rejoin_timeout=0.5)
    guest = make_guest(port, save_dir=tmp_path / "guest", kind="bot:random", name="Gus")
    await asyncio.wait_for(guest.connect(), LIMIT)
    mover = make_bot("greedy", 5)
    await until(lambda: host.started)
    if host.game.turn != GUEST:
        assert await host.play(host.game.turn, mover.choose(host.game.view(host.game.turn))) is None
    assert host.game.turn == GUEST
    await guest.close()
    with pytest.raises(NetRunError) as ended:
        await asyncio.wait_for(serving, OUTCOME)
    assert "seat 2 is disconnected; waiting up to 0.5 s for it to rejoin" in lines
    assert str(ended.value) == (
        f"seat 2 did not rejoin within 0.5 s; the game is saved in {path}"
        " (resume with: indigo host --resume FILE)"
    )
    assert host.closed and not host.game.over
