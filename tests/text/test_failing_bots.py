"""A bot that fails, as ``indigo text`` says it: one notice naming the seat
and the reason, the stand-in's move said as any other, and the game going on."""

from __future__ import annotations

import io
from pathlib import Path

from support.failing_bots import IllegalBot, RaisingBot

from indigo_tui.bots.stand_in import make_stand_in
from indigo_tui.engine import Game, Setup
from indigo_tui.saves import seats_from_kinds
from indigo_tui.table.session import NewGame, Session
from indigo_tui.table.turns import PersonTurn
from indigo_tui.text.console import Console
from indigo_tui.text.fronts import TextFront
from indigo_tui.text.local import LineTable


def session_against(bot: object, tmp_path: Path, seed: int = 3) -> Session:
    """Ann against Robo, whose bot is ``bot``."""
    kinds, names = ["human", "bot:greedy"], ["Ann", "Robo"]
    session = Session.start(NewGame(Setup(2), seats_from_kinds(kinds, names), seed=seed), tmp_path)
    session.bots[1] = bot  # type: ignore[assignment]
    return session


def said_to(session: Session, lines: list[str]) -> str:
    out = io.StringIO()
    console = Console(io.StringIO("".join(line + "\n" for line in lines)), out)
    assert LineTable(session, TextFront(console)).run() == 0
    return out.getvalue()


def test_a_bot_that_raises_is_said_and_its_stand_in_moves(tmp_path: Path) -> None:
    session = session_against(RaisingBot(), tmp_path)
    view = session.game.view(0)
    first = view.legal_moves[0]
    # What Robo's stand-in will play once Ann has placed, worked out beforehand
    # on a copy of the game: the greedy bot seeded from the seed and the seat.
    copy = Game.from_log(session.game.log)
    copy.push(first)
    expected = make_stand_in(3, 1).choose(copy.view(1))
    said = said_to(session, [str(first), "yes", "moves"])
    notice = "Robo could not move (the bot's own bug); Greedy bot played this move instead."
    assert said.count(notice) == 1
    # The game went on: the stand-in's placement is Robo's move 2, and Ann is to move.
    game = session.game
    assert game.board.placements == 2 and game.moves[1] == (1, expected)
    assert "2. Robo placed" in said and "Move 3: your turn." in said
    # Said before the placement it explains.
    assert said.index(notice) < said.index("Robo placed")


def test_a_bot_whose_move_the_rules_refuse_is_said_and_the_game_goes_on(tmp_path: Path) -> None:
    session = session_against(IllegalBot(), tmp_path)
    first = session.game.view(0).legal_moves[0]
    said = said_to(session, [str(first), "yes"])
    assert said.count("Robo chose a move the rules refuse (") == 1
    assert "Greedy bot played this move instead." in said
    assert session.game.board.placements == 2
    assert isinstance(
        LineTable(session, TextFront(Console(io.StringIO(), io.StringIO()))).driver.step(), PersonTurn
    )
