"""The host's seats: who sits where, which seat a caller gets, and the seat
tokens that let a player come back to their own seat."""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..i18n import _
from ..saves import SeatInfo
from .protocol import Claim
from .reasons import NetRefusal, Why, seat_label
from .state import SeatState


class Seating:
    """The seats of a hosted game and the tokens of the remote ones."""

    def __init__(self, seats: Sequence[SeatInfo], tokens: dict[int, str] | None = None) -> None:
        self.seats = list(seats)
        #: Remote seat -> the token its terminal proves itself with when it comes back.
        self.tokens: dict[int, str] = dict(tokens or {})
        #: When each remote seat's terminal went away (monotonic), if it is away.
        self.away_since: dict[int, float] = {
            s: time.monotonic() for s, info in enumerate(self.seats) if info.kind == "remote"
        }

    @property
    def remote_seats(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info.kind == "remote"]

    def name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else ""

    def names(self) -> tuple[str, ...]:
        """Every seat's name, for the words of a code about seats."""
        return tuple(info.name for info in self.seats)

    def label(self, seat: int) -> str:
        """A seat as people read it, for the words that go with a code."""
        return seat_label(seat, self.name(seat))

    def not_yours(self, own: int, seat: int) -> Why:
        """Why the terminal playing ``own`` may not act for ``seat``."""
        if not 0 <= seat < len(self.seats):
            return Why(NetRefusal.NO_SEAT, (seat,))
        return Why(NetRefusal.NOT_THIS_TERMINAL, (own, seat))

    def release(self, seat: int) -> None:
        """A remote seat's player left before the start: the seat is open again,
        and the token it was given no longer gets anyone in."""
        self.tokens.pop(seat, None)
        self.seats[seat] = SeatInfo(_("Player {number}").format(number=seat + 1), "remote")

    def seat_for(
        self, claim: Claim | None, game_id: str, round_index: int, public: SeatState
    ) -> tuple[int | None, int]:
        """The seat a guest gets, and from which event of the current round
        (``round_index``, whose public log is ``public``) it needs the log."""
        if claim is not None and claim.game_id == game_id and self.tokens.get(claim.seat) == claim.token:
            have = claim.have
            same_round = claim.round == round_index
            if same_round and 0 <= have <= public.length and public.hash_at(have) == claim.state_hash:
                return claim.seat, have
            return claim.seat, 0
        for seat in self.remote_seats:
            if seat not in self.tokens:
                return seat, 0
        return None, 0


__all__ = ["Seating"]
