"""What a page may send ``indigo serve``, and what happens to a game that dies.

Most tests here put a stand-in app behind the server (tests/web/echo_app.py,
which says back every packet that reached it), so they see exactly what the
server passed on; the dead game and the separate players use the real game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from support.polling import until

from indigo_tui.bucket import TokenBucket
from indigo_tui.engine import Setup
from indigo_tui.saves import SeatInfo
from indigo_tui.table.session import NewGame, Session
from indigo_tui.web.access import PLAYER_COOKIE
from indigo_tui.web.server import (
    CLOSE_STOPPED,
    CLOSE_TOO_FAST,
    MAX_COLUMNS,
    MAX_MESSAGE,
    MAX_ROWS,
    PLAYER_BUDGETS_KEPT,
    SERVER_STARTS_PER_PLACE,
    Refused,
    Resizes,
    Starts,
    read_message,
)

from .conftest import ECHO_ARGV, LIMIT, Serve, read_screen_until

TOKEN = "s3cret-Token_for-tests"


class Echoes:
    """What the stand-in app says it got, read off the page's socket."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.got: list[dict[str, Any]] = []
        self._pending = b""

    async def until(self, test: Callable[[list[dict[str, Any]]], bool]) -> list[dict[str, Any]]:
        async with asyncio.timeout(LIMIT):
            while not test(self.got):
                message = await self.ws.receive()
                if message.type != aiohttp.WSMsgType.BINARY:
                    raise AssertionError(f"the socket closed ({self.ws.close_code}) with {self.got}")
                self._pending += message.data
                *lines, self._pending = self._pending.split(b"\n")
                self.got.extend(json.loads(line) for line in lines)
        return self.got

    def resizes(self) -> list[tuple[int, int]]:
        return [
            (said["payload"]["width"], said["payload"]["height"])
            for said in self.got
            if said["got"] == "M" and said["payload"]["type"] == "resize"
        ]


async def closed(ws: aiohttp.ClientWebSocketResponse) -> int | None:
    """Read until the server closes the socket; its close code."""
    async with asyncio.timeout(LIMIT):
        while not ws.closed:
            message = await ws.receive()
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                break
    return ws.close_code


async def test_every_resize_is_cut_to_the_bounds(serve: Serve) -> None:
    async with (
        serve(argv=ECHO_ARGV) as running,
        aiohttp.ClientSession() as http,
        http.ws_connect(running.url + "/ws?width=20000&height=20000") as ws,
    ):
        echoes = Echoes(ws)
        await ws.send_json(["stdin", "a"])  # the first message: the app is up
        await echoes.until(lambda got: any(said["got"] == "D" for said in got))
        # Finding 7: only the first ?width/height was bounded; 20000 x 20000 on
        # the socket grew a game to 2.1 GB.
        await ws.send_json(["resize", {"width": 20000, "height": 20000}])
        await echoes.until(lambda got: len(echoes.resizes()) == 1)
        assert echoes.resizes() == [(MAX_COLUMNS, MAX_ROWS)]
        await ws.send_json(["resize", {"width": 3, "height": 2**70}])
        await echoes.until(lambda got: len(echoes.resizes()) == 2)
        assert echoes.resizes()[-1] == (10, MAX_ROWS)
        # A window being dragged: the last size is the one the game gets.
        for width in range(100, 160):
            await ws.send_json(["resize", {"width": width, "height": 40}])
        await echoes.until(lambda got: echoes.resizes()[-1] == (159, 40))
        assert set(echoes.resizes()[2:]) <= {(width, 40) for width in range(100, 160)}
        assert running.server.started == 1


async def test_resizes_coming_at_once_reach_the_game_as_one() -> None:
    passed: list[tuple[int, int]] = []

    class Game:
        async def set_terminal_size(self, width: int, height: int) -> None:
            passed.append((width, height))

    resizes = Resizes(Game())  # type: ignore[arg-type]
    for width in range(100, 130):
        resizes.want(width, 40)
    await until(lambda: passed)
    resizes.want(200, 50)
    await until(lambda: len(passed) >= 2)
    await resizes.close()
    assert passed == [(129, 40), (200, 50)]


@pytest.mark.parametrize(
    ("message", "said"),
    [
        ('["resize", {"width": "wide", "height": 30}]', "not a message of textual-serve's"),
        ('["resize", {"width": 100, "height": -5}]', "a terminal size of 100 x -5"),
        ('["resize", {"width": 0, "height": 30}]', "a terminal size of 0 x 30"),
        ('["resize", {"width": 100.5, "height": 30}]', "not a message of textual-serve's"),
        ('["resize", {"width": true, "height": 30}]', "not a message of textual-serve's"),
        ('["resize", {"width": 100, "height": 30, "depth": 2}]', "not a message of textual-serve's"),
        ('["resize"]', "a message of kind 'resize'"),
        ('["stdin", 5]', "not a message of textual-serve's"),
        ('["ping", "' + "9" * 40 + '"]', "a message of kind 'ping'"),
        ('["launch", "rockets"]', "a message of kind 'launch'"),
        ('{"stdin": "a"}', "not a message of textual-serve's"),
        ("[" * 100_000 + "]" * 100_000, "not a message of textual-serve's"),
        ('[{"a": ' * 50_000 + "1" + "}" * 50_000 + "]", "not a message of textual-serve's"),
        ("not json", "not a message of textual-serve's"),
    ],
)
def test_messages_that_are_not_textual_serves_are_refused(message: str, said: str) -> None:
    with pytest.raises(Refused) as refused:
        read_message(message)
    assert str(refused.value).startswith(said)


def test_the_messages_textual_js_sends_are_read() -> None:
    assert read_message('["stdin", "q\\u001b[A"]') == ("stdin", "q\x1b[A")
    assert read_message('["resize", {"width": 120, "height": 40}]') == ("resize", (120, 40))
    assert read_message('["ping", "1732540000000"]') == ("ping", "1732540000000")
    assert read_message('["focus"]') == ("focus", None)
    assert read_message('["blur"]') == ("blur", None)


async def test_bad_messages_close_the_tab_with_one_line_and_no_traceback(
    serve: Serve, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG)
    async with serve(argv=ECHO_ARGV) as running, aiohttp.ClientSession() as http:
        for message in (
            '["resize", {"width": "wide", "height": 30}]',
            '["resize", {"width": 100, "height": -5}]',
            "[" * 30_000 + "]" * 30_000,  # a RecursionError traceback before
        ):
            async with http.ws_connect(running.url + "/ws?width=80&height=24", max_msg_size=0) as ws:
                echoes = Echoes(ws)
                await ws.send_json(["stdin", "a"])
                await echoes.until(lambda got: bool(got))
                await ws.send_str(message)
                assert await closed(ws) == aiohttp.WSCloseCode.UNSUPPORTED_DATA
                assert echoes.resizes() == []  # nothing of it reached the game
        # A message over the size limit closes its tab too (a message too big).
        async with http.ws_connect(running.url + "/ws?width=80&height=24", max_msg_size=0) as ws:
            await ws.send_json(["stdin", "x" * MAX_MESSAGE])
            assert await closed(ws) == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
        await until(lambda: not running.server.sessions)
        assert running.stopped == []  # each game was asked to quit, and did
    refusals = [r.getMessage() for r in caplog.records if r.name == "indigo.serve"]
    assert refusals == [
        "a browser sent not a message of textual-serve's: its game was closed",
        "a browser sent a terminal size of 100 x -5: its game was closed",
        "a browser sent not a message of textual-serve's: its game was closed",
    ]
    assert not [r for r in caplog.records if r.exc_info or "Recursion" in r.getMessage()]
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "RecursionError" not in out + err


async def test_a_flood_of_refusals_logs_a_few_lines_and_counts_the_rest(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    now = [0.0]
    # Room for every one of them, however slowly the ones before end.
    async with serve(argv=ECHO_ARGV, max_sessions=16) as running, aiohttp.ClientSession() as http:
        server = running.server
        budget = server.refusal_lines
        server.refusal_lines = TokenBucket(budget.rate, budget.burst, lambda: now[0])
        for _ in range(14):
            async with http.ws_connect(running.url + "/ws") as ws:
                await ws.send_str("[[[]]]")
                await closed(ws)
        lines = [r.getMessage() for r in caplog.records if r.name == "indigo.serve"]
        # The log's budget: ten lines at once, then one every few seconds that
        # counts what it left out.
        assert len(lines) == 10
        now[0] += 6.0
        async with http.ws_connect(running.url + "/ws") as ws:
            await ws.send_str("[[[]]]")
            await closed(ws)
    last = [r.getMessage() for r in caplog.records if r.name == "indigo.serve"][10:]
    assert last == [
        "a browser sent not a message of textual-serve's: its game was closed (4 more since the last line)"
    ]


async def test_a_game_killed_frees_its_place_at_once_and_its_tab_is_told(serve: Serve) -> None:
    async with serve(max_sessions=1) as running, aiohttp.ClientSession() as http:
        async with http.ws_connect(running.url + "/ws?width=100&height=32") as ws:
            await read_screen_until(ws, "New game")
            (pid,) = running.started
            # Finding 9: an out-of-memory kill left a frozen tab holding the only place.
            os.kill(pid, signal.SIGKILL)
            assert await closed(ws) == CLOSE_STOPPED
        await until(lambda: not running.server.sessions)
        assert running.stopped == [pid] and running.ended == [pid]
        page = await http.get(running.url + "/")
        assert page.status == 200  # not 503: the place is free
        html = await page.text()
        assert (
            f'<div data-code="{CLOSE_STOPPED}">The game stopped: its process on the server ended. '
            "Every move made was saved: start again and choose Continue.</div>"
        ) in html
        async with http.ws_connect(running.url + "/ws?width=100&height=32") as again:
            await read_screen_until(again, "New game")


async def test_a_game_that_quits_ends_as_before(serve: Serve) -> None:
    async with (
        serve(argv=ECHO_ARGV) as running,
        aiohttp.ClientSession() as http,
        http.ws_connect(running.url + "/ws") as ws,
    ):
        echoes = Echoes(ws)
        await ws.send_json(["stdin", "a"])
        await echoes.until(lambda got: bool(got))
        await ws.close()
    assert running.stopped == [] and running.ended == running.started


async def test_on_a_token_server_each_browser_has_its_own_folder_and_not_the_local_players(
    serve: Serve, tmp_path: Path
) -> None:
    # The person at this machine has a game in the server's save folder.
    seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
    local = Session.start(NewGame(Setup(players=2), seats, seed=5), tmp_path / "saves")
    local.play(local.game.legal_moves[0])
    local.close()
    async with serve(token=TOKEN) as running:
        players = []
        for _ in range(2):
            jar = aiohttp.CookieJar(unsafe=True)
            async with aiohttp.ClientSession(cookie_jar=jar) as http:
                assert (await http.get(f"{running.url}/?token={TOKEN}")).status == 200
                player = next(c.value for c in jar if c.key == PLAYER_COOKIE)
                players.append(player)
                async with http.ws_connect(running.url + "/ws?width=100&height=32") as ws:
                    text = await read_screen_until(ws, "New game", "Quit")
                # Finding 6: every visitor saw (and could continue) every game here.
                assert "Continue" not in text and "Ann vs" not in text
        environments = [running.server.player_environment(player) for player in players]
        assert environments[0] != environments[1]
        for environment in environments:
            folder = Path(environment["INDIGO_SAVE_DIR"]).parent
            assert folder.parent == tmp_path / "visitors"
            assert Path(environment["INDIGO_CONFIG_DIR"]).parent == folder
            assert not any(player in str(folder) for player in players)  # the id is not the name
        # No page, no player: a socket without the cookie starts nothing.
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(running.url + f"/ws?token={TOKEN}")
            assert refused.value.status == 403
        assert running.server.started == 2


async def test_a_file_a_game_offers_goes_only_to_its_own_browser(serve: Serve) -> None:
    # A screenshot in a served game goes to the browser as a download
    # (textual-serve's /download/KEY); another browser cannot fetch it.
    async with serve(token=TOKEN, argv=ECHO_ARGV) as running:
        jars = [aiohttp.CookieJar(unsafe=True) for _ in range(2)]
        async with (
            aiohttp.ClientSession(cookie_jar=jars[0]) as ann,
            aiohttp.ClientSession(cookie_jar=jars[1]) as bob,
        ):
            for http in (ann, bob):
                assert (await http.get(f"{running.url}/?token={TOKEN}")).status == 200
            async with ann.ws_connect(running.url + "/ws") as ws:
                echoes = Echoes(ws)
                await ws.send_json(["stdin", "a"])
                await echoes.until(lambda got: bool(got))
                (service,) = running.server.sessions
                await running.server.download_manager.create_download(
                    app_service=service,
                    delivery_key="k3y",
                    file_name="screen.svg",
                    open_method="browser",
                    mime_type="image/svg+xml",
                )
                assert (await bob.get(running.url + "/download/k3y")).status == 404
                assert (await bob.get(running.url + "/download/nothing")).status == 404
                async with aiohttp.ClientSession() as stranger:
                    assert (await stranger.get(running.url + "/download/k3y")).status == 403


async def test_a_visitors_load_screen_names_no_folder_of_the_server(serve: Serve, tmp_path: Path) -> None:
    jar = aiohttp.CookieJar(unsafe=True)
    async with serve(token=TOKEN) as running, aiohttp.ClientSession(cookie_jar=jar) as http:
        assert (await http.get(f"{running.url}/?token={TOKEN}")).status == 200
        async with http.ws_connect(running.url + "/ws?width=120&height=32") as ws:
            await read_screen_until(ws, "New game", "Load a saved game")
            await ws.send_json(["stdin", "\x1b[B\x1b[B\r"])  # past New game and Learn to play to Load, enter
            text = await read_screen_until(ws, "Saved games", "No saved games yet.")
    assert "in this browser's own folder on this server" in text
    assert str(tmp_path) not in text and "visitors" not in text


async def start_a_game(http: aiohttp.ClientSession, url: str) -> int | None:
    """Open a game's socket as the page does and close it once the game
    answers (or the server closes it first); the close code if it did."""
    async with http.ws_connect(url + "/ws") as ws:
        await ws.send_json(["stdin", "a"])
        async with asyncio.timeout(LIMIT):
            message = await ws.receive()
        if message.type != aiohttp.WSMsgType.BINARY:
            return ws.close_code
        text = message.data.decode("utf-8", "replace")
        if text.startswith("\r\n"):  # the server's words before it closes: no game
            return await closed(ws)
    return None


async def test_starting_games_has_a_budget_per_browser_and_for_the_server(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="indigo.serve")
    now = [0.0]
    async with serve(token=TOKEN, argv=ECHO_ARGV, max_sessions=4) as running:
        server = running.server
        server.starts = Starts(SERVER_STARTS_PER_PLACE * 4, clock=lambda: now[0])  # 8 at once
        jars = [aiohttp.CookieJar(unsafe=True) for _ in range(2)]
        async with (
            aiohttp.ClientSession(cookie_jar=jars[0]) as ann,
            aiohttp.ClientSession(cookie_jar=jars[1]) as bob,
        ):
            for http in (ann, bob):
                assert (await http.get(f"{running.url}/?token={TOKEN}")).status == 200
            # A browser that connects and disconnects over and over (each time
            # a new process, about a second of CPU for the real game).
            assert [await start_a_game(ann, running.url) for _ in range(6)] == [None] * 6
            assert await start_a_game(ann, running.url) == CLOSE_TOO_FAST
            assert server.started == 6
            page = await ann.get(running.url + "/")
            assert page.status == 429 and page.headers["Retry-After"] == "10"
            assert (
                "Too many games were started from this browser in a short time: "
                "wait 10 seconds, then try again."
            ) in await page.text()
            # Another browser has a budget of its own, within the server's.
            assert [await start_a_game(bob, running.url) for _ in range(2)] == [None] * 2
            assert await start_a_game(bob, running.url) == CLOSE_TOO_FAST
            page = await bob.get(running.url + "/")
            assert page.status == 429 and page.headers["Retry-After"] == "2"
            assert (
                "Too many games were started on this server in a short time: wait 2 seconds, then try again."
            ) in await page.text()
            assert server.started == 8
            now[0] += 10.0  # the server's budget refills 5, each browser's 1
            assert await start_a_game(ann, running.url) is None
            assert await start_a_game(ann, running.url) == CLOSE_TOO_FAST
            assert await start_a_game(bob, running.url) is None
            assert (await bob.get(running.url + "/")).status == 200
            assert server.started == 10
        async with asyncio.timeout(LIMIT):
            while server.sessions:
                await asyncio.sleep(0.01)
    lines = [r.getMessage() for r in caplog.records if r.name == "indigo.serve"]
    assert lines == [
        "a browser started games too fast: a game was refused",
        "games were started too fast on this server: a game was refused",
        "a browser started games too fast: a game was refused",
    ]


def test_the_start_budgets_keep_few_players() -> None:
    now = [0.0]
    starts = Starts(1000.0, clock=lambda: now[0])
    for number in range(PLAYER_BUDGETS_KEPT):
        assert starts.take(f"player-{number}") == (0.0, False)
    now[0] += 60.0  # every one of them has refilled: as good as new
    assert starts.take("one more") == (0.0, False)
    assert list(starts.players) == ["one more"]
    # A new browser is no way round the server's budget: it refuses before a player's is made.
    flood = Starts(2.0, clock=lambda: now[0])
    assert [flood.take(f"new-{n}")[0] for n in range(3)] == [0.0, 0.0, 2.0]
    assert len(flood.players) == 2


async def test_a_visitor_is_spoken_to_in_the_language_of_their_browser(serve: Serve) -> None:
    german = {"Accept-Language": "de-CH, de;q=0.9, en;q=0.5"}
    async with serve(token=TOKEN, max_sessions=1) as running:
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar, headers=german) as http:
            page = await http.get(f"{running.url}/?token={TOKEN}")
            assert page.status == 200 and '<html lang="de">' in await page.text()
            async with http.ws_connect(running.url + "/ws?width=100&height=32") as ws:
                await read_screen_until(ws, "Neues Spiel")  # the game too, until the visitor chooses
                page = await http.get(running.url + "/")
                assert page.status == 503  # its one place is taken: the full page, in German
                assert "Indigo: kein Tisch frei" in await page.text()
        async with aiohttp.ClientSession(headers={"Accept-Language": "nl"}) as stranger:
            refused = await stranger.get(running.url + "/?token=wrong")
            assert refused.status == 403 and "Indigo: niet toegestaan" in await refused.text()
        async with asyncio.timeout(LIMIT):
            while running.server.sessions:
                await asyncio.sleep(0.01)
        running.server.starts = Starts(1.0, clock=lambda: 0.0)
        assert running.server.starts.server.take(1.0)  # as after many starts: none left
        async with aiohttp.ClientSession(cookie_jar=jar, headers=german) as http:
            page = await http.get(running.url + "/")
            assert page.status == 429 and "zu viele Spiele gestartet" in await page.text()
    # The person at a 127.0.0.1 server is spoken to as the server speaks.
    async with serve() as running, aiohttp.ClientSession(headers=german) as http:
        page = await http.get(running.url + "/")
        assert '<html lang="en">' in await page.text()


async def test_the_folders_of_browsers_that_stopped_coming_are_deleted(serve: Serve, tmp_path: Path) -> None:
    day = 24 * 3600.0
    long_ago = time.time() - 40 * day
    visitors = tmp_path / "visitors"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("not a visitor's")
    forgotten: list[int] = []
    async with serve(token=TOKEN, argv=ECHO_ARGV, forget_after=30 * day) as running:
        server = running.server
        server.on_forget = forgotten.append

        def folder(name: str, age: float) -> Path:
            made = visitors / name
            (made / "saves").mkdir(parents=True)
            (made / "saves" / "game.indigo").write_text("a game")
            os.utime(made, (age, age))
            return made

        gone = folder("a" * 32, long_ago)  # no game for 40 days
        recent = folder("b" * 32, time.time() - 10 * day)
        notes = folder("notes", long_ago)  # not a visitor's folder's name: never deleted
        linked = visitors / ("c" * 32)
        linked.symlink_to(outside)  # a link is never followed
        left = folder(".forgotten-" + "d" * 32, long_ago)  # a stopped server's, half deleted
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            assert (await http.get(f"{running.url}/?token={TOKEN}")).status == 200
            player = next(c.value for c in jar if c.key == PLAYER_COOKIE)
            # Each page sends the same id again: 400 days from the last visit, not the first.
            again = await http.get(running.url + "/")
            assert again.cookies[PLAYER_COOKIE].value == player
            async with http.ws_connect(running.url + "/ws") as ws:
                await ws.send_json(["stdin", "a"])
                async with asyncio.timeout(LIMIT):
                    await ws.receive()
                playing = server.visitor_folder(player)
                playing.mkdir(parents=True)
                os.utime(playing, (long_ago, long_ago))  # as if its game had run for 40 days
                assert await server.forget_visitors() == 1
            async with asyncio.timeout(LIMIT):
                while server.sessions:
                    await asyncio.sleep(0.01)
        assert not gone.exists() and not left.exists()
        assert recent.exists() and notes.exists() and linked.is_symlink()
        assert (outside / "keep.txt").read_text() == "not a visitor's"
        # The game in play kept its folder, and its end counts as a visit.
        assert playing.exists() and playing.stat().st_mtime > time.time() - day
        assert await server.forget_visitors() == 0
    assert forgotten == [1]
    assert sorted(path.name for path in visitors.iterdir()) == sorted(
        ["b" * 32, "c" * 32, "notes", playing.name]
    )


async def test_without_a_token_no_folder_is_ever_deleted(serve: Serve, tmp_path: Path) -> None:
    async with serve(argv=ECHO_ARGV, forget_after=0.0) as running:
        saves = tmp_path / "saves"
        (saves / ("a" * 32)).mkdir()
        assert await running.server.forget_visitors() == 0
    assert (saves / ("a" * 32)).exists()
