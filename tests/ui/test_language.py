"""The app in another language: bindings, the language setting and a switch on the spot.

These tests speak a pseudo-language, not a catalog a translator is still
filling: every message comes back marked and a third longer, so a word the
screens forgot to translate stays visibly English, and the test holds
whatever the catalogs hold today.
"""

from __future__ import annotations

import gettext
import json
from pathlib import Path

import pytest
from textual.widgets import OptionList

import indigo_tui.i18n as i18n
from indigo_tui.i18n import _, use_language
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.language import LanguageScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import AppFactory, current, new_game, screen_text, until


def pseudo(message: str) -> str:
    """A message in the pseudo-language: marked, and about 30% longer, as
    German and French run."""
    return "»" + message + "~" * (len(message) * 3 // 10)


class PseudoCatalog(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


@pytest.fixture
def pseudo_german(monkeypatch: pytest.MonkeyPatch) -> None:
    """German, as far as these tests can tell, is the pseudo-language."""
    monkeypatch.setitem(i18n._catalogs, "de", PseudoCatalog())


def text_of(app: IndigoApp) -> str:
    return screen_text(app)


def descriptions(app: IndigoApp) -> dict[str, str]:
    """The key -> description of every binding the footer could show now."""
    return {key: active.binding.description for key, active in app.screen.active_bindings.items()}


async def test_two_runs_in_one_process_each_show_their_language_in_the_footer(
    save_dir: Path, pseudo_german: None
) -> None:
    use_language("de")
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause()
        shown = descriptions(app)
        assert shown["q"] == pseudo("Quit") and shown["n"] == pseudo("New game")
        assert pseudo("New game") in text_of(app)  # the menu and the footer
    use_language("en")
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause()
        assert descriptions(app)["q"] == "Quit"
        assert "»" not in text_of(app)


async def test_the_table_speaks_the_language_everywhere(make_app: AppFactory, pseudo_german: None) -> None:
    use_language("de")
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        shown = descriptions(app)
        assert shown["u"] == pseudo("Undo") and shown["escape"] == pseudo("Menu")
        text = text_of(app)
        assert pseudo("Hand of {name}").format(name="Ann") in text
        assert "»Ann to move" in text and pseudo("gates {gates}").format(gates="1,3,5") in text
        # The palette's entries: the game's own and Textual's.
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {pseudo("Place tile"), pseudo("Theme"), pseudo("Screenshot")} <= titles
        assert not {"Place tile", "Theme", "Quit", "Screenshot", "Keys"} & titles


async def test_choosing_a_language_on_the_title_screen_switches_at_once_and_is_remembered(
    save_dir: Path, pseudo_german: None, tmp_path: Path
) -> None:
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause()
        current(app, TitleScreen).action_pick("language")
        await until(pilot, lambda: isinstance(app.screen, LanguageScreen))
        await pilot.pause()
        await pilot.press("down", "enter")  # English, then Deutsch
        await until(pilot, lambda: isinstance(app.screen, TitleScreen) and descriptions(app)["q"] != "Quit")
        await pilot.pause()
        assert i18n.current_language() == "de"
        assert descriptions(app)["q"] == pseudo("Quit")
        assert pseudo("Load a saved game") in text_of(app)
    settings = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert settings["language"] == "de"


async def test_the_palette_switches_the_table_and_the_title_beneath_it(
    make_app: AppFactory, pseudo_german: None
) -> None:
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        assert "Hand of Ann" in text_of(app)
        titles = {command.title: command for command in app.get_system_commands(app.screen)}
        titles[f"Language: {i18n.language_name('de')}"].callback()
        await until(pilot, lambda: "»Hand of Ann" in text_of(app))
        await pilot.pause()
        assert i18n.current_language() == "de" and descriptions(app)["u"] == pseudo("Undo")
        current(app, GameScreen).action_leave()
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause()
        assert pseudo("New game") in text_of(app)


async def test_a_switch_keeps_what_a_form_holds(save_dir: Path, pseudo_german: None) -> None:
    from textual.widgets import Input, Select

    from indigo_tui.ui.screens.join import JoinScreen
    from indigo_tui.ui.screens.setup import SetupScreen

    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        current(app, TitleScreen).action_pick("new")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        setup = app.screen
        setup.query_one("#players", Select).value = 3
        setup.query_one("#name-0", Input).value = "Zoë"
        setup.query_one("#seed", Input).value = "42"
        await pilot.pause()
        app.push_screen(JoinScreen(address="10.0.0.7:7777", save_dir=save_dir))
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.pause()
        app.screen.query_one("#code", Input).value = "abc"
        await app.set_language("de")
        await pilot.pause()
        join = app.screen
        assert join.query_one("#address", Input).value == "10.0.0.7:7777"
        assert join.query_one("#code", Input).value == "abc"
        assert pseudo("Join a game on the local network or across the internet") in text_of(app)
        app.pop_screen()
        await until(pilot, lambda: app.screen is setup)
        await pilot.pause()
        assert setup.query_one("#players", Select).value == 3
        assert setup.query_one("#seat-row-2").display and not setup.query_one("#seat-row-3").display
        assert setup.query_one("#name-0", Input).value == "Zoë"
        assert setup.query_one("#seed", Input).value == "42"
        assert pseudo("Variant") in text_of(app)


async def test_news_from_the_network_while_the_lobby_changes_language(
    tmp_path: Path, pseudo_german: None
) -> None:
    """A peer's news can come while a change of language composes the lobby
    again (its lines are gone, the new ones not yet there): it is shown in the
    new words, and nothing breaks."""
    import asyncio

    from indigo_tui.net.notices import Problem
    from indigo_tui.ui.net_link import NetNotice
    from indigo_tui.ui.screens.lobby import LobbyScreen

    from .conftest import NET_SIZE, hazel, host_app, lobby_port

    app, table = host_app(tmp_path / "host", hazel())
    async with app.run_test(size=NET_SIZE) as pilot:
        await lobby_port(pilot, table.host)
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        switching = asyncio.create_task(app.set_language("de"))
        for _ in range(5):
            lobby.post_message(NetNotice(Problem("the news")))
            await asyncio.sleep(0)
        await switching
        await until(pilot, lambda: "the news" in text_of(app) and pseudo("Seats:") in text_of(app))
        assert app.is_running and app.return_code is None


async def test_news_from_the_network_while_the_waiting_room_changes_language(
    tmp_path: Path, pseudo_german: None
) -> None:
    """The same for a guest waiting for the host to start."""
    import asyncio

    from indigo_tui.net.notices import Problem
    from indigo_tui.ui.net_link import NetNotice
    from indigo_tui.ui.screens.waiting_room import WaitScreen

    from .conftest import NET_SIZE, guest_app, hazel, host_app, lobby_port

    app, table = host_app(tmp_path / "host", hazel())
    host = table.host
    async with app.run_test(size=NET_SIZE) as hp:
        port = await lobby_port(hp, host)
        guest = guest_app(tmp_path / "guest", port, host.code, "Gus")
        async with guest.run_test(size=NET_SIZE) as gp:
            pilots = [hp, gp]
            await until(pilots, lambda: isinstance(guest.screen, WaitScreen))
            room = guest.screen
            switching = asyncio.create_task(guest.set_language("de"))
            for _ in range(5):
                room.post_message(NetNotice(Problem("the news")))
                await asyncio.sleep(0)
            await switching
            await until(pilots, lambda: pseudo("You are seat {number} of {players}")[:12] in text_of(guest))
            assert guest.is_running and guest.return_code is None


async def test_a_refusal_that_comes_while_the_join_form_changes_language_is_shown(
    tmp_path: Path, pseudo_german: None
) -> None:
    """The host's answer to a join can come while a change of language composes
    the form again: it is shown all the same, and nothing breaks."""
    import asyncio

    from indigo_tui.ui.net_app import NetApp
    from indigo_tui.ui.screens.join import JoinScreen

    from .test_net_hostile import frame

    answer = asyncio.Event()

    async def fake_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(4096)
        await answer.wait()
        writer.write(frame({"type": "error", "reason": "no seats today", "code": "other"}))
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(fake_host, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        app = NetApp(
            lambda: JoinScreen(f"127.0.0.1:{port}", "CODE", "Gus", auto=True, save_dir=tmp_path / "guest"),
            save_dir=tmp_path / "guest",
            animate=False,
        )
        async with app.run_test(size=(80, 24)) as pilot:

            def error() -> str:
                return "".join(str(panel.render()) for panel in app.screen.query("#setup-error"))

            await until(pilot, lambda: isinstance(app.screen, JoinScreen) and "Joining" in error())
            switching = asyncio.create_task(app.set_language("de"))
            answer.set()
            await switching
            await until(pilot, lambda: "no seats today" in error())
            assert app.is_running and app.return_code is None
    finally:
        server.close()


async def test_the_save_list_that_comes_while_the_load_screen_changes_language_is_shown(
    save_dir: Path, pseudo_german: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The listing of the save folder (in a worker) can end while a change of
    language composes the load screen again: the list is shown all the same."""
    import asyncio
    import threading

    from indigo_tui.engine import Match, Setup
    from indigo_tui.saves import SeatInfo, list_saves, make_header, write_save
    from indigo_tui.ui.screens import load
    from indigo_tui.ui.screens.load import LoadScreen

    match = Match(Setup(2), seed=5)
    match.game.push(match.game.legal_moves[0])
    write_save(save_dir / "ann.indigo", make_header(match, [SeatInfo("Ann"), SeatInfo("Bob")]), match)
    listed = threading.Event()

    def held(folder: Path) -> list[object]:
        listed.wait(timeout=30)  # bounded: a broken test cannot hang the suite
        return list(list_saves(folder))

    monkeypatch.setattr(load, "list_saves", held)
    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        app.push_screen(LoadScreen(save_dir))
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.is_mounted)
        screen = app.screen
        switching = asyncio.create_task(app.set_language("de"))
        await asyncio.sleep(0)
        listed.set()
        await switching
        await until(pilot, lambda: len(screen.query_one("#saves", OptionList).options) == 1)
        assert app.is_running and app.return_code is None


@pytest.mark.parametrize("kind", ["load", "setup"])
async def test_a_switch_while_a_screen_is_pushed_puts_it_in_the_language_once(
    save_dir: Path, kind: str
) -> None:
    """The language changes (the palette's worker) while a screen is still being
    pushed: the screen is composed once, and then says its words in the new
    language (composing it again beside its own compose mounted every widget
    twice: DuplicateIds, and the app ended)."""
    from indigo_tui.ui.screens.load import LoadScreen
    from indigo_tui.ui.screens.setup import SetupScreen

    app = IndigoApp(save_dir=save_dir, animate=False, bot_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        screen = LoadScreen(save_dir) if kind == "load" else SetupScreen()
        app.push_screen(screen)  # not awaited: its compose is under way
        await app.set_language("de")
        title = _("Saved games") if kind == "load" else _("New game")
        assert title != ("Saved games" if kind == "load" else "New game")  # German, not English
        await until(pilot, lambda: screen.is_mounted and title in screen_text(app))
        assert app.is_running and app.return_code is None
        assert screen_text(app).count(title) == 1
