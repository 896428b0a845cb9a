"""A saved game loads as it was, over many random games in every setup.

(From tests/engine/test_properties.py, whose draws and position it shares:
the engine's tests need nothing of saves.)
"""

from __future__ import annotations

import random

from engine.support import play_random
from engine.test_properties import PROPERTY, position, seeds, setups, stops
from hypothesis import given

from indigo_tui import saves
from indigo_tui.engine import Match, Setup


@PROPERTY
@given(seed=seeds, setup=setups, stop=stops)
def test_save_then_load_is_the_identity(seed: int, setup: Setup, stop: int | None) -> None:
    match = Match(setup, rounds=1, seed=seed)
    play_random(match.game, random.Random(seed), stop)
    seats = [saves.SeatInfo(f"Seat {s}", "bot:random") for s in range(setup.players)]
    header = saves.make_header(match, seats, title="property", meta={"seed": str(seed)})
    data = saves.encode_save(header, match)
    loaded = saves.decode_save(data)
    assert loaded.header == header
    assert loaded.match.game.log == match.game.log
    assert position(loaded.match.game) == position(match.game)
    assert saves.encode_save(loaded.header, loaded.match) == data
    # A loaded game plays on exactly as the original would.
    if not match.game.over:
        move = match.game.legal_moves[0]
        assert loaded.match.game.push(move) == match.game.push(move)
