"""The text table in this process, line by line: the answers a person gets,
what a shared terminal keeps private, and what is said of each move."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from indigo_tui.engine import Match, Setup
from indigo_tui.engine.geometry import COORDS
from indigo_tui.saves import SeatInfo, load_save, make_header, seats_from_kinds, write_save
from indigo_tui.table.session import NewGame, Session
from indigo_tui.text.console import Console
from indigo_tui.text.fronts import TextFront
from indigo_tui.text.local import LineTable


def play(tmp_path: Path, kinds: list[str], names: list[str], lines: list[str], seed: int = 3) -> str:
    """What ``indigo text`` says to ``lines`` (then the end of the input)."""
    session = Session.start(NewGame(Setup(len(kinds)), seats_from_kinds(kinds, names), seed=seed), tmp_path)
    out = io.StringIO()
    console = Console(io.StringIO("".join(line + "\n" for line in lines)), out)
    assert LineTable(session, TextFront(console)).run() == 0
    return out.getvalue()


def test_the_questions_are_answered_from_the_seats_own_view(tmp_path: Path) -> None:
    said = play(
        tmp_path,
        ["human", "bot:greedy"],
        ["Ann", "Robo"],
        ["hand", "tile 122", "tile 122/3", "cell 0,0", "cell 0,-4", "cell 0,-3", "gates", "score", "left"],
    )
    assert "Seat 1: Ann (a person), gates 1, 3, 5." in said
    assert "You hold 113." in said
    assert "113, two short curves and a straight: unturned it joins" in said
    assert "122 turned 3 joins" in said and said.count("122 turned") == 7  # six turns, then one
    assert "(0,0) is the centre treasure tile; on it: emerald 1, emerald 2" in said
    assert "(0,-4) is a corner treasure tile: its arrow points south-east" in said
    assert "A tile here moves gems: amber 1 waits at its north-west edge." in said
    assert "Gate 2, (4,-3), (4,-2) and (4,-1): Robo's." in said
    assert "Robo: gems hidden behind their screen." in said
    assert "52 tiles are left to draw." in said
    assert "\x1b" not in said


def test_a_move_is_said_with_its_what_if_then_placed_on_yes(tmp_path: Path) -> None:
    said = play(tmp_path, ["human", "bot:greedy"], ["Ann", "Robo"], ["113/2@0,-3", "yes", "last", "moves"])
    assert "113 turned 2 at (0,-3):\namber would move to the south-east edge of (0,-3).\n" in said
    assert "Ann placed 113 turned 2 at (0,-3); amber moved to the south-east edge of (0,-3)." in said
    assert "You drew 122, a short curve and two long curves." in said
    assert "Robo placed " in said
    assert "1. Ann placed 113 turned 2 at (0,-3)" in said
    (save,) = tmp_path.glob("*.indigo")
    assert load_save(save).match.game.board.placements == 2


def test_a_shared_terminal_says_a_hand_only_to_its_owner(tmp_path: Path) -> None:
    said = play(tmp_path, ["human", "human"], ["Ann", "Bob"], ["", "hand", "113/2@0,-3!", ""])
    before_ann, after_ann = said.split("Pass the terminal to Ann", 1)
    # Nothing of Ann's before she has the keyboard (Enter).
    assert "You hold" not in before_ann
    ann_turn, bob = after_ann.split("Pass the terminal to Bob", 1)
    assert "Move 1: your turn, Ann. You hold 113." in ann_turn
    # Her move is said; her next tile, drawn as she placed, is not (Bob is coming).
    assert "Ann placed 113 turned 2 at (0,-3)" in ann_turn
    assert "You drew" not in ann_turn
    # Nor is Bob's tile while the terminal goes to him: only once he pressed Enter.
    waiting, bob_turn = bob.split("> ", 1)
    assert "You hold" not in waiting
    assert "Move 2: your turn, Bob. You hold" in bob_turn


def test_after_the_round_a_review_rates_every_move_one_line_each(tmp_path: Path) -> None:
    seats = seats_from_kinds(["human", "bot:greedy"], ["Ann", "Robo"])
    session = Session.start(NewGame(Setup(2), seats, seed=6), tmp_path)
    game = session.game
    while not game.over:
        session.play(game.legal_moves[0] if game.turn == 0 else session.bots[1].choose(game.view(1)))
    out = io.StringIO()
    console = Console(io.StringIO("review\nquit\n"), out)
    assert LineTable(session, TextFront(console), reviewer="mcts:iter=8").run() == 0
    said = out.getvalue()
    moves = game.board.placements
    assert f"The search bot rates {moves} moves, one line each:" in said
    for number in range(1, moves + 1):
        assert f"Move {number}, {'Ann' if number % 2 else 'Robo'}, " in said
    # Kept next to the save, as the app's review viewer keeps it.
    assert list(tmp_path.glob("*.indigo.review"))


def test_a_saved_game_plays_its_programs_seat_with_greedy_and_says_so(tmp_path: Path) -> None:
    marker = tmp_path / "started"
    program = tmp_path / "engine.py"
    program.write_text(f"open({str(marker)!r}, 'w').close()\n")
    seats = [SeatInfo("Prog", f"engine:{sys.executable} {program}"), SeatInfo("Ann", "human")]
    match = Match(Setup(2), 1, 5)
    save = tmp_path / "sent.indigo"
    write_save(save, make_header(match, seats), match)
    session = Session.resume(load_save(save), tmp_path)
    out = io.StringIO()
    assert LineTable(session, TextFront(Console(io.StringIO("quit\n"), out))).run() == 0
    said = out.getvalue()
    assert "Prog is a program's seat, and a saved game never starts a program by itself" in said
    assert "Prog placed" in said  # greedy played its move
    assert not marker.exists()


def test_an_undo_at_a_shared_terminal_asks_whose_move_it_takes_back(tmp_path: Path) -> None:
    # Ann places; Bob takes the terminal and asks to take her move back: no, then yes.
    lines = ["", "113/2@0,-3!", "", "hand", "undo", "no", "", "undo", "yes", "", "hand"]
    said = play(tmp_path, ["human", "human"], ["Ann", "Bob"], lines)
    question = (
        "Bob asks to take back Ann's move at (0,-3). Ann, do you allow it?\nType yes to allow it, or no.\n"
    )
    bob_turn, first, second = said.split(question)
    assert "Move 2: your turn, Bob. You hold" in bob_turn
    # A no: the move stays, and the terminal goes back to Bob before his hand is said again.
    refused, passed_back = first.split("Pass the terminal to Bob", 1)
    assert (
        "Ann said no: the move stays." in refused
        and "You hold" not in refused
        and "moves taken back" not in first
    )
    # A yes: taken back, and the terminal goes to Ann before anything of hers is said.
    allowed, ann_again = second.split("Pass the terminal to Ann", 1)
    assert "Ann allowed it.\n1 move taken back." in allowed and "You hold" not in allowed
    assert "Move 1: your turn, Ann. You hold 113." in ann_again
    assert "Move 2: your turn, Bob. You hold" in passed_back
    # Back at the first move: the autosave of a game nobody has moved in is gone.
    assert list(tmp_path.glob("*.indigo")) == []


def test_a_line_other_than_yes_is_a_no_and_one_person_with_a_bot_is_never_asked(tmp_path: Path) -> None:
    said = play(tmp_path, ["human", "human"], ["Ann", "Bob"], ["", "113/2@0,-3!", "", "undo", "hand"])
    assert "Ann said no: the move stays." in said
    assert "Ann, do you allow it?" in said and "Nobody's hand" not in said
    alone = play(tmp_path / "alone", ["human", "bot:greedy"], ["Ann", "Robo"], ["113/2@0,-3!", "undo"])
    assert "allow it" not in alone and "2 moves taken back." in alone


def test_the_question_in_french(tmp_path: Path) -> None:
    from indigo_tui.i18n import use_language

    use_language("fr")
    try:
        said = play(
            tmp_path, ["human", "human"], ["Ann", "Bob"], ["", "113/2@0,-3!", "", "annuler", "oui", ""]
        )
    finally:
        use_language("en")
    assert "Bob demande à reprendre le coup de Ann en (0,-3). Ann, l'acceptez-vous\u00a0?" in said
    assert "Tapez oui pour l'accepter, ou non." in said
    assert "Ann a accepté." in said


def test_after_the_round_nobody_is_on_screen_so_the_last_persons_move_asks_them(tmp_path: Path) -> None:
    seats = seats_from_kinds(["human", "human"], ["Ann", "Bob"])
    session = Session.start(NewGame(Setup(2), seats, seed=6), tmp_path)
    game = session.game
    while not game.over:
        session.play(game.legal_moves[0])
    seat, move = game.moves[-1]
    name = ["Ann", "Bob"][seat]
    out = io.StringIO()
    console = Console(io.StringIO("undo\nyes\n"), out)
    assert LineTable(session, TextFront(console)).run() == 0
    said = out.getvalue()
    cell = f"({COORDS[move.cell][0]},{COORDS[move.cell][1]})"
    question = f"Take back {name}'s move at {cell}? {name}, do you allow it?\nType yes to allow it, or no.\n"
    assert question in said
    # Taken back: the round goes on, and the terminal is passed to whoever moves first.
    after = said.split(question, 1)[1]
    assert f"{name} allowed it.\n1 move taken back.\nPass the terminal to {name}" in after
    assert not game.over and game.turn == seat
