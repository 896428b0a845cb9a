"""Why the host refuses a move or an undo, why a peer ends the session and
why it says goodbye: codes that travel, and their words.

The host sends a refusal's code and its numbers (seats 0-based) as well as
English words for older peers; each terminal says it in its own language with
:func:`why_text`, so a German host and a Dutch guest each read their own. A
``bye`` travels the same way (:class:`Farewell`, :func:`farewell_text`), and
an ``error`` as its code (:func:`host_error_text`). A code a terminal does not
know (a newer peer's) falls back to the words the peer sent, shown as plain
text.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

import msgspec

from ..engine.refusals import Refusal, Refused
from ..i18n import _, in_language, ngettext
from ..i18n.words import refusal_text


class NetRefusal(StrEnum):
    """What the network game itself refuses (the rules' own are :class:`Refusal`)."""

    #: The host has not started the game yet.
    NOT_STARTED = "not_started"
    #: Argument: the seat asked for, which the game does not have.
    NO_SEAT = "no_seat"
    #: Arguments: this terminal's seat, the seat it tried to move for.
    NOT_THIS_TERMINAL = "not_this_terminal"
    #: Argument: the seat, played from another terminal.
    REMOTE_SEAT = "remote_seat"
    #: An undo vote is open.
    UNDO_OPEN = "undo_open"
    #: Another undo request is being settled.
    ANOTHER_UNDO = "another_undo"
    #: The seat has no move to take back.
    NO_MOVE_TO_UNDO = "no_move_to_undo"
    #: The game moved on before the undo request arrived.
    MOVED_ON = "moved_on"
    #: The game moved on while the others voted.
    MOVED_ON_DURING_VOTE = "moved_on_during_vote"
    #: Arguments: the seats that would vote but are not connected.
    VOTERS_AWAY = "voters_away"
    #: Arguments: the seats that said no (or did not answer in time).
    DECLINED = "declined"
    #: The undo was accepted. Argument: the seat whose move was taken back.
    TAKEN_BACK = "taken_back"
    #: Arguments: the seat, and the undo requests a seat may put to the vote per round.
    UNDO_LIMIT = "undo_limit"
    #: Argument: the seconds to wait before asking again.
    UNDO_TOO_OFTEN = "undo_too_often"
    #: The host allows no hints in this game.
    NO_HINTS = "no_hints"
    #: A hint is counted only on the seat's own turn.
    HINT_NOT_YOUR_TURN = "hint_not_your_turn"
    #: This seat's hint on this turn is counted already.
    HINT_COUNTED = "hint_counted"


class Why(msgspec.Struct, frozen=True):
    """A refusal's code (a :class:`Refusal` or :class:`NetRefusal` value) and
    the numbers it is about (seats counted from 0)."""

    code: str
    args: tuple[int, ...] = ()

    @classmethod
    def of(cls, refused: Refused) -> Why:
        return cls(refused.code.value, refused.args)


Namer = Callable[[int], str]
_RULES = frozenset(refusal.value for refusal in Refusal)


def seat_label(seat: int, name: str = "") -> str:
    """A seat as people read it: its player's name, else its number from 1."""
    return name or _("seat {number}").format(number=seat + 1)


def _numbered(seat: int) -> str:
    return seat_label(seat)


def _seats(seats: tuple[int, ...], name: Namer) -> str:
    return ", ".join(name(seat) for seat in seats)


def why_text(why: Why, name: Namer = _numbered) -> str | None:
    """``why`` in the current language, or None for a code this version does
    not know. ``name`` names a seat (its player's name, else its number)."""
    args = why.args
    if why.code in _RULES:
        return refusal_text(Refused(Refusal(why.code), args))
    try:
        code = NetRefusal(why.code)
    except ValueError:
        return None
    first = args[0] if args else 0
    if code is NetRefusal.NOT_STARTED:
        return _("the game has not started")
    if code is NetRefusal.NO_SEAT:
        return _("there is no seat {number} in this game").format(number=first + 1)
    if code is NetRefusal.NOT_THIS_TERMINAL:
        other = args[1] if len(args) > 1 else first
        return _("this terminal plays seat {own}, not seat {other}").format(own=first + 1, other=other + 1)
    if code is NetRefusal.REMOTE_SEAT:
        return _("seat {number} is played from another terminal").format(number=first + 1)
    if code is NetRefusal.UNDO_OPEN:
        return _("an undo vote is open; wait for it to be settled")
    if code is NetRefusal.ANOTHER_UNDO:
        return _("another undo request is open")
    if code is NetRefusal.NO_MOVE_TO_UNDO:
        return _("there is no move of this seat to take back")
    if code is NetRefusal.MOVED_ON:
        return _("the game moved on before the request arrived")
    if code is NetRefusal.MOVED_ON_DURING_VOTE:
        return _("the game moved on during the vote")
    if code is NetRefusal.VOTERS_AWAY:
        return ngettext(
            "{seats} is not connected to vote", "{seats} are not connected to vote", len(args)
        ).format(seats=_seats(args, name))
    if code is NetRefusal.DECLINED:
        return _("declined by {seats}").format(seats=_seats(args, name))
    if code is NetRefusal.TAKEN_BACK:
        return _("{seat}'s last move was taken back").format(seat=name(first))
    if code is NetRefusal.UNDO_LIMIT:
        limit = args[1] if len(args) > 1 else 0
        return ngettext(
            "{seat} has asked for {limit} undo this round, as many as this game allows",
            "{seat} has asked for {limit} undos this round, as many as this game allows",
            limit,
        ).format(seat=name(first), limit=limit)
    if code is NetRefusal.UNDO_TOO_OFTEN:
        return ngettext(
            "too many undo requests; ask again in {seconds} s",
            "too many undo requests; ask again in {seconds} s",
            first,
        ).format(seconds=first)
    if code is NetRefusal.NO_HINTS:
        return _("the host allows no hints in this game")
    if code is NetRefusal.HINT_NOT_YOUR_TURN:
        return _("a hint is counted only on the seat's own turn")
    if code is NetRefusal.HINT_COUNTED:
        return _("this turn's hint is counted already")
    raise AssertionError(code)  # every NetRefusal has its words above


class Farewell(StrEnum):
    """Why a terminal says goodbye: a ``bye``'s code, said by the terminal that
    reads it in its own language (:func:`farewell_text`)."""

    #: The host's player quit (closed the game's screen, or Ctrl+C).
    HOST_QUIT = "host_quit"
    #: The guest's player quit.
    GUEST_QUIT = "guest_quit"
    #: The host closed the game (its session ended).
    HOST_CLOSED = "host_closed"
    #: The game is over: nothing is left to send.
    GAME_OVER = "game_over"
    #: The guest's player left the waiting room before the start.
    LEFT_BEFORE_START = "left_before_start"
    #: The host's player closed the lobby before the start.
    LOBBY_CLOSED = "lobby_closed"
    #: Argument: the seat that did not come back in time.
    NOT_BACK = "not_back"
    #: The host gave up waiting for every remote seat to join.
    NOT_ALL_JOINED = "not_all_joined"
    #: The host gave up waiting for every seat to see the round's end.
    END_MISSED = "end_missed"
    #: The host gave up waiting for the game to end.
    NOT_ENDED = "not_ended"


def farewell_text(code: str, reason: str, numbers: tuple[int, ...] = ()) -> str:
    """Why a peer said goodbye (a ``bye``'s ``code`` and ``args``), in this
    terminal's language for the codes we know; else the peer's ``reason`` (a
    peer's words: cleaned and bounded by the caller)."""
    try:
        farewell = Farewell(code)
    except ValueError:
        return reason
    if farewell is Farewell.HOST_QUIT:
        return _("the host quit")
    if farewell is Farewell.GUEST_QUIT:
        return _("the guest quit")
    if farewell is Farewell.HOST_CLOSED:
        return _("the host closed the game")
    if farewell is Farewell.GAME_OVER:
        return _("the game is over")
    if farewell is Farewell.LEFT_BEFORE_START:
        return _("the player left before the start")
    if farewell is Farewell.LOBBY_CLOSED:
        return _("the host closed the lobby")
    if farewell is Farewell.NOT_BACK:
        if not numbers:
            return reason
        return _("seat {number} did not come back").format(number=numbers[0] + 1)
    if farewell is Farewell.NOT_ALL_JOINED:
        return _("the host gave up waiting: not every remote seat joined")
    if farewell is Farewell.END_MISSED:
        return _("the host gave up waiting: a seat missed the end of the round")
    if farewell is Farewell.NOT_ENDED:
        return _("the host gave up waiting: the game did not end")
    raise AssertionError(farewell)  # every Farewell has its words above


def farewell_english(farewell: Farewell, numbers: tuple[int, ...] = ()) -> str:
    """``farewell`` in English: the ``reason`` sent along for peers that read no code."""
    with in_language("en"):
        return farewell_text(farewell, farewell.value, numbers)


def host_error_text(code: str, reason: str, numbers: tuple[int, ...] = ()) -> str:
    """Why a host refused us or ended the session (an ``error`` message: its
    ``code`` and ``args``), in this terminal's language for the codes we know;
    else the host's ``reason`` (a peer's words: cleaned and bounded by the caller)."""
    if code == "code":
        return _("wrong join code")
    if code == "busy" and numbers:
        return ngettext(
            "too many wrong join codes lately; try again in {seconds} s",
            "too many wrong join codes lately; try again in {seconds} s",
            numbers[0],
        ).format(seconds=numbers[0])
    if code == "busy":
        return _("the host is busy with other connections; try again in a moment")
    if code == "full":
        return _(
            "the game is full: every remote seat is taken (a player coming back runs the same "
            "indigo join, with the same --name, from the folder it joined from)"
        )
    if code == "taken":
        # The host's words name who took it (a name, and in English).
        return _("this seat was taken over from another terminal: {details}").format(details=reason)
    if code == "version":
        return _("the host runs another version of indigo-tui ({details})").format(details=reason)
    if code == "integrity":
        return _(
            "a frame failed its integrity check on the way "
            "(altered, replayed, reordered, dropped or injected)"
        )
    return reason


def english(why: Why, name: Namer = _numbered) -> str:
    """``why`` in English, the words sent along for peers that read no code."""
    with in_language("en"):
        return why_text(why, name) or why.code


__all__ = [
    "Farewell",
    "NetRefusal",
    "Why",
    "english",
    "farewell_english",
    "farewell_text",
    "host_error_text",
    "seat_label",
    "why_text",
]
