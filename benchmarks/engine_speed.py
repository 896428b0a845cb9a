"""How fast the engine plays: random two-player games per CPU second, in process.

What ``indigo selfplay --bots random,random`` does per game, without the
process around it: deal a match's round from its seed, and let two seeded
random bots play it to the end, each choosing from its seat's view, the
engine checking and folding every move into its log and every seat's view.
The figure is games per CPU second of the process (``time.process_time``),
after a warm-up; every measurement also prints a digest of the games' logs,
so trees that play the same games say so.

    python benchmarks/engine_speed.py                           # this checkout
    python benchmarks/engine_speed.py --tree main=/tmp/main --tree this=. --rounds 9
    python benchmarks/engine_speed.py --profile                 # where the time goes

With ``--tree`` (see ``benchmarks/paired.py``) the trees take turns and the
report gives each median and its ratio to the first tree.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import sys
import time

import paired


def play(games: int, players: int, first: int = 0) -> str:
    """Play ``games`` seeded random games; a digest of their logs."""
    import msgspec

    from indigo_tui.bots import make_bot
    from indigo_tui.engine import Match, Setup

    setup = Setup(players)
    digest = hashlib.sha256()
    for index in range(first, first + games):
        bots = [make_bot("random", f"bench:{index}:{seat}") for seat in range(players)]
        game = Match(setup, 1, f"bench:{index}").game
        while not game.over:
            seat = game.turn
            game.push(bots[seat].choose(game.view(seat)))
        digest.update(msgspec.json.encode(game.log))
    return digest.hexdigest()[:16]


def child(games: int, players: int) -> None:
    play(50, players, first=10**6)  # warm-up: imports, caches
    started = time.process_time()
    digest = play(games, players)
    seconds = time.process_time() - started
    paired.child_result({"games_per_cpu_second": games / seconds, "digest": digest})


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--profile", action="store_true")
    paired.add_arguments(parser, rounds=5)
    args = parser.parse_args()
    if args.child:
        child(args.games, args.players)
        return
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(args.games, args.players)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    labelled = paired.trees(args.tree)
    print(f"{args.games} random {args.players}-player games per measurement, {args.rounds} rounds")
    results = paired.run(
        __file__, ["--games", str(args.games), "--players", str(args.players)], labelled, args.rounds
    )
    paired.report(results, "games_per_cpu_second", "games per CPU second")
    digests = {label: {r["digest"] for r in rows} for label, rows in results.items()}
    same = len(set().union(*digests.values())) == 1
    print("the same games in every tree" if same else f"the games DIFFER between trees: {digests}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
