"""Chat at a network table: one line at a time, plain text, within a budget per seat.

A line rides the same sealed connection as the game (:class:`~.protocol.Say`
from a guest, :class:`~.protocol.ChatLine` to every terminal). The host is
the one judge of it: it cleans each line (:func:`chat_text`: no control
characters, so no escape sequence, carriage return or forged new line
reaches anyone's screen; at most :data:`CHAT_LIMIT` characters), and keeps
each seat's lines within its chat budget (a token bucket in the seat's
:class:`~.guard.Allowance`; a watcher's terminal has its own, the same).
A line over the budget is dropped, and the sender is told once a flood
(:class:`~.protocol.ChatHeld`), the host's screen too; the game goes on.
Every terminal cleans what it is sent again, and shows it as plain text,
never as markup. Chat is never saved.
"""

from __future__ import annotations

from typing import Final

from .broadcast import Broadcaster, Link
from .common import Teller, plain_name
from .notices import ChatHeld as ChatHeldNotice
from .notices import ChatSaid
from .protocol import ChatHeld, ChatLine
from .seating import Seating

#: The most characters of one line of chat.
CHAT_LIMIT: Final = 200
#: The seat of a line said at the host's terminal when it plays no seat.
HOST_SEAT: Final = -1


def chat_text(text: str, limit: int = CHAT_LIMIT) -> str:
    """A line of chat as everyone sees it: printable characters only (tabs
    and line breaks become spaces, every other control or format character,
    an escape among them, goes), runs of spaces as one, trimmed, and at most
    ``limit`` characters ("" if nothing is left)."""
    kept = "".join(c if c.isprintable() else " " if c.isspace() else "" for c in text)
    return " ".join(kept.split())[:limit].strip()


class ChatRoom:
    """The host's side of chat: the guests' lines heard within their budgets,
    the host's own said, and every line sent to every terminal."""

    def __init__(self, broadcaster: Broadcaster, seating: Seating, tell: Teller) -> None:
        self.broadcaster = broadcaster
        self.seating = seating
        self.tell = tell
        #: Lines dropped for going over a budget, by seat (for the host's own count).
        self.dropped: dict[int, int] = {}

    def heard(self, link: Link, text: str) -> None:
        """A line from ``link``'s terminal: sent on within its seat's budget;
        over it, dropped, and the sender (and the host) told once a flood."""
        budget = link.allowance.chat
        if not budget.take():
            self.dropped[link.seat] = self.dropped.get(link.seat, 0) + 1
            if not link.chat_held:
                link.chat_held = True
                seconds = budget.wait()
                self.broadcaster.send(link, ChatHeld(round(seconds, 1)))
                self.tell(ChatHeldNotice(link.seat, link.name, seconds))
            return
        link.chat_held = False
        self._send(link.seat, link.name, text, watching=link.watching)

    def say(self, seat: int, text: str) -> bool:
        """A line said at the host's own terminal, for its ``seat``
        (:data:`HOST_SEAT` if it plays none); whether there was anything to say."""
        name = self.seating.name(seat) if seat != HOST_SEAT else ""
        return self._send(seat, name, text)

    def _send(self, seat: int, name: str, text: str, *, watching: bool = False) -> bool:
        line = chat_text(text)
        if not line:
            return False
        shown = plain_name(name)
        # A watcher's line is marked as one (its name, "watching"), everywhere.
        self.broadcaster.broadcast(ChatLine(seat, shown, line, watching))
        self.tell(ChatSaid(seat, shown, line, watching))
        return True


__all__ = ["CHAT_LIMIT", "HOST_SEAT", "ChatRoom", "chat_text"]
