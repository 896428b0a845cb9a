"""Every way a join can fail is said where the player looks: on the join
form, above its buttons, in the player's language, at 80x24, 120x40 and
200x60 (read from the screen, with nothing drawn over the words), and
leaving the form of ``indigo join`` after a failure is not a success.

Each failure is real: nobody listening on a free port, a live host given
the wrong code, a host whose one remote seat is taken, a host of another
protocol version, a "host" that hangs up, a save folder that cannot be one.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.message_pump import MessagePump

from indigo_tui.i18n import _, use_language
from indigo_tui.i18n.words import os_problem
from indigo_tui.net import channel, protocol
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.net.hosting import HostPlan, build_host
from indigo_tui.net.notices import SessionClosed
from indigo_tui.net.reasons import Ending, Farewell, error_message, error_text, farewell_text
from indigo_tui.ui.net_app import NetApp
from indigo_tui.ui.net_link import NetLink
from indigo_tui.ui.screens.join import JoinScreen
from indigo_tui.ui.screens.waiting_room import WaitScreen

from .conftest import until
from .sight import SIZES, seen_at_every_size

LANGUAGES = ("en", "de", "fr", "nl")


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def lead(message: str) -> str:
    """A message's words up to its first placeholder ("Can't join: ")."""
    return message.split("{")[0].strip()


@dataclass
class Failure:
    """Where to join, with which code and save folder, and the words (in the
    current language) the form must then show."""

    address: str
    code: str
    save_dir: Path
    words: Callable[[], list[str]]


@asynccontextmanager
async def listening_host(tmp_path: Path) -> AsyncIterator[HostSession]:
    """A real host (one remote seat) listening on 127.0.0.1; closed afterwards."""
    host = build_host(HostPlan(["host", "remote"], name="Hazel", seed=7), tmp_path / "host").session
    await host.listen("127.0.0.1", 0)
    try:
        yield host
    finally:
        await asyncio.wait_for(host.close(), 30.0)


@asynccontextmanager
async def failure(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Failure]:
    guest_dir = tmp_path / "guest"
    if kind == "refused":
        address = f"127.0.0.1:{free_port()}"

        def refused() -> list[str]:
            nobody = _(
                "nobody is listening at {address}: is the host's lobby open, and are the address "
                "and port right?"
            ).format(address=address)
            return [_("Can't join: {reason}").format(reason=nobody)]

        yield Failure(address, "ABC123", guest_dir, refused)
    elif kind == "disk":
        blocker = tmp_path / "a-file"
        blocker.write_text("not a folder")
        folder = blocker / "saves"

        def disk() -> list[str]:
            try:
                folder.mkdir(parents=True)
            except OSError as exc:
                problem = os_problem(exc)
            return [lead(_("Can't join: {reason}")), problem]

        yield Failure(f"127.0.0.1:{free_port()}", "ABC123", folder, disk)
    elif kind == "gone":

        async def hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.close()

        server = await asyncio.start_server(hang_up, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            yield Failure(
                f"127.0.0.1:{port}",
                "ABC123",
                guest_dir,
                lambda: [lead(_("the host closed the connection while we joined ({problem})"))],
            )
        finally:
            server.close()
    else:
        if kind == "version":
            # The host speaks another protocol version than this guest.
            monkeypatch.setattr(channel, "PROTOCOL_VERSION", protocol.PROTOCOL_VERSION + 1)
        async with listening_host(tmp_path) as host:
            assert host.address is not None
            address = f"127.0.0.1:{host.address[1]}"
            if kind == "full":
                # Someone else took the one remote seat first.
                first = GuestSession("127.0.0.1", host.address[1], host.code, name="Ida")
                await first.connect(timeout=30.0)
                yield Failure(address, host.code, guest_dir, lambda: [error_text(error_message(Ending.FULL))])
                await first.close()
            elif kind == "version":
                yield Failure(
                    address,
                    host.code,
                    guest_dir,
                    lambda: [lead(_("the host runs another version of indigo-tui ({details})"))],
                )
            else:
                assert kind == "code"
                words = lambda: [_("Wrong join code: the host refused it. Check the code and try again.")]  # noqa: E731
                yield Failure(address, "WRONG1", guest_dir, words)


def join_app(fail: Failure) -> NetApp:
    return NetApp(
        lambda: JoinScreen(fail.address, fail.code, "Gus", auto=True, save_dir=fail.save_dir),
        save_dir=fail.save_dir,
        animate=False,
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["refused", "code", "full", "gone", "version", "disk"])
async def test_a_failed_join_is_said_on_the_form(
    kind: str, language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_language(language)
    async with failure(kind, tmp_path, monkeypatch) as fail:
        # (Each message has its translation: tests/i18n/test_catalogs.py.)
        app = join_app(fail)
        async with app.run_test(size=SIZES[0]) as pilot:
            await seen_at_every_size(app, pilot, fail.words())
            assert isinstance(app.screen, JoinScreen)


async def test_escape_from_a_failed_join_is_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with failure("refused", tmp_path, monkeypatch) as fail:
        app = join_app(fail)
        async with app.run_test(size=SIZES[0]) as pilot:
            await seen_at_every_size(app, pilot, fail.words())
            await pilot.press("escape")
            await until(pilot, lambda: app.return_code is not None)
        # `indigo join` then says why on stderr and exits 2 (commands/net.py).
        assert app.return_code == 2
        assert app.failure is not None and "nobody is listening at" in app.failure


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_host_gone_before_the_start_is_said_in_the_waiting_room(
    language: str, tmp_path: Path
) -> None:
    use_language(language)
    async with listening_host(tmp_path) as host:
        assert host.address is not None
        fail = Failure(f"127.0.0.1:{host.address[1]}", host.code, tmp_path / "guest", list)
        app = join_app(fail)
        async with app.run_test(size=SIZES[0]) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitScreen))
            await until(pilot, lambda: host.ready)
            await host.close(Farewell.LOBBY_CLOSED)
            reason = _("the host left: {reason}").format(reason=farewell_text("lobby_closed", ""))
            said = _("No game: {reason}. Leave with Escape, and join again when the host hosts again.")
            await seen_at_every_size(app, pilot, [said.format(reason=reason)])


async def test_a_host_gone_before_the_waiting_room_listens_is_said_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The race seen once in a loaded run of the test above: the host's goodbye
    # reached the link while the form was still the screen it told, just
    # before the waiting room took over. Made certain here by telling the
    # link its session ended at that very moment.
    reason = _("the host left: {reason}").format(reason=farewell_text("lobby_closed", ""))
    attach = NetLink.attach

    def late(link: NetLink, screen: MessagePump) -> None:
        if isinstance(screen, WaitScreen) and link.ended is None:
            link.tell(SessionClosed(reason, final=True))
        attach(link, screen)

    monkeypatch.setattr(NetLink, "attach", late)
    async with listening_host(tmp_path) as host:
        assert host.address is not None
        fail = Failure(f"127.0.0.1:{host.address[1]}", host.code, tmp_path / "guest", list)
        app = join_app(fail)
        async with app.run_test(size=SIZES[0]) as pilot:
            await until(pilot, lambda: isinstance(app.screen, WaitScreen))
            said = _("No game: {reason}. Leave with Escape, and join again when the host hosts again.")
            await seen_at_every_size(app, pilot, [said.format(reason=reason)])
