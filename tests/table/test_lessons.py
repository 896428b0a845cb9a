"""The guided first game's steps: each has a real position where its goal can be reached."""

from __future__ import annotations

import pytest

from indigo_tui.engine import GemMoved
from indigo_tui.table.lessons import (
    LEARNER,
    LESSONS,
    Lesson,
    goal_moves,
    lesson_game,
    lesson_session,
    reaches,
)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_every_step_has_a_position_where_its_goal_is_reached(lesson: Lesson) -> None:
    session, start = lesson_session(lesson)
    game = session.game
    assert game.board.placements == start and not game.over
    assert game.turn == LEARNER and session.human_to_move
    view = game.view(LEARNER)
    moves = goal_moves(lesson.goal, view)
    assert moves, lesson.key
    if lesson.goal == "end":
        assert game.board.gems_on_board <= 2
        return
    # Each way shown does what the step asks, once played.
    events = game.push(moves[0])
    assert reaches(lesson.goal, [e for e in events if isinstance(e, GemMoved)])


def test_the_same_step_is_the_same_position_every_time() -> None:
    for lesson in LESSONS:
        assert lesson_game(lesson) == lesson_game(lesson)


def test_a_shared_gate_is_not_an_own_gate_and_a_meeting_scores_nobody() -> None:
    own = GemMoved(6, "emerald", (0, 1), "gate", gate=0, scorers=(LEARNER,))
    shared = GemMoved(6, "emerald", (0, 1), "gate", gate=1, scorers=(LEARNER, 1))
    theirs = GemMoved(6, "emerald", (0, 1), "gate", gate=1, scorers=(1,))
    met = GemMoved(6, "emerald", (0, 1), "met", other=7)
    assert reaches("gate", [own]) and reaches("gate", [shared]) and not reaches("gate", [theirs])
    assert reaches("shared", [shared]) and not reaches("shared", [own])
    assert reaches("met", [met]) and not reaches("met", [own])
    assert not reaches("travel", [met]) and not reaches("end", [own])
