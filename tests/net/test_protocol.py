"""The codec, the framing over streams, the state fold and the deal commitment."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from typing import get_args

import msgspec
import pytest

from indigo_tui.bots.stand_in import make_stand_in
from indigo_tui.engine import Game, GameStarted, Move, Setup, TileDrawn, public_event, shuffled_deck
from indigo_tui.net.common import heartbeat, new_join_code, parse_address
from indigo_tui.net.deal import Deal, DealCode, check_reveal, commitment, deals_meta, verify_deal
from indigo_tui.net.protocol import (
    HEADER,
    MAX_FRAME,
    PROTOCOL_VERSION,
    Breach,
    Bye,
    ChatHeld,
    ChatLine,
    Claim,
    Confirm,
    Error,
    Exchange,
    Fault,
    FrameTooLarge,
    FromGuest,
    FromHost,
    GameEvent,
    Handshake,
    Heartbeat,
    Hello,
    HintCounts,
    HintNotCounted,
    HintUsed,
    Join,
    Message,
    MoveAck,
    MoveRejected,
    MoveRequest,
    NewGame,
    NextRound,
    PastRound,
    ProtocolError,
    RematchAnswer,
    RematchOff,
    RematchState,
    Reveal,
    Say,
    SeatStatus,
    Started,
    TimedOut,
    TurnClock,
    UndoAsk,
    Undone,
    UndoRequest,
    UndoResult,
    UndoVote,
    Welcome,
    YourDraw,
    body_length,
    decode_body,
    decode_frames,
    decode_from_guest,
    decode_from_host,
    decode_handshake,
    encode_body,
    encode_frame,
)
from indigo_tui.net.reasons import deal_text, fault_text
from indigo_tui.net.state import FoldError, SeatState
from indigo_tui.net.transport import Connection, ConnectionLost
from indigo_tui.saves import PlayedRound

from .conftest import busy_reader_after_a_goodbye

SETUP = Setup(2)

#: Examples of each kind of message (a kind with optional fields: with and without them).
EXAMPLES: list[Message] = [
    Hello(PROTOCOL_VERSION, "0.1.0", b"\x01" * 33),
    Exchange(b"\x02" * 33),
    Confirm(b"\x03" * 32),
    Join("Ann", Claim("g1", 1, "tok", 12, "0123456789abcdef")),
    Join("Ann"),
    Welcome("g1", 1, "tok", SETUP, ["A", "B"], ["bot:greedy", "remote"], "c" * 64, 0, True, "0.1.0"),
    Welcome(
        "g1",
        1,
        "tok",
        SETUP,
        ["A", "B"],
        ["human", "remote"],
        "c" * 64,
        0,
        True,
        "0.1.0",
        hints=True,
        rounds=3,
        round=1,
        past=[PastRound(tuple(shuffled_deck(1)), "salt", [Move(30, 0, 0)])],
    ),
    Join("Ann", Claim("g1", 1, "tok", 12, "0123456789abcdef", 2)),
    SeatStatus(1, False, "B"),
    Started(40),
    GameEvent(0, GameStarted(SETUP, None, 0), "0123456789abcdef", False),
    GameEvent(3, TileDrawn(1, None), "0123456789abcdef"),
    YourDraw(3, 4),
    MoveRequest(7, 1, Move(12, 3, 2)),
    MoveAck(7, 9),
    MoveRejected(7, "that cell already holds a tile"),
    Heartbeat(1.5),
    UndoRequest(2, 1, 30),
    UndoAsk(2, 1),
    UndoVote(2, 0, True),
    UndoResult(2, False, "declined by seat 1"),
    Undone(25, "0123456789abcdef"),
    Reveal(tuple(shuffled_deck(1)), "salt"),
    NextRound(1, "c" * 64),
    Bye("the game is over"),
    Bye("seat 2 did not come back", "not_back", (1,)),
    Error("wrong join code", "code"),
    Error("desync at event 3: …", "desync", (3,), "state_hash", ("0123456789abcdef", "fedcba9876543210")),
    HintUsed(),
    HintCounts([0, 2]),
    HintNotCounted("a hint is counted only on the seat's own turn", "hint_not_your_turn"),
    TurnClock(12, 1, 60.0),
    TimedOut(1),
    Say("[bold]hi[/bold] \x1b[2J"),
    ChatLine(1, "Gus", "hello"),
    ChatLine(-1, "", "from the host"),
    ChatHeld(12.5),
    RematchAnswer(True),
    RematchState(1, (0, 2)),
    RematchOff(2, "too_often", (20,)),
    NewGame("0123456789ab", "c" * 64),
    Welcome(
        "g1",
        1,
        "tok",
        SETUP,
        ["A", "B"],
        ["human", "remote"],
        "c" * 64,
        0,
        True,
        "0.1.0",
        turn_time=60.0,
        undo_limit=3,
    ),
]
#: The examples in the order of the message union, the tests' list of every message.
EVERY_MESSAGE = [m for kind in get_args(Message) for m in EXAMPLES if type(m) is kind]


def test_every_kind_of_message_in_the_union_has_an_example() -> None:
    # A kind added to the union without an example would go untested by the round trips below.
    missing = {kind.__name__ for kind in get_args(Message)} - {type(m).__name__ for m in EVERY_MESSAGE}
    assert not missing, missing


def test_every_message_decodes_only_in_its_direction_and_phase() -> None:
    """Each reader takes its union's kinds and refuses every other kind by
    name, as the breach of the side that sent it; the wire bytes are the same."""

    def handshake(body: bytes) -> Message:
        return decode_handshake(body, Breach.EXPECTED_JOIN)

    readers: list[tuple[object, Callable[[bytes], Message], Breach]] = [
        (Handshake, handshake, Breach.EXPECTED_JOIN),
        (FromGuest, decode_from_guest, Breach.GUEST_MAY_NOT),
        (FromHost, decode_from_host, Breach.HOST_MAY_NOT),
    ]
    for message in EVERY_MESSAGE:
        body = encode_body(message)
        for union, decode, wrong_way in readers:
            if type(message) in get_args(union):
                assert decode(body) == message
            else:
                with pytest.raises(ProtocolError) as refused:
                    decode(body)
                assert refused.value.fault == Fault(wrong_way, (), (type(message).__name__,))
    # Only what goes both ways is in more than one union.
    both = set(get_args(FromGuest)) & set(get_args(FromHost))
    assert both == {Heartbeat, Bye, Error} and set(get_args(Handshake)) & both == {Bye, Error}
    # A kind nobody knows is no message at all, whichever reader meets it.
    with pytest.raises(ProtocolError) as unknown:
        decode_from_guest(msgspec.msgpack.encode({"type": "nonsense"}))
    assert unknown.value.fault.code is Breach.MALFORMED


@pytest.mark.parametrize("message", EVERY_MESSAGE, ids=lambda m: type(m).__name__)
def test_every_message_survives_a_round_trip(message: Message) -> None:
    frame = encode_frame(message)
    assert HEADER.unpack(frame[:4])[0] == len(frame) - 4
    messages, rest = decode_frames(frame)
    assert messages == [message] and rest == b""


def test_frames_split_anywhere_decode_the_same() -> None:
    stream = b"".join(encode_frame(m) for m in EVERY_MESSAGE)
    for cut in (1, 3, 4, 5, 100, len(stream) - 1):
        first, rest = decode_frames(stream[:cut])
        second, tail = decode_frames(rest + stream[cut:])
        assert first + second == EVERY_MESSAGE and tail == b""


def test_a_header_over_the_limit_is_refused_by_the_header_alone() -> None:
    with pytest.raises(FrameTooLarge) as large:
        body_length(HEADER.pack(MAX_FRAME + 1))
    assert large.value.fault == Fault(Breach.TOO_LARGE, (MAX_FRAME + 1, MAX_FRAME))
    with pytest.raises(ProtocolError) as empty:
        body_length(HEADER.pack(0))
    assert fault_text(empty.value.fault) == "an empty frame"


@pytest.mark.parametrize(
    "body",
    [
        b"\xc1",
        msgspec.msgpack.encode({"type": "nonsense"}),
        msgspec.msgpack.encode({"type": "move", "id": "x"}),
    ],
)
def test_garbage_bodies_are_protocol_errors(body: bytes) -> None:
    with pytest.raises(ProtocolError):
        decode_body(body)


def _connection(data: bytes, *, eof: bool, timeout: float = 2.0) -> Connection:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    if eof:
        reader.feed_eof()

    class _Writer:
        def get_extra_info(self, name: str) -> tuple[str, int]:
            return ("127.0.0.1", 1)

    return Connection(reader, _Writer(), read_timeout=timeout)  # type: ignore[arg-type]


async def test_oversized_frame_refused_before_its_body_is_read() -> None:
    # Only the header has arrived and the stream stays open: a reader that
    # waited for the body would sit out the whole timeout.
    # (Such a reader would end with ConnectionLost after the timeout, not this.)
    conn = _connection(HEADER.pack(50 * 1024 * 1024), eof=False, timeout=60.0)
    with pytest.raises(FrameTooLarge):
        await conn.read_from_host()


def test_an_older_peers_goodbye_without_a_code_still_decodes() -> None:
    # Version 4 peers before goodbye codes sent only the reason: no version bump was needed.
    body = msgspec.msgpack.encode({"type": "bye", "reason": "they quit"})
    assert decode_body(body) == Bye("they quit", "", ())


async def test_a_frame_cut_short_is_a_lost_connection_named_as_such() -> None:
    frame = encode_frame(Bye("x"))
    with pytest.raises(ConnectionLost, match="middle of a frame"):
        await _connection(frame[:-2], eof=True).read_from_host()
    with pytest.raises(ConnectionLost, match="middle of a frame"):
        await _connection(frame[:2], eof=True).read_from_host()
    with pytest.raises(ConnectionLost, match="closed the connection"):
        await _connection(b"", eof=True).read_from_host()


async def test_a_silent_peer_is_noticed_within_the_timeout() -> None:
    conn = _connection(b"", eof=False, timeout=0.2)
    # This timeout, not the default 5 s: the words name the one that ran out.
    with pytest.raises(ConnectionLost, match=r"no word from .* for 0\.2 s"):
        await conn.read_from_host()


async def test_a_frame_that_came_while_the_loop_was_held_up_is_read_not_called_silence() -> None:
    """A loop held up past a read's deadline (a long redraw, a slow disk, a
    busy machine; in a test, the host's and the guest's screens share one
    loop) wakes the deadline and the frame that came meanwhile in the same
    turn: the frame is read, and the peer is not dropped as silent."""
    ours, theirs = socket.socketpair()
    reader, writer = await asyncio.open_connection(sock=ours)
    try:
        conn = Connection(reader, writer, read_timeout=0.2)
        reading = asyncio.create_task(conn.read_from_host())
        await asyncio.sleep(0)  # it waits for a frame, its deadline 0.2 s away
        theirs.sendall(encode_frame(Heartbeat(1.0)))
        time.sleep(0.3)  # the loop held up past the deadline: the frame is in meanwhile
        assert await reading == Heartbeat(1.0)
        # And a peer that does fall silent is still noticed.
        with pytest.raises(ConnectionLost, match=r"no word from .* for 0\.2 s"):
            await conn.read_from_host()
    finally:
        writer.close()
        theirs.close()


async def test_a_heartbeat_that_fell_due_in_the_same_hold_up_is_read_not_called_silence() -> None:
    """A peer whose own heartbeat fell due while the loop was held up (in a
    test, the host's and the guest's apps share one loop) sends it in the
    same turn as our deadline wakes, after it: the frame is read in the
    loop's next turns, and the peer is not dropped as silent. (A guest once
    took a held-up host for gone, rejoined, and found the host had quit
    meanwhile: the goodbye it should have read never came.)"""
    ours, theirs = socket.socketpair()
    reader, writer = await asyncio.open_connection(sock=ours)
    try:
        conn = Connection(reader, writer, read_timeout=0.2)
        loop = asyncio.get_running_loop()
        reading = asyncio.create_task(conn.read_from_host())
        await asyncio.sleep(0)  # it waits for a frame, its deadline 0.2 s away
        # The peer's heartbeat falls due just after our deadline, both inside the hold-up.
        loop.call_later(0.25, theirs.sendall, encode_frame(Heartbeat(1.0)))
        time.sleep(0.4)
        assert await reading == Heartbeat(1.0)
    finally:
        writer.close()
        theirs.close()


async def test_a_goodbye_is_read_by_a_peer_busy_meanwhile_and_still_sending() -> None:
    """A goodbye said with ``linger`` leaves the connection open, after the
    wait too, until the other side has ended its own: a peer too busy to
    read at once (a long redraw, a loaded machine) whose heartbeats go on
    meanwhile reads the goodbye when it gets round to it. Closed at once (or
    after a second), those heartbeats got a reset, which could come before
    the goodbye: the peer took a goodbye for a connection lost."""
    accepted: asyncio.Queue[Connection] = asyncio.Queue()

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await accepted.put(Connection(reader, writer))

    server = await asyncio.start_server(accept, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    busy = Connection(reader, writer)
    leaving = await accepted.get()
    try:
        await leaving.close(Bye("the host quit", "host_quit"), linger=0.05)
        received, ended = await busy_reader_after_a_goodbye(busy)
        assert received == [Bye("the host quit", "host_quit")]
        assert "closed the connection" in str(ended)
    finally:
        await busy.close()
        server.close()
        await server.wait_closed()


async def test_no_heartbeat_goes_to_a_peer_that_has_said_goodbye() -> None:
    """Once the peer has ended its side (its goodbye), heartbeats stop: one
    reaching the peer after it closed is answered with a reset, which can
    overtake the goodbye still waiting to be read here."""
    ours, theirs = socket.socketpair()
    theirs.setblocking(False)
    reader, writer = await asyncio.open_connection(sock=ours)
    try:
        conn = Connection(reader, writer)
        beating = asyncio.create_task(heartbeat(conn, 0.01))
        # While the peer is there, it is sent heartbeats.
        while not received(theirs):
            await asyncio.sleep(0.01)
        theirs.shutdown(socket.SHUT_WR)  # its goodbye: it ends its side
        await asyncio.wait_for(beating, 30.0)  # an event, bounded: the beats stop
        assert conn.peer_ended and not conn.closed
        received(theirs)
        await asyncio.sleep(0.05)
        assert not received(theirs), "a heartbeat went to a peer that had ended its side"
    finally:
        writer.close()
        theirs.close()


def received(sock: socket.socket) -> bytes:
    """What has come in on ``sock`` so far (non-blocking)."""
    try:
        return sock.recv(65536)
    except BlockingIOError:
        return b""


async def test_connection_reads_whole_frames_in_order() -> None:
    conn = _connection(b"".join(encode_frame(m) for m in EVERY_MESSAGE[:5]), eof=True)
    assert [await conn.read(Breach.EXPECTED_HELLO) for _ in range(5)] == EVERY_MESSAGE[:5]


def test_join_codes_avoid_look_alike_characters() -> None:
    codes = {new_join_code() for _ in range(50)}
    assert len(codes) > 45
    assert not any(set(code) & set("01OIL") for code in codes)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("host", ("host", 7777)), ("10.0.0.2:9000", ("10.0.0.2", 9000)), ("[::1]:81", ("::1", 81))],
)
def test_addresses(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["", "host:0", "host:99999", "host:abc", ":80", "[::1"])
def test_bad_addresses_say_why(text: str) -> None:
    with pytest.raises(ValueError):
        parse_address(text)


def _play_out(seed: int) -> Game:
    game = Game.new(SETUP, seed)
    while not game.over:
        game.push(game.legal_moves[len(game.log) % len(game.legal_moves)])
    return game


def test_seat_state_folds_to_the_same_view_and_hash_as_the_game() -> None:
    game = _play_out(3)
    public = SeatState(SETUP, None)
    seat1 = SeatState(SETUP, 1)
    hashes = [public.apply(public_event(e)) for e in game.log]
    for event in game.view(1).events:
        seat1.apply(event)
    assert seat1.hashes == hashes  # the hash is of the public state only
    view, mine = game.view(1), seat1.view()
    assert mine.hand == view.hand and mine.collected == view.collected and mine.tiles_left == view.tiles_left
    assert seat1.over and mine.board.tiles == view.board.tiles
    seat1.truncate(10)
    assert seat1.hashes == hashes[:10]


def test_seat_state_refuses_another_seats_tile() -> None:
    game = Game.new(SETUP, 3)
    state = SeatState(SETUP, 1)
    state.apply(public_event(game.log[0]))
    with pytest.raises(FoldError) as refused:
        state.apply(game.log[1])  # seat 0's draw with its tile
    fault = refused.value.at(1)
    assert fault == Fault(Breach.TILE_SHOWN, (1, 0))
    assert fault_text(fault) == "desync at event 1: seat 1's tile was shown to another seat"


def _seat_1_after_a_round() -> tuple[Game, tuple[int, ...], SeatState]:
    """A round played out (seed 4), its deck, and seat 1's state of it."""
    game = _play_out(4)
    deck = game.deck
    assert deck is not None
    seat = SeatState(SETUP, 1)
    for event in game.view(1).events:
        seat.apply(event)
    return game, deck, seat


def test_deal_commitment_verifies_and_names_a_mismatch() -> None:
    _game, deck, seat = _seat_1_after_a_round()
    promise = commitment(deck, "salt")
    assert verify_deal(promise, deck, "salt", seat.my_draws, seat.drawn) is None
    assert verify_deal(promise, deck, "other", seat.my_draws, seat.drawn) == Deal(DealCode.COMMITMENT)
    # A host that swapped one of this seat's tiles and re-committed is caught by the draws.
    index, tile = seat.my_draws[0]
    other = next(i for i, t in enumerate(deck) if t != tile)
    forged = list(deck)
    forged[index], forged[other] = forged[other], forged[index]
    problem = verify_deal(commitment(forged, "s"), forged, "s", seat.my_draws, seat.drawn)
    assert problem == Deal(DealCode.DRAW_DIFFERS, (index, tile, forged[index]))
    assert (
        deal_text(problem)
        == f"draw {index + 1} gave this seat tile kind {tile} but the deck says {forged[index]}"
    )


def test_the_reveal_keeps_the_round_and_replays_it_only_when_the_deal_checks_out() -> None:
    game, deck, seat = _seat_1_after_a_round()
    played, replayed = check_reveal(commitment(deck, "salt"), seat, 0, deck, "salt")
    assert replayed is not None and replayed.log == game.log
    assert played == PlayedRound(list(deck), "salt", [move for _, move in game.moves], "verified")
    # A deck that is not the one promised: kept with what did not match, and not replayed.
    played, replayed = check_reveal(commitment(deck, "salt"), seat, 0, deck, "other")
    assert replayed is None and played == PlayedRound(list(deck), "other", [], "commitment")
    # The save of a whole match says, for programs, each round whose deal did not check out.
    draw = PlayedRound(list(deck), "s", [], "draw_differs", [3, 1, 2])
    assert deals_meta([played, draw]) == "commitment; draw_differs[3, 1, 2]"
    assert deals_meta([PlayedRound(list(deck), "s", [], "verified")]) == "verified"


async def test_a_thinker_runs_slow_bots_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading
    import types

    from indigo_tui.net import common
    from indigo_tui.net.common import Thinker

    game = Game.new(SETUP, 1)
    loop_thread = threading.get_ident()
    # The thinker's clock, turned only by the bots' thinking: on a loaded
    # machine a hop to a worker thread (or a preempted "quick" bot) can take
    # longer than Thinker.QUICK of real time.
    clock = [0.0]
    monkeypatch.setattr(common, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))

    class Probe:
        name = "probe"

        def __init__(self, seconds: float) -> None:
            self.seconds = seconds
            self.threads: list[int] = []

        def choose(self, view: object) -> Move:
            self.threads.append(threading.get_ident())
            clock[0] += self.seconds  # stands for a bot that thinks
            return game.legal_moves[0]

    thinker = Thinker()
    quick, slow = Probe(0.0), Probe(Thinker.QUICK * 2)
    stand_in = make_stand_in(None, 0)
    for _ in range(3):
        answer = await thinker.ask(quick, game.view(0), stand_in)
        assert answer.move == game.legal_moves[0] and answer.failure is None
        await thinker.ask(slow, game.view(0), stand_in)
    assert quick.threads[0] != loop_thread and quick.threads[1:] == [loop_thread, loop_thread]
    assert loop_thread not in slow.threads


def test_text_that_is_not_utf8_is_a_protocol_error() -> None:
    import msgspec as _msgspec

    from indigo_tui.net.protocol import ProtocolError, decode_body

    # A valid msgpack map whose string value holds bytes that are not UTF-8.
    body = _msgspec.msgpack.encode({"type": "x"}).replace(b"\xa1x", b"\xa2\xa9\xa9")
    with pytest.raises(ProtocolError):
        decode_body(body)
