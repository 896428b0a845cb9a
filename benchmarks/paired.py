"""Measure the same thing in several source trees, taking turns, in one run.

A speed claim is a ratio against a baseline measured in the same run, on the
same loaded machine: ``--tree LABEL=PATH`` (repeatable) names the trees, for
example a clean clone of main, this checkout, and a folder the compiled
build was installed into (``pip install --no-deps --target DIR .``). Each
measurement runs in a fresh process with ``PYTHONPATH=PATH``, so it imports
that tree's ``indigo_tui``. A PATH that is a file is an interpreter with a
build installed in it (a venv's ``bin/python`` after ``pip install .``): the
measurement runs under it, without ``PYTHONPATH``, and imports what it
installed. The trees take turns round after round (A B C A B
C ...), so a drift in the machine's speed hits them alike. Every figure is
CPU seconds of the measuring process (``time.process_time``), which a busy
machine disturbs much less than the wall clock.

A benchmark script using this module has a ``--child`` mode that measures
once and prints one JSON object with the figures as its last line.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def add_arguments(parser: argparse.ArgumentParser, rounds: int = 5) -> None:
    parser.add_argument(
        "--tree",
        action="append",
        default=[],
        metavar="LABEL=PATH",
        help="a source tree to measure (repeatable); the first is the baseline of every ratio; "
        "none: this checkout only",
    )
    parser.add_argument("--rounds", type=int, default=rounds, help="measurements per tree, taking turns")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)


def trees(arguments: Sequence[str]) -> list[tuple[str, Path]]:
    """``LABEL=PATH`` pairs; this checkout alone when none are given."""
    here = Path(__file__).resolve().parent.parent
    result = []
    for item in arguments or [f"this={here}"]:
        label, sep, path = item.partition("=")
        if not sep or not label or not path:
            raise SystemExit(f"--tree {item!r}: write LABEL=PATH")
        folder = Path(path).absolute()
        if folder.is_file():
            result.append((label, folder))
            continue
        folder = folder.resolve()
        if not (folder / "indigo_tui" / "__init__.py").is_file():
            raise SystemExit(f"--tree {item!r}: no indigo_tui package in {folder}")
        result.append((label, folder))
    return result


def child_result(figures: dict[str, Any]) -> None:
    """Print the child's figures, with where its ``indigo_tui`` came from and whether compiled."""
    import indigo_tui

    figures["package"] = str(Path(indigo_tui.__file__).resolve().parent)
    figures["compiled"] = compiled_modules()
    print(json.dumps(figures), flush=True)


def compiled_modules() -> list[str]:
    """The hot modules that are loaded from a compiled extension, not from source."""
    names = [
        "indigo_tui.engine.geometry",
        "indigo_tui.engine.tiles",
        "indigo_tui.engine.board",
        "indigo_tui.engine.game",
        "indigo_tui.engine.views",
        "indigo_tui.bots.sim",
        "indigo_tui.bots.mcts",
        "indigo_tui.bots.random_bot",
    ]
    found = []
    for name in names:
        module = sys.modules.get(name)
        origin = getattr(module, "__file__", "") or ""
        if origin.endswith((".so", ".pyd")):
            found.append(name.rsplit(".", 1)[1])
    return found


def measure(script: str, child_arguments: Sequence[str], tree: Path) -> dict[str, Any]:
    installed = tree.is_file()  # an interpreter with a build installed in it
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONPATH", None)
    if not installed:
        env["PYTHONPATH"] = str(tree)
    done = subprocess.run(
        [str(tree) if installed else sys.executable, script, "--child", *child_arguments],
        env=env,
        capture_output=True,
        text=True,
        cwd="/" if installed else tree,
    )
    if done.returncode != 0:
        raise SystemExit(f"measuring in {tree} failed:\n{done.stderr.strip()}")
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    if not installed and not Path(figures["package"]).is_relative_to(tree):
        raise SystemExit(f"the child imported {figures['package']}, not the tree {tree}")
    return figures


def run(
    script: str, child_arguments: Sequence[str], labelled: Sequence[tuple[str, Path]], rounds: int
) -> dict[str, list[dict[str, Any]]]:
    """Every tree measured ``rounds`` times, taking turns; prints each measurement."""
    results: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in labelled}
    for index in range(rounds):
        for label, tree in labelled:
            figures = measure(script, child_arguments, tree)
            results[label].append(figures)
            shown = ", ".join(f"{k} {v:.1f}" for k, v in figures.items() if isinstance(v, float))
            print(f"  round {index + 1} {label:>10}: {shown}", flush=True)
    return results


def report(results: dict[str, list[dict[str, Any]]], key: str, unit: str) -> None:
    """Medians of ``key`` per tree and their ratios to the first tree, also
    as the median of the round-by-round ratios."""
    labels = list(results)
    base = labels[0]
    base_values = [r[key] for r in results[base]]
    for label in labels:
        values = [r[key] for r in results[label]]
        compiled = results[label][0]["compiled"]
        build = f"compiled {'+'.join(compiled)}" if compiled else "pure Python"
        line = f"{label:>10}: median {statistics.median(values):10.1f} {unit} ({build})"
        if label != base:
            pairs = [v / b for v, b in zip(values, base_values, strict=True)]
            line += (
                f"; ratio to {base} {statistics.median(values) / statistics.median(base_values):.2f} "
                f"(round by round: median {statistics.median(pairs):.2f}, "
                f"{min(pairs):.2f} to {max(pairs):.2f})"
            )
        print(line)
