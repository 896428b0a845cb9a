"""The transit relay client (``net/relay.py``): internet codes, channels, the
relay's address, and pairing through a real ``magic-wormhole-transit-relay``
process and through a relay of our own, all on 127.0.0.1 and bounded."""

from __future__ import annotations

import asyncio
import re
import socket

import msgspec
import pytest
from support.polling import until

from indigo_tui.engine import Setup
from indigo_tui.net.common import JoinError
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.joining import record_fits
from indigo_tui.net.protocol import HEADER, Heartbeat, encode_body, frame
from indigo_tui.net.rejoin import rejoin_seat
from indigo_tui.net.relay import (
    DEFAULT_RELAY,
    GUEST_SIDE,
    HOST_SIDE,
    PAIR_TIMEOUT,
    RELAY_ENV,
    Backoff,
    CodeError,
    InternetCode,
    Pace,
    Relay,
    RelayDoor,
    RelayError,
    RelayProblem,
    RelayState,
    RelayStatus,
    handshake_line,
    is_internet_code,
    new_internet_code,
    open_relayed,
    pair,
    parse_internet_code,
    parse_relay,
    reach_host,
    relay_from,
    table_channel,
)
from indigo_tui.net.rendezvous import new_table_key
from indigo_tui.net.transport import ConnectionLost
from indigo_tui.saves import GuestRecord

from .transit import RecordingRelay, TransitRelay

#: A hang-stop for every wait on the network here (never waited out when all is well).
LIMIT = 30.0
CODE = InternetCode("4821", "K7WQ2M")
#: A table's relay channel (from a table key only the table has).
CHANNEL = table_channel(new_table_key())


# -- codes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed",
    ["4821-K7WQ2M", "4821-k7wq2m", " 4821 - K7WQ2M ", "4821 K7WQ2M", "4821 k7wq 2m", "4821–K7WQ2M"],
)
def test_a_code_is_read_however_it_was_typed(typed: str) -> None:
    assert parse_internet_code(typed) == CODE
    assert str(parse_internet_code(typed)) == "4821-K7WQ2M"
    assert is_internet_code(typed)


@pytest.mark.parametrize(
    "typed",
    [
        "K7WQ2M",
        "4821K7WQ2M",
        "4821111-K7WQ2M",
        "4821-",
        "4821-K7!Q2M",
        "192.168.1.20",
        "host:7777",
        "4821-K7W",
    ],
)
def test_what_is_not_a_code_is_said_in_one_line(typed: str) -> None:
    assert not is_internet_code(typed)
    with pytest.raises(CodeError) as caught:
        parse_internet_code(typed)
    said = str(caught.value)
    assert "\n" not in said and "4821-K7WQ2M" in said and repr(typed.strip()) in said


def test_no_code_at_all_is_said_too() -> None:
    with pytest.raises(CodeError, match="no code given"):
        parse_internet_code("   ")


def test_new_codes_are_four_digits_and_six_unmistakable_characters() -> None:
    codes = {str(new_internet_code()) for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert re.fullmatch(r"\d{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}", code), code
        assert parse_internet_code(code.lower()) == parse_internet_code(code)


def test_the_channel_comes_from_the_table_key_only() -> None:
    key = new_table_key()
    assert table_channel(key) == table_channel(key.lower()) != table_channel(new_table_key())
    assert re.fullmatch(r"[0-9a-f]{64}", table_channel(key))
    # Nothing of the code, nor of the key, is in what the relay reads.
    assert key.lower() not in table_channel(key) and "4821" not in table_channel(key)


def test_the_handshake_line_is_the_one_the_relay_reads() -> None:
    # The relay's own pattern (magic-wormhole-transit-relay, transit_server.py).
    line = handshake_line(CHANNEL, HOST_SIDE)
    assert line.endswith(b"\n")
    assert re.search(rb"^please relay (\w{64}) for side (\w{16})$", line[:-1])
    assert HOST_SIDE != GUEST_SIDE and len(HOST_SIDE) == len(GUEST_SIDE) == 16


# -- which relay ---------------------------------------------------------------


def test_the_relay_is_the_option_else_the_environment_else_the_public_one() -> None:
    environ = {RELAY_ENV: "relay.example:4100"}
    assert relay_from("127.0.0.1:5000", environ) == Relay("127.0.0.1", 5000)
    assert relay_from(None, environ) == Relay("relay.example", 4100)
    assert relay_from(None, {}) == parse_relay(DEFAULT_RELAY) == Relay("transit.magic-wormhole.io", 4001)
    assert relay_from(None, {RELAY_ENV: "  "}) == parse_relay(DEFAULT_RELAY)
    assert relay_from("my.relay", {}) == Relay("my.relay", 4001)
    assert str(Relay("::1", 4001)) == "[::1]:4001"


def test_a_bad_relay_address_names_where_it_came_from() -> None:
    with pytest.raises(ValueError, match=r"^--relay: .*port"):
        relay_from("host:99999", {})
    with pytest.raises(ValueError, match=rf"^the environment variable {RELAY_ENV}: .*port"):
        relay_from(None, {RELAY_ENV: "host:port"})


# -- through a real transit relay ----------------------------------------------


async def _exchange(one: socket.socket, other: socket.socket) -> None:
    """Bytes go both ways, the relay's ``ok`` not among them."""
    loop = asyncio.get_running_loop()
    await loop.sock_sendall(one, b"hello from one")
    await loop.sock_sendall(other, b"hello from other")
    assert await _read(other, 14) == b"hello from one"
    assert await _read(one, 16) == b"hello from other"


async def _read(sock: socket.socket, size: int) -> bytes:
    loop = asyncio.get_running_loop()
    got = b""
    async with asyncio.timeout(LIMIT):
        while len(got) < size:
            chunk = await loop.sock_recv(sock, size - len(got))
            assert chunk, f"closed after {got!r}"
            got += chunk
    return got


async def _closed(sock: socket.socket) -> bool:
    loop = asyncio.get_running_loop()
    async with asyncio.timeout(LIMIT):
        try:
            return await loop.sock_recv(sock, 1) == b""
        except ConnectionError:
            return True


async def test_a_host_and_a_guest_pair_through_a_real_relay(shared_transit_relay: TransitRelay) -> None:
    relay = parse_relay(shared_transit_relay.address)
    channel = table_channel(new_table_key())
    async with asyncio.timeout(LIMIT):
        host, guest = await asyncio.gather(
            pair(relay, channel, HOST_SIDE), reach_host(relay, channel, pair_timeout=LIMIT)
        )
    try:
        await _exchange(host, guest)
    finally:
        host.close()
        guest.close()


async def test_two_hosts_of_one_nameplate_never_pair_with_each_other(
    shared_transit_relay: TransitRelay,
) -> None:
    relay = parse_relay(shared_transit_relay.address)
    channel = table_channel(new_table_key())
    first = asyncio.create_task(pair(relay, channel, HOST_SIDE))
    second = asyncio.create_task(pair(relay, channel, HOST_SIDE))
    # Both wait (same side); a guest then pairs with one, and the relay drops the other.
    waiting = await asyncio.wait({first, second}, timeout=0.5)
    assert not waiting[0]
    guest = await reach_host(relay, channel, pair_timeout=LIMIT)
    async with asyncio.timeout(LIMIT):
        done, _ = await asyncio.wait({first, second}, return_when=asyncio.ALL_COMPLETED)
    paired = [task.result() for task in done if task.exception() is None]
    dropped = [task.exception() for task in done if task.exception() is not None]
    assert len(paired) == 1 and len(dropped) == 1
    assert isinstance(dropped[0], RelayError) and dropped[0].problem is RelayProblem.DROPPED
    try:
        await _exchange(paired[0], guest)
    finally:
        paired[0].close()
        guest.close()


async def test_guests_arriving_together_all_reach_the_host_door(shared_transit_relay: TransitRelay) -> None:
    relay = parse_relay(shared_transit_relay.address)
    channel = table_channel(new_table_key())
    accepted: list[socket.socket] = []
    said: list[RelayStatus] = []
    door = RelayDoor(relay, channel, accepted.append, said.append)
    running = asyncio.create_task(door.run())
    try:
        async with asyncio.timeout(LIMIT):
            guests = await asyncio.gather(*(reach_host(relay, channel, pair_timeout=LIMIT) for _ in range(3)))
        await until(lambda: len(accepted) >= 3)
        assert door.paired == 3
        # Each guest is glued to one of the host's connections: a byte from
        # each comes out at exactly one of them.
        loop = asyncio.get_running_loop()
        for number, guest in enumerate(guests):
            await loop.sock_sendall(guest, bytes([65 + number]))
        heard = sorted([(await _read(host, 1))[0] for host in accepted])
        assert heard == [65, 66, 67]
        assert [s.state for s in said] == [RelayState.REACHING, RelayState.WAITING]
        assert said[1].text == f"waiting for friends at the relay {relay}"
    finally:
        running.cancel()
        for sock in [*accepted, *guests]:
            sock.close()


async def test_the_door_waits_for_room_before_sending_the_next_connection(
    shared_transit_relay: TransitRelay,
) -> None:
    relay = parse_relay(shared_transit_relay.address)
    channel = table_channel(new_table_key())
    accepted: list[socket.socket] = []
    room = asyncio.Event()
    refused: list[int] = []  # the door's "no room" answers, counted

    def has_room() -> bool:
        if room.is_set() or not accepted:
            return True
        refused.append(len(accepted))
        return False

    door = RelayDoor(relay, channel, accepted.append, lambda status: None, room=has_room)
    running = asyncio.create_task(door.run())
    try:
        first = await reach_host(relay, channel, pair_timeout=LIMIT)
        # No room: the next guest waits at the relay, unpaired, until there is.
        second_waits = asyncio.Event()
        second = asyncio.create_task(
            reach_host(relay, channel, pair_timeout=LIMIT, on_waiting=second_waits.set)
        )
        await asyncio.wait_for(second_waits.wait(), LIMIT)
        # The door has since asked for room three times more and been told no:
        # it waits for room, with no connection of its own at the relay.
        asked = len(refused)
        await until(lambda: len(refused) >= asked + 3)
        assert not second.done() and len(accepted) == 1
        room.set()
        async with asyncio.timeout(LIMIT):
            second_sock = await second
        second_sock.close()
        first.close()
    finally:
        running.cancel()
        for sock in accepted:
            sock.close()


async def test_the_door_rides_out_a_relay_restart(transit_relay: TransitRelay) -> None:
    relay = parse_relay(transit_relay.address)
    accepted: list[socket.socket] = []
    said: list[RelayStatus] = []
    door = RelayDoor(relay, CHANNEL, accepted.append, said.append, backoff=Backoff(first=0.05, cap=0.2))
    running = asyncio.create_task(door.run())
    try:
        guest = await reach_host(relay, CHANNEL, pair_timeout=LIMIT)
        # (Not killed before the host's side has its "ok" too: the relay writes
        # the two one after the other.)
        await until(lambda: accepted)
        await asyncio.to_thread(transit_relay.stop)
        # The relayed connection breaks with the relay; the door says the relay is gone.
        assert await _closed(guest)
        await until(lambda: door.state is RelayState.UNREACHABLE)
        assert said[-1].text.startswith(f"cannot reach the relay at {relay} (")
        assert said[-1].text.endswith("; trying again every 0.2 s")
        await asyncio.to_thread(transit_relay.start)
        # Back by itself: a new guest gets in through the same code.
        again = await reach_host(relay, CHANNEL, pair_timeout=LIMIT)
        await until(lambda: len(accepted) >= 2)
        await _exchange(accepted[1], again)
        assert [s.state for s in said] == [
            RelayState.REACHING,
            RelayState.WAITING,
            RelayState.UNREACHABLE,
            RelayState.WAITING,
        ]
        guest.close()
        again.close()
    finally:
        running.cancel()
        for sock in accepted:
            sock.close()


async def test_a_guest_with_no_host_behind_the_code_is_told_in_one_line(
    shared_transit_relay: TransitRelay,
) -> None:
    relay = parse_relay(shared_transit_relay.address)
    channel = table_channel(new_table_key())
    waiting: list[bool] = []
    with pytest.raises(RelayError) as caught:
        await reach_host(relay, channel, pair_timeout=0.5, on_waiting=lambda: waiting.append(True))
    assert caught.value.problem is RelayProblem.NO_HOST
    assert waiting == [True]
    assert str(caught.value) == (
        f"the host did not come to the relay {relay} within 0.5 s: check that the host is still running "
        "and that you both use the same relay"
    )


async def test_a_rejoin_through_the_relay_ends_when_its_time_does(recording_relay: RecordingRelay) -> None:
    # Nobody hosts behind the code: each attempt waits at the relay for a host
    # that never comes, yet no longer than the rejoin has left (not PAIR_TIMEOUT).
    relay = parse_relay(recording_relay.address)
    session = GuestSession(relay.host, relay.port, new_table_key(), relay=relay)
    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(JoinError, match=r"^could not rejoin the host: the host did not come to the relay"):
        async with asyncio.timeout(LIMIT):
            await rejoin_seat(session, 1.0)
    assert loop.time() - began < PAIR_TIMEOUT


async def test_a_guest_connection_through_the_relay_carries_frames(
    shared_transit_relay: TransitRelay,
) -> None:
    relay = parse_relay(shared_transit_relay.address)
    channel = table_channel(new_table_key())
    host_side = asyncio.create_task(pair(relay, channel, HOST_SIDE))
    conn = await open_relayed(relay, channel, pair_timeout=LIMIT)
    try:
        host = await host_side
        assert conn.peer == str(relay)
        await conn.send(Heartbeat(1.0))
        loop = asyncio.get_running_loop()
        body = await _read(host, 4)
        assert len(await _read(host, HEADER.unpack(body)[0])) > 0
        await loop.sock_sendall(host, frame(encode_body(Heartbeat(2.0))))
        assert await conn.read_from_host(LIMIT) == Heartbeat(2.0)
        host.close()
    finally:
        await conn.close()


async def test_a_guest_that_cannot_pair_loses_the_connection_in_one_line() -> None:
    relay = Relay("127.0.0.1", _closed_port())
    with pytest.raises(
        ConnectionLost, match=r"^cannot reach the relay at 127\.0\.0\.1:\d+ \(Connection refused\)$"
    ):
        await open_relayed(relay, CHANNEL, pair_timeout=LIMIT)


# -- relays that are not there, or not relays ----------------------------------


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_relay_nobody_runs_is_unreachable_in_one_line() -> None:
    relay = Relay("127.0.0.1", _closed_port())
    with pytest.raises(RelayError) as caught:
        await reach_host(relay, CHANNEL, pair_timeout=LIMIT)
    assert caught.value.problem is RelayProblem.UNREACHABLE
    assert str(caught.value) == f"cannot reach the relay at {relay} (Connection refused)"


async def test_a_relay_name_that_does_not_resolve_is_unreachable() -> None:
    relay = Relay("no-such-relay.invalid", 4001)
    with pytest.raises(RelayError) as caught:
        await pair(relay, CHANNEL, GUEST_SIDE)
    assert caught.value.problem is RelayProblem.UNREACHABLE
    assert str(caught.value).startswith("cannot reach the relay at no-such-relay.invalid:4001 (")


@pytest.mark.parametrize(
    ("answer", "problem", "words"),
    [
        (b"bad handshake\n", RelayProblem.REFUSED, "refused the handshake"),
        (b"HTTP/1.1 400 Bad Request\r\n\r\n", RelayProblem.CONFUSED, "answered what a transit relay"),
        (b"o", RelayProblem.DROPPED, "closed the connection before pairing it"),
        (b"", RelayProblem.DROPPED, "closed the connection before pairing it"),
    ],
)
async def test_what_a_broken_relay_answers_is_said(answer: bytes, problem: RelayProblem, words: str) -> None:
    relay = RecordingRelay(answer=answer)
    relay.start()
    try:
        with pytest.raises(RelayError) as caught:
            await pair(parse_relay(relay.address), CHANNEL, GUEST_SIDE)
        assert caught.value.problem is problem
        assert words in str(caught.value) and "\n" not in str(caught.value)
        assert relay.lines == [handshake_line(CHANNEL, GUEST_SIDE)]
    finally:
        relay.stop()


async def test_the_recording_relay_pairs_and_records_like_the_real_one(
    recording_relay: RecordingRelay,
) -> None:
    relay = parse_relay(recording_relay.address)
    accepted: list[socket.socket] = []
    door = RelayDoor(relay, CHANNEL, accepted.append, lambda status: None)
    running = asyncio.create_task(door.run())
    try:
        guests = await asyncio.gather(*(reach_host(relay, CHANNEL, pair_timeout=LIMIT) for _ in range(2)))
        await until(lambda: len(accepted) >= 2)
        loop = asyncio.get_running_loop()
        for guest in guests:
            await loop.sock_sendall(guest, b"knock")
        for host in accepted:
            assert await _read(host, 5) == b"knock"
        assert len(recording_relay.pairs) == 2
        assert recording_relay.relayed() == b"knock" * 2
        assert {frozenset(pair.sides) for pair in recording_relay.pairs} == {
            frozenset((HOST_SIDE, GUEST_SIDE))
        }
    finally:
        running.cancel()
        for sock in [*accepted, *guests]:
            sock.close()


def test_backoff_retries_quickly_a_few_times_then_at_the_pace_it_says() -> None:
    backoff = Backoff(first=0.25, cap=5.0)
    assert [backoff.next() for _ in range(6)] == [0.25, 0.5, 1.0, 5.0, 5.0, 5.0]
    backoff.reset()
    assert backoff.next() == 0.25


async def test_the_pace_lets_a_few_through_then_one_a_gap() -> None:
    pace = Pace(burst=3, gap=0.05, window=10.0)
    loop = asyncio.get_running_loop()
    began = loop.time()
    for _attempt in range(3):
        await pace.turn()
    quick = loop.time() - began
    for _attempt in range(4):
        await pace.turn()
    # Four more took at least four gaps (longer under load, never shorter).
    assert loop.time() - began - quick >= 4 * 0.05 - 0.01


def test_a_record_is_claimed_across_the_internet_only_by_its_table_key() -> None:
    key = new_table_key()
    relay = Relay("127.0.0.1", 4001)
    record = GuestRecord(
        host="127.0.0.1",
        port=4001,
        code=key,
        name="Gus",
        game_id="g1",
        seat=1,
        token="t",
        setup=Setup(2),
        seat_names=["A", "B"],
        seat_kinds=["human", "remote"],
        commitment="",
        events=[],
        rounds=1,
        round=0,
        past=[],
    )
    # A spoken code typed is a new meeting (maybe another game at the same relay) ...
    assert not record_fits(record, "7-K7WQ2M", relay, rejoin=False)
    # ... a rejoin, or the key itself, takes the seat back; on a LAN the host says.
    assert record_fits(record, "7-K7WQ2M", relay, rejoin=True)
    assert record_fits(record, key.lower(), relay, rejoin=False)
    assert record_fits(record, "ANYCODE", None, rejoin=False)
    old = msgspec.structs.replace(record, code="4821-K7WQ2M")
    assert not record_fits(old, "4821-K7WQ2M", relay, rejoin=True)
