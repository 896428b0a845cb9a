"""An engine program's seat at the local table: a game put away stops the
programs it started (tests/bots has the seat itself, and the helpers)."""

from __future__ import annotations

from pathlib import Path

from bots.test_engine_seat import forking_program, kill_all, left_behind, wait_until

from indigo_tui.bots.engine_seat import EngineSeat
from indigo_tui.engine import Setup
from indigo_tui.saves import SeatInfo
from indigo_tui.table.session import NewGame, Session


def test_a_game_put_away_at_the_table_stops_its_programs(tmp_path: Path) -> None:
    # The full-screen table puts a game away (a new game, the title screen)
    # without ending the process: its programs go then, not at exit.
    seats = [SeatInfo("Prog", f"engine:{forking_program(tmp_path)}"), SeatInfo("Ann", "human")]
    session = Session.start(NewGame(Setup(2), seats, seed=1), tmp_path / "saves")
    engine = session.bots[0]
    assert isinstance(engine, EngineSeat)
    session.game.push(engine.choose(session.game.view(0)))
    left = left_behind(tmp_path)
    assert len(left()) == 3
    session.close()
    try:
        wait_until(lambda: not left())
    finally:
        kill_all(left())
