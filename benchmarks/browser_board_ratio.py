"""The board's proportions in the browser against a terminal's, at the same columns and rows.

    python benchmarks/browser_board_ratio.py                 # 1280x800, the page's own font size
    python benchmarks/browser_board_ratio.py --fontsize 13 --size 1280x800 --out /tmp/ratio

Starts ``indigo serve`` on a saved game (26 seeded moves, as
``browser_screenshot.py``), opens it in headless Chromium at the given window
size (Debian's ``chromium`` and ``chromedriver``, as in tests/web), chooses
Continue and photographs the table. Then draws the same game at the same
number of columns and rows as a terminal does (the app's cell grid,
rasterised with DejaVu Sans Mono at 16, 18 and 20 px by ``cell_raster.py``,
what tmux shows in a terminal with that font). In each picture it measures
the board, the bounding box of every pixel of the board's widget that is not
its background, and prints width:height and the browser's over each
terminal's. The pictures go to ``--out``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from browser_screenshot import served_saved_game  # noqa: E402
from cell_raster import Fonts, app_cells, rasterise  # noqa: E402
from PIL import Image  # noqa: E402

from indigo_tui.engine import Setup  # noqa: E402
from indigo_tui.saves import SeatInfo  # noqa: E402
from indigo_tui.table.session import NewGame  # noqa: E402
from indigo_tui.ui.app import IndigoApp  # noqa: E402
from indigo_tui.ui.screens.game import GameScreen  # noqa: E402
from indigo_tui.ui.widgets.board import BoardView  # noqa: E402
from tests.web.browser import chromium, why_no_browser  # noqa: E402

BACKGROUND = (0x12, 0x12, 0x12)  # the board's background (palette role BG, dark)


def board_box(image: Image.Image, region: tuple[int, int, int, int]) -> tuple[int, int]:
    """Width and height in pixels of what the board draws inside ``region`` (left, top, right, bottom)."""
    crop = image.convert("RGB").crop(region)
    width, height = crop.size
    pixels = crop.load()
    assert pixels is not None
    xs, ys = [], []
    for y in range(height):
        for x in range(width):
            r, g, b = pixels[x, y]
            if max(abs(r - BACKGROUND[0]), abs(g - BACKGROUND[1]), abs(b - BACKGROUND[2])) > 24:
                xs.append(x)
                ys.append(y)
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def browser_picture(
    size: tuple[int, int], fontsize: int | None, out: Path
) -> tuple[Image.Image, float, float, int, int]:
    """The table in Chromium: the screenshot, a cell's width and height in pixels, columns and rows."""
    with served_saved_game() as url, chromium(*size) as page:
        if fontsize is not None:
            url += f"?fontsize={fontsize}"
        page.open(url)
        page.wait_for("Continue", 90)
        time.sleep(1.0)  # the menu goes to Continue once it has read the folder
        page.keys("\n")
        page.wait_for("palette", 90)
        time.sleep(1.0)
        columns, rows = page.terminal_size()
        width, height = page.script(
            "const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
            "return [r.width, r.height];"
        )
        path = page.screenshot(out / f"browser-{size[0]}x{size[1]}.png")
    return Image.open(path), width / columns, height / rows, columns, rows


async def terminal_pictures(
    columns: int, rows: int
) -> tuple[dict[int, Image.Image], tuple[int, int, int, int]]:
    """The same table as a terminal with DejaVu Sans Mono draws it, by font size; the board's cells."""
    with tempfile.TemporaryDirectory() as folder:
        seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
        app = IndigoApp(
            new_game=NewGame(Setup(players=2), seats, seed=8),
            save_dir=Path(folder),
            animate=False,
            bot_delay=0.0,
            board_glyphs="quadrant",
        )
        async with app.run_test(size=(columns, rows)) as pilot:
            for _ in range(300):
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.pause(0.01)
            session: Any = app.session
            rng = random.Random(4)
            for _ in range(26):
                session.play(rng.choice(session.game.legal_moves))
            screen = app.screen
            assert isinstance(screen, GameScreen)
            screen.next_turn()
            screen.refresh_all()
            await pilot.pause(0.2)
            region = screen.query_one(BoardView).region
            cells = app_cells(app)
    pictures = {size: rasterise(cells, size) for size in (16, 18, 20)}
    return pictures, (region.x, region.y, region.right, region.bottom)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--size", default="1280x800", help="the browser window, WIDTHxHEIGHT")
    parser.add_argument("--fontsize", type=int, help="the page's font size (default: the page's own)")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "indigo-ratio")
    args = parser.parse_args()
    reason = why_no_browser()
    if reason is not None:
        print(f"no measurement: {reason}", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    size = tuple(int(n) for n in args.size.split("x"))
    assert len(size) == 2
    shot, cell_w, cell_h, columns, rows = browser_picture((size[0], size[1]), args.fontsize, args.out)
    pictures, (left, top, right, bottom) = asyncio.run(terminal_pictures(columns, rows))
    # The screenshot is in device pixels: the page's CSS pixels times its scale.
    scale = shot.width / size[0]
    box = (
        round(left * cell_w * scale),
        round(top * cell_h * scale),
        round(right * cell_w * scale),
        round(bottom * cell_h * scale),
    )
    bw, bh = board_box(shot, box)
    browser = bw / bh
    print(f"browser {size[0]}x{size[1]}: {columns}x{rows} cells of {cell_w:.2f}x{cell_h:.2f} px")
    print(f"  board {bw}x{bh} px, width:height {browser:.3f}")
    for font, picture in pictures.items():
        fonts = Fonts(font)
        cw, ch = fonts.cell_width, fonts.cell_height
        picture.save(args.out / f"terminal-{columns}x{rows}-dejavu{font}.png")
        tw, th = board_box(picture, (left * cw, top * ch, right * cw, bottom * ch))
        ratio = tw / th
        print(
            f"terminal, DejaVu Sans Mono {font} px ({cw}x{ch} cells): board {tw}x{th} px, "
            f"width:height {ratio:.3f}; browser/terminal {browser / ratio:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
