"""The game's side panel in every language at 80x24, 120x40 and 200x60: the
scoreboard's lines, the status's lines and a hint fit, nothing wraps into a
word alone on a line or is cut; and decimal numbers in each language's way."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from indigo_tui.engine import Setup
from indigo_tui.i18n import LANGUAGES, _, decimal, ngettext, use_language
from indigo_tui.saves import SeatInfo
from indigo_tui.table.session import NewGame
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.widgets.scoreboard import Row, Scoreboard
from indigo_tui.ui.widgets.text_panel import TextPanel, pack

from .conftest import AppFactory, game_screen, resize, screen_text, until

#: The longest names a game realistically shows: the German bots' own.
LONG_NAMES = ("Gieriger Bot 2", "Gieriger Bot 1")


def region_rows(text: str, widget: Scoreboard | TextPanel) -> list[str]:
    """The screen's rows where ``widget`` is, cut to its columns."""
    region = widget.content_region
    rows = text.splitlines()[region.y : region.bottom]
    return [row[region.x : region.right].rstrip() for row in rows]


def worst_rows() -> list[Row]:
    """Four seats with the most any seat can show: every gem (19 points),
    a bot thinking, a bot named apart from its kind ("Ann (Greedy bot)")."""
    return [
        ("Spieler 1", "human", (0, 2, 4), (6, 5, 1), True, False),
        (LONG_NAMES[1], "bot:greedy", (0, 1, 3), (3, 2, 0), False, True),
        (LONG_NAMES[0], "bot:greedy", (1, 4, 5), (0, 0, 0), False, False),
        ("Spieler 4", "bot:greedy", (2, 3, 5), None, False, False),
    ]


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_scoreboard_fits_in_every_language(make_app: AppFactory, size: tuple[int, int]) -> None:
    seats = [SeatInfo("Spieler 1", "human"), SeatInfo("Spieler 2", "bot:greedy")]
    app = make_app(NewGame(Setup(players=2), seats, seed=3, open_scores=True))
    try:
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            board = game_screen(app).query_one(Scoreboard)
            width = board.content_region.width
            for language in LANGUAGES:
                await app.set_language(language)
                board.show(worst_rows())
                # Drawn in this language (its word for gates, at 80 columns too) with these rows.
                seen = _("gates {gates}").format(gates="1,3,5")

                def shown_now(seen: str = seen) -> bool:
                    return all(word in screen_text(app) for word in (seen, LONG_NAMES[1]))

                await until(pilot, shown_now)
                await pilot.pause()
                shown = region_rows(screen_text(app), board)
                # Every line the scoreboard draws is a line of its own text: nothing wrapped.
                lines = board.render().plain.splitlines()
                assert all(cell_len(line) <= width for line in lines), (language, lines)
                assert board.content_region.height == len(board.render().plain.split("\n")), language
                assert shown[: len(lines)] == [line.rstrip() for line in lines], (language, shown)
                # Nothing lost: every name, gate list, gem count and total is on the screen.
                text = "\n".join(shown)
                for name, _kind, seat_gates, gems, _to_move, _thinking in worst_rows():
                    assert name in text
                    assert ",".join(str(g + 1) for g in seat_gates) in text
                    if gems is not None:
                        assert "".join(f"{g}" for g in gems) in re.sub(r"\D", "", text)
                for points in (19, 7, 0):
                    column = ngettext("{points} point", "{points} points", points).format(points=points)
                    assert column in text or f"={points}" in text, (language, points, text)
                # No line is a word alone that lost its number ("points" under "= 27").
                assert all(re.search(r"\S", row) is None or not row.strip().isalpha() for row in shown), shown
    finally:
        use_language("en")


def plain(message: str) -> str:
    """``message`` as the screen's text reads it (a no-break space is a space there)."""
    return message.replace("\xa0", " ")


async def drawn(pilot: Pilot[Any], app: IndigoApp, panel: TextPanel, words: str) -> None:
    """Wait until ``panel`` on the screen shows ``words`` whole, or cut (an "…"
    the test then reports): the screen is drawn after the state changes."""

    def there() -> bool:
        rows = status_rows(screen_text(app), panel)
        return plain(words) in " ".join(rows) or any(row.endswith("…") for row in rows)

    await until(pilot, there)


def status_rows(app_text: str, status: TextPanel) -> list[str]:
    return [row for row in region_rows(app_text, status) if row]


@pytest.mark.usefixtures("quick_hints")
async def test_the_status_and_a_hint_fit_at_80x24_in_a_match_in_every_language(make_app: AppFactory) -> None:
    seats = [SeatInfo(LONG_NAMES[0], "human"), SeatInfo(LONG_NAMES[1], "bot:greedy")]
    app = make_app(NewGame(Setup(players=2), seats, seed=3, rounds=2))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = game_screen(app)
            status = screen.query_one("#status", TextPanel)
            session = app.session
            assert session is not None
            for language in LANGUAGES:
                await app.set_language(language)
                # A move, and the bot's answer: what it did in two lines below the counters.
                wanted = len(session.game.moves) + 2
                await pilot.press("enter")

                def answered(wanted: int = wanted) -> bool:
                    return len(session.game.moves) == wanted

                await until(pilot, answered)
                await until(
                    pilot, lambda: screen.thinking is None and LONG_NAMES[1] in screen.message, seconds=60
                )
                await drawn(pilot, app, status, screen.message)
                rows = status_rows(screen_text(app), status)
                # Whose move in one line, the counters in one, what the bot did in two.
                assert rows[0] in (_("{name}: your move.").format(name=LONG_NAMES[0]), _("Your move.")), rows
                assert rows[1].endswith(_("round {number}/{rounds}").format(number=1, rounds=2)), rows
                assert " ".join(rows[2:]) == plain(screen.message), (language, rows)
                assert "…" not in "".join(rows) and len(rows) <= 4, (language, rows)
                await pilot.press("h")
                await until(pilot, lambda: not screen.hinting and screen.message != "")
                await drawn(pilot, app, status, screen.message)
                rows = status_rows(screen_text(app), status)
                round_ = _("round {number}/{rounds}").format(number=1, rounds=2)
                # The counters with the round whole in one line (the hint says whose move) ...
                assert rows[0].endswith(round_), (language, rows)
                # ... and the hint whole below them: its points in this language's way.
                assert " ".join(rows[1:]) == plain(screen.message), (language, rows)
                assert "…" not in "".join(rows) and len(rows) <= 4, (language, rows)
                expected = r"\d,\d" if language != "en" else r"\d\.\d"
                assert re.search(expected, screen.message), (language, screen.message)
            # The bot thinks (and goes on thinking: its pace is long): the status says so in a line.
            app.bot_delay = 3600.0
            await pilot.press("enter")
            await until(pilot, lambda: screen.thinking == 1)
            for language in LANGUAGES:
                await app.set_language(language)
                round_ = _("round {number}/{rounds}").format(number=1, rounds=2)
                await drawn(pilot, app, status, round_)
                rows = status_rows(screen_text(app), status)
                thinks = {
                    _("{name} is thinking…").format(name=LONG_NAMES[1]),
                    _("{name} thinks…").format(name=LONG_NAMES[1]),
                }
                assert rows[0] in thinks and cell_len(rows[0]) <= 24, (language, rows)
                assert rows[1].endswith(round_), (language, rows)
    finally:
        use_language("en")


@pytest.mark.usefixtures("quick_hints")
async def test_a_hint_at_120x40_says_everything_with_decimal_commas(make_app: AppFactory) -> None:
    seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "bot:greedy")]
    app = make_app(NewGame(Setup(players=2), seats, seed=3))
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = game_screen(app)
            await app.set_language("de")
            await pilot.press("h")
            await until(pilot, lambda: not screen.hinting and screen.message != "")
            assert screen.message.startswith("Tipp: ") and "Cursor und Drehung gesetzt" in screen.message
            assert re.search(r"du \d+,\d, Bob \d+,\d\.$", screen.message), screen.message
            # A resize to 80x24 says the same hint in its short words, in two lines.
            await resize(pilot, 80, 24)
            await until(
                pilot, lambda: screen.has_class("-compact") and "Gegner" in screen.message, seconds=30
            )
            status = screen.query_one("#status", TextPanel)
            await drawn(pilot, app, status, screen.message)
            rows = status_rows(screen_text(app), status)
            assert " ".join(rows[1:]) == plain(screen.message) and "…" not in "".join(rows), rows
    finally:
        use_language("en")


def test_the_bot_pace_and_its_message_use_the_decimal_comma() -> None:
    use_language("fr")
    try:
        assert _("bot pace {seconds}s").format(seconds=decimal(0.5)) == "délai bots 0,5 s"
    finally:
        use_language("en")


def test_pack_breaks_a_line_only_between_its_parts() -> None:
    assert pack("5 tiles left · move 48 · bot pace 0s", 33) == "5 tiles left · move 48 ·\nbot pace 0s"
    assert pack("pioche : 52 · manche 1/2", 24) == "pioche : 52 · manche 1/2"
    assert pack("a · b · c", 5) == "a ·\nb · c"
    assert pack("a · b · c", 4) == "a ·\nb ·\nc"
    assert pack("one part only, longer than the width", 10) == "one part only, longer than the width"


async def test_the_status_breaks_only_between_its_counters_at_120x40(make_app: AppFactory) -> None:
    seats = [SeatInfo(LONG_NAMES[0], "human"), SeatInfo(LONG_NAMES[1], "bot:greedy")]
    app = make_app(NewGame(Setup(players=2), seats, seed=3, rounds=2))
    app.bot_delay = 0.5
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = game_screen(app)
            status = screen.query_one("#status", TextPanel)
            for language in LANGUAGES:
                await app.set_language(language)
                await drawn(pilot, app, status, _("round {number}/{rounds}").format(number=1, rounds=2))
                rows = status_rows(screen_text(app), status)
                parts = [
                    ngettext("{count} tile left", "{count} tiles left", 52).format(count=52),
                    _("move {number}").format(number=1),
                    _("bot pace {seconds}s").format(seconds=decimal(0.5)),
                    _("round {number}/{rounds}").format(number=1, rounds=2),
                ]
                for part in parts:
                    assert any(plain(part) in row for row in rows), (language, part, rows)
                assert all(cell_len(row) <= status.content_region.width for row in rows)
    finally:
        use_language("en")


@pytest.mark.parametrize("size", [(120, 40), (200, 60)])
async def test_the_scoreboards_layout_stays_as_the_gems_come_in(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    """The layout is chosen for the most gems and points a seat can hold, so a
    seat's points stay on their line from the first move to the last."""
    seats = [SeatInfo("Spieler 1", "human"), SeatInfo("Spieler 2", "bot:greedy")]
    app = make_app(NewGame(Setup(players=2), seats, seed=3, open_scores=True))
    try:
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            board = game_screen(app).query_one(Scoreboard)
            for language in LANGUAGES:
                await app.set_language(language)
                layouts = []
                for gems in ((0, 0, 0), (1, 0, 0), (6, 5, 1)):
                    rows: list[Row] = [
                        (LONG_NAMES[0], "human", (0, 2, 4), gems, True, False),
                        (LONG_NAMES[1], "bot:greedy", (1, 3, 5), gems, False, False),
                    ]
                    board.show(rows)
                    points = sum(n * p for n, p in zip(gems, (1, 2, 3), strict=True))
                    lines = board.render().plain.splitlines()
                    # Which line holds each seat's points: the same however many there are.
                    said = ngettext("{points} point", "{points} points", points).format(points=points)
                    layouts.append([i for i, line in enumerate(lines) if line.rstrip().endswith(said)])
                assert layouts[0] == layouts[1] == layouts[2], (language, layouts)
    finally:
        use_language("en")


@pytest.mark.usefixtures("quick_hints")
async def test_a_hint_fits_at_80x24_in_a_game_of_four_in_every_language(make_app: AppFactory) -> None:
    """Three others' points too: the hint takes the "Your move." line (a hint is
    only for one's own move), with the counters above it."""
    kinds = ("human", "bot:greedy", "bot:greedy", "bot:random")
    names = (LONG_NAMES[0], LONG_NAMES[1], "Gieriger Bot 3", "Zufallsbot 4")
    seats = [SeatInfo(name, kind) for name, kind in zip(names, kinds, strict=True)]
    app = make_app(NewGame(Setup(players=4), seats, seed=3, rounds=2))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = game_screen(app)
            status = screen.query_one("#status", TextPanel)
            for language in LANGUAGES:
                await app.set_language(language)
                await pilot.press("h")
                await until(pilot, lambda: not screen.hinting and screen.message != "")
                await drawn(pilot, app, status, screen.message)
                rows = status_rows(screen_text(app), status)
                assert rows[0].endswith(_("round {number}/{rounds}").format(number=1, rounds=2)), rows
                assert " ".join(rows[1:]) == plain(screen.message), (language, rows)
                assert "…" not in "".join(rows) and len(rows) <= 4, (language, rows)
                # Every seat's expected points (after the cell's "(2,1)").
                points = screen.message.split(")", 1)[1]
                assert len(re.findall(r"\d+[.,]\d", points)) == 4, screen.message
    finally:
        use_language("en")
