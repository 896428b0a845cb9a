"""How long listing a save folder takes: ``saves.list_saves`` (each file's
header only, the rounds skipped unread) against loading every save in full
(decoding and replaying each log, which is what a listing did before).

    python benchmarks/save_listing.py [--saves N] [--runs R]

Writes N finished four-player games (random bots) into a temporary folder,
then times both ways R times each, taking turns, and prints the medians and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.engine import Match, Setup


def finished_match(seed: int) -> Match:
    match = Match(Setup(4), rounds=1, seed=seed)
    game = match.game
    bots = [make_bot("random", f"{seed}:{seat}") for seat in range(4)]
    while not game.over:
        game.push(bots[game.turn].choose(game.view(game.turn)))
    return match


def fill(folder: Path, count: int) -> None:
    for seed in range(count):
        match = finished_match(seed)
        seats = [saves.SeatInfo(f"Seat {s + 1}", "bot:random") for s in range(4)]
        saves.write_save(folder / f"game-{seed:04d}{saves.SUFFIX}", saves.make_header(match, seats), match)


def load_every_save(folder: Path) -> int:
    return sum(1 for path in folder.glob(f"*{saves.SUFFIX}") if saves.load_save(path).header)


def medians_ms(actions: list[Callable[[], object]], runs: int) -> list[float]:
    """The median milliseconds of each action; the actions take turns, so a
    busy machine slows them alike."""
    times: list[list[float]] = [[] for _ in actions]
    for _ in range(runs):
        for action, spent in zip(actions, times, strict=True):
            started = time.perf_counter()
            action()
            spent.append((time.perf_counter() - started) * 1000)
    return [statistics.median(spent) for spent in times]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=100)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="listing-bench-") as tmp:
        folder = Path(tmp)
        fill(folder, args.saves)
        assert len(saves.list_saves(folder)) == args.saves
        headers, full = medians_ms(
            [lambda: saves.list_saves(folder), lambda: load_every_save(folder)], args.runs
        )
    print(f"{args.saves} finished four-player saves, median of {args.runs} runs:")
    print(f"  list_saves (headers only)  {headers:8.2f} ms")
    print(f"  load every save in full    {full:8.2f} ms")
    print(f"  ratio                      {full / headers:8.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
