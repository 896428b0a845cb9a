"""Random games per CPU second of the whole ``indigo selfplay`` process, build against build.

Each build is an installed interpreter (``--build LABEL=PYTHON``: a venv's
``bin/python`` into which ``pip install .`` put one tree, compiled or not);
the first is the baseline of every ratio. Every run is the real command

    PYTHON -m indigo_tui selfplay --bots random,random --games GAMES --seed SEED --json

as a user runs it (start-up, imports, dealing, both bots choosing through their
seat's view, the engine checking and folding every move, the summary), timed
by the CPU seconds the operating system charges the finished child (user plus
system, from ``os.wait4``), which a loaded machine disturbs far less than the
wall clock. The builds take turns (A B C A B C ...), so a drift in the
machine's speed hits them alike; the report gives each build's median games
per CPU second and, for every two builds, the ratio of their medians and the
median of the round-by-round ratios. ``--yardstick LABEL=COMMAND`` adds any other program
that plays GAMES random games (go-indigo's, say), run and timed the same way.

The JSON summaries (every bot's wins, shared wins and points) must be the
same for every build, or the builds did not play the same games: the script
says so and exits 1.

    python benchmarks/selfplay_builds.py --build main=/venvs/main/bin/python \\
        --build this=/venvs/this/bin/python --rounds 5 --games 20000
"""

from __future__ import annotations

import argparse
import json
import resource
import shlex
import statistics
import subprocess
import sys
from typing import Any


def cpu_of(command: list[str]) -> tuple[float, str]:
    """CPU seconds (user + system) of the finished ``command``, and what it printed:
    the growth of this process's children's usage over the run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, stdin=subprocess.DEVNULL, cwd="/")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(command)} failed ({done.returncode}): {done.stderr.decode().strip()}")
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, done.stdout.decode()


def games_of(summary: dict[str, Any]) -> str:
    """What the summary says of the games played, without its timings."""
    keep = {k: v for k, v in summary.items() if "second" not in k and "elapsed" not in k}
    return json.dumps(keep, sort_keys=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--build", action="append", default=[], metavar="LABEL=PYTHON", required=True)
    parser.add_argument("--yardstick", action="append", default=[], metavar="LABEL=COMMAND")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    commands: dict[str, tuple[list[str], bool]] = {}
    for item in args.build:
        label, sep, python = item.partition("=")
        if not sep:
            raise SystemExit(f"--build {item!r}: write LABEL=PYTHON")
        command = [python, "-m", "indigo_tui", "selfplay", "--bots", "random,random"]
        commands[label] = ([*command, "--games", str(args.games), "--seed", args.seed, "--json"], True)
    for item in args.yardstick:
        label, sep, text = item.partition("=")
        if not sep:
            raise SystemExit(f"--yardstick {item!r}: write LABEL=COMMAND")
        commands[label] = (shlex.split(text), False)
    print(f"{args.games} random 2-player games a run, {args.rounds} rounds, CPU seconds of the whole process")
    rates: dict[str, list[float]] = {label: [] for label in commands}
    games: dict[str, set[str]] = {label: set() for label, (_c, ours) in commands.items() if ours}
    for index in range(args.rounds):
        for label, (command, ours) in commands.items():
            seconds, out = cpu_of(command)
            rates[label].append(args.games / seconds)
            if ours:
                games[label].add(games_of(json.loads(out.strip().splitlines()[-1])))
            print(f"  round {index + 1} {label:>10}: {seconds:7.3f} s  {rates[label][-1]:9.1f} games/CPU s")
            sys.stdout.flush()
    labels = list(commands)
    for label in labels:
        print(f"{label:>10}: median {statistics.median(rates[label]):9.1f} games per CPU second")
    # Every build against every build before it (the first is the baseline).
    for index, label in enumerate(labels):
        for base in labels[:index]:
            pairs = [v / b for v, b in zip(rates[label], rates[base], strict=True)]
            ratio = statistics.median(rates[label]) / statistics.median(rates[base])
            spread = f"median {statistics.median(pairs):.2f}, {min(pairs):.2f} to {max(pairs):.2f}"
            print(f"{label:>10} / {base:<10} {ratio:5.2f} (round by round: {spread})")
    same = len(set().union(*games.values())) == 1
    print("the same games in every build" if same else "the builds played DIFFERENT games")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
