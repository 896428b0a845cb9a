"""The sealed channel and the host's budgets, against hostile peers on 127.0.0.1.

A :class:`Relay` sits between a guest and the host, records every byte and
can alter whole frames on the way (the frame headers are in clear, so an
on-path attacker can do the same)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import secrets
import socket
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from support.polling import until

from indigo_tui.bots import make_bot
from indigo_tui.net.channel import confirmation, derive_keys, transcript_hash
from indigo_tui.net.common import JoinError
from indigo_tui.net.deal import VERIFIED
from indigo_tui.net.guard import Budgets, GuessLimiter
from indigo_tui.net.host import HostSession
from indigo_tui.net.protocol import (
    HEADER,
    HEADER_SIZE,
    MAX_CLEAR_FRAME,
    PROTOCOL_VERSION,
    Breach,
    Error,
    Exchange,
    Fault,
    Heartbeat,
    ProtocolError,
    decode_body,
    decode_frames,
    encode_body,
    encode_frame,
)
from indigo_tui.net.reasons import fault_text
from indigo_tui.net.seal import Channel, FrameCipher, SealBroken, SessionKeys
from indigo_tui.net.transport import Connection, ConnectionLost

from .conftest import CODE, LIMIT, Listening, make_guest, make_host, play_guest

Alter = Callable[[int, bytes], list[bytes]]


class Relay:
    """Forwards one guest's connection to the host frame by frame, keeping a
    copy of every byte each way; ``up``/``down`` may replace frame ``i``
    (counted from 0, handshake included) by other frames."""

    def __init__(self, target: int, *, up: Alter | None = None, down: Alter | None = None) -> None:
        self.target = target
        self.alter = {"up": up, "down": down}
        self.recorded: dict[str, bytearray] = {"up": bytearray(), "down": bytearray()}
        self.frames: dict[str, list[bytes]] = {"up": [], "down": []}
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def _serve(self, guest_r: asyncio.StreamReader, guest_w: asyncio.StreamWriter) -> None:
        host_r, host_w = await asyncio.open_connection("127.0.0.1", self.target)
        for way, source, sink in (("up", guest_r, host_w), ("down", host_r, guest_w)):
            task = asyncio.create_task(self._pipe(way, source, sink))
            self._tasks.add(task)

    async def _pipe(self, way: str, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while True:
                header = await source.readexactly(HEADER_SIZE)
                (length,) = HEADER.unpack(header)
                frame = header + await source.readexactly(length)
                index = len(self.frames[way])
                self.frames[way].append(frame)
                self.recorded[way] += frame
                alter = self.alter[way]
                sink.write(b"".join(alter(index, frame) if alter else [frame]))
                await sink.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            sink.close()

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in self._tasks:
            task.cancel()


def mangle(mode: str, at: int) -> Alter:
    """What an on-path attacker does to frame ``at`` of one direction."""
    seen: list[bytes] = []
    held: list[bytes] = []

    def alter(index: int, frame: bytes) -> list[bytes]:
        seen.append(frame)
        if index == at:
            if mode == "tamper":
                return [frame[:-1] + bytes([frame[-1] ^ 1])]
            if mode == "drop":
                return []
            if mode == "replay":
                return [seen[at - 1], frame]
            if mode == "inject":
                forged = secrets.token_bytes(len(frame) - HEADER_SIZE)
                return [HEADER.pack(len(forged)) + forged, frame]
            if mode == "reorder":
                held.append(frame)
                return []
        if index == at + 1 and held:
            return [frame, held.pop()]
        return [frame]

    return alter


def _texts(host: HostSession) -> list[str]:
    texts = []
    while not host.notices.empty():
        texts.append(host.notices.get_nowait().text)
    return texts


async def _raw(port: int, data: bytes, *, read: bool = True) -> list[object]:
    """Send ``data`` on a fresh connection; the messages that come back until
    the host closes it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    reply = await asyncio.wait_for(reader.read(), LIMIT) if read else b""
    writer.close()
    messages, _ = decode_frames(reply)
    return list(messages)


# -- the cipher ----------------------------------------------------------------


def _keys(code: bytes = b"K7WQ2M") -> SessionKeys:
    return derive_keys(code * 4, transcript_hash(b"hello", b"exchange"))


def test_every_key_is_different_and_depends_on_the_transcript() -> None:
    keys = _keys()
    four = {keys.confirm_guest, keys.confirm_host, keys.guest_to_host, keys.host_to_guest}
    assert len(four) == 4 and all(len(k) == 32 for k in four)
    other = derive_keys(b"K7WQ2M" * 4, transcript_hash(b"hello", b"exchangf"))
    assert other.guest_to_host != keys.guest_to_host
    assert confirmation(keys.confirm_guest, keys.transcript) != confirmation(
        keys.confirm_host, keys.transcript
    )


def test_frames_open_only_in_order_and_only_that_way() -> None:
    keys = _keys()
    guest, host = Channel.for_guest(keys), Channel.for_host(keys)
    sealed = [guest.outgoing.seal(f"frame {i}".encode()) for i in range(3)]
    assert host.incoming.open(sealed[0]) == b"frame 0"
    with pytest.raises(SealBroken) as broken:
        host.incoming.open(sealed[2])  # frame 1 was dropped
    assert broken.value.fault == Fault(Breach.SEAL_BROKEN, (1,))
    assert fault_text(broken.value.fault) == (
        "frame 1 failed its integrity check (altered, replayed, reordered, dropped or injected on the way)"
    )
    fresh = Channel.for_host(keys)
    assert fresh.incoming.open(sealed[0]) == b"frame 0"
    with pytest.raises(SealBroken):
        fresh.incoming.open(sealed[0])  # replayed
    with pytest.raises(SealBroken):
        Channel.for_guest(keys).incoming.open(sealed[0])  # reflected back to its sender
    assert sealed[0] != guest.outgoing.seal(b"frame 0")  # same text, another nonce


async def test_a_spent_frame_counter_ends_the_connection() -> None:
    class _Writer:
        written = b""

        def get_extra_info(self, name: str) -> None:
            return None

        def is_closing(self) -> bool:
            return False

        def write(self, data: bytes) -> None:
            self.written += data

        def close(self) -> None:
            pass

    writer = _Writer()
    conn = Connection(asyncio.StreamReader(), writer, read_timeout=1.0)  # type: ignore[arg-type]
    keys = _keys()
    conn.seal(Channel(FrameCipher(keys.guest_to_host, 2**64 - 1), FrameCipher(keys.host_to_guest)), 1024)
    conn.send_nowait(Heartbeat(1.0))  # the last nonce there is
    assert not conn.closed and writer.written
    conn.send_nowait(Heartbeat(2.0))
    assert conn.closed


async def test_a_frame_trickled_a_byte_at_a_time_is_dropped_within_one_read_timeout() -> None:
    reader = asyncio.StreamReader()

    class _Writer:
        def get_extra_info(self, name: str) -> None:
            return None

    conn = Connection(reader, _Writer(), read_timeout=0.5)  # type: ignore[arg-type]
    frame = encode_frame(Error("x" * 200, "protocol"))
    loop = asyncio.get_running_loop()
    fed: list[int] = []

    def feed(byte: int) -> None:
        fed.append(byte)
        reader.feed_data(bytes([byte]))

    # The peer's pace (20 s for the frame), not a wait of ours.
    trickle = [loop.call_later(0.1 * i, feed, byte) for i, byte in enumerate(frame[:-1])]
    with pytest.raises(ConnectionLost, match=r"only part of a frame within 0\.5 s"):
        await conn.read(Breach.EXPECTED_HELLO)
    # Dropped by the frame's deadline while the peer was still trickling (a
    # timeout per byte would never have fired).
    assert 0 < len(fed) < len(frame) - 1
    for call in trickle:
        call.cancel()


# -- the guess limiter, on a clock we turn by hand ---------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_guessing_from_one_address_is_held_to_its_rate_after_a_burst() -> None:
    clock = Clock()
    said: list[str] = []
    limiter = GuessLimiter(per_address_rate=0.5, per_address_burst=3, clock=clock, on_guessing=said.append)
    for _ in range(3):
        assert limiter.reserve("10.0.0.9") == 0.0
        limiter.failed("10.0.0.9")
    assert limiter.reserve("10.0.0.9") == pytest.approx(2.0)  # a token every 2 s
    limiter.failed("10.0.0.9")
    assert limiter.reserve("10.0.0.9") == pytest.approx(4.0)  # queued behind the one before
    limiter.cancel("10.0.0.9")  # that one gave up: its turn goes back
    clock.now += 4.0
    assert limiter.reserve("10.0.0.9") == 0.0
    assert limiter.reserve("10.0.0.7") == 0.0  # another address is not held up
    assert said == ["10.0.0.9"] and limiter.failures == 4  # said once


def test_guessing_from_many_addresses_is_held_to_the_overall_rate() -> None:
    clock = Clock()
    limiter = GuessLimiter(rate=4.0, burst=10, clock=clock)
    waits = []
    for i in range(30):
        waits.append(limiter.reserve(f"10.0.{i}.1"))
        limiter.failed(f"10.0.{i}.1")
    assert waits[:10] == [0.0] * 10
    assert waits[10:] == pytest.approx([(n + 1) / 4.0 for n in range(20)])
    clock.now += 60.0
    assert limiter.reserve("10.0.99.1") == 0.0  # the buckets fill up again


def test_key_exchanges_are_held_to_their_own_rate() -> None:
    clock = Clock()
    limiter = GuessLimiter(exchange_rate=10.0, exchange_burst=3, clock=clock)
    assert [limiter.exchange(within=1.0) for _ in range(5)] == pytest.approx([0.0, 0.0, 0.0, 0.1, 0.2])
    assert limiter.exchange(within=0.25) is None  # it would wait 0.3 s: refused, no token taken
    assert limiter.exchange(within=1.0) == pytest.approx(0.3)
    clock.now += 1.0
    assert limiter.exchange(within=0.0) == 0.0  # paid back, with tokens to spare
    assert limiter.failures == 0  # an exchange is not a wrong guess


def test_the_right_code_does_not_use_up_turns() -> None:
    clock = Clock()
    limiter = GuessLimiter(rate=1.0, burst=2, per_address_rate=1.0, per_address_burst=2, clock=clock)
    for _ in range(50):
        assert limiter.reserve("10.0.0.1") == 0.0
        limiter.cancel("10.0.0.1")  # a proof that was right
    assert limiter.failures == 0


def test_the_limiter_forgets_quiet_addresses_first() -> None:
    clock = Clock()
    limiter = GuessLimiter(per_address_burst=1, clock=clock, max_addresses=3)
    for address in ("a", "b", "c"):
        limiter.reserve(address)
        limiter.cancel(address)
    limiter.reserve("guesser")
    assert "guesser" in limiter._addresses and len(limiter._addresses) <= 3


# -- whole peers ------------------------------------------------------------------


async def test_a_relay_records_nothing_after_the_key_exchange_that_decodes(
    listening: Listening, tmp_path: Path
) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    relay = Relay(port)
    plain: list[bytes] = []
    guest = make_guest(await relay.start(), name="Zephyrine", on_frame=plain.append)
    try:
        await asyncio.wait_for(guest.connect(), LIMIT)
        host.begin()
        await asyncio.wait_for(play_guest(guest, make_bot("random", 5)), LIMIT)
        assert host.game.over and guest.deal == VERIFIED
        await guest.close()
    finally:
        relay.close()
    up, down = relay.frames["up"], relay.frames["down"]
    # In clear: hello and confirmation one way, exchange and confirmation the other.
    assert [type(decode_body(f[HEADER_SIZE:])).__name__ for f in up[:2]] == ["Hello", "Confirm"]
    assert [type(decode_body(f[HEADER_SIZE:])).__name__ for f in down[:2]] == ["Exchange", "Confirm"]
    sealed = up[2:] + down[2:]
    assert len(sealed) > 50
    for frame in sealed:
        with pytest.raises(ProtocolError):
            decode_body(frame[HEADER_SIZE:])
    stream = bytes(relay.recorded["up"] + relay.recorded["down"])
    token = host.tokens[1]
    assert token.encode() not in stream and msgspec.msgpack.encode(token) not in stream
    assert b"Zephyrine" not in stream and host.game_id.encode() not in stream
    # Not one message the guest received appears in what went over the wire.
    bodies = [frame[HEADER_SIZE:] for frame in plain[2:]]
    assert len(bodies) > 50 and all(body not in stream for body in bodies if len(body) > 8)
    deck = host.game.deck
    assert deck is not None and msgspec.msgpack.encode(list(deck)) not in stream


@pytest.mark.parametrize("mode", ["tamper", "drop", "replay", "inject", "reorder"])
async def test_a_frame_altered_on_the_way_ends_that_connection_and_the_game_goes_on(
    listening: Listening, tmp_path: Path, mode: str
) -> None:
    host = make_host(["bot:greedy", "remote", "remote"])
    port = await listening(host)
    relay = Relay(port, up=mangle(mode, 4))  # hello, confirm, join, then the first frames of play
    victim = make_guest(await relay.start(), name="Vic", save_dir=tmp_path / "vic")
    other = make_guest(port, name="Oli", save_dir=tmp_path / "oli")
    try:
        await asyncio.wait_for(victim.connect(), LIMIT)
        await asyncio.wait_for(other.connect(), LIMIT)
        host.begin()
        with pytest.raises(JoinError, match="failed its integrity check") as ended:
            await asyncio.wait_for(victim.run(), LIMIT)
        # Not the host's doing: the victim is told so, and may rejoin (net/rejoin.py).
        assert ended.value.code == "integrity"
    finally:
        relay.close()
    await until(lambda: victim.seat not in host.links)
    texts = _texts(host)
    assert any("failed its integrity check" in t for t in texts), texts
    assert other.seat in host.links and not host.closed
    # The player behind the broken connection comes back, and both play to the end.
    again = make_guest(port, name="Vic", save_dir=tmp_path / "vic", record=victim.record)
    await asyncio.wait_for(again.connect(), LIMIT)
    assert again.seat == victim.seat
    await asyncio.wait_for(
        asyncio.gather(play_guest(again, make_bot("random", 1)), play_guest(other, make_bot("random", 2))),
        LIMIT,
    )
    assert host.game.over and again.deal == other.deal == VERIFIED


async def test_a_frame_altered_on_the_way_to_the_guest_ends_its_session_clearly(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    relay = Relay(port, down=mangle("tamper", 3))
    guest = make_guest(await relay.start())
    try:
        await asyncio.wait_for(guest.connect(), LIMIT)
        host.begin()
        with pytest.raises(
            JoinError, match="the connection was tampered with: frame 1 failed its integrity"
        ) as ended:
            await asyncio.wait_for(play_guest(guest, make_bot("random", 1)), LIMIT)
        assert ended.value.code == "integrity"
    finally:
        relay.close()
    await until(lambda: 1 not in host.links)
    assert not host.closed


async def test_a_wrong_code_is_one_guess_said_once_and_the_right_code_gets_in(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    for code in ("WRONG1", "WRONG2", "k7wq2n"):
        with pytest.raises(JoinError, match="refused by the host: wrong join code") as refused:
            await asyncio.wait_for(make_guest(port, code=code).connect(), LIMIT)
        assert refused.value.code == "code"
    assert host.door.limiter.failures == 3
    texts = _texts(host)
    assert sum("wrong join code" in t for t in texts) == 1, texts
    guest = make_guest(port, code=" k7wq2m ")  # codes are read trimmed and in any case
    await asyncio.wait_for(guest.connect(), LIMIT)
    assert guest.seat == 1


async def test_a_replayed_handshake_is_only_a_wrong_guess(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    relay = Relay(port)
    guest = make_guest(await relay.start())
    try:
        await asyncio.wait_for(guest.connect(), LIMIT)
        await guest.close()
    finally:
        relay.close()
    await until(lambda: 1 not in host.links)
    # Everything the guest sent (hello, proof, sealed join, goodbye), sent again as it was.
    replies = await _raw(port, bytes(relay.recorded["up"]))
    # The host answered with a key exchange of its own, not the recorded one.
    recorded = decode_body(relay.frames["down"][0][4:])
    assert isinstance(recorded, Exchange) and isinstance(replies[0], Exchange)
    assert replies[0].pake != recorded.pake
    assert replies[1:] == [Error("wrong join code", "code")]
    assert host.door.limiter.failures == 1 and 1 not in host.links


@pytest.mark.parametrize("old", range(1, PROTOCOL_VERSION))
async def test_an_old_peer_gets_the_version_message_in_clear(listening: Listening, old: int) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    old_hello = msgspec.msgpack.encode({"type": "hello", "protocol": old, "app": "0.4.0", "name": "Old"})
    replies = await _raw(port, HEADER.pack(len(old_hello)) + old_hello)
    assert len(replies) == 1 and isinstance(replies[0], Error) and replies[0].code == "version"
    reason = replies[0].reason
    assert f"the host speaks version {PROTOCOL_VERSION}" in reason and f"the guest version {old}" in reason


async def test_a_slow_sender_is_dropped_within_the_handshake_deadline(listening: Listening) -> None:
    # A read timeout the trickle never reaches: only the deadline can drop it.
    host = make_host(["bot:greedy", "remote"], read_timeout=15.0)
    host.door.budgets = Budgets(handshake_deadline=1.0)
    port = await listening(host)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(HEADER.pack(60))
    sent: list[int] = []

    async def trickle() -> None:
        for byte in range(60):
            writer.write(b"\x00")
            sent.append(byte)
            await asyncio.sleep(0.2)  # the attacker's pace

    sender = asyncio.create_task(trickle())
    try:
        # Closed by the host: an end of stream, or a reset when a byte of ours
        # arrives after the host has closed.
        with contextlib.suppress(ConnectionResetError):
            assert await asyncio.wait_for(reader.read(), LIMIT) == b""
    finally:
        sender.cancel()
        writer.close()
    # The deadline (its 1 s in the words), not the 15 s read timeout, and
    # while the 60 bytes (12 s of them) were still coming.
    assert len(sent) < 60
    texts = _texts(host)
    assert any("only part of a frame within 1 s" in t or "joining within 1 s" in t for t in texts), texts


async def test_before_the_code_is_proven_frames_are_small(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"], read_timeout=30.0)
    port = await listening(host)
    # By the header alone: a host that waited for the body would say nothing
    # until its 30 s read timeout, and then not this.
    replies = await _raw(port, HEADER.pack(MAX_CLEAR_FRAME + 1))
    # The English for older guests, and the code and numbers for each guest to say in its language.
    reason = f"a frame of {MAX_CLEAR_FRAME + 1} bytes is over the 1024-byte limit"
    assert replies == [Error(reason, "protocol", (MAX_CLEAR_FRAME + 1, 1024), "too_large")]


@pytest.mark.parametrize(
    "budgets",
    [
        Budgets(max_pending=3),
        Budgets(max_pending_per_address=3),
        Budgets(max_connections=3),
    ],
    ids=["pending", "pending-per-address", "connections"],
)
async def test_connections_over_a_cap_are_refused_at_once_and_the_guest_gets_in_after(
    listening: Listening, budgets: Budgets
) -> None:
    host = make_host(["bot:greedy", "remote"])
    host.door.budgets = budgets
    port = await listening(host)
    idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
    await until(lambda: host.door.pending == 3)
    replies = await _raw(port, b"")
    assert replies == [Error("the host is busy with other connections; try again in a moment", "busy")]
    with pytest.raises(JoinError, match="busy") as refused:
        await asyncio.wait_for(make_guest(port).connect(), LIMIT)
    assert refused.value.code == "busy"
    for _, writer in idle:
        writer.close()
    await until(lambda: not host.door.pending and not host.door.connections)
    guest = make_guest(port)
    await asyncio.wait_for(guest.connect(), LIMIT)
    assert guest.seat == 1


async def test_guessing_past_the_limit_is_refused_without_a_check(listening: Listening) -> None:
    clock = Clock()
    host = make_host(["bot:greedy", "remote"])
    host.door.limiter = GuessLimiter(per_address_burst=1, per_address_rate=0.01, clock=clock)
    host.door.limiter.on_guessing = host.door._guessing
    port = await listening(host)
    with pytest.raises(JoinError, match="wrong join code"):
        await asyncio.wait_for(make_guest(port, code="WRONG1").connect(), LIMIT)
    # The next proof would have to wait 100 s, past the handshake deadline:
    # refused before it is checked, even the right one.
    for code in ("WRONG2", CODE):
        with pytest.raises(JoinError, match="too many wrong join codes lately; try again in 100 s"):
            await asyncio.wait_for(make_guest(port, code=code).connect(), LIMIT)
    assert host.door.limiter.failures == 1
    clock.now += 100.0
    guest = make_guest(port)
    await asyncio.wait_for(guest.connect(), LIMIT)
    assert guest.seat == 1


async def test_a_flood_of_key_exchanges_waits_its_turn_or_is_told_busy(listening: Listening) -> None:
    clock = Clock()
    host = make_host(["bot:greedy", "remote"])
    host.door.limiter = GuessLimiter(exchange_rate=0.05, exchange_burst=2, clock=clock)
    port = await listening(host)
    for _ in range(2):
        with pytest.raises(JoinError, match="wrong join code"):
            await asyncio.wait_for(make_guest(port, code="WRONG1").connect(), LIMIT)
    # The next exchange would wait 20 s, past the handshake deadline.
    with pytest.raises(JoinError, match="busy") as refused:
        await asyncio.wait_for(make_guest(port).connect(), LIMIT)
    assert refused.value.code == "busy"
    clock.now += 20.0
    guest = make_guest(port)
    await asyncio.wait_for(guest.connect(), LIMIT)
    assert guest.seat == 1


async def test_out_of_file_descriptors_pauses_accepting_with_one_line(
    listening: Listening, monkeypatch: pytest.MonkeyPatch
) -> None:
    loop = asyncio.get_running_loop()
    real_accept = loop.sock_accept
    failures = {"left": 40}

    async def accept(sock: socket.socket) -> tuple[socket.socket, object]:
        if failures["left"] > 0:
            failures["left"] -= 1
            raise OSError(errno.EMFILE, "Too many open files")
        return await real_accept(sock)

    monkeypatch.setattr(loop, "sock_accept", accept)
    host = make_host(["bot:greedy", "remote"])
    host.door.budgets = Budgets(accept_pause=0.01)
    port = await listening(host)
    guest = make_guest(port)
    await asyncio.wait_for(guest.connect(), LIMIT)  # waited in the backlog, then got in
    assert failures["left"] == 0 and guest.seat == 1
    texts = _texts(host)
    assert sum("out of file descriptors" in t for t in texts) == 1, texts


async def test_a_guest_after_a_flood_of_silent_connections_gets_in(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"])
    host.door.budgets = Budgets(handshake_deadline=2.0, max_pending=20, max_pending_per_address=20)
    port = await listening(host)
    flood = [await asyncio.open_connection("127.0.0.1", port) for _ in range(60)]
    busy = 0
    for reader, writer in flood:
        reply = await asyncio.wait_for(reader.read(), LIMIT)  # busy at once, or dropped at the deadline
        busy += bool(reply)
        writer.close()
    assert busy >= 40
    texts = _texts(host)
    assert len(texts) <= 6 and "not shown for a minute" in texts[-1], texts
    await until(lambda: not host.door.connections)
    guest = make_guest(port)
    await asyncio.wait_for(guest.connect(), LIMIT)
    assert guest.seat == 1


def test_the_guest_does_not_need_the_host_code_in_clear() -> None:
    # The hello carries the protocol, the app and a SPAKE2 element; never the code.
    from spake2 import SPAKE2_A

    from indigo_tui.net.channel import GUEST_ID, HOST_ID
    from indigo_tui.net.protocol import Hello

    pake = SPAKE2_A(CODE.encode(), idA=GUEST_ID, idB=HOST_ID).start()
    body = encode_body(Hello(2, "1.0", pake))
    assert CODE.encode() not in body and CODE.lower().encode() not in body
    assert len(body) < 100
