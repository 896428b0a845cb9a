"""Seats' letters and gates' labels: what tells the seats apart besides their colours.

A seat's colour is hard to tell from another's for some eyes (and absent without
colour), so every seat also has a letter, A to D in seating order: the
scoreboard shows it beside the seat's name, and each gate's label on the board
is its number followed by its owners' letters ("3A", "3AB" for a shared gate),
in every glyph encoder and in pixels alike."""

from __future__ import annotations

from typing import Final

#: The seats' letters, in seating order (at most four seats).
SEAT_LETTERS: Final = "ABCD"


def seat_letter(seat: int) -> str:
    """The letter that names a seat wherever its colour shows it."""
    return SEAT_LETTERS[seat]


def gate_label(gate: int, owners: tuple[int, ...]) -> str:
    """A gate's label: its number (from 1) and its owners' letters, in the order
    their colours run along the gate's band."""
    return str(gate + 1) + "".join(seat_letter(seat) for seat in owners)
