"""The chat of a network game on the screens: a line typed at one table is
shown on the others beside the move log, a name and a line full of markup
and escape sequences as the plain text they are, and the mute key hides
and shows it again; the board's keys stay the board's while nobody types."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets import Input

from indigo_tui.net.protocol import Say
from indigo_tui.ui.screens.net_game import NetGameScreen

from .conftest import hosted_game, screen_text, tap, type_text, until

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
