"""Watchers: terminals that follow a network game without a seat, on
127.0.0.1 (sessions in this process). What a watcher is sent, decoded
message by message (nothing of a hand, no deck before the reveal), a watcher
that joins mid-game seeing the game so far, its moves and undo requests
refused, its chat marked and held to its budget while the game goes on, and
the host's limit (none, or too many) said in one line on both sides; a
three-seat game across the internet with two watchers, through a real
mailbox server and transit relay."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import msgspec
import pytest

from indigo_tui.bots import make_bot
from indigo_tui.engine import GameStarted, Move, TileDrawn, public_event
from indigo_tui.net.common import JoinError
from indigo_tui.net.guard import SeatBudgets
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.net.notices import ChatHeld, ChatSaid, Notice, Problem, Watching
from indigo_tui.net.protocol import (
    WATCHER_SEAT,
    ChatLine,
    GameEvent,
    Message,
    Reveal,
    Say,
    Welcome,
    YourDraw,
    decode_body,
)
from indigo_tui.net.reasons import Ending
from indigo_tui.net.relay import Relay, parse_relay
from indigo_tui.net.rendezvous import new_table_key

from .conftest import CODE, LIMIT, Listening, hazel_host, make_guest, play_guest
from .transit import MailboxServer, TransitRelay

#: The words a watcher's refused move or undo is said in (English).
WATCHING_WORDS = "a watcher follows the game without a seat: it cannot move, vote or take a move back"


def _taken(queue: asyncio.Queue[Notice]) -> list[Notice]:
    taken = []
    while not queue.empty():
        taken.append(queue.get_nowait())
    return taken


def _host(
    players: int,
    *,
    watchers: int = 4,
    watcher_chat: bool = True,
    budgets: SeatBudgets | None = None,
    code: str = CODE,
) -> HostSession:
    """Seat 1 the host's greedy bot, the others remote."""
    return hazel_host(players, code=code, seat_budgets=budgets, watchers=watchers, watcher_chat=watcher_chat)


class Recorded:
    """A watcher and every message it was sent after the handshake, decoded."""

    def __init__(self, session: GuestSession, frames: list[bytes]) -> None:
        self.session = session
        self.frames = frames

    @property
    def messages(self) -> list[Message]:
        return [decode_body(frame[4:]) for frame in self.frames]


def assert_public_only(watcher: Recorded, host: HostSession) -> None:
    """What ``watcher`` was sent holds nothing private: no draw of a seat's,
    no drawn tile, no deck in a start, no seat token; and the deck's bytes
    appear in no frame before the reveal."""
    messages = watcher.messages
    assert messages, "the watcher was sent nothing"
    deck = host.game.deck
    assert deck is not None
    deck_bytes = msgspec.msgpack.encode(deck)
    reveals = [i for i, m in enumerate(messages) if isinstance(m, Reveal)]
    assert len(reveals) == 1 and messages[reveals[0]] == Reveal(deck, host.salt)
    assert all(deck_bytes not in frame for frame in watcher.frames[: reveals[0]])
    drawn = 0
    for message in messages:
        assert not isinstance(message, YourDraw)
        if isinstance(message, Welcome):
            assert message.watching and message.seat == WATCHER_SEAT and message.token == ""
        if isinstance(message, GameEvent):
            if type(message.event) is TileDrawn:
                drawn += 1
                assert message.event.tile is None
            if type(message.event) is GameStarted:
                assert message.event.deck is None
    # Every draw of the game reached it, each without its tile.
    assert drawn == sum(type(e) is TileDrawn for e in host.game.log)


async def _watch(host: str, port: int, name: str, code: str = CODE, relay: Relay | None = None) -> Recorded:
    frames: list[bytes] = []
    session = GuestSession(
        host,
        port,
        code,
        name=name,
        read_timeout=10.0,
        heartbeat=0.3,
        relay=relay,
        watch=True,
        on_frame=frames.append,
    )
    async with asyncio.timeout(LIMIT):
        await session.connect()
    return Recorded(session, frames)


async def _placed(host: HostSession, placements: int) -> None:
    async with asyncio.timeout(LIMIT):
        while host.game.board.placements < placements:
            await asyncio.sleep(0.02)


async def test_a_watcher_joining_mid_game_sees_it_so_far_and_is_sent_only_public_messages(
    listening: Listening, tmp_path: Path
) -> None:
    host = _host(2)
    port = await listening(host)
    guest = make_guest(port, name="Gus", save_dir=tmp_path / "guest")
    await asyncio.wait_for(guest.connect(), LIMIT)
    host.begin()
    player = asyncio.create_task(play_guest(guest, make_bot("random", 3)))
    watcher: Recorded | None = None
    reader: asyncio.Task[None] | None = None
    try:
        await _placed(host, 6)
        watcher = await _watch("127.0.0.1", port, "Wanda")
        seen = watcher.session
        assert seen.watching and seen.seat == WATCHER_SEAT
        reader = asyncio.create_task(seen.run())
        # The public game from its first event: the same log as the host's, up to now at least.
        async with asyncio.timeout(LIMIT):
            while seen.state is None or seen.state.length < 1 or seen.state.board.placements < 6:
                await asyncio.sleep(0.02)
        state = seen.state
        assert state is not None and state.hand == []
        assert state.events == [public_event(e) for e in host.game.log[: state.length]]
        assert host.watchers == ("Wanda",)
        joined = [n for n in _taken(host.notices) if isinstance(n, Watching)]
        assert [(n.name, n.joined, n.names) for n in joined] == [("Wanda", True, ("Wanda",))]
        assert joined[0].text == "Wanda is watching"
        # It may not move, take a move back or ask for a hint: each refused by the host, in words.
        refused = await asyncio.wait_for(seen.play(Move(0, 0, 0), seat=1), LIMIT)
        assert refused == WATCHING_WORDS
        accepted, why = await asyncio.wait_for(seen.request_undo(), LIMIT)
        assert not accepted and why == WATCHING_WORDS
        await asyncio.wait_for(player, LIMIT)
        assert host.game.over
        async with asyncio.timeout(LIMIT):
            await seen.finished.wait()
        assert seen.revealed and seen.deal is not None and seen.deal.code == "verified"
        assert_public_only(watcher, host)
        # The game went on as if nobody watched: the guest's seat is untouched.
        assert guest.state is not None and guest.state.events == list(host.game.view(1).events)
    finally:
        player.cancel()
        await guest.close()
        if watcher is not None:
            await watcher.session.close()
        if reader is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(reader, LIMIT)
    # A watcher keeps no record: nothing of it in the guest's folder or anywhere else here.
    assert not [p for p in tmp_path.rglob("*") if "Wanda" in p.name]


async def test_watchers_are_refused_in_one_line_when_the_host_takes_none_or_has_enough(
    listening: Listening,
) -> None:
    for limit, ending, words in (
        (0, Ending.NO_WATCHERS, "this game takes no watchers"),
        (1, Ending.WATCHERS_FULL, "this game takes 1 watcher, and one is watching already"),
    ):
        host = _host(2, watchers=limit)
        port = await listening(host)
        first = None
        if limit:
            first = await _watch("127.0.0.1", port, "First")
        with pytest.raises(JoinError) as refused:
            await _watch("127.0.0.1", port, "Second")
        assert refused.value.code is ending
        assert str(refused.value) == f"refused by the host: {words}"
        problems = [n.text for n in _taken(host.notices) if isinstance(n, Problem)]
        assert [p for p in problems if p.endswith(f"refused, {words}")], problems
        assert host.watchers == (("First",) if limit else ())
        if first is not None:
            await first.session.close()


async def test_a_watchers_chat_is_marked_and_held_to_its_budget_or_not_passed_on(
    listening: Listening, tmp_path: Path
) -> None:
    # A burst of 3 lines, then one every 100 s.
    host = _host(2, budgets=SeatBudgets(chat_rate=0.01, chat_burst=3.0))
    port = await listening(host)
    guest = make_guest(port, name="Gus", save_dir=tmp_path / "guest")
    await asyncio.wait_for(guest.connect(), LIMIT)
    watcher = await _watch("127.0.0.1", port, "Wanda")
    seen = watcher.session
    assert seen.may_chat
    host.begin()
    reader = asyncio.create_task(seen.run())
    player = asyncio.create_task(play_guest(guest, make_bot("random", 3)))
    try:
        conn = seen.conn
        assert conn is not None
        for number in range(100):
            conn.send_nowait(Say(f"look {number}"))
        await conn.drain()
        await asyncio.wait_for(player, LIMIT)
        assert host.game.over  # the flood did not hold the game up
        async with asyncio.timeout(LIMIT):
            while host.chat.dropped.get(WATCHER_SEAT, 0) < 97:
                await asyncio.sleep(0.02)
        assert host.chat.dropped[WATCHER_SEAT] == 97
        heard = [n for n in _taken(guest.notices) if isinstance(n, ChatSaid)]
        assert [n.line for n in heard] == ["look 0", "look 1", "look 2"]
        assert all(n.watching and n.text == f"Wanda (watching): {n.line}" for n in heard)
        told = [n for n in _taken(seen.notices) if isinstance(n, ChatHeld)]
        assert len(told) == 1 and told[0].own
        host_told = [n for n in _taken(host.notices) if isinstance(n, ChatHeld)]
        assert len(host_told) == 1 and host_told[0].text.startswith("Wanda is chatting too fast")
        sent = [m for m in watcher.messages if isinstance(m, ChatLine)]
        assert [m.watching for m in sent] == [True] * 3
    finally:
        player.cancel()
        await guest.close()
        await seen.close()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(reader, LIMIT)

    # Where the host does not pass watchers' chat on, their lines go nowhere.
    quiet = _host(2, watcher_chat=False)
    port = await listening(quiet)
    hushed = await _watch("127.0.0.1", port, "Hush")
    assert not hushed.session.may_chat
    conn = hushed.session.conn
    assert conn is not None
    conn.send_nowait(Say("hello?"))
    await conn.drain()
    await hushed.session.close()
    assert not [n for n in _taken(quiet.notices) if isinstance(n, ChatSaid)]


@pytest.fixture
async def servers(shared_mailbox_server: MailboxServer, shared_transit_relay: TransitRelay) -> Relay:
    return parse_relay(shared_transit_relay.address, shared_mailbox_server.url)


@pytest.mark.slow
async def test_two_watchers_follow_a_three_seat_game_across_the_internet(servers: Relay) -> None:
    relay = servers
    host = _host(3, watchers=2, budgets=SeatBudgets(chat_rate=0.01, chat_burst=3.0), code=new_table_key())
    guests: list[GuestSession] = []
    watchers: list[Recorded] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        await host.listen_relay(relay)
        code = host.code
        # One watcher comes before the start, the other mid-game.
        watchers.append(await _watch(relay.host, relay.port, "Early", code, relay))
        for name in ("Gus", "Ivy"):
            guest = GuestSession(relay.host, relay.port, code, name=name, relay=relay, read_timeout=10.0)
            async with asyncio.timeout(LIMIT):
                await guest.connect()
            guests.append(guest)
        host.begin()
        tasks = [asyncio.create_task(watchers[0].session.run())]
        tasks += [asyncio.create_task(play_guest(g, make_bot("random", n))) for n, g in enumerate(guests)]
        # The early watcher floods the chat while the game goes on.
        conn = watchers[0].session.conn
        assert conn is not None
        for number in range(50):
            conn.send_nowait(Say(f"wow {number}"))
        await _placed(host, 8)
        late = await _watch(relay.host, relay.port, "Late", code, relay)
        watchers.append(late)
        tasks.append(asyncio.create_task(late.session.run()))
        # A third is one too many.
        with pytest.raises(JoinError) as refused:
            await _watch(relay.host, relay.port, "Third", code, relay)
        assert refused.value.code is Ending.WATCHERS_FULL
        async with asyncio.timeout(LIMIT):
            while late.session.state is None or late.session.state.board.placements < 8:
                await asyncio.sleep(0.02)
        refused_move = await asyncio.wait_for(late.session.play(Move(0, 0, 0), seat=1), LIMIT)
        assert refused_move == WATCHING_WORDS
        async with asyncio.timeout(LIMIT):
            await asyncio.gather(*tasks[1:3])
            for watcher in watchers:
                await watcher.session.finished.wait()
        assert host.game.over
        for watcher in watchers:
            assert_public_only(watcher, host)
            state = watcher.session.state
            assert state is not None
            assert state.events == [public_event(e) for e in host.game.log]
        # The flood: three lines passed on, marked as a watcher's, the rest dropped.
        assert host.chat.dropped[WATCHER_SEAT] == 47
        lines = [m for m in watchers[0].messages if isinstance(m, ChatLine)]
        assert [(m.watching, m.name, m.text) for m in lines] == [
            (True, "Early", f"wow {n}") for n in range(3)
        ]
        assert host.watchers == ("Early", "Late")
    finally:
        for task in tasks:
            task.cancel()
        for guest in guests:
            await guest.close()
        for watcher in watchers:
            await watcher.session.close()
        await host.close()
