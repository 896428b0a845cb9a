"""The README's test command and the noxfile run the same steps.

The README says how to install and test in one line (under
``<!-- install-and-test -->``); the noxfile's tests session runs that line's
steps one by one (``README_TEST_STEPS``), and CI runs the noxfile. Both are
read as text here (the tests need no nox), so that neither can change
without the other.
"""

from __future__ import annotations

import ast
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_command(marker: str) -> str:
    """The one command in the ``sh`` block right under ``marker`` in README.md."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index(marker)
    assert lines[start + 1] == "```sh", f"no sh block under {marker}"
    end = lines.index("```", start + 2)
    (command,) = lines[start + 2 : end]
    return command


def noxfile_constant(name: str) -> object:
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == name for t in node.targets):
            return ast.literal_eval(node.value)
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == name and node.value:
            return ast.literal_eval(node.value)
    raise AssertionError(f"noxfile.py has no {name}")


def test_the_readme_test_command_is_the_noxfile_tests_steps() -> None:
    command = readme_command("<!-- install-and-test -->")
    steps = tuple(tuple(shlex.split(step)) for step in command.split(" && "))
    assert steps == noxfile_constant("README_TEST_STEPS")
