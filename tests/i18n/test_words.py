"""The game's words from the engine's codes: every refusal has its words, and
in English they are the engine's own."""

from __future__ import annotations

import msgspec
import pytest

from indigo_tui.engine import Game, LogError, Match, Move, Refusal, Refused, Setup, SetupError, rounds_error
from indigo_tui.engine.board import Board
from indigo_tui.engine.events import GEM_KINDS_ORDER, Event, TilePlaced
from indigo_tui.engine.geometry import EDGE_NAMES, TREASURE_CELLS
from indigo_tui.engine.refusals import GAME_OVER
from indigo_tui.engine.tiles import KIND_DESCRIPTIONS
from indigo_tui.i18n import in_language
from indigo_tui.i18n.words import (
    edge_name,
    gem_count,
    gem_name,
    gems,
    log_error_text,
    points,
    refusal_text,
    rounds_text,
    setup_error_text,
    tile_description,
)

from .support import catalog_for

#: A refusal of each code with its arguments, as the engine gives them.
EXAMPLES = [
    GAME_OVER,
    Refused(Refusal.NOT_YOUR_TURN, "it is seat 2's turn, not seat 1's", (1, 0)),
    Refused(Refusal.NOT_A_TILE, "that is not a path tile", (7, 0)),
    Refused(Refusal.NOT_A_PLACEMENT, "that is not a placement", (3, 1)),
    Refused(Refusal.NOT_IN_HAND, "that tile is not in the hand of the seat to move", (2,)),
    Refused(Refusal.NONE_LEFT, "all 6 tiles of that kind are already on the board", (6,)),
    Refused(Refusal.OFF_BOARD, "that cell is not on the board", (99,)),
    Refused(Refusal.TREASURE, "that cell holds a treasure tile", (30,)),
    Refused(Refusal.OCCUPIED, "that cell already holds a tile", (12,)),
    Refused(Refusal.GATE_CURVE, "a curve may not join both exits of a gate", (1, 0, 2)),
]


def test_every_refusal_code_has_words() -> None:
    assert {refused.code for refused in EXAMPLES} == set(Refusal)
    for refused in EXAMPLES:
        assert refusal_text(refused) == refused.words


def test_the_engines_refusals_read_as_the_engine_wrote_them() -> None:
    board = Board(Setup(2))
    refusals = [board.refusal(cell, 0, 0) for cell in (99, next(iter(TREASURE_CELLS)))]
    game = Match(Setup(2), 1, 5).game
    move = Move(0, game.hands[0][0], 0)
    refusals.append(game.refusal(move, seat=1))
    for refused in refusals:
        assert refused is not None
        assert refusal_text(refused) == refused.words


def test_refusals_follow_the_language() -> None:
    occupied = EXAMPLES[8]
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
    assert [tile_description(kind) for kind in range(5)] == list(KIND_DESCRIPTIONS)
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


def test_a_damaged_log_is_said_as_the_engine_says_it() -> None:
    for events in _damaged_logs():
        with pytest.raises(LogError) as failed:
            Game.from_log(events)
        assert failed.value.code
        assert log_error_text(failed.value) == str(failed.value)


def test_setup_errors_and_rounds_in_words() -> None:
    for players, own_gates in ((5, False), (2, True)):
        with pytest.raises(SetupError) as failed:
            Setup(players, "classic", own_gates)
        assert setup_error_text(failed.value) == str(failed.value)
    assert rounds_text() == rounds_error(0)


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
