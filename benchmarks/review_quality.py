"""Are the move ratings repeatable, do they mean something, and what does a review cost?

Plays GAMES two-player games between ``greedy`` and ``random`` (or the two
bots ``--bots`` names, the stronger first; seats alternate from game to game,
each game dealt from its own seed), writes each as a save file (or, with
``--records``, as a canonical ``indigo-game/1`` record, which has no hands),
and runs the real command ``indigo review FILE --json --seed S`` on each,
twice, with two different review seeds, in a subprocess. With ``--tree
NAME=DIR`` (repeatable) each review runs from that checkout's sources
(``PYTHONPATH=DIR``), game by game in turn, so an old and a new review are
measured in the same run on the same games; without it, from this one.

For each tree it prints the two figures that say whether a player can trust
a rating, and the cost:

* **agreement**: the share of placements whose verdict is the same in both
  runs (and Cohen's kappa, which discounts agreement by chance);
* **share of the gap recovered**: the true gap is how many more final points
  per own placement the first bot scored than the second over these games;
  the ratings' gap is how many more points per placement the ratings say the
  second gave up than the first (both runs averaged). A rating that means
  what it says recovers the whole gap; the target is at least half;
* the median seconds per game (one review, the whole process, start-up
  included).

    python benchmarks/review_quality.py                         # 20 games
    python benchmarks/review_quality.py --games 6 --bot mcts:iter=100
    python benchmarks/review_quality.py --tree before=/tmp/main --tree after=.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.bots.review import VERDICTS
from indigo_tui.engine import Match, Setup, notation

#: Verdicts that flag a move as a real error.
FLAGS = ("mistake", "blunder")


def play(seed: int, names: tuple[str, ...]) -> Match:
    match = Match(Setup(2), rounds=1, seed=f"review-quality:{seed}")
    bots = [make_bot(name, f"{seed}:{seat}") for seat, name in enumerate(names)]
    game = match.game
    while not game.over:
        game.push(bots[game.turn].choose(game.view(game.turn)))
    return match


@dataclass
class Tally:
    """One tree's reviews: per run (seed), per bot, the losses and verdicts."""

    #: ``losses[run][bot]``: points given up per placement.
    losses: list[dict[str, list[float]]]
    #: ``verdicts[run]``: every placement's verdict, in the same order in each run.
    verdicts: list[list[str]] = field(default_factory=lambda: [[], []])
    seconds: list[float] = field(default_factory=list)
    #: Per game: the second bot's mean loss less the first's, both runs averaged.
    gaps: list[float] = field(default_factory=list)
    #: ``counts[bot][verdict]`` over both runs.
    counts: dict[str, dict[str, int]] = field(default_factory=dict)


def review(
    tree: Path | None, path: Path, seed: str, bot: str | None
) -> tuple[list[dict[str, object]], float]:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    command = [sys.executable, "-m", "indigo_tui", "review", str(path), "--json", "--seed", seed]
    if bot is not None:
        command += ["--bot", bot]
    started = time.perf_counter()
    # From the tree's own folder: ``python -m`` puts the current folder first on the path.
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=env, cwd=tree)
    seconds = time.perf_counter() - started
    return [json.loads(line) for line in done.stdout.splitlines()], seconds


def kappa(one: list[str], other: list[str]) -> float:
    """Cohen's kappa of two runs' verdicts."""
    count = len(one)
    observed = sum(1 for a, b in zip(one, other, strict=True) if a == b) / count
    expected = sum((one.count(v) / count) * (other.count(v) / count) for v in VERDICTS)
    return (observed - expected) / (1 - expected) if expected < 1 else 1.0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument(
        "--bot", default=None, help="the reviewer, --bot of indigo review (default: its own default)"
    )
    parser.add_argument("--seeds", default="1,2", help="the two review seeds (default 1,2)")
    parser.add_argument("--records", action="store_true", help="review canonical records instead of saves")
    parser.add_argument(
        "--bots",
        default="greedy,random",
        help="the two bots that play (the first is expected to play better; default greedy,random)",
    )
    parser.add_argument(
        "--tree",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="review with the sources of this checkout (repeatable); default: this one",
    )
    args = parser.parse_args()
    pair = tuple(args.bots.split(","))
    if len(pair) != 2 or pair[0] == pair[1]:
        parser.error("--bots names two different bots, e.g. greedy,random")
    seeds = args.seeds.split(",")
    if len(seeds) != 2 or seeds[0] == seeds[1]:
        parser.error("--seeds names two different seeds, e.g. 1,2")
    trees: dict[str, Path | None] = {}
    for item in args.tree:
        name, sep, folder = item.partition("=")
        if not sep or not Path(folder).is_dir():
            parser.error(f"--tree {item}: use NAME=DIR with an existing folder")
        trees[name] = Path(folder).resolve()
    if not trees:
        trees["this"] = None
    bots: tuple[str, str] = (pair[0], pair[1])
    tallies = {name: Tally([{b: [] for b in bots}, {b: [] for b in bots}]) for name in trees}
    #: Each bot's final points and placements over all games.
    points = dict.fromkeys(bots, 0)
    placements = dict.fromkeys(bots, 0)
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.games):
            names = bots if index % 2 == 0 else (bots[1], bots[0])
            match = play(index, names)
            game = match.game
            for seat, name in enumerate(names):
                points[name] += game.scores[seat]
                placements[name] += sum(1 for mover, _move in game.moves if mover == seat)
            if args.records:
                path = Path(folder) / f"game{index}.json"
                path.write_text(notation.dumps(game))
            else:
                path = Path(folder) / f"game{index}{saves.SUFFIX}"
                seats = [saves.SeatInfo(name, f"bot:{name}") for name in names]
                saves.write_save(path, saves.make_header(match, seats), match)
            line = [f"game {index + 1:2}: {names[0]} vs {names[1]}, points {list(game.scores)}"]
            for tree_name, tree in trees.items():
                tally = tallies[tree_name]
                game_means = []
                for run, seed in enumerate(seeds):
                    ratings, seconds = review(tree, path, seed, args.bot)
                    tally.seconds.append(seconds)
                    mine: dict[str, list[float]] = {b: [] for b in bots}
                    for rating in ratings:
                        name = names[int(str(rating["seat"]))]
                        mine[name].append(float(str(rating["loss"])))
                        tally.verdicts[run].append(str(rating["verdict"]))
                        per_bot = tally.counts.setdefault(name, {})
                        per_bot[str(rating["verdict"])] = per_bot.get(str(rating["verdict"]), 0) + 1
                    for b in bots:
                        tally.losses[run][b].extend(mine[b])
                    game_means.append(statistics.mean(mine[bots[1]]) - statistics.mean(mine[bots[0]]))
                tally.gaps.append(statistics.mean(game_means))
                last = len(ratings)
                agree = sum(
                    1
                    for a, b in zip(tally.verdicts[0][-last:], tally.verdicts[1][-last:], strict=True)
                    if a == b
                )
                line.append(
                    f"{tree_name}: gap {tally.gaps[-1]:+.3f}, agree {agree}/{len(ratings)}, "
                    f"{statistics.mean(tally.seconds[-2:]):.1f} s"
                )
            print("; ".join(line), flush=True)
    true_gap = points[bots[0]] / placements[bots[0]] - points[bots[1]] / placements[bots[1]]
    print()
    kind = "canonical records" if args.records else "save files"
    print(
        f"{args.games} games ({kind}); reviewer {args.bot or 'the default'}; "
        f"seeds {seeds[0]} and {seeds[1]}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"  true gap: {bots[0]} {points[bots[0]] / placements[bots[0]]:.3f} final points per own placement, "
        f"{bots[1]} {points[bots[1]] / placements[bots[1]]:.3f}: {true_gap:.3f}"
    )
    for tree_name, tally in tallies.items():
        one, other = tally.verdicts
        agree = sum(1 for a, b in zip(one, other, strict=True) if a == b) / len(one)
        flagged = [
            (a in FLAGS, b in FLAGS) for a, b in zip(one, other, strict=True) if a in FLAGS or b in FLAGS
        ]
        both = sum(1 for a, b in flagged if a and b)
        means = {b: statistics.mean(tally.losses[0][b] + tally.losses[1][b]) for b in bots}
        gap = means[bots[1]] - means[bots[0]]
        spread = (
            statistics.stdev(tally.gaps) / len(tally.gaps) ** 0.5 if len(tally.gaps) > 1 else float("nan")
        )
        print(f"{tree_name}:")
        for b in bots:
            counts = ", ".join(f"{v} {tally.counts[b].get(v, 0)}" for v in VERDICTS)
            print(f"  {b:7} mean points given up {means[b]:.3f} per placement (both runs: {counts})")
        print(
            f"  agreement between seeds {agree:.1%} of {len(one)} placements "
            f"(kappa {kappa(one, other):.2f}); "
            f"flagged mistake or worse: {both} of {len(flagged)} in both runs"
        )
        print(
            f"  ratings' gap {gap:.3f} points per placement (standard error over games {spread:.3f}): "
            f"{gap / true_gap:.0%} of the true gap"
        )
        print(
            f"  median seconds per game {statistics.median(tally.seconds):.1f} "
            f"(min {min(tally.seconds):.1f}, max {max(tally.seconds):.1f})"
        )


if __name__ == "__main__":
    main()
