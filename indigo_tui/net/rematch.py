"""A rematch at a network table: once the game is over, the same table a new game.

Any seat played by a person may offer one (a guest's
:class:`~.protocol.RematchAnswer`, the host's own terminal through
:meth:`Rematches.offer`); every seat played by a person must then agree, the
host's own seats too (bots agree at once, and the offer counts as the
offerer's yes). Until then every terminal is told who has not agreed yet
(:class:`~.protocol.RematchState`, one at the offer and one at every yes).
Any of them may decline, which ends the offer for everyone
(:class:`~.protocol.RematchOff`), and a seat whose terminal goes during the
offer declines by leaving. When the last yes is in, the host deals the new
game (``begin``: :meth:`~.host.HostSession.rematch_begin`, which deals it
as a new game's first round is dealt, from a fresh secret and committed to)
and every terminal follows (:class:`~.protocol.NewGame`).

Budgets: one offer is open at a time (an offer while one is open is a yes),
and each seat's new offers come at the pace of a token bucket of its own
(:attr:`~.guard.SeatBudgets.rematch_rate`, kept for the host's life, not a
connection's, so coming back does not refill it); an offer too soon, before
the end, or while a seat's terminal is away is refused to that terminal
alone, in words (:class:`~.notices.RematchEnded` with ``own``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from ..bucket import TokenBucket
from .broadcast import Broadcaster
from .common import Teller
from .guard import SeatBudgets
from .notices import RematchCode, RematchEnded, RematchOffered
from .protocol import RematchOff, RematchState
from .seating import Seating

#: The seat of an offer made at the host's terminal when it plays no seat.
HOST_TERMINAL = -1


class Rematches:
    """The host's side of rematch offers: who offered, who agreed, who is
    still to; see the module docstring."""

    def __init__(
        self,
        broadcaster: Broadcaster,
        seating: Seating,
        tell: Teller,
        *,
        people: Callable[[], Sequence[int]],
        here: Callable[[], Sequence[int]],
        over: Callable[[], bool],
        begin: Callable[[], None],
        budgets: SeatBudgets,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.broadcaster = broadcaster
        self.seating = seating
        self.tell = tell
        #: The seats played by people (every one must agree), as they are now.
        self._people = people
        #: The seats played at the host's own terminal (its screen is asked for them).
        self._here = here
        self._over = over
        self._begin = begin
        self._budgets = budgets
        self._clock = clock
        #: Who made the open offer (None: no offer is open), and who agreed since.
        self.by: int | None = None
        self.agreed: set[int] = set()
        #: Each seat's pace of new offers (the host's terminal has one too).
        self._paces: dict[int, TokenBucket] = {}
        #: How many rematches were agreed (the games this table played after its first).
        self.started = 0

    @property
    def open(self) -> bool:
        return self.by is not None

    @property
    def waiting(self) -> list[int]:
        """The seats that have not agreed to the open offer yet."""
        return [seat for seat in self._people() if seat not in self.agreed]

    def _pace(self, seat: int) -> TokenBucket:
        if seat not in self._paces:
            budgets = self._budgets
            self._paces[seat] = TokenBucket(budgets.rematch_rate, budgets.rematch_burst, self._clock)
        return self._paces[seat]

    def offer(self, by: int, seats: Sequence[int]) -> RematchEnded | None:
        """A terminal's yes: the seat ``by`` (:data:`HOST_TERMINAL` for the
        host's terminal playing none) for its ``seats``. It opens an offer if
        none is open; else it agrees to the open one. Why not, if it may not
        be made (said to that terminal alone)."""
        if self.open:
            self.agreed.update(seats)
            self._changed()
            return None
        refused = self._refusal(by)
        if refused is not None:
            return refused
        self.by = by
        self.agreed = set(seats)
        self._changed()
        return None

    def _refusal(self, by: int) -> RematchEnded | None:
        name = self.seating.name(by)
        if not self._over():
            return RematchEnded(by, name, RematchCode.NOT_OVER, own=True)
        connected = self.broadcaster.links
        for seat in self._people():
            if seat in self.seating.remote_seats and seat not in connected:
                return RematchEnded(seat, self.seating.name(seat), RematchCode.AWAY, (seat,), own=True)
        pace = self._pace(by)
        if not pace.take():
            seconds = max(1, math.ceil(pace.wait()))
            return RematchEnded(by, name, RematchCode.TOO_OFTEN, (seconds,), own=True)
        return None

    def offer_here(self) -> RematchEnded | None:
        """The host's own terminal says yes, for every seat a person plays there."""
        seats = list(self._here())
        return self.offer(seats[0] if seats else HOST_TERMINAL, seats)

    def decline_here(self) -> None:
        """The host's own terminal says no."""
        seats = list(self._here())
        self.decline(seats[0] if seats else HOST_TERMINAL)

    def decline(self, seat: int) -> None:
        """``seat``'s terminal said no: the offer is over for everyone."""
        if self.open:
            self._end(seat, RematchCode.DECLINED)

    def left(self, seat: int) -> None:
        """``seat``'s terminal went during the offer: it counts as a no."""
        if self.open and seat in self._people():
            self._end(seat, RematchCode.LEFT)

    def close(self) -> None:
        """The host closes: no offer stays open (its guests are told by the goodbye)."""
        self.by, self.agreed = None, set()

    def _changed(self) -> None:
        waiting = self.waiting
        by = self.by
        assert by is not None
        if not waiting:
            self.close()
            self.started += 1
            self._begin()
            return
        self.broadcaster.broadcast(RematchState(by, tuple(waiting)))
        names = tuple(self.seating.name(seat) for seat in waiting)
        asked = any(seat in waiting for seat in self._here())
        self.tell(RematchOffered(by, self.seating.name(by), tuple(waiting), names, asked=asked))

    def _end(self, seat: int, code: RematchCode) -> None:
        self.close()
        self.broadcaster.broadcast(RematchOff(seat, code.value))
        self.tell(RematchEnded(seat, self.seating.name(seat), code))


__all__ = ["HOST_TERMINAL", "Rematches"]
