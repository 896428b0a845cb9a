"""Your games: every finished match in the save folder that a person at this
terminal played, and what came of it.

The record is the save folder itself: every local game is saved after every
move (and a network game by its host, and at its end by each guest), so a
finished game is already a file there, and nothing else needs keeping (a
save deleted is a game forgotten). Files are read through the one bounded
reader of the project (:func:`~indigo_tui.saves.read_with`, through
:func:`~indigo_tui.saves.list_saves` and :func:`~indigo_tui.saves.load_save`):
a damaged file, one of an odd size or one that is not a file at all is
counted and named, never read past its bound, and never stops the rest.

Whose game it is: the one seat a person played at this terminal (kind
``human``), or a guest's own seat (``net_seat`` in its save). A game with
several people at this terminal (hot-seat) belongs to each of them: it is
counted for the one named by ``name`` (``indigo stats --name``), and left
out, with a count of how many, when nobody is named. A game of bots only
is nobody's.

Against whom: each other seat, by what plays it (a bot level, another bot,
an outside program, or people: a seat at the terminal or across the
network). You beat a seat you finished ahead of (more points, then more
gems), lose to one ahead of you, and are even with one equal on both: in a
two-player game that is the game's result, in a game of three or four each
other seat is one result.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Final

from ..saves import (
    ROLE_KEY,
    SaveError,
    SaveHeader,
    is_unfinished,
    list_saves,
    load_save,
)
from .rating import LADDER, Rating, RatingSums, wilson

#: The opponent of a seat played by a person (here or across the network).
PEOPLE: Final = "people"
#: The opponent of a seat played by an outside program (``engine:COMMAND``).
ENGINE: Final = "engine"


class Outcome(StrEnum):
    """How a match ended for you."""

    WON = "won"
    SHARED = "shared"
    LOST = "lost"


def opponent_of(kind: str) -> str:
    """Who plays a seat of ``kind``, as the records count them: the bot's
    name (``easy``, ``greedy``, ``mcts:0.25``), :data:`ENGINE` or :data:`PEOPLE`."""
    if kind.startswith("bot:"):
        return kind[4:].strip().lower() or "random"
    if kind.startswith("engine:"):
        return ENGINE
    return PEOPLE


@dataclass(frozen=True, slots=True)
class Encounter:
    """You against one other seat of a game: ``score`` 1 ahead, 0.5 even, 0 behind."""

    opponent: str
    name: str
    score: float


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished match of yours."""

    path: Path
    #: When it was last saved (its end), ISO 8601 in UTC.
    finished: str
    players: int
    rounds: int
    seat: int
    name: str
    outcome: Outcome
    #: Every seat's points over the match.
    points: tuple[int, ...]
    encounters: tuple[Encounter, ...]
    #: "" at this terminal, "host" or "guest" over the network.
    network: str = ""


@dataclass
class Records:
    """What a save folder holds of your games, oldest first."""

    #: The folder read.
    folder: Path = Path()
    games: list[GameRecord] = field(default_factory=list)
    #: Files that could not be read, each with why (a save that cannot be
    #: opened is not a game lost from the count without a word).
    unreadable: list[tuple[Path, str]] = field(default_factory=list)
    #: Finished games with several people at this terminal and nobody named.
    shared_terminal: int = 0
    #: Games not finished yet (not counted until they are).
    unfinished: int = 0


def your_seats(header: SaveHeader, name: str | None = None) -> list[int]:
    """The seats of a save that a person at this terminal played (a guest's
    own seat), those named ``name`` if one is given (case and spaces aside)."""
    players = len(header.seats)
    if header.meta.get(ROLE_KEY) == "guest":
        text = header.meta.get("net_seat", "")
        seats = [int(text)] if text.isdigit() and int(text) < players else []
    else:
        seats = [seat for seat, info in enumerate(header.seats) if info.kind == "human"]
    if name is not None:
        wanted = name.strip().casefold()
        seats = [seat for seat in seats if header.seats[seat].name.strip().casefold() == wanted]
    return seats


def _ahead(mine: tuple[int, int], theirs: tuple[int, int]) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def read_records(folder: str | os.PathLike[str], name: str | None = None) -> Records:
    """Your finished games in ``folder`` (see the module's words), oldest first."""
    records = Records(Path(folder))
    for entry in list_saves(folder):
        header = entry.header
        if header is None:
            records.unreadable.append((entry.path, entry.error or ""))
            continue
        if is_unfinished(header):
            if your_seats(header, name):
                records.unfinished += 1
            continue
        seats = your_seats(header, name)
        if not seats:
            continue
        if len(seats) > 1:
            records.shared_terminal += 1
            continue
        try:
            saved = load_save(entry.path)
        except SaveError as exc:
            records.unreadable.append((entry.path, exc.detail))
            continue
        record = _record(entry.path, saved.header, saved.match.totals, saved.match.gem_totals, seats[0])
        if record is not None:
            records.games.append(record)
    records.games.sort(key=lambda game: (game.finished, game.path.name))
    return records


def _record(
    path: Path, header: SaveHeader, points: tuple[int, ...], gems: tuple[int, ...], seat: int
) -> GameRecord | None:
    keys = list(zip(points, gems, strict=True))
    mine = keys[seat]
    best = max(keys)
    leaders = sum(1 for key in keys if key == best)
    outcome = Outcome.LOST if mine != best else Outcome.WON if leaders == 1 else Outcome.SHARED
    encounters = tuple(
        Encounter(opponent_of(info.kind), info.name, _ahead(mine, keys[other]))
        for other, info in enumerate(header.seats)
        if other != seat
    )
    role = header.meta.get(ROLE_KEY, "")
    return GameRecord(
        path,
        header.updated,
        header.setup.players,
        header.rounds,
        seat,
        header.seats[seat].name,
        outcome,
        points,
        encounters,
        role if role in ("host", "guest") else "",
    )


# -- counting ---------------------------------------------------------------------------


@dataclass
class Tally:
    """Results counted: won, shared (even) and lost."""

    won: int = 0
    shared: int = 0
    lost: int = 0

    @property
    def games(self) -> int:
        return self.won + self.shared + self.lost

    def add(self, score: float) -> None:
        if score >= 1.0:
            self.won += 1
        elif score <= 0.0:
            self.lost += 1
        else:
            self.shared += 1

    @property
    def share(self) -> float:
        """The share of the points: a win 1, a shared win or an even result a half."""
        return (self.won + self.shared / 2) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The share's Wilson 95% interval."""
        return wilson(self.share, self.games)


SCORES: Final[dict[Outcome, float]] = {Outcome.WON: 1.0, Outcome.SHARED: 0.5, Outcome.LOST: 0.0}


@dataclass
class Summary:
    """Your record: the games, the counts, the rating and its history."""

    records: Records
    overall: Tally
    #: Per opponent (:func:`opponent_of`), in :func:`opponent_order`.
    against: dict[str, Tally]
    rating: Rating | None
    #: The rating after each game that had a result against a bot on the
    #: ladder: (the game's number, from 1, the rating then).
    history: list[tuple[int, Rating]]


def opponent_order(opponent: str) -> tuple[int, int, str]:
    """The ladder's bots weakest first, then other bots, programs, people."""
    levels = list(LADDER)
    if opponent in LADDER:
        return (0, levels.index(opponent), "")
    if opponent == ENGINE:
        return (2, 0, "")
    if opponent == PEOPLE:
        return (3, 0, "")
    return (1, 0, opponent)


def summarise(records: Records) -> Summary:
    overall = Tally()
    against: dict[str, Tally] = {}
    sums = RatingSums()
    history: list[tuple[int, Rating]] = []
    for number, game in enumerate(records.games, start=1):
        overall.add(SCORES[game.outcome])
        rated = False
        for encounter in game.encounters:
            against.setdefault(encounter.opponent, Tally()).add(encounter.score)
            place = LADDER.get(encounter.opponent)
            if place is not None:
                sums.add(place, encounter.score)
                rated = True
        if rated:
            rating = sums.rating()
            assert rating is not None
            history.append((number, rating))
    ordered = {key: against[key] for key in sorted(against, key=opponent_order)}
    return Summary(records, overall, ordered, sums.rating(), history)


def summary_of(folder: str | os.PathLike[str], name: str | None = None) -> Summary:
    """Your record in ``folder`` (read, counted and rated)."""
    return summarise(read_records(folder, name))


def recent(games: Iterable[GameRecord], count: int) -> list[GameRecord]:
    """The last ``count`` games, newest first."""
    return list(reversed(list(games)))[:count]


__all__ = [
    "ENGINE",
    "PEOPLE",
    "SCORES",
    "Encounter",
    "GameRecord",
    "Outcome",
    "Records",
    "Summary",
    "Tally",
    "opponent_of",
    "opponent_order",
    "read_records",
    "recent",
    "summarise",
    "summary_of",
    "your_seats",
]
