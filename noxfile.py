"""The project's checks, one nox session each (docs/testing.md).

    nox                   # every session, as CI runs them (.ci/run)
    nox -s lint           # one of them: lint, types, tests, compiled
    nox -s tests -- tests/engine      # the test steps on one folder
    nox -R -s types       # again, in the environment made before

Each session has a virtual environment of its own under ``.nox/``. The
sessions may run side by side (``nox --parallel 2``, as .ci/run does): each
runs in a process of its own and its output is printed whole when it ends.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nox

nox.options.sessions = ["lint", "types", "tests", "compiled"]
# uv makes the environments of the sessions that don't run pip themselves
# (in seconds, from its cache); venv where uv is not installed.
nox.options.default_venv_backend = "uv|venv"
nox.options.error_on_external_run = True

#: The README's test command (under ``<!-- install-and-test -->``), step by
#: step: the install, the quick step, the slow step. tests/project/
#: test_commands.py holds the two the same.
README_TEST_STEPS = (
    ("python", "-m", "pip", "install", ".[test]"),
    ("python", "-m", "pytest", "-q", "-n", "auto", "-m", "not slow"),
    ("python", "-m", "pytest", "-q", "-n", "auto", "-m", "slow"),
)

#: What the engine's and the bots' tests need: the engine's own dependency
#: and the test tools (the compiled session installs nothing else beside the
#: compiled build).
ENGINE_TEST_REQUIRES = (
    "msgspec>=0.19",
    "pytest>=8,<9",
    "pytest-asyncio>=1.0",
    "pytest-xdist>=3.5",
    "hypothesis>=6.100",
)

#: The tests the compiled session runs against the compiled build.
COMPILED_TESTS = ("tests/engine", "tests/bots", "tests/commands/test_replay_oracle.py")

ROOT = Path(__file__).resolve().parent


def dev_requirement(name: str) -> str:
    """The requirement on ``name`` in pyproject.toml's ``dev`` extra."""
    extra = nox.project.load_toml(ROOT / "pyproject.toml")["project"]["optional-dependencies"]["dev"]
    (requirement,) = (line for line in extra if line.split(">")[0].split("=")[0].strip() == name)
    return str(requirement)


@nox.session(allow_parallel=True)
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check over the whole checkout."""
    session.install(dev_requirement("ruff"))
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(allow_parallel=True)
def types(session: nox.Session) -> None:
    """mypy --strict over the package, then over the tests."""
    # Editable: never compiled (docs/architecture.md), and mypy reads the
    # checkout's sources either way; what matters is every dependency's types.
    session.install("-e", ".[dev]")
    session.run("mypy", "--strict", "indigo_tui")
    session.run("mypy", "--strict", "tests")


@nox.session(venv_backend="venv", allow_parallel=True)
def tests(session: nox.Session) -> None:
    """The README's test command: its install, the quick step, the slow step.

    The steps import the checkout's sources (``python -m pytest`` puts the
    checkout first on sys.path) whichever build is installed, so the install
    builds plain Python (``INDIGO_COMPILE=no``): the compiled build is the
    compiled session's. Arguments after ``--`` go to both steps.
    """
    install, *steps = README_TEST_STEPS
    session.run_install(*install, env={"INDIGO_COMPILE": "no"})
    for step in steps:
        session.run(*step, *session.posargs)


@nox.session(venv_backend="venv", allow_parallel=True)
def compiled(session: nox.Session) -> None:
    """The compiled build, tested from outside the checkout against the plain one.

    Builds the wheel (``INDIGO_COMPILE=yes``: a machine that cannot compile
    fails here), installs it, and runs the quick engine and bot tests (the
    cross-check against the rules oracle among them) and the replay
    command's against the oracle from another folder, so that they import
    the installed package: tests/engine/test_builds.py checks that it
    is compiled (``INDIGO_EXPECT_COMPILED=1``) and plays the same games and
    searches as the checkout's plain sources.
    """
    # setuptools builds in the source folder (build/, *.egg-info), and the
    # tests session builds there too, maybe at the same time: this one builds
    # from a copy.
    work = Path(session.create_tmp())
    source, wheels, elsewhere = work / "source", work / "wheels", work / "elsewhere"
    for folder in (source, wheels, elsewhere):
        shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".nox", "build", "*.egg-info"))
    wheels.mkdir()
    elsewhere.mkdir()
    session.run_install(
        "python", "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(source),
        env={"INDIGO_COMPILE": "yes"},
    )  # fmt: skip
    (wheel,) = wheels.glob("indigo_tui-*.whl")
    session.install(str(wheel), *ENGINE_TEST_REQUIRES)
    with session.chdir(elsewhere):
        session.run(
            "python", "-m", "pytest", "-q", "-n", "auto", "-m", "not slow", "-p", "no:cacheprovider",
            "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"),
            *(str(ROOT / path) for path in COMPILED_TESTS), *session.posargs,
            env={"INDIGO_EXPECT_COMPILED": "1"},
        )  # fmt: skip
