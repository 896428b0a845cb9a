"""Undo at one terminal (table/session.py): which moves an undo takes back,
and whose yes it needs first; the fronts' questions are tested through them
(tests/ui/test_undo_asks.py, tests/text/test_table.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from indigo_tui.engine import Setup
from indigo_tui.saves import seats_from_kinds
from indigo_tui.table.base import TableRefusal
from indigo_tui.table.session import NewGame, Session


def session(tmp_path: Path, kinds: list[str], names: list[str]) -> Session:
    return Session.start(NewGame(Setup(len(kinds)), seats_from_kinds(kinds, names), seed=3), tmp_path)


def play_on(table: Session, moves: int) -> None:
    """``moves`` moves of whoever is to move, each person's after they said "it's me"."""
    for _move in range(moves):
        if table.needs_handoff:
            table.hand_over()
        table.play(table.game.legal_moves[0])
    if table.needs_handoff:
        table.hand_over()


def test_one_person_with_a_bot_takes_back_the_bots_move_and_their_own_unasked(tmp_path: Path) -> None:
    table = session(tmp_path, ["human", "bot:greedy"], ["Ann", "Robo"])
    play_on(table, 2)
    assert [seat for seat, _move in table.undo_takes()] == [0, 1]
    assert table.undo_asks() is None
    assert table.undo() == 2
    assert table.game.board.placements == 0 and table.game.turn == 0
    assert table.undo_takes() == [] and table.undo_asks() is None


def test_the_next_person_must_ask_the_one_whose_move_it_is(tmp_path: Path) -> None:
    table = session(tmp_path, ["human", "human"], ["Ann", "Bob"])
    play_on(table, 1)
    assert table.viewer == 1  # Bob has the terminal
    (taken,) = table.undo_takes()
    assert taken == table.game.moves[0] and taken[0] == 0
    assert table.undo_asks() == 0
    # Without Ann's yes nothing changes, and the refusal says whose it is.
    with pytest.raises(TableRefusal, match="Ann has not agreed"):
        table.undo()
    with pytest.raises(TableRefusal):
        table.undo(agreed=1)
    assert table.game.board.placements == 1 and table.viewer == 1
    assert table.undo(agreed=0) == 1
    # Ann's turn again, and nobody's hand shows until she says it is her.
    assert table.game.turn == 0 and table.viewer is None and table.needs_handoff


def test_bots_between_two_people_go_back_with_the_persons_move(tmp_path: Path) -> None:
    table = session(tmp_path, ["human", "bot:greedy", "human"], ["Ann", "Robo", "Cat"])
    play_on(table, 2)  # Ann, then the bot: Cat's turn
    assert [seat for seat, _move in table.undo_takes()] == [0, 1]
    assert table.undo_asks() == 0
    assert table.undo(agreed=0) == 2 and table.game.turn == 0


def test_while_nobodys_things_show_a_persons_move_asks_its_owner(tmp_path: Path) -> None:
    table = session(tmp_path, ["human", "human"], ["Ann", "Bob"])
    play_on(table, 2)
    table.hide_hands()
    # Nobody is known to be at the keyboard: even Bob's own move asks Bob.
    assert table.viewer is None and table.undo_asks() == 1
    table.hand_over()
    assert table.viewer == 0 and table.undo_asks() == 1


def test_redo_asks_nobody_and_the_next_person_gets_the_terminal(tmp_path: Path) -> None:
    table = session(tmp_path, ["human", "human"], ["Ann", "Bob"])
    play_on(table, 1)
    table.undo(agreed=0)
    table.hand_over()  # Ann
    assert table.redo() == 1
    assert table.game.board.placements == 1 and table.game.turn == 1
    assert table.viewer is None and table.needs_handoff
