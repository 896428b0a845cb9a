"""Across the internet, end to end: real ``indigo host --internet`` and
``indigo join CODE`` processes meet at a real mailbox server and play whole
games through a real transit relay (and through a recording relay of our
own) on 127.0.0.1; the relay is killed and started again mid-game; the host
is killed and resumed with impostors waiting at the relay, and with strangers
guessing codes at the mailbox; a wrong code is refused in one line and spends
the code."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from indigo_tui import saves
from indigo_tui.cli import main
from indigo_tui.net.protocol import HEADER, HEADER_SIZE, Confirm, Exchange, Hello, ProtocolError, decode_body
from indigo_tui.net.relay import (
    HOST_SIDE,
    InternetCode,
    handshake_line,
    new_internet_code,
    parse_internet_code,
)
from indigo_tui.net.rendezvous import MeetError, is_table_key, meet_host

from .conftest import HOST_BOUNDS, LIMIT, Peer, Peers
from .transit import MailboxServer, RecordingRelay, TransitRelay

#: The mailbox server of this test process (set by the autouse fixture below).
MAILBOX: list[str] = []


@pytest.fixture(autouse=True)
def _mailbox(shared_mailbox_server: MailboxServer) -> None:
    MAILBOX[:] = [shared_mailbox_server.url]


def internet_host(tmp_path: Path, relay: str, code: InternetCode, *extra: str) -> list[str]:
    """``indigo host --internet`` (greedy bots, no pace) through ``relay`` with ``code``."""
    return [
        "host",
        "--headless",
        "--bot",
        "greedy",
        "--internet",
        "--relay",
        relay,
        "--mailbox",
        MAILBOX[0],
        "--code",
        str(code),
        "--seed",
        "9",
        "--save-dir",
        str(tmp_path / "host"),
        *HOST_BOUNDS,
        *extra,
    ]


def internet_join(tmp_path: Path, relay: str, code: str, *extra: str, folder: str = "guest") -> list[str]:
    """``indigo join CODE`` (a random bot, no pace) through ``relay``."""
    return [
        "join",
        code,
        "--relay",
        relay,
        "--mailbox",
        MAILBOX[0],
        "--headless",
        "--bot",
        "random",
        "--save-dir",
        str(tmp_path / folder),
        *extra,
    ]


def hosting(host: Peer, relay: str, code: InternetCode) -> None:
    """The host's first line, the one scripts read, then its door open at the relay."""
    host.wait_for(rf"^listening at relay {relay} code {code}$")
    host.wait_for(rf"waiting for friends at the relay {relay}")


def _nameplate_channel(nameplate: str) -> str:
    """The relay channel a nameplate named before the mailbox (what an impostor waits on)."""
    return hashlib.sha256(b"indigo-tui relay channel/1:" + nameplate.encode()).hexdigest()


def assert_same_game(tmp_path: Path, *guest_folders: str) -> saves.SavedGame:
    """Every guest's save holds the host's match, move for move and event for event."""
    (host_file,) = (tmp_path / "host" / "net").glob("*.indigo")
    host = saves.load_save(host_file)
    assert host.match.over and host.header.meta["net_role"] == "host"
    for folder in guest_folders:
        (guest_file,) = (tmp_path / folder).glob("*.indigo")
        guest = saves.load_save(guest_file)
        assert guest.header.meta["net_deal"] == "verified"
        for mine, theirs in zip(guest.match.games, host.match.games, strict=True):
            assert mine.moves == theirs.moves
            assert mine.log == theirs.log
        assert guest.match.totals == host.match.totals
    return host


@pytest.mark.slow
def test_two_players_across_the_relay(
    peers: Peers, shared_transit_relay: TransitRelay, tmp_path: Path
) -> None:
    relay, code = shared_transit_relay.address, new_internet_code()
    host = peers(*internet_host(tmp_path, relay, code))
    hosting(host, relay, code)
    # Typed as people type it: lower case, a space for the dash.
    guest = peers(*internet_join(tmp_path, relay, f"{code.nameplate} {code.secret.lower()}"))
    assert guest.finish() == (0, "")
    assert host.finish() == (0, "")
    guest.wait_for(r"^deal verified")
    saved = assert_same_game(tmp_path, "guest")
    meta = saves.read_host_meta(saved.header.meta)
    # The save keeps the table key, never the spoken code.
    assert is_table_key(meta.code) and meta.relay == relay


@pytest.mark.slow
def test_four_players_across_the_relay(
    peers: Peers, shared_transit_relay: TransitRelay, tmp_path: Path
) -> None:
    relay, code = shared_transit_relay.address, new_internet_code()
    host = peers(*internet_host(tmp_path, relay, code, "--seats", "remote,host,bot:greedy,remote"))
    hosting(host, relay, code)
    # Both guests at once: each one gets a meeting of its own with the host.
    guests = [peers(*internet_join(tmp_path, relay, str(code), folder=f"g{n}")) for n in range(2)]
    for guest in guests:
        assert guest.finish() == (0, "")
    assert host.finish() == (0, "")
    assert_same_game(tmp_path, "g0", "g1")


@pytest.mark.slow
def test_the_relay_restarts_mid_game_and_both_sides_come_back(
    peers: Peers, transit_relay: TransitRelay, tmp_path: Path
) -> None:
    relay, code = transit_relay.address, new_internet_code()
    host = peers(*internet_host(tmp_path, relay, code))
    hosting(host, relay, code)
    guest = peers(*internet_join(tmp_path, relay, str(code), "--move-delay", "0.05"))
    # Any of the seat's moves from the eighth on, not the eighth itself: a move
    # is said once the host acknowledges it, and one whose acknowledgement went
    # with a dropped connection stands but is never said (the seat rejoins and
    # plays on). A loaded slow run once played the game to its end without a
    # "(move 8)".
    guest.wait_for(r"\(move ([89]|[1-9]\d)\)")
    mark = len(guest.lines)
    transit_relay.stop()
    guest.wait_for(r"trying to rejoin for up to", since=mark)
    host.wait_for(r"cannot reach the relay at .*; trying again every")
    transit_relay.start()
    assert guest.finish() == (0, "")
    assert host.finish() == (0, "")
    guest.wait_for(r"^back in the game|^joined ")
    # Every seat is taken: the host's door at the relay waits for the seat that rejoins, not for friends.
    host.wait_for(rf"^the relay {relay} stays open for a seat that has to rejoin$")
    assert sum("waiting for friends" in line for line in host.lines) == 1
    assert_same_game(tmp_path, "guest")


@pytest.mark.slow
def test_a_resumed_host_is_reached_by_the_same_code(
    peers: Peers, shared_transit_relay: TransitRelay, tmp_path: Path
) -> None:
    relay, code = shared_transit_relay.address, new_internet_code()
    # The host that is killed plays slowly: the game must still be on when the kill comes.
    host = peers(*internet_host(tmp_path, relay, code, "--move-delay", "0.1"))
    hosting(host, relay, code)
    guest = peers(
        *internet_join(tmp_path, relay, str(code), "--move-delay", "0.01", "--reconnect-timeout", "60")
    )
    guest.wait_for(r"\(move (1\d|[2-9]\d)\)")
    # Sixteen impostors wait at the relay as hosts, on every channel a
    # nameplate named before: none of them is the table's.
    impostors = []
    for number in range(16):
        sock = socket.create_connection(("127.0.0.1", shared_transit_relay.port), timeout=LIMIT)
        sock.sendall(handshake_line(_nameplate_channel(str(number + 1)), HOST_SIDE))
        impostors.append(sock)
    host.kill()
    guest.wait_for(r"trying to rejoin")
    (save,) = (tmp_path / "host" / "net").glob("*.indigo")
    # Nothing but the save: the relay and the code come from it.
    # The mailbox server comes from the environment or the options, as it does
    # for every host; every seat is taken, so it does not wait for a code there.
    resumed = peers(
        "host", "--headless", "--bot", "greedy", "--resume", str(save), "--mailbox", MAILBOX[0], *HOST_BOUNDS
    )
    resumed.wait_for(rf"^listening at relay {relay} code")
    try:
        assert guest.finish() == (0, "")
        assert resumed.finish() == (0, "")
    finally:
        for sock in impostors:
            sock.close()
    assert_same_game(tmp_path, "guest")


@contextlib.contextmanager
def _guessing(mailbox: str, loops: int) -> Iterator[list[int]]:
    """``loops`` strangers guessing codes at ``mailbox`` all the time, each on
    a nameplate that is not the table's and with a wrong secret (so each guess
    spends theirs only), in an event loop of their own; how many guesses
    they made, in the list given."""
    tries = [0]
    stop = threading.Event()

    async def guessing(number: int) -> None:
        while not stop.is_set():
            tries[0] += 1
            with contextlib.suppress(MeetError):
                await meet_host(mailbox, InternetCode(str(900 + number), "WRONG9"), timeout=0.2)

    async def all_of_them() -> None:
        await asyncio.gather(*(guessing(n) for n in range(loops)))

    thread = threading.Thread(target=asyncio.run, args=(all_of_them(),), daemon=True)
    thread.start()
    try:
        yield tries
    finally:
        stop.set()
        thread.join(LIMIT)


@pytest.mark.slow
def test_a_host_killed_and_resumed_with_eight_strangers_guessing_gets_every_seat_back(
    peers: Peers, shared_transit_relay: TransitRelay, tmp_path: Path
) -> None:
    relay, code = shared_transit_relay.address, new_internet_code()
    with _guessing(MAILBOX[0], 8) as tries:
        host = peers(
            *internet_host(tmp_path, relay, code, "--seats", "remote,host,remote", "--move-delay", "0.1")
        )
        hosting(host, relay, code)
        guests = [
            peers(
                *internet_join(
                    tmp_path,
                    relay,
                    str(code),
                    "--move-delay",
                    "0.01",
                    "--reconnect-timeout",
                    "60",
                    folder=f"g{n}",
                )
            )
            for n in range(2)
        ]
        for guest in guests:
            guest.wait_for(r"^joined ")
        guests[0].wait_for(r"\(move (1\d|[2-9]\d)\)")
        marks = [len(guest.lines) for guest in guests]
        host.kill()
        for guest, mark in zip(guests, marks, strict=True):
            guest.wait_for(r"trying to rejoin", since=mark)
        (save,) = (tmp_path / "host" / "net").glob("*.indigo")
        resumed = peers(
            "host",
            "--headless",
            "--bot",
            "greedy",
            "--resume",
            str(save),
            "--mailbox",
            MAILBOX[0],
            *HOST_BOUNDS,
        )
        resumed.wait_for(rf"^listening at relay {relay} code")
        for guest, mark in zip(guests, marks, strict=True):
            assert guest.finish() == (0, "")
            # Back at its seat after the kill: a rejoin meets on the table key's relay channel.
            guest.wait_for(r"^back in the game|^joined ", since=mark)
        assert resumed.finish() == (0, "")
    # The strangers were at it all along.
    assert tries[0] >= 8
    assert_same_game(tmp_path, "g0", "g1")


def test_a_seat_by_lines_of_text_joins_across_the_internet(
    peers: Peers, shared_transit_relay: TransitRelay, tmp_path: Path
) -> None:
    relay, code = shared_transit_relay.address, new_internet_code()
    host = peers(*internet_host(tmp_path, relay, code))
    hosting(host, relay, code)
    command = [sys.executable, "-m", "indigo_tui", "--lang", "en", "join", str(code), "--relay", relay]
    command += ["--mailbox", MAILBOX[0]]
    command += ["--text", "--save-dir", str(tmp_path / "text")]
    said = subprocess.run(command, input="quit\n", capture_output=True, text=True, timeout=LIMIT).stdout
    assert f"Waiting for the host at the relay {relay}." in said
    assert "Joined as seat 2 of 2." in said
    host.wait_for(r"joined at seat 2")
    host.kill()


def _frames(data: bytes) -> list[bytes]:
    bodies = []
    while len(data) >= HEADER_SIZE:
        (length,) = HEADER.unpack(data[:HEADER_SIZE])
        bodies.append(data[HEADER_SIZE : HEADER_SIZE + length])
        data = data[HEADER_SIZE + length :]
    assert data == b""
    return bodies


@pytest.mark.slow
def test_the_relay_sees_nothing_that_reads_as_a_message(peers: Peers, tmp_path: Path) -> None:
    """Through a relay of our own that keeps every byte: a wrong code is
    refused in one line and the host goes on; the right one plays the game,
    and of all the relay copied only the key exchange reads as messages."""
    recording = RecordingRelay()
    recording.start()
    try:
        relay, code = recording.address, new_internet_code()
        host = peers(*internet_host(tmp_path, relay, code, "--name", "Hostess"))
        hosting(host, relay, code)
        wrong = InternetCode(code.nameplate, "WRONG9" if code.secret != "WRONG9" else "WRONG8")
        status, said = peers(*internet_join(tmp_path, relay, str(wrong), folder="wrong")).finish()
        assert status == 2 and said.count("\n") == 1
        assert "wrong code: the host did not accept" in said
        # That code is spent: the host says so in one line, with the fresh one.
        fresh = host.wait_for(
            r"^someone else tried the code \S+, which is used up now; the new code is (\S+)$"
        )
        code = parse_internet_code(fresh.group(1))
        guest = peers(*internet_join(tmp_path, relay, str(code), "--name", "Wanderer"))
        assert guest.finish() == (0, "")
        assert host.finish() == (0, "")
    finally:
        recording.stop()
    assert_same_game(tmp_path, "guest")
    # The wrong code never reached the relay: it was refused at the mailbox.
    (played,) = recording.pairs
    everything = recording.relayed()
    for secret in (code.secret.encode(), str(code).encode(), b"Hostess", b"Wanderer", b"greedy", b"random"):
        assert secret not in everything
    guest_to_host, host_to_guest = _frames(bytes(played.sent[1])), _frames(bytes(played.sent[0]))
    if isinstance(decode_body(host_to_guest[0]), Hello):  # the guest waited first
        guest_to_host, host_to_guest = host_to_guest, guest_to_host
    # Only the key exchange is in clear: two random group elements and two proofs.
    assert isinstance(decode_body(guest_to_host[0]), Hello)
    assert isinstance(decode_body(guest_to_host[1]), Confirm)
    assert isinstance(decode_body(host_to_guest[0]), Exchange)
    assert isinstance(decode_body(host_to_guest[1]), Confirm)
    sealed = guest_to_host[2:] + host_to_guest[2:]
    assert len(sealed) > 100
    for body in sealed:
        try:
            decode_body(body)
        except ProtocolError:
            continue
        raise AssertionError(f"a frame through the relay reads as a message: {body[:40]!r}")


def test_a_malformed_code_is_said_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "4821-K7", "--relay", "127.0.0.1:9", "--headless", "--bot", "random"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "is not an internet code" in said and "4821-K7WQ2M" in said
