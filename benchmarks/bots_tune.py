"""Head-to-head of two tunings of the search bot at a fixed iteration budget.

Fixed iterations make the result independent of how busy the machine is.
Seats alternate from game to game; each game is dealt from its own seed.

    python benchmarks/bots_tune.py --games 40 --iterations 150 --b margin_weight=0.0
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import time

from indigo_tui.bots.mcts import DEFAULT_TUNING, Budget, MctsBot, Tuning
from indigo_tui.engine import Game, Setup


def tuning_from(settings: list[str]) -> Tuning:
    changes: dict[str, float | int | bool] = {}
    fields = {f.name: f for f in dataclasses.fields(Tuning)}
    for item in settings:
        key, _, value = item.partition("=")
        kind = type(getattr(DEFAULT_TUNING, key)) if key in fields else None
        if kind is None:
            raise SystemExit(f"no tuning knob {key!r} (knobs: {', '.join(fields)})")
        changes[key] = value.lower() in ("1", "true", "yes") if kind is bool else kind(value)
    return dataclasses.replace(DEFAULT_TUNING, parallel=False, **changes)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", default="tune")
    parser.add_argument("--a", nargs="*", default=[], metavar="KNOB=VALUE")
    parser.add_argument("--b", nargs="*", default=[], metavar="KNOB=VALUE")
    args = parser.parse_args()
    tunings = [tuning_from(args.a), tuning_from(args.b)]
    share = [0.0, 0.0]
    points = [0, 0]
    started = time.perf_counter()
    for index in range(args.games):
        game = Game.new(Setup(2), f"{args.seed}:{index}")
        order = [index % 2, 1 - index % 2]  # seat -> which tuning
        bots = [
            MctsBot(
                "a" if t == 0 else "b",
                Budget(iterations=args.iterations),
                f"{args.seed}:{index}:{s}",
                tunings[t],
            )
            for s, t in enumerate(order)
        ]
        while not game.over:
            game.push(bots[game.turn].choose(game.view(game.turn)))
        for seat, t in enumerate(order):
            points[t] += game.scores[seat]
            if seat in game.winners:
                share[t] += 1 / len(game.winners)
    n = args.games
    p = share[1] / n
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n)
    print(f"a={args.a} b={args.b} iterations={args.iterations} games={n}")
    print(f"b wins {p:.1%} (+-{half:.1%}), mean points a {points[0] / n:.2f} b {points[1] / n:.2f}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
