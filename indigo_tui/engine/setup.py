"""How a round is set up: players, variant and who owns which gate."""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal

import msgspec

Variant = Literal["classic", "tactical"]

#: Gate owners per player count (seat 0 moves first, then clockwise), gate 0..5.
GATE_OWNERS: Final[dict[tuple[int, bool], tuple[tuple[int, ...], ...]]] = {
    (2, False): ((0,), (1,), (0,), (1,), (0,), (1,)),
    (3, False): ((0,), (0, 1), (2,), (2, 0), (1,), (1, 2)),
    (3, True): ((0,), (1,), (2,), (0,), (1,), (2,)),
    (4, False): ((0, 1), (1, 2), (0, 3), (3, 1), (2, 0), (2, 3)),
}


class SetupFault(StrEnum):
    """Which rule a setup breaks (:class:`SetupError`)."""

    #: Indigo is for 2 to 4 players.
    PLAYERS = "players"
    #: The own-gates setup is for three players only.
    OWN_GATES = "own_gates"


class SetupError(ValueError):
    """A setup the rules do not allow: ``code`` says which rule, ``players``
    how many were asked for; in words: :func:`indigo_tui.i18n.words.setup_error_text`."""

    def __init__(self, code: SetupFault, players: int) -> None:
        # For developers: people read setup_error_text's words.
        super().__init__(f"{code.value}[{players}]")
        self.code = code
        self.players = players


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: int = 2
    variant: Variant = "classic"
    own_gates: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise SetupError(SetupFault.PLAYERS, self.players)
        if self.own_gates and self.players != 3:
            raise SetupError(SetupFault.OWN_GATES, self.players)

    @property
    def gates(self) -> tuple[tuple[int, ...], ...]:
        """Each gate's owner seats, in the order of the rules notes' table."""
        return GATE_OWNERS[(self.players, self.own_gates)]

    @property
    def hand_size(self) -> int:
        return 2 if self.variant == "tactical" else 1

    def gates_of(self, seat: int) -> tuple[int, ...]:
        return tuple(g for g, owners in enumerate(self.gates) if seat in owners)
