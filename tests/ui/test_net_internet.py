"""Across the internet through the screens: the host's form with Over the
internet ticked, its lobby with the one code to share, and a guest typing
that code into Join game, both through a relay of our own on 127.0.0.1
(tests/net/transit.py). Every wait is bounded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from net.transit import MailboxServer, RecordingRelay, shared_mailbox_server  # noqa: F401
from textual.widgets import Checkbox, Input

from indigo_tui.net.relay import MAILBOX_ENV, RELAY_ENV, parse_internet_code
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.screens.host_setup import HostSetupScreen
from indigo_tui.ui.screens.join import JoinScreen
from indigo_tui.ui.screens.lobby import LobbyScreen
from indigo_tui.ui.screens.waiting_room import WaitScreen

from .conftest import NET_SIZE, screen_text, until


@pytest.fixture
def relay() -> Iterator[RecordingRelay]:
    recording = RecordingRelay()
    recording.start()
    try:
        yield recording
    finally:
        recording.stop()


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_a_game_across_the_internet_is_set_up_through_the_screens(
    tmp_path: Path,
    relay: RecordingRelay,
    shared_mailbox_server: MailboxServer,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
) -> None:
    # The guest names no servers: they come from the environment, as people set them.
    monkeypatch.setenv(RELAY_ENV, relay.address)
    monkeypatch.setenv(MAILBOX_ENV, shared_mailbox_server.url)
    host = NetApp(
        lambda: HostSetupScreen(save_dir=tmp_path / "host"), save_dir=tmp_path / "host", animate=False
    )
    async with host.run_test(size=size) as hp:
        setup = host.screen
        assert isinstance(setup, HostSetupScreen)
        setup.query_one("#internet", Checkbox).value = True
        await hp.pause()
        await hp.press("ctrl+s")
        await until(hp, lambda: isinstance(host.screen, LobbyScreen))
        lobby = host.screen
        assert isinstance(lobby, LobbyScreen)
        await until(hp, lambda: lobby.relay_status is not None and lobby.relay_status.state == "waiting")
        await hp.pause()
        assert f"waiting for friends at the relay {relay.address}" in screen_text(host)
        code = lobby.host.code
        shown = screen_text(host)
        assert code in shown and "Tell your friends the code" in shown
        assert f"indigo join {code} --relay {relay.address}" in shown.replace("\n", " ").replace("  ", " ")
        assert parse_internet_code(code)
        guest = NetApp(
            lambda: JoinScreen(save_dir=tmp_path / "guest"), save_dir=tmp_path / "guest", animate=False
        )
        async with guest.run_test(size=size) as gp:
            form = guest.screen
            assert isinstance(form, JoinScreen)
            # Typed as it was read out: lower case, a space for the dash, into Host.
            form.query_one("#address", Input).value = code.lower().replace("-", " ")
            form.query_one("#player-name", Input).value = "Gus"
            await gp.press("enter")
            await until([hp, gp], lambda: isinstance(guest.screen, WaitScreen), 30.0)
            await until([hp, gp], lambda: lobby.host.ready)
            await hp.pause()
            await gp.pause()
            shown = screen_text(host)
            assert "Gus" in shown and "Everyone is here" in shown
            # Nobody more is waited for: the relay stays open for a seat that drops.
            flat = " ".join(shown.split())
            assert "waiting for friends" not in flat
            assert f"the relay {relay.address} stays open for a seat that has to rejoin" in flat
            # The guest reaches the relay, not the host: the address is said as the relay's.
            seen = " ".join(screen_text(guest).split())
            assert f"joined through the relay {relay.address}" in seen
            assert f"({relay.address})" not in seen
    assert len(relay.pairs) == 1


async def test_a_code_that_is_not_one_is_said_on_the_form(tmp_path: Path, relay: RecordingRelay) -> None:
    guest = NetApp(lambda: JoinScreen(save_dir=tmp_path), save_dir=tmp_path, animate=False)
    async with guest.run_test(size=NET_SIZE) as gp:
        form = guest.screen
        assert isinstance(form, JoinScreen)
        form.query_one("#address", Input).value = "4821-K7"
        await gp.press("enter")
        await until(gp, lambda: "is not an internet code" in str(form.query_one("#setup-error").render()))
        assert "4821-K7WQ2M" in str(form.query_one("#setup-error").render())
    assert relay.lines == []


async def test_an_internet_code_given_to_the_form_is_in_its_code_field(tmp_path: Path) -> None:
    # `indigo join 7-K7WQ2M` on screen: the code where the form says codes go, not in Host.
    app = NetApp(lambda: JoinScreen("7-k7wq2m", save_dir=tmp_path), save_dir=tmp_path, animate=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = screen_text(app).splitlines()
        (code_row,) = [row for row in rows if "Code" in row and "7-k7wq2m" in row]
        assert not any("Host" in row and "7-k7wq2m" in row for row in rows), code_row
