"""Hostile text from the network, through the screens: a screen-based host and
guest (two apps in one process, over 127.0.0.1) are sent every kind of
hostile string and still play a whole game to both end screens, showing the
strings as plain text. Every wait is bounded."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

import msgspec
import pytest

from indigo_tui.net.hosting import HostPlan
from indigo_tui.net.notices import Problem
from indigo_tui.net.protocol import MoveRejected, SeatStatus
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.join import JoinScreen
from indigo_tui.ui.screens.lobby import LobbyScreen
from indigo_tui.ui.screens.net_game import NetGameScreen
from indigo_tui.ui.screens.waiting_room import WaitScreen

from .conftest import (
    NET_SIZE,
    guest_app,
    host_app,
    lobby_port,
    place_legal,
    play_to_the_end,
    screen_text,
    until,
)

#: Markup that breaks (or would colour) a screen if it were read as markup.
BROKEN = "[/]"
HIDDEN = "[red on red]x"
#: Escape sequences: set the window title, clear the screen.
ESCAPES = "\x1b]0;pwned\x07\x1b[2J"


def frame(payload: object) -> bytes:
    body = msgspec.msgpack.encode(payload)
    return struct.pack(">I", len(body)) + body


async def stranger(port: int, data: bytes) -> bytes:
    """Connect, send ``data``, read what comes back (bounded), hang up."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    try:
        # Each stranger here gets an answer at once; the bound only stops a hang.
        return await asyncio.wait_for(reader.read(4096), 30.0)
    except TimeoutError:
        return b""
    finally:
        writer.close()


def alive(app: NetApp) -> bool:
    # A crash ends the app with return code 1; a running app has none yet.
    return app.is_running and app.return_code is None


@pytest.mark.slow
async def test_hostile_text_is_plain_on_every_screen_and_the_game_still_ends(tmp_path: Path) -> None:
    host_name = f"{BROKEN}Haz{HIDDEN}"
    guest_name = f"{HIDDEN}{BROKEN}\x1b[2J"
    shown_guest = f"{HIDDEN}{BROKEN}[2J"
    # What a hostile host renames its own seat to, and how the guest shows it.
    renamed = f"{BROKEN}Zed]0;pwned[2J"
    app, table = host_app(tmp_path / "host", HostPlan(["host", "remote"], name=host_name, seed=7))
    host = table.host
    async with app.run_test(size=NET_SIZE) as hp:
        port = await lobby_port(hp, host)
        # Strangers without the code: a frame whose type is markup (echoed by the
        # decode error), an old hello whose app is markup and escapes, a huge app.
        await stranger(port, frame({"type": BROKEN}))
        await until([hp], lambda: "malformed" in str(app.screen.query_one("#lobby-status").render()))
        assert BROKEN in str(app.screen.query_one("#lobby-status").render())
        await stranger(port, frame({"type": "hello", "protocol": 1, "app": BROKEN + ESCAPES}))
        await until([hp], lambda: "version mismatch" in str(app.screen.query_one("#lobby-status").render()))
        status = str(app.screen.query_one("#lobby-status").render())
        assert f"indigo-tui {BROKEN}]0;pwned" in status and "\x1b" not in status
        answer = await stranger(port, frame({"type": "hello", "protocol": 1, "app": "A" * 200_000}))
        assert b"limit" in answer  # refused before 200 KB are held, in one frame
        assert alive(app) and isinstance(app.screen, LobbyScreen)

        guest = guest_app(tmp_path / "guest", port, host.code, guest_name)
        async with guest.run_test(size=NET_SIZE) as gp:
            pilots = [hp, gp]
            # Mounted, not only pushed: its seats are read from its widgets below.
            await until(pilots, lambda: isinstance(guest.screen, WaitScreen) and guest.screen.is_mounted)
            assert host.seats[1].name == shown_guest
            # The lobby lists the guest's name as written; the waiting room the host's.
            await until(pilots, lambda: shown_guest in str(app.screen.query_one("#lobby-seats").render()))
            await until(pilots, lambda: host_name in str(guest.screen.query_one("#wait-seats").render()))
            wait_seats = str(guest.screen.query_one("#wait-seats").render())
            assert host_name in wait_seats and shown_guest in wait_seats
            # A hostile host's words reach the guest too: a seat renamed, a refusal.
            link = host.links[1]
            host.broadcaster.send(link, SeatStatus(0, True, f"{BROKEN}Zed{ESCAPES}"))
            await until(pilots, lambda: "pwned" in str(guest.screen.query_one("#wait-status").render()))
            assert "\x1b" not in str(guest.screen.query_one("#wait-seats").render())
            assert alive(app) and alive(guest)

            await hp.press("ctrl+s")
            await until(pilots, lambda: isinstance(app.screen, NetGameScreen))
            await until(pilots, lambda: isinstance(guest.screen, NetGameScreen))
            # The table: scoreboard, status, hand and log name both players as
            # written (once drawn: a screen pushed is not yet laid out).
            await until(pilots, lambda: shown_guest in screen_text(app) and host_name in screen_text(app))
            await until(pilots, lambda: renamed in screen_text(guest))
            gscreen = guest.screen
            assert isinstance(gscreen, NetGameScreen)
            host.broadcaster.send(link, MoveRejected(999, BROKEN + ESCAPES))
            host.tell(Problem(f"{BROKEN}{HIDDEN}{ESCAPES}"))
            await until(pilots, lambda: f"{BROKEN}{HIDDEN}]0;pwned[2J" in screen_text(app))

            # The host asks for an undo: the guest's dialog names the host as written.
            await place_legal(app, hp)
            await until(pilots, lambda: host.game.board.placements == 1)
            await hp.press("u")
            await until(pilots, lambda: "take back" in screen_text(guest))
            assert f"{renamed} asks to take back" in screen_text(guest)
            await gp.press("y")
            await until(pilots, lambda: host.game.board.placements == 0)
            await until(pilots, lambda: "last move was taken back" in screen_text(app))

            # The whole game, each side at its own keyboard.
            await play_to_the_end(host, app, hp, guest, gp)
            # Both end screens, names as written.
            await until(pilots, lambda: isinstance(app.screen, EndScreen))
            await until(pilots, lambda: bool(guest.screen.query("#deal")))
            await until(
                pilots, lambda: "Final result" in screen_text(app) and "Final result" in screen_text(guest)
            )
            assert shown_guest in screen_text(app)
            assert f"{renamed}" in screen_text(guest)
            assert alive(app) and alive(guest)


async def test_a_hostile_hosts_refusal_is_one_plain_line_on_the_join_form(tmp_path: Path) -> None:
    # As long as a frame before the sealed channel may be.
    reason = f"{BROKEN}{HIDDEN}{ESCAPES}" + "y" * 900

    async def fake_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(4096)
        writer.write(frame({"type": "error", "reason": reason, "code": f"{BROKEN}"}))
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(fake_host, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        guest = guest_app(tmp_path / "guest", port, "CODE", "Gus")
        async with guest.run_test(size=NET_SIZE) as gp:

            def error() -> str:
                return str(guest.screen.query_one("#setup-error").render())

            await until([gp], lambda: "refused" in error())
            text = error()
            assert f"{BROKEN}{HIDDEN}]0;pwned[2J" in text and "\x1b" not in text
            assert len(text) < 400  # 900 characters of reason, cut
            assert alive(guest) and isinstance(guest.screen, JoinScreen)
    finally:
        server.close()
