"""Text mode never loses a game in silence: the first failed save is said
in full, with what to do; quit then asks in a line (a folder to save it in,
quit anyway, or Enter to go back); a folder that is also broken is said and
asked again; a game saved elsewhere goes on saving there. Every language."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.disk_faults import FAULTS, fail_saves_in

from indigo_tui.engine import Setup
from indigo_tui.i18n import LANGUAGES, _, use_language
from indigo_tui.i18n.words import os_problem
from indigo_tui.saves import load_save, seats_from_kinds
from indigo_tui.table.session import NewGame, Session
from indigo_tui.text.console import Console
from indigo_tui.text.fronts import TextFront
from indigo_tui.text.local import LineTable


def play(save_dir: Path, lines: list[str]) -> tuple[str, Session]:
    session = Session.start(
        NewGame(Setup(2), seats_from_kinds(["human", "bot:greedy"], ["Ann", ""]), seed=3), save_dir
    )
    out = io.StringIO()
    console = Console(io.StringIO("".join(line + "\n" for line in lines)), out)
    assert LineTable(session, TextFront(console)).run() == 0
    return " ".join(out.getvalue().split()), session


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code: str = request.param
    use_language(code)
    yield code
    use_language("en")


@pytest.mark.parametrize("fault", FAULTS, ids=["read-only", "full"])
def test_quit_asks_and_quit_anyway_says_what_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, fault: int
) -> None:
    broken = tmp_path / "saves"
    fail_saves_in(monkeypatch, broken, fault)
    reason = os_problem(OSError(fault, os.strerror(fault)))
    said, _session = play(broken, ["113/2@0,-3!", "quit", "", "quit", "quit"])
    # Said in full once, with what to do; then the question at each quit.
    told = _(
        "This game could not be saved: {reason}. Its moves are kept only until you leave. "
        "Free some space on that disk, or type elsewhere FOLDER to save it in another folder: "
        "it is then saved there after every move."
    ).format(reason=reason)
    assert said.count(told) == 1
    assert said.count(_("Back to the game.")) == 1  # Enter went back; the second quit asked again
    assert _("The game is lost: it could not be saved ({reason}).").format(reason=reason) in said
    assert not list(broken.glob("*.indigo"))


@pytest.mark.parametrize("fault", FAULTS, ids=["read-only", "full"])
def test_a_folder_typed_at_the_question_saves_the_game_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, fault: int
) -> None:
    broken, also, good = tmp_path / "saves", tmp_path / "also", tmp_path / "good"
    fail_saves_in(monkeypatch, broken, fault)
    fail_saves_in(monkeypatch, also, fault)
    said, session = play(broken, ["113/2@0,-3!", "quit", str(also), str(good)])
    reason = os_problem(OSError(fault, os.strerror(fault)))
    assert (
        _("Not saved in {folder}: {reason}. Try another folder.").format(folder=also, reason=reason) in said
    )
    (path,) = good.glob("*.indigo")
    assert load_save(path).match.game.log == session.game.log
    assert _("The game is saved in {path}.").format(path=path) in said


def test_elsewhere_mid_game_goes_on_saving_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken, good = tmp_path / "saves", tmp_path / "good"
    fail_saves_in(monkeypatch, broken, FAULTS[0])
    said, session = play(broken, ["113/2@0,-3!", f"elsewhere {good}", "hand"])
    (path,) = good.glob("*.indigo")
    assert "Saved in" in said and session.save_dir == good
    assert load_save(path).match.game.log == session.game.log
