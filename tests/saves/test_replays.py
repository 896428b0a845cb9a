"""Every game of moves the engine accepts replays, from each of its records.

3,000 seeded random games in every setup, each move drawn uniformly from
every placement ``Game.refusal`` accepts (any rotation 0 to 5, so turns that
place the same tile as a listed move are drawn too), each game then read
back from its log (``Game.from_log``), from its save file
(``indigo_tui.saves`` encode and decode) and from its canonical record
(``engine.notation``): the same moves, the same scores and winners. Here,
beside the save tests, as the save file is not the engine's
(tests/engine/test_replays.py checks the engine's own records, in the quick
step); in the slow step, as it takes about 13 s of CPU (3,000 games of about
54 moves: some 160,000 placements, two in five of them in a turned rotation,
which the log records normalised; 10,000 games took 42 s).
"""

from __future__ import annotations

import random

import pytest
from engine.support import SETUPS, accepted_move

from indigo_tui import saves
from indigo_tui.engine import Game, Match, notation
from indigo_tui.engine.tiles import NORMAL

GAMES = 3_000
#: The games in shares, so that a parallel run spreads them over its workers.
SHARES = 10


@pytest.mark.slow
@pytest.mark.parametrize("share", range(SHARES))
def test_games_of_every_accepted_move_replay_from_log_save_and_record(share: int) -> None:
    turned = 0
    for index in range(share, GAMES, SHARES):
        setup = SETUPS[index % len(SETUPS)]
        seed = f"replays:{index}"
        match = Match(setup, rounds=1, seed=seed)
        game, rng = match.game, random.Random(seed)
        while not game.over:
            move = accepted_move(game, rng)
            # Drawn from every rotation: many are pushed in a rotation that
            # the log records normalised.
            turned += move.rotation != NORMAL[move.tile][move.rotation]
            game.push(move)

        from_log = Game.from_log(game.log)
        assert from_log.log == game.log

        seats = [saves.SeatInfo(f"Seat {s + 1}", "bot:random") for s in range(setup.players)]
        data = saves.encode_save(saves.make_header(match, seats, title="replays"), match)
        from_save = saves.decode_save(data).match.game
        assert from_save.log == game.log

        from_record = notation.loads(notation.dumps(game))
        assert from_record.moves == game.moves

        for again in (from_log, from_save, from_record):
            assert again.over
            assert again.scores == game.scores and again.winners == game.winners
    assert turned > 0
