"""The token bucket: every budget of what a peer or a visitor may ask, by rate.

One bucket for the whole project. The network host (``net/guard.py``: the
messages a seated guest sends, its undo requests, guesses at the join code),
``indigo serve`` (``web/server.py``: a page's messages and keys, game
starts, log lines) and an engine program's seat (``bots/engine_seat.py``:
the lines and bytes it writes, its standard error) all pace with it, and
none may import the others, so it lives here, below them all, and imports
nothing of the project.

A bucket holds at most ``burst`` tokens and gains ``rate`` a second. What it
is asked for is either taken only when there (:meth:`TokenBucket.take`), or
taken at once and paid back by waiting (:meth:`TokenBucket.reserve`: the
level may go below zero, and the answer is how long until it is back at
zero), so a sender that goes too fast can be slowed to the rate instead of
cut off. The clock is injectable, so a test can run any budget without
waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; full when made."""

    __slots__ = ("_at", "_level", "burst", "clock", "rate")

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        if rate <= 0 or burst <= 0:
            raise ValueError(f"a token bucket needs a positive rate and burst, not {rate} and {burst}")
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._level = burst
        self._at = clock()

    def _refill(self) -> None:
        now = self.clock()
        if now > self._at:  # a clock that stood still or went back adds nothing
            self._level = min(self.burst, self._level + (now - self._at) * self.rate)
            self._at = now

    @property
    def level(self) -> float:
        """The tokens there now (below zero: owed, see :meth:`reserve`)."""
        self._refill()
        return self._level

    @property
    def full(self) -> bool:
        """Whether the whole burst is saved up: as good as a new bucket."""
        return self.level >= self.burst

    def wait(self, amount: float = 1.0) -> float:
        """Seconds until ``amount`` is there (0: now), taking nothing."""
        return max(0.0, (amount - self.level) / self.rate)

    def take(self, amount: float = 1.0) -> bool:
        """Take ``amount`` if it is there now; whether it was (if not, nothing is taken)."""
        self._refill()
        if self._level < amount:
            return False
        self._level -= amount
        return True

    def reserve(self, amount: float = 1.0) -> float:
        """Take ``amount`` now (at most a burst), in advance if need be: the
        seconds to wait before using it, which pays back what was taken ahead."""
        self._refill()
        self._level -= min(amount, self.burst)
        return max(0.0, -self._level / self.rate)

    def fill(self) -> None:
        """Full again at once: a whole burst (an engine program's new turn)."""
        self._level = self.burst
        self._at = self.clock()

    def give_back(self, amount: float = 1.0) -> None:
        """Return ``amount`` taken but not used (never above a full bucket)."""
        self._refill()
        self._level = min(self.burst, self._level + amount)


__all__ = ["Clock", "TokenBucket"]
