"""Two real terminals, one German and one Dutch: ``indigo --lang de host
--headless`` and ``indigo --lang nl join --headless`` on 127.0.0.1 play a
whole game, and each prints its lines in its own language from the shipped
catalogs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from net.conftest import Peer, host_args, join_args, listening_port, peers

from indigo_tui import i18n

__all__ = ["peers"]  # the fixture of tests/net/conftest.py, used here


def test_a_german_host_and_a_dutch_guest_play_each_in_its_language(
    peers: Callable[..., Peer], tmp_path: Path
) -> None:
    german, dutch = i18n.catalog("de").gettext, i18n.catalog("nl").gettext
    host = peers("--lang", "de", *host_args(tmp_path))
    port = listening_port(host)  # the line scripts read is the same in every language
    guest = peers("--lang", "nl", *join_args(tmp_path, port))
    assert guest.finish()[0] == 0
    assert host.finish()[0] == 0
    # The host's words are German, the guest's Dutch: the same messages, each terminal's catalog.
    started, over = "game started", "game over; saved to {path}"
    assert german(started) != started and dutch(started) != started
    assert german(started) in host.lines
    (host_save,) = (tmp_path / "host" / "net").glob("*.indigo")
    assert german(over).format(path=host_save) in host.lines
    (guest_save,) = (tmp_path / "guest").glob("*.indigo")
    assert dutch(over).format(path=guest_save) in guest.lines
    # And no line of either in the other's language, nor in English.
    assert german(started) not in guest.lines and dutch(started) not in host.lines
    assert not any(line.startswith("game over") for line in host.lines + guest.lines)
