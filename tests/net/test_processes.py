"""End to end: real ``indigo host --headless`` and ``indigo join --headless``
processes on 127.0.0.1 play whole games; then both saves are compared."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from indigo_tui import saves
from indigo_tui.net.common import JoinError
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.protocol import (
    HEADER,
    MAX_FRAME,
    PROTOCOL_VERSION,
    Error,
    Hello,
    decode_frames,
    encode_frame,
)

from .conftest import TIMEOUT, Peer, Peers, host_args, join_args, listening_port, resumed_host_args


def assert_same_game(tmp_path: Path, *guest_folders: str) -> None:
    (host_file,) = (tmp_path / "host" / "net").glob("*.indigo")
    host = saves.load_save(host_file)
    assert host.match.game.over and host.header.meta["net_role"] == "host"
    assert saves.read_host_meta(host.header.meta).address.startswith("127.0.0.1:")
    for folder in guest_folders:
        (guest_file,) = (tmp_path / folder).glob("*.indigo")
        guest = saves.load_save(guest_file)
        assert guest.header.meta["net_role"] == "guest" and guest.header.meta["net_deal"] == "verified"
        assert guest.match.rounds == host.match.rounds and guest.match.over
        for mine, theirs in zip(guest.match.games, host.match.games, strict=True):
            assert mine.moves == theirs.moves
            assert mine.log == theirs.log
            assert mine.standings() == theirs.standings()
        assert guest.match.totals == host.match.totals


@pytest.mark.slow
def test_two_processes_play_a_whole_game(peers: Peers, tmp_path: Path) -> None:
    host = peers(*host_args(tmp_path))
    port = listening_port(host)
    guest = peers(*join_args(tmp_path, port))
    guest_status, guest_err = guest.finish()
    host_status, host_err = host.finish()
    assert (host_status, host_err) == (0, "")
    assert (guest_status, guest_err) == (0, "")
    guest.wait_for(r"^deal verified")
    host.wait_for(r"^game over; saved to")
    assert_same_game(tmp_path, "guest")


@pytest.mark.slow
def test_four_seats_two_guests_and_a_bot(peers: Peers, tmp_path: Path) -> None:
    host = peers(*host_args(tmp_path, "--seats", "remote,host,bot:random,remote", "--variant", "tactical"))
    port = listening_port(host)
    first = peers(*join_args(tmp_path, port, folder="one"))
    second = peers(*join_args(tmp_path, port, folder="two"))
    assert first.finish()[0] == 0 and second.finish()[0] == 0
    assert host.finish() == (0, "")
    assert_same_game(tmp_path, "one", "two")


@pytest.mark.slow
def test_three_seats_own_gates(peers: Peers, tmp_path: Path) -> None:
    host = peers(*host_args(tmp_path, "--players", "3", "--seats", "bot:greedy,remote,host", "--own-gates"))
    port = listening_port(host)
    guest = peers(*join_args(tmp_path, port))
    guest.wait_for(r"as seat 2 of 3")
    assert guest.finish()[0] == 0
    assert host.finish() == (0, "")
    assert_same_game(tmp_path, "guest")
    (host_file,) = (tmp_path / "host" / "net").glob("*.indigo")
    assert saves.load_save(host_file).header.setup.own_gates


@pytest.mark.slow
def test_a_killed_guest_rejoins_at_the_same_move(peers: Peers, tmp_path: Path) -> None:
    host = peers(*host_args(tmp_path, "--move-delay", "0.01"))
    port = listening_port(host)
    # The guest that is killed plays slowly: the game must still be on when the
    # kill comes, however late a loaded machine lets this test send it.
    guest = peers(*join_args(tmp_path, port, "--move-delay", "0.1"))
    guest.wait_for(r"\(move (1\d|[2-9]\d)\)")
    guest.kill()
    host.wait_for(r"seat 2 .*disconnected")
    # No --code: the guest's save remembers it.
    again = peers(
        "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--save-dir", str(tmp_path / "guest")
    )
    again.wait_for(r"^rejoining game \w+ as seat 2")
    assert again.finish()[0] == 0
    assert host.finish() == (0, "")
    assert_same_game(tmp_path, "guest")
    # Nothing was played twice: every placement of the guest's seat appears once in the host's save.
    (host_file,) = (tmp_path / "host" / "net").glob("*.indigo")
    game = saves.load_save(host_file).match.game
    assert len(game.moves) == game.board.placements


@pytest.mark.slow
def test_a_killed_host_resumes_from_its_save_and_the_guest_comes_back(peers: Peers, tmp_path: Path) -> None:
    # The host that is killed plays slowly: the game must still be on when the
    # kill comes, however late a loaded machine lets this test send it.
    host = peers(*host_args(tmp_path, "--move-delay", "0.1"))
    port = listening_port(host)
    guest = peers(*join_args(tmp_path, port, "--move-delay", "0.01", "--reconnect-timeout", "60"))
    guest.wait_for(r"\(move (1\d|[2-9]\d)\)")
    host.kill()
    guest.wait_for(r"trying to rejoin")
    (save,) = (tmp_path / "host" / "net").glob("*.indigo")
    resumed = peers(*resumed_host_args(save, port))
    resumed.wait_for(rf"listening on 127\.0\.0\.1:{port} code TEST42")
    assert guest.finish()[0] == 0
    assert resumed.finish() == (0, "")
    assert_same_game(tmp_path, "guest")


@pytest.mark.slow
def test_a_match_of_three_rounds(peers: Peers, tmp_path: Path) -> None:
    host = peers(*host_args(tmp_path, "--rounds", "3"))
    port = listening_port(host)
    guest = peers(*join_args(tmp_path, port))
    assert guest.finish()[0] == 0
    assert host.finish() == (0, "")
    for round_number in (2, 3):
        guest.wait_for(rf"^round {round_number} of 3 has started")
        host.wait_for(rf"^round {round_number} of 3 has started")
    guest.wait_for(r"^deal of round 3 verified")
    host.wait_for(r"^round 3 of 3 is over")
    winner = host.wait_for(r"^match: seat (\d) \(.*\): (\d+) points  winner")
    assert_same_game(tmp_path, "guest")
    (host_file,) = (tmp_path / "host" / "net").glob("*.indigo")
    match = saves.load_save(host_file).match
    assert len(match.games) == 3 and max(match.totals) == int(winner.group(2))


@pytest.mark.slow
def test_a_host_killed_mid_match_resumes_in_the_same_round(peers: Peers, tmp_path: Path) -> None:
    # The host that is killed plays slowly: round 2 must still be on when the
    # kill comes, however late a loaded machine lets this test send it.
    host = peers(*host_args(tmp_path, "--rounds", "2", "--move-delay", "0.05"))
    port = listening_port(host)
    guest = peers(*join_args(tmp_path, port, "--move-delay", "0.01", "--reconnect-timeout", "60"))
    guest.wait_for(r"^round 2 of 2 has started")
    guest.wait_for(r"\(move ([4-9]|\d\d)\)", since=len(guest.lines))
    host.kill()
    guest.wait_for(r"trying to rejoin")
    (save,) = (tmp_path / "host" / "net").glob("*.indigo")
    saved = saves.load_save(save).match
    assert saved.round_index == 1 and not saved.over
    resumed = peers(*resumed_host_args(save, port))
    resumed.wait_for(rf"listening on 127\.0\.0\.1:{port} code TEST42")
    assert guest.finish()[0] == 0
    assert resumed.finish() == (0, "")
    resumed.wait_for(r"^match: seat \d")
    assert_same_game(tmp_path, "guest")


def test_bad_peers_at_the_port_do_not_stop_the_host(peers: Peers, tmp_path: Path) -> None:
    host = peers(*host_args(tmp_path))
    port = listening_port(host)

    def poke(data: bytes) -> str:
        """Send ``data``; the reason in the host's Error reply."""
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(data)
            reply = b""
            while chunk := sock.recv(4096):
                reply += chunk
        messages, _ = decode_frames(reply)
        assert len(messages) == 1 and isinstance(messages[0], Error)
        return messages[0].reason

    assert poke(b"\x00\x00\x00\x20" + os.urandom(32))
    assert "over the" in poke(HEADER.pack(MAX_FRAME * 100))
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        frame = encode_frame(Hello(1, "x"))
        sock.sendall(frame[:5])  # and hang up in the middle of the frame

    wrong = peers("join", f"127.0.0.1:{port}", "--code", "NOPE99", "--headless", "--bot", "random")
    status, err = wrong.finish()
    assert status == 2 and err.count("\n") == 1 and "wrong join code" in err and "Traceback" not in err

    async def other_version() -> str:
        guest = GuestSession("127.0.0.1", port, "TEST42", protocol_version=1, app_version="9.0")
        with pytest.raises(JoinError) as refused:
            await asyncio.wait_for(guest.connect(), TIMEOUT)
        return str(refused.value)

    text = asyncio.run(other_version())
    assert f"version {PROTOCOL_VERSION}" in text and "version 1" in text

    guest = peers(*join_args(tmp_path, port))
    assert guest.finish()[0] == 0
    assert host.finish() == (0, "")
    assert_same_game(tmp_path, "guest")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["join", "127.0.0.1:9", "--headless", "--bot", "random", "--save-dir", "x"], "join code is needed"),
        (["join", "127.0.0.1:1", "--code", "A", "--headless", "--bot", "random"], "nobody is listening"),
        (["join", "127.0.0.1:99999", "--code", "A", "--headless", "--bot", "random"], "port must be"),
        (["join", "127.0.0.1:7777", "--code", "A", "--bot", "random"], "--bot is for --headless"),
        (["host", "--headless", "--bot", "nobody", "--port", "0"], "unknown bot"),
        (["host", "--headless", "--bot", "greedy", "--seats", "host,bot:greedy"], "remote seat"),
        (["host", "--headless", "--bot", "greedy", "--resume", "missing.indigo"], "no such file"),
        (["host", "--headless", "--bot", "greedy", "--save-dir", "/dev/null/x"], "cannot use"),
        (
            ["join", "h:1", "--code", "A", "--headless", "--bot", "random", "--save-dir", "/dev/null"],
            "cannot use",
        ),
    ],
)
def test_bad_requests_get_one_line_and_status_2(tmp_path: Path, args: list[str], words: str) -> None:
    command = [sys.executable, "-m", "indigo_tui", *args]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 2
    assert words in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def three_moves_in(peers: Callable[..., Peer], tmp_path: Path) -> tuple[Peer, Peer]:
    """A host and a guest, once the guest has played its third move. The
    host's bot moves every 0.2 s: the game is still on when the test
    interrupts one of them, however late a loaded machine lets it."""
    host = peers(*host_args(tmp_path, "--move-delay", "0.2"))
    port = listening_port(host)
    guest = peers(*join_args(tmp_path, port))
    guest.wait_for(r"\(move [3-9]\)|\(move \d\d\)")
    return host, guest


def test_ctrl_c_on_the_guest_tells_the_host(peers: Peers, tmp_path: Path) -> None:
    host, guest = three_moves_in(peers, tmp_path)
    guest.proc.send_signal(signal.SIGINT)
    status, err = guest.finish()
    assert status == 2 and "interrupted" in err
    host.wait_for(r"seat 2 .*disconnected: left: the guest quit")
    host.proc.send_signal(signal.SIGINT)
    status, err = host.finish()
    assert status == 2 and "interrupted" in err and "saved" in err


def test_ctrl_c_on_the_host_tells_the_guest(peers: Peers, tmp_path: Path) -> None:
    host, guest = three_moves_in(peers, tmp_path)
    host.proc.send_signal(signal.SIGINT)
    status, err = guest.finish()
    assert status == 2 and "the host left: the host quit" in err and err.count("\n") == 1
    status, err = host.finish()
    assert status == 2 and "interrupted" in err
    # The host's save is whole and can be resumed.
    (save,) = (tmp_path / "host" / "net").glob("*.indigo")
    assert not saves.load_save(save).match.game.over
