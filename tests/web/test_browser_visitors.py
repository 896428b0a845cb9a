"""Two people at one ``indigo serve``, in real Chromium: two browsers with
profiles (and so cookies) of their own, Ann's and Bob's, kept for the whole
module (each test starts from no cookies and one tab).

Each test reproduces a finding of a second visitor (issue 19): shared saves
and settings (6), a game played in two tabs at once, framing by another
site and the token left in the address bar (8), and a dead game's frozen
tab holding its place (9); and of issue 35: a visitor with no quota on
its folder. Skipped, with the reason, where no Chromium (or
chromedriver, or selenium) can be had.
"""

from __future__ import annotations

import http.server
import os
import re
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from indigo_tui.web.access import PLAYER_COOKIE

from .browser import HAND, Page, chromium, why_no_browser
from .conftest import Threaded, process_alive
from .test_browser import moves_saved, place_with_keys

NO_BROWSER = why_no_browser()
pytestmark = [
    pytest.mark.slow,  # a real browser
    pytest.mark.skipif(NO_BROWSER is not None, reason=f"no browser test: {NO_BROWSER}"),
]

TOKEN = "s3cret-Token_for-tests"
DOWN, ENTER, HOME, ESCAPE = "\ue015", "\n", "\ue011", "\ue00c"


@pytest.fixture(scope="module")
def ann_browser() -> Iterator[Page]:
    with chromium() as page:
        yield page


@pytest.fixture(scope="module")
def bob_browser() -> Iterator[Page]:
    with chromium() as page:
        yield page


def fresh(page: Page) -> Page:
    page.close_other_tabs()
    page.forget_cookies()
    page.open("about:blank")
    return page


@pytest.fixture
def ann(ann_browser: Page) -> Page:
    return fresh(ann_browser)


@pytest.fixture
def bob(bob_browser: Page) -> Page:
    return fresh(bob_browser)


def saves_of(served: Threaded, page: Page) -> Path:
    """The save folder the server gives the browser of ``page``."""
    player = page.cookie(PLAYER_COOKIE)
    assert player is not None, "the page gave its browser no player cookie"
    return Path(served.server.player_environment(player)["INDIGO_SAVE_DIR"])


def start_a_game(page: Page, saves: Path) -> None:
    """New game against the greedy bot; one tile placed (so it is saved)."""
    page.keys("n")
    page.wait_for("Seat 1")
    page.ctrl("s")
    page.wait_for(HAND)
    place_with_keys(page, saves, 1)
    page.wait_for(r"\b1\.\s+You\s+placed")


def test_two_visitors_each_play_their_own_game(
    serve_in_thread: Callable[..., Threaded], ann: Page, bob: Page
) -> None:
    served = serve_in_thread(token=TOKEN)
    ann.open(f"{served.url}/?token={TOKEN}")
    ann.wait_for("New game")
    # Finding 8: the token stayed in the address bar (and the history).
    assert ann.url == served.url + "/"
    ann_saves = saves_of(served, ann)
    start_a_game(ann, ann_saves)
    first_game = served.started[0]

    bob.open(f"{served.url}/?token={TOKEN}")
    bob.wait_for("New game")
    assert saves_of(served, bob) != ann_saves
    # Finding 6: Bob's Continue took Ann's game; his Load listed it.
    bob.keys(DOWN, DOWN, ENTER)  # the third entry, past Learn to play: Load (there is no Continue)
    bob.wait_for("No saved games yet")
    assert "Continue" not in bob.text()
    bob.keys(ESCAPE)  # back to the title
    bob.wait_for("New game")
    # Bob's language is his: German for him...
    bob.keys(HOME, *[DOWN] * 7, ENTER)  # Language, the eighth entry
    bob.wait_for("Deutsch")
    bob.keys(DOWN, ENTER)
    bob.wait_for("Neues Spiel")

    # ... and Ann's next tab is still English, with her own game to continue.
    ann.open(served.url + "/")
    served.wait_until(lambda: not process_alive(first_game), "Ann's first game ended with its page")
    ann.wait_for(r"Continue\s+\(You vs Greedy bot, move 3\)")
    assert "Neues Spiel" not in ann.text()
    ann.keys(ENTER)
    ann.wait_for(HAND)
    ann.wait_for(r"\b1\.\s+You\s+placed")
    ann.wait_for(r"\b2\.\s+Greedy\s+bot\s+placed")
    assert [seat for seat, _ in moves_saved(ann_saves)] == [0, 1]


def test_a_game_open_in_one_tab_is_refused_in_a_second(
    serve_in_thread: Callable[..., Threaded], ann: Page
) -> None:
    served = serve_in_thread(token=TOKEN)
    first = ann
    first.open(f"{served.url}/?token={TOKEN}")
    first.wait_for("New game")
    saves = saves_of(served, first)
    start_a_game(first, saves)
    first.wait_for(r"\b2\.\s+Greedy\s+bot\s+placed")

    second = first.new_tab()  # the same browser: the same player, the same saves
    second.open(served.url + "/")
    second.wait_for(r"Continue\s+\(You vs Greedy bot, move 3\)")
    second.keys(ENTER)
    # Before, the second tab took the game, and both wrote it: one's moves
    # overwrote the other's without a word.
    second.wait_for(r"open\s+in\s+another\s+window")
    assert not re.search(HAND, second.text())

    # The first tab plays on, and its moves are the ones saved.
    place_with_keys(first, saves, 3)
    first.wait_for(r"\b3\.\s+You\s+placed")
    assert [seat for seat, _ in moves_saved(saves)][:3] == [0, 1, 0]

    # Its tab closed, the game is the second tab's to continue.
    first_game = served.started[0]
    first.open("about:blank")
    served.wait_until(lambda: not process_alive(first_game), "the first tab's game ended with its page")
    second.keys(ENTER)
    second.wait_for(HAND)
    second.wait_for(r"\b3\.\s+You\s+placed")


class _FramingPage(http.server.BaseHTTPRequestHandler):
    """Another site: a page with the game in nine invisible frames."""

    target = ""

    def do_GET(self) -> None:
        frame = f'<iframe src="{self.target}" style="opacity:0;width:400px;height:300px"></iframe>'
        frames = frame * 9
        body = f"<!DOCTYPE html><html><body><p>A page elsewhere</p>{frames}</body></html>".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_another_site_cannot_frame_the_game(serve_in_thread: Callable[..., Threaded], ann: Page) -> None:
    # This machine's own server (no token): the websocket of a frame comes
    # from the server's own page, so the Origin check lets it through.
    served = serve_in_thread(max_sessions=8)
    handler = type("Framing", (_FramingPage,), {"target": served.url + "/"})
    elsewhere = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    try:
        ann.open(f"http://localhost:{elsewhere.server_address[1]}/")  # another origin
        ann.wait_until(lambda _text: ann.script("return document.readyState") == "complete", what="loaded")
        driver = ann.driver
        shown = []
        what_it_shows = "return [document.URL, !!document.querySelector('#terminal')]"
        for index in range(9):
            driver.switch_to.frame(index)
            shown.append(driver.execute_script(what_it_shows))
            driver.switch_to.default_content()
        # Finding 8: nine hidden frames took all eight places.
        assert all(not has_terminal and not url.startswith(served.url) for url, has_terminal in shown), shown
        assert served.started == []
    finally:
        elsewhere.shutdown()
        elsewhere.server_close()
    # Opened as itself, the page plays.
    ann.open(served.url + "/")
    ann.wait_for("New game")
    assert len(served.started) == 1


def test_a_dead_game_frees_its_place_and_its_tab_says_so(
    serve_in_thread: Callable[..., Threaded], ann: Page, bob: Page
) -> None:
    served = serve_in_thread(max_sessions=1)
    ann.open(served.url + "/")
    ann.wait_for("New game")
    (pid,) = served.started
    os.kill(pid, signal.SIGKILL)  # as the out-of-memory killer would
    # Finding 9: the tab kept its last frame with no word, and held the only place.
    ann.wait_until(
        lambda _text: "The game stopped" in ann.page_text(".closed-dialog .message"), what="the tab's words"
    )
    assert ann.page_text(".closed-dialog .message") == (
        "The game stopped: its process on the server ended. Every move made was saved: "
        "start again and choose Continue."
    )
    served.wait_until(lambda: not served.server.sessions, "the place freed")
    assert served.stopped == [pid]
    bob.open(served.url + "/")
    bob.wait_for("New game")  # not "no free table"


def fill_with_old_games(saves: Path, count: int) -> None:
    """``count`` finished games in ``saves``, as a visitor who has played a lot leaves them."""
    from indigo_tui.engine import Setup
    from indigo_tui.saves import SeatInfo
    from indigo_tui.table.session import NewGame, Session

    seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
    for seed in range(count):
        session = Session.start(NewGame(Setup(players=2), seats, seed=seed), saves)
        while not session.game.over:
            session.play(session.game.legal_moves[0])
        session.close()


def test_a_visitor_past_their_quota_is_refused_in_words_while_another_saves(
    serve_in_thread: Callable[..., Threaded], ann: Page, bob: Page, tmp_path: Path
) -> None:
    # 20 finished games (three blocks of the disk each) take about 250 kB: past
    # a quota of 200 kB.
    served = serve_in_thread(token=TOKEN, visitor_quota=200_000)
    ann.open(f"{served.url}/?token={TOKEN}")
    ann.wait_for("New game")
    ann_saves = saves_of(served, ann)
    fill_with_old_games(ann_saves, 20)
    before = sorted(path.name for path in ann_saves.iterdir())
    ann.keys("n")
    ann.wait_for("Seat 1")
    ann.ctrl("s")
    ann.wait_for(HAND)
    for _ in range(12):  # Enter at the cursor; where a tile may not go, a step right
        ann.keys("\n", "+")
        # Handled: the bot pace moved (the table took the keys), or the first
        # failed save's dialog came over the table (and took the "+").
        ann.wait_for(r"bot\s+pace\s+1s|could\s+not\s+be\s+saved")
        if "could not be saved" in " ".join(ann.text().split()):
            break
        ann.keys("-")
        ann.wait_for(r"bot\s+pace\s+0\.5s")
        ann.keys("d")
    # Before, nothing stopped a visitor filling the server's disk at the pace of their keys.
    # (The dialog wraps its words: its rows are read one by one.)
    ann.wait_for(r"folder\s+full\s+\(0\.2\s+MB\s+for")
    ann.wait_for(r"delete\s+saved\s")
    shot = ann.screenshot(tmp_path / "quota.png")
    assert shot.read_bytes().startswith(b"\x89PNG")
    # Nothing of the new game was written: no save, no temporary file.
    assert sorted(path.name for path in ann_saves.iterdir() if not path.name.endswith(".open")) == [
        name for name in before if not name.endswith(".open")
    ]

    # Meanwhile Bob, another browser, starts a game and it is saved.
    bob.open(f"{served.url}/?token={TOKEN}")
    bob.wait_for("New game")
    bob_saves = saves_of(served, bob)
    start_a_game(bob, bob_saves)
    assert [seat for seat, _ in moves_saved(bob_saves)][:1] == [0]
    # And Ann is still told, in her game, that hers is not.
    assert "could not be saved" in " ".join(ann.text().split())
