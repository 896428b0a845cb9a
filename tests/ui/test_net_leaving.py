"""Leaving a network game is a choice with its consequences said, read from
the screens of a host and a guest (two apps, over 127.0.0.1): the host is
asked before its leaving ends the game for everyone; the guest's screen then
says that the game has stopped and how it comes back (the host's resume
command, and joining again), stops offering moves, and gets back in at the
same move once the host has resumed. At 80x24, 120x40 and 200x60, in every
language."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from indigo_tui.i18n import _
from indigo_tui.net.hosting import host_save_name, resume_host
from indigo_tui.net.reasons import farewell_text
from indigo_tui.table.network import GuestTable, HostTable
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.confirm import ConfirmScreen
from indigo_tui.ui.screens.lobby import LobbyScreen
from indigo_tui.ui.screens.net_game import NetGameScreen, end_for_everyone_question, resume_words
from indigo_tui.ui.screens.notice import NoticeScreen
from indigo_tui.ui.screens.stopped import StoppedScreen, stopped_text
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import (
    NET_SIZE,
    Hosted,
    footer_settled,
    hosted_game,
    lobby_port,
    place_legal,
    resize,
    screen_text,
    tap,
    until,
)
from .sight import SIZES, in_every_language, seen_at_every_size


@asynccontextmanager
async def one_move_played(tmp_path: Path) -> AsyncIterator[Hosted]:
    """Hazel hosts, Gus joins, the game starts and Hazel places a tile."""
    async with hosted_game(tmp_path) as game:
        await place_legal(game.app, game.hp)
        await until(game.pilots, lambda: guest_placements(game.guest) == 1)
        yield game


def guest_placements(guest: NetApp) -> int:
    for screen in guest.screen_stack:
        if isinstance(screen, NetGameScreen):
            return screen.game.board.placements
    return -1


def guest_table(guest: NetApp) -> GuestTable:
    screen = next(s for s in guest.screen_stack if isinstance(s, NetGameScreen))
    assert isinstance(screen.table, GuestTable)
    return screen.table


def footer_line(app: NetApp) -> str:
    return screen_text(app).rstrip("\n").split("\n")[-1]


@pytest.mark.long
async def test_the_host_is_asked_and_the_guest_told_how_the_game_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One game, and at each point its words in every language at every size
    # (a game hosted and joined in each language cost four times as much,
    # for the same words seen).
    # The save's path is said from the current folder (saves/net/...), as a host sees it.
    monkeypatch.chdir(tmp_path)
    async with one_move_played(tmp_path) as game:
        app, guest, hp, gp = game.app, game.guest, game.hp, game.gp
        host = game.table.host
        save_path = host.save_path
        assert save_path is not None
        # q asks first, saying what follows; no keeps the game going for everyone.
        await tap(hp, "q")
        await until(game.pilots, lambda: isinstance(app.screen, ConfirmScreen))
        await in_every_language(
            app, lambda: seen_at_every_size(app, hp, [end_for_everyone_question(save_path)])
        )
        await hp.press("n")
        await until(game.pilots, lambda: isinstance(app.screen, NetGameScreen))
        assert not isinstance(guest.screen, StoppedScreen)
        # Escape asks too; yes ends it, and the host is told how to take it up again.
        await tap(hp, "escape")
        await until(game.pilots, lambda: isinstance(app.screen, ConfirmScreen))
        await tap(hp, "y")
        await until(game.pilots, lambda: isinstance(app.screen, NoticeScreen))
        await in_every_language(app, lambda: seen_at_every_size(app, hp, [resume_words(save_path)]))
        await tap(hp, "enter")
        await until(game.pilots, lambda: isinstance(app.screen, TitleScreen))
        # The guest: the game has stopped, how it comes back, in its words.
        await until(game.pilots, lambda: isinstance(guest.screen, StoppedScreen))
        table = guest_table(guest)
        record = table.guest.record
        assert record is not None
        game_id = record.game_id

        # The reason is said in the words of the moment the stop was heard (in
        # English here); the rest of the screen in the language switched to.
        reason = _("the host left: {reason}").format(reason=farewell_text("host_quit", ""))

        def stopped_words() -> list[str]:
            words = stopped_text(reason, f"…/net/{host_save_name(game_id)}", f"127.0.0.1:{game.port}")
            return words.split("\n\n")

        await in_every_language(guest, lambda: seen_at_every_size(guest, gp, stopped_words()))
        # Back on the board: no moves offered, the stop said, a key to join again.
        await tap(gp, "b")
        await until(game.pilots, lambda: isinstance(guest.screen, NetGameScreen))

        async def the_board_says_it_stopped() -> None:
            for size in SIZES:
                await resize(gp, *size)
                await until(game.pilots, lambda: f"j {_('Join again')}" in footer_line(guest))
                footer = footer_line(guest)
                assert _("Place") not in footer and _("Rotate") not in footer, footer
                # The stop said on the side, at 80 columns in the words that fit on one line.
                said = (
                    _("Game stopped (o: more).")
                    if size == SIZES[0]
                    else _("The game has stopped: o tells how it goes on.")
                )
                await seen_at_every_size(guest, gp, [said], [size])
                assert _("{name} to move.").format(name="Hazel") not in screen_text(guest)

        await in_every_language(guest, the_board_says_it_stopped)
        await tap(gp, "o")
        await until(game.pilots, lambda: isinstance(guest.screen, StoppedScreen))


async def test_after_the_host_resumes_the_guest_joins_again_at_the_same_move(tmp_path: Path) -> None:
    async with one_move_played(tmp_path) as game:
        app, guest, hp, gp = game.app, game.guest, game.hp, game.gp
        host = game.table.host
        save = host.save_path
        assert save is not None
        await tap(hp, "q")
        await until(game.pilots, lambda: isinstance(app.screen, ConfirmScreen))
        await tap(hp, "y")
        await until(game.pilots, lambda: isinstance(guest.screen, StoppedScreen))
        await until(game.pilots, lambda: not app.is_running)
        # What the guest's screen says the host does: indigo host --resume FILE (same port here).
        resumed = resume_host(save)
        table = HostTable(resumed.session, resumed.own)
        table.host.bot_seats.move_delay = 0.0
        again = NetApp(
            lambda: LobbyScreen(table, bind="127.0.0.1", port=game.port),
            save_dir=tmp_path / "host",
            animate=False,
        )
        async with again.run_test(size=NET_SIZE) as hp2:
            pilots = [hp2, gp]
            await lobby_port(hp2, table.host)
            # And what it says the guest does: j, which joins (no Enter on the form it fills in).
            await tap(gp, "j")
            await until(pilots, lambda: table.host.ready and isinstance(again.screen, LobbyScreen))
            await tap(hp2, "ctrl+s")
            await until(pilots, lambda: isinstance(guest.screen, NetGameScreen))
            await until(
                pilots,
                lambda: (
                    guest_placements(guest) == 1
                    and "Your hand" in screen_text(guest)
                    and footer_settled(guest)
                    and _("Place") in footer_line(guest)
                ),
            )
            screen = guest.screen
            assert isinstance(screen, NetGameScreen) and screen.stopped is None
            assert _("Place") in footer_line(guest)
