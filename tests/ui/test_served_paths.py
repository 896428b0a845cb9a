"""A visitor's game under ``indigo serve`` never shows the server's folders.

The game runs with the environment the server gives a visitor's game
(:meth:`GameServer.player_environment`): its saves and settings in a folder
of that browser's own, deep in the server's folders. Every screen and notice
that names a file or folder (Load, Continue, autosave and Save as errors,
the settings file, a screenshot) names it from the visitor's own folder down;
at a terminal the same places show the real path.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from indigo_tui.saves import VISITOR_VAR, default_save_dir
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.load import LoadScreen
from indigo_tui.ui.screens.title import TitleScreen
from indigo_tui.ui.settings import load_settings
from indigo_tui.web import Access, GameServer

from .conftest import game_screen, new_game, notices, screen_text, until
from .test_saves_screens import write_game

#: A folder of the server's (its user's name, say) that no visitor may read.
SERVERS_OWN = "home-of-srvadmin"
SIZE = (200, 50)


@pytest.fixture
def visitor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's games run as a visitor's game of a token server: the
    environment the server sets for it. The visitor's own folder."""
    visitors = tmp_path / SERVERS_OWN / "visitors"
    server = GameServer(["indigo"], access=Access(token="t0ken"), visitors=visitors)
    environment = server.player_environment("A" * 32)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    folder = Path(environment[VISITOR_VAR])
    (folder / "saves").mkdir(parents=True)
    return folder


def server_paths_in(text: str, tmp_path: Path) -> list[str]:
    """The parts of the server's paths in ``text`` (read across line breaks too)."""
    flat = "".join(text.split())
    return [part for part in (SERVERS_OWN, "visitors/", str(tmp_path)) if part in text or part in flat]


def served_app(**options: object) -> IndigoApp:
    # The save folder as `indigo` finds it in the served process: from the environment.
    return IndigoApp(save_dir=default_save_dir(), animate=False, bot_delay=0.0, **options)  # type: ignore[arg-type]


async def test_the_load_screen_and_continue_name_no_server_folder(
    visitor: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = visitor / "saves"
    older, newer = write_game(saves, "older"), write_game(saves, "newer")
    os.utime(older, (1e9, 1e9))
    (saves / "broken.indigo").write_text("{")
    app = served_app()
    said = notices(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.latest is not None)
        title = app.screen
        assert isinstance(title, TitleScreen)
        # The save Continue offers goes before it is picked: its error names the file.
        newer.unlink()
        title.action_pick("continue")
        await until(pilot, lambda: bool(said))
        assert said == ["saves/newer.indigo: no such file"]
        title.action_pick("load")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "in this browser's own folder on this server" in text
        assert "broken.indigo: cannot be opened" in text
        older.unlink()  # listed first (the broken one apart, below it), then gone
        await pilot.press("enter")
        await until(pilot, lambda: len(said) > 1)
        assert said[-1] == "saves/older.indigo: no such file"
        await pilot.press("v")  # its review
        await until(pilot, lambda: "Can't review" in screen_text(app))
        text += screen_text(app)
        assert "Can't review older.indigo: no such file" in text
    assert server_paths_in(text + "\n".join(said), tmp_path) == []


async def test_autosave_and_save_as_errors_name_no_server_folder(
    visitor: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.fsync

    def fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    app = served_app(new_game=new_game())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        monkeypatch.setattr(os, "fsync", fsync)
        session = app.session
        assert session is not None
        session.play(session.game.legal_moves[0])
        screen.refresh_status()
        await until(pilot, lambda: "Not saved" in screen_text(app))
        status = screen_text(app)
        # The status line speaks of this game's own file, so it names none (a
        # path there was broken mid-word, issue 17): only what went wrong.
        assert "Not saved: No space left on device" in status
        # The notice of the failure over the table, said once: back to the game.
        await until(pilot, lambda: app.screen is not screen)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        screen.action_save_as()
        await until(pilot, lambda: app.screen is not screen)
        await pilot.press(*"Sunday", "enter")
        await until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        text = screen_text(app)
        # Said once, on the status line, without a folder of the server.
        assert text.count("Not saved: No space left on device") == 1
        monkeypatch.setattr(os, "fsync", real)
    assert server_paths_in(status + text, tmp_path) == []


async def test_a_screenshot_and_the_settings_file_name_no_server_folder(
    visitor: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    (visitor / "settings").mkdir()
    (visitor / "settings" / "settings.json").write_text("{damaged")
    _settings, notice = load_settings()
    assert notice == "Settings file settings/settings.json is damaged: using the defaults."
    # A game that is no browser's (the screenshot goes to a folder, not to a browser).
    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: tmp_path / "no-downloads")
    app = served_app()
    said = notices(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.take_screenshot()
        await until(pilot, lambda: any("Screenshot saved" in message for message in said))
    assert any(message.startswith("Screenshot saved to saves/") for message in said)
    assert server_paths_in("\n".join(said), tmp_path) == []


async def test_at_a_terminal_the_real_folder_is_shown(tmp_path: Path) -> None:
    folder = tmp_path / "my-saves"
    write_game(folder, "good")
    app = IndigoApp(save_dir=folder, animate=False, bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(LoadScreen(folder))
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert f"in {folder}" in screen_text(app)
