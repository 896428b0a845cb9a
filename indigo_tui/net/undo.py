"""Undo in a network game: a seat asks to take back its last move, every
other seat played by a person (at the host or at a guest terminal) votes,
and only if all of them agree is the game cut back.

:class:`UndoRequests` answers each request, a guest terminal's or a local
seat's, from start to end: the checks before any vote (a move of its own
to take back, the game not moved on, the seat's requests left this round
under ``indigo host --undo-limit``, and a terminal's pace), the vote, the
game cut back, the answer to whoever asked and the turn going on.
:class:`UndoVoting` holds the one ballot open at a time: it asks each voter
(a guest terminal by an ``undo_ask`` frame, a person at the host's screen by
an :class:`~.notices.UndoAsked` notice), counts the answers and says who
declined. Of the host they are given only what they need
(:class:`UndoTable`, the seats, the way to reach the voters and the clock).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Collection, Container, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..engine import Game
from ..engine.refusals import Refusal
from .broadcast import Broadcaster, Link
from .clock import TurnTimer
from .notices import Notice, UndoAsked, UndoSettled
from .protocol import UndoAsk, UndoRequest, UndoResult
from .reasons import NetRefusal, Why, english_why, why_text
from .seating import Seating

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


class UndoTable(Protocol):
    """What undo needs of the host's game."""

    @property
    def game(self) -> Game:
        """The round being played."""
        ...

    @property
    def length(self) -> int:
        """Events in the round's public log (a request names the length it saw)."""
        ...

    def take_back(self, seat: int) -> None:
        """Cut the game back to before ``seat``'s last move and tell everyone."""

    def save(self) -> bool:
        """Save the game as it stands."""
        ...

    def next_turn(self) -> None:
        """The game may go on: the bots and the turn clock look whose turn it is."""


class UndoRequests:
    """The host's answers to undo requests; see the module docstring.
    ``bots`` are the seats the host's bots play (they accept without a
    vote); ``limit`` requests a seat may put to the vote per round, and
    ``counts`` how many each seat has so far (kept in the save)."""

    def __init__(
        self,
        table: UndoTable,
        seating: Seating,
        broadcaster: Broadcaster,
        tell: Callable[[Notice], None],
        clock: TurnTimer,
        bots: Container[int],
        *,
        limit: int,
        counts: Sequence[int] = (),
    ) -> None:
        self.table = table
        self.seating = seating
        self.broadcaster = broadcaster
        self.tell = tell
        self.clock = clock
        self.bots = bots
        self.limit = max(0, limit)
        players = len(seating.seats)
        #: Undo requests each seat has put to the vote in this round.
        self.counts = [*list(counts)[:players], *[0] * players][:players]
        self.voting = UndoVoting(broadcaster, tell)

    @property
    def open(self) -> bool:
        """Whether a request is being voted on (moves wait until it is settled)."""
        return self.voting.open

    def new_round(self) -> None:
        """A new round: every seat has its requests again."""
        self.counts = [0] * len(self.counts)

    def vote(self, undo_id: int, seat: int, accept: bool) -> None:
        """``seat``'s answer to ballot ``undo_id`` (a guest terminal's, or an
        :class:`~.notices.UndoAsked` answered at the host's screen)."""
        self.voting.vote(undo_id, seat, accept)

    async def request(self, seat: int) -> tuple[bool, str]:
        """A local seat asks to take back its last move; (accepted, why in words)."""
        accepted, why = await self._answer(seat, self.table.length, None)
        return accepted, why_text(why, self.seating.label) or why.code

    def asked(self, link: Link, request: UndoRequest) -> None:
        """A guest terminal's request: refused at once (in words) if it is
        not its own seat's, while its last is being settled, over the
        seat's limit or the terminal's pace; else settled in a task of the
        link's, answered when it is."""
        seat = link.seat
        why: Why | None = None
        if request.seat != seat:
            why = self.seating.not_yours(seat, request.seat)
        elif link.undo is not None and not link.undo.done():
            # One request of a terminal at a time: the first is still being settled.
            why = Why(NetRefusal.ANOTHER_UNDO)
        elif self.counts[seat] >= self.limit:
            why = Why(NetRefusal.UNDO_LIMIT, (seat, self.limit))
        elif not (undos := link.allowance.undos).take():
            why = Why(NetRefusal.UNDO_TOO_OFTEN, (max(1, round(undos.wait())),))
        if why is not None:
            reason = english_why(why, self.seating.label)
            self.broadcaster.send(link, UndoResult(request.id, False, reason, why.code, why.args))
            link.tell_refusal(UndoSettled(seat, False, reason, why, self.seating.names()), self.tell)
            return
        link.undo = asyncio.create_task(self._answer(seat, request.at_seq, request.id))
        link.keep(link.undo)

    async def _settle(self, seat: int, at_length: int) -> tuple[bool, Why]:
        """Ask, count and, if every voter agrees, take ``seat``'s last move
        back (with every move after it); (accepted, why as a code)."""
        table = self.table
        game = table.game
        if self.open:
            return False, Why(NetRefusal.ANOTHER_UNDO)
        if not any(mover == seat for mover, _move in game.moves):
            return False, Why(NetRefusal.NO_MOVE_TO_UNDO)
        if game.over:
            return False, Why(Refusal.GAME_OVER)
        if at_length != table.length:
            return False, Why(NetRefusal.MOVED_ON)
        if self.counts[seat] >= self.limit:
            # So undo cannot hold a game up: a few requests a round, said when they are used up.
            return False, Why(NetRefusal.UNDO_LIMIT, (seat, self.limit))
        # Every other seat played by a person votes, here or at a guest terminal; bots accept.
        seats = self.seating.seats
        voters = [
            s
            for s, info in enumerate(seats)
            if s != seat and s not in self.bots and info.kind in ("remote", "human")
        ]
        links = self.broadcaster.links
        away = tuple(s for s in voters if seats[s].kind == "remote" and s not in links)
        if away:
            return False, Why(NetRefusal.VOTERS_AWAY, away)
        self.counts[seat] += 1
        self.clock.stop()  # stopped during the vote; whole again after it
        declined = await self.voting.ask(seat, self.seating.name(seat), voters)
        if declined:
            table.save()
            return False, Why(NetRefusal.DECLINED, declined)
        if table.length != at_length:
            return False, Why(NetRefusal.MOVED_ON_DURING_VOTE)
        table.take_back(seat)
        return True, Why(NetRefusal.TAKEN_BACK, (seat,))

    async def _answer(self, seat: int, at_length: int, remote_id: int | None) -> tuple[bool, Why]:
        """Settle ``seat``'s request and say how: to its terminal (a guest's
        request ``remote_id``) and to whoever shows the game."""
        accepted, why = await self._settle(seat, at_length)
        reason = english_why(why, self.seating.label)
        link = self.broadcaster.links.get(seat)
        settled = UndoSettled(seat, accepted, reason, why, self.seating.names())
        if remote_id is not None and link is not None:
            self.broadcaster.send(link, UndoResult(remote_id, accepted, reason, why.code, why.args))
            if accepted:
                self.tell(settled)
            else:
                link.tell_refusal(settled, self.tell)
        else:
            self.tell(settled)
        self.table.next_turn()
        return accepted, why


__all__ = ["UNDO_VOTE_TIMEOUT", "Ballot", "UndoRequests", "UndoTable", "UndoVoting"]
