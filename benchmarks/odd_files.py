"""How long each command that reads saves takes to refuse an odd file (issue
35): a save nested 50,000 levels deep, one past the size limit, a named
pipe, a symlink to ``/dev/zero`` and a header claiming a billion rounds,
against the same command given a sound save's bad twin (a save cut short),
measured in the same run, as real processes.

    python benchmarks/odd_files.py [--runs R]

Prints, for each command and case, the median seconds of R runs (the cases
take turns, so a busy machine slows them alike) and the ratio to the
baseline. Each must stay within 2 s; the baseline is mostly the start of
Python and of indigo.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from support.odd_files import make_odd_files, sound_save  # the tests' own odd files

COMMANDS: list[tuple[str, ...]] = [
    ("replay",),
    ("replay", "--json"),
    ("review",),
    ("text", "--load"),
    ("load", "--text"),
    ("load",),
]


def seconds(command: tuple[str, ...], path: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "indigo_tui", *command, str(path)],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )
    spent = time.perf_counter() - started
    if done.returncode != 2 or len(done.stderr.splitlines()) != 1:
        raise SystemExit(f"{' '.join(command)} {path.name}: {done.returncode} {done.stderr!r}")
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        odd = make_odd_files(Path(folder) / "saves")
        cut = sound_save(Path(folder) / "cut.indigo")
        cut.write_bytes(cut.read_bytes()[:200])
        cases = {"cut short (baseline)": cut, **{name: file.path for name, file in odd.items()}}
        worst = 0.0
        for command in COMMANDS:
            times: dict[str, list[float]] = {name: [] for name in cases}
            for _ in range(args.runs):
                for name, path in cases.items():
                    times[name].append(seconds(command, path))
            base = statistics.median(times["cut short (baseline)"])
            print(f"indigo {' '.join(command)} FILE")
            for name, spent in times.items():
                median = statistics.median(spent)
                worst = max(worst, max(spent))
                print(f"  {name:22s} {median:6.2f} s  ({median / base:4.2f} x baseline)")
        print(f"slowest single run: {worst:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
