"""How fast the search bot thinks: iterations (one playout each) per second.

Positions are taken from seeded greedy games at a few points of the round,
since playouts get shorter as the board fills. ``--profile`` prints the
hot spots of one search under cProfile.

    python benchmarks/bots_speed.py
    python benchmarks/bots_speed.py --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from indigo_tui.bots import make_bot
from indigo_tui.bots.mcts import DEFAULT_TUNING, Budget, Search
from indigo_tui.bots.sim import Knowledge
from indigo_tui.engine import Game, SeatView, Setup


def position(players: int, plies: int, seed: int = 3) -> SeatView:
    game = Game.new(Setup(players), seed)
    bots = [make_bot("greedy", s) for s in range(players)]
    for _ in range(plies):
        game.push(bots[game.turn].choose(game.view(game.turn)))
    return game.view(game.turn).detached()


def measure(view: SeatView, iterations: int) -> tuple[float, float, float]:
    """Iterations per second, playout plies per iteration, simulated placements per second."""
    search = Search(Knowledge(view), "speed", DEFAULT_TUNING)
    started = time.perf_counter()
    search.run(Budget(iterations=iterations))
    elapsed = time.perf_counter() - started
    plies = search.playout_plies / search.iterations
    return iterations / elapsed, plies, search.playout_plies / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        view = position(2, 0)
        profiler = cProfile.Profile()
        profiler.enable()
        Search(Knowledge(view), "profile", DEFAULT_TUNING).run(Budget(iterations=args.iterations))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
        return
    print(f"{'players':>7} {'placed':>6} {'iterations/s':>12} {'plies/playout':>13} {'placements/s':>12}")
    for players in (2, 4):
        for plies in (0, 15, 30):
            rate, plies_each, placements = measure(position(players, plies), args.iterations)
            print(f"{players:>7} {plies:>6} {rate:>12.0f} {plies_each:>13.1f} {placements:>12.0f}")


if __name__ == "__main__":
    main()
