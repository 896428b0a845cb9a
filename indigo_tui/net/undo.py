"""Undo over the network: a seat asks to take back its last move, every
other seat played by a person (at the host or at a guest terminal) votes,
and only if all of them agree does the host cut the game back."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.refusals import Refusal
from .notices import LogChanged, UndoAsked
from .protocol import UndoAsk, Undone
from .reasons import NetRefusal, Why

if TYPE_CHECKING:
    from .host import HostSession

#: Seconds a guest's vote on an undo may take before it counts as "no".
UNDO_VOTE_TIMEOUT = 30.0


@dataclass
class Ballot:
    """One open undo request and the votes on it so far."""

    id: int
    seat: int
    at_length: int
    voters: set[int]
    votes: dict[int, bool] = field(default_factory=dict)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def cast(self, seat: int, accept: bool) -> None:
        """Count ``seat``'s vote; one "no" settles it at once."""
        if seat in self.voters:
            self.votes[seat] = accept
            if len(self.votes) == len(self.voters) or not accept:
                self.done.set()


class UndoVoting:
    """The host's undo requests, one at a time."""

    def __init__(self, host: HostSession, timeout: float = UNDO_VOTE_TIMEOUT) -> None:
        self.host = host
        self.timeout = timeout
        #: The request being voted on, if any (moves wait until it is settled).
        self.ballot: Ballot | None = None
        self._ids = 0

    @property
    def open(self) -> bool:
        return self.ballot is not None

    def vote(self, undo_id: int, seat: int, accept: bool) -> None:
        ballot = self.ballot
        if ballot is not None and ballot.id == undo_id:
            ballot.cast(seat, accept)

    def voter_lost(self, seat: int) -> None:
        """A voter's terminal went away: that is a "no"."""
        ballot = self.ballot
        if ballot is not None and seat in ballot.voters:
            ballot.votes[seat] = False
            ballot.done.set()

    async def settle(self, seat: int, at_length: int) -> tuple[bool, Why]:
        """Ask, count and, if every voter agrees, take ``seat``'s last move
        back (with every move after it); (accepted, why as a code)."""
        host = self.host
        game = host.game
        seating = host.seating
        if self.ballot is not None:
            return False, Why(NetRefusal.ANOTHER_UNDO)
        if not any(mover == seat for mover, _ in game.moves):
            return False, Why(NetRefusal.NO_MOVE_TO_UNDO)
        if game.over:
            return False, Why(Refusal.GAME_OVER)
        if at_length != host.public.length:
            return False, Why(NetRefusal.MOVED_ON)
        voters = {
            s
            for s, info in enumerate(seating.seats)
            if s != seat and s not in host.local_bots and info.kind in ("remote", "human")
        }
        links = host.broadcaster.links
        away = sorted(s for s in voters if seating.seats[s].kind == "remote" and s not in links)
        if away:
            return False, Why(NetRefusal.VOTERS_AWAY, tuple(away))
        self._ids += 1
        ballot = Ballot(self._ids, seat, at_length, voters)
        self.ballot = ballot
        asker_name = seating.name(seat)
        try:
            if voters:
                for voter in voters:
                    link = links.get(voter)
                    if link is not None:
                        host.broadcaster.send(link, UndoAsk(ballot.id, seat))
                        await link.conn.drain()
                    else:
                        host.tell(UndoAsked(ballot.id, seat, asker_name, voter))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ballot.done.wait(), self.timeout)
                declined = sorted(s for s in voters if not ballot.votes.get(s, False))
                if declined:
                    return False, Why(NetRefusal.DECLINED, tuple(declined))
            if host.public.length != at_length:
                return False, Why(NetRefusal.MOVED_ON_DURING_VOTE)
            while True:
                mover = game.moves[-1][0]
                game.pop()
                if mover == seat:
                    break
            length = len(game.log)
            host.public.truncate(length)
            host.broadcaster.cut_back(length)
            host.broadcaster.broadcast(Undone(length, host.public.last_hash))
            host.save()
            host.flush()
            host.tell(LogChanged(length, seat, asker_name, undone=True))
            return True, Why(NetRefusal.TAKEN_BACK, (seat,))
        finally:
            self.ballot = None


__all__ = ["UNDO_VOTE_TIMEOUT", "Ballot", "UndoVoting"]
