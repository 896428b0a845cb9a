"""The game's words from the engine's codes: every refusal and every fault
the engine reports has its words here, and the engine itself has none."""

from __future__ import annotations

import msgspec
import pytest

from indigo_tui.engine import (
    Game,
    LogError,
    LogFault,
    Match,
    Move,
    Refusal,
    Refused,
    Setup,
    SetupError,
    SetupFault,
    rounds_allowed,
)
from indigo_tui.engine.board import Board
from indigo_tui.engine.events import GEM_KINDS_ORDER, Event, TilePlaced
from indigo_tui.engine.geometry import EDGE_NAMES, TREASURE_CELLS
from indigo_tui.engine.notation import NotationError, RecordFault, from_json
from indigo_tui.engine.refusals import GAME_OVER
from indigo_tui.i18n import in_language
from indigo_tui.i18n.words import (
    edge_name,
    gem_count,
    gem_name,
    gems,
    log_error_text,
    notation_error_text,
    points,
    refusal_text,
    rounds_text,
    setup_error_text,
    tile_description,
)

from .support import catalog_for

#: A refusal of each code with its arguments, as the engine gives them, and its English words.
EXAMPLES = [
    (GAME_OVER, "the game is over"),
    (Refused(Refusal.NOT_YOUR_TURN, (1, 0)), "it is seat 2's turn, not seat 1's"),
    (Refused(Refusal.NOT_A_TILE, (7, 0)), "that is not a path tile"),
    (Refused(Refusal.NOT_IN_HAND, (2,)), "that tile is not in the hand of the seat to move"),
    (Refused(Refusal.NONE_LEFT, (6,)), "all 6 tiles of that kind are already on the board"),
    (Refused(Refusal.OFF_BOARD, (99,)), "that cell is not on the board"),
    (Refused(Refusal.TREASURE, (30,)), "that cell holds a treasure tile"),
    (Refused(Refusal.OCCUPIED, (12,)), "that cell already holds a tile"),
    (Refused(Refusal.GATE_CURVE, (1, 0, 2)), "a curve may not join both exits of a gate"),
]


def test_every_refusal_code_has_words() -> None:
    assert {refused.code for refused, _words in EXAMPLES} == set(Refusal)
    for refused, words in EXAMPLES:
        assert refusal_text(refused) == words


def test_the_engines_refusals_are_codes_said_here() -> None:
    board = Board(Setup(2))
    refusals = [board.refusal(cell, 0, 0) for cell in (99, next(iter(TREASURE_CELLS)))]
    game = Match(Setup(2), 1, 5).game
    move = Move(0, game.hands[0][0], 0)
    refusals.append(game.refusal(move, seat=1))
    said = [refusal_text(refused) for refused in refusals if refused is not None]
    assert said == [
        "that cell is not on the board",
        "that cell holds a treasure tile",
        "it is seat 1's turn, not seat 2's",
    ]
    # str() is for developers: the code and its arguments, no words.
    treasure = next(iter(TREASURE_CELLS))
    assert [str(refused) for refused in refusals] == [
        "off_board[99]",
        f"treasure[{treasure}]",
        "not_your_turn[0, 1]",
    ]


def test_refusals_follow_the_language() -> None:
    occupied = next(refused for refused, _words in EXAMPLES if refused.code is Refusal.OCCUPIED)
    with (
        catalog_for("nl", {"that cell already holds a tile": "op dat veld ligt al een tegel"}),
        in_language("nl"),
    ):
        assert refusal_text(occupied) == "op dat veld ligt al een tegel"
    assert refusal_text(occupied) == "that cell already holds a tile"


def test_gem_and_tile_words_in_english() -> None:
    assert [gem_name(kind) for kind in GEM_KINDS_ORDER] == ["amber", "emerald", "sapphire"]
    assert [gem_name(kind, 2) for kind in GEM_KINDS_ORDER] == ["ambers", "emeralds", "sapphires"]
    assert [gem_count("emerald", n) for n in (1, 2)] == ["1 emerald", "2 emeralds"]
    assert (gems(1), gems(0), points(1), points(3)) == ("1 gem", "0 gems", "1 point", "3 points")
    assert [tile_description(kind) for kind in range(5)] == [
        "three short curves",
        "three straights",
        "two short curves and a straight",
        "a short curve and two long curves",
        "a straight and two long curves",
    ]
    assert [edge_name(edge) for edge in range(6)] == list(EDGE_NAMES)
    with pytest.raises(ValueError):
        gem_name("ruby")


def _damaged_logs() -> list[list[Event]]:
    """Logs of a short game with one fault each, as a damaged save would hold them."""
    game = Match(Setup(2), 1, 3).game
    for _move in range(3):
        game.push(game.legal_moves[0])
    log = list(game.log)
    placed = [i for i, event in enumerate(log) if isinstance(event, TilePlaced)]
    second = log[placed[1]]
    assert isinstance(second, TilePlaced)
    out_of_turn = [*log[: placed[1]], msgspec.structs.replace(second, seat=0), *log[placed[1] + 1 :]]
    first = log[placed[0]]
    assert isinstance(first, TilePlaced)
    occupied = [*log[: placed[1]], msgspec.structs.replace(second, cell=first.cell), *log[placed[1] + 1 :]]
    return [out_of_turn, occupied, log[1:], [*log, log[-1]]]


def test_a_damaged_log_is_said_from_its_code() -> None:
    said = []
    for events in _damaged_logs():
        with pytest.raises(LogError) as failed:
            Game.from_log(events)
        said.append((failed.value.code, log_error_text(failed.value)))
    assert said[0] == (LogFault.OUT_OF_TURN, "move 2: seat 1 moved out of turn")
    assert said[1] == (LogFault.ILLEGAL, "move 2: that cell already holds a tile")
    assert said[2] == (LogFault.NO_START, "a game log must begin with the start of a round")
    assert said[3][0] is LogFault.LENGTH and said[3][1].startswith("the log holds ")


def test_every_log_fault_has_words() -> None:
    for code in LogFault:
        refusal = GAME_OVER if code is LogFault.ILLEGAL else None
        error = LogError(code, (3, 4), refusal)
        assert log_error_text(error) not in ("", str(error))


def test_every_record_fault_has_words() -> None:
    for code in RecordFault:
        refusal = GAME_OVER if code is RecordFault.ILLEGAL else None
        error = NotationError(code, 2, numbers=(3, 4), detail="DETAIL", refusal=refusal)
        words = notation_error_text(error)
        assert words.startswith("move 3: ") and words.removeprefix("move 3: ") not in ("", str(error))
    with pytest.raises(NotationError) as caught:
        from_json(b"")
    assert notation_error_text(caught.value) == "the file is empty"


def test_setup_errors_and_rounds_in_words() -> None:
    said = []
    for players, own_gates in ((5, False), (2, True)):
        with pytest.raises(SetupError) as failed:
            Setup(players, "classic", own_gates)
        said.append((failed.value.code, setup_error_text(failed.value)))
    assert said == [
        (SetupFault.PLAYERS, "Indigo is for 2 to 4 players, not 5"),
        (SetupFault.OWN_GATES, "the own-gates setup is for three players only"),
    ]
    assert rounds_text() == "a match has 1 to 20 rounds"
    assert not rounds_allowed(0) and rounds_allowed(20) and not rounds_allowed(21)


def test_default_seat_names_come_from_the_catalog() -> None:
    from indigo_tui.i18n.words import bot_seat_name
    from indigo_tui.saves import default_seat_names, seats_from_kinds

    assert default_seat_names(["human", "bot:greedy", "bot:hard"]) == ["You", "Greedy bot", "Hard bot"]
    assert default_seat_names(["human", "human", "bot:random", "bot:random"]) == [
        "Player 1",
        "Player 2",
        "Random bot 1",
        "Random bot 2",
    ]
    assert bot_seat_name("mcts:2") == "Search bot"
    words = {"You": "Jij", "Player {number}": "Speler {number}", "Greedy bot": "Gretige bot"}
    with in_language("nl"), catalog_for("nl", words):
        assert default_seat_names(["human", "bot:greedy"]) == ["Jij", "Gretige bot"]
        assert default_seat_names(["human", "human", "bot:greedy", "bot:greedy"]) == [
            "Speler 1",
            "Speler 2",
            "Gretige bot 1",
            "Gretige bot 2",
        ]
        # A name given is kept as given.
        assert [seat.name for seat in seats_from_kinds(["human", "bot:greedy"], ["You", ""])] == [
            "You",
            "Gretige bot",
        ]
