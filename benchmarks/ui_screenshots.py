"""Make the pictures in docs/screenshots (and the README's): a game in
progress with a what-if preview at 80x24, 120x40 and 200x60 and at 45x43 (a
phone held upright, in a browser), every cell's coordinates, the review at
120x40 and 80x24, the end screen,
the board in sextants and octants as terminals that draw those show it, and
in pixels as kitty shows it.

    python benchmarks/ui_screenshots.py            # PNGs, rasterised from the cell grid
    python benchmarks/ui_screenshots.py --svg      # Textual's SVGs as well

Each picture is the app's cell grid drawn cell by cell with DejaVu Sans Mono
(see ``cell_raster.py``), so it shows what a Linux terminal with that font
shows, not what a browser's SVG fonts make of it. In the pixel shot the board
is the picture the game hands the terminal (drawn for that font's cell size),
laid over the cells where kitty would show it. Needs Pillow and fontTools
(``pip install -e .[screenshots]``).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Run as a script, this folder is on sys.path: the rasteriser sits beside it.
from cell_raster import Fonts, app_cells, rasterise

from indigo_tui.bots.review import Reviewer
from indigo_tui.engine import Setup
from indigo_tui.saves import SeatInfo
from indigo_tui.table.session import NewGame
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.board_pixels import KITTY, PixelSupport
from indigo_tui.ui.screens.end import EndScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.review import ReviewScreen
from indigo_tui.ui.widgets.board import BoardView

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


@dataclass(frozen=True)
class Shot:
    name: str
    size: tuple[int, int]
    end: bool = False
    glyphs: str = "quadrant"
    #: The review of the game so far, at its last move.
    review: bool = False
    #: Every cell's coordinates shown (the c key).
    coordinates: bool = False


SHOTS = (
    Shot("game-80x24", (80, 24)),
    Shot("game-120x40", (120, 40)),
    Shot("game-200x60", (200, 60)),
    Shot("game-45x43", (45, 43)),
    Shot("coordinates-120x40", (120, 40), coordinates=True),
    Shot("review-120x40", (120, 40), review=True),
    Shot("review-80x24", (80, 24), review=True),
    Shot("end-120x40", (120, 40), end=True),
    Shot("end-80x24", (80, 24), end=True),
    Shot("game-120x40-sextant", (120, 40), glyphs="sextant"),
    Shot("game-120x40-octant", (120, 40), glyphs="octant"),
    Shot("game-120x40-pixels", (120, 40), glyphs="pixels"),
    Shot("game-80x24-pixels", (80, 24), glyphs="pixels"),
)
FONT_SIZE = 16


def _game() -> NewGame:
    seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
    return NewGame(Setup(players=2), seats, seed=8)


async def settle(pilot: Any, done: Callable[[], bool], rounds: int = 300) -> None:
    """Let the app run until ``done`` (at most ``rounds`` turns of 10 ms), then once more."""
    for _ in range(rounds):
        if done():
            break
        await pilot.pause(0.01)
    await pilot.pause()


async def shoot(shot: Shot, svg: bool) -> list[Path]:
    with tempfile.TemporaryDirectory() as folder:
        pixels = shot.glyphs == "pixels"
        app = IndigoApp(
            new_game=_game(),
            save_dir=Path(folder),
            animate=False,
            bot_delay=0.0,
            board_glyphs="quadrant" if pixels else shot.glyphs,
        )
        async with app.run_test(size=shot.size) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, GameScreen))
            session = app.session
            assert session is not None
            screen = app.screen
            assert isinstance(screen, GameScreen)
            rng = random.Random(4)
            # Random moves for both seats up to a middle game (or to the end).
            for _ in range(26):
                session.play(rng.choice(session.game.legal_moves))
            if shot.end:
                while not session.game.over:
                    session.play(rng.choice(session.game.legal_moves))
            else:
                # The cursor where the held tile would move the most gems: the what-if shows.
                view = session.game.view(0)
                best = max(view.legal_moves, key=lambda m: (len(view.preview(m)), -m.cell, -m.rotation))
                screen.cursor, screen.rotation = best.cell, best.rotation
            if pixels:
                # As in kitty with this font: textual-image's kitty renderer, the font's cell size.
                fonts = Fonts(FONT_SIZE)
                app.pixel_support = PixelSupport(KITTY, (fonts.cell_width, fonts.cell_height))
                app.board_glyphs = "pixels"
                screen.apply_glyphs(repaint=False)
            screen.next_turn()
            if not shot.end:
                screen.message = "Greedy bot placed a tile."
            if shot.coordinates:
                screen.action_coordinates()
            screen.refresh_all()
            await settle(pilot, lambda: not shot.end or isinstance(app.screen, EndScreen))
            if shot.review:
                names = [seat.name for seat in session.seats]
                app.push_screen(ReviewScreen(session.game, names, None, Reviewer("mcts:iter=60")))
                await settle(pilot, lambda: isinstance(app.screen, ReviewScreen))
                review = app.screen
                assert isinstance(review, ReviewScreen)
                # Rated to the end, so that the plot and the verdicts show.
                await settle(pilot, lambda: not review.rating_running, rounds=3000)
            written = [OUT / f"{shot.name}.png"]
            image = rasterise(app_cells(app), FONT_SIZE)
            board = screen.query_one(BoardView)
            if pixels and board.shown_picture is not None:
                # Where kitty draws the picture: over the board's cells (placeholders in the grid).
                fonts = Fonts(FONT_SIZE)
                image.paste(
                    board.shown_picture,
                    (board.region.x * fonts.cell_width, board.region.y * fonts.cell_height),
                )
            image.save(written[0], optimize=True)
            if svg:
                written.append(OUT / f"{shot.name}.svg")
                app.save_screenshot(str(written[1]))
    return written


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--svg", action="store_true", help="also write Textual's SVG screenshots")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    # textual-image writes kitty's image data straight to the terminal: here, nowhere.
    terminal, sys.__stdout__ = sys.__stdout__, io.StringIO()
    try:
        for shot in SHOTS:
            for path in await shoot(shot, args.svg):
                print(path.relative_to(OUT.parent.parent))
    finally:
        sys.__stdout__ = terminal


if __name__ == "__main__":
    asyncio.run(main())
