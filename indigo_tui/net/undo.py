"""Undo votes: a seat asks to take back its last move, every other seat
played by a person (at the host or at a guest terminal) votes, and only if
all of them agree may the host cut the game back (it does so itself,
:meth:`~indigo_tui.net.host.HostSession.request_undo`).

:class:`UndoVoting` holds the one ballot open at a time: it asks each voter
(a guest terminal by an ``undo_ask`` frame, a person at the host's screen by
an :class:`~.notices.UndoAsked` notice), counts the answers and says who
declined. It is given only the way to reach the voters.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from .broadcast import Broadcaster
from .notices import Notice, UndoAsked
from .protocol import UndoAsk

#: Seconds a guest's vote on an undo may take before it counts as "no".
UNDO_VOTE_TIMEOUT = 30.0


@dataclass
class Ballot:
    """One open undo request and the votes on it so far."""

    id: int
    seat: int
    voters: set[int]
    votes: dict[int, bool] = field(default_factory=dict)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def cast(self, seat: int, accept: bool) -> None:
        """Count ``seat``'s vote; one "no" settles it at once."""
        if seat in self.voters:
            self.votes[seat] = accept
            if len(self.votes) == len(self.voters) or not accept:
                self.done.set()

    @property
    def declined(self) -> tuple[int, ...]:
        """The voters that said no, or have not said yes (yet)."""
        return tuple(sorted(s for s in self.voters if not self.votes.get(s, False)))


class UndoVoting:
    """The host's undo ballots, one at a time. ``broadcaster`` reaches the
    voters at guest terminals, ``tell`` the ones at the host's own screen."""

    def __init__(
        self,
        broadcaster: Broadcaster,
        tell: Callable[[Notice], None],
        timeout: float = UNDO_VOTE_TIMEOUT,
    ) -> None:
        self.broadcaster = broadcaster
        self.tell = tell
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

    async def ask(self, seat: int, asker_name: str, voters: Collection[int]) -> tuple[int, ...]:
        """Ask every one of ``voters`` whether ``seat`` (``asker_name``) may
        take its last move back, and wait (at most :attr:`timeout`) for their
        answers; the voters that declined or did not answer, () if all
        agreed. Only one ballot is open at a time (:attr:`open`): the caller
        checks first."""
        assert self.ballot is None, "one undo ballot at a time"
        self._ids += 1
        ballot = Ballot(self._ids, seat, set(voters))
        self.ballot = ballot
        try:
            links = self.broadcaster.links
            for voter in sorted(ballot.voters):
                link = links.get(voter)
                if link is not None:
                    self.broadcaster.send(link, UndoAsk(ballot.id, seat))
                    await link.conn.drain()
                else:
                    self.tell(UndoAsked(ballot.id, seat, asker_name, voter))
            if ballot.voters:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ballot.done.wait(), self.timeout)
            return ballot.declined
        finally:
            self.ballot = None


__all__ = ["UNDO_VOTE_TIMEOUT", "Ballot", "UndoVoting"]
