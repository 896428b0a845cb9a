"""The board's own keys say what they did, on the screen the player looks at:
``v`` (zoom) names the view the board then shows, at 80x24, 120x40 and
200x60 and in every language; ``g`` (glyphs) offers only what the terminal is
known to draw, and glyphs asked for by name beyond that are drawn, said and
not remembered."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from indigo_tui.i18n import LANGUAGES, _, use_language
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.settings import Settings, load_settings, save_settings
from indigo_tui.ui.widgets.board import BoardView

from .conftest import AppFactory, game_screen, new_game, screen_text, tap, until

SIZES = ((80, 24), (120, 40), (200, 60))


def side_words(app: App[Any]) -> str:
    """The side panel's text (right of its border), its lines joined by spaces:
    a message wrapped over two lines reads as one."""
    lines = []
    for line in screen_text(app).splitlines():
        _board, bar, side = line.partition("▏")
        if bar:
            lines.append(side.strip())
    return " ".join(word for line in lines for word in line.split())


def shows_whole_board(app: App[Any], board: BoardView) -> bool:
    """Whether the board's region of the screen shows every line of the whole
    board's picture (the zoomed view shows a window of a larger picture)."""
    rows = screen_text(app).splitlines()
    picture = board.picture()
    region = board.region
    if picture.cols > region.width or picture.rows > region.height:
        return False
    left = region.x + (region.width - picture.cols) // 2
    top = region.y + (region.height - picture.rows) // 2
    for y, line in enumerate(picture.text().splitlines()):
        shown = rows[top + y][left : left + picture.cols].rstrip() if top + y < len(rows) else ""
        if shown != line.rstrip():
            return False
    return True


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_zoom_key_says_the_view_it_shows(
    make_app: AppFactory, size: tuple[int, int], language: str
) -> None:
    app = make_app(new_game())
    try:
        use_language(language)
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            board = app.screen.query_one(BoardView)
            zoomed_words = " ".join(_("Zoomed in around the cursor (v: whole board).").split())
            whole_words = " ".join(_("The whole board (v: zoom in).").split())
            started_whole = shows_whole_board(app, board)
            # 80x24 starts zoomed in, the larger sizes on the whole board.
            assert started_whole == (size != (80, 24))
            for press in range(2):
                await tap(pilot, "v")
                # What the key did: the other view, and its words said.
                expected = started_whole if press else not started_whole
                words = whole_words if expected else zoomed_words
                await until(
                    pilot,
                    lambda: shows_whole_board(app, board) == expected and words in side_words(app),  # noqa: B023 (awaited here)
                )
                whole = shows_whole_board(app, board)
                assert whole == (started_whole if press else not started_whole)
                said = side_words(app)
                if whole:
                    assert whole_words in said and zoomed_words not in said, said
                else:
                    assert zoomed_words in said and whole_words not in said, said
    finally:
        use_language("en")


# -- the glyph key ---------------------------------------------------------------------

#: Sextants (Symbols for Legacy Computing) and octants (its Supplement): what
#: DejaVu Sans Mono and tmux without a terminal that draws them show as boxes.
SEXTANTS = range(0x1FB00, 0x1FB3C)
OCTANTS = range(0x1CD00, 0x1CDE6)


def legacy_glyphs(text: str) -> set[str]:
    """The names of the glyph sets beyond quadrants that ``text`` uses."""
    found = set()
    for char in text:
        if ord(char) in SEXTANTS:
            found.add("sextant")
        elif ord(char) in OCTANTS:
            found.add("octant")
    return found


def terminal(monkeypatch: pytest.MonkeyPatch, **env: str) -> None:
    """The app runs in a terminal that sets ``env`` (and none of the variables detection reads)."""
    monkeypatch.delenv("INDIGO_BOARD_GLYPHS")
    for var in ("TMUX", "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "VTE_VERSION", "KITTY_WINDOW_ID"):
        monkeypatch.delenv(var, raising=False)
    for var in [name for name in os.environ if name.startswith("WEZTERM_")]:
        monkeypatch.delenv(var)
    for var, value in env.items():
        monkeypatch.setenv(var, value)


TMUX = {"TMUX": "/tmp/tmux-1000/default,1,0", "TERM": "tmux-256color"}
#: What ``g`` offers in tmux, round and round, from auto.
TMUX_CYCLE = ("quadrant", "halfblock", "auto (quadrant)")


def glyphs_said(glyphs: str) -> str:
    """The side panel's words after ``g`` chose ``glyphs`` (a choice remembered)."""
    return " ".join(_("Board glyphs: {glyphs}.").format(glyphs=glyphs).split())


def lasting_notices(app: App[Any]) -> None:
    """Notices stay up until the test reads them: a loaded machine can take
    longer than their five seconds to get there."""
    app.NOTIFICATION_TIMEOUT = 600  # type: ignore[misc]  # this app only, not the class


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_glyph_key_offers_only_what_tmux_draws(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    terminal(monkeypatch, **TMUX)
    app = make_app(new_game())
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        said = []
        for press in range(7):  # round the whole cycle and more
            await tap(pilot, "g")
            # The key's choice said (the glyphs are switched in the same step).
            await until(pilot, lambda: glyphs_said(TMUX_CYCLE[press % 3]) in side_words(app))  # noqa: B023 (awaited here)
            text = screen_text(app)
            assert not legacy_glyphs(text), side_words(app)
            said.append(side_words(app))
        # auto, quadrant, halfblock, and round again.
        assert "Board glyphs: halfblock." in said[1]
        assert "Board glyphs: auto (quadrant)." in said[2]


async def test_the_glyph_key_offers_octants_where_the_terminal_draws_them(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal(monkeypatch, TERM_PROGRAM="WezTerm", TERM="xterm-256color")
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        assert legacy_glyphs(screen_text(app)) == {"octant"}  # auto: octants
        seen = []
        for choice in ("quadrant", "halfblock", "sextant", "octant", "auto (octant)"):
            await tap(pilot, "g")
            await until(pilot, lambda: glyphs_said(choice) in side_words(app))  # noqa: B023 (awaited here)
            seen.append(legacy_glyphs(screen_text(app)))
        # quadrant, halfblock, sextant, octant, auto (octant)
        assert seen == [set(), set(), {"sextant"}, {"octant"}, {"octant"}]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_glyphs_asked_for_by_name_that_tmux_cannot_draw_are_said_and_not_remembered(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, language: str
) -> None:
    terminal(monkeypatch, **TMUX)
    app = make_app(new_game())
    lasting_notices(app)
    try:
        use_language(language)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            await tap(pilot, "g")  # quadrant: remembered
            await until(pilot, lambda: glyphs_said("quadrant") in side_words(app))
            game_screen(app).action_glyphs("sextant")  # as the palette's "Board glyphs: sextant"
            status = " ".join(_("Board glyphs: {glyphs} (not remembered).").format(glyphs="sextant").split())
            warning = _(
                "This terminal is not known to draw {glyphs} glyphs: if the board shows empty boxes or "
                "smudges, press g for glyphs it draws."
            ).format(glyphs="sextant")

            def warned() -> bool:
                # The toast wraps in its own box: its words in order, whatever the line breaks.
                text = " ".join(screen_text(app).split())
                return all(word in text for word in warning.split())

            # The toast comes in a step of its own, after the status.
            await until(pilot, warned)
            text = " ".join(screen_text(app).split())
            assert legacy_glyphs(text) == {"sextant"}  # what was asked for, shown
            assert status in side_words(app)
            assert warned(), text
            await tap(pilot, "g")  # back to what tmux draws
            await until(pilot, lambda: status not in side_words(app))
            assert not legacy_glyphs(screen_text(app))
        assert load_settings(tmp_path / "config")[0].board_glyphs in ("quadrant", "auto")
    finally:
        use_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
async def test_octants_remembered_elsewhere_are_not_drawn_in_tmux(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, language: str
) -> None:
    terminal(monkeypatch, **TMUX)
    assert save_settings(Settings(board_glyphs="octant"), tmp_path / "config") is None
    try:
        use_language(language)
        app = make_app(new_game())
        lasting_notices(app)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            notice = _(
                "Board glyphs: {glyphs} were chosen in another terminal; this one is not known to draw "
                "them, so the board uses {used} (--board-glyphs {glyphs} asks for them here)."
            ).format(glyphs="octant", used="quadrant")

            def said() -> bool:
                # The toast wraps in its own box: its words, whatever the line breaks.
                text = " ".join(screen_text(app).split())
                return all(word in text for word in notice.split())

            await until(pilot, said)
            assert not legacy_glyphs(screen_text(app))
        # Still remembered for the terminal it was chosen in.
        assert load_settings(tmp_path / "config")[0].board_glyphs == "octant"
    finally:
        use_language("en")
