"""A network match of several rounds through the screens: the host deals the
next round from its end screen, the guest's table follows, and both end
screens show the match score."""

from __future__ import annotations

from pathlib import Path

import pytest

from indigo_tui import saves
from indigo_tui.net.hosting import HostPlan
from indigo_tui.table.network import GuestTable
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.net_game import NetEndScreen, NetGameScreen
from indigo_tui.ui.screens.waiting_room import WaitScreen

from .conftest import NET_SIZE, guest_app, host_app, lobby_port, my_view, place_legal, screen_text, until


def guest_end_shown(guest: NetApp) -> bool:
    """The guest's end screen is up, with its check of the round's deal."""
    return isinstance(guest.screen, NetEndScreen) and bool(guest.screen.query("#deal"))


@pytest.mark.slow
async def test_the_guest_follows_the_host_from_round_to_round(tmp_path: Path) -> None:
    app, table = host_app(tmp_path / "host", HostPlan(["bot:random", "remote"], rounds=2, seed=4))
    host = table.host
    async with app.run_test(size=NET_SIZE) as hp:
        guest = guest_app(tmp_path / "guest", await lobby_port(hp, host), host.code, "Gus")
        async with guest.run_test(size=NET_SIZE) as gp:
            pilots = [hp, gp]
            await until(pilots, lambda: isinstance(guest.screen, WaitScreen))
            await until(pilots, lambda: host.ready)
            await hp.press("ctrl+s")
            await until(pilots, lambda: isinstance(guest.screen, NetGameScreen))
            gscreen = guest.screen
            assert isinstance(gscreen, NetGameScreen)
            gtable = gscreen.table
            assert isinstance(gtable, GuestTable)

            async def play_round() -> None:
                for _ in range(100):
                    if host.game.over:
                        return
                    if host.game.turn != 1:
                        await until(pilots, lambda: host.game.turn == 1 or host.game.over)
                        continue
                    count = host.game.board.placements
                    await until(pilots, lambda: my_view(guest).my_turn and not gscreen._sending)
                    await place_legal(guest, gp)

                    def placed(count: int = count) -> bool:
                        return host.game.board.placements > count

                    await until(pilots, placed)

            await play_round()
            # Round 1 is over: the host may deal the next; the guest waits for it.
            await until(pilots, lambda: isinstance(app.screen, EndScreen))
            await until(
                pilots, lambda: isinstance(guest.screen, NetEndScreen) and bool(guest.screen.query("#deal"))
            )
            # Both end screens once drawn (a screen pushed is not yet laid out).
            await until(pilots, lambda: "Round 1 of 2 is over." in screen_text(app))
            await until(pilots, lambda: "Waiting for the host to deal round 2." in screen_text(guest))
            assert "total" in screen_text(app)
            assert "Next round" in screen_text(app) and "Next round" not in screen_text(guest)
            await hp.press("n")
            await until(pilots, lambda: host.match.round_index == 1)
            # The guest's end screen goes, and its table shows round 2.
            await until(pilots, lambda: guest.screen is gscreen and gtable.match.round_index == 1)
            await until(pilots, lambda: "round 2/2" in str(gscreen.query_one("#status").render()))
            await play_round()
            assert host.match.over
            # Both end screens: the match is over, with the same totals.
            await until(
                pilots, lambda: isinstance(app.screen, EndScreen) and "match is over" in screen_text(app)
            )
            await until(
                pilots, lambda: isinstance(guest.screen, NetEndScreen) and bool(guest.screen.query("#deal"))
            )
            await until(pilots, lambda: "The match is over" in screen_text(guest))
            assert gtable.match.totals == host.match.totals
            assert gtable.match.winners == host.match.winners
            # The guest's record is finalised and its save holds both rounds.
            guest_session = gtable.guest
            assert guest_session.record_file is not None
            assert saves.load_record(guest_session.record_file).over
            assert guest_session.final_save is not None
            assert len(saves.load_save(guest_session.final_save).match.games) == 2
