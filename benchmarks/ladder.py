"""Are the bot levels really apart? Each adjacent pair of a ladder plays.

The ladder is ``greedy, easy, medium, hard, expert, master`` unless ``--ladder`` names
other bots (weakest first, anything ``indigo selfplay --bots`` takes, such as
``mcts:iter=400``). Each adjacent pair plays GAMES two-player games: each game
dealt from its own seed, the seats alternating from game to game, the bots
seeded by the game. Games run in WORKERS processes at once (one per core by
default), each searching alone (``helper_process.disable``): a budget that
two processes would share is searched in two halves one after the other, the
same statistics and so the same moves, and every figure is repeatable.

It prints, per step, the stronger bot's win share (a shared win counts half)
with its Wilson 95% interval and the rating difference it makes on the
ladder's scale (Elo points, docs/bots.md "Ratings"), the mean points, and each bot's seconds per
move: CPU seconds of the one process that searched (``time.process_time``).
A level that searches on two processes in play (a budget from 4000
iterations) thinks about half that long on a free 2-core machine.

    python benchmarks/ladder.py --games 40                # the levels
    python benchmarks/ladder.py --games 100 --only master # expert against master alone
    python benchmarks/ladder.py --ladder mcts:iter=200,mcts:iter=800 --games 60
    nice -n 15 python benchmarks/ladder.py --games 200 --json ladder.json

Every finished game is printed as it ends (``--quiet`` leaves that out).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from typing import Any

# The one Wilson interval and the scale's formula (docs/bots.md, "Ratings").
from indigo_tui.records.rating import difference, wilson

DEFAULT_LADDER = "greedy,easy,medium,hard,expert,master"


@dataclass
class GameResult:
    """One game of a step: who sat where, the result, and each seat's thinking."""

    index: int
    specs: tuple[str, str]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: tuple[int, ...]
    cpu_seconds: tuple[float, ...]


def play_one(index: int, specs: tuple[str, str], seed: str) -> GameResult:
    """Play game ``index`` of a step in this worker: ``specs`` by seat."""
    from indigo_tui.bots import helper_process, make_bot
    from indigo_tui.engine import Game, Setup

    helper_process.disable()
    game = Game.new(Setup(2), f"ladder:{seed}:{index}")
    bots = [make_bot(spec, f"ladder:{seed}:{index}:{seat}") for seat, spec in enumerate(specs)]
    moves = [0, 0]
    spent = [0.0, 0.0]
    while not game.over:
        seat = game.turn
        started = time.process_time()
        move = bots[seat].choose(game.view(seat))
        spent[seat] += time.process_time() - started
        moves[seat] += 1
        game.push(move)
    return GameResult(index, specs, game.scores, game.winners, tuple(moves), tuple(spent))


@dataclass
class Step:
    """One adjacent pair: ``stronger`` should beat ``weaker``."""

    weaker: str
    stronger: str
    games: list[GameResult] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        n = len(self.games)
        share = 0.0
        points = {self.weaker: 0, self.stronger: 0}
        moves = {self.weaker: 0, self.stronger: 0}
        seconds = {self.weaker: 0.0, self.stronger: 0.0}
        wins = shared = 0
        for result in self.games:
            for seat, spec in enumerate(result.specs):
                points[spec] += result.scores[seat]
                moves[spec] += result.moves[seat]
                seconds[spec] += result.cpu_seconds[seat]
                if spec == self.stronger and seat in result.winners:
                    share += 1 / len(result.winners)
                    wins += len(result.winners) == 1
                    shared += len(result.winners) > 1
        rate = share / n if n else 0.0
        low, high = wilson(rate, n)
        return {
            "weaker": self.weaker,
            "stronger": self.stronger,
            "games": n,
            "wins": wins,
            "shared": shared,
            "win_share": rate,
            "interval": [low, high],
            "mean_points": {spec: points[spec] / max(1, n) for spec in points},
            "cpu_seconds_per_move": {spec: seconds[spec] / max(1, moves[spec]) for spec in seconds},
        }


def describe(figures: dict[str, Any]) -> str:
    strong, weak = figures["stronger"], figures["weaker"]
    low, high = figures["interval"]
    verdict = "apart" if low > 0.5 else "NOT apart"
    share = min(max(figures["win_share"], 1e-3), 1 - 1e-3)
    apart = (
        f"{difference(share):+.0f} rating points "
        f"({difference(max(low, 1e-3)):+.0f} to {difference(min(high, 1 - 1e-3)):+.0f})"
    )
    per_move = figures["cpu_seconds_per_move"]
    points = figures["mean_points"]
    return (
        f"{strong} vs {weak}: {strong} {figures['win_share']:.1%} [{low:.1%}, {high:.1%}] over "
        f"{figures['games']} games ({figures['wins']} won, {figures['shared']} shared): {verdict}, {apart}; "
        f"points {points[strong]:.2f} vs {points[weak]:.2f}; "
        f"CPU s a move {per_move[strong]:.3f} vs {per_move[weak]:.3f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--ladder", default=DEFAULT_LADDER, help=f"bots, weakest first (default {DEFAULT_LADDER})"
    )
    parser.add_argument("--games", type=int, default=40, help="games per step (default 40)")
    parser.add_argument("--only", action="append", default=[], help="play only the step up to this bot")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--json", metavar="FILE", help="also write the figures and every game here")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    ladder = [spec.strip() for spec in args.ladder.split(",") if spec.strip()]
    if len(ladder) < 2:
        parser.error("--ladder names at least two bots")
    from indigo_tui.bots import BotSpecError, make_bot

    try:
        for spec in ladder:
            make_bot(spec, 0)
    except BotSpecError as exc:
        parser.error(str(exc))
    steps = [Step(weak, strong) for weak, strong in itertools.pairwise(ladder)]
    if args.only:
        steps = [step for step in steps if step.stronger in args.only]
    print(
        f"{len(steps)} steps, {args.games} games each, {args.workers} workers, seed {args.seed}", flush=True
    )
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers, mp_context=get_context("spawn")) as pool:
        futures = {}
        # Game by game across the steps, so that a run cut short has played
        # every step about equally often.
        for index in range(args.games):
            for number, step in enumerate(steps):
                # Seats alternate: the stronger bot moves first in even games.
                specs = (step.stronger, step.weaker) if index % 2 == 0 else (step.weaker, step.stronger)
                future = pool.submit(play_one, index, specs, f"{args.seed}:{number}")
                futures[future] = step
        for future in as_completed(futures):
            step = futures[future]
            result = future.result()
            step.games.append(result)
            if not args.quiet:
                print(
                    f"  {step.stronger} vs {step.weaker} game {result.index + 1}: {result.specs[0]} "
                    f"{result.scores[0]} - {result.scores[1]} {result.specs[1]}, "
                    f"{len(step.games)} of {args.games} done",
                    flush=True,
                )
            if args.json:
                # After every game: a run stopped early still leaves its figures.
                write_json(args.json, ladder, args, steps)
    print()
    figures = [step.figures() for step in steps]
    for item in figures:
        print(describe(item))
    apart = all(item["interval"][0] > 0.5 for item in figures)
    print(f"every step apart: {'yes' if apart else 'NO'}; {time.perf_counter() - started:.0f} s")
    return 0 if apart else 1


def write_json(path: str, ladder: list[str], args: argparse.Namespace, steps: list[Step]) -> None:
    """The figures so far and every game, written whole (a temporary file renamed over it)."""
    played = [sum(g.cpu_seconds) for s in steps for g in s.games]
    document = {
        "ladder": ladder,
        "games_per_step": args.games,
        "seed": args.seed,
        "steps": [step.figures() for step in steps],
        "games": {f"{s.stronger} vs {s.weaker}": [asdict(g) for g in s.games] for s in steps},
        "median_cpu_seconds_per_game": statistics.median(played) if played else None,
    }
    with open(path + ".part", "w") as handle:
        json.dump(document, handle, indent=1)
    os.replace(path + ".part", path)


if __name__ == "__main__":
    sys.exit(main())
