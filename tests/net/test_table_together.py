"""Issue 38's whole table at once, across the internet through a real local
mailbox server and transit relay: three seats (the host's bot, Bob and
Carol) and two watchers. Chat goes every way, a watcher's name and line full
of markup and escape sequences reach the seats as plain text, a watcher's
flood is held to its budget while the game goes on, a rematch is agreed and
played, and everything the watchers were sent over both games is public:
no drawn tile, no deck before its reveal."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import msgspec
import pytest
from support.polling import until

from indigo_tui.engine import GameStarted, TileDrawn
from indigo_tui.net.chat import HOST_SEAT, chat_text
from indigo_tui.net.guard import SeatBudgets
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.notices import ChatSaid
from indigo_tui.net.protocol import ChatLine, GameEvent, NewGame, Reveal, Say, YourDraw
from indigo_tui.net.relay import Relay, parse_relay
from indigo_tui.net.rendezvous import new_table_key

from .conftest import LIMIT
from .test_chat import EVIL_LINE, EVIL_NAME, SHOWN_NAME
from .test_rematch import Player, rematch_agreed_and_played, three_seats
from .test_watchers import Recorded, _placed, _watch
from .transit import MailboxServer, TransitRelay


def heard_lines(player: Player) -> list[ChatSaid]:
    return player.said(ChatSaid)


@pytest.mark.slow
async def test_three_seats_and_two_watchers_chat_rematch_and_see_only_what_is_public(
    tmp_path: Path, mailbox_server: MailboxServer, shared_transit_relay: TransitRelay
) -> None:
    relay: Relay = parse_relay(shared_transit_relay.address, mailbox_server.url)
    (tmp_path / "net").mkdir()
    host = three_seats(
        tmp_path / "net" / "first-host.indigo",
        new_table_key(),
        watchers=2,
        seat_budgets=SeatBudgets(chat_rate=0.01, chat_burst=3.0),
    )
    players: list[Player] = []
    watchers: list[Recorded] = []
    tasks: list[asyncio.Task[None]] = []
    decks: list[tuple[int, ...]] = []
    try:
        async with asyncio.timeout(LIMIT):
            await host.listen_relay(relay)
        code = host.code
        watchers.append(await _watch(relay.host, relay.port, "Early", code, relay))
        for number, name in enumerate(["Bob", "Carol"]):
            guest = GuestSession(
                relay.host,
                relay.port,
                code,
                name=name,
                relay=relay,
                read_timeout=10.0,
                save_dir=tmp_path / name.lower(),
                kind="bot:random",
            )
            async with asyncio.timeout(LIMIT):
                await guest.connect()
            players.append(Player(guest, number + 1))
        bob, carol = players
        await until(lambda: host.ready, LIMIT)
        host.begin()
        for player in players:
            player.start()
        tasks.append(asyncio.create_task(watchers[0].session.run()))
        # The early watcher floods while the game goes on: three lines pass.
        conn = watchers[0].session.conn
        assert conn is not None
        for number in range(50):
            conn.send_nowait(Say(f"wow {number}"))
        # Mid-game, a watcher named with markup and escapes joins and says a hostile line.
        await _placed(host, 6)
        late = await _watch(relay.host, relay.port, EVIL_NAME, code, relay)
        watchers.append(late)
        tasks.append(asyncio.create_task(late.session.run()))
        assert late.session.say(EVIL_LINE)
        # Chat the other ways: a seat to everyone, the host to everyone.
        assert bob.guest.say("good luck all")
        assert host.chat.say(HOST_SEAT, "welcome, watchers")
        await until(
            lambda: (
                any(c.line == chat_text(EVIL_LINE) for c in heard_lines(carol))
                and any(c.line == "good luck all" for c in heard_lines(carol))
                and any(c.line == "welcome, watchers" for c in heard_lines(bob))
            ),
            LIMIT,
        )
        evil = [c for c in heard_lines(carol) if c.line == chat_text(EVIL_LINE)]
        assert len(evil) == 1 and evil[0].watching and evil[0].name == SHOWN_NAME
        assert "\x1b" not in evil[0].line + evil[0].name and "\x07" not in evil[0].name
        # The flood: three of the early watcher's fifty reached the seats.
        await until(lambda: host.game.over or host.game.board.placements > 12, LIMIT)
        wows = [c.line for c in heard_lines(bob) if c.name == "Early"]
        assert wows == ["wow 0", "wow 1", "wow 2"]
        assert all(c.watching for c in heard_lines(bob) if c.name == "Early")
        # The watchers hear the seats' chat too.
        await until(
            lambda: any(isinstance(m, ChatLine) and m.text == "good luck all" for m in watchers[1].messages),
            LIMIT,
        )
        # The first game to its end, then a rematch agreed by both people and played.
        first = host.game
        await rematch_agreed_and_played(host, players)
        assert first.deck is not None and host.game.deck is not None
        decks = [first.deck, host.game.deck]
        # Both watchers followed into the new game and to its end.
        for watcher in watchers:
            async with asyncio.timeout(LIMIT):
                while not any(isinstance(m, NewGame) for m in watcher.messages):
                    await asyncio.sleep(0.02)
                await until(lambda w=watcher: sum(isinstance(m, Reveal) for m in w.messages) == 2, LIMIT)  # type: ignore[misc]
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        for player in players:
            await player.stop()
        for watcher in watchers:
            await watcher.session.close()
        await host.close()
    # Over both games, a watcher was sent nothing private.
    for watcher in watchers:
        messages = watcher.messages
        reveals = [i for i, m in enumerate(messages) if isinstance(m, Reveal)]
        assert [m.deck for m in messages if isinstance(m, Reveal)] == decks
        starts = [0, *reveals[:-1]]
        for deck, start, reveal in zip(decks, starts, reveals, strict=True):
            deck_bytes = msgspec.msgpack.encode(deck)
            assert all(deck_bytes not in frame for frame in watcher.frames[start:reveal])
        for message in messages:
            assert not isinstance(message, YourDraw)
            if isinstance(message, GameEvent):
                if type(message.event) is TileDrawn:
                    assert message.event.tile is None
                if type(message.event) is GameStarted:
                    assert message.event.deck is None
        assert watcher.session.record_file is None
