"""``net/`` returns codes and the fronts word them (docs/architecture.md, "A
network message", point 5): no exception of ``net/`` carries a sentence.

Read with ``ast``, so that it cannot creep back: every exception made from a
:class:`~indigo_tui.net.problems.NetProblem` class, anywhere in the package,
is given a ``...Says`` code first and facts after it, never words (a string
literal, an f-string, a ``_()``/``ngettext()`` call, a ``.format()``); and no ``raise`` in ``net/`` puts words
through ``_()`` or ``ngettext()`` into any exception at all, a ``ValueError``
included (what people read is made by ``problem_text``, in the language they
read it in). An English literal for a developer (a bug, never shown) is not
words through the catalogs, and stays allowed outside the problem classes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "indigo_tui"
NET = PACKAGE / "net"
#: The functions that draw words from the catalogs.
WORDS = frozenset({"_", "ngettext", "pgettext"})


def _trees(folder: Path) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(folder.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def problem_classes() -> set[str]:
    """``NetProblem`` and every class of ``net/`` that derives from it, by name."""
    bases: dict[str, set[str]] = {}
    for _path, tree in _trees(NET):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {_name(base) for base in node.bases}
    found = {"NetProblem"}
    grew = True
    while grew:
        more = {name for name, its in bases.items() if its & found} - found
        found |= more
        grew = bool(more)
    return found


def _wordy(text: str) -> bool:
    # An address's colon, a list's comma or a "?" for nothing known are no words.
    return any(c.isalpha() for c in text)


def _words_in(node: ast.AST) -> str | None:
    """What in ``node`` is a sentence (its kind), or None. The system's own
    words (``str(exc)`` of an OSError, a parser's complaint) are facts: they
    come from outside the project and have no code to be said by."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str) and _wordy(inner.value):
            return f"the literal {inner.value!r}"
        if isinstance(inner, ast.JoinedStr) and any(
            isinstance(part, ast.Constant) and isinstance(part.value, str) and _wordy(part.value)
            for part in inner.values
        ):
            return "an f-string of words"
        if isinstance(inner, ast.Call):
            called = _name(inner.func)
            if called in WORDS:
                return f"words through {called}()"
            if called == "format":
                return "a .format()"
    return None


def _catalog_words(node: ast.AST) -> str | None:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and _name(inner.func) in WORDS:
            return f"words through {_name(inner.func)}()"
    return None


def test_the_problem_classes_are_found() -> None:
    # The test below reads these: a renamed base must not empty the list unnoticed.
    assert {
        "AddressError",
        "CodeError",
        "HostError",
        "HostingError",
        "JoinError",
        "MailboxError",
        "MeetError",
        "NetRunError",
        "RelayError",
    } <= problem_classes()


def test_every_problem_is_made_of_a_code_and_facts() -> None:
    classes = problem_classes()
    wrong: list[str] = []
    made = 0
    for path, tree in _trees(PACKAGE):
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _name(node.func) in classes):
                continue
            if isinstance(node.func, ast.Attribute) and _name(node.func.value) == "super":
                continue
            made += 1
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            first = node.args[0] if node.args else None
            # A code named, or one held in a variable (a problem made again).
            if not (isinstance(first, ast.Attribute) and _name(first.value).endswith("Says")) and not (
                isinstance(first, ast.Name)
            ):
                wrong.append(f"{where}: {_name(node.func)}() does not begin with a ...Says code")
            for argument in [*node.args[1:], *(keyword.value for keyword in node.keywords)]:
                said = _words_in(argument)
                if said is not None:
                    wrong.append(f"{where}: {_name(node.func)}() is given {said}")
    assert made > 100, made  # the problems of net/ (and the few a front makes) are all read
    assert not wrong, "\n".join(wrong)


def test_no_raise_in_net_carries_words() -> None:
    wrong: list[str] = []
    for path, tree in _trees(NET):
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                said = _catalog_words(node.exc)
                if said is not None:
                    wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: raised with {said}")
    assert not wrong, "\n".join(wrong)


def test_a_sentence_in_a_problem_is_caught() -> None:
    # The reading itself: each way a sentence was given before is found.
    for source in (
        'JoinError(_("the host left"), Ending.LEFT)',
        'HostError(f"cannot listen on {address}")',
        'RelayError(RelaySays.DROPPED, RelayProblem.DROPPED, relay=_("the relay"))',
        'HostingError(HostingSays.IN_FILE, file=path, problem=f"bad file {path}")',
        'MailboxError(MailboxSays.CLOSED, MailboxProblem.DROPPED, url="{url}".format(url=url))',
    ):
        call = ast.parse(source, mode="eval").body
        assert isinstance(call, ast.Call)
        first = call.args[0]
        begins = isinstance(first, ast.Attribute) and _name(first.value).endswith("Says")
        assert not begins or any(
            _words_in(argument) for argument in [*call.args[1:], *(k.value for k in call.keywords)]
        ), source
    raised = ast.parse('raise ValueError(_("no host address given"))').body[0]
    assert _catalog_words(raised) == "words through _()"
