"""A network game between a terminal in German and one in Dutch: refusals and
notices travel as codes, and each terminal says them in its own language.

Host and guest run in this process over 127.0.0.1 (the helpers of
tests/net), so each side's words are drawn with that side's language; the
catalogs are made in memory, so the test holds whatever the translators have
done so far.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

import pytest
from net.conftest import LIMIT, listening, make_guest, make_host
from support.polling import until

from indigo_tui.engine import Move
from indigo_tui.i18n import in_language
from indigo_tui.net import protocol, transport
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.net.notices import MoveRefused, Notice, PlayStarted, UndoSettled, notice_text

from .support import catalog_for

__all__ = ["listening"]  # the fixture of tests/net, used here

GERMAN = {
    "that cell already holds a tile": "auf diesem Feld liegt schon eine Wegetafel",
    "{seat}'s move refused: {reason}": "Zug von {seat} abgelehnt: {reason}",
    "the game has started": "das Spiel hat begonnen",
    "there is no move of this seat to take back": "dieser Platz hat keinen Zug zum Zurücknehmen",
}
DUTCH = {
    "that cell already holds a tile": "op dat veld ligt al een wegkaartje",
    "the game has started": "het spel is begonnen",
    "there is no move of this seat to take back": "deze plaats heeft geen zet om terug te nemen",
}


def _drain(queue: asyncio.Queue[Notice]) -> list[Notice]:
    notices = []
    while not queue.empty():
        notices.append(queue.get_nowait())
    return notices


async def test_a_german_host_and_a_dutch_guest_each_read_their_own(
    listening: Callable[[HostSession], Awaitable[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[protocol.Message] = []
    encode = protocol.encode_body

    def watching(message: protocol.Message) -> bytes:
        sent.append(message)
        return encode(message)

    # Every message on the wire, to show what travels: codes, and English only for old peers.
    monkeypatch.setattr(transport, "encode_body", watching)
    with catalog_for("de", GERMAN), catalog_for("nl", DUTCH):
        host = make_host(["human", "remote"])
        port = await listening(host)
        guest: GuestSession = make_guest(port)
        with in_language("nl"):
            await asyncio.wait_for(guest.connect(), LIMIT)
        host.begin()
        reader = asyncio.create_task(guest.run())
        try:
            await until(lambda: guest.state is not None and guest.state.length == len(host.game.log))
            first = host.game.legal_moves[0]
            with in_language("de"):
                assert await host.play(0, first) is None
            await until(lambda: guest.state is not None and guest.state.board.turn == 1)
            assert guest.state is not None
            hand = guest.state.hand

            # The guest (Dutch) plays on the host's tile: both are told why, each in its language.
            with in_language("nl"):
                said = await guest.play(Move(first.cell, hand[0], 0))
                assert said == "op dat veld ligt al een wegkaartje"
                guest_notices = _drain(guest.notices)
                refused = [n for n in guest_notices if isinstance(n, MoveRefused)]
                assert [n.reason_text for n in refused] == ["op dat veld ligt al een wegkaartje"]
                started = [notice_text(n) for n in guest_notices if isinstance(n, PlayStarted)]
                assert started == ["het spel is begonnen"]
            with in_language("de"):
                host_notices = _drain(host.notices)
                refused = [n for n in host_notices if isinstance(n, MoveRefused)]
                assert [notice_text(n) for n in refused] == [
                    "Zug von Guest abgelehnt: auf diesem Feld liegt schon eine Wegetafel"
                ]
                assert [notice_text(n) for n in host_notices if isinstance(n, PlayStarted)] == [
                    "das Spiel hat begonnen"
                ]

            # An undo the host refuses: the guest reads the outcome in Dutch, the host in German.
            await until(lambda: guest.state is not None and guest.state.board.turn == 1)
            with in_language("nl"):
                accepted, outcome = await asyncio.wait_for(guest.request_undo(), LIMIT)
            assert (accepted, outcome) == (False, "deze plaats heeft geen zet om terug te nemen")
            with in_language("de"):
                settled = [n for n in _drain(host.notices) if isinstance(n, UndoSettled)]
                assert [notice_text(n) for n in settled] == ["dieser Platz hat keinen Zug zum Zurücknehmen"]
        finally:
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(guest.close(), LIMIT)

    # What crossed the wire: the refusals' codes, and no German or Dutch word.
    rejected = [m for m in sent if isinstance(m, protocol.MoveRejected)]
    assert [(m.code, m.reason) for m in rejected] == [("occupied", "that cell already holds a tile")]
    results = [m for m in sent if isinstance(m, protocol.UndoResult)]
    assert [(m.code, m.reason) for m in results] == [
        ("no_move_to_undo", "there is no move of this seat to take back")
    ]
    words = {*GERMAN.values(), *DUTCH.values()}
    assert not any(word in repr(message) for message in sent for word in words)
