"""A network game by lines, in a pseudo-terminal: ``indigo join --text``
against a real ``indigo host --headless`` on 127.0.0.1 (and ``indigo host
--text`` against a headless guest), played to the end as a person would,
with no escape sequence on the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from net.conftest import Peer, host_args, join_args, listening_port
from net.test_relay_games import MAILBOX, internet_host, internet_join
from net.transit import MailboxServer, TransitRelay, shared_mailbox_server, shared_transit_relay

from indigo_tui.engine import Setup
from indigo_tui.i18n import catalog
from indigo_tui.net.relay import new_internet_code

from .support import Player, assert_plain, hosted_deck, spawn

# The fixtures of tests/net/transit.py, used here.
__all__ = ["shared_mailbox_server", "shared_transit_relay"]


@pytest.fixture
def mailbox(shared_mailbox_server: MailboxServer) -> str:
    """The mailbox server of this test process, for the internet games here
    (and for net/test_relay_games.py's commands, which name it)."""
    MAILBOX[:] = [shared_mailbox_server.url]
    return shared_mailbox_server.url


def play_until_over(player: Player, me: int, others: list[int]) -> None:
    """Answer every turn of seat ``me`` with a move of the test's copy of the
    game, following the others' moves as they are said."""
    said = ""
    while not player.game.over:
        player.follow(said, others)
        if player.game.over:
            break
        if player.game.turn == me:
            move = player.choose(me)
            player.type(f"{move}!")
            player.game.push(move)
        said = player.until_prompt()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_guest_plays_a_whole_network_game_by_lines(tmp_path: Path, lang: str) -> None:
    host = Peer(*host_args(tmp_path, "--name", "Robo"), cwd=tmp_path)
    try:
        port = listening_port(host)
        child = spawn(
            [
                "--lang",
                lang,
                "join",
                f"127.0.0.1:{port}",
                "--code",
                "test42",
                "--text",
                "--name",
                "Ann",
                "--save-dir",
                str(tmp_path / "guest"),
            ],
            tmp_path,
        )
        player = Player(child, Setup(2), 9, ["Robo", "Ann"], hosted_deck(tmp_path / "host"))
        said = player.until_prompt()
        while catalog(lang).gettext("Type help for the commands, or a move like 122/3@2,-1.") not in said:
            said += player.until_prompt()
        player.follow(said, [0])
        for question in ("hand", "gates", "score"):
            player.type(question)
            said = player.until_prompt()
            player.follow(said, [0])
        play_until_over(player, me=1, others=[0])
        assert player.finish() == 0
        assert host.finish()[0] == 0
    finally:
        host.kill()
    output = player.output
    assert_plain(output)
    winners = [player.names[s] for s in player.game.winners]
    if len(winners) == 1:
        assert catalog(lang).gettext("Game over. Winner: {name}").format(name=winners[0]) in output
    # The guest's record of the game, as every guest keeps one.
    assert list((tmp_path / "guest").glob("*.indigo"))


@pytest.mark.slow
def test_the_host_plays_its_seat_by_lines(tmp_path: Path) -> None:
    child = spawn(
        [
            "host",
            "--text",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--code",
            "TEST42",
            "--seed",
            "9",
            "--name",
            "Ann",
            "--save-dir",
            str(tmp_path / "host"),
        ],
        tmp_path,
    )
    child.expect(r"address 127\.0\.0\.1:(\d+), code TEST42")
    port = int(child.match.group(1))
    guest = Peer(*join_args(tmp_path, port, "--name", "Bob"), cwd=tmp_path)
    try:
        player = Player(child, Setup(2), 9, ["Ann", "Bob"], hosted_deck(tmp_path / "host"))
        said = player.until_prompt()
        while "Type help for the commands" not in said:
            said += player.until_prompt()
        play_until_over(player, me=0, others=[1])
        while "Type review for the rating of every move, or quit." not in player.output:
            player.until_prompt()
        player.type("quit")
        assert player.finish() == 0
        assert guest.finish()[0] == 0
    finally:
        guest.kill()
    assert_plain(player.output)
    assert list((tmp_path / "host" / "net").glob("*.indigo"))


@pytest.mark.slow
def test_a_guest_plays_across_the_internet_by_lines(
    tmp_path: Path, shared_transit_relay: TransitRelay, mailbox: str
) -> None:
    # The same front end over the relay lane's peer API: a code, a transit relay, nothing else.
    relay, code = shared_transit_relay.address, new_internet_code()
    host = Peer(*internet_host(tmp_path, relay, code, "--name", "Robo"), cwd=tmp_path)
    try:
        host.wait_for(r"listening at relay")
        child = spawn(
            [
                "join",
                str(code),
                "--relay",
                relay,
                "--mailbox",
                mailbox,
                "--text",
                "--name",
                "Ann",
                "--save-dir",
                str(tmp_path / "guest"),
            ],
            tmp_path,
        )
        player = Player(child, Setup(2), 9, ["Robo", "Ann"], hosted_deck(tmp_path / "host"))
        said = player.until_prompt()
        while "Type help for the commands" not in said:
            said += player.until_prompt()
        player.follow(said, [0])
        play_until_over(player, me=1, others=[0])
        assert player.finish() == 0
        assert host.finish()[0] == 0
    finally:
        host.kill()
    assert_plain(player.output)


@pytest.mark.slow
def test_the_host_plays_across_the_internet_by_lines(
    tmp_path: Path, shared_transit_relay: TransitRelay, mailbox: str
) -> None:
    relay, code = shared_transit_relay.address, new_internet_code()
    opening = ["host", "--internet", "--relay", relay, "--mailbox", mailbox, "--code", str(code), "--text"]
    opening += ["--seed", "9"]
    child = spawn([*opening, "--name", "Ann", "--save-dir", str(tmp_path / "host")], tmp_path)
    child.expect_exact(f"Tell your friends the code: {code}.")
    guest = Peer(*internet_join(tmp_path, relay, str(code), "--name", "Bob"), cwd=tmp_path)
    try:
        player = Player(child, Setup(2), 9, ["Ann", "Bob"], hosted_deck(tmp_path / "host"))
        said = player.until_prompt()
        while "Type help for the commands" not in said:
            said += player.until_prompt()
        play_until_over(player, me=0, others=[1])
        while "Type review for the rating of every move, or quit." not in player.output:
            player.until_prompt()
        player.type("quit")
        assert player.finish() == 0
        assert guest.finish()[0] == 0
    finally:
        guest.kill()
    assert_plain(player.output)


@pytest.mark.slow
def test_a_watcher_follows_a_network_game_by_lines(tmp_path: Path) -> None:
    host = Peer(*host_args(tmp_path, "--name", "Robo"), cwd=tmp_path)
    guest: Peer | None = None
    try:
        port = listening_port(host)
        child = spawn(
            [
                "join",
                f"127.0.0.1:{port}",
                "--code",
                "test42",
                "--text",
                "--watch",
                "--name",
                "Wanda",
                "--save-dir",
                str(tmp_path / "watcher"),
            ],
            tmp_path,
        )
        player = Player(child, Setup(2), 9, ["Robo", "Player 2"], hosted_deck(tmp_path / "host"))
        child.expect_exact("Watching the game, without a seat.")
        host.wait_for(r"Wanda is watching")
        # Its help lists what a watcher may do: chat, but no move's commands.
        player.type("help")
        child.expect_exact("leave; the game stays saved")
        listed = str(child.before)
        assert "say TEXT: " in listed and "hand: " in listed
        for command in ("undo", "hint", "redo", "rematch"):
            assert f"  {command}: " not in listed and f"  {command} " not in listed, command
        # Nothing to take back: the host refuses a watcher's undo in words.
        player.type("undo")
        child.expect_exact("a watcher follows the game without a seat")
        guest = Peer(*join_args(tmp_path, port, "--move-delay", "0.02"), cwd=tmp_path)
        # The deck is the host's secret too, so the game differs from run to run:
        # one winner ("Game over. Winner: ...") or a shared win ("Game over: ...").
        child.expect(r"Game over[.:]")
        child.expect_exact("Deal verified: the deck matches the commitment.")
        player.type("quit")
        assert player.finish() == 0
        assert guest.finish()[0] == 0
        assert host.finish()[0] == 0
    finally:
        host.kill()
        if guest is not None:
            guest.kill()
    output = str(child.before) + "".join(player.transcript)
    assert_plain(output)
    # Nor is it offered a rematch it cannot make.
    assert "Type rematch" not in output
    # A watcher keeps no record: its save folder holds no game.
    assert not list((tmp_path / "watcher").rglob("*.indigo"))
