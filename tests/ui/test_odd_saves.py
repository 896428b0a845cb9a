"""The title screen and the load screen over a save folder that holds odd
files (issue 35): a save nested 50,000 levels deep, one past the size
limit, a named pipe, a symlink to ``/dev/zero`` and a header the rules could
not hold. The title still offers Continue for the sound save (the listing
neither crashed nor hung), and the load screen names each odd file with its
fault."""

from __future__ import annotations

import asyncio
from pathlib import Path

from support.odd_files import make_odd_files, sound_save

from indigo_tui.ui.screens.load import LoadScreen
from indigo_tui.ui.screens.title import TitleScreen

from .conftest import AppFactory, screen_text, until

#: A guard against a listing that hangs (the test fails, it does not wait
#: for good); never a measure of how long a listing takes.
HANG_GUARD = 60.0


async def test_the_title_offers_continue_over_odd_files_and_load_names_them(
    make_app: AppFactory, save_dir: Path
) -> None:
    odd = make_odd_files(save_dir)
    sound_save(save_dir / "good.indigo")
    app = make_app()
    async with app.run_test(size=(200, 60)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await asyncio.wait_for(app.workers.wait_for_complete(), HANG_GUARD)
        await pilot.pause()
        assert app.is_running
        assert "Continue  (Ann vs Bob, move 5)" in screen_text(app)
        app.push_screen(LoadScreen(save_dir))
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await asyncio.wait_for(app.workers.wait_for_complete(), HANG_GUARD)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        for file in odd.values():
            assert f"{file.path.name}: cannot be opened" in text, file.path.name
            assert file.fault in text, file.fault
        assert "Ann, Bob" in text
