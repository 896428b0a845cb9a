"""Helpers for driving the app with Textual's Pilot, and what makes its apps cheaper.

Each process that collects these tests installs tests/ui/textual_speedups.py
(``pytest_configure`` below): headless apps paint no frames nobody sees,
each piece of CSS is parsed once, and each pilot acts in its own app.
"""

from __future__ import annotations

import asyncio
import html
import io
import random
import re
import unicodedata
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from rich.cells import get_character_cell_size
from rich.console import Console
from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.events import Key, Resize
from textual.geometry import Size
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.notifications import SeverityLevel
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from indigo_tui.bots import review as review_module
from indigo_tui.bots.review import Reviewer
from indigo_tui.engine import SeatView, Setup
from indigo_tui.net.host import HostSession
from indigo_tui.net.hosting import HostPlan, build_host
from indigo_tui.saves import SeatInfo
from indigo_tui.table.network import GuestTable, HostTable
from indigo_tui.table.session import NewGame, Session
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.join import JoinScreen
from indigo_tui.ui.screens.lobby import LobbyScreen
from indigo_tui.ui.screens.net_game import NetGameScreen

from . import textual_speedups

AppFactory = Callable[..., IndigoApp]


def pytest_configure(config: pytest.Config) -> None:
    textual_speedups.install()


@pytest.fixture
def every_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """Headless apps paint every frame in this test (see textual_speedups.py)."""
    textual_speedups.paint_every_frame(monkeypatch)


def new_game(kinds: tuple[str, ...] = ("human", "bot:greedy"), **options: object) -> NewGame:
    names = {"human": ["Ann", "Bob", "Cat", "Dan"]}
    seats = [
        SeatInfo(names["human"][i] if kind == "human" else f"{SeatInfo('', kind).bot} bot", kind)
        for i, kind in enumerate(kinds)
    ]
    setup = Setup(players=len(kinds), variant=str(options.pop("variant", "classic")))  # type: ignore[arg-type]
    return NewGame(setup, seats, seed=options.pop("seed", 3), **options)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app under test keeps its settings in its own folder and draws the
    board with quadrants, whatever terminal runs the tests."""
    monkeypatch.setenv("INDIGO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("INDIGO_BOARD_GLYPHS", "quadrant")


#: The playouts of a hint in a test that reads the hint's words (the game's
#: own hint searches 300): enough for a real search's move and points.
QUICK_HINT_SPEC = "mcts:iter=20"


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's hints search :data:`QUICK_HINT_SPEC`, for a test about
    the hint's words (where they show, how they fit, the form of their
    numbers), not about which move the search finds: tests/ui/test_hints.py
    holds that with the game's own search. A hint of 300 playouts took half
    a second of a core, asked in every language."""

    class QuickHints(Reviewer):
        def __init__(self, spec: str = QUICK_HINT_SPEC, seed: int | str = 0) -> None:
            super().__init__(spec, seed)

    # The screen looks the reviewer up when the player asks (GameScreen.find_hint).
    monkeypatch.setattr(review_module, "Reviewer", QuickHints)


@pytest.fixture
def save_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


@pytest.fixture
def make_app(save_dir: Path) -> AppFactory:
    def make(game: NewGame | None = None, **options: object) -> IndigoApp:
        return IndigoApp(new_game=game, save_dir=save_dir, animate=False, bot_delay=0.0, **options)  # type: ignore[arg-type]

    return make


ScreenKind = TypeVar("ScreenKind", bound=Screen[Any])


def current(app: App[Any], kind: type[ScreenKind]) -> ScreenKind:
    """The app's current screen, which must be a ``kind`` (the test waited for it)."""
    screen = app.screen
    assert isinstance(screen, kind), f"{type(screen).__name__} on top, not {kind.__name__}"
    return screen


def game_screen(app: IndigoApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def session_of(app: IndigoApp) -> Session:
    """The game the app is playing (the test has started one)."""
    assert app.session is not None, "no game is being played"
    return app.session


def advance(app: IndigoApp, moves: int, seed: int = 1) -> None:
    """Play ``moves`` random legal moves for whoever is to move (test set-up only)."""
    session = app.session
    assert session is not None
    rng = random.Random(seed)
    for _ in range(moves):
        session.play(rng.choice(session.game.legal_moves))


def finish_round(app: IndigoApp, seed: int = 1) -> None:
    """Play random legal moves to the end of the round and let the table show
    what comes next (the end screen): test set-up for what a round's end
    shows, without drawing every move. (Whole games played through the
    screen have tests of their own, marked slow.)"""
    session = app.session
    assert session is not None
    rng = random.Random(seed)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves))
    game_screen(app).next_turn()


async def until(
    pilots: Pilot[Any] | Sequence[Pilot[Any]], condition: Callable[[], bool], seconds: float = 120.0
) -> None:
    """Let the app (or every app, for two in one test) run until ``condition``
    holds; bounded, and fails loudly. The one waiting helper of the UI tests.
    The bound only stops a hang: generous, for a loaded machine (a condition
    met at once costs nothing). A whole network game through two apps takes
    about a minute on a quiet 2-core machine, and its bots, key exchanges and
    saves run in threads that a machine at load 20 gives a tenth of a core:
    30 s was reached there by steps that took 3 s when quiet. The bound is
    ``seconds`` worth of 10 ms turns, however long the machine makes them, and
    at most four times ``seconds`` on the clock: a condition that takes a
    screenshot each time it is asked once made a failing test spin for 18
    minutes (30 s of turns) before it said so."""
    group = [pilots] if isinstance(pilots, Pilot) else list(pilots)
    loop = asyncio.get_running_loop()
    latest = loop.time() + 4 * seconds
    for _ in range(max(1, int(seconds / (0.01 * len(group))))):
        if condition():
            return
        if loop.time() > latest:
            break
        for pilot in group:
            await pilot.pause(0.01)
    if not condition():
        # Where each app stopped, for the failure to say (a flaky wait is seen once).
        screens = "\n".join(
            f"--- {type(pilot.app.screen).__name__} ---\n{screen_text(pilot.app).rstrip()}" for pilot in group
        )
        raise AssertionError(f"the app never got there in {seconds:g} s; the screens then:\n{screens}")


async def resize(pilot: Pilot[Any], width: int, height: int) -> None:
    """Resize the terminal to ``width`` x ``height``, as ``pilot.resize_terminal``
    does, and wait until the screen is laid out at that size (bounded). What
    it then shows is the test's to wait for, with ``until``. The pilot's own
    wait after a resize is for the whole process to be idle (20 ms with less
    than 1 ms of CPU, at most a second), which a thread at work never gives:
    with a review rating its moves or a bot thinking, every resize waited out
    the full second, and a test reading words at three sizes spent most of
    its time there."""
    size = Size(width, height)
    app = pilot.app
    # As resize_terminal: the headless driver reports the new size from now on.
    if isinstance(app._driver, HeadlessDriver):
        app._driver._size = size
    app.post_message(Resize(size, size))
    await until(pilot, lambda: app.size == size and app.screen._compositor.size == size)


def _send_key(app: App[Any], key: str) -> None:
    """Send ``key`` to ``app`` as ``pilot.press`` does (App._press_keys makes
    the same key event of a key's name or a character)."""
    driver = app._driver
    assert driver is not None
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = Key(key, char)
    event.set_sender(app)
    driver.send_message(event)


async def tap(pilot: Pilot[Any], key: str) -> None:
    """Press one key as ``pilot.press`` does, without its wait for the whole
    process to be idle (twice: 20 ms with less than 1 ms of CPU, each, at
    most a second): the caller waits for what the key does, with ``until``.
    In a network game, two apps, their heartbeats and their threads never
    leave the process idle, and each key cost the full second twice over.
    What ``pilot.press`` does keep is its order: the screen has handled every
    message queued before the key (a turn's news, a new screen's mounting)
    when the key comes, and the key itself when this returns. Without it a
    guest's Enter once came before its screen was ready, and the placement
    the test then waited for never came (seen once in a run on an idle machine)."""
    await pilot._wait_for_screen()
    _send_key(pilot.app, key)
    await pilot._wait_for_screen()


async def type_text(pilot: Pilot[Any], text: str, done: Callable[[], bool]) -> None:
    """Type ``text`` into the focused field, letter by letter, the key
    events ``pilot.press`` sends, and wait until ``done()`` says they are
    there (bounded). The pilot waits after each key for the whole process to
    be idle (twice: 20 ms with less than 1 ms of CPU, each), so typing a
    name of 38 letters took seconds; the field takes these from the app's
    queue in the same order, as it takes a quick typist's. Letters only: a
    key bound to an action (backspace, end) sent this way was seen to take
    effect after letters sent behind it, so those go through ``pilot.press``.
    As ``tap``, the letters come after every message queued before them (a
    form's mounting and its focus)."""
    await pilot._wait_for_screen()
    for letter in text:
        assert letter.isprintable() and len(letter) == 1, repr(letter)
        _send_key(pilot.app, letter)
    await until(pilot, done)


def footer_keys(app: App[Any]) -> list[FooterKey]:
    """The keys the current screen's footer shows."""
    return [key for footer in app.screen.query(Footer) for key in footer.query(FooterKey)]


def footer_settled(app: App[Any]) -> bool:
    """Whether the footer shows the screen's own keys as its bindings say now.
    The footer is composed again, some steps later, each time they change
    (their words in a new language, what a narrow screen leaves out): read it
    once this holds, not after a pause that a loaded machine can cut short."""
    screen = app.screen
    own = [active.binding for active in screen.active_bindings.values() if active.node is screen]
    wanted = {(binding.action, binding.description) for binding in own if binding.show}
    actions = {binding.action for binding in own}
    shown = {(key.action, key.description) for key in footer_keys(app) if key.action in actions}
    return bool(wanted) and shown == wanted


#: An SVG screenshot's text runs: where each starts (x) and on which line.
_TEXT_RUN = re.compile(
    r'<text [^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#terminal-\d+-line-(\d+)\)">([^<]*)</text>'
)
#: The width of one terminal cell in Rich's SVG export (0.61 of its 20 px font).
_CELL_WIDTH = 12.2


def screen_text(app: App[Any]) -> str:
    """Every character on the app's screen now, as plain text in rows and
    columns: the picture ``export_screenshot`` takes (the compositor's render
    of the whole screen, with the screens under a dialog), printed as text
    instead of as SVG. The same characters (tests/ui/test_screen_text.py holds
    the two equal) at a twentieth of the cost: a 200x60 screenshot took 150 ms,
    and a test waiting for words asks for one every turn of its wait."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    # As export_screenshot renders it (textual.app.App.export_screenshot).
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    text = console.export_text(styles=False)
    rows = [_cells(line).replace("\xa0", " ").rstrip() for line in text.split("\n")]
    return "\n".join(rows[:height])


def _cells(line: str) -> str:
    """``line`` with a space after each character two cells wide (an emoji, a
    CJK letter), so that a character's index is its column on the screen."""
    return "".join(char + " " if get_character_cell_size(char) == 2 else char for char in line)


def svg_text(svg: str) -> str:
    """The characters of a screenshot (an app's ``export_screenshot``) in rows and columns."""
    rows: dict[int, dict[int, str]] = {}
    for x, line, text in _TEXT_RUN.findall(svg):
        row = rows.setdefault(int(line), {})
        start = round(float(x) / _CELL_WIDTH)
        for offset, char in enumerate(html.unescape(text).replace("\xa0", " ").rstrip("\n")):
            row[start + offset] = char
    return "\n".join(_row_text(rows.get(line, {})) for line in range(max(rows, default=-1) + 1))


def _row_text(row: dict[int, str]) -> str:
    return "".join(row.get(column, " ") for column in range(max(row, default=-1) + 1)).rstrip()


def notices(app: App[Any], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every message ``app`` is asked to show as a notification from now on,
    heard through the public :meth:`App.notify` (which still shows it)."""
    said: list[str] = []
    notify = app.notify

    def heard(
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        said.append(message)
        notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    monkeypatch.setattr(app, "notify", heard)
    return said


# -- network games through the screens: two apps in one test, over 127.0.0.1 ----

#: The terminal the network tests' apps run in.
NET_SIZE = (120, 40)


def host_app(save_dir: Path, plan: HostPlan) -> tuple[NetApp, HostTable]:
    """An app hosting ``plan`` from its lobby on an ephemeral port of
    127.0.0.1 (the host's bots move at once), and its table."""
    hosted = build_host(plan, save_dir)
    table = HostTable(hosted.session, hosted.own)
    table.host.bot_seats.move_delay = 0.0
    app = NetApp(lambda: LobbyScreen(table, bind="127.0.0.1", port=0), save_dir=save_dir, animate=False)
    return app, table


async def lobby_port(pilot: Pilot[Any], host: HostSession) -> int:
    """The port the host's lobby listens on, once it does (bounded)."""
    await until([pilot], lambda: host.address is not None)
    assert host.address is not None
    return host.address[1]


def guest_app(save_dir: Path, port: int, code: str, name: str) -> NetApp:
    """An app that joins the game at 127.0.0.1:``port`` at once, as ``name``."""
    return NetApp(
        lambda: JoinScreen(f"127.0.0.1:{port}", code, name, auto=True, save_dir=save_dir),
        save_dir=save_dir,
        animate=False,
    )


def my_view(app: NetApp) -> SeatView:
    screen = app.screen
    assert isinstance(screen, NetGameScreen)
    view = screen.table.view()
    assert view is not None
    return view


async def place_legal(app: NetApp, pilot: Pilot[None]) -> None:
    """Put the cursor and rotation on a legal placement and press Enter."""
    screen = app.screen
    assert isinstance(screen, NetGameScreen)
    view = my_view(app)
    move = view.legal_moves[0]

    def aim() -> None:
        # Run by the app itself (two apps in one test: the screen's watchers must see their own).
        screen.chosen = view.hand.index(move.tile)
        screen.cursor = move.cell
        screen.rotation = move.rotation

    app.call_later(aim)
    await until(pilot, lambda: screen.cursor == move.cell and screen.rotation == move.rotation)
    # The caller waits for the placement (the host's board, the other screen).
    await tap(pilot, "enter")


async def play_to_the_end(
    host: HostSession, app: NetApp, hp: Pilot[None], guest: NetApp, gp: Pilot[None]
) -> None:
    """The whole game, each side at its own keyboard: the host's app plays
    seat 1, the guest's seat 2."""
    pilots = [hp, gp]
    for _ in range(200):
        if host.game.over:
            break
        side, pilot = (app, hp) if host.game.turn == 0 else (guest, gp)
        count = host.game.board.placements

        def ready(side: NetApp = side) -> bool:
            screen = side.screen
            return isinstance(screen, NetGameScreen) and my_view(side).my_turn and not screen._sending

        def placed(count: int = count) -> bool:
            return host.game.board.placements == count + 1

        await until(pilots, ready)
        await place_legal(side, pilot)
        await until(pilots, placed)
    assert host.game.over


def hazel(**plan: object) -> HostPlan:
    """Hazel hosts a game for one guest (seed 7)."""
    return HostPlan(["host", "remote"], name="Hazel", seed=7, **plan)  # type: ignore[arg-type]


@dataclass
class Hosted:
    """A started network game in one test: the host's app and the guest's, their pilots and tables."""

    app: NetApp
    guest: NetApp
    hp: Pilot[None]
    gp: Pilot[None]
    table: HostTable
    gtable: GuestTable
    #: The port the host's lobby listens on.
    port: int

    @property
    def pilots(self) -> list[Pilot[None]]:
        return [self.hp, self.gp]


@asynccontextmanager
async def hosted_game(
    tmp_path: Path,
    clock: float = 0.0,
    size: tuple[int, int] = NET_SIZE,
    toasts: bool = False,
    **plan: object,
) -> AsyncIterator[Hosted]:
    """Host a game (Hazel) in one app, join it (Gus) from another over
    127.0.0.1, start it, and hand over both once each shows its table.
    ``clock``: seconds a move on the host's turn clock (shorter than its form
    allows); ``size``: both terminals' columns and rows; ``toasts``: whether
    notifications are drawn (``run_test`` leaves them out unless asked)."""
    app, table = host_app(tmp_path / "host", hazel(**plan))
    host = table.host
    if clock:
        host.clock.seconds = clock
    async with app.run_test(size=size, notifications=toasts) as hp:
        port = await lobby_port(hp, host)
        guest = guest_app(tmp_path / "guest", port, host.code, "Gus")
        async with guest.run_test(size=size, notifications=toasts) as gp:
            pilots = [hp, gp]
            await until(pilots, lambda: host.ready and isinstance(app.screen, LobbyScreen))
            await tap(hp, "ctrl+s")
            await until(pilots, lambda: isinstance(app.screen, NetGameScreen))
            await until(pilots, lambda: isinstance(guest.screen, NetGameScreen))
            # Pushed is not yet drawn: each table shows its own hand once laid out.
            await until(pilots, lambda: "Your hand" in screen_text(app) and "Your hand" in screen_text(guest))
            gscreen = guest.screen
            assert isinstance(gscreen, NetGameScreen) and isinstance(gscreen.table, GuestTable)
            yield Hosted(app, guest, hp, gp, table, gscreen.table, port)
