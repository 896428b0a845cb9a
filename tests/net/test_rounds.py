"""A network match of several rounds: the host deals round after round, the
guests follow, everyone adds up the same match score, and a guest that was
away across a round's end comes back into the next round."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path

import msgspec
from support.polling import until

from indigo_tui import saves
from indigo_tui.bots import Bot, make_bot
from indigo_tui.net.deal import Deal, DealCode
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.net.notices import DealChecked, Notice, PlayEnded, RoundStarted
from indigo_tui.net.reasons import deal_text
from indigo_tui.net.table import GuestMatch

from .conftest import LIMIT, Listening, make_guest, make_host, play_guest


async def deal_rounds(host: HostSession) -> None:
    """What a headless host does: once a round is over and every guest has its
    reveal, deal the next, until the match is over."""
    while True:
        await until(lambda: host.game.over and set(host.remote_seats) <= host.revealed_seats)
        if not host.match.can_start_next_round:
            return
        host.next_round()


async def play_until(guest: GuestSession, bot: Bot, condition: Callable[[], bool]) -> None:
    """Play ``guest``'s seat with ``bot`` until ``condition()`` holds."""
    playing = asyncio.create_task(play_guest(guest, bot))
    try:
        await until(condition)
    finally:
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await playing


def drained(queue: asyncio.Queue[Notice]) -> list[Notice]:
    notices = []
    while not queue.empty():
        notices.append(queue.get_nowait())
    return notices


async def test_guests_follow_a_match_of_three_rounds(listening: Listening, tmp_path: Path) -> None:
    host = make_host(["bot:greedy", "remote"], rounds=3, save_path=tmp_path / "host.indigo")
    port = await listening(host)
    guest = make_guest(port, save_dir=tmp_path / "guest", kind="bot:random")
    welcome = await asyncio.wait_for(guest.connect(), LIMIT)
    assert (welcome.rounds, welcome.round, welcome.past) == (3, 0, [])
    host.begin()
    dealer = asyncio.create_task(deal_rounds(host))
    await asyncio.wait_for(play_guest(guest, make_bot("random", 1)), LIMIT)
    await asyncio.wait_for(dealer, LIMIT)

    match = host.match
    assert match.over and len(match.games) == 3
    assert guest.over and guest.round == 2 and guest.finished.is_set()
    assert [played.deal for played in guest.past] == ["verified"] * 3
    # The match score, on both sides.
    seen = GuestMatch(guest)
    assert (seen.rounds, seen.round_index, seen.over) == (3, 2, True)
    assert seen.totals == match.totals and seen.winners == match.winners
    # The guest followed round to round, and checked each round's deal.
    notices = drained(guest.notices)
    assert [n.round for n in notices if isinstance(n, RoundStarted)] == [1, 2]
    assert [(n.round, n.ok) for n in notices if isinstance(n, DealChecked)] == [
        (0, True),
        (1, True),
        (2, True),
    ]
    assert [n.match_over for n in notices if isinstance(n, PlayEnded)] == [False, False, True]
    # Each round was dealt with a salt of its own (one revealed says nothing of the next).
    theirs = saves.load_save(tmp_path / "host.indigo")
    assert len(set(saves.read_host_meta(theirs.header.meta).salts)) == 3
    # The guest's record is finalised with the match, and its save is the whole match.
    assert guest.record_file is not None
    record = saves.load_record(guest.record_file)
    assert record.over and record.round == 2 and len(record.past) == 3
    assert saves.find_record(tmp_path / "guest", "127.0.0.1", port) is None
    assert guest.final_save is not None
    mine = saves.load_save(guest.final_save)
    assert [g.log for g in mine.match.games] == [g.log for g in theirs.match.games]
    assert mine.match.totals == theirs.match.totals == match.totals
    assert mine.header.meta["net_deal"] == "verified"


async def test_a_guest_away_across_a_rounds_end_rejoins_the_next_round(
    listening: Listening, tmp_path: Path
) -> None:
    host = make_host(["bot:greedy", "remote"], rounds=2, save_path=tmp_path / "host.indigo")
    port = await listening(host)
    folder = tmp_path / "guest"
    guest = make_guest(port, save_dir=folder, kind="bot:random", name="Gus")
    await asyncio.wait_for(guest.connect(), LIMIT)
    host.begin()
    bot = make_bot("random", 1)
    # Round 1 to its end and its reveal; then this guest leaves, the host deals round 2.
    await play_until(guest, bot, lambda: guest.revealed)
    await guest.close()
    await until(lambda: 1 not in host.links)
    host.next_round()
    assert host.match.round_index == 1
    # It comes back with its record of round 1: into round 2, from its first event.
    found = saves.find_record(folder, "127.0.0.1", port, "Gus")
    assert found is not None and found[1].round == 0 and not found[1].over
    again = make_guest(port, save_dir=folder, kind="bot:random", name="Gus", record=found[1])
    welcome = await asyncio.wait_for(again.connect(), LIMIT)
    assert (welcome.round, welcome.from_seq, len(welcome.past)) == (1, 0, 1)
    assert again.round == 1 and [p.deal for p in again.past] == ["verified"]
    await asyncio.wait_for(play_guest(again, bot), LIMIT)
    assert host.match.over and again.over
    assert GuestMatch(again).totals == host.match.totals
    assert again.final_save is not None
    mine = saves.load_save(again.final_save)
    assert [g.log for g in mine.match.games] == [g.log for g in host.match.games]


async def test_a_newcomer_in_round_two_cannot_check_round_one(listening: Listening, tmp_path: Path) -> None:
    host = make_host(["bot:greedy", "remote"], rounds=2)
    port = await listening(host)
    first = make_guest(port, kind="bot:random")
    await asyncio.wait_for(first.connect(), LIMIT)
    host.begin()
    await play_until(first, make_bot("random", 2), lambda: first.revealed)
    token = host.tokens[1]
    await first.close()
    await until(lambda: 1 not in host.links)
    host.next_round()
    # Someone with the seat's token but no record of round 1 (its record lost).
    record = first.record
    assert record is not None
    lost = msgspec.structs.replace(record, round=1, past=[], events=[])
    assert lost.token == token
    again = make_guest(port, kind="bot:random", record=lost)
    await asyncio.wait_for(again.connect(), LIMIT)
    unchecked = Deal.of(again.past[0])
    assert unchecked == Deal(DealCode.UNCHECKED, (0,))
    assert deal_text(unchecked) == "not checked: this seat did not see round 1 begin"
    assert len(again.past_games) == 1 and again.past_games[0].over
