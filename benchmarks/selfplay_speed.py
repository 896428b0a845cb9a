"""How fast the real ``indigo selfplay`` command plays: whole process, wall clock.

Runs ``indigo selfplay --bots random,random --games 2000`` as a subprocess
RUNS times (start-up, imports and printing included, as a user would see it)
and prints each run and the median games per second. Target: >= 1000.

    python benchmarks/selfplay_speed.py [--games N] [--runs N] [--bots B1,B2]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

TARGET = 1000.0


def run_once(bots: str, games: int, seed: int) -> float:
    """Seconds of wall clock for one whole ``indigo selfplay`` process."""
    command = [sys.executable, "-m", "indigo_tui", "selfplay", "--bots", bots, "--games", str(games)]
    started = time.perf_counter()
    done = subprocess.run([*command, "--seed", str(seed)], capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"selfplay failed (status {done.returncode}): {done.stderr.strip()}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bots", default="random,random")
    args = parser.parse_args()
    print(f"indigo selfplay --bots {args.bots} --games {args.games}, {args.runs} runs, whole process")
    rates = []
    for run in range(args.runs):
        seconds = run_once(args.bots, args.games, seed=run)
        rates.append(args.games / seconds)
        print(f"  run {run + 1}: {seconds:6.3f} s  {rates[-1]:8.1f} games/s")
    median = statistics.median(rates)
    verdict = "meets" if median >= TARGET else "MISSES"
    print(f"median: {median:.1f} games/s ({verdict} the target of {TARGET:.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
