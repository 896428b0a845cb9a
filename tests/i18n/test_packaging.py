"""``pip install .`` gives all four languages: the catalogs are package data.

Runs setuptools' build_py (what a wheel is made of) with this project's
pyproject.toml into a temporary folder, and looks for every catalog there.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest

from indigo_tui.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]


def test_the_built_package_holds_every_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools calls [tool.setuptools] beta
        dist = Distribution()
        dist.script_name = "setup.py"
        apply_configuration(dist, ROOT / "pyproject.toml")
        build = dist.get_command_obj("build_py")
        build.build_lib = str(tmp_path)
        build.compile = False
        build.ensure_finalized()
        build.run()
    built = {str(path.relative_to(tmp_path)) for path in tmp_path.rglob("indigo.*")}
    expected = {"indigo_tui/locale/indigo.pot"}
    for language in LANGUAGES[1:]:
        expected |= {f"indigo_tui/locale/{language}/LC_MESSAGES/indigo.{kind}" for kind in ("po", "mo")}
    assert expected <= built, expected - built
    assert os.path.getsize(tmp_path / "indigo_tui/locale/de/LC_MESSAGES/indigo.mo") > 0
