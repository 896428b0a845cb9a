"""Do the move ratings mean something, and what does a review cost?

Plays GAMES two-player games between ``greedy`` and ``random`` (or the two
bots ``--bots`` names, the stronger first; seats
alternate from game to game, each game dealt from its own seed), writes each
as a save file (or, with ``--records``, as a canonical ``indigo-game/1``
record, which has no hands), runs the real command
``indigo review FILE --json --bot mcts:iter=N`` on each in a subprocess, and
prints the mean points given up per move for each bot, the verdict counts,
and the median seconds per game (the whole process, start-up included).

    python benchmarks/review_quality.py                   # 20 games, mcts:iter=300
    python benchmarks/review_quality.py --games 6 --iterations 100
    python benchmarks/review_quality.py --games 6 --bots hard,random
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.bots.review import VERDICTS
from indigo_tui.engine import Match, Setup, notation


def play(seed: int, names: tuple[str, ...]) -> Match:
    match = Match(Setup(2), rounds=1, seed=f"review-quality:{seed}")
    bots = [make_bot(name, f"{seed}:{seat}") for seat, name in enumerate(names)]
    game = match.game
    while not game.over:
        game.push(bots[game.turn].choose(game.view(game.turn)))
    return match


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--records", action="store_true", help="review canonical records instead of saves")
    parser.add_argument(
        "--bots",
        default="greedy,random",
        help="the two bots that play (the first is expected to play better; default greedy,random)",
    )
    args = parser.parse_args()
    pair = tuple(args.bots.split(","))
    if len(pair) != 2 or pair[0] == pair[1]:
        parser.error("--bots names two different bots, e.g. greedy,random")
    BOTS: tuple[str, str] = (pair[0], pair[1])
    losses: dict[str, list[float]] = {name: [] for name in BOTS}
    verdicts: dict[str, dict[str, int]] = {name: dict.fromkeys(VERDICTS, 0) for name in BOTS}
    seconds: list[float] = []
    #: Per game: the second bot's mean points given up less the first's (positive: the first rated better).
    gaps: list[float] = []
    command = [sys.executable, "-m", "indigo_tui", "review"]
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.games):
            names = BOTS if index % 2 == 0 else (BOTS[1], BOTS[0])
            match = play(index, names)
            if args.records:
                path = Path(folder) / f"game{index}.json"
                path.write_text(notation.dumps(match.game))
            else:
                path = Path(folder) / f"game{index}{saves.SUFFIX}"
                seats = [saves.SeatInfo(name, f"bot:{name}") for name in names]
                saves.write_save(path, saves.make_header(match, seats), match)
            started = time.perf_counter()
            done = subprocess.run(
                [*command, str(path), "--json", "--bot", f"mcts:iter={args.iterations}"],
                capture_output=True,
                text=True,
                check=True,
            )
            seconds.append(time.perf_counter() - started)
            game_losses: dict[str, list[float]] = {name: [] for name in BOTS}
            for line in done.stdout.splitlines():
                rating = json.loads(line)
                name = names[rating["seat"]]
                game_losses[name].append(rating["loss"])
                verdicts[name][rating["verdict"]] += 1
            gaps.append(statistics.mean(game_losses[BOTS[1]]) - statistics.mean(game_losses[BOTS[0]]))
            for name in BOTS:
                losses[name].extend(game_losses[name])
            means = ", ".join(f"{n} {statistics.mean(game_losses[n]):.2f}" for n in BOTS)
            print(
                f"game {index + 1:2}: {names[0]} vs {names[1]}, points {list(match.game.scores)}, "
                f"mean loss {means}, {seconds[-1]:.1f} s",
                flush=True,
            )
    print()
    kind = "canonical records" if args.records else "save files"
    print(f"{args.games} games ({kind}), reviewed with mcts:iter={args.iterations}")
    for name in BOTS:
        counts = ", ".join(f"{v} {verdicts[name][v]}" for v in VERDICTS)
        print(f"  {name:7} mean points given up {statistics.mean(losses[name]):.3f} per move ({counts})")
    # How clear the difference is: game by game (each game is one pair), and
    # the mean gap against its standard error over the games.
    wins = sum(1 for gap in gaps if gap > 0)
    spread = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else float("nan")
    ratio = statistics.mean(losses[BOTS[1]]) / max(1e-9, statistics.mean(losses[BOTS[0]]))
    print(
        f"  {BOTS[1]} gave up more than {BOTS[0]} in {wins} of {len(gaps)} games; mean gap "
        f"{statistics.mean(gaps):.3f} points per move (standard error {spread:.3f}); ratio {ratio:.2f}"
    )
    print(
        f"  median seconds per game {statistics.median(seconds):.1f} "
        f"(min {min(seconds):.1f}, max {max(seconds):.1f})"
    )


if __name__ == "__main__":
    main()
