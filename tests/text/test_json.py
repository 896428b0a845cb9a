"""``indigo text --json``: a program plays the one human seat through the
engine protocol, reading one JSON object a line and answering each ``turn``."""

from __future__ import annotations

import json
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

import pytest

from indigo_tui.bots.engine_protocol import message_types

from .support import ROOT, assert_plain

TYPES = {cls.__struct_config__.tag for cls in message_types()}


def lines_of(stream: IO[str]) -> queue.Queue[str]:
    """The lines of ``stream`` as they come ("" at its end), read by a thread."""
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        for line in stream:
            lines.put(line)
        lines.put("")

    threading.Thread(target=pump, daemon=True).start()
    return lines


def read(lines: queue.Queue[str], out: list[str]) -> dict[str, Any]:
    """The next message; a hang-stop that a passing run never waits out."""
    line = lines.get(timeout=30)
    assert line, "indigo ended before the game did"
    out.append(line)
    message = json.loads(line)
    assert isinstance(message, dict) and message["type"] in TYPES, line
    return message


@pytest.mark.slow
def test_a_program_plays_a_whole_game_through_indigo_text_json(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "indigo_tui", "text", "--json", "--seed", "9", "--save-dir", str(tmp_path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    rng = random.Random(9)
    seen: list[dict[str, Any]] = []
    mistakes = [
        "this is no move",
        '{"type": "move", "move": "12/0@0,0"}',
        '{"type": "move", "move": "HAND/0@0,0"}',
        '{"type": "move"}',
    ]
    lines = lines_of(process.stdout)
    out: list[str] = []
    try:
        hello = read(lines, out)
        assert hello["type"] == "hello" and hello["seat"] == 0 and hello["protocol"] == "indigo-engine"
        while True:
            message = read(lines, out)
            seen.append(message)
            if message["type"] == "turn":
                assert message["seat"] == 0 and message["view"]["hand"]
                if mistakes:
                    # The tile in hand, on the centre's treasure tile.
                    mistake = mistakes.pop().replace("HAND", message["view"]["hand"][0])
                    process.stdin.write(mistake + "\n")
                else:
                    move = rng.choice(message["legal"])
                    process.stdin.write(json.dumps({"type": "move", "move": move}) + "\n")
                process.stdin.flush()
            elif message["type"] == "over":
                break
        process.stdin.write('{"type": "quit"}\n')
        process.stdin.flush()
        while line := lines.get(timeout=30):
            out.append(line)
        process.wait(timeout=30)
        err = process.stderr.read() if process.stderr else ""
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert_plain("".join(out) + err)
    # Each mistake was refused with a code, and the turn asked again.
    refused = [m for m in seen if m["type"] == "refused"]
    assert [m["code"] for m in refused] == ["not_a_move", "treasure", "notation", "not_a_move"]
    for message in seen:
        if message["type"] == "drawn":
            assert (message["tile"] is None) == (message["seat"] != 0)
    assert any(m["type"] == "placed" and m["seat"] == 1 for m in seen)
    # The rest of the output is JSON too: the closing words come as "say".
    assert all(json.loads(line)["type"] in TYPES for line in out)
