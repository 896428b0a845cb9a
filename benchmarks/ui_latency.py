"""How quickly the table answers, measured headless.

1. Keypress to repainted board, on a nearly full board: from the moment the
   key event is made until the next frame with the rebuilt board has been
   composited and handed to the terminal driver (median of many).
2. Start-up: ``indigo play ...`` in a fresh interpreter until the table's first
   frame is up and it takes keys, against a bare Textual app painting one
   frame the same way (median of several runs each).

    python benchmarks/ui_latency.py
"""

from __future__ import annotations

import asyncio
import compileall
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from textual import events
from textual._time import get_time
from textual.screen import Screen

import indigo_tui
from indigo_tui.engine import Setup
from indigo_tui.saves import SeatInfo
from indigo_tui.table.session import NewGame
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.widgets.board import BoardView

KEYS = 120
STARTS = 15

_INDIGO = """
import sys, time
from indigo_tui.cli import build_parser
from indigo_tui.commands.play import new_game_from_args
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.game import GameScreen
argv = ["play", "--seats", "human,bot:greedy", "--seed", "3", "--save-dir", sys.argv[1]]
args = build_parser().parse_args(argv)
app = IndigoApp(new_game=new_game_from_args(args), save_dir=args.save_dir, animate=False)
async def pilot(p):
    while not (isinstance(app.screen, GameScreen) and app.screen.is_mounted):
        await p.pause(0.001)
    await p.pause()
    app.exit()
app.run(headless=True, size=(120, 40), auto_pilot=pilot)
"""

_BARE = """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("one frame")
app = Bare()
async def pilot(p):
    await p.pause()
    app.exit()
app.run(headless=True, size=(120, 40), auto_pilot=pilot)
"""


async def key_latency() -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        seats = [SeatInfo("Ann", "human"), SeatInfo("Bob", "bot:greedy")]
        new = NewGame(Setup(players=2), seats, seed=3)
        app = IndigoApp(new_game=new, save_dir=Path(folder), animate=False)
        async with app.run_test(size=(120, 40)) as pilot:
            while not isinstance(app.screen, GameScreen):
                await pilot.pause(0.01)
            session = app.session
            assert session is not None
            rng = random.Random(2)
            # Fill the board as far as the round allows, leaving it Ann's turn.
            while session.game.board.placements < 50 and not session.game.over:
                moves = session.game.legal_moves
                before = session.game.board.placements
                session.play(rng.choice(moves))
                if session.game.over:
                    session.undo() if before % 2 == 0 else None
                    break
            while session.game.turn != 0 or session.game.over:
                session.game.pop()
            app.screen.refresh_all()  # type: ignore[attr-defined]
            await pilot.pause()
            board = app.screen.query_one(BoardView)
            built: list[float] = []
            original = board._build

            def timed_build() -> object:
                result = original()
                built.append(time.perf_counter())
                return result

            board._build = timed_build  # type: ignore[method-assign]
            painted: list[float] = []
            original_paint = Screen._compositor_refresh

            def timed_paint(self: Screen[object]) -> None:
                original_paint(self)
                painted.append(time.perf_counter())

            Screen._compositor_refresh = timed_paint  # type: ignore[method-assign]
            received: list[float] = []
            original_key = GameScreen.on_key

            def timed_key(self: GameScreen, event: events.Key) -> None:
                # The key event is stamped when it is made, on Textual's clock.
                received.append(time.perf_counter() - (get_time() - event.time))
                original_key(self, event)

            GameScreen.on_key = timed_key  # type: ignore[method-assign]
            samples = []
            build_part: list[float] = []
            for i in range(KEYS):
                key = "adwx"[i % 4]
                built.clear()
                received.clear()
                painted.clear()
                await pilot.press(key)
                await pilot.pause()
                frames = [t for t in painted if built and t >= built[0]]
                if built and received and frames:
                    samples.append(frames[0] - received[-1])
                    build_part.append(built[0] - received[-1])
            print(
                f"board: {session.game.board.placements} tiles placed, "
                f"hexagons {board.hex_size} sub-pixels across, {board.encoder.name}"
            )
            ours = statistics.median(build_part) * 1000
            print(f"  of which key handling and drawing the board: median {ours:.1f} ms")
            print("  (the rest is Textual's frame timer and compositing)")
            return samples


def startup() -> tuple[list[float], list[float]]:
    """Start-up times of ``indigo play`` and of the bare app, runs alternating
    so that a busy moment on a shared machine costs both the same."""
    ours: list[float] = []
    bare: list[float] = []
    # An installed package has its bytecode; a checkout run with
    # PYTHONDONTWRITEBYTECODE would compile some fifty modules at every start
    # (about 50 ms here), which the bare app, all of it installed, never does.
    compileall.compile_dir(str(Path(indigo_tui.__file__).parent), quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(STARTS):
            for script, times in ((_INDIGO, ours), (_BARE, bare)):
                start = time.perf_counter()
                subprocess.run([sys.executable, "-c", script, folder], check=True, capture_output=True)
                times.append(time.perf_counter() - start)
    return ours, bare


def main() -> None:
    samples = asyncio.run(key_latency())
    median = statistics.median(samples) * 1000
    p90 = sorted(samples)[int(len(samples) * 0.9)] * 1000
    print(
        f"keypress -> repainted board: median {median:.1f} ms, p90 {p90:.1f} ms "
        f"over {len(samples)} keys (target < 16 ms)"
    )
    ours, bares = startup()
    indigo, bare = statistics.median(ours), statistics.median(bares)
    print(f"start-up to first interactive frame: indigo play {indigo * 1000:.0f} ms")
    print(f"bare Textual app, one frame:          {bare * 1000:.0f} ms")
    print(f"ratio {indigo / bare:.2f} (target < 2)")


if __name__ == "__main__":
    main()
