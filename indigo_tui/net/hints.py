"""The host's hint ledger: how many hints each seat asked for, one counted per own turn.

With ``indigo host --hints`` a player may ask the search bot for a hint on
their own turn; their terminal reports it, and the host counts it for that
seat (an honest player may ask twice on one turn: that turn's hint counts
once). The counts are kept in the save's header (``saves.hints``), told to
every terminal and shown at the end. A host that allows no hints counts none.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import saves
from .reasons import NetRefusal, Why


class HintLedger:
    """Each seat's hints so far; ``allowed``: whether the host lets players
    ask at all. ``meta`` is the save header's, holding the counts so far."""

    def __init__(self, allowed: bool, meta: Mapping[str, str], players: int) -> None:
        self.allowed = allowed
        #: How many hints each seat asked for.
        self.counts = saves.read_hint_counts(meta, players)
        #: The turn (round, placements) of each seat's last counted hint.
        self._hinted: dict[int, tuple[int, int]] = {}
        self._counted = False

    def count(self, seat: int, turn: tuple[int, int] | None) -> Why | None:
        """``seat`` asked for a hint on ``turn`` (the round and the
        placements so far; None if it is not ``seat``'s turn to move in a
        game being played): count it, or why not."""
        if not self.allowed:
            return Why(NetRefusal.NO_HINTS)
        if turn is None:
            return Why(NetRefusal.HINT_NOT_YOUR_TURN)
        if self._hinted.get(seat) == turn:
            return Why(NetRefusal.HINT_COUNTED)
        self._hinted[seat] = turn
        self.counts[seat] += 1
        self._counted = True
        return None

    def meta(self) -> dict[str, str]:
        """The save header's ``meta`` entry for the counts, once one was
        counted here (until then the header keeps what it held)."""
        return {saves.HINTS_KEY: saves.hint_counts_meta(self.counts)} if self._counted else {}


__all__ = ["HintLedger"]
