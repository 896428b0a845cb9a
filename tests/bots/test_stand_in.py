"""The one policy for a bot that fails: its stand-in plays that move, and the failure is said."""

from __future__ import annotations

from support.failing_bots import IllegalBot, RaisingBot

from indigo_tui.bots import make_bot
from indigo_tui.bots.stand_in import Failing, ask_bot, make_stand_in
from indigo_tui.engine import Game, Move, SeatView, Setup
from indigo_tui.i18n import in_language


def first_view(seed: int = 4) -> SeatView:
    return Game.new(Setup(2), seed).view(0)


def test_a_bot_that_moves_is_asked_and_nothing_is_said() -> None:
    view = first_view()
    answer = ask_bot(make_bot("greedy", 1), view, make_stand_in(4, 0))
    assert answer.failure is None and answer.move in view.legal_moves


def test_a_bot_that_raises_gets_the_stand_ins_move_and_a_notice_naming_the_seat() -> None:
    view = first_view()
    answer = ask_bot(RaisingBot(), view, make_stand_in(4, 0))
    # The stand-in is the greedy bot seeded from the game's seed and the seat.
    assert answer.move == make_stand_in(4, 0).choose(view)
    assert answer.failure is not None and answer.failure.failing is Failing.RAISED
    with in_language("en"):
        text = answer.failure.text("Robo")
    assert text == "Robo could not move (the bot's own bug); Greedy bot played this move instead."


def test_a_bot_whose_move_the_rules_refuse_gets_the_stand_ins_move() -> None:
    view = first_view()
    answer = ask_bot(IllegalBot(), view, make_stand_in(4, 0))
    assert answer.move in view.legal_moves
    assert answer.failure is not None and answer.failure.failing is Failing.ILLEGAL
    with in_language("en"):
        text = answer.failure.text("Robo")
    assert text.startswith("Robo chose a move the rules refuse (") and "Greedy bot played" in text


def test_an_error_without_words_is_named_by_its_kind_and_printable_only() -> None:
    class Silent:
        name = "silent"

        def choose(self, view: SeatView) -> Move:
            raise KeyError("\x1b[31mred\x1b[0m")

    answer = ask_bot(Silent(), first_view(), make_stand_in(None, 0))
    assert answer.failure is not None and "\x1b" not in answer.failure.detail

    class Wordless:
        name = "wordless"

        def choose(self, view: SeatView) -> Move:
            raise ValueError

    answer = ask_bot(Wordless(), first_view(), make_stand_in(None, 0))
    assert answer.failure is not None and answer.failure.detail == "ValueError"


def test_when_the_stand_in_fails_too_there_is_no_move_and_it_is_said() -> None:
    answer = ask_bot(RaisingBot(), first_view(), RaisingBot())
    assert answer.move is None and answer.failure is not None and not answer.failure.stood_in
    with in_language("en"):
        assert "undo, or leave the game" in answer.failure.text("Robo")


def test_the_stand_in_is_repeatable_with_the_seed() -> None:
    game = Game.new(Setup(3), 9)
    moves = [make_stand_in(9, 2).choose(game.view(0)) for _ in range(3)]
    assert len(set(moves)) == 1
