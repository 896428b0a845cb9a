"""The examples in the engine's docstrings run, as python-chess's do.

The main calls (``Game.new``, ``legal_moves``, ``push``, ``pop``, ``redo``,
``view``, ``Move.parse`` and its printing, ``from_log``, ``winners``) show
how they are used in their docstrings, and those examples are tests: each
module of the engine is imported as installed (this checkout's sources, or
the compiled build CI tests from outside the checkout) and its examples run
with :mod:`doctest`. A failing example fails here, and so does a main call
without one. mypyc compiles the hot modules (board, game, views) without
their docstrings, so against the compiled build their examples are skipped
with that reason; the quick step runs them from the plain sources.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import indigo_tui.engine

#: Every module of the engine, by name.
MODULES = sorted(
    f"{indigo_tui.engine.__name__}.{info.name}" for info in pkgutil.iter_modules(indigo_tui.engine.__path__)
)
PACKAGE = indigo_tui.engine.__name__

#: The calls whose docstrings must show an example (by their doctest names).
MAIN_CALLS = (
    "game.Game.new",
    "game.Game.legal_moves",
    "game.Game.push",
    "game.Game.pop",
    "game.Game.redo",
    "game.Game.view",
    "game.Game.from_log",
    "game.Game.winners",
    "game.winners",
    "moves.Move",
    "moves.Move.parse",
    "board.Board.refusal",
)


def _examples(module: ModuleType) -> list[doctest.DocTest]:
    return [test for test in doctest.DocTestFinder(exclude_empty=True).find(module) if test.examples]


def _compiled(module: ModuleType) -> bool:
    return not (getattr(module, "__file__", None) or "").endswith(".py")


def _run(test: doctest.DocTest) -> tuple[int, str]:
    """Run one docstring's examples: (failures, what doctest reported)."""
    said: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=said.append)
    return runner.failures, "".join(said)


#: Why a compiled module has no examples to run.
NO_DOCSTRINGS = (
    "mypyc compiles the module without its docstrings (module, classes and functions alike): "
    "the plain-Python run of the same sources runs their examples"
)


@pytest.mark.parametrize("name", [PACKAGE, *MODULES])
def test_the_examples_in_each_module_run(name: str) -> None:
    module = importlib.import_module(name)
    examples = _examples(module)
    if _compiled(module) and not examples:
        pytest.skip(f"{name}: {NO_DOCSTRINGS}")
    failed = [report for failures, report in map(_run, examples) if failures]
    assert not failed, "\n".join(failed)


def test_the_main_calls_show_how_they_are_used() -> None:
    found: dict[str, doctest.DocTest] = {}
    compiled_without_docstrings = []
    for name in [PACKAGE, *MODULES]:
        module = importlib.import_module(name)
        tests = _examples(module)
        if _compiled(module) and not tests:
            compiled_without_docstrings.append(name)
        found.update((test.name.removeprefix(PACKAGE + "."), test) for test in tests)
    assert found, "no example in the engine at all"
    missing = [call for call in MAIN_CALLS if call not in found]
    if missing and compiled_without_docstrings:
        pytest.skip(f"{', '.join(compiled_without_docstrings)}: {NO_DOCSTRINGS}")
    assert not missing, f"no example in the docstring of {missing}"
    assert sum(len(test.examples) for test in found.values()) >= 3 * len(MAIN_CALLS)
