"""Folders of finished games in which "your" seat (a person's, kind
``human``) is secretly played by a bot, each with the results counted as the
games were played: a recount that owes nothing to :mod:`indigo_tui.records`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import msgspec

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.engine import Match, Setup


@dataclass
class Played:
    """What the games gave: per opponent ``(won, even, lost)`` as seen from you,
    and the same for the games as a whole (a shared win counts as even)."""

    against: dict[str, Counter[str]] = field(default_factory=dict)
    overall: Counter[str] = field(default_factory=Counter)

    def counts(self, opponent: str) -> tuple[int, int, int]:
        tally = self.against.get(opponent, Counter())
        return tally["won"], tally["even"], tally["lost"]


def play_folder(folder: Path, you: str, opponents: list[str], games: int, seed: str) -> Played:
    """``games`` two-player games in ``folder``, one save each: "You" (a
    human seat) played by the bot ``you`` against ``opponents`` in turn, the
    seats alternating, each game dealt from its own seed; finished a minute
    apart, in order."""
    played = Played()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for index in range(games):
        opponent = opponents[index % len(opponents)]
        mine = (index // len(opponents)) % 2  # each opponent met from either seat in turn
        game_seed = f"{seed}:{index}"
        match = Match(Setup(2), 1, game_seed)
        kinds = ["", ""]
        kinds[mine], kinds[1 - mine] = "human", f"bot:{opponent}"
        bots = {
            mine: make_bot(you, f"{game_seed}:{mine}"),
            1 - mine: make_bot(opponent, f"{game_seed}:{1 - mine}"),
        }
        game = match.game
        while not game.over:
            game.push(bots[game.turn].choose(game.view(game.turn)))
        seats = saves.seats_from_kinds(kinds)
        stamp = (start + timedelta(minutes=index)).isoformat(timespec="seconds")
        header = msgspec.structs.replace(saves.make_header(match, seats, created=stamp), updated=stamp)
        saves.write_save(folder / f"game-{index:03}.indigo", header, match)
        key = (game.scores[mine], game.gem_counts[mine])
        theirs = (game.scores[1 - mine], game.gem_counts[1 - mine])
        result = "won" if key > theirs else "even" if key == theirs else "lost"
        played.against.setdefault(opponent, Counter())[result] += 1
        played.overall[result] += 1
    return played
