"""No English sentence on screen that the catalogs do not know.

Every string literal in the UI's modules that reads like words (two words
with a space or punctuation between them, or a capitalised word) must be an
argument of ``_``, ``N_``, ``ngettext`` or ``pgettext``, unless it is plainly
not for people: a docstring, a CSS id or class, a style, a binding's key and
action, a comparison or a dictionary key (codes), ``__all__``, inline CSS.
What is left and must stay untranslated is listed below, with the reason.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import indigo_tui

PACKAGE = Path(indigo_tui.__file__).resolve().parent
#: Words: two runs of letters with a space or punctuation between, or a capitalised word.
WORDS = re.compile(r"[A-Za-z]{2,}[ ,:;!?']+[A-Za-z]{2,}|^[A-Z][a-z]+")
#: The calls that put a message in the catalogs.
MARKERS = frozenset({"_", "N_", "ngettext", "pgettext", "N_plural"})
#: Keyword arguments that never hold words for people.
CODE_KEYWORDS = frozenset({"id", "classes", "group", "variant", "severity", "name", "style", "justify"})
#: Calls whose string arguments are selectors, names or formats, never words.
CODE_CALLS = frozenset(
    {"query_one", "query", "set_class", "has_class", "add_class", "remove_class", "strftime", "cast"}
)
#: Assignments whose strings are code: exports and inline CSS.
CODE_TARGETS = frozenset({"__all__", "DEFAULT_CSS", "CSS", "CSS_PATH"})

#: Strings that stay as they are, each with the reason.
ALLOWED: dict[tuple[str, str], str] = {
    ("ui/app.py", "Indigo"): "the game's name, the app's title",
    ("ui/review_app.py", "Indigo review"): "the app's title, which no screen of ours shows",
    ("ui/screens/review.py", "bold green"): "a Rich style",
    ("ui/screens/review.py", "bold dark_orange"): "a Rich style",
    ("ui/screens/review.py", "bold red"): "a Rich style",
    ("ui/screens/rules.py", "indigo_tui/ui/rules/en.md is missing from the package"): (
        "a broken installation, for developers"
    ),
    ("table/network.py", "a network move goes to the host and is answered later (send_move)"): (
        "a programming error (the screens never ask a network table to play at once)"
    ),
    ("ui/screens/net_game.py", "  indigo host --resume "): "a command, typed the same in every language",
    ("ui/screens/stopped.py", "  indigo host --resume "): "a command, typed the same in every language",
    ("ui/screens/stopped.py", "  indigo join "): "a command, typed the same in every language",
}

#: The UI's modules scanned, and the table's (``table/``, once part of ``ui/``: the
#: screens show its words); the board's drawing has no words, the network screens are checked too.
SCANNED = sorted([*(PACKAGE / "ui").rglob("*.py"), *(PACKAGE / "table").rglob("*.py")])


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _is_code(node: ast.Constant, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether a string literal is plainly not for people (see the module's docstring)."""
    child: ast.AST = node
    parent = parents.get(node)
    if isinstance(parent, ast.Expr):
        return True  # a docstring
    while parent is not None:
        if isinstance(parent, ast.Call):
            func = parent.func
            called = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if called in MARKERS or called in CODE_CALLS:
                return True
            return called == "Binding" and child in parent.args[:2]
        if isinstance(parent, ast.keyword):
            return parent.arg in CODE_KEYWORDS
        if isinstance(parent, (ast.Compare, ast.Subscript)):
            return True
        if isinstance(parent, ast.Dict):
            return child in parent.keys
        if isinstance(parent, (ast.Assign, ast.AnnAssign)):
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            return any(isinstance(t, ast.Name) and t.id in CODE_TARGETS for t in targets)
        if isinstance(parent, ast.stmt):
            return False
        child, parent = parent, parents.get(parent)
    return False


def english_literals(path: Path) -> Iterator[tuple[int, str]]:
    """The string literals of ``path`` that read like words and are not in the catalogs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = _parents(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if WORDS.search(node.value) and not _is_code(node, parents):
            yield node.lineno, node.value


def test_the_scan_finds_english_and_passes_marked_words(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring."""\n'
        "from indigo_tui.i18n import _\n"
        'a = _("Place the tile")\n'
        'b = "Place the tile"\n'
        'c = f"Saved as {a}."\n'
        'd = widget.query_one("#load-message")\n'
        'e = {"best": _("Best")}\n',
        encoding="utf-8",
    )
    assert [value for _line, value in english_literals(sample)] == ["Place the tile", "Saved as "]


def test_every_word_on_screen_goes_through_the_catalogs() -> None:
    found = []
    for path in SCANNED:
        where = str(path.relative_to(PACKAGE))
        for line, value in english_literals(path):
            if (where, value) not in ALLOWED:
                found.append(f"{where}:{line}: {value!r}")
    assert not found, "English outside the catalogs (wrap it in _() or N_()):\n" + "\n".join(found)


def test_the_allow_list_has_no_stale_entries() -> None:
    present = {(str(p.relative_to(PACKAGE)), value) for p in SCANNED for _line, value in english_literals(p)}
    assert set(ALLOWED) <= present, sorted(set(ALLOWED) - present)
