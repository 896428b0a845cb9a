"""A bot seat of the host that fails: the host's notices say which seat and
why, the stand-in plays each move it fails at, and the game goes on to its end."""

from __future__ import annotations

import asyncio

from support.failing_bots import IllegalBot, RaisingBot

from indigo_tui.bots import make_bot
from indigo_tui.i18n import in_language
from indigo_tui.net.host import HostSession
from indigo_tui.net.notices import Problem

from .conftest import LIMIT, Listening, make_guest, make_host, play_guest


def problems(host: HostSession) -> list[str]:
    said = []
    while not host.notices.empty():
        notice = host.notices.get_nowait()
        if isinstance(notice, Problem):
            said.append(notice.text)
    return said


async def play_against(listening: Listening, bot: object) -> HostSession:
    """A guest plays the whole game against the host's seat 1, played by ``bot``."""
    host = make_host(["bot:greedy", "remote"])
    host.bot_seats.bots[0] = bot  # type: ignore[assignment]
    port = await listening(host)
    guest = make_guest(port)
    await asyncio.wait_for(guest.connect(), LIMIT)
    host.begin()
    await asyncio.wait_for(play_guest(guest, make_bot("random", 5)), LIMIT)
    await guest.close()
    return host


async def test_a_bot_seat_that_raises_is_told_at_each_move_and_the_game_goes_on(listening: Listening) -> None:
    bot = RaisingBot()
    with in_language("en"):
        host = await play_against(listening, bot)
        said = problems(host)
    # To the end of the game: every move of seat 1 was the stand-in's, and each was told.
    assert host.game.over
    moves = sum(1 for seat, _move in host.game.moves if seat == 0)
    assert moves > 10 and bot.asked == moves
    notice = "Seat 1 could not move (the bot's own bug); Greedy bot played this move instead."
    assert [text for text in said if "could not move" in text] == [notice] * moves


async def test_a_bot_seat_whose_moves_the_rules_refuse_is_told_and_the_game_goes_on(
    listening: Listening,
) -> None:
    with in_language("en"):
        host = await play_against(listening, IllegalBot())
        said = problems(host)
    assert host.game.over
    refused = [text for text in said if text.startswith("Seat 1 chose a move the rules refuse (")]
    assert len(refused) == sum(1 for seat, _move in host.game.moves if seat == 0)
