"""``indigo text`` driven as a person drives it: a real process in a
pseudo-terminal (pexpect), a line typed at each prompt, what it says read
back. The person at the keyboard is a test that keeps its own copy of the
game (the same seed deals the same tiles; a network game's deck, which also
depends on the host's secret, is read from the host's save), chooses moves
from it, and follows the other seats' moves from the sentences that say them."""

from __future__ import annotations

import os
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

import pexpect

from indigo_tui.engine import Game, Move, Setup
from indigo_tui.engine.geometry import INDEX
from indigo_tui.engine.tiles import KIND_CODES
from indigo_tui.saves import load_save

ROOT = Path(__file__).resolve().parents[2]
#: A hang-stop for one answer: a passing run never waits it out.
LIMIT = 30
#: A placement as every language says it: the tile, its turns, then the cell.
PLACEMENT = re.compile(r"\b([123]{3})\b\D{1,40}?\b([0-5])\b\D{1,40}?\((-?\d+),(-?\d+)\)")
ESCAPE = "\x1b"


def spawn(args: Sequence[str], cwd: Path, env: dict[str, str] | None = None) -> pexpect.spawn:
    """``indigo ARGS`` in a pseudo-terminal of 120x40."""
    environ = dict(os.environ)
    environ["PYTHONPATH"] = str(ROOT) + os.pathsep + environ.get("PYTHONPATH", "")
    environ.update(env or {})
    child = pexpect.spawn(
        sys.executable,
        ["-m", "indigo_tui", *args],
        cwd=str(cwd),
        env=environ,
        encoding="utf-8",
        codec_errors="strict",
        timeout=LIMIT,
        dimensions=(40, 120),
    )
    # pexpect waits 50 ms before each line it types, for slow terminals of old: not needed here.
    child.delaybeforesend = None
    return child


def hosted_deck(save_dir: Path) -> tuple[int, ...]:
    """The deck of a hosted game's first round, as its host saved it on
    listening: a network game's deck depends on the host's secret for the
    round as well as the seed, so no guest can work it out (docs/protocol.md,
    Fair deal); the test, which plays every seat's part, reads it here."""
    (path,) = Path(save_dir, "net").glob("*.indigo")
    deck = load_save(path).match.game.deck
    assert deck is not None
    return deck


def placement(line: str) -> Move | None:
    """The placement a sentence says (``... 122 ... 3 ... (2,-1)``), if any."""
    found = PLACEMENT.search(line)
    if found is None:
        return None
    code, turns, q, r = found.groups()
    return Move.make(INDEX[(int(q), int(r))], KIND_CODES.index(code), int(turns))


class Player:
    """The test at the keyboard of one ``indigo text`` process."""

    def __init__(
        self,
        child: pexpect.spawn,
        setup: Setup,
        seed: int,
        names: Sequence[str],
        deck: tuple[int, ...] | None = None,
    ) -> None:
        """``deck``: the round's deck where the seed alone does not deal it (see :func:`hosted_deck`)."""
        self.child = child
        self.game = Game.new(setup, seed) if deck is None else Game(setup, deck)
        self.names = list(names)
        self.transcript: list[str] = []
        self.rng = random.Random(seed)

    def until_prompt(self) -> str:
        """Everything said up to the next prompt."""
        self.child.expect_exact("> ")
        said = str(self.child.before)
        self.transcript.append(said)
        return said

    def type(self, line: str) -> None:
        self.child.sendline(line)

    @property
    def output(self) -> str:
        return "".join(self.transcript)

    def follow(self, said: str, others: Sequence[int]) -> None:
        """Put the moves of ``others`` (seats the test does not play) that
        ``said`` tells of into the test's copy of the game."""
        for line in said.splitlines():
            if self.game.over or self.game.turn not in others:
                return
            move = placement(line) if line.startswith(self.names[self.game.turn]) else None
            if move is not None:  # (an answer about that seat, its score say, is no move)
                self.game.push(move)

    def choose(self, seat: int) -> Move:
        return self.rng.choice(self.game.view(seat).legal_moves)

    def finish(self) -> int:
        """Wait for the end of the process; its exit status."""
        self.child.expect(pexpect.EOF)
        self.transcript.append(str(self.child.before))
        self.child.close()
        return int(self.child.exitstatus if self.child.exitstatus is not None else -1)


def assert_plain(text: str) -> None:
    """No escape sequence and no traceback in what a terminal was shown."""
    assert ESCAPE not in text, repr(text[max(0, text.index(ESCAPE) - 80) : text.index(ESCAPE) + 20])
    assert "Traceback" not in text
