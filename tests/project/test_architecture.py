"""The import direction of docs/architecture.md, held by reading every module's
imports (top-level and inside functions alike) with ``ast``.

    engine  <-  i18n  <-  bots, saves  <-  net  <-  ui  <-  commands  <-  cli
                          saves  <-  records  <-  ui, commands
                i18n  <-  web  <-  commands
    bucket  <-  bots, net, web
                                           ui  <-  text  <-  commands

The engine imports nothing of the project outside itself; i18n (the
catalogs) builds on the engine's codes only, and every layer above may show
words; bots, saves and net build on the engine (and net on bots and saves),
never on the screens or the commands; web (``indigo serve``) only on the
words, the version and the token bucket (``bucket``, which net paces with
too and which imports nothing of the project); text (``indigo text``) on the ui's Textual-free
table and words, never on Textual itself (tests/text holds that); the ui
never imports web, the commands or ``cli``;
the commands never import ``cli``. ``errors`` (the shared error types, for
the ui, the commands and ``cli``) and the package root (the version) import
nothing of the project. :data:`ALLOWED` is the table of docs/architecture.md,
and a test holds the two equal.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "indigo_tui"
ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"

#: For each part, the parts it may import (besides itself). "" is the package
#: root (``indigo_tui/__init__.py``: the version).
ALLOWED: dict[str, set[str]] = {
    "": set(),
    "errors": set(),
    "bucket": set(),
    "engine": set(),
    "i18n": {"engine"},
    "locale": set(),
    "bots": {"bucket", "engine", "i18n"},
    "saves": {"", "engine", "i18n"},
    "net": {"", "bucket", "engine", "i18n", "bots", "saves"},
    "web": {"", "bucket", "i18n"},
    "records": {"engine", "i18n", "saves"},
    "table": {"", "engine", "i18n", "bots", "saves", "net"},
    "ui": {"", "errors", "engine", "i18n", "bots", "saves", "net", "records", "table"},
    "text": {"engine", "i18n", "bots", "saves", "net", "table"},
    "commands": {"", "errors", "engine", "i18n", "bots", "saves", "net", "records"}
    | {"web", "table", "ui", "text"},
    "cli": {"", "errors", "engine", "i18n", "bots", "saves", "net", "records", "web"}
    | {"table", "ui", "text", "commands"},
    "__main__": {"cli"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(module: str) -> str:
    """``indigo_tui.engine.board`` -> ``engine``; ``indigo_tui`` -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def project_imports(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """Every ``indigo_tui`` module the file ``path`` imports (or ``source``, as
    if it were that file), with the line, relative imports resolved."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    text = path.read_text() if source is None else source
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if node.module is None or target == "indigo_tui":
                # ``from .. import saves`` imports the module ``indigo_tui.saves``.
                found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, target))
    return [(line, name) for line, name in found if name == "indigo_tui" or name.startswith("indigo_tui.")]


def resolve(name: str) -> str:
    """``indigo_tui.__version__`` (a name, not a module) counts as the root."""
    parts = name.split(".")
    if len(parts) == 2 and not (PACKAGE / parts[1]).is_dir() and not (PACKAGE / f"{parts[1]}.py").exists():
        return "indigo_tui"
    return name


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_part_is_known() -> None:
    parts = {part_of(module_name(path)) for path in MODULES}
    assert parts <= set(ALLOWED), (
        f"a new part of the package needs a place in ALLOWED: {parts - set(ALLOWED)}"
    )


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_inward(path: Path) -> None:
    here = part_of(module_name(path))
    wrong = []
    for line, name in project_imports(path):
        there = part_of(resolve(name))
        if there != here and there not in ALLOWED[here]:
            wrong.append(f"line {line}: {here or 'indigo_tui'} may not import {name}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_a_wrong_import() -> None:
    # The test above is only worth something if it would catch a wrong import:
    # relative, absolute, inside a function, and the ``from .. import x`` form;
    # under TYPE_CHECKING too, a dependency all the same (one made a loop in ui).
    source = (
        "from ..ui.app import IndigoApp\nimport indigo_tui.cli\ndef later():\n    from .. import commands\n"
        "if TYPE_CHECKING:\n    from ..web.server import serve\n"
    )
    names = [name for _, name in project_imports(PACKAGE / "engine" / "board.py", source)]
    assert names == ["indigo_tui.ui.app", "indigo_tui.cli", "indigo_tui.commands", "indigo_tui.web.server"]
    assert [part_of(resolve(name)) for name in names] == ["ui", "cli", "commands", "web"]
    assert all(part_of(resolve(name)) not in ALLOWED["engine"] for name in names)


def documented_layers(text: str) -> dict[str, set[str]]:
    """The table under ``<!-- layers`` in docs/architecture.md: each part and
    what it may import ("the root" is ``""``, "nothing of the project" none)."""
    after = text.split("<!-- layers", 1)[1].splitlines()[1:]
    rows = [line for line in after[: after.index("")] if line.startswith("|")]
    named = {"the root": ""}
    layers: dict[str, set[str]] = {}
    for row in rows[2:]:
        part, imports = (cell.strip() for cell in row.strip("|").split("|"))
        if imports == "nothing of the project":
            imports = ""
        layers[named.get(part, part.strip("`"))] = {
            named.get(name, name.strip("`")) for name in re.split(r",\s*", imports) if name
        }
    return layers


def test_the_architecture_doc_draws_these_layers() -> None:
    assert documented_layers(ARCHITECTURE.read_text(encoding="utf-8")) == ALLOWED


# -- no import loops inside a part ----------------------------------------------

#: Every part of the package, and the package as a whole: no modules may
#: import each other in a loop, directly or round about (a loop means neither
#: can be understood, tested or changed alone). Every import counts,
#: ``TYPE_CHECKING`` ones and those inside functions too.
LOOP_FREE = ("", *sorted(part for part in ALLOWED if part and (PACKAGE / part).is_dir()))


def import_graph(part: str) -> dict[str, set[str]]:
    """Each module of ``part`` (``""``: the whole package) and the modules of
    the same part it imports (``from . import NAME`` of a name, not a module,
    is the package itself)."""
    paths = sorted((PACKAGE / part).rglob("*.py"))
    modules = {module_name(path) for path in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        here = module_name(path)
        found = set()
        for _line, name in project_imports(path):
            while name and name not in modules:
                name = name.rpartition(".")[0]  # a name inside a module: the module
            if name and name != here:
                found.add(name)
        graph[here] = found
    return graph


def import_loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The loops of ``graph``: its strongly connected parts of more than one
    module (Tarjan's algorithm), each sorted, with a module importing itself
    left out."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == module:
                    break
            if len(part) > 1:
                loops.append(sorted(part))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return loops


@pytest.mark.parametrize("part", LOOP_FREE, ids=lambda part: part or "indigo_tui")
def test_no_two_modules_of_a_part_import_each_other_in_a_loop(part: str) -> None:
    loops = import_loops(import_graph(part))
    prefix = f"indigo_tui.{part}." if part else "indigo_tui."
    assert not loops, "modules that import each other in a loop:\n" + "\n".join(
        " <-> ".join(name.removeprefix(prefix) for name in loop) for loop in loops
    )


def test_the_loop_checker_sees_a_loop_round_about() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert import_loops(graph) == [["a", "b", "c"]]
    assert import_loops({"a": {"b"}, "b": set()}) == []


def test_the_net_package_names_every_module_it_has() -> None:
    # Its docstring is the map of the package: a module it does not name is lost on a newcomer.
    doc = (PACKAGE / "net" / "__init__.py").read_text(encoding="utf-8")
    modules = {path.stem for path in (PACKAGE / "net").glob("*.py")} - {"__init__"}
    unnamed = sorted(m for m in modules if f":mod:`.{m}`" not in doc)
    assert not unnamed, f"net/__init__.py does not name {unnamed}"
