"""Engine seats in the --seats option: a program's command line is one seat.

(From tests/bots/test_engine_seat.py: the option is read by saves/'s
``seat_kinds``, so the bots' tests need nothing of saves.)
"""

from __future__ import annotations

import pytest

from indigo_tui.saves import SeatInfo, seat_kinds


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ('human,engine:"python my bot.py"', ["human", "engine:python my bot.py"]),
        (
            "Human, BOT:Greedy, engine:python My.py --x=1",
            ["human", "bot:greedy", "engine:python My.py --x=1"],
        ),
        ('human,engine:"run --a=2,3",bot:random', ["human", "engine:run --a=2,3", "bot:random"]),
    ],
)
def test_engine_seats_in_the_seats_option(text: str, kinds: list[str]) -> None:
    assert seat_kinds(text) == kinds
    (engine,) = (SeatInfo("E", kind) for kind in kinds if kind.startswith("engine:"))
    assert engine.is_bot and engine.bot == engine.kind
