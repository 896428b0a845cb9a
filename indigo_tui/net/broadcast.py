"""The host's sending side: one :class:`Link` per seated guest and per
watcher, and what each is sent (the public events it has not had yet, a
seat's own draws with their tiles, the deck at the end), batched into one
write per terminal. A watcher follows the game without a seat: it is sent
everything public, from the same path as the seats, and nothing else (no
draw is ever its own, and it has no vote)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, TileDrawn
from .guard import Allowance, LineBudget, SeatBudgets
from .notices import LinesHeld, Notice
from .protocol import GameEvent, Message, Reveal, YourDraw
from .state import SeatState
from .transport import Connection

#: Bytes waiting in a guest's send buffer before the host waits for them to go.
DRAIN_ABOVE = 64 * 1024


@dataclass
class Link:
    """One guest terminal, seated."""

    conn: Connection
    seat: int
    name: str
    #: Events of the public log already sent to it.
    sent: int = 0
    revealed: bool = False
    #: Messages read from it so far.
    read: int = 0
    #: What it may ask of the host (its messages' pace, undo requests, log lines).
    allowance: Allowance = field(default_factory=lambda: Allowance(SeatBudgets()))
    #: Its tasks still running (its heartbeat, a drain, its undo request): a
    #: finished one leaves the set at once, so the set stays small.
    tasks: set[asyncio.Future[Any]] = field(default_factory=set)
    #: Its undo request being settled, if any (one at a time).
    undo: asyncio.Future[Any] | None = None
    #: Waiting for its send buffer to empty, if it is.
    draining: asyncio.Future[Any] | None = None
    #: Its chat is over budget and it has been told so (until a line gets through again).
    chat_held: bool = False
    #: A watcher's link: no seat (``seat`` is :data:`~.protocol.WATCHER_SEAT`), public messages only.
    watching: bool = False

    def keep(self, task: asyncio.Future[Any]) -> None:
        """Hold ``task`` until it is done (then it is let go, its outcome
        retrieved: an error in it is the task's own business, already said)."""
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled():
            task.exception()

    def tell_refusal(self, notice: Notice, tell: Callable[[Notice], None]) -> None:
        """Tell of this terminal's refused request (``notice``) within its
        lines a minute: then once that the rest are held, then nothing."""
        said = self.allowance.lines.admit()
        if said == LineBudget.SAY:
            tell(notice)
        elif said == LineBudget.SAY_QUIET:
            tell(LinesHeld(self.seat, self.name))

    def cancel(self) -> None:
        """Stop every task of this link (its connection is over)."""
        for task in list(self.tasks):
            task.cancel()


class Broadcaster:
    """The seated guests' links and everything sent to them."""

    def __init__(self, on_frame_sent: Callable[[int, Message], None] | None = None) -> None:
        #: Seat -> the terminal playing it now.
        self.links: dict[int, Link] = {}
        #: The terminals watching, in the order they came (no seat each).
        self.watchers: list[Link] = []
        #: Called with (seat, message) for every message sent, for tests and logs.
        self.on_frame_sent = on_frame_sent
        #: Remote seats whose terminal has been sent the deck at the end.
        self.revealed_seats: set[int] = set()

    def audience(self) -> list[Link]:
        """Every terminal the public game goes to: the seats' and the watchers'."""
        return [*self.links.values(), *self.watchers]

    def send(self, link: Link, message: Message) -> None:
        link.conn.send_nowait(message)
        if self.on_frame_sent is not None:
            self.on_frame_sent(link.seat, message)

    def broadcast(self, message: Message, skip: int | None = None) -> None:
        """``message`` (a public one) to every seat's terminal but ``skip``'s, and to every watcher."""
        for link in self.audience():
            if link.watching or link.seat != skip:
                self.send(link, message)

    def flush(
        self, game: Game, public: SeatState, salt: str, after: dict[int, Message] | None = None
    ) -> None:
        """Send every seated guest and every watcher the events it has not had
        yet (a seat's own draws with their tiles just before; a watcher has no
        draw of its own), then the deck if the game is over, then
        ``after[seat]`` if given (a move's acknowledgement): one write each."""
        log = game.log
        length = public.length
        for link in self.audience():
            batch: list[Message] = []
            for seq in range(link.sent, length):
                event = log[seq]
                if not link.watching and type(event) is TileDrawn and event.seat == link.seat:
                    assert event.tile is not None
                    batch.append(YourDraw(seq, event.tile))
                batch.append(GameEvent(seq, public.events[seq], public.hashes[seq], seq == length - 1))
            link.sent = length
            if game.over and not link.revealed:
                deck = game.deck
                assert deck is not None
                batch.append(Reveal(deck, salt))
                link.revealed = True
                if not link.watching:
                    self.revealed_seats.add(link.seat)
            if after is not None and not link.watching and link.seat in after:
                batch.append(after[link.seat])
            link.conn.send_many(batch)
            if self.on_frame_sent is not None:
                for message in batch:
                    self.on_frame_sent(link.seat, message)
            if link.conn.backlog > DRAIN_ABOVE and (link.draining is None or link.draining.done()):
                # One drain at a time: the next write waits for the same one.
                link.draining = asyncio.ensure_future(link.conn.drain())
                link.keep(link.draining)

    def new_round(self) -> None:
        """The match's next round: its log starts again from event 0, and its
        deck is revealed again at its end."""
        for link in self.audience():
            link.sent = 0
            link.revealed = False
        self.revealed_seats.clear()

    def cut_back(self, length: int) -> None:
        """After an undo: nobody has been sent more than ``length`` events."""
        for link in self.audience():
            link.sent = min(link.sent, length)


__all__ = ["DRAIN_ABOVE", "Broadcaster", "Link"]
