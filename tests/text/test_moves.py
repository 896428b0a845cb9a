"""The notation as a person types it: the forms that mean one move, and the
one-line reasons for those that are meant as a move but cannot be one."""

from __future__ import annotations

import pytest

from indigo_tui.engine import Move
from indigo_tui.text.moves import MoveTextError, parse_cell, parse_typed_move

MOVE = Move.parse("122/3@2,-1")
HAND = [3]  # one 122 in hand


@pytest.mark.parametrize(
    "typed",
    [
        "122/3@2,-1",
        "  122/3 @ 2, -1 ",
        "122 3 2 -1",
        "122 r3 (2,-1)",
        "122 R3 [2,-1]",
        "122 turned 3 at 2,-1",
        "212/3@2,-1",
        "221/3@(2,-1)",
        "3@2,-1",
        "/3 2,-1",
        "r3 2,-1",
        "turned 3 at 2,-1",
    ],
)
def test_every_form_means_the_same_move(typed: str) -> None:
    found = parse_typed_move(typed, HAND)
    assert found is not None and found.move == MOVE and not found.at_once


def test_a_bang_places_at_once() -> None:
    found = parse_typed_move("122/3@2,-1!", HAND)
    assert found is not None and found.at_once and found.move == MOVE


def test_a_symmetric_tile_is_the_same_move_at_any_equal_turn() -> None:
    assert parse_typed_move("333/4@2,-1", [1]) == parse_typed_move("333/1@2,-1", [1])


@pytest.mark.parametrize("typed", ["hand", "cell 2,-1", "gem amber 2", "help", "", "3"])
def test_what_is_not_a_move_is_left_to_the_commands(typed: str) -> None:
    assert parse_typed_move(typed, HAND) is None


@pytest.mark.parametrize(
    ("typed", "hand", "reason"),
    [
        ("122/6@2,-1", HAND, "0 to 5 steps clockwise, not 6"),
        ("999/1@2,-1", HAND, "999 is not a tile"),
        ("122/1@5,5", HAND, "(5,5) is not a cell of the board"),
        ("3@2,-1", [3, 1], "say which tile: you hold 333, 122"),
        ("122 2,-1", HAND, "say how far the tile is turned"),
        ("2,-1", HAND, "say how far the tile is turned"),
        ("1 2 3 4 5", HAND, "a move is a tile, its turns and a cell"),
    ],
)
def test_a_move_that_cannot_be_says_why(typed: str, hand: list[int], reason: str) -> None:
    with pytest.raises(MoveTextError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        parse_typed_move(typed, hand)


def test_cells() -> None:
    assert parse_cell("(2,-1)") == parse_cell("2 -1") == MOVE.cell
    for bad in ("two,one", "1", "1,2,3", "9,9"):
        with pytest.raises(MoveTextError):
            parse_cell(bad)
