"""The screenshot rasteriser (benchmarks/cell_raster.py): cells to pixels the
way a terminal with DejaVu Sans Mono draws them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
pytestmark = pytest.mark.skipif(
    not FONT.exists(), reason="DejaVu fonts are not installed (fonts-dejavu-core)"
)


def _module() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "cell_raster.py"
    spec = importlib.util.spec_from_file_location("cell_raster", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cell_raster"] = module
    spec.loader.exec_module(module)
    return module


raster = _module()
WHITE, BLACK, RED = (255, 255, 255), (0, 0, 0), (200, 0, 0)


def test_block_shapes_from_the_encoders_and_from_names() -> None:
    assert raster.block_shape("▀") == (2, 2, frozenset({(0, 0), (1, 0)}))  # the quadrant encoder's
    assert raster.block_shape("▚") == (2, 2, frozenset({(0, 0), (1, 1)}))
    assert raster.block_shape("\U0001fb00") == (2, 3, frozenset({(0, 0)}))  # BLOCK SEXTANT-1
    assert raster.block_shape("▁") == (1, 8, frozenset({(0, 7)}))  # LOWER ONE EIGHTH BLOCK
    assert raster.block_shape("▎") == (8, 1, frozenset({(0, 0), (1, 0)}))  # LEFT ONE QUARTER BLOCK
    assert raster.block_shape("a") is None


def test_a_half_block_fills_exactly_the_top_of_its_cell() -> None:
    grid = [[raster.Cell("▀", RED, BLACK), raster.Cell(" ", WHITE, WHITE)]]
    image = raster.rasterise(grid, font_size=16)
    fonts = raster.Fonts(16)
    cw, ch = fonts.cell_width, fonts.cell_height
    assert image.size == (2 * cw, ch)
    top, bottom = round(ch / 2), ch - 1
    assert all(image.getpixel((x, y)) == RED for x in range(cw) for y in range(top))
    assert all(image.getpixel((x, y)) == BLACK for x in range(cw) for y in range(top, bottom + 1))
    assert all(image.getpixel((x, y)) == WHITE for x in range(cw, 2 * cw) for y in range(ch))


def test_a_glyph_is_drawn_in_its_cell_and_a_missing_one_as_a_box() -> None:
    grid = [[raster.Cell("◆", RED, BLACK), raster.Cell("\U000e0100", RED, BLACK)]]
    image = raster.rasterise(grid, font_size=16)
    fonts = raster.Fonts(16)
    cw, ch = fonts.cell_width, fonts.cell_height
    diamond = [image.getpixel((x, y)) for x in range(cw) for y in range(ch)]
    assert any(p != BLACK for p in diamond), "the font's diamond shows"
    # No font has the variation selector: its cell gets the outline a terminal draws.
    assert image.getpixel((cw + 1, ch // 2)) != BLACK
    assert image.getpixel((cw + cw // 2, ch // 2)) == BLACK


async def test_the_cell_grid_of_a_running_app() -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Tiny(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("Indigo ◆")

    app = Tiny()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        grid = raster.app_cells(app)
    assert len(grid) == 3 and all(len(row) == 20 for row in grid)
    assert "".join(cell.char for cell in grid[0]).startswith("Indigo ◆")
