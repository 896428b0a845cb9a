"""A seat played by an outside program: the engine protocol from indigo's side.

Small programs written here misbehave in each way a program can (it will
not start, dies, hangs, sends a line that is no move, sends an illegal one,
floods its output); each time the seat goes to the built-in bot with one
notice and the game goes on to its end. The example engine plays whole games
against greedy without ever being replaced, and no program ever receives
another seat's tile."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from support.polling import until

from indigo_tui.bots import BotSpecError, make_bot
from indigo_tui.bots.engine_protocol import message_types
from indigo_tui.bots.engine_seat import (
    HELD_BYTES,
    HELD_LINES,
    EngineSeat,
    Trouble,
    close_bots,
    take_notices,
)
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
            "print(json.dumps({'type': 'info', 'text': 'thinking'}) + '\\n' * 100000, flush=True)\n",
            Trouble.FLOOD,
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


# -- what a program sends, in its turn and out of it ------------------------------------------


def alive(pid: int) -> bool:
    """The process is there and not a zombie (an orphan's reaper may be slow)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return False
    return stat[stat.rindex(b")") + 2 :].split()[0] != b"Z"


def wait_until(condition: Callable[[], object]) -> None:
    asyncio.run(until(condition))


def test_a_program_that_floods_out_of_its_turn_is_stopped_at_once_and_replaced(tmp_path: Path) -> None:
    # Short info lines without end once it has moved, while the other seat
    # (a person, in text mode) thinks: what is held stays within its bound,
    # the program is stopped without waiting for its turn, and its next turn
    # goes to the stand-in with one notice.
    command = program(
        tmp_path,
        "ponders",
        FIRST_LEGAL
        + "n = 0\nwhile True:\n    n += 1\n    print(json.dumps({'type': 'info', 'nodes': n}), flush=True)\n",
    )
    engine = EngineSeat(command, 1, limit=5.0)
    game = Match(Setup(2), 1, 1).game
    game.push(engine.choose(game.view(0)))
    pid = engine.pid
    assert pid is not None
    wait_until(lambda: not alive(pid))
    lines, size = engine.held()
    assert lines <= HELD_LINES and size <= HELD_BYTES
    game.push(make_bot("greedy", 1).choose(game.view(1)))
    move = engine.choose(game.view(0))
    assert game.is_legal(move) and engine.replaced
    (notice,) = take_notices([engine])
    assert notice.trouble is Trouble.FLOOD
    assert "more than" in notice.text("Ann")
    engine.close()


def test_lines_sent_ahead_of_its_turns_are_held_within_a_bound(tmp_path: Path) -> None:
    # Lines that are not info wait for the next turn (a move sent early is
    # taken then); past HELD_LINES of them the program is over its budget.
    body = FIRST_LEGAL + f"for _ in range({HELD_LINES * 4}):\n    print('not a move', flush=True)\n"
    engine = EngineSeat(program(tmp_path, "ahead", body), 1, limit=5.0)
    game = Match(Setup(2), 1, 1).game
    game.push(engine.choose(game.view(0)))
    pid = engine.pid
    assert pid is not None
    wait_until(lambda: not alive(pid))
    assert engine.held()[0] <= HELD_LINES
    game.push(make_bot("greedy", 1).choose(game.view(1)))
    engine.choose(game.view(0))
    assert [notice.trouble for notice in take_notices([engine])] == [Trouble.FLOOD]


def test_a_program_that_logs_at_every_turn_of_a_fast_game_keeps_its_seat(tmp_path: Path) -> None:
    # Each turn gives a whole budget: bot games come many turns a second.
    body = "for depth in range(200):\n    print(json.dumps({'type': 'info', 'depth': depth}), flush=True)\n"
    assert play(program(tmp_path, "logs", body + FIRST_LEGAL))[2] == []


def test_a_flood_on_standard_error_keeps_only_its_last_words(tmp_path: Path) -> None:
    body = (
        "for _ in range(20000):\n"
        "    sys.stderr.write('x' * 999 + '\\n')\n"
        "sys.stderr.write('the last words\\n')\n"
        "sys.stderr.flush()\n"
        "sys.exit(3)\n"
    )
    engine = EngineSeat(program(tmp_path, "shouts", body), 1, limit=30.0)
    game = Match(Setup(2), 1, 1).game
    assert game.is_legal(engine.choose(game.view(0)))
    (notice,) = take_notices([engine])
    assert notice.trouble is Trouble.CRASHED
    assert notice.detail == "exit status 3: the last words"


# -- the program's processes ---------------------------------------------------------------------

#: A process the program starts that ignores being asked to stop.
STUBBORN = "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nwhile True: time.sleep(1)\n"


def forking_program(
    tmp_path: Path, *, after_quit: str = "", move: str = FIRST_LEGAL, escape: bool = False
) -> str:
    """A wrapper (``sh run.sh``, which does not ``exec``) running a bot that
    starts a process of its own; every pid is written to ``pids``."""
    pids = tmp_path / "pids"
    child = STUBBORN if not escape else "import os\nos.setpgid(0, 0)\n" + STUBBORN
    bot = tmp_path / "bot.py"
    bot.write_text(
        "import json, os, subprocess, sys, time\n"
        f"child = subprocess.Popen([sys.executable, '-c', {child!r}])\n"
        f"with open({str(pids)!r}, 'a') as out:\n"
        "    out.write(f'{os.getpid()}\\n{child.pid}\\n')\n"
        "for line in sys.stdin:\n"
        "    message = json.loads(line)\n"
        "    if message['type'] == 'quit':\n"
        "        break\n"
        "    if message['type'] == 'turn':\n"
        "        turn = message\n" + textwrap.indent(move, "        ") + after_quit
    )
    wrapper = tmp_path / "run.sh"
    wrapper.write_text(f"echo $$ >> {pids}\n{sys.executable} {bot}\necho done >&2\n")
    return f"sh {wrapper}"


def left_behind(tmp_path: Path) -> Callable[[], list[int]]:
    pids = [int(pid) for pid in (tmp_path / "pids").read_text().split()]
    return lambda: [pid for pid in pids if alive(pid)]


def kill_all(pids: Sequence[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize(
    ("after_quit", "escape"),
    [
        ("", False),
        # It goes on after the game: neither the end of its input nor quit stops it.
        ("while True:\n    time.sleep(0.05)\n", False),
        # Its child leaves the process group (not the session).
        ("", True),
    ],
    ids=["quits", "lingers", "own-group"],
)
def test_nothing_a_program_started_is_left_after_the_game(
    tmp_path: Path, after_quit: str, escape: bool
) -> None:
    engine = EngineSeat(forking_program(tmp_path, after_quit=after_quit, escape=escape), 1, limit=5.0)
    bots = [engine, make_bot("greedy", 1)]
    game = Match(Setup(2), 1, 1).game
    game.push(engine.choose(game.view(0)))
    left = left_behind(tmp_path)
    assert len(left()) == 3  # the wrapper, the bot, its child
    close_bots(bots, game)
    try:
        wait_until(lambda: not left())
    finally:
        kill_all(left())


def test_nothing_a_replaced_program_started_is_left(tmp_path: Path) -> None:
    illegal = "print(json.dumps({'type': 'move', 'move': '122/0@0,0'}), flush=True)\n"
    engine = EngineSeat(forking_program(tmp_path, move=illegal), 1, limit=5.0)
    game = Match(Setup(2), 1, 1).game
    game.push(engine.choose(game.view(0)))
    assert engine.replaced
    assert [notice.trouble for notice in take_notices([engine])] == [Trouble.ILLEGAL]
    left = left_behind(tmp_path)
    try:
        wait_until(lambda: not left())
    finally:
        kill_all(left())
