"""Every code of net/'s problems has its words (``problem_text``) in every
language the game speaks, made when they are shown: the catalogs'
translations, not English that fell through."""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path
from typing import get_args

import pytest

import indigo_tui
from indigo_tui.bots.stand_in import BotFailure, Failing
from indigo_tui.engine import SetupError
from indigo_tui.engine.setup import SetupFault
from indigo_tui.i18n import LANGUAGES, english, in_language
from indigo_tui.net.common import JoinError
from indigo_tui.net.deal import Deal, DealCode
from indigo_tui.net.mailbox import MailboxError, MailboxProblem
from indigo_tui.net.problems import (
    AddressSays,
    Code,
    CodeSays,
    Fact,
    HostingSays,
    HostSays,
    JoinSays,
    MailboxSays,
    MeetSays,
    NetProblem,
    ReachSays,
    RelaySays,
    RunSays,
    problem_text,
)
from indigo_tui.net.protocol import Breach, Bye, Error, Fault
from indigo_tui.net.reasons import Ending, Farewell, Gone, Loss, error_message, loss_text
from indigo_tui.net.relay import RelayError, RelayProblem

CODES: list[Code] = [
    *AddressSays,
    *CodeSays,
    *HostingSays,
    *HostSays,
    *JoinSays,
    *MailboxSays,
    *MeetSays,
    *ReachSays,
    *RelaySays,
    *RunSays,
]
OTHERS = [language for language in LANGUAGES if language != "en"]

#: A wrapped problem, translated in every language (so a code that only says
#: its cause is said in the reader's language too).
CAUSE = MailboxError(MailboxSays.CROWDED, MailboxProblem.CROWDED)

#: What any code's words may need, each fact of the kind its code gives it
#: (a code reads only its own: docs in net/problems.py).
FACTS: dict[str, Fact] = {
    "url": "ws://mailbox.example:4000/v1",
    "problem": Fault(Breach.SEAL_BROKEN.value, (3,)),
    "seconds": 1.5,
    "reason": OSError(30, "Read-only file system"),
    "code": "4821-K7WQ2M",
    "example": "4821-K7WQ2M",
    "relay": "relay.example:4001",
    "allowed": "relay.example:4001",
    "address": "'10.0.0.7:22'",
    "flag": "--relay",
    "name": "INDIGO_RELAY",
    "cause": CAUSE,
    "error": error_message(Ending.FULL),
    "bye": Bye("the host quit", Farewell.HOST_QUIT.value),
    "fault": Fault(Breach.EMPTY_FRAME.value),
    "loss": Loss(Gone.CLOSED, peer="10.0.0.7:4000"),
    "failure": BotFailure(1, "greedy", Failing.RAISED, "ZeroDivisionError"),
    "seat": 1,
    "last": JoinError(JoinSays.NO_REPLY, Ending.LOST, None, seconds=2.0),
    "seats": 2,
    "players": 3,
    "count": 2,
    "folder": "~/saves/net",
    "setup": SetupError(SetupFault.PLAYERS, 7),
    "most": 16,
    "file": "game.json",
    "kind": "'robot'",
    "waited": Farewell.NOT_ALL_JOINED.value,
    "path": "game.json",
    "number": 2,
    "deal": Deal(DealCode.COMMITMENT.value),
}


def _problem(code: Code) -> NetProblem:
    facts = dict(FACTS)
    if code is HostingSays.TURN_TIME:
        facts["seconds"] = 2.0  # below the least turn time: a problem
    return NetProblem(code, **facts)


def test_every_family_is_read() -> None:
    # Every family of codes the problems are typed with is in CODES.
    families: tuple[type[StrEnum], ...] = get_args(Code)
    assert {type(code) for code in CODES} == set(families)
    assert len(CODES) == sum(len(family) for family in families)


@pytest.mark.parametrize("code", CODES, ids=str)
def test_each_code_has_english_words_from_its_facts(code: Code) -> None:
    said = english(problem_text, _problem(code))
    assert said and "{" not in said and "}" not in said, said


@pytest.mark.parametrize("language", OTHERS)
def test_each_code_is_said_in_the_readers_language(language: str) -> None:
    untranslated = []
    for code in CODES:
        problem = _problem(code)
        with in_language(language):
            said = problem_text(problem)
        if said == english(problem_text, problem):
            untranslated.append(code)
    assert not untranslated, f"{language}: said in English: {untranslated}"


def test_the_words_are_made_when_shown() -> None:
    # Made in one language, shown in another: the language it is shown in.
    with in_language("de"):
        problem = JoinError(JoinSays.HOST_LEFT, Ending.LEFT, None, bye=Bye("bye", Farewell.GAME_OVER.value))
    assert str(problem) == "the host left: the game is over"
    with in_language("fr"):
        assert str(problem) == problem_text(problem) != "the host left: the game is over"


def test_a_peers_words_and_a_wrapped_problem_are_said_as_they_are() -> None:
    # A goodbye whose code this version does not know: the peer's words, not ours.
    left = JoinError(JoinSays.HOST_LEFT, Ending.LEFT, None, bye=Bye("went to the [b]pub[/b]", "pub"))
    assert problem_text(left) == "the host left: went to the [b]pub[/b]"
    gave_up = JoinError(JoinSays.HOST_ENDED, Ending.ERROR, None, error=Error("out of cheese", "cheese"))
    assert problem_text(gave_up) == "the host ended the session: out of cheese"
    run = NetProblem(RunSays.SAVED, problem=NetProblem(RunSays.INTERRUPTED), path="g.json")
    assert problem_text(run) == "interrupted; the game is saved in g.json"
    relay = NetProblem(RelaySays.NO_ANSWER, relay="relay.example:4001", seconds=2.5)
    with in_language("de"):
        assert "2,5" in problem_text(relay)  # seconds in the reader's decimals


def test_a_connection_lost_to_a_problem_says_it_when_shown() -> None:
    # The relay's problem is carried by the Loss, not its words of the moment.
    cause = RelayError(RelaySays.CLOSED, RelayProblem.DROPPED, relay="relay.example:4001")
    lost = Loss(Gone.SAID, cause=cause)
    with in_language("de"):
        german = loss_text(lost)
    assert loss_text(lost) == "the relay at relay.example:4001 closed the connection before pairing it"
    assert german == problem_text_in("de", cause) != loss_text(lost)


def problem_text_in(language: str, problem: NetProblem) -> str:
    with in_language(language):
        return problem_text(problem)


def _made_in_the_package() -> list[tuple[str, Code, list[str]]]:
    """Each place the package makes a problem with a code it names: where, the
    code, and the facts it gives (read with ``ast``, as tests/project does)."""
    by_name = {f"{type(code).__name__}.{code.name}": code for code in CODES}
    package = Path(indigo_tui.__file__).resolve().parent
    made = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Attribute)):
                continue
            first = node.args[0]
            if not isinstance(first.value, ast.Name):
                continue
            code = by_name.get(f"{first.value.id}.{first.attr}")
            if code is None or any(keyword.arg is None for keyword in node.keywords):
                continue
            names = [keyword.arg for keyword in node.keywords if keyword.arg is not None]
            made.append((f"{path.relative_to(package.parent)}:{node.lineno}", code, names))
    return made


def test_every_problem_the_package_makes_has_the_facts_its_words_need() -> None:
    made = _made_in_the_package()
    assert len(made) > 100, len(made)
    wrong = []
    for where, code, names in made:
        problem = NetProblem(code, **{name: FACTS[name] for name in names})
        try:
            said = english(problem_text, problem)
        except (KeyError, AssertionError) as exc:
            wrong.append(f"{where}: {code!r} lacks {exc!r}")
            continue
        if "{" in said:
            wrong.append(f"{where}: {code!r} says {said!r}")
    assert not wrong, "\n".join(wrong)
