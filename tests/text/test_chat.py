"""The chat of a network game by lines (``indigo join --text``), in this
process over 127.0.0.1: say sends a line, every line heard is said as one
line of plain text, mute holds them back and says how many came meanwhile;
a local table says that chat is for network games."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from net.conftest import LIMIT, Listening, listening, make_guest, make_host  # noqa: F401
from support.polling import until

from indigo_tui.engine import Setup
from indigo_tui.saves import seats_from_kinds
from indigo_tui.table.network import GuestTable
from indigo_tui.table.session import NewGame, Session
from indigo_tui.text.console import Console
from indigo_tui.text.fronts import TextFront
from indigo_tui.text.lan import NetLineTable
from indigo_tui.text.local import LineTable


async def test_say_and_mute_by_lines(listening: Listening, tmp_path: Path) -> None:  # noqa: F811
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    guest = make_guest(port, name="Ann", save_dir=tmp_path)
    await asyncio.wait_for(guest.connect(), LIMIT)
    out = io.StringIO()
    table = NetLineTable(GuestTable(guest), TextFront(Console(io.StringIO(), out)), guest.notices)
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    reader = asyncio.create_task(guest.run())
    playing = asyncio.create_task(table.play(lines))
    try:
        # Before the start, say already reaches the others waiting.
        lines.put_nowait("say [b]hi[/b] \x1b[31mthere\x07")
        await until(lambda: "Chat, Ann: [b]hi[/b] [31mthere" in out.getvalue())
        host.begin()
        lines.put_nowait("mute")
        await until(lambda: "Chat muted: mute shows it again." in out.getvalue())
        host.chat.say(0, "held back")
        await until(lambda: table.unheard == 1)
        lines.put_nowait("mute")
        await until(lambda: "Chat shown again (1 line while muted)." in out.getvalue())
        assert "held back" not in out.getvalue()
        host.chat.say(0, "heard now")
        await until(lambda: "Chat, Seat 1: heard now" in out.getvalue())
        lines.put_nowait("say")
        await until(lambda: "Say what? Type say and the line" in out.getvalue())
        lines.put_nowait("help")
        await until(lambda: "say TEXT: in a network game: say a line of chat" in out.getvalue())
        lines.put_nowait(None)
        assert await asyncio.wait_for(playing, LIMIT) == 0
    finally:
        playing.cancel()
        await guest.close()
        reader.cancel()
    # Nothing but the line breaks of its lines: no escape, no bell.
    assert all(c.isprintable() or c == "\n" for c in out.getvalue())


def test_a_local_table_has_no_chat(tmp_path: Path) -> None:
    seats = seats_from_kinds(["human", "bot:greedy"], ["Ann", "Robo"])
    session = Session.start(NewGame(Setup(2), seats, seed=3), tmp_path)
    out = io.StringIO()
    console = Console(io.StringIO("say hello\nmute\nhelp\n"), out)
    assert LineTable(session, TextFront(console)).run() == 0
    said = out.getvalue()
    assert said.count("There is no chat here: it is for network games.") == 2
    assert "say TEXT" not in said and "mute" not in said.replace("There is no chat", "")
