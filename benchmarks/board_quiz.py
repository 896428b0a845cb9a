"""A quiz of full boards: can a person, shown only the board, say where two gems would go?

    python benchmarks/board_quiz.py OUT                # 5 boards at 120x40, 5 at 80x24
    python benchmarks/board_quiz.py OUT --count 3 --no-preview

For each size it plays seeded random games to a full board (40 to 48 of the
54 tiles placed), then looks among the legal placements of the seat to move
for one that moves at least two gems resting on the board, each of them out
through a gate (so that the answer is a gate's number, which the board shows,
not a cell that only coordinates could name). The table is shown as the game
shows it with the cursor on that cell holding that tile, turned that way
(what the what-if draws is part of what is measured; ``--no-preview`` leaves
the what-if's routes out, to measure tracing the paths alone), rasterised
cell by cell with DejaVu Sans Mono (``cell_raster.py``), cropped to the board,
and two of the gems that would move are circled and numbered 1 and 2.

``OUT/answers.json`` holds the engine's answer for each picture: for each
marked gem its kind, the gate it would leave by (numbered as on the board,
1 to 6) and who would score it. ``OUT/README.md`` is the question to ask.

Run with another source tree first on ``PYTHONPATH`` to make the same quiz
for it (the positions come from the engine and the seeds, not the drawing):

    git -C . archive OLD | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old python benchmarks/board_quiz.py OUT/before

Needs Pillow and fontTools (``pip install -e .[screenshots]``).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cell_raster import Fonts, app_cells, rasterise
from PIL import Image, ImageDraw, ImageFont
from ui_screenshots import settle

from indigo_tui.engine import Game, Move, Setup
from indigo_tui.engine.events import GemMoved
from indigo_tui.saves import SeatInfo
from indigo_tui.table.session import NewGame
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.board_art.cells import cell_char, to_picture
from indigo_tui.ui.board_art.hexgrid import board_grid
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.widgets.board import BoardView

FONT_SIZE = 16
SIZES = ((120, 40), (80, 24))
#: Tiles placed for a board to count as full (of 54).
FULL = range(40, 49)
GEM_NAMES = {"amber": "amber ◆", "emerald": "emerald ●", "sapphire": "sapphire ★"}
MARK = (255, 40, 200)


@dataclass(frozen=True)
class Position:
    seed: int
    players: int
    moves: tuple[Move, ...]
    choice: Move
    marked: tuple[GemMoved, GemMoved]


def find_positions(count: int, first_seed: int) -> list[Position]:
    """``count`` full boards, each with a placement that sends two resting gems out through gates."""
    found: list[Position] = []
    seed = first_seed
    while len(found) < count:
        seed += 1
        players = 2 + seed % 2
        rng = random.Random(seed)
        game = Game.new(Setup(players=players), seed=seed)
        moves: list[Move] = []
        target = rng.choice(FULL)
        while len(moves) < target and not game.over:
            move = rng.choice(game.legal_moves)
            game.push(move)
            moves.append(move)
        if game.over or len(moves) < FULL.start or game.turn != 0:
            continue
        view = game.view(0)
        options = []
        for move in view.legal_moves:
            moved = [
                m
                for m in view.preview(move)
                if game.board.gem_slot[m.gem] == m.route[0] and m.outcome == "gate"
            ]
            if len(moved) >= 2:
                options.append((move, moved))
        if not options:
            continue
        move, moved = rng.choice(options)
        pair = rng.sample(moved, 2)
        found.append(Position(seed, players, tuple(moves), move, (pair[0], pair[1])))
    return found


def _gem_char(board: BoardView, slot: int) -> tuple[int, int]:
    """The screen character where a gem resting on ``slot`` is drawn."""
    art = board.art
    assert art is not None
    cell = slot // 6
    # The widget's shift of the picture: a cell's middle on screen less in the picture.
    sx, sy = board.char_of_cell(cell)
    px, py = cell_char(art, cell)
    mx, my = board_grid(art.grid).midpoint(cell, slot % 6)
    col, row = to_picture(art, mx + 0.5, my + 0.5)
    return board.region.x + col + sx - px, board.region.y + row + sy - py


async def shoot(position: Position, size: tuple[int, int], preview: bool, out: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        # One person against bots: the moves are played here, the bots never get a turn.
        seats = [SeatInfo("Ann", "human")] + [
            SeatInfo(f"Greedy bot {k}", "bot:greedy") for k in range(2, position.players + 1)
        ]
        app = IndigoApp(
            new_game=NewGame(Setup(players=position.players), seats, seed=position.seed),
            save_dir=Path(folder),
            animate=False,
            bot_delay=0.0,
            board_glyphs="quadrant",
        )
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, GameScreen))
            session = app.session
            assert session is not None
            for move in position.moves:
                session.play(move)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            screen.cursor, screen.rotation = position.choice.cell, position.choice.rotation
            screen.next_turn()
            screen.refresh_all()
            board = screen.query_one(BoardView)
            if not preview:
                import dataclasses

                board.show(board.board, dataclasses.replace(board.marks, preview=()))
            await settle(pilot, lambda: False, rounds=3)
            image = rasterise(app_cells(app), FONT_SIZE)
            fonts = Fonts(FONT_SIZE)
            cw, ch = fonts.cell_width, fonts.cell_height
            marks = [_gem_char(board, gem.route[0]) for gem in position.marked]
            region = board.region
            zoomed = board.zoomed
    crop = image.crop((region.x * cw, region.y * ch, region.right * cw, region.bottom * ch))
    picture = _mark(crop, [((c - region.x) * cw, (r - region.y) * ch, cw, ch) for c, r in marks])
    name = f"{size[0]}x{size[1]}-seed{position.seed}.png"
    picture.save(out / name, optimize=True)
    return {
        "picture": name,
        "size": f"{size[0]}x{size[1]}",
        "seed": position.seed,
        "players": position.players,
        "tiles_placed": len(position.moves),
        "placement": str(position.choice),
        "zoomed_view": zoomed,
        "gems": [
            {
                "mark": k + 1,
                "gem": GEM_NAMES[gem.kind],
                "gate": gem.gate + 1,
                "scorers": [chr(ord("A") + seat) for seat in gem.scorers],
            }
            for k, gem in enumerate(position.marked)
        ],
    }


def _mark(image: Image.Image, cells: list[tuple[int, int, int, int]]) -> Image.Image:
    """Circle each marked gem's character and number it (1, 2) beside the circle."""
    picture = image.convert("RGB")
    draw = ImageDraw.Draw(picture)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 15)
    for k, (x, y, w, h) in enumerate(cells):
        cx, cy = x + w / 2, y + h / 2
        radius = h * 0.85
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=MARK, width=3)
        lx, ly = cx + radius * 0.75, cy - radius * 1.6
        draw.rectangle((lx - 1, ly - 1, lx + 12, ly + 18), fill=MARK)
        draw.text((lx + 1, ly), str(k + 1), fill=(255, 255, 255), font=font)
    return picture


QUESTION = """# Board quiz

Each picture is a board from the game as it shows it at {sizes} characters
(rasterised with DejaVu Sans Mono, cropped to the board). The cell with the
bright rim is where the player would place the tile shown in it, turned as
shown. Two gems are circled and numbered 1 and 2.

For each picture: if that tile were placed there, through which gate (the
numbers 1 to 6 around the board's sides) would gem 1 leave the board, and
through which gate gem 2? Every marked gem in this quiz leaves through a
gate. Answer from the picture alone.

The engine's answers are in answers.json ("gate").
"""


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", type=Path, help="the folder for the pictures and answers.json")
    parser.add_argument("--count", type=int, default=5, help="boards at each size (default 5)")
    parser.add_argument("--no-preview", action="store_true", help="leave the what-if's routes out")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    answers = []
    # textual-image may write to the terminal: here, nowhere.
    terminal, sys.__stdout__ = sys.__stdout__, io.StringIO()
    try:
        for k, size in enumerate(SIZES):
            for position in find_positions(args.count, first_seed=1000 * (k + 1)):
                answers.append(await shoot(position, size, not args.no_preview, out))
    finally:
        sys.__stdout__ = terminal
    (out / "answers.json").write_text(json.dumps(answers, indent=1, ensure_ascii=False) + "\n")
    (out / "README.md").write_text(QUESTION.format(sizes=" and ".join(f"{w}x{h}" for w, h in SIZES)))
    for answer in answers:
        print(answer["picture"], [gem["gate"] for gem in answer["gems"]])


if __name__ == "__main__":
    asyncio.run(main())
