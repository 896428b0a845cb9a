"""What a misbehaving engine program costs indigo: memory, and the game's time.

Runs real ``indigo`` processes (from each source tree given, so an older
commit can be measured in the same run) with an engine seat played by this
very script in one of its engine modes (``--engine MODE``), a child process
started exactly as ``--seats engine:...`` starts one:

* ``memory``: ``indigo text --json --seats human,engine:...`` with an engine
  that, once it has moved, writes short ``info`` lines as fast as it can
  (then one that writes 500 a second, within its budget) while the person
  (this script, at indigo's standard input) thinks for ``--seconds``
  (default 60). indigo's resident memory (``/proc/PID/status`` VmRSS) is
  sampled every second: before the engine's move, its peak, and the growth.
  A tree that grows past ``--memory-cap`` MiB is stopped there (the issue
  saw 2.2 GiB in 28 s). Then the person moves and what indigo says about the
  engine's seat is printed (a notice, or its move).
* ``stderr``: ``indigo selfplay --games 40 --bots engine:...,greedy``, the
  engine playing the first legal move, quiet or writing its standard error
  from a thread as fast as the pipe takes it and 64 KiB more before each
  move; RUNS pairs, the two in turn, whole
  process by the wall clock. Prints each run, the medians and the median of
  the pair-by-pair ratios (flooding / quiet; target: at most 1.5).

    python benchmarks/engine_hostile.py --tree before=/tmp/old --tree after=.
    python benchmarks/engine_hostile.py --part stderr --runs 7

The engine modes, for trying by hand:
``engine:"python3 benchmarks/engine_hostile.py --engine flood-stderr"``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
THIS = Path(__file__).resolve()


# -- the engine programs -----------------------------------------------------------------------


#: Short lines of debug output, 64 KiB a write.
DEBUG = b"debug: nodes\n" * 5041


def engine(mode: str) -> None:
    """Play the first legal move of every turn; ``mode`` says what else."""
    if mode == "flood-stderr":

        def shout() -> None:
            while True:
                os.write(2, DEBUG)

        threading.Thread(target=shout, daemon=True).start()
    output = threading.Lock()

    def say(message: dict[str, object]) -> None:
        with output:
            print(json.dumps(message), flush=True)

    def ponder() -> None:
        # Short lines while the other seat thinks, without end: as fast as it
        # can, or 500 a second (within the budget).
        pause = 1 / 500 if mode == "ponder-500" else 0.0
        nodes = 0
        while True:
            nodes += 1
            say({"type": "info", "nodes": nodes})
            if pause:
                time.sleep(pause)

    pondering = False
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "quit":
            break
        if message["type"] == "turn":
            if mode == "flood-stderr":
                os.write(2, DEBUG)  # and more before each move, which waits for it
            say({"type": "move", "move": message["legal"][0]})
            if mode.startswith("ponder") and not pondering:
                pondering = True
                threading.Thread(target=ponder, daemon=True).start()


def engine_command(mode: str) -> str:
    return f"engine:{sys.executable} {THIS} --engine {mode}"


def tree_env(tree: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(tree.resolve()), PYTHONUNBUFFERED="1")


# -- memory ------------------------------------------------------------------------------------


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def read_until(stream: IO[str], wanted: set[str], seconds: float) -> dict[str, object] | None:
    """The next message of one of the ``wanted`` types (None at the end or after ``seconds``)."""
    found: list[dict[str, object]] = []

    def read() -> None:
        for line in stream:
            message = json.loads(line)
            if message.get("type") in wanted:
                found.append(message)
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(seconds)
    return found[0] if found else None


def memory(name: str, tree: Path, mode: str, seconds: float, cap: float) -> None:
    with tempfile.TemporaryDirectory() as saves:
        env = dict(tree_env(tree), INDIGO_SAVE_DIR=saves)
        command = [sys.executable, "-m", "indigo_tui", "text", "--json", "--seed", "1"]
        command += ["--seats", "human," + engine_command(mode)]
        indigo = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=tree
        )
        assert indigo.stdin and indigo.stdout
        try:
            turn = read_until(indigo.stdout, {"turn"}, 30)
            assert turn is not None, "no turn from indigo"
            before = rss_mib(indigo.pid)
            indigo.stdin.write(json.dumps({"type": "move", "move": turn["legal"][0]}) + "\n")  # type: ignore[index]
            indigo.stdin.flush()
            # The engine moves, then writes without end while "the person" thinks.
            turn = read_until(indigo.stdout, {"turn"}, 30)
            assert turn is not None, "no second turn from indigo"
            peak, started, stopped = before, time.monotonic(), ""
            while time.monotonic() - started < seconds:
                time.sleep(1.0)
                peak = max(peak, rss_mib(indigo.pid))
                if peak - before > cap:
                    at = time.monotonic() - started
                    stopped = f" (stopped at {at:.0f} s: past the cap of {cap:.0f} MiB)"
                    break
            print(
                f"  {name}, {mode}: {before:.0f} MiB before the engine's move, peak {peak:.0f} MiB over "
                f"{time.monotonic() - started:.0f} s: grew {peak - before:.0f} MiB{stopped}"
            )
            if not stopped:
                indigo.stdin.write(json.dumps({"type": "move", "move": turn["legal"][0]}) + "\n")  # type: ignore[index]
                indigo.stdin.flush()
                said = read_until(indigo.stdout, {"notice", "turn"}, 30)
                if said is not None and said["type"] == "notice":
                    print(f"    then: {said['text']}")
                elif said is not None:
                    print("    then: the engine moved again (it kept its seat)")
            indigo.stdin.write('{"type": "quit"}\n')
            indigo.stdin.flush()
        finally:
            try:
                indigo.wait(timeout=10)
            except subprocess.TimeoutExpired:
                indigo.kill()
                indigo.wait()


# -- standard error ----------------------------------------------------------------------------


def selfplay_seconds(tree: Path, mode: str, games: int) -> float:
    command = [sys.executable, "-m", "indigo_tui", "selfplay", "--games", str(games), "--seed", "1"]
    command += ["--bots", f"{engine_command(mode)},greedy"]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=tree_env(tree), cwd=tree)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"selfplay failed (status {done.returncode}): {done.stderr.strip()[-500:]}")
    if "engines_replaced" in done.stdout or "plays the seat now" in done.stderr:
        print(f"    ({mode}: an engine was replaced: {done.stderr.strip()[-200:]})")
    return elapsed


def stderr(name: str, tree: Path, runs: int, games: int) -> None:
    selfplay_seconds(tree, "quiet", games)  # a warm-up: bytecode, caches
    quiet: list[float] = []
    flood: list[float] = []
    for run in range(runs):
        quiet.append(selfplay_seconds(tree, "quiet", games))
        flood.append(selfplay_seconds(tree, "flood-stderr", games))
        print(f"  {name} run {run + 1}: quiet {quiet[-1]:6.2f} s  flooding stderr {flood[-1]:6.2f} s")
    ratio = statistics.median(f / q for f, q in zip(flood, quiet, strict=True))
    verdict = "meets" if ratio <= 1.5 else "MISSES"
    print(
        f"  {name}: {games} games, median quiet {statistics.median(quiet):.2f} s, flooding "
        f"{statistics.median(flood):.2f} s; ratio {ratio:.2f} ({verdict} the target of 1.5)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--engine", choices=("quiet", "flood-stderr", "ponder", "ponder-500"), help=argparse.SUPPRESS
    )
    parser.add_argument(
        "--tree", action="append", default=[], metavar="NAME=PATH", help="a source tree to measure"
    )
    parser.add_argument("--part", choices=("memory", "stderr", "all"), default="all")
    parser.add_argument("--seconds", type=float, default=60.0, help="the person's thinking time (memory)")
    parser.add_argument("--memory-cap", type=float, default=1000.0, metavar="MIB")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    if args.engine:
        engine(args.engine)
        return 0
    trees = [(n, Path(p)) for n, _, p in (t.partition("=") for t in args.tree)] or [("this tree", ROOT)]
    if args.part in ("memory", "all"):
        print(f"memory: an engine writes short info lines while the person thinks ({args.seconds:.0f} s)")
        for name, tree in trees:
            for mode in ("ponder", "ponder-500"):
                memory(name, tree, mode, args.seconds, args.memory_cap)
    if args.part in ("stderr", "all"):
        print(f"stderr: indigo selfplay --games {args.games}, an engine quiet or flooding its stderr")
        for name, tree in trees:
            stderr(name, tree, args.runs, args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
