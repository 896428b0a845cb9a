"""How long an autosave takes: ``saves.write_save`` (encode, write a temporary
file, fsync, rename, fsync the folder) for a game at move 10, at move 30 and
finished, and how big the files are. Target: well under a few milliseconds.

    python benchmarks/autosave.py [--repeat N] [--dir DIR]

The folder matters (fsync on a laptop's disk is not fsync on tmpfs): by
default a temporary folder beside the current directory, so the disk is the
one a checkout's ``saves/`` would use.
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


def match_at(moves: int | None, seed: int = 7) -> Match:
    """A four-player match played by random bots to ``moves`` placements (None: the end)."""
    match = Match(Setup(4), rounds=1, seed=seed)
    game = match.game
    bots = [make_bot("random", f"{seed}:{seat}") for seat in range(4)]
    while not game.over and (moves is None or game.board.placements < moves):
        game.push(bots[game.turn].choose(game.view(game.turn)))
    return match


def median_ms(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and worst milliseconds of ``action``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times)


def seats_for(match: Match) -> list[saves.SeatInfo]:
    return [saves.SeatInfo(f"Seat {s + 1}", "bot:random") for s in range(match.setup.players)]


def write(path: Path, match: Match) -> None:
    # The header is made each time, as an autosave after every move does.
    saves.write_save(path, saves.make_header(match, seats_for(match)), match)


def report(folder: Path, cases: list[tuple[str, Match]], repeat: int) -> None:
    print(f"saves.write_save, {repeat} writes each, in {folder.parent}")
    print(f"{'game':<24} {'events':>6} {'median ms':>10} {'worst ms':>9} {'bytes':>7}")
    for label, match in cases:
        path = folder / f"bench-{match.game.board.placements}.indigo"
        median, worst = median_ms(lambda m=match, p=path: write(p, m), repeat)  # type: ignore[misc]
        game = match.game
        name = f"{label} ({game.board.placements} placed)"
        print(f"{name:<24} {len(game.log):>6} {median:>10.3f} {worst:>9.3f} {path.stat().st_size:>7}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--dir", type=Path, default=Path.cwd(), help="where to make the temporary folder")
    args = parser.parse_args()
    cases = [("move 10", match_at(10)), ("move 30", match_at(30)), ("finished", match_at(None))]
    # The part that is the program's own work, without the disk.
    print("saves.encode_save (and make_header), no disk:")
    for label, match in cases:
        median, _ = median_ms(
            lambda m=match: saves.encode_save(saves.make_header(m, seats_for(m)), m),  # type: ignore[misc]
            args.repeat,
        )
        print(f"  {label:<10} {median:.3f} ms")
    folders = [args.dir]
    memory = Path("/dev/shm")
    if memory.is_dir() and args.dir.resolve() != memory:
        # A RAM disk, where fsync is free: the difference is the real disk's.
        folders.append(memory)
    for where in folders:
        with tempfile.TemporaryDirectory(prefix=".autosave-bench-", dir=where) as tmp:
            report(Path(tmp), cases, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
