"""The network package's docstring is its map: it names every module of
``net/`` (a newcomer reads it first; issue 18 found it naming 7 of 17)."""

from __future__ import annotations

import re
from pathlib import Path

import indigo_tui.net

NET = Path(indigo_tui.net.__file__).parent


def test_the_package_docstring_names_every_module() -> None:
    named = set(re.findall(r":mod:`\.(\w+)`", indigo_tui.net.__doc__ or ""))
    modules = {path.stem for path in NET.glob("*.py") if path.stem != "__init__"}
    assert modules - named == set(), "net/__init__.py does not name these modules"
    assert named - modules == set(), "net/__init__.py names modules that are not there"
