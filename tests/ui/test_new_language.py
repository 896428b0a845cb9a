"""A language is added by its catalog alone, as docs/i18n.md says: once a
compiled catalog is in the package, the game speaks it and offers it in the
language menu by the name the catalog gives, with its own decimal separator."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

import indigo_tui
from indigo_tui.i18n import DOMAIN

from .conftest import svg_text

#: What the copied game runs: the title, then its Language item, and the
#: screenshot of the language menu; then the made-up language chosen there.
SCRIPT = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path
    from indigo_tui import i18n
    from indigo_tui.ui.app import IndigoApp
    from indigo_tui.ui.screens.language import LanguageScreen
    from indigo_tui.ui.screens.title import TitleScreen

    async def until(pilot, condition):
        for _ in range(6000):
            if condition():
                return
            await pilot.pause(0.01)
        raise SystemExit("never happened")

    async def main():
        app = IndigoApp(save_dir=Path(sys.argv[1]), animate=False, bot_delay=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TitleScreen))
            app.screen.action_pick("language")
            await until(pilot, lambda: isinstance(app.screen, LanguageScreen))
            await pilot.pause()
            Path(sys.argv[2]).write_text(app.export_screenshot(), encoding="utf-8")
            await pilot.press("down", "down", "enter")  # English, Deutsch, then Esperanto (by code: eo)
            await until(pilot, lambda: i18n.current_language() == "eo")
        print(i18n.decimal(0.5, 2))

    asyncio.run(main())
    """
)


def add_esperanto(locale: Path) -> None:
    """``pybabel init`` for eo, a translator's few words, ``pybabel compile``."""
    with (locale / "indigo.pot").open("rb") as template:
        catalog = read_po(template, locale="eo")
    words = {
        ("this language's own name", "English"): "Esperanto",
        ("decimal separator", "."): ",",
        (None, "Language"): "Lingvo",
    }
    for message in catalog:
        if isinstance(message.id, str) and (message.context, message.id) in words:
            message.string = words[(message.context, message.id)]
    folder = locale / "eo" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{DOMAIN}.po").open("wb") as po:
        write_po(po, catalog)
    with (folder / f"{DOMAIN}.mo").open("wb") as mo:
        write_mo(mo, catalog)


def test_a_language_added_to_the_catalogs_appears_in_the_menu_and_is_spoken(tmp_path: Path) -> None:
    package = tmp_path / "game" / "indigo_tui"
    shutil.copytree(
        Path(indigo_tui.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    add_esperanto(package / "locale")
    screenshot = tmp_path / "menu.svg"
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "game"), LANGUAGE="en")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "saves"), str(screenshot)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    menu = svg_text(screenshot.read_text(encoding="utf-8"))
    names = ["English", "Deutsch", "Esperanto", "Français", "Nederlands"]
    assert all(name in menu for name in names), menu
    assert [menu.index(name) for name in names] == sorted(menu.index(name) for name in names)
    assert done.stdout.strip() == "0,50"  # spoken, with its own decimal comma
