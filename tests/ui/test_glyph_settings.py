"""Choosing the board's glyphs: detection, the command line, the environment, the remembered setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from indigo_tui.cli import build_parser
from indigo_tui.ui.board_art.detect import choose, detect, requested
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.settings import Settings, load_settings, save_settings
from indigo_tui.ui.widgets.board import BoardView

from .conftest import AppFactory, game_screen, new_game, notices


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "quadrant"),
        ({"TERM": "xterm-256color"}, "quadrant"),
        ({"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}, "sextant"),
        ({"TERM": "foot"}, "sextant"),
        ({"TERM_PROGRAM": "ghostty", "TERM_PROGRAM_VERSION": "1.2.0"}, "octant"),
        ({"TERM_PROGRAM": "ghostty", "TERM_PROGRAM_VERSION": "1.1.3"}, "sextant"),
        ({"TERM_PROGRAM": "WezTerm"}, "octant"),
        ({"VTE_VERSION": "7800"}, "octant"),
        ({"VTE_VERSION": "7603"}, "quadrant"),
        ({"KONSOLE_VERSION": "240202"}, "quadrant"),
        ({"WT_SESSION": "x"}, "quadrant"),
        ({"TERM_PROGRAM": "vscode"}, "quadrant"),
        # Inside tmux the outer terminal is unknown, whatever it set.
        ({"TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1", "TERM": "tmux-256color"}, "quadrant"),
        ({"TERM": "screen-256color", "VTE_VERSION": "8000"}, "quadrant"),
    ],
)
def test_detection_from_the_environment(env: dict[str, str], expected: str) -> None:
    assert detect(env) == expected


def test_what_is_asked_for_and_what_is_used() -> None:
    env = {"INDIGO_BOARD_GLYPHS": "halfblock", "TERM_PROGRAM": "WezTerm"}
    assert requested("octant", env, "sextant") == "octant"  # the command line first
    assert requested(None, env, "sextant") == "halfblock"  # then the environment
    assert requested(None, {}, "sextant") == "sextant"  # then the saved setting
    assert requested(None, {}, None) == "auto"
    assert choose("auto", {"TERM_PROGRAM": "WezTerm"}) == ("octant", None)
    assert choose("halfblock", {}) == ("halfblock", None)
    used, notice = choose("braille", {})
    assert used == "quadrant" and notice is not None and "braille" in notice
    used, notice = choose("pixels", {})
    assert used == "quadrant" and notice is not None


def test_settings_round_trip_and_are_written_whole(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == (Settings(), None)
    assert save_settings(Settings(board_glyphs="sextant"), tmp_path) is None
    assert load_settings(tmp_path) == (Settings(board_glyphs="sextant"), None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary file left


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"board_glyphs": "braille"}', "\x00\xff"])
def test_a_damaged_settings_file_gives_one_notice_and_the_defaults(tmp_path: Path, content: str) -> None:
    (tmp_path / "settings.json").write_text(content, encoding="utf-8", errors="surrogateescape")
    settings, notice = load_settings(tmp_path)
    assert settings == Settings()
    assert notice is not None and "defaults" in notice


def test_settings_that_cannot_be_written_give_a_notice(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    notice = save_settings(Settings(board_glyphs="octant"), blocker / "sub")
    assert notice is not None and notice.startswith("Settings not saved")


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--board-glyphs", "halfblock"],
        ["load", "x.indigo", "--board-glyphs", "octant"],
        ["host", "--board-glyphs", "sextant"],
        ["join", "127.0.0.1", "--board-glyphs", "pixels"],
        [],
    ],
)
def test_every_command_that_opens_the_app_takes_board_glyphs(argv: list[str]) -> None:
    args = build_parser().parse_args(argv)
    assert args.board_glyphs == (argv[argv.index("--board-glyphs") + 1] if argv else None)


def test_an_unknown_choice_on_the_command_line_is_one_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["play", "--board-glyphs", "braille"])
    assert exit_.value.code == 2
    assert "--board-glyphs" in capsys.readouterr().err


async def test_the_glyph_key_switches_redraws_and_remembers(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("INDIGO_BOARD_GLYPHS")
    monkeypatch.setenv("TERM", "xterm-256color")
    for var in ("TMUX", "TERM_PROGRAM", "VTE_VERSION", "KITTY_WINDOW_ID"):
        monkeypatch.delenv(var, raising=False)
    app = make_app(new_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        board = screen.query_one(BoardView)
        assert app.board_glyphs_choice == "auto" and board.encoder.name == "quadrant"
        await pilot.press("g")  # auto -> quadrant
        await pilot.press("g")  # -> halfblock
        await pilot.pause()
        assert board.encoder.name == "halfblock"
        assert "Board glyphs: halfblock" in screen.message
    assert load_settings(tmp_path / "config")[0] == Settings(board_glyphs="halfblock")
    # The next run starts with the remembered choice.
    again = make_app(new_game())
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert again.screen.query_one(BoardView).encoder.name == "halfblock"


async def test_a_damaged_settings_file_does_not_stop_the_game(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("INDIGO_BOARD_GLYPHS")
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "settings.json").write_text("{oops")
    app = make_app(new_game())
    said = notices(app, monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.board_glyphs_choice == "auto"
        assert any("damaged" in message for message in said)


async def test_zoom_and_trace_keys(make_app: AppFactory) -> None:
    app = make_app(new_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        board = screen.query_one(BoardView)
        assert board.zoomed
        before = board._origin
        await pilot.press("d", "d", "x", "x")
        assert board._origin != before, "the zoomed view follows the cursor"
        await pilot.press("v")
        assert not board.zoomed and board.hex_size < 14
        await pilot.press("v")
        assert board.zoomed
        await pilot.press("t")
        assert screen.tracing == 0 and board.marks.trace == screen.cursor
        for _ in range(6):  # at most six routes through a cell, then off
            if screen.tracing is None:
                break
            await pilot.press("t")
        assert screen.tracing is None and board.marks.trace is None
