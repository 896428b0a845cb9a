"""Things both peers share: notices for a UI, join codes, addresses."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from ..bots import Bot
from ..engine import Move, SeatView
from . import DEFAULT_PORT

NoticeKind = Literal[
    "joined",  # a guest took a seat (host), or we are in (guest)
    "left",  # a guest's terminal went away; its seat stays open
    "started",  # the game began
    "event",  # the public log grew (or was cut back by an undo)
    "rejected",  # a move was refused, with the reason
    "undo_ask",  # another seat asks to take a move back: vote with vote_undo()
    "undo_result",  # an undo request was settled
    "over",  # the game ended
    "verified",  # the deal was checked against the commitment (text says how it went)
    "problem",  # something went wrong that does not end the game (garbage from a stranger, a save error)
    "closed",  # the session ended; ``text`` says why
]


@dataclass(frozen=True)
class Notice:
    """Something a screen may want to show; ``text`` is one line for people."""

    kind: NoticeKind
    text: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)


_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def new_join_code(length: int = 6) -> str:
    """A code to read out across a room: no 0/O or 1/I/L to mix up."""
    return "".join(secrets.choice(_CODE_ALPHABET) for _ in range(length))


def normal_code(code: str) -> str:
    return code.strip().upper()


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT``; ValueError with a reason."""
    text = text.strip()
    if not text:
        raise ValueError("no host address given")
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep:
            raise ValueError(f"{text!r}: unclosed [ in the address")
        port_text = rest.removeprefix(":") if rest else ""
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not host:
        raise ValueError(f"{text!r}: no host name before the port")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"{text!r}: the port must be a number from 1 to 65535")
    return host, int(port_text)


def lan_address() -> str | None:
    """This machine's address on the local network, to share (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 1))
        return str(probe.getsockname()[0])
    return None


class Thinker:
    """Asks bots for moves without stalling the event loop: a bot runs in a
    worker thread (on a detached view) until it has shown itself quick, then
    inline, and back to the thread as soon as it takes longer. A slow bot in
    the loop would stop heartbeats and reads, and its peers would give up."""

    #: Seconds a choice may take inline without a thread.
    QUICK = 0.02

    def __init__(self) -> None:
        self._quick: set[int] = set()

    async def choose(self, bot: Bot, view: SeatView) -> Move:
        key = id(bot)
        started = time.perf_counter()
        if key in self._quick:
            move = bot.choose(view)
        else:
            move = await asyncio.to_thread(bot.choose, view.detached())
        if time.perf_counter() - started < self.QUICK:
            self._quick.add(key)
        else:
            self._quick.discard(key)
        return move
