"""The chat of a network game on the screens: a line typed at one table is
shown on the others beside the move log, a name and a line full of markup
and escape sequences as the plain text they are, and the mute key hides
and shows it again; the board's keys stay the board's while nobody types."""

from __future__ import annotations

import asyncio
from pathlib import Path

from net.transit import MailboxServer, TransitRelay, mailbox_server, shared_transit_relay  # noqa: F401
from textual.app import App
from textual.widgets import Input

from indigo_tui.bots import make_bot
from indigo_tui.engine import Match, Setup
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostConfig, HostSession
from indigo_tui.net.notices import ChatSaid, Notice
from indigo_tui.net.protocol import Say
from indigo_tui.net.relay import parse_relay
from indigo_tui.net.rendezvous import new_table_key
from indigo_tui.saves import HostKeeper, SeatInfo
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.join import JoinScreen
from indigo_tui.ui.screens.net_game import NetGameScreen

from .conftest import AppFactory, hosted_game, new_game, screen_text, svg_text, tap, type_text, until
from .sight import seen_at_every_size

#: Rich markup, a screen-clearing escape and a bell, as a hostile player would type them.
EVIL_LINE = "[bold red]red?[/] \x1b[2J\x07[link=https://x.example]click[/link]"
#: What the others' screens show of it: the same characters, control characters gone.
EVIL_SHOWN = "[bold red]red?[/] [2J[link=https://x.example]click[/link]"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _side(app: App[None]) -> str:
    """The side panel's text on the screen (right of its border, row by row),
    without its spaces: a chat line wrapped across rows reads as one."""
    rows = [row.rpartition("\u258f")[2] for row in screen_text(app).splitlines()]
    return "".join("".join(rows).split())


async def test_chat_is_typed_shown_on_the_other_table_as_plain_text_and_muted(tmp_path: Path) -> None:
    async with hosted_game(tmp_path) as hosted:
        app, guest, hp, gp = hosted.app, hosted.guest, hosted.hp, hosted.gp
        pilots = hosted.pilots
        gscreen = guest.screen
        assert isinstance(gscreen, NetGameScreen)
        cursor = gscreen.cursor
        # k opens the line; what is typed goes into it, not to the board (w would move the cursor).
        await tap(gp, "k")
        field = gscreen.chat.query_one("#chat-input", Input)
        await type_text(gp, "well played", lambda: field.value == "well played")
        assert gscreen.cursor == cursor
        await tap(gp, "enter")
        await until(pilots, lambda: "Gus: well played" in _flat(screen_text(app)))
        await until(pilots, lambda: "Gus: well played" in _flat(screen_text(guest)))
        # A line sent as a hostile program would send it: plain text on the host's screen.
        conn = hosted.gtable.guest.conn
        assert conn is not None
        conn.send_nowait(Say(EVIL_LINE))
        await until(pilots, lambda: "Gus:" + EVIL_SHOWN.replace(" ", "") in _side(app))
        # The host answers from its own table.
        await tap(hp, "k")
        hscreen = app.screen
        assert isinstance(hscreen, NetGameScreen)
        host_field = hscreen.chat.query_one("#chat-input", Input)
        await type_text(hp, "thanks", lambda: host_field.value == "thanks")
        await tap(hp, "enter")
        await until(pilots, lambda: "Hazel: thanks" in _flat(screen_text(guest)))
        # The field keeps the focus after Enter; Escape goes back to the board,
        # and does not leave the game (the board's own Escape is Leave).
        await type_text(gp, "x", lambda: field.value == "x")
        await tap(gp, "backspace")
        await tap(gp, "escape")
        await until(pilots, lambda: guest.focused is None)
        assert isinstance(guest.screen, NetGameScreen)
        # Muted, the lines go from the screen and new ones are counted; unmuted, all are back.
        await tap(gp, "K")
        await until(pilots, lambda: "well played" not in screen_text(guest))
        assert "Chat muted" in _flat(screen_text(guest))
        hosted.table.say("one more")
        await until(pilots, lambda: "(1 new line)" in _flat(screen_text(guest)))
        assert "one more" not in screen_text(guest)
        await tap(gp, "K")
        await until(pilots, lambda: "Hazel: one more" in _flat(screen_text(guest)))
        assert "Chat muted" not in _flat(screen_text(guest))
        # Beside the move log at every size (80x24, 120x40, 200x60), covering nothing, the hand in sight too.
        await seen_at_every_size(guest, gp, ["Hazel: one more", "Your hand"])


#: A player's name as a hostile one would choose it, and what every screen shows of it.
EVIL_NAME = "[reverse]Mallory[/]\x1b[8m"
EVIL_NAME_SHOWN = "[reverse]Mallory[/][8m"


async def test_three_seats_across_the_internet_chat_both_ways_as_plain_text(
    tmp_path: Path,
    mailbox_server: MailboxServer,  # noqa: F811
    shared_transit_relay: TransitRelay,  # noqa: F811
) -> None:
    # Real servers on 127.0.0.1 (tests/net/transit.py): a mailbox server of the test's own, a transit relay.
    relay = parse_relay(shared_transit_relay.address, mailbox_server.url)
    match = Match(Setup(3), 1, 5)
    seats = [SeatInfo("Hazel", "bot:greedy"), SeatInfo("Player 2", "remote"), SeatInfo("Player 3", "remote")]
    host = HostSession(
        match,
        seats,
        new_table_key(),
        HostConfig(local_bots={0: make_bot("greedy", 1)}, keeper=HostKeeper(None), read_timeout=10.0),
    )
    evil: GuestSession | None = None
    try:
        async with asyncio.timeout(60):
            await host.listen_relay(relay)
        code = host.code
        app = NetApp(
            lambda: JoinScreen(code, "", "Gus", auto=True, save_dir=tmp_path / "gus", relay=relay),
            save_dir=tmp_path / "gus",
            animate=False,
        )
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: 1 in host.links, 60.0)
            # The second guest joins after the first (two at the very same moment is a known fault).
            evil = GuestSession(relay.host, relay.port, code, name=EVIL_NAME, relay=relay, read_timeout=10.0)
            async with asyncio.timeout(60):
                await evil.connect()
            reader = asyncio.create_task(evil.run())
            await until(pilot, lambda: host.ready)
            host.begin()
            await until(pilot, lambda: isinstance(app.screen, NetGameScreen), 60.0)
            screen = app.screen
            assert isinstance(screen, NetGameScreen)
            # Both ways: a hostile guest's line and the host's reach the screen as the characters they are.
            assert evil.say(EVIL_LINE)
            await until(pilot, lambda: EVIL_NAME_SHOWN + ":" + EVIL_SHOWN.replace(" ", "") in _side(app))
            host.chat.say(0, "[blink]welcome[/blink]")
            await until(pilot, lambda: "Hazel:[blink]welcome[/blink]" in _side(app))
            # And the screen's line reaches the host and the other guest.
            await tap(pilot, "k")
            field = screen.chat.query_one("#chat-input", Input)
            await type_text(pilot, "gg all", lambda: field.value == "gg all")
            await tap(pilot, "enter")
            heard: list[Notice] = []

            def evil_heard() -> bool:
                while not evil.notices.empty():
                    heard.append(evil.notices.get_nowait())
                return any(isinstance(n, ChatSaid) and n.text == "Gus: gg all" for n in heard)

            await until(pilot, evil_heard)
            svg = app.export_screenshot()
            assert "\x1b" not in svg and "Mallory" in svg_text(svg)
            reader.cancel()
    finally:
        if evil is not None:
            await evil.close()
        await host.close()


async def test_the_help_names_the_chat_keys(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Hand of" in screen_text(app) or "Your hand" in screen_text(app))
        # The pilot's own key presses (not tap), and pages to spare: the help's
        # page keys act on a help screen that must have settled, focus and
        # all; with tap and eight pages the chat's row once went unseen in a
        # clean-clone run under load (as in test_results_kept.py).
        await pilot.press("question_mark")
        await until(pilot, lambda: "How to play" in screen_text(app))
        # Down the table of keys, a page at a time, to the chat's row.
        for _page in range(30):
            if "type a line of chat (Enter sends it)" in _flat(screen_text(app)):
                break
            await pilot.press("pagedown")
            await pilot.pause(0.05)
        assert "in a network game: type a line of chat (Enter sends it)" in _flat(screen_text(app))


async def test_at_80x24_a_chat_line_without_room_for_the_panel_comes_as_a_toast(tmp_path: Path) -> None:
    # At 80x24 the side panel leaves the chat no rows: a line heard is said in
    # a toast instead, as plain text, where the player looks.
    async with hosted_game(tmp_path, size=(80, 24), toasts=True) as hosted:
        app, guest, gp = hosted.app, hosted.guest, hosted.gp
        await tap(gp, "k")
        gscreen = guest.screen
        assert isinstance(gscreen, NetGameScreen)
        field = gscreen.chat.query_one("#chat-input", Input)
        await type_text(gp, "[b]hi[/b]", lambda: field.value == "[b]hi[/b]")
        await tap(gp, "enter")
        await until(hosted.pilots, lambda: "Gus: [b]hi[/b]" in _flat(screen_text(app)))


def test_a_chat_line_is_worded_as_the_language_says_with_the_name_in_bold() -> None:
    # French puts a space before the colon ("{name} : {line}"); the panel once
    # joined the two with ": " of its own.
    from indigo_tui.i18n import use_language
    from indigo_tui.ui.widgets.chat import chat_line

    try:
        use_language("fr")
        shown = chat_line("[b]Gus[/b]", "salut")
        assert shown.plain == "[b]Gus[/b] : salut"
        assert [shown.plain[span.start : span.end] for span in shown.spans if span.style == "bold"] == [
            "[b]Gus[/b]"
        ]
    finally:
        use_language("en")
    assert chat_line("Gus", "hi").plain == "Gus: hi"
