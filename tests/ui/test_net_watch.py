"""A watcher on the screens: the join form's Watch box, then a table that
follows the game without a seat (no keys to place, rotate, ask a hint or
undo; a line saying it watches), and the host's table saying who watches."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.join import JoinScreen
from indigo_tui.ui.screens.net_game import NetGameScreen

from .conftest import footer_keys, hosted_game, screen_text, until


def _side(app: NetApp) -> str:
    """The side panel's text (right of its border, row by row) without its
    spaces: a line wrapped across rows reads as one."""
    rows = [row.rpartition("\u258f")[2] for row in screen_text(app).splitlines()]
    return "".join("".join(rows).split())


async def test_a_watcher_joins_with_the_watch_box_and_has_no_keys_to_play(tmp_path: Path) -> None:
    async with hosted_game(tmp_path) as hosted:
        app, host = hosted.app, hosted.table.host
        watcher = NetApp(
            lambda: JoinScreen(f"127.0.0.1:{hosted.port}", host.code, "Wanda", save_dir=tmp_path / "w"),
            save_dir=tmp_path / "w",
            animate=False,
        )
        async with watcher.run_test(size=(80, 24)) as wp:
            pilots = [hosted.hp, hosted.gp, wp]
            await until(pilots, lambda: isinstance(watcher.screen, JoinScreen) and watcher.screen.is_mounted)
            await wp.click("#watch")
            await until(pilots, lambda: watcher.screen.query_one("#watch", Checkbox).value)
            await wp.click("#join")
            await until(pilots, lambda: isinstance(watcher.screen, NetGameScreen))
            await until(pilots, lambda: "Youarewatching:noseat,nomoves." in _side(watcher))
            screen = watcher.screen
            assert isinstance(screen, NetGameScreen) and screen.table.watching
            # The footer draws its keys after the screen's first refresh: awaited, as a
            # loaded machine has shown the side panel before them.
            await until(pilots, lambda: bool(footer_keys(watcher)))
            shown = {key.action for key in footer_keys(watcher)}
            assert shown and not shown & {"place", "rotate", "undo", "hint", "next_tile"}, shown
            assert "Hand of" not in screen_text(watcher) and "Your hand" not in screen_text(watcher)
            # The host's table says who watches.
            await until(pilots, lambda: "Watching:Wanda" in _side(app))
            assert host.watchers == ("Wanda",)
            # The guest's keys are untouched by a watcher.
            assert "place" in {key.action for key in footer_keys(hosted.guest)}
        await until([hosted.hp, hosted.gp], lambda: host.watchers == ())
        await until([hosted.hp, hosted.gp], lambda: "Watching:" not in _side(app))
