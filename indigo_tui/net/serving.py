"""Serving a seated guest: its messages read at a bounded pace, and each one answered.

Once the door (:mod:`.admission`) has seated a guest, :class:`GuestServer`
reads its link until the connection ends: a heartbeat goes out meanwhile,
its messages are read no faster than its budget allows (:mod:`.guard`), and
none is read while the answers to the last ones wait to be sent, so a guest
that asks without reading the answers is read no faster than it reads. Each
message is answered by its kind: a move by the host (:class:`GuestAnswers`),
an undo request or vote by :mod:`.undo`, a hint by the host's ledger; a
line of chat by :mod:`.chat`, within its budget; a
refusal goes back to the guest as a code with English words, and into the
host's log within the terminal's lines a minute. A watcher is read and
served the same way, within the same budgets, but has no seat to act for:
its moves, undo requests and hints are refused with a code
(:attr:`~.reasons.NetRefusal.WATCHING`), its votes count nothing, and its
chat is passed on only where the host allows it. A goodbye or an error ends
the connection; any other message is a breach of the protocol.
"""

from __future__ import annotations

import asyncio
from typing import Protocol, assert_never

from .broadcast import Broadcaster, Link
from .chat import ChatRoom
from .common import REASON_LIMIT, Teller, heartbeat, log_line, peer_error
from .notices import HintRefused, MoveRefused, UndoSettled
from .protocol import (
    Bye,
    Error,
    FromGuest,
    Heartbeat,
    HintNotCounted,
    HintUsed,
    MoveRejected,
    MoveRequest,
    RematchAnswer,
    RematchOff,
    Say,
    UndoRequest,
    UndoResult,
    UndoVote,
)
from .reasons import Gone, Loss, NetRefusal, Why, english_why
from .rematch import Rematches
from .seating import Seating
from .undo import UndoRequests


class GuestAnswers(Protocol):
    """What serving a guest needs of the host: its answers to the guest's requests."""

    @property
    def closed(self) -> bool: ...

    #: The rematch offers once the game is over.
    rematch: Rematches

    @property
    def watcher_chat(self) -> bool:
        """Whether watchers' lines of chat are passed on."""
        ...

    def guest_move(self, request: MoveRequest) -> Why | None:
        """Play a guest's move for its own seat (acknowledged with its
        events); why not, if it may not be played."""
        ...

    def count_hint(self, seat: int) -> Why | None:
        """``seat`` asked for a hint: count it, or why not."""
        ...

    def lose(self, link: Link, why: Loss) -> None:
        """``link``'s connection is over (``why``)."""

    def leave(self, link: Link, why: Loss) -> None:
        """``link``'s player said goodbye (``why``)."""


class GuestServer:
    """Reads and answers seated guests, each until its connection ends;
    see the module docstring. ``heartbeat`` is the seconds between the
    heartbeats each guest is sent."""

    def __init__(
        self,
        host: GuestAnswers,
        seating: Seating,
        broadcaster: Broadcaster,
        undo: UndoRequests,
        tell: Teller,
        heartbeat: float,
        chat: ChatRoom,
    ) -> None:
        self.host = host
        self.chat = chat
        self.seating = seating
        self.broadcaster = broadcaster
        self.undo = undo
        self.tell = tell
        self.heartbeat = heartbeat

    async def serve(self, link: Link) -> None:
        """Read and answer ``link``'s guest until its connection ends (or another link takes its seat)."""
        link.keep(asyncio.create_task(heartbeat(link.conn, self.heartbeat)))
        pace = link.allowance.messages
        try:
            while not self.host.closed:
                message = await link.conn.read_from_guest()
                if not self._current(link):
                    return
                link.read += 1
                wait = pace.reserve()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not self._answer(link, message):
                    return
                await link.conn.drain()
        finally:
            link.cancel()

    def _current(self, link: Link) -> bool:
        """Whether ``link`` is still a terminal of the game (its seat's, or a watcher)."""
        if link.watching:
            return link in self.broadcaster.watchers
        return self.broadcaster.links.get(link.seat) is link

    def _answer(self, link: Link, message: FromGuest) -> bool:
        """Act on one message from a seated guest or a watcher; False ends the connection."""
        if link.watching and not isinstance(message, Bye | Error):
            self._watcher(link, message)
            return True
        match message:
            case Heartbeat():
                pass
            case MoveRequest():
                self._move(link, message)
            case UndoRequest():
                self.undo.asked(link, message)
            case UndoVote(id=undo_id, accept=accept):
                # A terminal votes for its own seat only, whatever seat it names.
                self.undo.vote(undo_id, link.seat, accept)
            case HintUsed():
                self._hint(link)
            case Say(text=text):
                # Within the seat's chat budget (net/chat.py); a flood is dropped, the game goes on.
                self.chat.heard(link, text)
            case RematchAnswer(accept=accept):
                self._rematch(link, accept)
            case Bye(reason=reason, code=code, args=numbers):
                # Said from the code in this terminal's language; the guest's own words
                # only for a code we do not know.
                self.host.leave(
                    link,
                    Loss(Gone.LEFT, problem=log_line(reason, REASON_LIMIT), code=code, numbers=numbers[:4]),
                )
                return False
            case Error() as error:
                # A guest's desync or broken protocol, said in this terminal's language.
                self.host.lose(link, Loss(Gone.GAVE_UP, error=peer_error(error)))
                return False
            case _:
                # Anything else a guest may not send does not decode (FromGuest).
                assert_never(message)
        return True

    def _rematch(self, link: Link, accept: bool) -> None:
        """A terminal's yes (an offer, or agreeing to the open one) or no, for
        its own seat; an offer that may not be made is refused to it alone."""
        rematch = self.host.rematch
        if not accept:
            rematch.decline(link.seat)
            return
        refused = rematch.offer(link.seat, [link.seat])
        if refused is not None:
            self.broadcaster.send(link, RematchOff(refused.seat, refused.code, refused.args))

    def _watcher(self, link: Link, message: FromGuest) -> None:
        """A watcher's message: it has no seat, so whatever would act for one
        is refused with a code (said in its language, and in the host's log
        within its lines a minute); a vote counts nothing; chat within its
        budget, where the host allows watchers to chat."""
        why = Why(NetRefusal.WATCHING)
        reason = english_why(why)
        match message:
            case MoveRequest(id=request_id):
                self.broadcaster.send(link, MoveRejected(request_id, reason, why.code, why.args))
                link.tell_refusal(MoveRefused(link.seat, reason, link.name, why), self.tell)
            case UndoRequest(id=request_id):
                self.broadcaster.send(link, UndoResult(request_id, False, reason, why.code, why.args))
                link.tell_refusal(UndoSettled(link.seat, False, reason, why, (link.name,)), self.tell)
            case UndoVote() | RematchAnswer():
                # Neither a vote nor a rematch is a watcher's to give: it counts nothing.
                link.tell_refusal(MoveRefused(link.seat, reason, link.name, why), self.tell)
            case HintUsed():
                self.broadcaster.send(link, HintNotCounted(reason, why.code, why.args))
                link.tell_refusal(HintRefused(link.seat, reason, link.name, why), self.tell)
            case Say(text=text):
                if self.host.watcher_chat:
                    self.chat.heard(link, text)
            case Heartbeat() | Bye() | Error():
                pass
            case _:
                assert_never(message)

    def _move(self, link: Link, request: MoveRequest) -> None:
        why: Why | None
        if request.seat != link.seat:
            why = self.seating.not_yours(link.seat, request.seat)
        else:
            why = self.host.guest_move(request)
        if why is not None:
            # The code for the guest to say in its language; English for an older guest.
            reason = english_why(why, self.seating.label)
            self.broadcaster.send(link, MoveRejected(request.id, reason, why.code, why.args))
            link.tell_refusal(MoveRefused(link.seat, reason, link.name, why), self.tell)

    def _hint(self, link: Link) -> None:
        """Counted for the terminal's own seat, one per own turn. A second
        hint on the same turn is simply not counted again (an honest player
        may ask twice); anything else is refused in words."""
        why = self.host.count_hint(link.seat)
        if why is not None and why.code != NetRefusal.HINT_COUNTED:
            self.broadcaster.send(
                link, HintNotCounted(english_why(why, self.seating.label), why.code, why.args)
            )
            link.tell_refusal(HintRefused(link.seat, english_why(why), link.name, why), self.tell)


__all__ = ["GuestAnswers", "GuestServer"]
