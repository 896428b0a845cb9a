"""A seat played by an outside program: the engine protocol from indigo's side.

Small programs written here misbehave in each way a program can (it will
not start, dies, hangs, sends a line that is no move, sends an illegal one,
floods its output); each time the seat goes to the built-in bot with one
notice and the game goes on to its end. The example engine plays whole games
against greedy without ever being replaced, and no program ever receives
another seat's tile."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from indigo_tui.bots import BotSpecError, make_bot
from indigo_tui.bots.engine_protocol import message_types
from indigo_tui.bots.engine_seat import EngineSeat, Trouble, close_bots, take_notices
from indigo_tui.commands.selfplay import play_game
from indigo_tui.engine import Game, Match, Setup

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "simple_engine.py"


def program(tmp_path: Path, name: str, body: str) -> str:
    """An engine command running ``body`` (Python) for each turn message ``turn``."""
    script = tmp_path / f"{name}.py"
    script.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'quit':\n"
        "        break\n"
        "    if message['type'] != 'turn':\n"
        "        continue\n"
        "    turn = message\n" + textwrap.indent(textwrap.dedent(body), "    ")
    )
    return f"{sys.executable} {script}"


FIRST_LEGAL = "print(json.dumps({'type': 'move', 'move': turn['legal'][0]}), flush=True)\n"


def play(command: str, *, limit: float = 5.0, seed: int = 1) -> tuple[Game, EngineSeat, list[Trouble]]:
    """A whole game: the program in seat 0 against greedy."""
    engine = EngineSeat(command, seed, limit=limit)
    bots = [engine, make_bot("greedy", seed)]
    game = Match(Setup(2), 1, seed).game
    troubles: list[Trouble] = []
    while not game.over:
        game.push(bots[game.turn].choose(game.view(game.turn)))
        troubles += [notice.trouble for notice in take_notices(bots)]
    close_bots(bots, game)
    return game, engine, troubles


def test_a_program_that_plays_well_keeps_its_seat(tmp_path: Path) -> None:
    game, engine, troubles = play(program(tmp_path, "first", FIRST_LEGAL))
    assert game.over and troubles == [] and not engine.replaced


@pytest.mark.parametrize(
    ("body", "trouble"),
    [
        ("sys.exit(3)\n", Trouble.CRASHED),
        ("time.sleep(30)\n", Trouble.TIMEOUT),
        ("print('hello there', flush=True)\n", Trouble.BAD_LINE),
        ("print(json.dumps({'type': 'move'}), flush=True)\n", Trouble.BAD_LINE),
        ("print('x' * 100000, flush=True)\n", Trouble.BAD_LINE),
        (
            "print(json.dumps({'type': 'info', 'text': 'thinking'}) + '\\n' * 2000, flush=True)\n",
            Trouble.BAD_LINE,
        ),
        # A legal-looking move on the treasure tile in the centre.
        ("print(json.dumps({'type': 'move', 'move': '122/0@0,0'}), flush=True)\n", Trouble.ILLEGAL),
        # The same move twice: the second time the cell is taken.
        (
            "globals().setdefault('first', turn['legal'][0])\n"
            "print(json.dumps({'type': 'move', 'move': first}), flush=True)\n",
            Trouble.ILLEGAL,
        ),
    ],
    ids=["exits", "hangs", "words", "no-move", "long-line", "info-flood", "treasure", "taken"],
)
def test_a_program_that_fails_is_replaced_once_and_the_game_goes_on(
    tmp_path: Path, body: str, trouble: Trouble
) -> None:
    game, engine, troubles = play(program(tmp_path, "bad", body), limit=1.0)
    assert game.over
    assert troubles == [trouble]
    assert engine.replaced


def test_info_lines_and_blank_lines_are_passed_over(tmp_path: Path) -> None:
    body = "print(json.dumps({'type': 'info', 'depth': 1}), flush=True)\nprint(flush=True)\n" + FIRST_LEGAL
    assert play(program(tmp_path, "chatty", body))[2] == []


def test_a_bare_notation_line_is_a_move(tmp_path: Path) -> None:
    assert play(program(tmp_path, "bare", "print(turn['legal'][-1], flush=True)\n"))[2] == []


def test_a_program_that_cannot_start_is_refused_before_the_game() -> None:
    with pytest.raises(BotSpecError, match="no program named"):
        make_bot("engine:no-such-program-anywhere --level 3")
    with pytest.raises(BotSpecError, match="no such file"):
        make_bot("engine:./not/here.py")
    with pytest.raises(BotSpecError, match="not a command"):
        make_bot('engine:python "unclosed')
    with pytest.raises(BotSpecError, match="needs a command"):
        make_bot("engine:")


def test_a_saved_games_engine_is_never_started(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    command = program(tmp_path, "marks", f"open({str(marker)!r}, 'w').close()\n" + FIRST_LEGAL)
    engine = make_bot(f"engine:{command}", 1, programs=False)
    game = Match(Setup(2), 1, 1).game
    move = engine.choose(game.view(0))
    assert game.is_legal(move)
    (notice,) = take_notices([engine])
    assert notice.trouble is Trouble.NOT_STARTED
    assert "--run-engines" in notice.text("Ann")
    assert not marker.exists()


def test_a_program_sees_only_its_own_seat(tmp_path: Path) -> None:
    heard = tmp_path / "heard.jsonl"
    script = tmp_path / "listens.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        f"    open({str(heard)!r}, 'a').write(line)\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'turn':\n"
        "        print(json.dumps({'type': 'move', 'move': message['legal'][0]}), flush=True)\n"
    )
    troubles = play(f"{sys.executable} {script}", seed=4)[2]
    assert troubles == []
    messages = [json.loads(line) for line in heard.read_text().splitlines()]
    kinds = {message["type"] for message in messages}
    assert {"hello", "started", "drawn", "placed", "gem", "turn", "over", "quit"} <= kinds
    assert messages[0]["type"] == "hello" and messages[0]["seat"] == 0
    for message in messages:
        assert "deck" not in json.dumps(message)
        if message["type"] == "drawn":
            assert (message["tile"] is None) == (message["seat"] != 0)
        if message["type"] == "turn":
            assert message["seat"] == 0
    # Every type indigo can send is one of the protocol's.
    assert kinds <= {cls.__struct_config__.tag for cls in message_types()}


def test_after_an_undo_the_program_hears_a_reset_and_the_log_again(tmp_path: Path) -> None:
    heard = tmp_path / "heard.jsonl"
    script = tmp_path / "listens.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        f"    open({str(heard)!r}, 'a').write(line)\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'turn':\n"
        "        print(json.dumps({'type': 'move', 'move': message['legal'][0]}), flush=True)\n"
    )
    engine = EngineSeat(f"{sys.executable} {script}", 1)
    greedy = make_bot("greedy", 1)
    game = Match(Setup(2), 1, 1).game
    for _round in range(2):
        game.push(engine.choose(game.view(0)))
        game.push(greedy.choose(game.view(1)))
    for _move in range(4):
        game.pop()
    game.push(engine.choose(game.view(0)))
    engine.close()
    types = [json.loads(line)["type"] for line in heard.read_text().splitlines()]
    assert types.count("reset") == 1
    after = types[types.index("reset") + 1 :]
    assert after[0] == "started" and after[-1] == "quit" and "turn" in after


@pytest.mark.slow
def test_the_example_engine_plays_greedy_without_being_replaced() -> None:
    # Two games here (one from each side); benchmarks/engine_protocol.py plays 20.
    command = f"{sys.executable} {EXAMPLE}"
    bots = [make_bot(f"engine:{command}", 0), make_bot("greedy", 0)]
    for index in range(2):
        notices: list[str] = []
        seated = bots if index == 0 else bots[::-1]
        game = Match(Setup(2), 1, index).game
        play_game(game, seated, notices)
        assert game.over and notices == []
