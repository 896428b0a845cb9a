"""LAN play through the screens: a host app and a guest app in one test
process, over 127.0.0.1, driven by Textual's Pilot. Every wait is bounded."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import Button

from indigo_tui.engine import Move, SeatView, TilePlaced
from indigo_tui.ui.describe import tile_name
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.net_table import GuestTable, HostTable
from indigo_tui.ui.screens.join import JoinScreen, WaitScreen
from indigo_tui.ui.screens.lobby import HostPlan, LobbyScreen, build_host
from indigo_tui.ui.screens.net_game import NetGameScreen
from indigo_tui.ui.widgets.hand import HandView

SIZE = (120, 40)


async def until(pilots: list[object], condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Let both apps run until ``condition`` holds (bounded; fails loudly)."""
    steps = int(seconds / 0.02)
    for _ in range(steps):
        if condition():
            return
        for pilot in pilots:
            await pilot.pause(0.01)  # type: ignore[attr-defined]
    raise AssertionError("the apps never got there")


def host_app(save_dir: Path, **plan: object) -> tuple[NetApp, HostTable]:
    table = build_host(HostPlan(["host", "remote"], name="Hazel", seed=7, **plan), save_dir)  # type: ignore[arg-type]
    table.host.move_delay = 0.0
    app = NetApp(lambda: LobbyScreen(table, bind="127.0.0.1", port=0), save_dir=save_dir, animate=False)
    return app, table


def hand_text(app: NetApp) -> str:
    return str(app.screen.query_one(HandView).render())


def my_view(app: NetApp) -> SeatView:
    screen = app.screen
    assert isinstance(screen, NetGameScreen)
    view = screen.table.view()
    assert view is not None
    return view


async def test_host_and_guest_play_through_the_screens(tmp_path: Path) -> None:
    app, table = host_app(tmp_path / "host")
    host = table.host
    async with app.run_test(size=SIZE) as hp:
        await until([hp], lambda: host.address is not None)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        assert app.screen.query_one("#start", Button).disabled
        assert host.address is not None
        port = host.address[1]
        share = str(app.screen.query_one("#lobby-share").render())
        assert f"127.0.0.1:{port}" in share and host.code in share
        guest = NetApp(
            lambda: JoinScreen(f"127.0.0.1:{port}", host.code.lower(), "Gus", auto=True),
            save_dir=tmp_path / "guest",
            animate=False,
        )
        async with guest.run_test(size=SIZE) as gp:
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
                screen_text = guest.export_screenshot()
                assert "Hand of Hazel" not in screen_text
                # Tile kinds the guest may see anyway: its own hand and the placed tiles.
                seen = set(gtable.game.view(guest_seat).hand)
                seen |= {e.tile for e in gtable.game.log if isinstance(e, TilePlaced)}
                for tile in host_hand():
                    if tile not in seen:
                        assert tile_name(tile) not in screen_text

            # The host (seat 1) moves first, with the keyboard on its screen.
            assert host.game.turn == host_seat
            check_secret()
            placed = host.game.board.placements
            await hp.press("enter")
            await until(pilots, lambda: host.game.board.placements == placed + 1)
            await until(pilots, lambda: gtable.game.board.placements == placed + 1)
            # Now the guest: find a legal spot and place with the keyboard.
            await until(pilots, lambda: my_view(guest).my_turn)
            check_secret()
            view = my_view(guest)
            legal = view.legal_moves[0]
            guest_screen.cursor = legal.cell
            guest_screen.rotation = legal.rotation
            await gp.pause()
            await gp.press("enter")
            await until(pilots, lambda: host.game.board.placements == placed + 2)
            # The host's screen shows the guest's move.
            await until(pilots, lambda: "Gus placed" in str(app.screen.query_one("#status").render()))
            host_log = app.screen.query_one("#log").lines
            assert any("Gus" in str(line.text) for line in host_log)
            check_secret()
            # A refused move shows the host's reason (the guest tries out of turn).
            reason = await gtable.send_move(Move(legal.cell, view.hand[0], 0))
            assert reason is not None
            # Quitting the guest says goodbye; the host shows the seat as away.
            await gp.press("q")
            await until(pilots, lambda: "disconnected" in str(app.screen.query_one("#status").render()))


async def test_wrong_code_is_one_clear_line(tmp_path: Path) -> None:
    app, table = host_app(tmp_path / "host")
    host = table.host
    async with app.run_test(size=SIZE) as hp:
        await until([hp], lambda: host.address is not None)
        assert host.address is not None
        guest = NetApp(
            lambda: JoinScreen(f"127.0.0.1:{host.address[1]}", "WRONG1", "Gus", auto=True),  # type: ignore[index]
            save_dir=tmp_path / "guest",
            animate=False,
        )
        async with guest.run_test(size=SIZE) as gp:
            error = lambda: str(guest.screen.query_one("#setup-error").render())  # noqa: E731
            await until([hp, gp], lambda: "Wrong join code" in error())
            assert isinstance(guest.screen, JoinScreen)
            assert "Traceback" not in error()
            # The lobby still waits; nobody took the seat.
            assert not host.ready
