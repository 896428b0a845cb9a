"""A crowded board reads, on the screen the player looks at: the tiles around
the cursor (and on the routes on show) in full contrast and the rest quieter;
the cursor's coordinates in a tag under it and, on ``c``, every cell's; the
hand larger where there is room; at 80x24 the hand and the gates in words.
At 80x24, 120x40 and 200x60, and in every language where words are shown."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from indigo_tui.engine.geometry import COORDS
from indigo_tui.engine.tiles import KIND_CODES
from indigo_tui.i18n import LANGUAGES, _, use_language
from indigo_tui.i18n.words import tile_description
from indigo_tui.ui import palette
from indigo_tui.ui.board_art import roles as R
from indigo_tui.ui.screens.game import GameScreen

from .conftest import AppFactory, advance, game_screen, new_game, screen_text, until

SIZES = ((80, 24), (120, 40), (200, 60))
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]

_STYLE = re.compile(r"\.(terminal-\d+-r\d+) \{ fill: (#[0-9a-f]{6})")
_RUN = re.compile(
    r'<text class="(terminal-\d+-r\d+)" x="([\d.]+)"[^>]*?'
    r'clip-path="url\(#terminal-\d+-line-(\d+)\)">([^<]*)</text>'
)
_CELL_WIDTH = 12.2  # a cell's width in Rich's SVG export


def screen_colours(app: Any) -> dict[tuple[int, int], tuple[str, str]]:
    """Every drawn character on the screen by (row, column): the character and
    its colour, read from the public screenshot (``export_screenshot``)."""
    svg = app.export_screenshot()
    fills = dict(_STYLE.findall(svg))
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for css, x, line, text in _RUN.findall(svg):
        start = round(float(x) / _CELL_WIDTH)
        for offset, char in enumerate(html.unescape(text).replace("\xa0", " ")):
            if char.strip():
                cells[(int(line), start + offset)] = (char, fills.get(css, ""))
    return cells


def board_columns(app: Any) -> int:
    """The columns left of the side panel's border, as drawn."""
    for line in screen_text(app).splitlines():
        if "▏" in line:
            return line.index("▏")
    raise AssertionError("no side panel border on the screen")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_a_crowded_board_is_quiet_away_from_the_cursor(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    full = palette.role_colour(R.PATH)
    quiet = palette.role_colour(R.QUIET_PATH)
    app = make_app(new_game())
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        advance(app, 44, seed=2)
        screen = game_screen(app)
        screen.next_turn()
        await until(pilot, lambda: app.session is not None and app.session.game.turn == 0)
        await pilot.pause()
        edge = board_columns(app)
        cells = {spot: colour for spot, (_c, colour) in screen_colours(app).items() if spot[1] < edge}
        bright = [spot for spot, colour in cells.items() if colour == full]
        dim = [spot for spot, colour in cells.items() if colour == quiet]
        # The paths of a crowded board are mostly quiet; the full-contrast ones are
        # the few tiles around the cursor (and the last placed tile).
        assert dim, "no quiet paths on the board"
        assert len(bright) < len(dim) / 2, (len(bright), len(dim))
        tag = tag_spot(app, screen.cursor, edge)
        near = [spot for spot in bright if abs(spot[0] - tag[0]) <= size[1] // 3]
        assert near, "no full-contrast paths around the cursor"
        # Tracing a route brings its tiles to full contrast as well.
        await pilot.press("t")
        await pilot.pause()
        traced = screen_colours(app)
        assert sum(1 for spot, (_c, colour) in traced.items() if spot[1] < edge and colour == full) >= len(
            bright
        )


def tag_spot(app: Any, cell: int, edge: int) -> tuple[int, int]:
    """Where the board shows ``cell``'s coordinates ("q,r"), left of column ``edge``."""
    q, r = COORDS[cell]
    label = f"{q},{r}"
    for row, line in enumerate(screen_text(app).splitlines()):
        for found in re.finditer(r"-?\d,-?\d", line[:edge]):
            if found.group() == label:
                return row, found.start()
    raise AssertionError(f"the board does not show {label}")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_the_cursor_shows_its_coordinates_and_c_shows_every_cells(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = make_app(new_game())
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        screen = game_screen(app)
        edge = board_columns(app)
        cells = [screen.cursor]
        tag_spot(app, screen.cursor, edge)
        for key in ("d", "x", "a"):
            await pilot.press(key)
            await pilot.pause()
            cells.append(screen.cursor)
            tag_spot(app, screen.cursor, edge)  # the tag follows the cursor, with its coordinates
        assert len(set(cells)) == 4
        await pilot.press("c")
        await pilot.pause()
        board = "\n".join(line[:edge] for line in screen_text(app).splitlines())
        shown = {label for label in re.findall(r"-?\d,-?\d", board)}
        named = {f"{q},{r}" for q, r in COORDS}
        assert shown <= named, board
        # The whole board (from 120x40) shows all 61 cells' coordinates; the zoomed
        # view at 80x24 those of the cells in view.
        assert len(shown) == 61 if size != (80, 24) else len(shown) >= 12, sorted(shown)
        await pilot.press("c")
        await pilot.pause()
        board = "\n".join(line[:edge] for line in screen_text(app).splitlines())
        assert len(re.findall(r"-?\d,-?\d", board)) == 1  # the cursor's tag alone


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_coordinates_key_says_what_it_did(make_app: AppFactory, language: str) -> None:
    app = make_app(new_game())
    try:
        use_language(language)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            assert words(_("Every cell's coordinates shown (c: hide them).")) in side_words(app)
            await pilot.press("c")
            await pilot.pause()
            said = _("Coordinates hidden; the cursor's tag keeps its own (c: show all).")
            assert words(said) in side_words(app)
    finally:
        use_language("en")


def words(text: str) -> str:
    return " ".join(text.split())


def side_words(app: Any) -> str:
    """The side panel's words (right of its border), block characters left out:
    the hand's picture stands beside its words at 80 columns."""
    tokens = []
    for line in screen_text(app).splitlines():
        _board, bar, side = line.partition("▏")
        if bar:
            tokens += [token for token in side.split() if not set(token) <= BLOCKS]
    return " ".join(tokens)


#: Block elements: the pictures' characters.
BLOCKS = frozenset(chr(code) for code in range(0x2580, 0x25A0))


def hand_rows(app: Any) -> int:
    """The rows of the hand's picture on the screen: the lines of block
    characters in the side panel right under the hand's heading."""
    lines = [line.partition("▏")[2] for line in screen_text(app).splitlines()]
    heading = next(i for i, line in enumerate(lines) if _("Hand of {name}").format(name="Ann") in line)
    rows = 0
    for line in lines[heading + 1 :]:
        if not any(char in BLOCKS for char in line):
            if rows:
                break
            continue
        rows += 1
    return rows


async def test_the_hand_grows_with_the_terminal(make_app: AppFactory) -> None:
    seen: dict[tuple[int, int], int] = {}
    for size in ((120, 40), (200, 60)):
        app = make_app(new_game())
        async with app.run_test(size=size) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))  # noqa: B023 (awaited here)
            await pilot.pause()
            seen[size] = hand_rows(app)
    assert seen[(120, 40)] >= 9
    assert seen[(200, 60)] >= seen[(120, 40)] + 4, seen


@pytest.mark.parametrize("language", LANGUAGES)
async def test_at_80x24_the_hand_and_the_gates_are_in_words(make_app: AppFactory, language: str) -> None:
    app = make_app(new_game())
    try:
        use_language(language)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.pause()
            session = app.session
            assert session is not None
            tile = session.game.view(0).hand[0]
            said = side_words(app)
            assert f"1: {KIND_CODES[tile]}" in said
            assert words(tile_description(tile)) in said, said
            assert _("gates {gates}").format(gates="1,3,5") in said, said
            assert _("gates {gates}").format(gates="2,4,6") in said, said
    finally:
        use_language("en")


#: A pointer at a zoomed view's rim: an arrow and the number of the gate a what-if route reaches.
POINTER = re.compile(r"[→↗↑↖←↙↓↘](\d)")


async def test_a_what_if_route_that_leaves_the_zoomed_view_says_its_gate_at_the_rim(
    make_app: AppFactory,
) -> None:
    # A board quiz at 80x24 found routes running off the view's top: which
    # gate they reach was a guess. Every placement whose what-if sends a gem
    # out through a gate now shows that gate's number on the board: its own
    # label, or an arrow at the rim pointing the way the route goes.
    app = make_app(new_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        advance(app, 40, seed=2)
        screen = game_screen(app)
        screen.next_turn()
        await until(pilot, lambda: app.session is not None and app.session.game.turn == 0)
        session = app.session
        assert session is not None
        view = session.view()
        assert view is not None
        pointed: set[int] = set()
        tried = 0
        for move in view.legal_moves:
            gates = {moved.gate + 1 for moved in view.preview(move) if moved.outcome == "gate"}
            if not gates:
                continue
            tried += 1
            screen.cursor = move.cell
            screen.chosen = view.hand.index(move.tile)
            screen.rotation = move.rotation
            screen.refresh_all()
            await pilot.pause()
            edge = board_columns(app)
            board = "\n".join(line[:edge] for line in screen_text(app).splitlines())
            arrows = {int(number) for number in POINTER.findall(board)}
            # Only gates some route reaches are pointed at.
            assert arrows <= gates, (move, arrows, gates)
            for gate in gates:
                # An arrow at the rim, the gate's own label (its number and letters),
                # or its number beside the route's end, next to the gem's glyph.
                named = rf"{gate}[A-D]|(?<![\d,-]){gate} ?[◆●★]|[◆●★] ?{gate}(?![\d,])"
                assert gate in arrows or re.search(named, board), (move, gate, board)
            pointed |= arrows
        assert tried >= 5 and pointed, (tried, pointed)
