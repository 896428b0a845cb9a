"""Each visitor of ``indigo serve`` to its share (issue 35): the quota of its
folder, the cap on visitors' folders, and the connections its game may open.

The quota and the connections are kept in the visitor's game, a child of
the server, where the writes and the connections happen (``saves/quota.py``,
``net/reach.py``); the server tells it its share in its environment. These
tests check both halves: the layers on their own, in this process with the
environment a visitor's game gets, and whole games through the server's
websocket (the quota's refusal in a real browser is in
``test_browser_visitors.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from indigo_tui.engine import Setup
from indigo_tui.i18n import in_language
from indigo_tui.net import RELAY_ENV
from indigo_tui.net.guard import listening_socket
from indigo_tui.net.problems import ReachSays
from indigo_tui.net.reach import NETWORK_VAR, NotAllowed, check_connect, check_listen, check_relay
from indigo_tui.net.relay import InternetCode, RelayError, RelayProblem, pair, parse_relay
from indigo_tui.net.transport import ConnectionLost, open_connection
from indigo_tui.saves import VISITOR_VAR, SaveError, SeatInfo, write_atomic
from indigo_tui.saves.quota import BLOCK, QUOTA_VAR, FolderFull, check_room, folder_usage, footprint
from indigo_tui.table.session import NewGame, Session
from indigo_tui.web import server as web_server
from indigo_tui.web.server import CLOSE_NO_ROOM

from .conftest import LIMIT, Serve, read_screen_until, screen_text

TOKEN = "s3cret-Token_for-tests"
DOWN, ENTER, TAB = "\x1b[B", "\r", "\t"


def test_the_server_names_what_the_game_reads() -> None:
    # web/ may not import saves/ or net/: the names are written twice, and held equal here.
    assert web_server.QUOTA_VAR == QUOTA_VAR
    assert web_server.NETWORK_VAR == NETWORK_VAR


def test_a_visitors_game_is_told_its_share(tmp_path: Path) -> None:
    server = web_server.GameServer(["true"], visitors=tmp_path, visitor_quota=5_000_000, max_visitors=3)
    environment = server.player_environment("p" * 32)
    assert environment[QUOTA_VAR] == "5000000"
    assert environment[NETWORK_VAR] == "relay"
    assert environment[VISITOR_VAR] == str(server.visitor_folder("p" * 32))
    allowing = web_server.GameServer(["true"], visitors=tmp_path, allow_lan=True)
    assert allowing.player_environment("p" * 32)[NETWORK_VAR] == "lan"
    # The person at a 127.0.0.1 server is no visitor: no quota, no fence.
    assert web_server.GameServer(["true"], visitor_quota=5_000_000).player_environment("p" * 32) == {}


# -- the quota, in the save layer ------------------------------------------------


@pytest.fixture
def visitor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This process as a visitor's game: its folder (``visitor/``), a quota of 40 blocks."""
    folder = tmp_path / "visitor"
    (folder / "saves").mkdir(parents=True)
    monkeypatch.setenv(VISITOR_VAR, str(folder))
    monkeypatch.setenv(QUOTA_VAR, str(40 * BLOCK))
    return folder


def test_what_a_folder_takes_is_counted_in_blocks(tmp_path: Path) -> None:
    assert footprint(0) == footprint(1) == BLOCK and footprint(BLOCK + 1) == 2 * BLOCK
    (tmp_path / "a").write_bytes(b"x" * (3 * BLOCK))
    (tmp_path / "inner").mkdir()
    for index in range(5):
        (tmp_path / "inner" / f"tiny-{index}").write_bytes(b"")
    (tmp_path / "link").symlink_to("/usr")  # counted as itself, never followed
    assert folder_usage(tmp_path) == 3 * BLOCK + BLOCK + 5 * BLOCK + BLOCK
    # Past enough, the rest is not walked.
    assert folder_usage(tmp_path, enough=BLOCK) <= 8 * BLOCK


def test_a_write_within_the_quota_is_made(visitor: Path) -> None:
    path = visitor / "saves" / "game.indigo"
    write_atomic(path, b"x" * (10 * BLOCK))
    # Replacing a file counts what it adds, not its size again.
    write_atomic(path, b"y" * (30 * BLOCK))
    assert path.read_bytes() == b"y" * (30 * BLOCK)


def test_a_write_past_the_quota_is_refused_in_words_and_the_old_file_stays(visitor: Path) -> None:
    path = visitor / "saves" / "game.indigo"
    write_atomic(path, b"old")
    (visitor / "saves" / "big.indigo").write_bytes(b"z" * (37 * BLOCK))
    with pytest.raises(FolderFull) as refused:
        write_atomic(path, b"new" * BLOCK)
    assert str(refused.value) == (
        "folder full (0.2 MB for this browser on this server): "
        "delete saved games you no longer need (Load a saved game, then d)"
    )
    assert refused.value.errno is None and isinstance(refused.value, OSError)
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in (visitor / "saves").iterdir()) == ["big.indigo", "game.indigo"]  # no temp


def test_the_refusal_speaks_the_games_language(visitor: Path) -> None:
    (visitor / "saves" / "big").write_bytes(b"z" * (40 * BLOCK))
    for language, words in (("de", "voll"), ("fr", "plein"), ("nl", "vol")):
        with in_language(language), pytest.raises(FolderFull) as refused:
            check_room(visitor / "saves" / "game.indigo", 10)
        assert words in str(refused.value), (language, str(refused.value))


def test_a_game_past_the_quota_is_not_saved_and_says_why(visitor: Path) -> None:
    (visitor / "saves" / "old-games.indigo").write_bytes(b"z" * (40 * BLOCK))
    seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
    session = Session.start(NewGame(Setup(players=2), seats, seed=5), visitor / "saves")
    assert session.save_path is not None
    session.play(session.game.legal_moves[0])
    assert not session.save_path.exists()  # nothing claims to be saved
    assert session.save_error is not None and "folder full" in session.save_error
    with pytest.raises(SaveError, match="folder full"):
        session.save_as("Sunday")


def test_outside_a_visitors_game_there_is_no_quota(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VISITOR_VAR, raising=False)
    monkeypatch.setenv(QUOTA_VAR, "0")
    write_atomic(tmp_path / "at-a-terminal.indigo", b"x" * (4 * BLOCK))  # no visitor folder: no quota
    monkeypatch.setenv(VISITOR_VAR, str(tmp_path / "visitor"))
    write_atomic(tmp_path / "elsewhere.indigo", b"x")  # not inside the visitor's folder


def test_a_quota_the_game_cannot_read_leaves_no_room(visitor: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(QUOTA_VAR, "lots")
    with pytest.raises(FolderFull):
        write_atomic(visitor / "saves" / "game.indigo", b"x")


# -- where a visitor's game may connect, in the network layer ----------------------


@pytest.fixture
def fenced(monkeypatch: pytest.MonkeyPatch) -> str:
    """This process as a visitor's game that may reach the relay alone; that relay's address."""
    monkeypatch.setenv(NETWORK_VAR, "relay")
    monkeypatch.setenv(RELAY_ENV, "relay.example:4001")
    return "relay.example:4001"


@contextlib.contextmanager
def listener() -> Iterator[socket.socket]:
    """A port on 127.0.0.1 that counts who connects (``accept`` on it raises
    BlockingIOError while nobody has)."""
    sock = socket.socket()
    try:
        sock.bind(("127.0.0.1", 0))
        sock.listen(8)
        sock.setblocking(False)
        yield sock
    finally:
        sock.close()


def nobody_connected(sock: socket.socket) -> bool:
    try:
        client, _address = sock.accept()
    except BlockingIOError:
        return True
    client.close()
    return False


async def test_a_fenced_game_connects_to_no_address(fenced: str) -> None:
    with listener() as port:
        host, number = port.getsockname()
        with pytest.raises(ConnectionLost) as refused:
            await open_connection(host, number, timeout=LIMIT)
        assert str(refused.value) == (
            f"this server does not let its games connect to 127.0.0.1:{number}: they join only "
            "across the internet, with an internet code, through the relay relay.example:4001"
        )
        assert nobody_connected(port)


async def test_a_fenced_game_reaches_no_other_relay(fenced: str) -> None:
    with listener() as port:
        relay = parse_relay(f"127.0.0.1:{port.getsockname()[1]}")
        with pytest.raises(RelayError) as refused:
            await pair(relay, "channel", "side", connect_timeout=LIMIT)
        assert refused.value.problem is RelayProblem.NOT_ALLOWED
        assert str(refused.value) == (
            f"this server lets its games use only the relay relay.example:4001, not {relay}"
        )
        assert nobody_connected(port)
    check_relay("RELAY.example:4001")  # the allowed one, however it is written
    with pytest.raises(NotAllowed):
        check_relay("relay.example:4002")


def test_a_fenced_game_opens_no_port(fenced: str) -> None:
    with pytest.raises(NotAllowed, match="does not let its games host on the local network"):
        listening_socket("127.0.0.1", 0)
    refused = NotAllowed(ReachSays.LISTEN, relay="x")
    assert isinstance(refused, OSError) and refused.errno is None


async def test_a_game_allowed_lan_games_connects_and_listens(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NETWORK_VAR, "lan")
    check_connect("10.0.0.7:22")
    check_listen()
    with listener() as port:
        host, number = port.getsockname()
        conn = await open_connection(host, number, timeout=LIMIT)
        await conn.close()
        await asyncio.sleep(0)
        assert not nobody_connected(port)
    listening_socket("127.0.0.1", 0).close()


def test_at_a_terminal_anything_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NETWORK_VAR, raising=False)
    check_connect("10.0.0.7:22")
    check_listen()
    check_relay("anywhere.example:1")


def test_a_value_the_server_did_not_mean_reads_as_the_narrowest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NETWORK_VAR, "everything")
    with pytest.raises(NotAllowed):
        check_connect("10.0.0.7:22")


async def test_a_fenced_host_is_refused_its_relay_at_once(fenced: str, tmp_path: Path) -> None:
    from indigo_tui.net.host import HostError
    from indigo_tui.net.hosting import HostPlan, build_host

    with listener() as port:
        relay = parse_relay(f"127.0.0.1:{port.getsockname()[1]}")
        plan = HostPlan(["host", "remote"], name="Ann", code=str(InternetCode("4821", "K7WQ2M")), relay=relay)
        hosted = build_host(plan, tmp_path)
        try:
            with pytest.raises(HostError, match=r"only the relay relay\.example:4001"):
                await hosted.session.listen_relay(relay)
            with pytest.raises(HostError, match="does not let its games host on the local network"):
                await hosted.session.listen("127.0.0.1", 0)
        finally:
            await hosted.session.close()
        assert nobody_connected(port)


# -- whole games through the server ----------------------------------------------


async def visit(http: aiohttp.ClientSession, url: str) -> aiohttp.ClientResponse:
    """A browser's first page, with the token: it gets its cookies."""
    return await http.get(f"{url}/?token={TOKEN}")


class Screen:
    """What a game's websocket has shown so far, read on as the test waits."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.stream = b""

    async def until(self, pattern: str, *, since: int = 0) -> str:
        """Read on until ``pattern`` (a regular expression) has been shown,
        after the first ``since`` bytes of the stream; the text so far."""
        try:
            async with asyncio.timeout(LIMIT):
                while not re.search(pattern, screen_text(self.stream[since:])):
                    message = await self.ws.receive()
                    if message.type != aiohttp.WSMsgType.BINARY:
                        raise AssertionError(f"closed before {pattern!r} showed")
                    self.stream += message.data
        except (TimeoutError, AssertionError):
            shown = screen_text(self.stream[since:])[-2000:]
            raise AssertionError(f"{pattern!r} not shown; the screen ends: {shown!r}") from None
        return screen_text(self.stream)

    async def keys(self, *typed: str) -> int:
        """Send ``typed``; how much of the stream had been read before (for ``since``)."""
        for key in typed:
            await self.ws.send_json(["stdin", key])
        return len(self.stream)


async def test_a_visitors_join_to_an_address_opens_no_connection(serve: Serve) -> None:
    with listener() as port:
        number = port.getsockname()[1]
        async with serve(token=TOKEN, environment={RELAY_ENV: "relay.example:4001"}) as running:
            jar = aiohttp.CookieJar(unsafe=True)
            async with aiohttp.ClientSession(cookie_jar=jar) as http:
                assert (await visit(http, running.url)).status == 200
                async with http.ws_connect(running.url + "/ws?width=200&height=40") as ws:
                    screen = Screen(ws)
                    await screen.until("Join game")
                    # New game, Learn to play, Load, Host, Join: the fifth entry.
                    await screen.keys(DOWN, DOWN, DOWN, DOWN, ENTER)
                    await screen.until("the host's join code")
                    # Each step shown before the next key: a key sent while the
                    # focus moves to the next field is lost.
                    await screen.keys(f"127.0.0.1:{number}")
                    await screen.until(re.escape(f"127.0.0.1:{number}"))
                    sent = await screen.keys(TAB)
                    # The code field has the focus once its cursor is drawn (on
                    # the first letter of its placeholder, in a style of its own).
                    await screen.until(r"\bt\n+he host's join code", since=sent)
                    await screen.keys("AB12CD")
                    await screen.until("AB12CD")
                    await screen.keys(ENTER)
                    text = await screen.until("does not let its games connect")
                    assert f"connect to 127.0.0.1:{number}" in text
                    assert "relay.example:4001" in text
        # Its words on the screen came before any connection could: none came.
        assert nobody_connected(port)


async def test_a_new_browser_gets_no_game_once_the_most_visitors_are_kept(serve: Serve) -> None:
    async with serve(token=TOKEN, max_visitors=2) as running:
        server = running.server
        jars = [aiohttp.CookieJar(unsafe=True) for _ in range(3)]
        async with (
            aiohttp.ClientSession(cookie_jar=jars[0]) as ann,
            aiohttp.ClientSession(cookie_jar=jars[1]) as bob,
            aiohttp.ClientSession(cookie_jar=jars[2], headers={"Accept-Language": "de"}) as cleo,
        ):
            for http in (ann, bob, cleo):
                assert (await visit(http, running.url)).status == 200
            players = [next(c.value for c in jar if c.key == "indigo_player") for jar in jars]
            # Ann has saved before: her folder is one of the two.
            (server.visitor_folder(players[0]) / "saves").mkdir(parents=True)
            # Bob has none yet, but a game running: it holds the second place.
            async with bob.ws_connect(running.url + "/ws?width=100&height=32") as bob_ws:
                await read_screen_until(bob_ws, "New game")
                page = await cleo.get(running.url + "/")
                assert page.status == 503
                said = await page.text()
                assert "höchstens 2 Browsern" in said, said
                async with cleo.ws_connect(running.url + "/ws?width=100&height=32") as refused:
                    text = await read_screen_until_closed(refused)
                    assert refused.close_code == CLOSE_NO_ROOM
                    assert "höchstens 2 Browsern" in text
                # Ann, who has a folder, plays on.
                async with ann.ws_connect(running.url + "/ws?width=100&height=32") as ann_ws:
                    await read_screen_until(ann_ws, "New game")
            # Bob left without saving: his place is free again, and Cleo gets a game.
            while server.sessions:
                await asyncio.sleep(0.01)
            async with cleo.ws_connect(running.url + "/ws?width=100&height=32") as cleo_ws:
                await read_screen_until(cleo_ws, "Neues Spiel")


async def read_screen_until_closed(ws: aiohttp.ClientWebSocketResponse) -> str:
    """What the socket sent before it closed."""
    stream = b""
    async with asyncio.timeout(LIMIT):
        async for message in ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                stream += message.data
    return stream.decode("utf-8", "replace")
