"""What the game screen asks of a table, whichever kind it is.

Two kinds of table implement :class:`Table`: the local
:class:`~indigo_tui.table.session.Session` (every seat at this terminal, its
bots, undo, autosave) and the network :class:`~indigo_tui.table.network.NetTable`
(the host's seats of a hosted game, or a guest's one seat). The screen reads
the round through :class:`TableGame` (a :class:`~indigo_tui.engine.Game`, or
a guest's :class:`~indigo_tui.net.table.GuestGame`, which never holds another
seat's hand) and the rounds through :class:`TableMatch`.

Not every table can do everything: a guest holds no deck to review, hints
in a network game are only for the seats the host allows them, and over the
network a move or an undo is a request the host answers later, not a step
taken at once. What a table offers is said by :attr:`Table.offers_hints`
and :meth:`Table.review`, and the screens ask them before they act (as
:class:`io.IOBase` has ``seekable()``); asked anyway, a table refuses with a
:class:`TableRefusal` carrying the reason in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

from ..bots.base import Bot
from ..engine import Board, Event, Game, Move, SeatView, Setup, Standing
from ..saves import SeatInfo


class TableRefusal(Exception):
    """A table was asked for something it does not offer, with the reason in words."""


class TableGame(Protocol):
    """The round on the table, as the screens read it."""

    @property
    def setup(self) -> Setup: ...

    @property
    def board(self) -> Board: ...

    @property
    def log(self) -> Sequence[Event]:
        """The log as this terminal knows it (a guest's: its own draws only)."""
        ...

    @property
    def turn(self) -> int: ...

    @property
    def over(self) -> bool: ...

    @property
    def tiles_left(self) -> int: ...

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know; at a guest's table another seat's view has
        no hand and no gems."""
        ...

    def standings(self) -> list[Standing]: ...


class TableMatch(Protocol):
    """The rounds of the table, as the end screen reads them."""

    @property
    def game(self) -> TableGame: ...

    @property
    def rounds(self) -> int: ...

    @property
    def seed(self) -> int | str | None:
        """The match's seed (None: a random deal, or not known at this terminal)."""
        ...

    @property
    def round_index(self) -> int: ...

    @property
    def over(self) -> bool: ...

    @property
    def can_start_next_round(self) -> bool: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...


class Table(Protocol):
    """What :class:`~indigo_tui.ui.screens.game.GameScreen` and the end screen
    ask of a table: who sits where, whose private things may show, and the
    actions it offers."""

    # -- the game -------------------------------------------------------------------

    @property
    def game(self) -> TableGame: ...

    @property
    def match(self) -> TableMatch: ...

    @property
    def setup(self) -> Setup: ...

    @property
    def generation(self) -> int:
        """Bumped on every change of the position (a late answer is discarded)."""
        ...

    # -- who is who ----------------------------------------------------------------------

    @property
    def seats(self) -> list[SeatInfo]:
        """The seats as the scoreboard shows them."""
        ...

    def name(self, seat: int) -> str: ...

    def follow_language(self) -> None:
        """After a change of language: the names nobody chose ("You", "Greedy
        bot") in the new one (a network game's names are the host's)."""
        ...

    @property
    def humans(self) -> list[int]:
        """The seats played by people at this terminal."""
        ...

    def speaks_to(self, seat: int) -> bool:
        """Whether the screen speaks to ``seat``'s player ("Your hand", "Your
        move", "You placed") rather than of them ("Hand of Ann"): the one
        person at a table of bots named by default, or a network seat, which
        only its own player's terminal shows."""
        ...

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The bots this table runs itself (none over the network: the host session runs them)."""
        ...

    def is_bot(self, seat: int) -> bool:
        """Whether this table runs ``seat``'s bot."""
        ...

    @property
    def viewer(self) -> int | None:
        """The human seat whose hand and gems may be on screen now, or None."""
        ...

    def view(self) -> SeatView | None:
        """The view of the seat on screen, or None when nothing private may show."""
        ...

    def may_see_gems(self, seat: int) -> bool: ...

    @property
    def human_to_move(self) -> bool: ...

    @property
    def needs_handoff(self) -> bool:
        """The next person to move is not the one whose things are on screen."""
        ...

    def hand_over(self) -> None:
        """The person to move now sits at the terminal: show their things."""
        ...

    # -- playing ----------------------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        """Play a move of the seat to move; the events it made."""
        ...

    def undo_takes(self) -> list[tuple[int, Move]]:
        """The moves :meth:`undo` would take back now, as ``(seat, move)`` in
        the order played ([] where undo is a request, over the network)."""
        ...

    def undo_asks(self) -> int | None:
        """The person at this terminal whose yes :meth:`undo` needs first
        (their move would be taken back by someone else), or None. Over the
        network None: the host asks the others itself."""
        ...

    def hide_hands(self) -> None:
        """Nothing private shows until the person to move says "it's me"
        again: another person at this terminal is about to be asked something."""
        ...

    def undo(self, agreed: int | None = None) -> int:
        """Take back moves at once; how many. ``agreed``: the person who
        said yes, when :meth:`undo_asks` names one (else a :class:`TableRefusal`)."""
        ...

    def redo(self) -> int:
        """Play again at once what undo took back; how many."""
        ...

    def next_round(self) -> None:
        """Start the next round (asked when ``match.can_start_next_round``)."""
        ...

    # -- saving -----------------------------------------------------------------------------

    @property
    def save_error(self) -> str | None:
        """Why the last save failed, or None."""
        ...

    def save_as(self, title: str) -> Path:
        """Save under a name; the file. A :class:`~indigo_tui.saves.SaveError`
        says why not (a network game is saved after every move by itself)."""
        ...

    @property
    def unsaved(self) -> bool:
        """Whether leaving now would lose moves that are on no disk (the
        screens ask first, with saving elsewhere as one answer)."""
        ...

    @property
    def offers_save_elsewhere(self) -> bool:
        """Whether :meth:`save_elsewhere` may be asked (a local game's)."""
        ...

    def save_elsewhere(self, folder: Path) -> Path:
        """Save in ``folder`` and go on saving there; the file. A
        :class:`~indigo_tui.saves.SaveError` says why not."""
        ...

    @property
    def turn_time(self) -> float:
        """Seconds a person at this terminal has for each move, on the table's
        own clock (:meth:`~indigo_tui.table.turns.TurnDriver.clock`); 0: none.
        A network table's clock is its host's (``time_left``), so 0 there."""
        ...

    # -- hints and review ------------------------------------------------------------------

    @property
    def offers_hints(self) -> bool:
        """Whether a person may ask for a hint."""
        ...

    @property
    def hints(self) -> Sequence[int]:
        """How many hints each seat asked for."""
        ...

    def count_hint(self, seat: int) -> None:
        """Note that ``seat`` asked for a hint (asked when :attr:`offers_hints`)."""
        ...

    def review(self) -> tuple[Game, Path | None] | None:
        """The whole round and its file, for the review viewer; None while
        this terminal holds only its own seat's view of it."""
        ...


__all__ = ["Table", "TableGame", "TableMatch", "TableRefusal"]
