"""Host and guest peers in one process over 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import msgspec
import pytest
from spake2 import SPAKE2_B
from support.polling import until

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.engine import (
    Event,
    GameOver,
    GameStarted,
    GemMoved,
    Move,
    Setup,
    TileDrawn,
    TilePlaced,
    public_event,
)
from indigo_tui.i18n import in_language
from indigo_tui.net.channel import (
    GUEST_ID,
    HOST_ID,
    confirmation,
    derive_keys,
    seal_as_host,
    transcript_hash,
)
from indigo_tui.net.common import JoinError
from indigo_tui.net.deal import VERIFIED
from indigo_tui.net.guard import GuessLimiter
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostError, HostSession
from indigo_tui.net.notices import HintRefused, Notice, SeatLeft, UndoAsked
from indigo_tui.net.protocol import (
    HEADER,
    MAX_FRAME,
    PROTOCOL_VERSION,
    Breach,
    Bye,
    Confirm,
    Error,
    Exchange,
    Fault,
    GameEvent,
    Hello,
    HintCounts,
    HintUsed,
    Join,
    Message,
    MoveRequest,
    ProtocolError,
    Reveal,
    Welcome,
    YourDraw,
    decode_body,
    decode_frames,
    encode_body,
    encode_frame,
)
from indigo_tui.net.reasons import Farewell, fault_text, loss_text
from indigo_tui.net.state import SeatState
from indigo_tui.net.transport import Connection
from indigo_tui.saves import load_record, record_path

from .conftest import CODE, LIMIT, Listening, busy_reader_after_a_goodbye, make_guest, make_host, play_guest


async def _joined(port: int, **kwargs: object) -> GuestSession:
    guest = make_guest(port, **kwargs)
    await asyncio.wait_for(guest.connect(), LIMIT)
    return guest


N = TypeVar("N", bound=Notice)


async def _notice(peer: GuestSession | HostSession, kind: type[N]) -> N:
    """The next notice of ``kind`` the peer tells (those before it are let go)."""

    async def wait() -> N:
        while True:
            notice = await peer.notices.get()
            if isinstance(notice, kind):
                return notice

    return await asyncio.wait_for(wait(), LIMIT)


async def test_whole_game_guest_sees_only_its_own_tiles(listening: Listening, tmp_path: Path) -> None:
    host = make_host(["bot:greedy", "remote"], save_path=tmp_path / "host.indigo")
    port = await listening(host)
    frames: list[bytes] = []
    guest = await _joined(port, on_frame=frames.append, save_dir=tmp_path / "guest", kind="bot:random")
    host.begin()
    await asyncio.wait_for(play_guest(guest, make_bot("random", 1)), LIMIT)

    game = host.game
    assert game.over and guest.over and guest.deal == VERIFIED
    assert guest.state is not None
    assert guest.state.events == list(game.view(1).events)
    # The raw frames, as they came off the wire: no other seat's tile, no deck before the end.
    deck_bytes = msgspec.msgpack.encode(game.deck)
    messages = [decode_body(frame[4:]) for frame in frames]
    over_at = next(
        i for i, m in enumerate(messages) if isinstance(m, GameEvent) and type(m.event) is GameOver
    )
    reveal_at = next(i for i, m in enumerate(messages) if isinstance(m, Reveal))
    assert reveal_at > over_at
    assert all(deck_bytes not in frame for frame in frames[:reveal_at])
    own_draws = {i for i, e in enumerate(game.log) if type(e) is TileDrawn and e.seat == 1}
    for message in messages:
        if isinstance(message, GameEvent):
            if type(message.event) is TileDrawn:
                assert message.event.tile is None
            if type(message.event) is GameStarted:
                assert message.event.deck is None
        if isinstance(message, YourDraw):
            assert message.seq in own_draws
    assert {m.seq for m in messages if isinstance(m, YourDraw)} == own_draws
    # Both saves hold the same game; the guest's is an ordinary save once the deck is out.
    assert guest.final_save is not None
    mine = saves.load_save(guest.final_save)
    theirs = saves.load_save(tmp_path / "host.indigo")
    assert mine.match.game.log == theirs.match.game.log == game.log
    assert mine.header.meta["net_role"] == "guest" and theirs.header.meta["net_role"] == "host"


async def test_the_host_is_told_when_every_seat_is_taken_and_when_one_goes(listening: Listening) -> None:
    """What a front awaits before it begins the game, instead of asking again and again."""
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    waiting = asyncio.create_task(host.wait_all_seated())
    await asyncio.sleep(0)
    assert not waiting.done() and not host.all_seated.is_set()
    guest = await _joined(port)
    await asyncio.wait_for(waiting, LIMIT)
    assert host.all_seated.is_set() and host.ready
    await guest.close()
    await until(lambda: not host.all_seated.is_set())
    assert not host.ready
    await host.close()


async def test_wrong_code_is_refused_and_the_right_one_still_gets_in(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    with pytest.raises(JoinError, match="wrong join code") as refused:
        await _joined(port, code="WRONG1")
    assert refused.value.code == "code"
    assert not host.ready and [line.connected for line in host.lobby()] == [True, False]
    with pytest.raises(HostError, match="no terminal yet"):
        host.begin()
    guest = await _joined(port, name="Ann\x1b[2J")
    assert guest.seat == 1
    assert host.ready and host.lobby()[1].connected and host.lobby()[1].name == "Ann[2J"


async def test_other_protocol_version_is_refused_naming_both(listening: Listening) -> None:
    port = await listening(make_host(["bot:greedy", "remote"]))
    with pytest.raises(JoinError) as refused:
        await _joined(port, protocol_version=99, app_version="9.9.9")
    text = str(refused.value)
    assert refused.value.code == "version"
    assert f"version {PROTOCOL_VERSION}" in text and "version 99" in text and "9.9.9" in text


async def test_a_full_game_refuses_a_second_guest(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    await _joined(port)
    with pytest.raises(JoinError, match="full"):
        await _joined(port)


async def test_moves_out_of_turn_illegal_or_for_another_seat_are_refused_and_play_goes_on(
    listening: Listening,
) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    guest = await _joined(port)
    host.begin()
    reader = asyncio.create_task(guest.run())
    try:
        await until(lambda: guest.state is not None and guest.state.length == len(host.game.log))
        some_move = host.game.legal_moves[0]
        # Seat 0 (the host's human) is to move: the guest is out of turn.
        assert "turn" in (await guest.play(some_move) or "")
        assert "no seat 8" in (await guest.play(some_move, seat=7) or "")  # seats count from 1
        assert "plays seat 2, not seat 1" in (await guest.play(some_move, seat=0) or "")
        assert "no seat 10" in (await host.play(9, some_move) or "")
        assert "another terminal" in (await host.play(1, some_move) or "")
        assert await host.play(0, some_move) is None
        await until(lambda: guest.state is not None and guest.state.board.turn == 1)
        assert guest.state is not None
        hand = guest.state.hand
        not_mine = next(k for k in range(5) if k not in hand)
        cell = guest.state.board.empty_cells[0]
        assert "not in the hand" in (await guest.play(Move(cell, not_mine, 0)) or "")
        assert "already holds a tile" in (await guest.play(Move(some_move.cell, hand[0], 0)) or "")
        assert "treasure" in (await guest.play(Move(30, hand[0], 0)) or "")
        assert "not a path tile" in (await guest.play(Move(cell, 9, 0)) or "")
        # The game goes on: a legal move is acknowledged.
        assert await guest.play(guest.state.view().legal_moves[0]) is None
        assert host.game.board.placements == 2
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader


async def test_undo_is_a_request_the_others_accept_or_decline(listening: Listening) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    guest = await _joined(port)
    host.begin()
    reader = asyncio.create_task(guest.run())
    try:
        assert await host.play(0, host.game.legal_moves[0]) is None
        await until(lambda: guest.state is not None and guest.state.board.turn == 1)
        assert guest.state is not None
        hand_before = list(guest.state.hand)
        length_before = guest.state.length
        assert await guest.play(guest.state.view().legal_moves[0]) is None

        async def answer(accept: bool) -> None:
            while True:
                notice = await host.notices.get()
                if isinstance(notice, UndoAsked):
                    assert notice.asker == 1 and notice.voter == 0
                    host.undo.vote(notice.undo_id, notice.voter, accept)
                    return

        voter = asyncio.create_task(answer(False))
        accepted, reason = await asyncio.wait_for(guest.request_undo(), LIMIT)
        await voter
        assert not accepted and reason == "declined by Seat 1"
        assert host.game.board.placements == 2

        voter = asyncio.create_task(answer(True))
        accepted, reason = await asyncio.wait_for(guest.request_undo(), LIMIT)
        await voter
        assert accepted and reason == "Guest's last move was taken back", reason
        await until(lambda: guest.state is not None and guest.state.length == length_before)
        assert host.game.board.placements == 1 and host.game.turn == 1
        assert guest.state.hand == hand_before
        assert guest.state.events == list(host.game.view(1).events)
        # The seat plays again after its undo, and the host takes it.
        assert await guest.play(guest.state.view().legal_moves[-1]) is None
        assert host.game.board.placements == 2
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader


async def test_a_dropped_guest_rejoins_at_the_same_move(listening: Listening, tmp_path: Path) -> None:
    host = make_host(["bot:greedy", "remote"], save_path=tmp_path / "host.indigo")
    port = await listening(host)
    guest = await _joined(port, save_dir=tmp_path)
    host.begin()
    bot = make_bot("random", 5)
    await asyncio.wait_for(play_guest(guest, bot, until=lambda: host.game.board.placements >= 12), LIMIT)
    # Cut the wire with no goodbye, as a crash would.
    assert guest.conn is not None
    guest.conn.writer.transport.abort()
    await until(lambda: 1 not in host.links)
    record_file = record_path(tmp_path, host.game_id, 1)
    record = load_record(record_file)
    assert 0 < len(record.events) <= len(host.game.log)
    again = await _joined(port, save_dir=tmp_path, record=record)
    assert again.seat == 1 and again.welcome is not None
    assert again.welcome.from_seq == len(record.events)  # nothing sent twice
    await asyncio.wait_for(play_guest(again, bot), LIMIT)
    assert host.game.over and again.deal == VERIFIED
    assert again.state is not None and again.state.events == list(host.game.view(1).events)


async def test_garbage_at_the_port_leaves_the_host_serving(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"])
    generous = host.door.read_timeout
    host.door.read_timeout = 0.5  # the silent attacker's wait
    port = await listening(host)

    async def attack(data: bytes, *, close: bool) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(data)
        await writer.drain()
        if close:
            writer.close()
            return b""
        reply = await asyncio.wait_for(reader.read(), LIMIT)
        writer.close()
        return reply

    random_reply = await attack(b"\x00\x00\x00\x10" + secrets.token_bytes(16), close=False)
    oversize_reply = await attack(HEADER.pack(MAX_FRAME * 64), close=False)
    silent_reply = await attack(b"", close=False)  # says nothing: dropped after the read timeout
    frame = encode_frame(Hello(2, "x", b"\x01" * 33))
    await attack(frame[: len(frame) // 2], close=True)  # dropped in mid-frame
    for reply, words in ((random_reply, "message"), (oversize_reply, "over the")):
        message = decode_body(reply[4:])
        assert isinstance(message, Error) and words in message.reason
    assert silent_reply == b""
    # The real guest gets the usual read timeout: 0.5 s would leave its
    # 0.3 s heartbeat too little room on a loaded machine.
    host.door.read_timeout = generous
    guest = await _joined(port)
    host.begin()
    await asyncio.wait_for(play_guest(guest, make_bot("random", 2)), LIMIT)
    assert host.game.over and guest.deal == VERIFIED


async def _fake_host(handler: Callable[[Connection], Awaitable[None]]) -> tuple[asyncio.Server, int]:
    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, read_timeout=LIMIT)
        with contextlib.suppress(Exception):
            await handler(conn)
        await conn.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def _fake_welcome(
    conn: Connection, *, second: Event | None = None, last: Message | None = None
) -> None:
    """A host that knows the code and seats the guest, then sends a second
    event whose hash is wrong (or ``second`` instead of the real one), or,
    with ``last``, only ``last``."""
    host = make_host(["human", "remote"])
    deadline = asyncio.get_running_loop().time() + LIMIT
    await seal_as_host(
        conn, CODE, app_version="0.0.0", limiter=GuessLimiter(), address="guest", deadline=deadline
    )
    assert isinstance(await conn.read(Breach.EXPECTED_JOIN), Join)
    welcome = Welcome(
        "fake",
        1,
        "token",
        host.match.setup,
        ["A", "B"],
        ["human", "remote"],
        host.commitment,
        0,
        True,
        "0.0.0",
    )
    await conn.send(welcome)
    if last is not None:
        await conn.send(last)
        return
    for seq, event in enumerate(host.game.log[:2]):
        digest = host.public.hashes[seq] if seq == 0 else "feedfacefeedface"
        await conn.send(GameEvent(seq, second if seq and second else public_event(event), digest, seq == 1))
    await conn.read_from_guest()


async def test_a_desync_is_detected_and_named() -> None:
    server, port = await _fake_host(_fake_welcome)
    try:
        guest = await _joined(port)
        with pytest.raises(JoinError, match="desync at event 1") as broken:
            await asyncio.wait_for(guest.run(), LIMIT)
        assert broken.value.code == "desync" and "feedfacefeedface" in str(broken.value)
    finally:
        server.close()


@pytest.mark.parametrize(
    "wrong",
    [
        MoveRequest(1, 0, Move(0, 0, 0)),
        HintUsed(),
        Exchange(b"\x02" * 33),
        Welcome("g", 0, "t", Setup(2), ["A", "B"], ["human", "remote"], "c" * 64, 0, True, "0"),
    ],
    ids=lambda m: type(m).__name__,
)
async def test_a_host_sending_what_only_guests_or_the_handshake_send_breaks_the_protocol(
    wrong: Message,
) -> None:
    """After the welcome a guest reads only what a host may send then: a
    guest's message, or one of the handshake's, does not decode. The guest
    says so in one line and tells the host the breach as a code."""
    told: list[Error] = []

    async def host(conn: Connection) -> None:
        await _fake_welcome(conn, last=wrong)
        while not told:  # the guest's heartbeats, then its last word
            match await conn.read_from_guest():
                case Error() as error:
                    told.append(error)

    server, port = await _fake_host(host)
    try:
        guest = await _joined(port)
        with pytest.raises(JoinError) as broken:
            await asyncio.wait_for(guest.run(), LIMIT)
        name = type(wrong).__name__
        assert broken.value.code == "protocol" and broken.value.fault is not None
        assert broken.value.fault == Fault(Breach.HOST_MAY_NOT, (), (name,))
        assert str(broken.value) == f"the host broke the protocol: a host may not send a {name} message here"
        await until(lambda: bool(told))
        assert [(e.code, e.detail, e.quoted) for e in told] == [("protocol", Breach.HOST_MAY_NOT, (name,))]
    finally:
        server.close()


async def test_a_host_that_does_not_know_the_code_is_not_trusted() -> None:
    async def impostor(conn: Connection) -> None:
        # Runs the key exchange on another code and confirms its own key
        # regardless of the guest's proof, which it cannot check.
        hello_body = await conn.read_body()
        hello = decode_body(hello_body)
        assert isinstance(hello, Hello)
        spake = SPAKE2_B(b"OTHER9", idA=GUEST_ID, idB=HOST_ID)
        exchange_body = encode_body(Exchange(spake.start()))
        keys = derive_keys(spake.finish(hello.pake), transcript_hash(hello_body, exchange_body))
        await conn.send_body(exchange_body)
        await conn.read(Breach.EXPECTED_PROOF)
        await conn.send(Confirm(confirmation(keys.confirm_host, keys.transcript)))
        await conn.read(Breach.EXPECTED_JOIN)

    server, port = await _fake_host(impostor)
    try:
        with pytest.raises(JoinError, match="could not prove") as refused:
            await _joined(port)
        assert refused.value.code == "code"
    finally:
        server.close()


async def test_a_silent_host_is_noticed_within_seconds() -> None:
    async def sealed_then_silent(conn: Connection) -> None:
        deadline = asyncio.get_running_loop().time() + LIMIT
        await seal_as_host(
            conn, CODE, app_version="0.0.0", limiter=GuessLimiter(), address="guest", deadline=deadline
        )
        await asyncio.sleep(LIMIT)  # never sends the welcome

    async def mute(conn: Connection) -> None:
        await asyncio.sleep(LIMIT)  # takes the connection and never answers the hello

    for handler in (sealed_then_silent, mute):
        server, port = await _fake_host(handler)
        try:
            guest = make_guest(port, read_timeout=0.5)
            started = asyncio.get_running_loop().time()
            with pytest.raises(JoinError, match="no word") as lost:
                await asyncio.wait_for(guest.connect(), LIMIT)
            assert lost.value.code == "lost"
            # This 0.5 s read timeout (and the key exchange), not the default 5 s.
            assert asyncio.get_running_loop().time() - started < 4.0
        finally:
            server.close()


async def test_a_guest_ahead_of_a_resumed_host_gets_the_whole_log_again(listening: Listening) -> None:
    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    guest = await _joined(port)
    host.begin()
    await asyncio.wait_for(
        play_guest(guest, make_bot("random", 3), until=lambda: host.game.board.placements >= 6), LIMIT
    )
    assert guest.record is not None and guest.conn is not None
    guest.conn.writer.transport.abort()
    await until(lambda: 1 not in host.links)
    # The guest claims more than the host holds (the host lost its last moves).
    while host.game.moves[-1][0] != 1:
        host.game.pop()
    host.game.pop()
    host.public.truncate(len(host.game.log))
    again = await _joined(port, record=guest.record)
    assert again.welcome is not None and again.welcome.from_seq == 0
    await asyncio.wait_for(play_guest(again, make_bot("random", 4)), LIMIT)
    assert again.state is not None and again.state.events == list(host.game.view(1).events)


@pytest.mark.parametrize(
    "event",
    [
        GemMoved(99, "amber", (1, 2), "rest"),
        TilePlaced(0, 500, 1, 0),
        TilePlaced(1, 3, 1, 0),
        TileDrawn(0, 3),
        TileDrawn(9, None),
    ],
    ids=["no-such-gem", "no-such-cell", "out-of-turn", "other-seats-tile", "no-such-seat"],
)
async def test_events_no_board_can_hold_are_a_named_desync(event: Event) -> None:
    async def broken(conn: Connection) -> None:
        await _fake_welcome(conn, second=event)

    server, port = await _fake_host(broken)
    try:
        guest = await _joined(port)
        with pytest.raises(JoinError, match="desync at event 1") as broke:
            await asyncio.wait_for(guest.run(), LIMIT)
        assert broke.value.code == "desync"
    finally:
        server.close()


async def test_a_seated_guest_that_falls_silent_is_noticed_within_seconds(listening: Listening) -> None:
    # A read timeout well under the default 5 s, with room for the guest's
    # heartbeats on a loaded machine until it falls silent.
    host = make_host(["human", "remote"], read_timeout=1.5, heartbeat=0.1)
    port = await listening(host)
    guest = await _joined(port, heartbeat=0.1)
    host.begin()
    assert guest._beat_task is not None
    guest._beat_task.cancel()  # a frozen machine: no heartbeats, no reads
    started = asyncio.get_running_loop().time()
    await until(lambda: 1 not in host.links)
    assert asyncio.get_running_loop().time() - started < 4.5
    texts = []
    while not host.notices.empty():
        texts.append(host.notices.get_nowait().text)
    assert any("seat 2" in t and "disconnected" in t and "no word" in t for t in texts), texts
    assert 1 in host.away_since


async def test_a_guest_game_answers_like_a_game_and_hides_other_seats(listening: Listening) -> None:
    from indigo_tui.net.table import GuestGame, GuestMatch

    host = make_host(["bot:greedy", "remote"])
    port = await listening(host)
    guest = await _joined(port)
    host.begin()
    table = GuestGame(guest)
    checked: list[int] = []

    def check_mid_game() -> bool:
        game = host.game
        caught_up = guest.state is not None and guest.state.length == host.public.length
        if checked or game.board.placements < 9 or game.turn != 1 or not caught_up:
            return False
        mine, public = table.view(1), table.view(0)
        assert mine.hand == game.view(1).hand and mine.collected == game.view(1).collected
        assert public.hand == () and public.collected == (0, 0, 0)  # seat 0's stay hidden
        assert table.board.tiles == game.board.tiles and table.tiles_left == game.tiles_left
        assert "another terminal" in (table.placement_error(game.legal_moves[0], seat=0) or "")
        assert len(table.standings()) == 2 and not table.winners
        checked.append(game.board.placements)
        return False

    await asyncio.wait_for(play_guest(guest, make_bot("random", 8), until=check_mid_game), LIMIT)
    game = host.game
    assert checked and table.over and table.standings() == game.standings()
    match = GuestMatch(guest)
    assert match.over and match.winners == game.winners and match.totals == game.scores


async def test_undo_asks_every_other_person_including_remote_seats(listening: Listening) -> None:
    host = make_host(["human", "remote", "remote"])
    port = await listening(host)
    asker = await _joined(port)
    voter = await _joined(port, accept_undo=True)
    assert (asker.seat, voter.seat) == (1, 2)
    host.begin()
    readers = [asyncio.create_task(asker.run()), asyncio.create_task(voter.run())]

    async def host_votes(accept: bool) -> None:
        while True:
            notice = await host.notices.get()
            if isinstance(notice, UndoAsked):
                host.undo.vote(notice.undo_id, 0, accept)
                return

    try:
        assert await host.play(0, host.game.legal_moves[0]) is None
        await until(lambda: asker.state is not None and asker.state.length == host.public.length)
        assert asker.state is not None and voter.state is not None
        before = asker.state.length
        assert await asker.play(asker.state.view().legal_moves[0]) is None
        host_vote = asyncio.create_task(host_votes(True))
        accepted, reason = await asyncio.wait_for(asker.request_undo(), LIMIT)
        await host_vote
        assert accepted, reason
        await until(lambda: voter.state is not None and voter.state.length == before)
        assert host.game.turn == 1 and voter.state.events == list(host.game.view(2).events)

        voter.accept_undo = False
        await until(lambda: asker.state is not None and asker.state.length == before)
        assert await asker.play(asker.state.view().legal_moves[-1]) is None
        host_vote = asyncio.create_task(host_votes(True))
        accepted, reason = await asyncio.wait_for(asker.request_undo(), LIMIT)
        host_vote.cancel()
        assert not accepted and reason == "declined by Guest"
        assert host.game.board.placements == 2
    finally:
        for reader in readers:
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader


def test_find_record_prefers_the_same_port_then_the_same_host(tmp_path: Path) -> None:
    from indigo_tui.engine import Setup
    from indigo_tui.saves import GuestRecord, find_record

    def record(name: str, host: str, port: int, over: bool = False) -> None:
        data = GuestRecord(
            host=host, port=port, code="C", name="n", game_id=name, seat=1, token="t", setup=Setup(2),
            seat_names=["a", "b"], seat_kinds=["human", "remote"], commitment="c", over=over,
        )  # fmt: skip
        (tmp_path / f"{name}.indigo-guest").write_bytes(msgspec.json.encode(data))

    assert find_record(tmp_path / "none", "h", 1) is None
    record("other-port", "h", 2)
    record("over", "h", 1, over=True)
    record("elsewhere", "k", 1)
    (tmp_path / "broken.indigo-guest").write_text("{")
    found = find_record(tmp_path, "h", 1)
    assert found is not None and found[1].game_id == "other-port"
    record("same-port", "h", 1)
    later = (tmp_path / "same-port.indigo-guest").stat().st_mtime + 60
    os.utime(tmp_path / "other-port.indigo-guest", (later, later))  # newer, but on another port
    found = find_record(tmp_path, "h", 1)
    assert found is not None and found[1].game_id == "same-port"


async def test_hints_count_only_where_the_host_allows_them(listening: Listening, tmp_path: Path) -> None:
    # A host without hints: a guest that sends HintUsed anyway is not counted.
    host = make_host(["human", "remote"], save_path=tmp_path / "off.indigo")
    port = await listening(host)
    guest = await _joined(port)
    assert not guest.hints_allowed
    guest._send(HintUsed())
    guest.count_hint()  # says nothing where hints are off
    # The host reads in order: once the goodbye is handled, so was the HintUsed before it.
    await guest.close()
    await until(lambda: 1 not in host.links)
    assert host.hints.counts == [0, 0]

    # A host that allows them: one per own turn for each seat, kept in the save and
    # told to every terminal.
    allowed = make_host(["human", "remote"], save_path=tmp_path / "on.indigo")
    allowed.hints.allowed = True
    port = await listening(allowed)
    guest = await _joined(port)
    task = asyncio.create_task(guest.run())
    try:
        assert guest.hints_allowed
        allowed.begin()
        assert allowed.count_hint(0) is None  # seat 1's turn: its hint counts
        await until(lambda: guest.hint_counts == [1, 0])
        guest.count_hint()  # not seat 2's turn: refused, in words
        refused = await _notice(guest, HintRefused)
        assert "own turn" in refused.text and allowed.hints.counts == [1, 0]
        await allowed.play(0, allowed.game.legal_moves[0])
        await until(lambda: guest.state is not None and guest.state.board.turn == 1)
        guest.count_hint()
        guest.count_hint()  # the same turn's second hint: not counted again
        await until(lambda: guest.hint_counts == [1, 1])
        saved = saves.load_save(tmp_path / "on.indigo")
        assert saved.header.meta["hints"] == "1,1" and saves.read_host_meta(saved.header.meta).hints
    finally:
        await guest.close()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    assert allowed.hints.counts == [1, 1]


@pytest.mark.parametrize("counts", [[1], [0, 1, 2], [-1, 0], [0, 10**9]])
def test_hint_counts_that_do_not_fit_the_game_break_the_protocol(counts: list[int]) -> None:
    guest = GuestSession("127.0.0.1", 9, CODE)
    guest.state = SeatState(Setup(2), 1)
    with pytest.raises(ProtocolError) as broken:
        guest._handle(HintCounts(counts))
    assert broken.value.fault.code is Breach.HINT_COUNTS
    plural = "" if len(counts) == 1 else "s"
    assert fault_text(broken.value.fault) == f"{len(counts)} hint count{plural} for a 2-player game"


# -- goodbyes: a code each terminal says in its own language -------------------


async def _run_until_the_host_leaves(guest: GuestSession) -> JoinError:
    """Run ``guest`` until its session ends; the :class:`JoinError` it ends with."""
    with pytest.raises(JoinError) as ended:
        await asyncio.wait_for(guest.run(), LIMIT)
    return ended.value


async def test_a_hosts_goodbye_is_said_in_the_guests_language(listening: Listening) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    frames: list[bytes] = []
    guest = await _joined(port, on_frame=frames.append)
    reader = asyncio.create_task(_run_until_the_host_leaves(guest))
    with in_language("de"):
        await host.close(Farewell.NOT_BACK, (0,))
        ended = await asyncio.wait_for(reader, LIMIT)
        # The end carries its code and facts: said in the language it is shown in.
        assert str(ended) == "der Gastgeber ist gegangen: Platz 1 ist nicht zurückgekommen"
    assert ended.code == "left"
    assert str(ended) == "the host left: seat 1 did not come back"
    # On the wire: the code and its number, and the English for older peers.
    messages, _ = decode_frames(b"".join(frames))
    assert messages[-1] == Bye("seat 1 did not come back", "not_back", (0,))


async def test_a_guests_goodbye_is_said_in_the_hosts_language(listening: Listening) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    guest = await _joined(port)
    host.begin()
    with in_language("de"):
        await guest.close(Farewell.GUEST_QUIT)
        await until(lambda: 1 not in host.links)
        (left,) = [n for n in _notices(host) if isinstance(n, SeatLeft)]
        assert left.text == "Platz 2 (Guest) ist getrennt: gegangen: der Gast hat aufgehört"


@pytest.mark.parametrize(
    ("bye", "shown"),
    [
        # A code this version does not know (a newer peer's): the peer's words, as they are.
        (Bye("went to the [b]pub[/b]", "pub"), "went to the [b]pub[/b]"),
        # A known code without the number it needs: the peer's words.
        (Bye("seat 9 did not come back", "not_back"), "seat 9 did not come back"),
        # Hostile words: markup stays text, escape sequences and new lines go, the length is bounded.
        (Bye("[/]\x1b]0;pwned\x07\x1b[2J\nforged line", "\x1b[31m"), "[/]]0;pwned[2Jforged line"),
        (Bye("y" * 5000), "y" * 200 + "… (4800 weitere Zeichen)"),
    ],
    ids=["unknown code", "no number", "hostile", "long"],
)
async def test_a_goodbye_with_an_unknown_code_or_hostile_words_is_plain_text(
    listening: Listening, bye: Bye, shown: str
) -> None:
    host = make_host(["human", "remote"])
    port = await listening(host)
    guest = await _joined(port)
    reader = asyncio.create_task(_run_until_the_host_leaves(guest))
    host.broadcaster.send(host.links[1], bye)
    with in_language("de"):
        ended = await asyncio.wait_for(reader, LIMIT)
        assert str(ended) == f"der Gastgeber ist gegangen: {shown}" and ended.code == "left"

    # The other way: a guest's goodbye, told on the host's side the same way.
    other_host = make_host(["human", "remote"])
    other = await _joined(await listening(other_host))
    assert other.conn is not None
    with in_language("de"):
        await other.conn.close(bye)
        await until(lambda: 1 not in other_host.links)
    (left,) = [n for n in _notices(other_host) if isinstance(n, SeatLeft)]
    assert left.loss is not None
    with in_language("de"):
        assert loss_text(left.loss) == f"gegangen: {shown}"


async def test_a_guest_slow_to_read_the_hosts_goodbye_still_reads_it(
    listening: Listening, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's goodbye waits a moment for each guest to end its side, then
    goes on without it; a guest too busy to read meanwhile (a long redraw, a
    loaded machine) and still sending heartbeats reads the goodbye when it
    gets round to it, not a reset: closed under it, the connection answered
    the heartbeats with one, and the guest took a host that had quit for a
    connection lost."""
    monkeypatch.setattr("indigo_tui.net.host.GOODBYE_LINGER", 0.05)  # the moment, short
    host = make_host(["human", "remote"])
    port = await listening(host)
    guest = await _joined(port)  # and never reading, until the end
    conn = guest.conn
    assert conn is not None
    await asyncio.wait_for(host.close(Farewell.HOST_QUIT), LIMIT)
    received, ended = await busy_reader_after_a_goodbye(conn)
    assert received[-1] == Bye("the host quit", "host_quit")
    assert "closed the connection" in str(ended)
    await conn.close()  # its side ended: the host closes its own


def _notices(host: HostSession) -> list[Notice]:
    found: list[Notice] = []
    while not host.notices.empty():
        found.append(host.notices.get_nowait())
    return found


async def test_a_move_still_unanswered_when_the_host_quits_ends_with_the_hosts_goodbye(
    listening: Listening, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host quits (its goodbye says why) while the guest's move waits for
    its answer: the guest's move ends with the goodbye's reason, not with a
    lost connection (which would send a headless guest off to rejoin a host
    that is gone, and say "cannot connect")."""
    host = make_host(["human", "remote"])
    port = await listening(host)
    # No heartbeat crosses the goodbye: this test is about the waiting move.
    # (A heartbeat sent after the host had closed its side once reset the
    # connection before the goodbye was read, under a stalling load; the
    # host now keeps its side open for that: see the test above.)
    guest = await _joined(port, heartbeat=60.0)
    host.begin()
    reader = asyncio.create_task(guest.run())
    try:
        assert await host.play(0, host.game.legal_moves[0]) is None
        await until(lambda: guest.state is not None and guest.state.board.turn == 1)
        assert guest.state is not None
        asked: list[MoveRequest] = []

        def busy(request: MoveRequest) -> None:
            asked.append(request)  # the host quits before it gets round to the move (no answer)

        monkeypatch.setattr(host, "guest_move", busy)
        move = asyncio.create_task(guest.play(guest.state.view().legal_moves[0]))
        await until(lambda: bool(asked))
        await host.close(Farewell.HOST_QUIT)
        with pytest.raises(JoinError, match="the host left: the host quit") as ended:
            await asyncio.wait_for(move, LIMIT)
        assert ended.value.code == "left"
    finally:
        reader.cancel()
        with contextlib.suppress(BaseException):
            await reader
