"""Why a move is refused: a code and the numbers it is about, never words.

Every refusal the rules give (:meth:`Board.refusal`, :meth:`Game.refusal`,
:meth:`SeatView.refusal`, :class:`IllegalMove`) is a :class:`Refused`: a
:class:`Refusal` code and its arguments (the engine's own 0-based seat
indices and cell numbers). People read it in their language through
:func:`indigo_tui.i18n.words.refusal_text`; a network peer sends the code and
the arguments, and the other terminal says them in its own language.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec


class Refusal(StrEnum):
    """What is wrong with a move."""

    #: No gem is left: the game is over.
    GAME_OVER = "game_over"
    #: Another seat is to move. Arguments: the seat to move, the seat that tried.
    NOT_YOUR_TURN = "not_your_turn"
    #: The tile is not one of the five path-tile kinds, or the rotation not 0 to 5.
    NOT_A_TILE = "not_a_tile"
    #: The seat does not hold that tile.
    NOT_IN_HAND = "not_in_hand"
    #: An open game: every tile of that kind is on the board. Argument: how many the box holds.
    NONE_LEFT = "none_left"
    #: The cell is not on the board.
    OFF_BOARD = "off_board"
    #: The cell holds a treasure tile.
    TREASURE = "treasure"
    #: The cell already holds a tile.
    OCCUPIED = "occupied"
    #: The rotation would join both exits of a gate with one curve.
    GATE_CURVE = "gate_curve"


class Refused(msgspec.Struct, frozen=True):
    """A refusal: its ``code`` and the numbers it is about."""

    code: Refusal
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        # For developers (a traceback, a log): people read refusal_text's words.
        return f"{self.code.value}{list(self.args)}"


#: The one refusal without arguments, shared.
GAME_OVER = Refused(Refusal.GAME_OVER)
