"""How fast the search bot thinks: iterations (one playout each) per CPU second.

Positions are taken from seeded greedy games at a few points of the round,
since playouts get shorter as the board fills. Every search also prints a
digest of its root statistics (visits and rewards of every root move), so
trees that search alike say so.

    python benchmarks/bots_speed.py                     # the table, this checkout
    python benchmarks/bots_speed.py --profile           # hot spots of one search
    python benchmarks/bots_speed.py --tree main=/tmp/main --tree this=. --rounds 7
    python benchmarks/bots_speed.py --tree main=/tmp/main --tree this=. --positions 2:0,2:15,4:0

With ``--tree`` (see ``benchmarks/paired.py``) the trees take turns, and the
report gives each position's median and its ratio to the first tree; the
default position is the 2-player opening.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import sys
import time
from typing import Any

import paired


def position(players: int, plies: int, seed: int = 3) -> Any:
    from indigo_tui.bots import make_bot
    from indigo_tui.engine import Game, Setup

    game = Game.new(Setup(players), seed)
    bots = [make_bot("greedy", s) for s in range(players)]
    for _ in range(plies):
        game.push(bots[game.turn].choose(game.view(game.turn)))
    return game.view(game.turn).detached()


def measure(view: Any, iterations: int) -> tuple[float, float, float, str]:
    """Iterations per CPU second, playout plies per iteration, simulated
    placements per CPU second, and a digest of the root statistics."""
    from indigo_tui.bots.mcts import DEFAULT_TUNING, Budget, Search

    search = Search(knowledge_of(view), "speed", DEFAULT_TUNING)
    started = time.process_time()
    search.run(Budget(iterations=iterations))
    elapsed = time.process_time() - started
    plies = search.playout_plies / search.iterations
    root = sorted((key, child.visits, round(child.reward, 6)) for key, child in search.root.children.items())
    digest = hashlib.sha256(repr(root).encode()).hexdigest()[:16]
    return iterations / elapsed, plies, search.playout_plies / elapsed, digest


def knowledge_of(view: Any) -> Any:
    """What the seat to move knows (``Knowledge.of``; a tree from before it was
    named so, such as main at 9a8a461, built it as ``Knowledge(view)``)."""
    from indigo_tui.bots.sim import Knowledge

    return Knowledge.of(view) if hasattr(Knowledge, "of") else Knowledge(view)


def parse_positions(text: str) -> list[tuple[int, int]]:
    result = []
    for item in text.split(","):
        players, _sep, placed = item.partition(":")
        result.append((int(players), int(placed)))
    return result


def child(positions: list[tuple[int, int]], iterations: int) -> None:
    measure(position(2, 0), 50)  # warm-up: imports, caches
    figures: dict[str, Any] = {}
    for players, placed in positions:
        rate, _plies, _placements, digest = measure(position(players, placed), iterations)
        figures[f"{players}p{placed}"] = rate
        figures[f"{players}p{placed}_digest"] = digest
    paired.child_result(figures)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--positions", default="2:0", help="PLAYERS:PLACED,... for --tree (default 2:0)")
    paired.add_arguments(parser, rounds=5)
    args = parser.parse_args()
    positions = parse_positions(args.positions)
    if args.child:
        child(positions, args.iterations)
        return
    if args.profile:
        from indigo_tui.bots.mcts import DEFAULT_TUNING, Budget, Search

        view = position(2, 0)
        profiler = cProfile.Profile()
        profiler.enable()
        Search(knowledge_of(view), "profile", DEFAULT_TUNING).run(Budget(iterations=args.iterations))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
        return
    if args.tree:
        labelled = paired.trees(args.tree)
        print(f"{args.iterations} iterations per search, {args.rounds} rounds, CPU seconds")
        child_arguments = ["--iterations", str(args.iterations), "--positions", args.positions]
        results = paired.run(__file__, child_arguments, labelled, args.rounds)
        same = True
        for players, placed in positions:
            key = f"{players}p{placed}"
            print(f"{players} players, {placed} tiles placed: iterations per CPU second")
            paired.report(results, key, "iterations/s")
            digests = {r[f"{key}_digest"] for rows in results.values() for r in rows}
            same = same and len(digests) == 1
        print("the same searches in every tree" if same else "the searches DIFFER between trees")
        sys.exit(0 if same else 1)
    print(f"{'players':>7} {'placed':>6} {'iterations/s':>12} {'plies/playout':>13} {'placements/s':>12}")
    for players in (2, 4):
        for plies in (0, 15, 30):
            rate, plies_each, placements, _digest = measure(position(players, plies), args.iterations)
            print(f"{players:>7} {plies:>6} {rate:>12.0f} {plies_each:>13.1f} {placements:>12.0f}")


if __name__ == "__main__":
    main()
