"""What a peer tells whoever shows the game: one typed notice per kind.

The host and guest sessions put these on their ``notices`` queue; a screen
(through :class:`~indigo_tui.ui.net_table.NetLink`, as Textual messages) or a
headless runner (as log lines) takes them off. Facts travel as fields (which
seat, which undo, whether it was accepted), so nobody has to read them back
out of English words. ``text`` is one line for people; names and reasons in
it may come from a peer, so a screen shows it as plain text and a log line
goes through :func:`~indigo_tui.net.common.log_line` first.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Move


def seat_label(seat: int, name: str) -> str:
    """A seat as people read it: its player's name, else its number from 1."""
    return name or f"seat {seat + 1}"


@dataclass(frozen=True)
class SeatJoined:
    """A terminal took ``seat`` (host), or a seat's terminal is back (guest).
    ``own`` is this terminal's own seat: we are in (again)."""

    seat: int
    name: str
    rejoined: bool = False
    own: bool = False
    players: int = 0

    @property
    def text(self) -> str:
        if self.own:
            if self.rejoined:
                return "back in the game"
            return f"joined as seat {self.seat + 1} of {self.players}"
        verb = "rejoined" if self.rejoined else "joined"
        return f"{seat_label(self.seat, self.name)} {verb} at seat {self.seat + 1}"


@dataclass(frozen=True)
class SeatLeft:
    """A seat's terminal went away (its seat stays open for a rejoin), or,
    with ``seat`` None, our own connection to the host dropped."""

    seat: int | None
    name: str = ""
    why: str = ""
    #: The game was already over when it left.
    after_end: bool = False
    #: Our own connection dropped and we are trying to get back in.
    rejoining: bool = False

    @property
    def text(self) -> str:
        if self.seat is None:
            return self.why
        who = f"seat {self.seat + 1} ({self.name})" if self.name else f"seat {self.seat + 1}"
        if self.after_end:
            return f"{who} left"
        return f"{who} is disconnected" + (f": {self.why}" if self.why else "")


@dataclass(frozen=True)
class SeatTakenOver:
    """Host: ``seat``'s player came back on a new connection; the old one was closed."""

    seat: int
    name: str

    @property
    def text(self) -> str:
        return f"{seat_label(self.seat, self.name)} came back on a new connection at seat {self.seat + 1}"


@dataclass(frozen=True)
class PlayStarted:
    """The game began."""

    text: str = "the game has started"


@dataclass(frozen=True)
class LogChanged:
    """The public log grew (a move, from event ``first``) or was cut back to
    ``first`` events by an undo (``undone``). ``seat`` moved or took back."""

    first: int
    seat: int | None = None
    name: str = ""
    move: Move | None = None
    undone: bool = False

    @property
    def text(self) -> str:
        if self.undone:
            if self.seat is None:
                return "a move was taken back"
            return f"{possessive(seat_label(self.seat, self.name))} last move was taken back"
        if self.seat is not None and self.move is not None:
            return f"{seat_label(self.seat, self.name)} played {self.move}"
        return f"event {self.first}"


@dataclass(frozen=True)
class MoveRefused:
    """A move of ``seat`` was refused; ``reason`` says why."""

    seat: int
    reason: str
    name: str = ""

    @property
    def text(self) -> str:
        return f"{possessive(seat_label(self.seat, self.name))} move refused: {self.reason}"


@dataclass(frozen=True)
class UndoAsked:
    """``asker`` asks to take back its last move; ``voter`` (a seat at this
    terminal) answers with ``vote_undo(undo_id, ...)``."""

    undo_id: int
    asker: int
    asker_name: str
    voter: int

    @property
    def text(self) -> str:
        return f"{seat_label(self.asker, self.asker_name)} asks to take back their last move"


@dataclass(frozen=True)
class UndoSettled:
    """An undo request of ``seat`` was settled."""

    seat: int
    accepted: bool
    reason: str

    @property
    def text(self) -> str:
        return self.reason


@dataclass(frozen=True)
class PlayEnded:
    """The game is over (the last event is in)."""

    text: str = "the game is over"


@dataclass(frozen=True)
class DealChecked:
    """Guest: the revealed deck was checked against the commitment."""

    ok: bool
    draws: int
    problem: str = ""

    @property
    def text(self) -> str:
        if self.ok:
            return f"deal verified: the deck matches the commitment and all {self.draws} of this seat's draws"
        return f"deal NOT verified: {self.problem}"


@dataclass(frozen=True)
class Problem:
    """Something went wrong that does not end the game (garbage from a
    stranger, a refused join, a save that failed)."""

    text: str


@dataclass(frozen=True)
class SaveState:
    """Autosaving stopped working (``ok`` False, said once) or works again."""

    ok: bool
    path: str
    detail: str = ""

    @property
    def text(self) -> str:
        if self.ok:
            return f"saving works again: the game is saved in {self.path}"
        return f"could not save to {self.path}: {self.detail}; the game goes on unsaved until it can"


@dataclass(frozen=True)
class SessionClosed:
    """The session ended; ``final`` when nothing more will come (no rejoin),
    ``code`` the kind of end (see :class:`~indigo_tui.net.guest.JoinError`)."""

    reason: str
    final: bool = False
    code: str = ""

    @property
    def text(self) -> str:
        return self.reason


Notice = (
    SeatJoined
    | SeatLeft
    | SeatTakenOver
    | PlayStarted
    | LogChanged
    | MoveRefused
    | UndoAsked
    | UndoSettled
    | PlayEnded
    | DealChecked
    | Problem
    | SaveState
    | SessionClosed
)


def possessive(name: str) -> str:
    """``Gus`` -> ``Gus's``, ``seat 2`` -> ``seat 2's``."""
    return f"{name}'s"


__all__ = [
    "DealChecked",
    "LogChanged",
    "MoveRefused",
    "Notice",
    "PlayEnded",
    "PlayStarted",
    "Problem",
    "SaveState",
    "SeatJoined",
    "SeatLeft",
    "SeatTakenOver",
    "SessionClosed",
    "UndoAsked",
    "UndoSettled",
    "possessive",
    "seat_label",
]
