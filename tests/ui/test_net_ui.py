"""LAN play through the screens: a host app and a guest app in one test
process, over 127.0.0.1, driven by Textual's Pilot. Every wait is bounded."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Button, RichLog

from indigo_tui.engine import Match, Move, Setup, TilePlaced
from indigo_tui.net.host import HostPhase
from indigo_tui.net.hosting import HostingError, HostPlan, build_host, resume_host
from indigo_tui.saves import SeatInfo, make_header, write_save
from indigo_tui.table.describe import tile_name
from indigo_tui.table.network import GuestTable
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.join import JoinScreen
from indigo_tui.ui.screens.lobby import LobbyScreen
from indigo_tui.ui.screens.net_game import NetGameScreen
from indigo_tui.ui.screens.waiting_room import WaitScreen
from indigo_tui.ui.widgets.hand import HandView

from .conftest import (
    NET_SIZE,
    guest_app,
    hazel,
    host_app,
    hosted_game,
    lobby_port,
    my_view,
    place_legal,
    play_to_the_end,
    screen_text,
    until,
)


def hand_text(app: NetApp) -> str:
    return str(app.screen.query_one(HandView).render())


async def test_host_and_guest_play_through_the_screens(tmp_path: Path) -> None:
    app, table = host_app(tmp_path / "host", hazel())
    host = table.host
    async with app.run_test(size=NET_SIZE) as hp:
        port = await lobby_port(hp, host)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)

        def share() -> str:
            return str(lobby.query_one("#lobby-share").render())

        # The port is open (the address known), then the lobby says where.
        await until([hp], lambda: host.code in share())
        assert app.screen.query_one("#start", Button).disabled
        assert f"127.0.0.1:{port}" in share()
        guest = guest_app(tmp_path / "guest", port, host.code.lower(), "Gus")
        async with guest.run_test(size=NET_SIZE) as gp:
            pilots = [hp, gp]
            await until(pilots, lambda: isinstance(guest.screen, WaitScreen))
            # The lobby lists the guest, live, and Start comes alive.
            await until(pilots, lambda: "Gus" in str(app.screen.query_one("#lobby-seats").render()))
            await until(pilots, lambda: not app.screen.query_one("#start", Button).disabled)
            await hp.click("#start")
            await until(pilots, lambda: isinstance(app.screen, NetGameScreen))
            await until(pilots, lambda: isinstance(guest.screen, NetGameScreen))
            guest_screen = guest.screen
            assert isinstance(guest_screen, NetGameScreen)
            gtable = guest_screen.table
            assert isinstance(gtable, GuestTable)
            host_seat, guest_seat = 0, gtable.guest.seat
            assert guest_seat == 1

            def host_hand() -> tuple[int, ...]:
                return host.game.view(host_seat).hand

            def check_secret() -> None:
                # The host's tiles are never on the guest's screen.
                assert "Hazel" not in hand_text(guest)
                text = screen_text(guest)
                # The guest's own hand speaks to its player; the host's is never named.
                assert "Your hand" in text and "Hand of" not in text
                # Tile kinds the guest may see anyway: its own hand and the placed tiles.
                seen = set(gtable.game.view(guest_seat).hand)
                seen |= {e.tile for e in gtable.game.log if isinstance(e, TilePlaced)}
                for tile in host_hand():
                    if tile not in seen:
                        assert tile_name(tile) not in text

            # The host (seat 1) moves first, with the keyboard on its screen.
            assert host.game.turn == host_seat
            await until(pilots, lambda: "Your hand" in screen_text(guest))  # the table drawn
            check_secret()
            placed = host.game.board.placements
            await hp.press("enter")
            await until(pilots, lambda: host.game.board.placements == placed + 1)
            await until(pilots, lambda: gtable.game.board.placements == placed + 1)
            # The host is told of its own tile, the guest of Hazel's.
            await until(pilots, lambda: "You placed at" in screen_text(app))
            await until(pilots, lambda: "Hazel placed at" in screen_text(guest))
            # Now the guest: find a legal spot and place with the keyboard.
            await until(pilots, lambda: my_view(guest).my_turn)
            # Spoken to, as its own hand is: not "Gus to move" on Gus's own screen.
            await until(pilots, lambda: "Your move: place a tile." in screen_text(guest))
            check_secret()
            view = my_view(guest)
            legal = view.legal_moves[0]
            await place_legal(guest, gp)
            await until(pilots, lambda: host.game.board.placements == placed + 2)
            # The host's screen shows the guest's move.
            await until(pilots, lambda: "Gus placed" in str(app.screen.query_one("#status").render()))
            host_log = app.screen.query_one("#log", RichLog).lines
            assert any("Gus" in str(line.text) for line in host_log)
            check_secret()
            # A refused move shows the host's reason (the guest tries out of turn).
            reason = await gtable.send_move(Move(legal.cell, view.hand[0], 0))
            assert reason is not None
            # Quitting the guest says goodbye; the host shows the seat as away.
            await gp.press("q")
            await until(pilots, lambda: "disconnected" in str(app.screen.query_one("#status").render()))


async def test_a_start_before_the_waiting_room_is_up_still_opens_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host starts in the moment between the guest's join and its waiting
    room's mount: the notice reaches no screen, and the room sees the start
    all the same (it once waited there for good)."""
    mount = WaitScreen.on_mount

    async def mount_after_the_start(screen: WaitScreen) -> None:
        # The room holds its mount until the session has heard the start and its
        # notices have gone (to no screen yet: the pump tells as it takes one).
        # Bounded here: the test's own wait waits for this mount to end, so a
        # start that never came once hung a clean-clone run instead of failing.
        guest = screen.table.guest
        loop = asyncio.get_running_loop()
        latest = loop.time() + 60
        while not (guest.started and guest.notices.empty()) and loop.time() < latest:
            await asyncio.sleep(0.01)
        mount(screen)

    monkeypatch.setattr(WaitScreen, "on_mount", mount_after_the_start)
    app, table = host_app(tmp_path / "host", hazel())
    async with app.run_test(size=NET_SIZE) as hp:
        port = await lobby_port(hp, table.host)
        guest = guest_app(tmp_path / "guest", port, table.host.code, "Gus")
        async with guest.run_test(size=NET_SIZE) as gp:
            pilots = [hp, gp]
            # The host's pilot only: the guest's may be waiting on a room whose
            # mount is held until the start, which comes after this.
            await until(hp, lambda: table.host.ready and isinstance(app.screen, LobbyScreen))
            await hp.press("ctrl+s")
            await until(pilots, lambda: isinstance(guest.screen, NetGameScreen))
            await until(pilots, lambda: "Your hand" in screen_text(guest))


async def test_wrong_code_is_one_clear_line(tmp_path: Path) -> None:
    app, table = host_app(tmp_path / "host", hazel())
    host = table.host
    async with app.run_test(size=NET_SIZE) as hp:
        guest = guest_app(tmp_path / "guest", await lobby_port(hp, host), "WRONG1", "Gus")
        async with guest.run_test(size=NET_SIZE) as gp:

            def error() -> str:
                return str(guest.screen.query_one("#setup-error").render())

            await until([hp, gp], lambda: "Wrong join code" in error())
            assert isinstance(guest.screen, JoinScreen)
            assert "Traceback" not in error()
            # The lobby still waits; nobody took the seat.
            assert not host.ready


@pytest.mark.slow
async def test_undo_vote_whole_game_deal_verified_and_goodbye(tmp_path: Path) -> None:
    async with hosted_game(tmp_path) as hosted:
        app, guest, hp, gp, pilots = hosted.app, hosted.guest, hosted.hp, hosted.gp, hosted.pilots
        host = hosted.table.host
        # The host moves, then asks to take it back; the guest is asked and accepts.
        await place_legal(app, hp)
        await until(pilots, lambda: host.game.board.placements == 1)
        await hp.press("u")
        await until(pilots, lambda: "take back" in screen_text(guest))
        await gp.press("y")
        await until(pilots, lambda: host.game.board.placements == 0)
        await until(pilots, lambda: "Undo accepted" in str(app.screen.query_one("#status").render()))
        gscreen = guest.screen
        assert isinstance(gscreen, NetGameScreen)
        await until(pilots, lambda: gscreen.game.board.placements == 0)
        # Play the whole game, each side at its own keyboard.
        await play_to_the_end(host, app, hp, guest, gp)
        # The guest's end screen says the deal checked out.
        await until(pilots, lambda: bool(guest.screen.query("#deal")))
        assert "Deal verified" in str(guest.screen.query_one("#deal").render())
        await until(pilots, lambda: "Final result" in screen_text(guest))
        # The host leaves; the guest is told, without a crash.
        await hp.press("b")
        await until(pilots, lambda: isinstance(app.screen, NetGameScreen))
        await hp.press("q")
        await until(pilots, lambda: gtable_closed(guest))


def status(app: NetApp) -> str:
    return str(app.screen.query_one("#status").render())


async def test_the_turn_clock_counts_down_on_both_tables_and_a_bot_moves_when_it_runs_out(
    tmp_path: Path,
) -> None:
    # A clock long enough to be seen on both tables on a machine of any load
    # (3 s once ran out before a table at load 20 was drawn, so its seconds
    # left were never seen); then its time runs out, as the timer ends it.
    async with hosted_game(tmp_path, clock=600.0) as hosted:
        app, guest, pilots = hosted.app, hosted.guest, hosted.pilots
        host = hosted.table.host
        # Hazel (the host's own seat) is to move: both tables show the seconds left for it.
        await until(pilots, lambda: " s left." in status(app) and " s left." in status(guest))
        assert "Hazel" in status(guest)
        # Nobody moves: when the time is up a bot places for her, and both tables say so.
        turn = host.clock.turn
        assert turn is not None and turn.seat == 0
        host.clock.stop()
        await host.clock.time_up(turn)
        await until(pilots, lambda: host.game.board.placements == 1)
        await until(pilots, lambda: "Hazel ran out of time: a bot placed at" in status(guest))
        await until(pilots, lambda: "Hazel ran out of time: a bot placed at" in status(app))
        # Now Gus's turn: his own seconds, on his table, spoken to him.
        await until(pilots, lambda: "Your move" in status(guest) and " s left." in status(guest))


def gtable_closed(app: NetApp) -> bool:
    for screen in app.screen_stack:
        if isinstance(screen, NetGameScreen):
            return "The game has ended: the host closed the game" in screen.message
    return False


def test_a_hosted_game_is_taken_up_from_its_save(tmp_path: Path) -> None:
    plan = HostPlan(["host", "remote", "bot:greedy"], name="Hazel", code="abc", seed=5)
    host = build_host(plan, tmp_path).session
    assert host.save_path is not None and host.save_path.parent == tmp_path / "net"
    host.tokens[1] = "token-of-seat-2"
    host.phase = HostPhase.PLAYING
    for _ in range(4):
        move = host.game.legal_moves[0]
        assert host.apply(host.game.turn, move) is None
    again = resume_host(host.save_path)
    assert again.session.game_id == host.game_id and again.session.code == "ABC"
    assert again.session.tokens == {1: "token-of-seat-2"}
    assert again.own == [0] and set(again.session.bot_seats.bots) == {2}
    assert [e for e in again.session.game.log] == [e for e in host.game.log]
    # A local game's save is not a hosted game.
    local = tmp_path / "local.indigo"
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "human")]
    match = Match(Setup(2), 1, 3)
    write_save(local, make_header(match, seats), match)
    with pytest.raises(HostingError, match="not the save of a hosted"):
        resume_host(local)
