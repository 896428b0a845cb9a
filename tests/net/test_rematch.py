"""A rematch at a network table (net/rematch.py): once the game is over one
seat offers, every seat played by a person agrees (bots at once), and the same
table plays a new game, dealt afresh and verified at its end like any deal,
saved in files of its own; a no, or a terminal that leaves, ends the offer for
everyone with one notice; offers are budgeted. On a LAN and across the
internet through real servers on 127.0.0.1 (tests/net/transit.py)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TypeVar

import pytest
from support.polling import until

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.engine import Setup
from indigo_tui.net.guard import SeatBudgets
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.net.notices import (
    DealChecked,
    Notice,
    RematchCode,
    RematchEnded,
    RematchOffered,
    RematchStarted,
)
from indigo_tui.net.protocol import RematchAnswer
from indigo_tui.net.relay import Relay, parse_relay
from indigo_tui.net.rendezvous import new_table_key

from .conftest import CODE, LIMIT, Listening, hazel_host, make_guest
from .transit import MailboxServer, TransitRelay

N = TypeVar("N")

#: A game under way: the host, and the players at the other terminals.
Table = tuple[HostSession, list["Player"]]


class Player:
    """A guest's seat played by a random bot for as long as the session runs,
    game after game, with every notice it was told kept in ``heard``."""

    def __init__(self, guest: GuestSession, seed: int) -> None:
        self.guest = guest
        self.bot = make_bot("random", seed)
        self.heard: list[Notice] = []
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._play())

    async def _play(self) -> None:
        guest = self.guest
        reader = asyncio.create_task(guest.run())
        try:
            while not reader.done():
                turn = asyncio.create_task(guest.turn_ready.wait())
                await asyncio.wait({reader, turn}, return_when=asyncio.FIRST_COMPLETED)
                turn.cancel()
                if reader.done():
                    break
                guest.turn_ready.clear()
                state = guest.state
                if state is not None and state.board.turn == guest.seat and not state.over:
                    assert await guest.play(self.bot.choose(state.view())) is None
            reader.result()
        finally:
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader

    def news(self) -> list[Notice]:
        """Every notice so far (taken off the guest's queue as they come)."""
        while not self.guest.notices.empty():
            self.heard.append(self.guest.notices.get_nowait())
        return self.heard

    def said(self, kind: type[N]) -> list[N]:
        return [n for n in self.news() if isinstance(n, kind)]

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        await self.guest.close()


def host_heard(host: HostSession, heard: list[Notice]) -> Callable[[], list[Notice]]:
    def news() -> list[Notice]:
        while not host.notices.empty():
            heard.append(host.notices.get_nowait())
        return heard

    return news


def three_seats(save_path: Path | None, code: str = CODE, **config: object) -> HostSession:
    """Seat 1 a greedy bot at the host, seats 2 and 3 people at other terminals."""
    return hazel_host(code=code, save_path=save_path, **config)  # type: ignore[arg-type]


async def finished_game(host: HostSession, players: list[Player]) -> None:
    """Play the game to its end and every guest's check of the deal."""
    await until(lambda: all(p.guest.finished.is_set() for p in players), LIMIT)
    assert host.match.over


@pytest.fixture
async def lan(listening: Listening, tmp_path: Path) -> AsyncIterator[Table]:
    """A three-seat game on 127.0.0.1 under way: Bob and Carol at seats 2 and 3."""
    host = three_seats(tmp_path / "net" / "first-host.indigo")
    (tmp_path / "net").mkdir()
    port = await listening(host)
    players = []
    for number, name in enumerate(["Bob", "Carol"]):
        guest = make_guest(port, name=name, save_dir=tmp_path / name.lower(), kind="bot:random")
        await asyncio.wait_for(guest.connect(), LIMIT)
        players.append(Player(guest, number + 1))
    host.begin()
    for player in players:
        player.start()
    try:
        yield host, players
    finally:
        for player in players:
            await player.stop()


async def rematch_agreed_and_played(host: HostSession, players: list[Player]) -> None:
    """Bob offers, Carol is asked and agrees, the new game is played to its
    end and its deal verified on both sides: what every test of the whole
    path checks, on a LAN and across the internet."""
    bob, carol = players
    heard: list[Notice] = []
    host_news = host_heard(host, heard)
    await finished_game(host, players)
    first_id, first_save = host.game_id, host.save_path
    first_log, first_deck = list(host.game.log), host.game.deck
    first_records = [p.guest.record_file for p in players]
    bob.guest.offer_rematch()
    # Carol is asked; everyone is told who is still to agree (Bob's offer is his yes, Hazel a bot).
    await until(lambda: bool(carol.said(RematchOffered)), LIMIT)
    offered = carol.said(RematchOffered)[-1]
    assert isinstance(offered, RematchOffered)
    assert offered.waiting == (2,) and offered.asked and offered.by == 1
    assert offered.text == "Bob offers a rematch: waiting for Carol to agree"
    await until(lambda: bool(bob.said(RematchOffered)), LIMIT)
    assert not bob.said(RematchOffered)[-1].asked
    assert any(isinstance(n, RematchOffered) for n in host_news())
    carol.guest.offer_rematch()  # her yes
    await until(lambda: all(p.said(RematchStarted) for p in players), LIMIT)
    assert host.game_id != first_id and host.rematch.started == 1
    # A new deal: a new commitment, a new deck; the same seats, names and options.
    assert [s.name for s in host.seats] == ["Hazel", "Bob", "Carol"]
    assert host.match.setup == Setup(3) and host.match.rounds == 1
    assert all(p.guest.commitment == host.commitment for p in players)
    assert host.game.deck != first_deck
    # Played to its end, and its deal verified at every guest.
    await finished_game(host, players)
    for player in players:
        checks = [n for n in player.news() if isinstance(n, DealChecked)]
        assert [c.ok for c in checks] == [True, True]
        assert player.guest.deal is not None and player.guest.deal.verified
    # A new game saved as a new game: nothing of the first one's files lost.
    assert host.save_path is not None and first_save is not None
    assert host.save_path != first_save and host.save_path.name == f"net-{host.game_id}-host.indigo"
    assert saves.load_save(first_save).match.game.log == first_log
    assert saves.load_save(host.save_path).match.game.log == host.game.log
    for player, first_record in zip(players, first_records, strict=True):
        assert first_record is not None and first_record.is_file()
        assert saves.load_record(first_record).game_id == first_id
        assert player.guest.record_file is not None and player.guest.record_file != first_record
        assert player.guest.final_save is not None
        assert saves.load_save(player.guest.final_save).match.game.log == host.game.log


async def test_a_rematch_offered_agreed_played_and_its_deal_verified(
    lan: Table,
) -> None:
    await rematch_agreed_and_played(*lan)


async def test_a_no_ends_the_offer_for_everyone_with_one_notice(lan: Table) -> None:
    host, (bob, carol) = lan
    heard: list[Notice] = []
    host_news = host_heard(host, heard)
    await finished_game(host, [bob, carol])
    carol.guest.offer_rematch()
    await until(lambda: bool(bob.said(RematchOffered)), LIMIT)
    bob.guest.decline_rematch()

    def ended(news: list[Notice]) -> list[RematchEnded]:
        return [n for n in news if isinstance(n, RematchEnded)]

    await until(lambda: all(ended(p.news()) for p in (bob, carol)) and bool(ended(host_news())), LIMIT)
    for news in (bob.news(), carol.news(), host_news()):
        [notice] = ended(news)
        assert (notice.seat, notice.code, notice.own) == (1, RematchCode.DECLINED, False)
        assert notice.text == "Bob declined the rematch"
    assert not host.rematch.open and host.rematch.started == 0
    # A yes after the no opens no game: it is a new offer (to which Bob is asked again).
    carol.guest.offer_rematch()
    await until(lambda: len(bob.said(RematchOffered)) == 2, LIMIT)
    assert not bob.said(RematchStarted)


async def test_a_terminal_that_leaves_during_the_offer_declines(lan: Table) -> None:
    host, (bob, carol) = lan
    await finished_game(host, [bob, carol])
    bob.guest.offer_rematch()
    await until(lambda: bool(carol.said(RematchOffered)), LIMIT)
    await carol.stop()
    await until(lambda: bool(bob.said(RematchEnded)), LIMIT)
    [notice] = bob.said(RematchEnded)
    assert isinstance(notice, RematchEnded)
    assert (notice.seat, notice.code) == (2, RematchCode.LEFT)
    assert notice.text == "Carol left: no rematch"
    # And while her terminal is away, no new offer can be made: said to the one who asked.
    bob.guest.offer_rematch()
    await until(lambda: len(bob.said(RematchEnded)) == 2, LIMIT)
    refused = bob.said(RematchEnded)[-1]
    assert isinstance(refused, RematchEnded)
    assert refused.own and refused.code == RematchCode.AWAY
    assert refused.text == "no rematch while Carol is away"


async def test_offers_are_budgeted_and_none_before_the_end(listening: Listening, tmp_path: Path) -> None:
    host = three_seats(None, seat_budgets=SeatBudgets(rematch_rate=0.001, rematch_burst=1.0))
    port = await listening(host)
    players = []
    for number, name in enumerate(["Bob", "Carol"]):
        guest = make_guest(port, name=name, kind="bot:random")
        await asyncio.wait_for(guest.connect(), LIMIT)
        players.append(Player(guest, number + 1))
    bob, carol = players
    try:
        host.begin()
        for player in players:
            player.start()
        # Before the end: refused, to Bob alone.
        bob.guest.offer_rematch()
        await until(lambda: bool(bob.said(RematchEnded)), LIMIT)
        early = bob.said(RematchEnded)[0]
        assert isinstance(early, RematchEnded) and early.own and early.code == RematchCode.NOT_OVER
        await finished_game(host, players)
        # One offer, declined; the next at once is one too many for his budget.
        bob.guest.offer_rematch()
        await until(lambda: bool(carol.said(RematchOffered)), LIMIT)
        carol.guest.decline_rematch()
        await until(lambda: len(bob.said(RematchEnded)) == 2, LIMIT)
        for _flood in range(50):
            assert bob.guest.conn is not None
            bob.guest.conn.send_nowait(RematchAnswer(True))
        await until(lambda: len(bob.said(RematchEnded)) == 52, LIMIT)
        refusals = bob.said(RematchEnded)[2:]
        assert all(isinstance(n, RematchEnded) and n.code == RematchCode.TOO_OFTEN for n in refusals)
        assert refusals[0].text.startswith("too many rematch offers: wait ")
        # Nobody else was asked again, and no game began.
        assert len(carol.said(RematchOffered)) == 1 and not carol.said(RematchStarted)
        assert not host.rematch.open
    finally:
        for player in players:
            await player.stop()


@pytest.mark.slow
async def test_three_seats_across_the_internet_play_a_rematch(
    tmp_path: Path, mailbox_server: MailboxServer, shared_transit_relay: TransitRelay
) -> None:
    relay: Relay = parse_relay(shared_transit_relay.address, mailbox_server.url)
    (tmp_path / "net").mkdir()
    host = three_seats(tmp_path / "net" / "first-host.indigo", new_table_key())
    players: list[Player] = []
    try:
        async with asyncio.timeout(LIMIT):
            await host.listen_relay(relay)
        for number, name in enumerate(["Bob", "Carol"]):
            # One after the other, so that Bob has seat 2 and Carol seat 3
            # (joins at the same moment are tests/net/test_rendezvous.py's).
            guest = GuestSession(
                relay.host,
                relay.port,
                host.code,
                name=name,
                relay=relay,
                read_timeout=10.0,
                save_dir=tmp_path / name.lower(),
                kind="bot:random",
            )
            async with asyncio.timeout(LIMIT):
                await guest.connect()
            players.append(Player(guest, number + 1))
        await until(lambda: host.ready, LIMIT)
        host.begin()
        for player in players:
            player.start()
        await rematch_agreed_and_played(host, players)
    finally:
        for player in players:
            await player.stop()
        await host.close()
