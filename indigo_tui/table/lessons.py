"""The guided first game: a few steps on real boards, each with one thing to
do, that walk a newcomer through the game (``indigo learn``, and "Learn to
play" on the title screen).

Each step (:class:`Lesson`) is a position of a real game and a goal for the
person's next placement: placing a tile after turning it, a gem's travel,
a gem out through one's own gate, through a gate shared with another seat,
two gems meeting, and playing a game to its end. The position is found, not
drawn by hand: a game dealt from the step's seed is played on by seeded
random moves until the person's seat is to move and a placement reaching the
goal exists (:func:`lesson_game`), so that it follows the rules as the
engine has them, whatever changes there. The same seed always gives the
same position (the engine is deterministic with a seed).

No Textual here: the screen (``ui/screens/learn.py``) shows a step, and asks
:func:`reaches` whether the person's placement did what the step asks, and
:func:`goal_moves` for a way to do it (the "show me" key).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ..engine import Game, GemMoved, Move, Setup
from ..engine.board import GONE
from ..engine.views import SeatView
from ..i18n import N_
from ..saves import SeatInfo, default_seat_names
from .session import NewGame, Session

#: What a step asks of the person's placement.
Goal = Literal["place", "travel", "gate", "shared", "met", "end"]

#: The seat the person plays in every step (A, the first to move).
LEARNER: Final = 0
#: Moves a search for a step's position may play before it gives up on a seed.
SEARCH_MOVES: Final = 54
#: Seeds a search may try, from the step's own, before the step has no position.
SEARCH_SEEDS: Final = 40
#: The bot every other seat of a step is played by (a registry name).
LESSON_BOT: Final = "greedy"
#: The end step starts when no more gems than this are left on the board.
END_GEMS: Final = 2


@dataclass(frozen=True)
class Lesson:
    """One step of the guided game: its title, what to do, what was learnt
    (English message ids, marked ``N_``), and the game it is played in."""

    key: str
    title: str
    task: str
    done: str
    goal: Goal
    players: int
    seed: int
    #: Random moves played at least before the step's position (the board not bare).
    least: int = 0


LESSONS: Final[tuple[Lesson, ...]] = (
    Lesson(
        "place",
        N_("Placing a tile"),
        N_(
            "Your tile is in your hand, on the right. Turn it with r (R turns it back), move the "
            "cursor over the board with the arrow keys, and place it on a free cell with enter. "
            "A red cell says the tile may not go there, and why."
        ),
        N_(
            "Placed! After each placement you draw a new tile. Every tile has three paths; "
            "a gem that reaches a path follows it."
        ),
        "place",
        2,
        2,
    ),
    Lesson(
        "travel",
        N_("A gem's travel"),
        N_(
            "Place a tile against the treasure tile in the middle: a gem leaves it along the path "
            "your tile joins to it and moves to the path's far end. The panel's what-if line says "
            "where, before you place."
        ),
        N_(
            "The gem moved to the end of the path and waits there. Whoever extends that path "
            "moves it on: gems only ever move forward along paths, never back."
        ),
        "travel",
        2,
        2,
        least=2,
    ),
    Lesson(
        "gate",
        N_("Your gates"),
        N_(
            "The board's six sides are gates. Yours carry your letter, A. Steer a gem out through "
            "one of your gates and it is yours: amber 1 point, emerald 2, sapphire 3. "
            "h puts the cursor on a way to do it."
        ),
        N_(
            "The gem is yours: the scoreboard counts it. A gem that leaves through another "
            "player's gate goes to them, so watch where your paths lead."
        ),
        "gate",
        2,
        5,
    ),
    Lesson(
        "shared",
        N_("Shared gates"),
        N_(
            "With three or four players some gates are shared: they carry two letters, like 2AB. "
            "A gem through a shared gate gives each owner a gem of its kind. Send one out through "
            "a gate you share (h shows a way)."
        ),
        N_(
            "You and the other owner each took a gem of that kind from the supply. A shared gate "
            "helps you both, so it is worth less to you than a gate of your own."
        ),
        "shared",
        3,
        1,
    ),
    Lesson(
        "met",
        N_("Two gems meet"),
        N_(
            "Two gems that meet on a path both leave the game, and nobody scores them. That stops "
            "a gem heading for another player's gate. Place a tile so that two gems meet "
            "(the what-if shows ✕ where they would; h shows a way)."
        ),
        N_("Both gems are out of the game: a good defence when a gem would score for someone else."),
        "met",
        2,
        5,
    ),
    Lesson(
        "end",
        N_("The end of the game"),
        N_(
            "The game ends when the last gem leaves the board. Only a few are left here: play on "
            "against the bot to the end. The most points win; a tie goes to the one with more gems."
        ),
        N_(
            "That is the whole game. New game on the title screen starts one of your own; "
            "? shows every key, and Rules the rules with a picture of each tile."
        ),
        "end",
        2,
        3,
    ),
)


def reaches(goal: Goal, gem_moves: Sequence[GemMoved], seat: int = LEARNER) -> bool:
    """Whether a placement whose gems moved so reaches ``goal`` for ``seat``
    (the end step's goal is reached by the game's end, not by a placement)."""
    if goal == "place":
        return True
    if goal == "travel":
        return any(move.outcome == "rest" for move in gem_moves)
    if goal == "gate":
        return any(move.outcome == "gate" and seat in move.scorers for move in gem_moves)
    if goal == "shared":
        return any(
            move.outcome == "gate" and seat in move.scorers and len(move.scorers) > 1 for move in gem_moves
        )
    if goal == "met":
        return any(move.outcome == "met" for move in gem_moves)
    return False


def goal_moves(goal: Goal, view: SeatView) -> list[Move]:
    """The placements in ``view``'s position that reach ``goal`` (all of them
    for a goal any placement reaches)."""
    if not view.my_turn:
        return []
    moves = view.legal_moves
    if goal in ("place", "end"):
        return moves
    return [move for move in moves if reaches(goal, view.preview(move), view.seat)]


def _ready(lesson: Lesson, game: Game, played: int) -> bool:
    """Whether ``game`` is a position to play ``lesson`` in."""
    if game.over or game.turn != LEARNER or played < lesson.least:
        return False
    if lesson.goal == "end":
        on_board = sum(1 for slot in game.board.gem_slot if slot != GONE)
        return on_board <= END_GEMS
    return bool(goal_moves(lesson.goal, game.view(LEARNER)))


def lesson_game(lesson: Lesson) -> tuple[int, list[Move]]:
    """The seed and the moves before the person's first of ``lesson``: from
    the lesson's seed on, the first seed whose random play reaches a position
    for the lesson within :data:`SEARCH_MOVES` moves. LookupError (of its key) if none
    does (a test holds every lesson to having one)."""
    setup = Setup(players=lesson.players)
    for seed in range(lesson.seed, lesson.seed + SEARCH_SEEDS):
        game = Game.new(setup, seed=seed)
        choose = random.Random(seed)
        moves: list[Move] = []
        while len(moves) <= SEARCH_MOVES:
            if _ready(lesson, game, len(moves)):
                return seed, moves
            if game.over:
                break
            move = choose.choice(game.legal_moves)
            game.push(move)
            moves.append(move)
    raise LookupError(lesson.key)


def lesson_session(lesson: Lesson) -> tuple[Session, int]:
    """A table for ``lesson``: the person at seat A, greedy bots at the others,
    the position played to; no save folder (a lesson is not a game to
    continue). With the number of moves the position starts from (a lesson's
    undo goes no further back)."""
    seed, moves = lesson_game(lesson)
    kinds = ["human", *([f"bot:{LESSON_BOT}"] * (lesson.players - 1))]
    seats = [SeatInfo(name, kind) for name, kind in zip(default_seat_names(kinds), kinds, strict=True)]
    session = Session.start(NewGame(Setup(players=lesson.players), seats, seed=seed), None)
    for move in moves:
        session.play(move)
    return session, len(moves)


__all__ = ["LEARNER", "LESSONS", "Goal", "Lesson", "goal_moves", "lesson_game", "lesson_session", "reaches"]
