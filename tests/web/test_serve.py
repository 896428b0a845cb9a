"""``indigo serve`` without a browser: its websocket, its refusals, its cap, its CLI."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from support.polling import until

from indigo_tui.commands.game_options import BOT_DELAY_VAR, bot_delay_of
from indigo_tui.commands.serve import BOARD_GLYPHS_VAR, BROWSER_BOARD_GLYPHS, app_environment, page_urls
from indigo_tui.engine import Setup
from indigo_tui.saves import SeatInfo
from indigo_tui.table.session import NewGame, Session
from indigo_tui.web import Access
from indigo_tui.web.access import PLAYER_COOKIE

from .conftest import LIMIT, IndigoServe, Serve, next_line, process_alive, read_screen_until

TOKEN = "s3cret-Token_for-tests"


async def test_a_tab_gets_the_title_screen_and_its_game_ends_with_the_tab(serve: Serve) -> None:
    async with serve() as running, aiohttp.ClientSession() as http:
        page = await http.get(running.url + "/")
        html = await page.text()
        assert page.status == 200
        assert 'data-session-websocket-url="ws://127.0.0.1:' in html
        async with http.ws_connect(running.url + "/ws?width=100&height=32") as ws:
            text = await read_screen_until(ws, "New game", "Rules", "Quit")
            assert "Lay path tiles" in text
            assert running.server.started == 1 and len(running.server.sessions) == 1
        # The tab closed: its game is asked to quit and its process ends.
        await until(lambda: not running.server.sessions)
        (pid,) = running.started
        assert running.ended == [pid]
        assert not process_alive(pid)


async def test_a_game_saved_at_the_terminal_can_be_continued_in_the_browser(
    serve: Serve, tmp_path: Path
) -> None:
    save_dir = tmp_path / "saves"
    save_dir.mkdir()
    seats = [SeatInfo("Ann", "human"), SeatInfo("greedy bot", "bot:greedy")]
    session = Session.start(NewGame(Setup(players=2), seats, seed=5), save_dir)
    # A game is saved once a tile lies on the board (play saves it).
    session.play(session.game.legal_moves[0])
    assert session.save_path is not None and session.save_path.exists()
    async with (
        serve() as running,
        aiohttp.ClientSession() as http,
        http.ws_connect(running.url + "/ws?width=100&height=32") as ws,
    ):
        text = await read_screen_until(ws, "Continue", "New game")
        assert "Ann vs greedy bot" in text


async def test_without_the_token_a_request_gets_403_and_starts_nothing(serve: Serve) -> None:
    async with serve(token=TOKEN) as running, aiohttp.ClientSession() as http:
        for path in ("/", "/?token=wrong", "/?token=s3cret-Token_for-tests%C3%A9", "/static/js/textual.js"):
            response = await http.get(running.url + path)
            assert response.status == 403, path
            assert "token" in await response.text()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(running.url + "/ws?width=80&height=24")
        assert refused.value.status == 403
        await asyncio.sleep(0.2)
        assert running.server.started == 0 and not running.started


async def test_the_token_page_sets_its_cookies_and_leaves_the_address(serve: Serve) -> None:
    # unsafe: keep cookies for an IP address, as browsers do
    jar = aiohttp.CookieJar(unsafe=True)
    async with serve(token=TOKEN) as running, aiohttp.ClientSession(cookie_jar=jar) as http:
        page = await http.get(f"{running.url}/?token={TOKEN}&fontsize=20")
        assert page.status == 200
        # Sent on to the address without the token: it leaves the address bar and the history.
        (redirect,) = page.history
        assert redirect.status == 303 and redirect.headers["Location"] == "/?fontsize=20"
        assert str(page.url) == f"{running.url}/?fontsize=20"
        token_cookie = redirect.cookies[Access(token=TOKEN).cookie_name]
        player_cookie = redirect.cookies[PLAYER_COOKIE]
        for cookie in (token_cookie, player_cookie):
            assert cookie["httponly"] and cookie["samesite"] == "Strict"
            assert not cookie["secure"]  # plain HTTP here; behind an https --public-url it is set
        assert token_cookie.value == TOKEN and len(player_cookie.value) == 32
        # The page's static files and websocket carry the token in that cookie.
        assert (await http.get(running.url + "/static/js/textual.js")).status == 200
        async with http.ws_connect(running.url + "/ws?width=100&height=32") as ws:
            await read_screen_until(ws, "New game")
        assert running.server.started == 1


def test_behind_an_https_address_the_cookies_are_secure() -> None:
    access = Access(token=TOKEN, public_url="https://games.example")
    assert access.secure_cookies
    assert not Access(token=TOKEN, public_url="http://192.168.1.20:8000").secure_cookies


async def test_every_response_forbids_framing_and_referrers(serve: Serve) -> None:
    async with serve() as running, aiohttp.ClientSession() as http:
        for path, status in (("/", 200), ("/static/js/textual.js", 200), ("/nowhere", 404)):
            response = await http.get(running.url + path)
            assert response.status == status
            assert response.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
            assert response.headers["X-Frame-Options"] == "DENY"
            assert response.headers["Referrer-Policy"] == "no-referrer"
        refused = await http.get(running.url + "/", headers={"Host": "games.example"})
        assert refused.status == 403 and refused.headers["X-Frame-Options"] == "DENY"
    async with serve(token=TOKEN) as running, aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as handshake:
            await http.ws_connect(running.url + "/ws")
        assert handshake.value.headers is not None
        assert handshake.value.headers["X-Frame-Options"] == "DENY"


async def test_a_websocket_from_another_sites_page_is_refused(serve: Serve) -> None:
    async with serve() as running, aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(running.url + "/ws", headers={"Origin": "http://games.example"})
        assert refused.value.status == 403
        # A hostile name pointed at 127.0.0.1 (DNS rebinding) is not this machine.
        rebound = await http.get(running.url + "/", headers={"Host": "games.example"})
        assert rebound.status == 403
        assert running.server.started == 0


async def test_the_session_cap_shows_a_page_and_starts_nothing_more(serve: Serve) -> None:
    async with serve(max_sessions=1) as running, aiohttp.ClientSession() as http:
        async with http.ws_connect(running.url + "/ws?width=100&height=32") as first:
            await read_screen_until(first, "New game")
            full = await http.get(running.url + "/")
            assert full.status == 503
            assert "The one game this server runs at once is in play" in await full.text()
            # A second tab whose page loaded before the first game started:
            # its terminal says why, and no second process starts.
            async with http.ws_connect(running.url + "/ws?width=100&height=32") as second:
                message = await second.receive(timeout=LIMIT)
                assert message.type == aiohttp.WSMsgType.BINARY
                assert b"Close the browser tab" in message.data
                closing = await second.receive(timeout=LIMIT)
                assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert running.server.started == 1
        await until(lambda: not running.server.sessions)
        assert (await http.get(running.url + "/")).status == 200


def test_the_served_games_use_the_save_folder_and_the_browsers_glyphs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(BOARD_GLYPHS_VAR, raising=False)
    environment = app_environment(tmp_path)
    assert environment == {"INDIGO_SAVE_DIR": str(tmp_path), BOARD_GLYPHS_VAR: BROWSER_BOARD_GLYPHS}
    # With a token each browser gets its own folder from the server, not this one.
    assert app_environment(None) == {BOARD_GLYPHS_VAR: BROWSER_BOARD_GLYPHS}
    monkeypatch.setenv(BOARD_GLYPHS_VAR, "halfblock")  # the user's own choice stands
    assert app_environment(tmp_path)[BOARD_GLYPHS_VAR] == "halfblock"
    # --bot-delay: the bots' pace in every tab's game, which reads it back as given.
    assert app_environment(None, bot_delay=0.0)[BOT_DELAY_VAR] == "0.0"
    monkeypatch.setenv(BOT_DELAY_VAR, app_environment(None, bot_delay=0.25)[BOT_DELAY_VAR])
    assert bot_delay_of(None) == 0.25


def test_printed_addresses() -> None:
    assert page_urls("127.0.0.1", 8000, None, None) == ["http://127.0.0.1:8000/"]
    assert page_urls("::1", 8000, None, None) == ["http://[::1]:8000/"]
    assert page_urls("127.0.0.2", 8001, None, "abc") == ["http://127.0.0.2:8001/?token=abc"]
    assert page_urls("0.0.0.0", 8000, "https://games.example", "abc") == ["https://games.example/?token=abc"]
    assert page_urls("0.0.0.0", 8000, None, "t")[-1] == "http://127.0.0.1:8000/?token=t"


# -- the command itself, as a user runs it -----------------------------------------------


def _indigo(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "indigo_tui", *args],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        check=False,
    )


def test_a_port_in_use_is_one_line() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = _indigo("serve", "--port", str(port))
    assert result.returncode == 2
    said = f"indigo: port {port} on 127.0.0.1 is already in use: stop what uses it, or choose another --port"
    assert result.stderr == said + "\n"
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--port", "70000"], "--port 70000: a port is a number from 1 to 65535"),
        (["--port", "eight"], "argument --port: invalid int value: 'eight'"),
        (["--bind", "no-such-host.invalid"], "--bind no-such-host.invalid: not an address of this machine"),
        (["--bind", "203.0.113.9"], "--bind 203.0.113.9: this machine has no such address"),
        (["--public-url", "ftp://games"], "--public-url 'ftp://games': give an http:// or https:// address"),
        (["--max-sessions", "0"], "--max-sessions must be between 1 and 256"),
        (["--forget-visitors", "-1"], "--forget-visitors must be a number of days from 0 (never) to 100000"),
        (["--visitor-quota", "0"], "--visitor-quota must be a number of megabytes from 1 to 1000000"),
        (["--max-visitors", "0"], "--max-visitors must be a number from 1 to 1000000"),
        (["--relay", "relay.example:99999"], "--relay: 'relay.example:99999': the port must be a number"),
    ],
)
def test_bad_options_are_one_line(args: list[str], says: str) -> None:
    result = _indigo("serve", *args)
    assert result.returncode == 2
    assert says in result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr


async def test_ctrl_c_stops_the_server_and_every_game(indigo_serve: IndigoServe) -> None:
    process, lines = indigo_serve("--port", "0")
    url = next_line(lines, "Indigo is served at ").split()[-1]
    assert url.startswith("http://127.0.0.1:") and url.endswith("/")
    async with aiohttp.ClientSession() as http, http.ws_connect(url + "ws?width=100&height=32") as ws:
        await read_screen_until(ws, "New game")
        pid = int(next_line(lines, "game started").split("process ")[1].split(";")[0])
        assert process_alive(pid)
        process.send_signal(signal.SIGINT)
        assert await asyncio.to_thread(process.wait, LIMIT) == 0
    assert next_line(lines, "Indigo server stopped")
    assert not process_alive(pid)


async def test_bound_elsewhere_it_prints_a_token_address(indigo_serve: IndigoServe) -> None:
    process, lines = indigo_serve("--bind", "127.0.0.2", "--port", "0")
    url = next_line(lines, "Indigo is served at ").split()[-1]
    assert url.startswith("http://127.0.0.2:") and "/?token=" in url
    base = url.split("?")[0]
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        assert (await http.get(base)).status == 403
        assert (await http.get(url)).status == 200
    process.send_signal(signal.SIGINT)
    assert await asyncio.to_thread(process.wait, LIMIT) == 0


async def test_a_token_server_says_whom_it_forgot(indigo_serve: IndigoServe, tmp_path: Path) -> None:
    old, recent = tmp_path / "saves" / ("a" * 32), tmp_path / "saves" / ("b" * 32)
    for folder in (old, recent):
        (folder / "saves").mkdir(parents=True)
    long_ago = time.time() - 2 * 24 * 3600
    os.utime(old, (long_ago, long_ago))
    process, lines = indigo_serve("--bind", "127.0.0.2", "--port", "0", "--forget-visitors", "1")
    assert next_line(lines, "Deleted ") == (
        "Deleted the saves and settings of 1 browser that had started no game here for 1 day."
    )
    assert not old.exists() and recent.exists()
    process.send_signal(signal.SIGINT)
    assert await asyncio.to_thread(process.wait, LIMIT) == 0


async def test_a_token_server_gives_each_visitors_game_its_share(indigo_serve: IndigoServe) -> None:
    process, lines = indigo_serve(
        "--bind", "127.0.0.2", "--port", "0", "--visitor-quota", "5", "--max-visitors", "3",
        "--relay", "Relay.example",
    )  # fmt: skip
    url = next_line(lines, "Indigo is served at ").split()[-1]
    assert next_line(lines, "Each browser's folder") == (
        "Each browser's folder may take 5 MB, and 3 browsers at most have one."
    )
    assert next_line(lines, "Their games") == (
        "Their games connect only to the relay Relay.example:4001 (--allow-lan lets them host and "
        "join LAN games too)."
    )
    base = url.split("?")[0]
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        assert (await http.get(url)).status == 200
        async with http.ws_connect(base.replace("http:", "ws:") + "ws?width=100&height=32") as ws:
            await read_screen_until(ws, "New game")
            pid = int(next_line(lines, "game started").split("process ")[1].split(";")[0])
            environment = dict(
                entry.split("=", 1)
                for entry in Path(f"/proc/{pid}/environ").read_text().split("\0")
                if "=" in entry
            )
    # What the game keeps to: its folder's quota, the relay alone, and which relay.
    assert environment["INDIGO_VISITOR_QUOTA"] == "5000000"
    assert environment["INDIGO_SERVE_NETWORK"] == "relay"
    assert environment["INDIGO_RELAY"] == "Relay.example:4001"
    process.send_signal(signal.SIGINT)
    assert await asyncio.to_thread(process.wait, LIMIT) == 0
