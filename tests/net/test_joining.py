"""A guest's welcome taken up against the record it claimed its seat with
(net/joining.py): the events it keeps, the claim it makes, and a host that
goes on from events the seat never had."""

from __future__ import annotations

import msgspec
import pytest

from indigo_tui.engine import Game, Setup
from indigo_tui.net.joining import claim_of, take_up
from indigo_tui.net.protocol import Breach, Claim, ProtocolError, Welcome
from indigo_tui.net.state import SeatState
from indigo_tui.saves import GuestRecord

SETUP = Setup(2)


def played(moves: int) -> Game:
    game = Game.new(SETUP, 7)
    for _ in range(moves):
        game.push(game.legal_moves[0])
    return game


def welcome(from_seq: int, *, game_id: str = "g1") -> Welcome:
    return Welcome(
        game_id, 1, "token-2", SETUP, ["Bob", "Ann"], ["remote", "human"], "c1", from_seq, True, "indigo"
    )


def record(events_of: Game, *, game_id: str = "g1") -> GuestRecord:
    return GuestRecord(
        host="10.0.0.2",
        port=7777,
        code="TIGER",
        name="Ann",
        game_id=game_id,
        seat=1,
        token="token-1",
        setup=SETUP,
        seat_names=["Bob", "Ann"],
        seat_kinds=["remote", "human"],
        commitment="c1",
        events=list(events_of.view(1).events),
    )


def test_a_claim_says_how_far_the_record_goes() -> None:
    assert claim_of(None) is None
    kept = record(played(3))
    state = SeatState(SETUP, 1)
    state.replace(kept.events)
    assert claim_of(kept) == Claim("g1", 1, "token-1", state.length, state.last_hash, 0)
    # Events that do not fold (a damaged record): the seat claims none of them.
    broken = msgspec.structs.replace(kept, events=kept.events[1:])
    assert claim_of(broken) == Claim("g1", 1, "token-1", 0, SeatState(SETUP, 1).hash_at(0) or "", 0)


def test_the_seat_keeps_its_events_up_to_where_the_host_goes_on() -> None:
    kept = record(played(3))
    seated = take_up(welcome(4), kept, host="10.0.0.2", port=7811, code="TIGER", name="Ann")
    assert seated.state.length == 4 and seated.state.events == kept.events[:4]
    assert seated.past == [] and seated.past_games == []
    # The record from now on: the welcome's seat and token, how this guest joined.
    assert (seated.record.token, seated.record.port, seated.record.events) == (
        "token-2",
        7811,
        kept.events[:4],
    )
    assert (seated.record.seat_names, seated.record.round, seated.record.commitment) == (
        ["Bob", "Ann"],
        0,
        "c1",
    )


def test_a_host_that_goes_on_from_events_the_seat_never_had_breaks_the_protocol() -> None:
    kept = record(played(3))
    with pytest.raises(ProtocolError) as broken:
        take_up(welcome(len(kept.events) + 1), kept, host="h", port=1, code="TIGER", name="Ann")
    assert broken.value.fault.code is Breach.RESUME
    # A record of another game is no help: the seat starts from nothing.
    other = record(played(3), game_id="g0")
    assert take_up(welcome(0), other, host="h", port=1, code="TIGER", name="Ann").state.length == 0
    with pytest.raises(ProtocolError) as broken:
        take_up(welcome(2), other, host="h", port=1, code="TIGER", name="Ann")
    assert (broken.value.fault.code, broken.value.fault.args) == (Breach.RESUME, (2, 0))
