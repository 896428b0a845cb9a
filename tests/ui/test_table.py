"""One game screen over each kind of table (:class:`~indigo_tui.table.base.Table`):
the local :class:`Session`, the host's :class:`HostTable` and a guest's
:class:`GuestTable`. Each shows the same table and asks the table what it
offers instead of what kind it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from indigo_tui.engine import Move
from indigo_tui.net.guest import GuestSession
from indigo_tui.saves import SaveError, load_save, read_host_meta
from indigo_tui.table.base import Table, TableRefusal
from indigo_tui.table.network import GuestTable, NetTable
from indigo_tui.table.session import Session
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.net_game import NetGameScreen

from .conftest import (
    NET_SIZE,
    AppFactory,
    game_screen,
    hosted_game,
    new_game,
    place_legal,
    screen_text,
    until,
)


def shows_the_table(app: App[Any], table: Table) -> None:
    """The side panel is this table's: its seats, the seat on screen's hand, the move number."""
    text = screen_text(app)
    for info in table.seats:
        assert info.name in text
    view = table.view()
    assert view is not None
    # A network seat's player is the one reading; a local table names its seats.
    heading = "Your hand" if table.speaks_to(view.seat) else f"Hand of {table.name(view.seat)}"
    assert heading in text
    assert f"move {table.game.board.placements + 1}" in text


async def test_a_game_screen_over_a_session(make_app: AppFactory) -> None:
    app: IndigoApp = make_app(new_game(("human", "bot:random")))
    async with app.run_test(size=NET_SIZE) as pilot:
        await until(pilot, lambda: "Hand of Ann" in screen_text(app))  # the table drawn
        screen = game_screen(app)
        session = app.session
        assert isinstance(session, Session) and screen.session is session
        assert session.offers_hints
        shows_the_table(app, session)
        await pilot.press("enter")
        # The human's move, then the bot's: both played here at once.
        await until(pilot, lambda: session.game.board.placements == 2)
        shows_the_table(app, session)
        await pilot.press("u")
        await until(pilot, lambda: screen.message == "Move taken back.")
        assert session.game.board.placements == 0
        # The whole round is at this terminal: the end screen offers the review.
        assert session.review() == (session.game, session.save_path)
        app.push_screen(EndScreen(session))
        await until(pilot, lambda: isinstance(app.screen, EndScreen) and bool(app.screen.query("#review")))


async def test_a_game_screen_over_the_host_and_a_guest_table(tmp_path: Path) -> None:
    async with hosted_game(tmp_path) as hosted:
        app, guest, hp, gp, pilots = hosted.app, hosted.guest, hosted.hp, hosted.gp, hosted.pilots
        host, gtable = hosted.table.host, hosted.gtable
        hscreen, gscreen = app.screen, guest.screen
        assert isinstance(hscreen, NetGameScreen) and isinstance(gscreen, NetGameScreen)
        tables: list[tuple[App[Any], GameScreen, NetTable]] = [
            (app, hscreen, hscreen.table),
            (guest, gscreen, gtable),
        ]
        for side, screen, net_table in tables:
            # The same GameScreen, reading a network table.
            assert screen.session is net_table
            assert not net_table.offers_hints
            # A guest holds only its own seat's view: nothing to review at the table.
            assert net_table.review() is None
            assert net_table.hints == [0, 0]
            shows_the_table(side, net_table)
        # The host's seat moves first; both screens follow.
        await place_legal(app, hp)
        await until(pilots, lambda: gtable.game.board.placements == 1)
        await until(pilots, lambda: "Hazel placed" in screen_text(guest))
        for side, _, net_table in tables:
            shows_the_table(side, net_table)
        # The guest asks for a hint: this host allows none, and the screen says so.
        await gp.press("h")
        await until(
            pilots,
            lambda: gscreen.message.startswith(
                "The host allows no hints in this game: the host turns them on with Allow hints"
            ),
        )
        assert not gscreen.hinting and host.hints.counts == [0, 0]


@pytest.mark.usefixtures("quick_hints")
async def test_hints_the_host_allows_are_counted_for_every_terminal(tmp_path: Path) -> None:
    async with hosted_game(tmp_path, hints=True) as hosted:
        app, guest, hp, gp, pilots = hosted.app, hosted.guest, hosted.hp, hosted.gp, hosted.pilots
        host = hosted.table.host
        hscreen, gscreen = app.screen, guest.screen
        assert isinstance(hscreen, NetGameScreen) and isinstance(gscreen, NetGameScreen)
        assert hscreen.table.offers_hints and gscreen.table.offers_hints
        # The host's seat asks first: the search moves its cursor, the count reaches the guest.
        await hp.press("h")
        await until(pilots, lambda: not hscreen.hinting)
        await until(pilots, lambda: gscreen.table.hints == [1, 0])
        await place_legal(app, hp)
        await until(pilots, lambda: gscreen.table.game.board.placements == 1)
        # The guest's hint is searched at the guest (its own view) and counted by the host.
        await gp.press("h")
        await until(pilots, lambda: not gscreen.hinting)
        await until(pilots, lambda: host.hints.counts == [1, 1] and gscreen.table.hints == [1, 1])
        # The counts are in the host's save, with the rule, for a resumed host.
        assert host.save_path is not None
        saved = load_save(host.save_path)
        assert saved.header.meta["hints"] == "1,1"
        assert read_host_meta(saved.header.meta).hints


def test_what_a_network_table_does_not_offer_is_refused_in_words() -> None:
    # A guest that has not joined yet: the refusals need no game.
    table = GuestTable(GuestSession("127.0.0.1", 9, "ABCDEF", name="Gus"))
    with pytest.raises(TableRefusal, match="goes to the host"):
        table.play(Move(30, 0, 0))
    with pytest.raises(TableRefusal, match="allows no hints"):
        table.count_hint(0)
    with pytest.raises(TableRefusal, match="the host deals the next round"):
        table.next_round()
    with pytest.raises(SaveError, match="saved automatically"):
        table.save_as("mine")
    # Nothing is taken back or played again at once: undo is a vote (ask_undo).
    assert (table.undo(), table.redo()) == (0, 0)
