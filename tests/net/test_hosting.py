"""One home for setting up and taking up a hosted game (lobby and ``indigo
host`` alike), and the typed facts it keeps in its save."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from indigo_tui import saves
from indigo_tui.bots.engine_seat import EngineSeat
from indigo_tui.engine import Match, Setup
from indigo_tui.net.common import address_text, parse_address
from indigo_tui.net.host import HostPhase
from indigo_tui.net.hosting import HostingError, HostPlan, _saved_port, build_host, resume_host
from indigo_tui.saves import HostMeta, SeatInfo, make_header, read_host_meta, write_save


def played(plan: HostPlan, save_dir: Path, moves: int = 4, **options: object) -> Path:
    """A hosted game of ``plan`` with a few moves made, saved; its file."""
    session = build_host(plan, save_dir, **options).session  # type: ignore[arg-type]
    session.tokens[1] = "token-of-seat-2"
    session.phase = HostPhase.PLAYING
    for _ in range(moves):
        assert session.apply(session.game.turn, session.game.legal_moves[0]) is None
    assert session.save() and session.save_path is not None
    return session.save_path


def test_the_host_facts_are_one_typed_value_in_the_save(tmp_path: Path) -> None:
    path = played(HostPlan(["host", "remote", "bot:greedy"], code="wolf", seed=5), tmp_path)
    assert path.parent == tmp_path / "net"
    meta = saves.load_save(path).header.meta
    facts = read_host_meta(meta)
    assert facts.code == "WOLF" and facts.tokens == {1: "token-of-seat-2"} and facts.host_seats == [0]
    assert len(facts.salts) == 1 and facts.commitment
    # No loose "seat:token,..." strings any more.
    assert not any(key in meta for key in ("net_tokens", "net_host_seats", "net_salt"))


def test_a_save_with_the_older_loose_strings_is_still_taken_up(tmp_path: Path) -> None:
    match = Match(Setup(3), 1, 9)
    seats = [SeatInfo("Hazel", "bot:greedy"), SeatInfo("Gus", "remote"), SeatInfo("Random bot", "bot:random")]
    meta = {
        "net_role": "host",
        "net_game_id": "abc123",
        "net_salt": "5a1t",
        "net_code": "K7WQ2M",
        "net_tokens": "1:tok-one,x:ignored,2:",
        "net_host_seats": "0",
        "net_address": "127.0.0.1:7777",
    }
    path = tmp_path / "old.indigo"
    write_save(path, make_header(match, seats, meta=meta), match)
    facts = read_host_meta(saves.load_save(path).header.meta)
    assert facts == HostMeta(
        game_id="abc123",
        code="K7WQ2M",
        salts=["5a1t"],
        tokens={1: "tok-one"},
        host_seats=[0],
        address="127.0.0.1:7777",
    )
    # On a screen, the host's seat (saved as its headless bot) is a person's again.
    on_screen = resume_host(path)
    assert on_screen.own == [0] and on_screen.session.seats[0] == SeatInfo("Hazel", "human")
    assert set(on_screen.session.bot_seats.bots) == {2} and on_screen.session.salt == "5a1t"
    # Headless with --bot, that bot plays it.
    headless = resume_host(path, own_bot="random", code="tiger")
    assert headless.own == [] and set(headless.session.bot_seats.bots) == {0, 2}
    assert headless.session.code == "TIGER"
    # Saved again, the facts take the typed form and nothing else in meta is lost.
    headless.session.save()
    again = saves.load_save(path).header.meta
    assert "net_tokens" not in again and read_host_meta(again).tokens == {1: "tok-one"}


def test_the_lobby_and_the_headless_host_resume_the_same_way(tmp_path: Path) -> None:
    path = played(HostPlan(["host", "remote"], name="Hazel", seed=3), tmp_path, own_bot="greedy")
    header = saves.load_save(path).header
    assert header.seats[0] == SeatInfo("Hazel", "bot:greedy")
    assert read_host_meta(header.meta).host_seats == [0]
    screen = resume_host(path)
    assert screen.own == [0] and screen.session.seats[0].kind == "human"
    headless = resume_host(path, own_bot="greedy")
    assert headless.own == [] and 0 in headless.session.bot_seats.bots
    assert screen.session.game_id == headless.session.game_id


def test_two_bots_of_one_kind_get_names_apart(tmp_path: Path) -> None:
    hosted = build_host(HostPlan(["remote", "bot:greedy", "bot:greedy", "bot:random"]), None)
    names = [seat.name for seat in hosted.session.seats]
    assert names == ["Player 1", "Greedy bot 1", "Greedy bot 2", "Random bot"]


@pytest.mark.parametrize(
    ("plan", "said"),
    [
        (HostPlan(["host", "host"]), "at least one remote seat"),
        (HostPlan(["host", "robot"]), "seat kind 'robot'"),
        (HostPlan(["host", "remote"], own_gates=True), "three players only"),
        (HostPlan(["host", "remote", "bot:nobody"]), "nobody"),
    ],
)
def test_a_plan_that_cannot_be_is_one_line(plan: HostPlan, said: str) -> None:
    with pytest.raises(HostingError, match=said):
        build_host(plan, None)


def test_resuming_what_is_not_a_hosted_game_is_one_line(tmp_path: Path) -> None:
    local = tmp_path / "local.indigo"
    match = Match(Setup(2), 1, 3)
    write_save(local, make_header(match, [SeatInfo("Ann"), SeatInfo("Bob")]), match)
    with pytest.raises(HostingError, match="not the save of a hosted network game"):
        resume_host(local)
    damaged = tmp_path / "damaged.indigo"
    meta = {"net_role": "host", "net_host_game": '{"game_id": 3}'}
    write_save(damaged, make_header(match, [SeatInfo("Ann"), SeatInfo("Bob", "remote")], meta=meta), match)
    with pytest.raises(HostingError, match="damaged host facts"):
        resume_host(damaged)
    with pytest.raises(HostingError, match="no such file"):
        resume_host(tmp_path / "missing.indigo")


def test_a_resumed_host_never_starts_a_program_its_save_names(tmp_path: Path) -> None:
    # An engine seat's command is in the save; a file someone sent must not run it.
    path = played(HostPlan(["host", "remote", f"engine:{sys.executable} -c pass"], seed=4), tmp_path)
    engine = resume_host(path).session.bot_seats.bots[2]
    assert isinstance(engine, EngineSeat) and not engine.programs


async def test_a_resumed_host_opens_the_port_its_guests_were_told(tmp_path: Path) -> None:
    # The guests' screens say "indigo join ADDRESS:PORT --rejoin" with the port
    # the host listened on; a resumed host that opened the default port instead
    # left them at a closed door.
    hosted = build_host(HostPlan(["host", "remote"], seed=3), tmp_path)
    session = hosted.session
    await session.listen("127.0.0.1", 0)
    try:
        assert session.address is not None
        port = session.address[1]
        session.phase = HostPhase.PLAYING
        assert session.apply(session.game.turn, session.game.legal_moves[0]) is None
        assert session.save() and session.save_path is not None
        path = session.save_path
    finally:
        await session.close()
    resumed = resume_host(path)
    try:
        assert resumed.port == port
    finally:
        assert resumed.session.keeper.lock is not None
        resumed.session.keeper.lock.release()
    # A save that names no address (or one unreadable) leaves the port to the command line.
    assert build_host(HostPlan(["host", "remote"]), None).port is None


def test_a_saved_address_is_read_back_with_its_port_ipv6_too() -> None:
    # The save writes the address as parse_address reads it: an IPv6 host in brackets.
    assert address_text("::", 7811) == "[::]:7811" and address_text("0.0.0.0", 7811) == "0.0.0.0:7811"
    assert parse_address(address_text("::", 7811)) == ("::", 7811)
    assert [_saved_port(text) for text in ("[::]:7811", "0.0.0.0:7812", "", "garbled]:x")] == [
        7811,
        7812,
        None,
        None,
    ]
