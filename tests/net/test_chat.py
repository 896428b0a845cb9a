"""Chat at a network table, on 127.0.0.1 (sessions in this process): lines
both ways, a name and a line full of markup and escape sequences kept as
plain text, the length limit, and a flood held to its seat's budget by the
host while the game goes on. What a screen shows of it: tests/ui/test_chat.py."""

from __future__ import annotations

import asyncio
from pathlib import Path

from support.polling import until

from indigo_tui.bots import make_bot
from indigo_tui.net.chat import CHAT_LIMIT, HOST_SEAT, chat_text
from indigo_tui.net.guard import SeatBudgets
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.net.notices import ChatHeld, ChatSaid, Notice
from indigo_tui.net.protocol import ChatHeld as ChatHeldMessage
from indigo_tui.net.protocol import ChatLine, Message, Say

from .conftest import LIMIT, Listening, hazel_host, make_guest, play_guest

#: A name and a line as a hostile player would type them: Rich markup, a
#: screen-clearing escape, a terminal title escape, a bell, a forged new line.
EVIL_NAME = "[bold red]Mallory[/]\x1b[2J\x07"
#: The name as everyone keeps it: the escapes' control characters gone, the rest plain text.
SHOWN_NAME = "[bold red]Mallory[/][2J"
EVIL_LINE = "[link=https://x.example]click[/link] \x1b]0;owned\x07\x1b[31mred\r\nforged: line\u202e"


def _taken(queue: asyncio.Queue[Notice]) -> list[Notice]:
    taken = []
    while not queue.empty():
        taken.append(queue.get_nowait())
    return taken


def _host(budgets: SeatBudgets | None = None, frames: list[tuple[int, Message]] | None = None) -> HostSession:
    """Three seats: the host's greedy bot, and two guests."""
    return hazel_host(
        seed=5,
        seat_budgets=budgets,
        on_frame_sent=None if frames is None else lambda seat, message: frames.append((seat, message)),
    )


async def _seat(port: int, name: str, tmp_path: Path) -> GuestSession:
    guest = make_guest(port, name=name, save_dir=tmp_path / str(len(list(tmp_path.iterdir()))))
    await asyncio.wait_for(guest.connect(), LIMIT)
    return guest


def test_a_line_is_plain_printable_text_within_its_limit() -> None:
    assert chat_text(EVIL_LINE) == "[link=https://x.example]click[/link] ]0;owned[31mred forged: line"
    assert chat_text("  \t\n ") == ""
    assert chat_text("a" * 1000) == "a" * CHAT_LIMIT


async def test_chat_goes_both_ways_as_plain_text_and_is_not_saved(
    listening: Listening, tmp_path: Path
) -> None:
    frames: list[tuple[int, Message]] = []
    host = _host(frames=frames)
    port = await listening(host)
    evil = await _seat(port, EVIL_NAME, tmp_path)
    friend = await _seat(port, "Gus", tmp_path)
    readers = [asyncio.create_task(guest.run()) for guest in (evil, friend)]
    try:
        assert evil.say(EVIL_LINE) and friend.say("hello, " + "x" * 500)
        assert host.chat.say(HOST_SEAT, "welcome all")
        assert not friend.say(" \x1b \n")  # nothing left to say: nothing sent

        def lines(notices: list[Notice]) -> list[ChatSaid]:
            return [n for n in notices if isinstance(n, ChatSaid)]

        heard: dict[str, list[Notice]] = {"host": [], "evil": [], "friend": []}

        def all_heard() -> bool:
            for key, peer in (("host", host), ("evil", evil), ("friend", friend)):
                heard[key] += _taken(peer.notices)
            # The host hears the guests' two; each guest hears those and the host's.
            return all(len(lines(heard[key])) >= 3 for key in heard)

        await until(all_heard)
        plain = chat_text(EVIL_LINE)
        for key in heard:
            said = {(n.seat, n.name, n.line) for n in lines(heard[key])}
            assert (evil.seat, SHOWN_NAME, plain) in said, key
            assert (friend.seat, "Gus", "hello, " + "x" * (CHAT_LIMIT - 7)) in said, key
            assert (HOST_SEAT, "", "welcome all") in said, key
            for notice in lines(heard[key]):
                # Not one control character reaches anyone: no escape, bell, line break or override.
                assert all(c.isprintable() for c in notice.text), notice.text
        (host_line,) = [n for n in lines(heard["friend"]) if n.seat == HOST_SEAT]
        assert host_line.text == "the host: welcome all"
        # On the wire the host sent every terminal the cleaned line, the sender's own too.
        sent = [(seat, m) for seat, m in frames if isinstance(m, ChatLine) and m.seat == evil.seat]
        assert {seat for seat, _m in sent} == {evil.seat, friend.seat}
        assert all(m.text == plain and m.name == SHOWN_NAME for _s, m in sent)
    finally:
        for guest in (evil, friend):
            await guest.close()
        for reader in readers:
            await asyncio.wait_for(reader, LIMIT)
    # Chat is not saved with the game: the guests' records hold no line of it.
    for record in tmp_path.rglob("*.indigo"):
        text = record.read_bytes()
        assert b"welcome all" not in text and b"forged" not in text and b"xxxxx" not in text


async def test_a_chat_flood_stays_within_its_budget_and_the_game_goes_on(
    listening: Listening, tmp_path: Path
) -> None:
    frames: list[tuple[int, Message]] = []
    # A burst of 5 lines, then one every 100 s: the flood below all comes within the burst's time.
    host = _host(SeatBudgets(chat_rate=0.01, chat_burst=5.0), frames)
    port = await listening(host)
    flooder = await _seat(port, "Flood", tmp_path)
    friend = await _seat(port, "Gus", tmp_path)
    host.begin()
    players = [
        asyncio.create_task(play_guest(flooder, make_bot("random", 2))),
        asyncio.create_task(play_guest(friend, make_bot("random", 3))),
    ]
    try:
        conn = flooder.conn
        assert conn is not None
        for number in range(200):
            conn.send_nowait(Say(f"spam {number}"))
        await conn.drain()
        await asyncio.wait_for(asyncio.gather(*players), LIMIT)
        assert host.game.over
    finally:
        for player in players:
            player.cancel()
        await flooder.close()
        await friend.close()
    spam = [m for seat, m in frames if seat == friend.seat and isinstance(m, ChatLine)]
    # Five lines reached the others (one more at most, had a hundred seconds passed), in order.
    assert [m.text for m in spam] == [f"spam {n}" for n in range(5)]
    assert host.chat.dropped[flooder.seat] == 195
    # The flooder was told once, the host's screen once, and nobody else anything.
    held = [m for seat, m in frames if isinstance(m, ChatHeldMessage)]
    assert len(held) == 1 and frames[[m for _s, m in frames].index(held[0])][0] == flooder.seat
    told = [n for n in _taken(flooder.notices) if isinstance(n, ChatHeld)]
    assert len(told) == 1 and told[0].own and "too fast" in told[0].text
    host_told = [n for n in _taken(host.notices) if isinstance(n, ChatHeld)]
    assert len(host_told) == 1 and host_told[0].text.startswith("Flood is chatting too fast")
    assert not [n for n in _taken(friend.notices) if isinstance(n, ChatHeld)]
