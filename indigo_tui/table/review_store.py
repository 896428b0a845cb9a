"""Stored game reviews: the move ratings of a game, kept next to its file.

A review of ``NAME`` (a save file or a canonical record) is kept in
``NAME.review`` (a later round of a match in ``NAME.round2.review`` and so
on), a JSON document written atomically, so that opening the
review again does not compute it twice. It names the game it rates by a
SHA-256 of the round's event log and the analysis that made it (the
reviewing bot, the seed and the analysis version). Reading it is strict and
distrustful: a file that is damaged, of another game or of another analysis,
or whose ratings do not follow the game's moves, is ignored with a notice,
never used. See ``docs/save-format.md``.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Final, Literal

import msgspec

from ..bots.review import ANALYSIS_VERSION, MoveRating, Reviewer, sure_verdict
from ..engine import Game
from ..i18n import _
from ..i18n.words import os_problem
from ..saves import NoSuchFile, SaveError, read_with, write_atomic

FORMAT: Final = "indigo-review"
VERSION: Final = 1
SUFFIX: Final = ".review"


class StoredReview(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: Literal["indigo-review"]
    version: int
    #: :data:`~indigo_tui.bots.review.ANALYSIS_VERSION` of the analysis.
    analysis: int
    #: The reviewing bot's spec and the review's seed.
    bot: str
    seed: str
    #: SHA-256 (hex) of the reviewed round's event log.
    game: str
    #: Ratings of the first placements, in order (all of them once complete).
    ratings: list[MoveRating]


_decoder = msgspec.json.Decoder(StoredReview)


def review_path(path: Path, round_index: int = 0) -> Path:
    """Where the review of round ``round_index`` (from 0) of ``path`` is kept:
    ``NAME.review`` for the first round, ``NAME.round2.review`` and so on for
    the later rounds of a match, so each round is rated once."""
    if round_index == 0:
        return path.with_name(path.name + SUFFIX)
    return path.with_name(f"{path.name}.round{round_index + 1}{SUFFIX}")


def game_key(game: Game) -> str:
    return hashlib.sha256(msgspec.json.encode(game.log)).hexdigest()


def _check(ratings: Sequence[MoveRating], game: Game) -> str | None:
    """Why ``ratings`` cannot be ratings of ``game``'s moves, or None."""
    moves = game.moves
    if len(ratings) > len(moves):
        return _("more ratings than moves")
    replay = Game(game.setup, game.deck, round_index=game.round_index)
    for index, (rating, (seat, move)) in enumerate(zip(ratings, moves, strict=False)):
        if rating.move != index or rating.seat != seat or rating.played != move:
            return _("rating {index} is not of move {index}").format(index=index)
        view = replay.view(seat)
        numbers = (
            rating.loss,
            rating.uncertainty,
            rating.played_points,
            rating.best_points,
            *rating.expected,
        )
        if (
            not view.is_legal(rating.best)
            or len(rating.expected) != game.setup.players
            or not all(math.isfinite(x) and x >= 0 for x in numbers)
            or rating.verdict != sure_verdict(rating.loss, rating.uncertainty)
        ):
            return _("rating {index} does not hold together").format(index=index)
        replay.push(move)
    return None


def load_review(path: Path, game: Game, reviewer: Reviewer) -> tuple[list[MoveRating], str | None]:
    """The stored ratings of ``game`` by ``reviewer`` and a notice (a sentence):
    ``([], None)`` when nothing is stored, ``([], why)`` when what is stored is
    not trusted."""
    file = review_path(path, game.round_index)
    try:
        stored = read_with(file, _decoder.decode)
    except NoSuchFile:
        return [], None
    except SaveError as exc:
        return [], _("The stored review {file} cannot be read ({reason}); reviewing again.").format(
            file=file.name, reason=exc.detail
        )
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError):
        return [], _("The stored review {file} is damaged and was ignored; reviewing again.").format(
            file=file.name
        )
    if stored.version != VERSION or stored.analysis != ANALYSIS_VERSION:
        return [], _("The stored review {file} was made by another version and was ignored.").format(
            file=file.name
        )
    if stored.game != game_key(game):
        return [], _("The stored review {file} is of another game and was ignored.").format(file=file.name)
    if stored.bot != reviewer.spec or stored.seed != str(reviewer.seed):
        return [], _("The stored review {file} was made with {bot}; reviewing with {other}.").format(
            file=file.name, bot=stored.bot, other=reviewer.spec
        )
    problem = _check(stored.ratings, game)
    if problem is not None:
        return [], _("The stored review {file} was ignored: {reason}.").format(file=file.name, reason=problem)
    return list(stored.ratings), None


def store_review(path: Path, game: Game, reviewer: Reviewer, ratings: Sequence[MoveRating]) -> str | None:
    """Keep ``ratings`` next to ``path``; a notice if that failed (the review
    is still shown, only not kept)."""
    stored = StoredReview(
        FORMAT, VERSION, ANALYSIS_VERSION, reviewer.spec, str(reviewer.seed), game_key(game), list(ratings)
    )
    file = review_path(path, game.round_index)
    try:
        write_atomic(file, msgspec.json.encode(stored))
    except OSError as exc:
        return _("The review could not be kept in {file}: {reason}").format(
            file=file.name, reason=os_problem(exc)
        )
    return None
