"""No words for people outside the catalogs, in any layer: an AST scan of
every module of the package but ``i18n/`` (where the words are said) for
string literals a person would read that do not go through ``_()``,
``ngettext()``, ``pgettext()``, ``N_()`` or ``N_plural()``. The engine, the
bots, the saves and the network carry codes and numbers (docs/i18n.md); the
screens, the commands and the text mode say them.

What must stay as it is (CSS ids and classes, key names, codes, file
suffixes, format strings without words, the line scripts read) is either
recognised by its shape and place (below) or listed in :data:`ALLOWED` with
its reason. A programming error is for developers and stays English: an
``assert``'s message, a ``__repr__``, and the exceptions of
:data:`DEVELOPER_ERRORS` (a caller's mistake, never shown to people); a
``ValueError`` may reach a screen (``except ValueError as exc``), so each one
raised with words is listed in :data:`ALLOWED` with why no person meets it.
A new literal that people read: wrap it (docs/i18n.md); one that must not be
translated: add it to :data:`ALLOWED` and say why.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "indigo_tui"
#: Every module but those of ``i18n/``, which say the codes in words.
SCANNED = sorted(path for path in PACKAGE.rglob("*.py") if "i18n" not in path.relative_to(PACKAGE).parts)

#: The calls that put words in the catalogs.
MARKERS = {"_", "ngettext", "pgettext", "N_", "N_plural"}

#: Calls whose string arguments are names, keys, codes or paths, never words:
#: attribute access, CSS queries and classes, environment, string handling,
#: argparse's option names and set_defaults, Rich styles, logging of codes.
CODE_CALLS = {
    "getattr",
    "setattr",
    "hasattr",
    "delattr",
    "query",
    "query_one",
    "query_exactly_one",
    "add_class",
    "remove_class",
    "toggle_class",
    "set_class",
    "has_class",
    "set_classes",
    "get",
    "getenv",
    "setdefault",
    "pop",
    "startswith",
    "endswith",
    "removeprefix",
    "removesuffix",
    "split",
    "rsplit",
    "partition",
    "rpartition",
    "strip",
    "lstrip",
    "rstrip",
    "replace",
    "join",
    "encode",
    "decode",
    "compile",
    "match",
    "fullmatch",
    "search",
    "sub",
    "import_module",
    "Path",
    "with_suffix",
    "glob",
    "rglob",
    "add_parser",
    "set_defaults",
    "Style",
    "parse",
    "run_action",
    "action",
    "bind",
    "post_message",
    "isinstance",
    "cast",
    "TypeVar",
    "NewType",
    "mkstemp",
    "mkdtemp",
    "open",
    "fsync",
    "strftime",
    "strptime",
    "fromisoformat",
    "Binding",  # its description is checked apart: see test_binding_descriptions_are_marked
}

#: Exceptions that say a programming error (a caller broke a precondition,
#: the rules' invariants broke, a pipe of our own closed): for developers,
#: never shown to a person. What a person may meet is raised as a code
#: (``IllegalMove``, ``LogError``, ``ProtocolError``, ...) or in words.
DEVELOPER_ERRORS = {
    "AssertionError",
    "TypeError",
    "IndexError",
    "KeyError",
    "RuntimeError",
    "NotImplementedError",
    "EOFError",
    "RulesViolation",
}

#: Keyword arguments whose values are names and codes.
CODE_KEYWORDS = {
    "id",
    "classes",
    "variant",
    "action",
    "dest",
    "key",
    "key_display",
    "style",
    "name",
    "group",
    "choices",
    "default",
    "type",
    "prefix",
    "suffix",
    "encoding",
    "errors",
    "mode",
    "sep",
    "end",
    "kind",
    "tooltip_key",
    "markup",
    "highlight",
    "justify",
    "overflow",
    "layout",
    "align",
    "format",
    "theme",
    "select_on_focus",
    "validate_on",
    "type_",
    "restrict",
    "password",
    "placeholder_key",
    "language",
    "glyphs",
    "board_glyphs",
    "samesite",
    # words sent to peers in English beside a code (see net/reasons.py)
    "english",
}

#: Class attributes that are CSS, key bindings data or other code.
CODE_ATTRIBUTES = {"DEFAULT_CSS", "CSS", "CSS_PATH", "COMPONENT_CLASSES", "SCOPED_CSS", "__all__"}

#: Literals people read that must stay as they are, each with its reason.
ALLOWED: dict[str, str] = {
    "listening on {host}:{bound} code {session.code}": "indigo host --headless's first line, read by scripts",
    "listening at relay {relay} code {session.code}": (
        "indigo host --headless --internet's first line, read by scripts"
    ),
    "Indigo": "the game's name, the same on every rulebook's cover",
    "indigo-tui {__version__}": "indigo --version: the program's name and version",
    "Indigo review": "the review app's title, which no screen shows",
    "indigo_tui/ui/rules/en.md is missing from the package": "a broken installation, for developers",
    "a network move goes to the host and is answered later (send_move)": (
        "a programming error: the screens never ask a network table to play at once"
    ),
    # ValueErrors of a caller's mistake (every caller checks first), for developers:
    "no move to choose": "a bot asked to move with no move left (every caller checks the turn first)",
    "no move to choose: it is not this seat's turn": "the same, for the search bot",
    "no move to choose: the game is over": "the same, for the random bot",
    "no seat {seat} in a {self.setup.players}-player game": "Game.view of a seat the game has not",
    "a deck must hold exactly the 54 path tiles": (
        "a Game built from a deck that is not one (saves and peers check theirs first, in words)"
    ),
    "a match has at least one round": "Match(rounds=0): the setup form and the command line check first",
    "the round is not over, or the match is": (
        "Match.next_round out of turn: callers check can_start_next_round (the host says it in words)"
    ),
    "the view is not the mover's": "Reviewer.rate of a view that is not the mover's (review builds them)",
    "the public state has no seat to view": "SeatState.view of the host's public state",
    "no seat {seat + 1} in a {state.setup.players}-player game": "GuestGame.view of a seat the game has not",
    # Text for programs, never for people:
    "{len(line)} characters": "the detail of a program's too long line (ReplyError, for developers)",
    "indigo join {code}": "a command line to type, the same in every language",
    " --relay {relay}": "a command line's option to type, the same in every language",
    " --mailbox {relay.mailbox}": "a command line's option to type, the same in every language",
    "[Errno {errno.ECONNREFUSED}]": "matched against the operating system's error text",
    "frame-ancestors 'none'": "an HTTP header's value",
    (
        "<!DOCTYPE html><html lang='{current_language()}'><head><meta charset='utf-8'>"
        "<title>{html.escape(title)}</title><style>body{background:#0c181f;color:#e8eef2;"
        "font-family:sans-serif;display:flex;align-items:center;justify-content:center;height:90vh}"
        "div{max-width:36em;line-height:1.5}</style></head><body><div><h1>{html.escape(title)}</h1>"
        "<p>{html.escape(text)}</p></div></body></html>"
    ): "HTML around words said through _()",
    # Lines of indigo serve's diagnostic log (Python logging, beside aiohttp's own
    # English lines; web/server.py's _say), for whoever runs the server:
    "not a message of textual-serve's": "why a browser's message was refused, for the server's log",
    "a message of kind {kinds[:20]} or shape it does not have": "the same",
    " ({self._refusals_unsaid} more since the last line)": "the same",
    "a browser sent {refused}: its game was closed": "the same",
    "a browser started games too fast: a game was refused": "the same",
    "games were started too fast on this server: a game was refused": "the same",
    "a new browser was refused a game: the most visitors' folders are kept": "the same",
    # A programmer's mistake: every token bucket is made from the budgets' constants.
    "a token bucket needs a positive rate and burst, not {rate} and {burst}": "bucket.py, for developers",
}

#: Literals that are code by their shape: CSS selectors and rules.
CSS = [
    re.compile(r"^[#.][\w-]+(\s*[#.>,]\s*[#.]?[\w-]+)*$"),  # ids and classes
    re.compile(r"[{;]\s*\n|^[\w#.\s,>-]*\{[^{}]*:[^{}]*;[^{}]*\}"),  # rules
]


def literal_text(node: ast.AST) -> str | None:
    """The words of a string literal or of an f-string's fixed parts
    (placeholders as ``{...}``); None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
            elif isinstance(value, ast.FormattedValue):
                parts.append("{" + ast.unparse(value.value) + "}")
        return "".join(parts)
    return None


def call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


#: The words of a Rich style ("bold dark_orange", "italic on grey11").
STYLE_WORDS = {"bold", "italic", "dim", "underline", "reverse", "strike", "blink", "not", "on", "none"}
STYLE_WORDS |= {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "grey", "gray"}


def is_style(text: str) -> bool:
    tokens = text.split()
    return bool(tokens) and all(
        token in STYLE_WORDS or "_" in token or token.startswith("#") or token[-1].isdigit()
        for token in tokens
    )


def is_words(text: str) -> bool:
    """Whether ``text`` holds words for people: a word of two letters or more
    beside a space (a placeholder counts as a word), or one capitalised word
    ("Quit"). One token without spaces is a code ("bot:greedy", "quadrant",
    "ctrl+s", "http://{host}:{port}"); so are CSS and Rich styles."""
    if any(css.search(text) for css in CSS) or is_style(text):
        return False
    if re.fullmatch(r"(`[^`]+`[\s,/]*)+", text.strip()):
        return False  # key names, as the help lists them: `tab`, `1`, `2`
    fixed = re.sub(r"\{[^{}]*\}", "X", text).strip()
    if re.search(r"\s", fixed) and re.search(r"[A-Za-z]{2,}", re.sub(r"\bX\b", "", fixed)):
        return True
    return bool(re.fullmatch(r"[A-Z][a-z]{2,}[.!?…]?", fixed))


def unwrapped_words(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every literal of ``tree`` that holds words and reaches a person unmarked."""
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node

    def exempt(node: ast.AST) -> bool:
        child = node
        while child in parents:
            parent = parents[child]
            if isinstance(parent, ast.Call):
                name = call_name(parent)
                if name in MARKERS or name in CODE_CALLS or name in DEVELOPER_ERRORS:
                    return True
            if isinstance(parent, ast.Assert) and child is parent.msg:
                return True  # a broken invariant, for developers
                # ``print(x, file=sys.stderr)`` and friends: the keyword's value only.
            if isinstance(parent, ast.keyword) and parent.arg in CODE_KEYWORDS:
                return True
            if isinstance(parent, ast.Compare | ast.match_case | ast.Subscript):
                # a comparison with a code, a pattern, an index: never shown
                return True
            if isinstance(parent, ast.Dict) and child in parent.keys:
                return True
            if isinstance(parent, ast.Assign | ast.AnnAssign):
                targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
                if any(isinstance(t, ast.Name) and t.id in CODE_ATTRIBUTES for t in targets):
                    return True
            if isinstance(parent, ast.Expr) and isinstance(parent.value, ast.Constant):
                return True  # a docstring
            if isinstance(parent, ast.FunctionDef) and parent.name == "__repr__":
                return True  # for developers
            if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Module):
                return False
            if isinstance(parent, ast.JoinedStr) and child is not node:
                return False
            child = parent
        return False

    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and isinstance(parents.get(node), ast.JoinedStr):
            continue
        if isinstance(node, ast.Constant) and isinstance(parents.get(node), ast.JoinedStr):
            continue  # judged with its f-string
        text = literal_text(node)
        if text is None or text in ALLOWED or not is_words(text):
            continue
        if isinstance(node, ast.expr) and not exempt(node):
            yield node.lineno, text


def test_the_scanner_finds_words_and_passes_code() -> None:
    source = """
from textual.binding import Binding
BINDINGS = [Binding("ctrl+s", "save", N_("Save game"))]
class Screen:
    DEFAULT_CSS = "Screen { align: center middle; }"
    def compose(self):
        yield Button(_("New game"), id="new-game", variant="primary")
        yield Static("Choose a seat")
        yield Label(f"{name} scores {points}")
        yield Label(f"{name}: {points}")
        self.query_one("#board").add_class("busy")
        if kind == "bot:greedy":
            self.notify("Saved.")
        print(ngettext("{n} gem", "{n} gems", n).format(n=n))
        yield Button("Quit")
def fold(event, seat):
    assert seat >= 0, "seats count from 0"
    if seat > 4:
        raise TypeError(f"not an event: {event!r}")
    if event is None:
        raise ProtocolError(Breach.EMPTY_FRAME)
    if seat == 3:
        raise ValueError("no tile to place")
    raise ProtocolError(f"seat {seat} played out of turn")
class Game:
    def __repr__(self):
        return f"<Game move {self.moves}>"
"""
    found = sorted(text for _line, text in unwrapped_words(ast.parse(source)))
    assert found == sorted(
        [
            "Choose a seat",
            "{name} scores {points}",
            "Saved.",
            "Quit",
            "no tile to place",
            "seat {seat} played out of turn",
        ]
    )


def test_every_layer_is_scanned() -> None:
    layers = {path.relative_to(PACKAGE).parts[0] for path in SCANNED}
    assert {"engine", "bots", "saves", "net", "ui", "commands", "text", "web", "cli.py"} <= layers
    assert "i18n" not in layers


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_words_outside_the_catalogs(path: Path) -> None:
    found = list(unwrapped_words(ast.parse(path.read_text(encoding="utf-8"), str(path))))
    assert not found, "words for people not in the catalogs (docs/i18n.md):\n" + "\n".join(
        f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}" for line, text in found
    )


def test_binding_descriptions_are_marked() -> None:
    """A binding's description (its third argument, or ``description=``) is
    shown in the footer and the help: it must be marked with ``N_``."""
    unmarked = []
    for path in SCANNED:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and call_name(node) == "Binding"):
                continue
            described = node.args[2:3] + [k.value for k in node.keywords if k.arg == "description"]
            for value in described:
                text = literal_text(value)
                if text is not None and is_words(text):
                    unmarked.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {text!r}")
    assert not unmarked, "\n".join(unmarked)


def test_the_allow_list_names_only_what_is_there() -> None:
    present = {
        text
        for path in SCANNED
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if (text := literal_text(node)) is not None
    }
    assert set(ALLOWED) <= present, sorted(set(ALLOWED) - present)
