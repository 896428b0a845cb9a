"""Make the screenshots in docs/screenshots: a game in progress and the end screen.

python benchmarks/ui_screenshots.py        # writes SVG, and PNG if rsvg-convert is installed
"""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import tempfile
from pathlib import Path

from indigo_tui.engine import Setup
from indigo_tui.saves import SeatInfo
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.session import NewGame

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def _game() -> NewGame:
    seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
    return NewGame(Setup(players=2), seats, seed=8)


async def _settle(app: IndigoApp, pilot: object, test: object) -> None:
    for _ in range(300):
        if test():  # type: ignore[operator]
            break
        await pilot.pause(0.01)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def shoot(size: tuple[int, int], name: str, end: bool) -> Path:
    with tempfile.TemporaryDirectory() as folder:
        app = IndigoApp(new_game=_game(), save_dir=Path(folder), animate=False, bot_delay=0.0)
        async with app.run_test(size=size) as pilot:
            await _settle(app, pilot, lambda: isinstance(app.screen, GameScreen))
            session = app.session
            assert session is not None
            rng = random.Random(4)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            moves = 60 if end else 26
            for _ in range(moves):
                if session.game.over:
                    break
                session.play(rng.choice(session.game.legal_moves))
            if not end:
                # Put the cursor where the held tile would move gems, to show the what-if.
                view = session.game.view(0)
                best = max(view.legal_moves, key=lambda m: len(view.preview(m)))
                screen.cursor, screen.rotation = best.cell, best.rotation
                screen.message = "Greedy bot placed at (2,-1)."
            else:
                while not session.game.over:
                    session.play(rng.choice(session.game.legal_moves))
            screen.next_turn()
            await _settle(app, pilot, lambda: not end or isinstance(app.screen, EndScreen))
            path = OUT / f"{name}.svg"
            app.save_screenshot(str(path))
    return path


async def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    shots = [
        await shoot((120, 40), "game-120x40", end=False),
        await shoot((80, 24), "game-80x24", end=False),
        await shoot((120, 40), "end-120x40", end=True),
    ]
    converter = shutil.which("rsvg-convert")
    for svg in shots:
        if converter:
            subprocess.run(
                [converter, "-w", "1400", str(svg), "-o", str(svg.with_suffix(".png"))], check=True
            )
        print(svg.with_suffix(".png" if converter else ".svg"))


if __name__ == "__main__":
    asyncio.run(main())
