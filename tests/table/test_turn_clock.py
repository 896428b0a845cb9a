"""The turn clock of a table at this terminal (indigo play --turn-time): the
network host's policy, a person out of time has the stand-in's move played
for them, driven by the one turn driver; and what indigo text says of it."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

from indigo_tui.bots.stand_in import make_stand_in
from indigo_tui.cli import main
from indigo_tui.engine import Setup
from indigo_tui.saves import load_save, seats_from_kinds
from indigo_tui.table.session import NewGame, Session
from indigo_tui.table.turns import BotTurn, HandOff, PersonTurn, TurnDriver
from indigo_tui.text.console import Console
from indigo_tui.text.fronts import TextFront
from indigo_tui.text.local import LineTable


def session(tmp_path: Path, kinds: list[str], turn_time: float = 30.0) -> Session:
    new = NewGame(Setup(len(kinds)), seats_from_kinds(kinds, ["Ann", "Bob"]), seed=7, turn_time=turn_time)
    return Session.start(new, tmp_path)


def test_time_up_plays_the_stand_ins_move_and_says_so(tmp_path: Path) -> None:
    table = session(tmp_path, ["human", "bot:greedy"])
    driver = TurnDriver(table)
    assert isinstance(driver.step(), PersonTurn)
    turn = driver.clock(now=100.0)
    assert turn is not None and (turn.seat, turn.deadline) == (0, 130.0)
    assert driver.clock(now=120.0) is turn  # the same turn keeps its deadline
    assert driver.time_left(now=120.0) == (0, 10.0)
    expected = make_stand_in(7, 0).choose(table.game.view(0))
    moved = driver.time_up(turn)
    assert moved is not None and moved.played is not None
    assert moved.played.move == expected and moved.played.seat == 0
    assert moved.notices == ("Your time ran out; a bot played this move for you.",)
    assert driver.time_up(turn) is None  # once only
    assert isinstance(driver.step(), BotTurn) and driver.clock() is None  # a bot has no clock
    driver.play_bot_turn()
    fresh = driver.clock(now=500.0)
    assert fresh is not None and fresh.deadline == 530.0  # the whole time again


def test_a_move_or_an_undo_ends_the_turn_on_the_clock(tmp_path: Path) -> None:
    table = session(tmp_path, ["human", "bot:greedy"])
    driver = TurnDriver(table)
    turn = driver.clock(now=0.0)
    assert turn is not None
    driver.play(table.game.legal_moves[0])
    driver.play_bot_turn()
    assert driver.time_up(turn) is None  # that turn was played in time
    later = driver.clock(now=10.0)
    assert later is not None
    driver.undo()
    assert driver.time_up(later) is None and table.game.board.placements == 0


def test_at_a_shared_terminal_the_clock_starts_once_the_person_has_the_keyboard(tmp_path: Path) -> None:
    table = session(tmp_path, ["human", "human"])
    driver = TurnDriver(table)
    assert isinstance(driver.step(), HandOff) and driver.clock() is None
    driver.hand_over()
    turn = driver.clock(now=0.0)
    assert turn is not None and turn.seat == 0
    moved = driver.time_up(turn)
    assert moved is not None and moved.played is not None
    assert moved.notices == ("Ann ran out of time; a bot plays this move for them.",)
    # Ann's hand is off the screen for Bob, whose turn is handed over first.
    assert table.viewer is None and isinstance(driver.step(), HandOff)


def test_no_clock_by_default_and_the_clock_is_kept_in_the_save(tmp_path: Path) -> None:
    assert TurnDriver(session(tmp_path, ["human", "bot:greedy"], 0.0)).clock() is None
    table = session(tmp_path / "timed", ["human", "bot:greedy"], 45.0)
    table.play(table.game.legal_moves[0])
    assert table.save_path is not None
    table.close()
    again = Session.resume(load_save(table.save_path), tmp_path / "timed")
    assert again.turn_time == 45.0
    again.meta["turn_time"] = "lots"  # an odd file: no clock, not a crash
    assert again.turn_time == 0.0
    again.meta["turn_time"] = "2"  # below what a turn may have
    assert again.turn_time == 0.0


@pytest.mark.parametrize("seconds", ["3", "nan", "inf", "-5", "4000"])
def test_a_turn_time_out_of_range_is_refused_in_one_line(
    seconds: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--lang", "en", "text", "--save-dir", str(tmp_path), f"--turn-time={seconds}"])
    assert code == 2
    assert "--turn-time: a turn time is 0 (no clock) or 5 to 3600 seconds" in capsys.readouterr().err


class LateInput(io.StringIO):
    """Lines that come ``late`` seconds after they are asked for (a fake clock)."""

    def __init__(self, lines: list[str], clock: list[float], late: float) -> None:
        super().__init__("".join(line + "\n" for line in lines))
        self.clock, self.late = clock, late

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        self.clock[0] += self.late
        return super().readline(-1 if size is None else size)


def test_text_mode_says_the_clock_and_plays_the_stand_in_for_a_late_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    table = session(tmp_path, ["human", "bot:greedy"])
    out = io.StringIO()
    console = Console(LateInput(["122/3@2,-1", "quit", "yes"], clock, late=40.0), out)
    assert LineTable(table, TextFront(console)).run() == 0
    said = out.getvalue()
    assert "You have 30 s for this move." in said
    # The late move is not played: the stand-in's is, then the bot's; a late quit still quits.
    late = said.split("Your time ran out; a bot played this move for you.\n")
    assert len(late) == 3, said
    assert late[1].startswith("Ann placed") and "Bob placed" in late[1]
    assert table.game.board.placements == 3  # the late quit left before the bot moved again
