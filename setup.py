"""Compile the hot modules with mypyc where this machine can; plain Python elsewhere.

The project's metadata is in pyproject.toml; this file only adds the compiled
build of the rules engine's and the search bot's hot modules (``HOT``). They
are strict-typed (``mypy --strict``), so mypyc compiles them unchanged into C
extensions that play the same games and searches two to three times faster.
Each extension sits beside its ``.py`` file, and Python prefers an extension
to a source file, so a compiled install runs compiled and any other runs the
same sources as plain Python.

It compiles only when it can: a C compiler that builds against this
Python's headers, and mypyc (a build requirement). Without them ``pip install
.`` installs the plain-Python package, which plays exactly the same games.
``INDIGO_COMPILE`` decides otherwise: ``no`` never compiles, ``yes`` fails
the build instead of falling back (for CI, which must test the compiled
build it meant to test). An editable install (``pip install -e .``) never
compiles: an extension beside a source file would hide every later edit of it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The modules whose speed matters: the engine's board and game, the seat's
#: view, the search bot's simulation and tree, and the random bot.
HOT = [
    "indigo_tui/engine/board.py",
    "indigo_tui/engine/game.py",
    "indigo_tui/engine/views.py",
    "indigo_tui/bots/sim.py",
    "indigo_tui/bots/mcts.py",
    "indigo_tui/bots/random_bot.py",
]


def say(message: str) -> None:
    print(f"indigo-tui build: {message}", file=sys.stderr, flush=True)


def compiler_works() -> str | None:
    """None when a C compiler builds a Python extension here, else why not."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text("#include <Python.h>\nint indigo_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=folder, include_dirs=[get_python_inc()])
        except Exception as exc:  # a missing compiler or missing headers, whatever the platform says
            return f"{type(exc).__name__}: {exc}".strip()
    return None


#: The setup commands that build extensions. pip runs this file for the
#: metadata first (egg_info, dist_info), where mypyc's work would be wasted;
#: an editable install (editable_wheel, develop) must not compile at all.
BUILDS = frozenset({"bdist_wheel", "build", "build_ext", "install"})


def extensions() -> list[Any]:
    mode = os.environ.get("INDIGO_COMPILE", "auto").strip().lower()
    if mode not in ("auto", "yes", "no"):
        raise SystemExit(f"INDIGO_COMPILE={mode!r}: use auto, yes or no")
    if not BUILDS & set(sys.argv[1:]):
        return []
    if mode == "no":
        say("INDIGO_COMPILE=no: plain Python")
        return []
    problem = compiler_works()
    if problem is None:
        try:
            from mypyc.build import mypycify
        except ImportError as exc:
            problem = f"mypyc is not available ({exc})"
    if problem is not None:
        if mode == "yes":
            raise SystemExit(f"INDIGO_COMPILE=yes but this machine cannot compile: {problem}")
        say(f"cannot compile here ({problem}): plain Python, the same games, slower")
        return []
    say(f"compiling {len(HOT)} modules with mypyc")
    # One C file per module (multi_file), not one file of them all, so that
    # the C compiler can take them on every core at once (CompileSideBySide):
    # the one file kept one core busy for 17 s while the others waited.
    # No debug information (debug_level 0): nobody runs the engine under a C
    # debugger, and it cost 15% of the compile.
    return list(mypycify(HOT, opt_level="3", debug_level="0", multi_file=True, group_name="indigo_tui"))


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class CompileSideBySide(build_ext):  # type: ignore[misc]  # setuptools' classes are untyped here
    """``build_ext`` compiling an extension's C files in parallel, one
    compiler process per core (setuptools runs them one after another)."""

    def build_extension(self, ext: Any) -> None:
        compiler = self.compiler
        one_by_one = compiler.compile

        def side_by_side(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if len(sources) < 2 or cores() < 2:
                return list(one_by_one(sources, *args, **kwargs))
            with ThreadPoolExecutor(cores()) as pool:
                # The biggest files first, so that none is left for the end alone.
                biggest = sorted(sources, key=lambda source: -os.path.getsize(source))
                objects = pool.map(lambda source: one_by_one([source], *args, **kwargs), biggest)
                done = dict(zip(biggest, objects, strict=True))
            return [obj for source in sources for obj in done[source]]

        compiler.compile = side_by_side
        try:
            super().build_extension(ext)
        finally:
            compiler.compile = one_by_one


setup(ext_modules=extensions(), cmdclass={"build_ext": CompileSideBySide})
