"""A rematch on the screens of a network game: once it is over, p (on the
result's dialog, or the board's footer) offers the table a new game; the
other terminal is asked, every screen says who has not agreed yet, a yes
deals the new game on both boards, and a no ends the offer on both with one
line. Two apps over 127.0.0.1; the moves are played straight through the
peers (the keys of a move are other tests'), the rematch by keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from indigo_tui.net.host import HostSession
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.confirm import ConfirmScreen
from indigo_tui.ui.screens.net_game import NetEndScreen, NetGameScreen

from .conftest import Hosted, footer_keys, hosted_game, screen_text, svg_text, tap, until


def _flat(text: str) -> str:
    return " ".join(text.split())


async def finish(hosted: Hosted) -> None:
    """Both seats' moves, straight through the peers, to the end of the game
    and the guest's check of its deal: both terminals show the result."""
    host: HostSession = hosted.table.host
    guest = hosted.gtable.guest
    while not host.game.over:
        if host.game.turn == 0:
            move = host.game.view(0).legal_moves[0]
            assert await host.play(0, move) is None
        else:
            await until(hosted.pilots, lambda: guest.state is not None and guest.state.length == host.length)
            assert guest.state is not None
            assert await guest.play(guest.state.view().legal_moves[0]) is None
    await until(hosted.pilots, lambda: guest.finished.is_set())
    for app in (hosted.app, hosted.guest):
        await until(hosted.pilots, lambda app=app: isinstance(app.screen, NetEndScreen))  # type: ignore[misc]
        await until(hosted.pilots, lambda app=app: "Rematch (p)" in screen_text(app))  # type: ignore[misc]


def side(app: NetApp) -> str:
    """The side panel's words (right of its border, row after row, as one line)."""
    rows = [row.rpartition("\u258f")[2] for row in screen_text(app).splitlines() if "\u258f" in row]
    return _flat(" ".join(rows))


def on_board(app: NetApp) -> bool:
    return isinstance(app.screen, NetGameScreen)


@pytest.mark.slow
async def test_a_rematch_is_offered_agreed_and_dealt_on_both_screens(tmp_path: Path) -> None:
    async with hosted_game(tmp_path) as hosted:
        app, guest, hp, gp = hosted.app, hosted.guest, hosted.hp, hosted.gp
        pilots = hosted.pilots
        host = hosted.table.host
        first_id, first_save = host.game_id, host.save_path
        await finish(hosted)
        # Gus offers from the result's dialog; his screen says who has not agreed yet.
        await tap(gp, "p")
        await until(pilots, lambda: "waiting for Hazel to agree" in _flat(screen_text(guest)))
        assert "Gus offers a rematch: waiting for Hazel to agree." in _flat(screen_text(guest))
        svg = guest.export_screenshot()
        assert "waiting for Hazel to agree" in _flat(svg_text(svg))
        # Hazel is asked, over her result.
        await until(pilots, lambda: isinstance(app.screen, ConfirmScreen))
        # (The question wraps in the dialog: its first line.)
        await until(pilots, lambda: "Gus offers a rematch: the same table, a new deal." in screen_text(app))
        await tap(hp, "y")
        # The new game on both boards, its result's dialog gone.
        await until(pilots, lambda: on_board(app) and on_board(guest))
        await until(pilots, lambda: not host.game.over and host.game_id != first_id)
        for shown in (app, guest):
            await until(pilots, lambda shown=shown: "The rematch begins" in side(shown))  # type: ignore[misc]
        assert host.save_path is not None and host.save_path != first_save
        assert first_save is not None and first_save.is_file()
        assert hosted.table.save_path == host.save_path
        # Its end is the result's dialog again, with its deal checked.
        await finish(hosted)
        assert hosted.gtable.guest.deal is not None and hosted.gtable.guest.deal.verified
        assert "Deal verified" in screen_text(guest)


async def test_a_no_ends_the_offer_on_both_screens_and_the_board_footer_offers_it(tmp_path: Path) -> None:
    async with hosted_game(tmp_path) as hosted:
        app, guest, hp, gp = hosted.app, hosted.guest, hosted.hp, hosted.gp
        pilots = hosted.pilots
        await finish(hosted)
        # Back to the board: its footer has the key too, and Hazel offers from there.
        await tap(hp, "b")
        await until(pilots, lambda: on_board(app))
        await until(pilots, lambda: "Rematch" in [key.description for key in footer_keys(app)])
        await tap(hp, "p")
        await until(pilots, lambda: "Hazel offers a rematch: waiting for Gus to agree." in side(app))
        await until(pilots, lambda: isinstance(guest.screen, ConfirmScreen))
        await until(pilots, lambda: "Hazel offers a rematch: the same table" in screen_text(guest))
        await tap(gp, "n")
        await until(pilots, lambda: "Gus declined the rematch." in side(app))
        await until(pilots, lambda: "Gus declined the rematch." in _flat(screen_text(guest)))
        assert not hosted.table.host.rematch.open and hosted.table.host.game.over
        assert isinstance(guest.screen, NetEndScreen)


async def test_at_80x24_every_button_of_the_result_is_whole_with_the_rematch(tmp_path: Path) -> None:
    # The rematch's button is composed with the others, so the row's columns
    # count it: mounted after them, it pushed 'Title screen (esc)' off the box.
    async with hosted_game(tmp_path, size=(80, 24)) as hosted:
        await finish(hosted)
        for app in (hosted.app, hosted.guest):
            text = screen_text(app)
            for label in ("Rematch (p)", "Review (v)", "Back to board (b)", "Title screen (esc)"):
                assert label in text, (label, text)
