"""The build backend: setuptools' own, deciding first whether to compile.

``pip install .`` builds through here (``[build-system]`` in pyproject.toml).
Every hook is setuptools' (``setuptools.build_meta``); the ones below only
decide whether ``setup.py`` compiles the hot modules with mypyc, and tell it
through ``INDIGO_COMPILE`` (``yes`` or ``no``) while the hook runs. Only a
wheel built compiled asks for mypy (which brings mypyc) and msgspec (mypyc
type-checks the modules against its types) as build requirements, so a
plain build installs neither. pip runs each hook in a process of its own:
each takes the same decision from the same environment.

``INDIGO_COMPILE`` as the person installing sets it:

- ``auto`` (or unset): compile a wheel where a C compiler builds against
  this Python's headers (it honours ``CC`` and ``CFLAGS`` as the build
  does), plain Python elsewhere: the same games and searches, slower.
- ``yes``: compile, and fail the build if this machine cannot (CI, which
  tests the compiled build it meant to test).
- ``no``: plain Python.

An editable install (``pip install -e .``) and a source archive never
compile: an extension beside a source file would hide every later edit of
it, and an archive holds sources only.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  # the hooks not redefined here are setuptools' own

#: What compiling needs beyond setuptools (only then installed for the build).
COMPILE_REQUIRES = ["mypy>=1.10", "msgspec>=0.19"]


def say(message: str) -> None:
    print(f"indigo-tui build: {message}", file=sys.stderr, flush=True)


def compiler_problem() -> str | None:
    """None when a C compiler builds a Python extension here, else why not."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

    compiler = new_compiler()
    customize_compiler(compiler)  # CC, CFLAGS... as build_ext will use them
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text("#include <Python.h>\nint indigo_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=folder, include_dirs=[get_python_inc()])
        except Exception as exc:  # a missing compiler or missing headers, however the platform says it
            return f"{type(exc).__name__}: {exc}".strip()
    return None


def compiles() -> bool:
    """Whether a wheel built now is compiled (``INDIGO_COMPILE``, above)."""
    mode = os.environ.get("INDIGO_COMPILE", "auto").strip().lower() or "auto"
    if mode not in ("auto", "yes", "no"):
        raise SystemExit(f"INDIGO_COMPILE={mode!r}: use auto, yes or no")
    if mode == "no":
        return False
    problem = compiler_problem()
    if problem is None:
        return True
    if mode == "yes":
        raise SystemExit(f"INDIGO_COMPILE=yes but this machine cannot compile: {problem}")
    say(f"cannot compile here ({problem}): plain Python, the same games, slower")
    return False


@contextmanager
def compiling(wanted: bool) -> Iterator[None]:
    """``setup.py`` compiles while this block runs if ``wanted``, else not."""
    before = os.environ.get("INDIGO_COMPILE")
    os.environ["INDIGO_COMPILE"] = "yes" if wanted else "no"
    try:
        yield
    finally:
        if before is None:
            del os.environ["INDIGO_COMPILE"]
        else:
            os.environ["INDIGO_COMPILE"] = before


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    wanted = compiles()
    with compiling(False):
        requires: list[str] = build_meta.get_requires_for_build_wheel(config_settings)
    return [*requires, *COMPILE_REQUIRES] if wanted else requires


def build_wheel(
    wheel_directory: str,
    config_settings: dict[str, object] | None = None,
    metadata_directory: str | None = None,
) -> str:
    wanted = compiles()
    say("compiling the hot modules with mypyc" if wanted else "plain Python")
    with compiling(wanted):
        return str(build_meta.build_wheel(wheel_directory, config_settings, metadata_directory))


# The hooks that run setup.py without building a wheel: never compile there
# (mypyc's work would be thrown away, or hide the sources of an editable install).


def get_requires_for_build_sdist(config_settings: dict[str, object] | None = None) -> list[str]:
    with compiling(False):
        return list(build_meta.get_requires_for_build_sdist(config_settings))


def get_requires_for_build_editable(config_settings: dict[str, object] | None = None) -> list[str]:
    with compiling(False):
        return list(build_meta.get_requires_for_build_editable(config_settings))


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: dict[str, object] | None = None
) -> str:
    with compiling(False):
        return str(build_meta.prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: dict[str, object] | None = None
) -> str:
    with compiling(False):
        return str(build_meta.prepare_metadata_for_build_editable(metadata_directory, config_settings))


def build_sdist(sdist_directory: str, config_settings: dict[str, object] | None = None) -> str:
    with compiling(False):
        return str(build_meta.build_sdist(sdist_directory, config_settings))


def build_editable(
    wheel_directory: str,
    config_settings: dict[str, object] | None = None,
    metadata_directory: str | None = None,
) -> str:
    with compiling(False):
        return str(build_meta.build_editable(wheel_directory, config_settings, metadata_directory))
