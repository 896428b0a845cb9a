"""A guest may send a tile in any of its six rotations: the host plays it as
the engine lists it, so its log, its autosave and every guest's fold agree,
and an undo afterwards cuts back as ever."""

from __future__ import annotations

import random
from pathlib import Path

from indigo_tui import saves
from indigo_tui.engine import Game, Move, TilePlaced
from indigo_tui.engine.tiles import NORMAL
from indigo_tui.net.host import HostPhase
from indigo_tui.net.notices import LogChanged
from indigo_tui.net.state import SeatState

from .conftest import make_host


def turned(move: Move, rng: random.Random) -> Move:
    """``move`` in a random rotation that places the same tile (maybe its own)."""
    rotations = [r for r in range(6) if NORMAL[move.tile][r] == move.rotation]
    return Move(move.cell, move.tile, rng.choice(rotations))


def test_a_move_in_another_rotation_is_played_saved_and_folded_as_listed(tmp_path: Path) -> None:
    path = tmp_path / "host.indigo"
    host = make_host(["human", "remote"], save_path=path)
    host.phase = HostPhase.PLAYING
    told: list[LogChanged] = []
    host.tell = lambda notice: told.append(notice) if isinstance(notice, LogChanged) else None  # type: ignore[method-assign]
    game = host.game
    rng = random.Random(4)
    sent_turned = 0
    for _ in range(16):
        listed = rng.choice(game.legal_moves)
        move = turned(listed, rng)
        sent_turned += move != listed
        assert host.apply(game.turn, move) is None
        placed = next(e for e in reversed(game.log) if type(e) is TilePlaced)
        assert (placed.cell, placed.tile, placed.rotation) == (listed.cell, listed.tile, listed.rotation)
        # What the host tells its screens is the move as it was recorded.
        assert told[-1].move == listed
    assert sent_turned > 0
    # The host's log replays, its autosave loads, and a guest folds the same events.
    assert Game.from_log(game.log).log == game.log
    assert saves.load_save(path).match.game.log == game.log
    guest = SeatState(game.setup, 1)
    for event in game.view(1).events:  # what seat 1's terminal is sent
        guest.apply(event)
    assert guest.board.tiles == game.board.tiles and guest.last_hash == host.public.last_hash
    # An undo cuts back to before seat 0's last move; play goes on from there.
    host.take_back(0)
    assert Game.from_log(game.log).log == game.log
    assert host.apply(game.turn, turned(game.legal_moves[0], rng)) is None
    assert saves.load_save(path).match.game.log == game.log
