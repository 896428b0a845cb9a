"""The compiled build and the plain-Python build play the same games and searches.

setup.py compiles the hot modules with mypyc where a C compiler is present.
Tests run against whichever build this process imports: the checkout's
sources (``python -m pytest`` from the checkout) or an installed package
(pytest run from elsewhere, as CI does for the compiled build, with
``INDIGO_EXPECT_COMPILED=1``). The comparison runs the other build in a child
process: the checkout's plain sources when this process is compiled, the
installed package when this process runs the checkout.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .build_fingerprint import HOT_MODULES, compiled_modules, fingerprint, sources

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("build_fingerprint.py")


def test_the_hot_modules_are_the_ones_setup_compiles() -> None:
    tree = ast.parse((ROOT / "setup.py").read_text())
    hot = next(
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "HOT" for t in node.targets)
    )
    paths = ast.literal_eval(hot)
    assert [p.removesuffix(".py").replace("/", ".") for p in paths] == list(HOT_MODULES)


def test_the_build_is_the_one_expected() -> None:
    """CI says which build it meant to test; a silent fall-back fails here."""
    expected = os.environ.get("INDIGO_EXPECT_COMPILED")
    if expected is None:
        pytest.skip("INDIGO_EXPECT_COMPILED is not set: either build will do")
    compiled = compiled_modules()
    if expected == "1":
        assert compiled == list(HOT_MODULES), f"expected the compiled build, got {compiled or 'plain Python'}"
    else:
        assert compiled == [], f"expected plain Python, got compiled {compiled}"


def _other_build(compiled_here: bool) -> tuple[list[str], str]:
    """The other build's compiled modules and digest, from a child process."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if compiled_here:
        # The checkout's plain sources, which must hold no extension.
        if any(p.suffix in (".so", ".pyd") for p in (ROOT / "indigo_tui").rglob("*")):
            pytest.fail("the checkout holds compiled modules: it is not the plain-Python build")
        env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], env=env, cwd=SCRIPT.parent, capture_output=True, text=True, timeout=600
    )
    lines = done.stdout.strip().splitlines()
    if not lines:
        if not compiled_here and "No module named 'indigo_tui'" in done.stderr:
            pytest.skip("indigo-tui is not installed: no other build to compare with")
        pytest.fail(f"the other build failed:\n{done.stderr}")
    build = json.loads(lines[0])
    if build["sources"] != sources(ROOT / "indigo_tui"):
        pytest.skip("the installed package was built from other sources than this checkout")
    if done.returncode != 0:
        pytest.fail(f"the other build failed:\n{done.stderr}")
    return build["compiled"], json.loads(lines[1])["digest"]


def test_compiled_and_plain_python_play_the_same_games_and_searches() -> None:
    here = compiled_modules()
    assert sources() == sources(ROOT / "indigo_tui"), "this process imports other sources than the checkout's"
    other, other_digest = _other_build(bool(here))
    if not here and not other:
        if os.environ.get("INDIGO_EXPECT_COMPILED") == "1":
            pytest.fail("no compiled build to compare with")
        pytest.skip("the installed package is plain Python too: nothing to compare")
    assert sorted([here, other], key=len) == [[], list(HOT_MODULES)], (here, other)
    assert fingerprint() == other_digest
