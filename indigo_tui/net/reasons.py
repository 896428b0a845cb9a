"""Why the host refuses a move or an undo, why a peer ends the session and
why it says goodbye: codes that travel, and their words.

The host sends a refusal's code and its numbers (seats 0-based) as well as
English words for older peers; each terminal says it in its own language with
:func:`why_text`, so a German host and a Dutch guest each read their own. A
``bye`` travels the same way (:class:`Farewell`, :func:`farewell_text`), and
an ``error`` as its :class:`Ending`, with a :class:`~.protocol.Breach` for a
broken protocol or a desync and the names and versions it is about quoted
(:func:`error_message` makes one, :func:`error_text` says one). A code a
terminal does not know (a newer peer's) falls back to the words the peer
sent, shown as plain text.

The English sent beside a code is the same function's words drawn in
English (:func:`indigo_tui.i18n.english`), without switching this process's
language: each sentence is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

import msgspec

from ..engine.refusals import Refusal, Refused
from ..i18n import _, decimal, english, ngettext
from ..i18n.words import refusal_text
from .deal import Deal, DealCode
from .protocol import Breach, Error, Fault


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
    #: A watcher follows the game without a seat: it may not move, undo or vote.
    WATCHING = "watching"


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
    if code is NetRefusal.WATCHING:
        return _("a watcher follows the game without a seat: it cannot move, vote or take a move back")
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
    return english(farewell_text, farewell, farewell.value, numbers)


class Ending(StrEnum):
    """Why a session with a peer ends, or never begins: an ``error``'s code
    on the wire (all but the last three), and the kind of end a guest reports
    (:class:`~indigo_tui.net.common.JoinError`, a closed session's notice)."""

    #: A wrong join code.
    CODE = "code"
    #: The host is busy. Argument, after wrong join codes: the seconds to wait.
    BUSY = "busy"
    #: Every remote seat is taken.
    FULL = "full"
    #: The seat was taken over from another terminal; quoted: who took it.
    TAKEN = "taken"
    #: Another protocol version. Arguments: the host's, the guest's; quoted: their apps' versions.
    VERSION = "version"
    #: A peer broke the protocol; detail: the :class:`~.protocol.Breach`.
    PROTOCOL = "protocol"
    #: The guest's public state and the host's came apart; detail: the breach.
    DESYNC = "desync"
    #: A sealed frame did not open (tampered with on the way); detail: the breach.
    INTEGRITY = "integrity"
    #: The host takes no watchers.
    NO_WATCHERS = "no_watchers"
    #: As many watchers as the host allows are watching. Argument: that number.
    WATCHERS_FULL = "watchers_full"
    #: Any other error (an older peer's default).
    ERROR = "error"
    #: The connection was lost (a guest tries to get its seat back).
    LOST = "lost"
    #: The host said goodbye.
    LEFT = "left"
    #: The internet join code is not one.
    MALFORMED = "malformed"


def ending_of(code: str) -> Ending:
    """The kind of end a peer's ``error`` code means (``error`` for one we do not know)."""
    try:
        return Ending(code)
    except ValueError:
        return Ending.ERROR


def _quoted(quoted: tuple[str, ...], index: int) -> str:
    return quoted[index] if index < len(quoted) else "?"


def fault_text(fault: Fault) -> str | None:
    """How a peer broke the protocol, or how the states came apart, in the
    current language; None for a code this version does not know. Seats and
    rounds are counted from 1 for people; events by their number on the wire."""
    try:
        code = Breach(fault.code)
    except ValueError:
        return None
    args, quoted = fault.args, fault.quoted
    a = (*args, 0, 0, 0)  # a peer's fault may carry fewer numbers than its code has
    if code is Breach.TOO_LARGE:
        return _("a frame of {size} bytes is over the {limit}-byte limit").format(size=a[0], limit=a[1])
    if code is Breach.HEADER:
        return _("a frame header is 4 bytes")
    if code is Breach.EMPTY_FRAME:
        return _("an empty frame")
    if code is Breach.MALFORMED:
        return _("an unknown or malformed message ({problem})").format(problem=_quoted(quoted, 0))
    if code is Breach.NOT_A_MESSAGE:
        return _("a frame that is not a message ({problem})").format(problem=_quoted(quoted, 0))
    if code is Breach.NOT_UTF8:
        return _("a frame with text that is not UTF-8")
    if code is Breach.SEAL_BROKEN:
        return _(
            "frame {number} failed its integrity check "
            "(altered, replayed, reordered, dropped or injected on the way)"
        ).format(number=a[0])
    if code is Breach.SPENT:
        return _("the frame counter ran out; the connection must end")
    if code is Breach.NOT_A_KEY:
        return _("a key exchange message that is not one")
    got = _quoted(quoted, 0)
    if code is Breach.EXPECTED_HELLO:
        return _("expected a hello, got a {message} message").format(message=got)
    if code is Breach.EXPECTED_EXCHANGE:
        return _("expected the host's key exchange, got a {message} message").format(message=got)
    if code is Breach.EXPECTED_PROOF:
        return _("expected a proof of the join code, got a {message} message").format(message=got)
    if code is Breach.EXPECTED_CONFIRMATION:
        return _("expected the host's confirmation, got a {message} message").format(message=got)
    if code is Breach.EXPECTED_JOIN:
        return _("expected a join, got a {message} message").format(message=got)
    if code is Breach.EXPECTED_WELCOME:
        return _("expected a welcome, got a {message} message").format(message=got)
    if code is Breach.GUEST_MAY_NOT:
        return _("a guest may not send a {message} message").format(message=got)
    if code is Breach.HOST_MAY_NOT:
        return _("a host may not send a {message} message here").format(message=got)
    if code is Breach.WELCOME_SEAT:
        return _("a welcome to seat {seat} that does not fit a {players}-player game").format(
            seat=a[0] + 1, players=a[1]
        )
    if code is Breach.WELCOME_BEFORE_START:
        return _("a welcome that resumes before the first event")
    if code is Breach.WELCOME_GAME_ID:
        return _("a welcome with a game id that is not one")
    if code is Breach.WELCOME_ROUND:
        return _("a welcome to round {round} of {rounds}").format(round=a[0] + 1, rounds=a[1])
    if code is Breach.WELCOME_PAST:
        return ngettext(
            "a welcome to round {round} with {past} round behind it",
            "a welcome to round {round} with {past} rounds behind it",
            a[1],
        ).format(round=a[0] + 1, past=a[1])
    if code is Breach.RESUME:
        return _("the host resumes at event {number} but this seat holds {length}").format(
            number=a[0], length=a[1]
        )
    if code is Breach.DRAWS_UNCLAIMED:
        return _("draws announced for events that never came")
    if code is Breach.HINT_COUNTS:
        return ngettext(
            "{count} hint count for a {players}-player game",
            "{count} hint counts for a {players}-player game",
            a[0],
        ).format(count=a[0], players=a[1])
    if code is Breach.TURN_CLOCK:
        return _("a turn clock of {seconds} s").format(seconds=_quoted(quoted, 0))
    if code is Breach.ROUND_EARLY:
        return _("round {round} began before round {current} was over").format(
            round=a[0] + 1, current=a[1] + 1
        )
    if code is Breach.SEAT_OUT_OF_GAME:
        return _("a message about seat {seat} of a {players}-player game").format(seat=a[0] + 1, players=a[1])
    if code is Breach.REVEAL_EARLY:
        return _("the host revealed the deck before the round was over")
    if code is Breach.REVEAL_TWICE:
        return _("the host revealed the deck twice")
    if code is Breach.ROUND_REPLAY:
        return _("round {round} as the host tells it cannot be replayed").format(round=a[0] + 1)
    if code is Breach.ROUND_NOT_OVER:
        return _("round {round} as the host tells it is not over").format(round=a[0] + 1)
    if code is Breach.STARTED_LENGTH:
        return _("desync: the host has {events} events where this seat has {length}").format(
            events=a[0], length=a[1]
        )
    if code is Breach.UNDO_LENGTH:
        return _("desync: an undo back to event {number} but only {length} are here").format(
            number=a[0], length=a[1]
        )
    if code is Breach.UNDO_STATE:
        return _("desync after the undo at event {number}: public state differs").format(number=a[0])
    if code is Breach.EVENT_SEQ:
        return _("desync: expected event {expected} from the host, got event {number}").format(
            expected=a[0], number=a[1]
        )
    if code is Breach.DRAW_MISSING:
        return _("desync: this seat's draw at event {number} came without its tile").format(number=a[0])
    if code is Breach.STATE_HASH:
        return _(
            "desync at event {number}: the public state here ({here}) differs from the host's ({host})"
        ).format(number=a[0], here=_quoted(quoted, 0), host=_quoted(quoted, 1))
    problem = _fold_text(code, args[1:], quoted)
    return _("desync at event {number}: {problem}").format(number=a[0], problem=problem)


def fault_words(fault: Fault) -> str:
    """:func:`fault_text`, or the fault's code for one this version does not
    know (every code of our own has its words)."""
    return fault_text(fault) or fault.code


def _fold_text(code: Breach, args: tuple[int, ...], quoted: tuple[str, ...]) -> str:
    """What an event that cannot follow does wrong (a desync's fold fault)."""
    a = (*args, 0, 0)
    if code is Breach.UNHOLDABLE:
        return _("an event this board cannot hold")
    if code is Breach.SECOND_START:
        return _("a second start of the round")
    if code is Breach.SETUP_DIFFERS:
        return _("the round's setup differs from the one agreed")
    if code is Breach.BEFORE_START:
        return _("events before the start of the round")
    if code is Breach.OUT_OF_TURN:
        return _("seat {seat} placed a tile on seat {turn}'s turn").format(seat=a[0] + 1, turn=a[1] + 1)
    if code is Breach.ILLEGAL_PLACEMENT:
        said = _quoted(quoted, 0)
        if said in _RULES:
            said = refusal_text(Refused(Refusal(said), args))
        return _("an illegal placement: {problem}").format(problem=said)
    if code is Breach.NOT_HELD:
        return _("this seat placed a tile it does not hold")
    if code is Breach.EMPTY_DECK:
        return _("a tile was drawn from an empty deck")
    if code is Breach.DRAW_FOR_NOBODY:
        return _("a draw for seat {seat}, which is not in the game").format(seat=a[0] + 1)
    if code is Breach.DRAW_WITHOUT_TILE:
        return _("this seat's draw arrived without a tile it can hold")
    if code is Breach.TILE_SHOWN:
        return _("seat {seat}'s tile was shown to another seat").format(seat=a[0] + 1)
    raise AssertionError(code)  # every Breach has its words in fault_text or here


def version_text(numbers: tuple[int, ...], quoted: tuple[str, ...]) -> str:
    """Which versions a host and a guest run: the host's protocol version
    and app, then the guest's."""
    a = (*numbers, 0, 0)
    return _(
        "protocol version mismatch: the host speaks version {host} (indigo-tui {host_app}), "
        "the guest version {guest} (indigo-tui {guest_app})"
    ).format(host=a[0], host_app=_quoted(quoted, 0), guest=a[1], guest_app=_quoted(quoted, 1))


def _details(code: str, reason: str, numbers: tuple[int, ...], detail: str, quoted: tuple[str, ...]) -> str:
    """What an ``error`` is about: the words an older peer reads as its
    ``reason`` (it frames ``taken`` and ``version`` in words of its own)."""
    if code == Ending.CODE:
        return _("wrong join code")
    if code == Ending.BUSY and numbers:
        return ngettext(
            "too many wrong join codes lately; try again in {seconds} s",
            "too many wrong join codes lately; try again in {seconds} s",
            numbers[0],
        ).format(seconds=numbers[0])
    if code == Ending.BUSY:
        return _("the host is busy with other connections; try again in a moment")
    if code == Ending.FULL:
        return _(
            "the game is full: every remote seat is taken (a player coming back runs the same "
            "indigo join, with the same --name, from the folder it joined from)"
        )
    if code == Ending.TAKEN and quoted:
        return _("{name} took this seat over from another terminal, with this seat's own token").format(
            name=quoted[0]
        )
    if code == Ending.NO_WATCHERS:
        return _("this game takes no watchers")
    if code == Ending.WATCHERS_FULL and numbers:
        return ngettext(
            "this game takes {limit} watcher, and one is watching already",
            "this game takes {limit} watchers, and that many are watching already",
            numbers[0],
        ).format(limit=numbers[0])
    if code == Ending.VERSION and len(numbers) >= 2 and len(quoted) >= 2:
        return version_text(numbers, quoted)
    if detail:
        said = fault_text(Fault(detail, numbers, quoted))
        if said is not None:
            return said
    if code == Ending.INTEGRITY:
        return _(
            "a frame failed its integrity check on the way "
            "(altered, replayed, reordered, dropped or injected)"
        )
    return reason


def error_text(message: Error) -> str:
    """Why a peer refused us or ended the session (an ``error``), in this
    terminal's language for the codes we know; else the peer's ``reason``.
    ``message`` is a peer's: its text cleaned and bounded by the caller
    (:func:`~indigo_tui.net.common.peer_error`)."""
    code, reason = message.code, message.reason
    details = _details(code, reason, message.args, message.detail, message.quoted)
    if code == Ending.TAKEN:
        return _("this seat was taken over from another terminal: {details}").format(details=details)
    if code == Ending.VERSION:
        return _("the host runs another version of indigo-tui ({details})").format(details=details)
    return details


def error_message(
    code: Ending, numbers: tuple[int, ...] = (), *, fault: Fault | None = None, quoted: tuple[str, ...] = ()
) -> Error:
    """The ``error`` that tells a peer ``code`` (with its numbers, the fault
    for a broken protocol or a desync, the text it names), and the same in
    English as its ``reason`` for peers that read no code."""
    detail = ""
    if fault is not None:
        numbers, detail, quoted = fault.args, fault.code, fault.quoted
    reason = english(_details, code.value, "", numbers, detail, quoted)
    return Error(reason, code.value, numbers, detail, quoted)


def deal_text(deal: Deal) -> str:
    """How a round's deal checked out, in the current language (a record an
    older version wrote holds its English words: shown as they are)."""
    try:
        code = DealCode(deal.code)
    except ValueError:
        return deal.code
    a = (*deal.args, 0, 0, 0)
    if code is DealCode.VERIFIED:
        return _("the deck matches the commitment and every draw of this seat")
    if code is DealCode.COMMITMENT:
        return _("the revealed deck does not match the commitment made at the start")
    if code is DealCode.NOT_THE_TILES:
        return _("the revealed deck is not the 54 path tiles")
    if code is DealCode.OVERDRAWN:
        return ngettext(
            "{drawn} tile was drawn from a deck of {size}",
            "{drawn} tiles were drawn from a deck of {size}",
            a[0],
        ).format(drawn=a[0], size=a[1])
    if code is DealCode.DRAW_DIFFERS:
        return _("draw {number} gave this seat tile kind {tile} but the deck says {deck}").format(
            number=a[0] + 1, tile=a[1], deck=a[2]
        )
    if code is DealCode.MOVES_REFUSED:
        return _("the revealed deck does not allow the moves played")
    if code is DealCode.EVENTS_DIFFER:
        return _("the revealed deck does not give the events that were played")
    if code is DealCode.DECK_CHANGED:
        return _("the host's deck of round {round} differs from the one it revealed before").format(
            round=a[0] + 1
        )
    if code is DealCode.UNCHECKED:
        return _("not checked: this seat did not see round {round} begin").format(round=a[0] + 1)
    raise AssertionError(code)  # every DealCode has its words above


def english_why(why: Why, name: Namer = _numbered) -> str:
    """``why`` in English, the words sent along for peers that read no code."""
    return english(why_text, why, name) or why.code


class Gone(StrEnum):
    """How a connection to a peer ended, or never came about: the code of a
    :class:`Loss`, said by :func:`loss_text`."""

    #: No word from ``peer`` for ``seconds``.
    SILENT = "silent"
    #: ``peer`` sent only part of a frame within ``seconds``.
    PART_FRAME = "part-frame"
    #: The connection to ``peer`` failed (the system's ``problem``).
    FAILED = "failed"
    #: The connection to ``peer`` broke in the middle of a frame.
    BROKE = "broke"
    #: ``peer`` closed the connection.
    CLOSED = "closed"
    #: The connection closed (this end stopped reading it).
    ENDED = "ended"
    #: ``peer`` did not finish joining within ``seconds``.
    SLOW_JOIN = "slow-join"
    #: No answer from ``peer`` (an address) within ``seconds``.
    NO_ANSWER = "no-answer"
    #: No computer called ``peer`` (a host name) is known.
    UNKNOWN_HOST = "unknown-host"
    #: Cannot connect to ``peer`` (an address): the system's ``problem``.
    CANNOT_CONNECT = "cannot-connect"
    #: Nobody listens at ``peer`` (an address).
    NOBODY = "nobody"
    #: The peer said goodbye: its farewell ``code``, ``numbers`` and its own words, ``problem``.
    LEFT = "left"
    #: The peer gave up with an error (``error``).
    GAVE_UP = "gave-up"
    #: Said by another part: its problem (``cause``: a relay's, the reach
    #: check's, said by its own words when shown), else its words (``problem``).
    SAID = "said"


@dataclass(frozen=True)
class Loss:
    """Why a connection ended (``gone``) and what the words need, in no
    language: each terminal says it in its own with :func:`loss_text`."""

    gone: Gone
    peer: str = ""
    seconds: float = 0.0
    problem: str = ""
    code: str = ""
    numbers: tuple[int, ...] = ()
    error: Error | None = None
    #: For :attr:`Gone.SAID`: the problem that says it (a ``NetProblem``,
    #: whose ``str()`` is its words in the language it is shown in).
    cause: Exception | None = None


def loss_text(loss: Loss) -> str:
    """``loss`` in words, in this terminal's language."""
    peer, seconds, problem = loss.peer, decimal(round(loss.seconds, 3)), loss.problem
    match loss.gone:
        case Gone.SILENT:
            return _("no word from {peer} for {seconds} s").format(peer=peer, seconds=seconds)
        case Gone.PART_FRAME:
            return _("{peer} sent only part of a frame within {seconds} s").format(peer=peer, seconds=seconds)
        case Gone.FAILED:
            return _("the connection to {peer} failed ({problem})").format(peer=peer, problem=problem)
        case Gone.BROKE:
            return _("the connection to {peer} broke in the middle of a frame").format(peer=peer)
        case Gone.CLOSED:
            return _("{peer} closed the connection").format(peer=peer)
        case Gone.ENDED:
            return _("the connection closed")
        case Gone.SLOW_JOIN:
            return _("{peer} did not finish joining within {seconds} s").format(peer=peer, seconds=seconds)
        case Gone.NO_ANSWER:
            return _("no answer from {address} within {seconds} s").format(address=peer, seconds=seconds)
        case Gone.UNKNOWN_HOST:
            return _("no computer called {host} is known on this network").format(host=peer)
        case Gone.CANNOT_CONNECT:
            return _("cannot connect to {address} ({problem})").format(address=peer, problem=problem)
        case Gone.NOBODY:
            return _(
                "nobody is listening at {address}: is the host's lobby open, and are the address "
                "and port right?"
            ).format(address=peer)
        case Gone.LEFT:
            return _("left: {reason}").format(reason=farewell_text(loss.code, problem, loss.numbers))
        case Gone.GAVE_UP:
            assert loss.error is not None
            return _("gave up: {reason}").format(reason=error_text(loss.error))
        case Gone.SAID:
            return problem if loss.cause is None else str(loss.cause)


__all__ = [
    "Ending",
    "Farewell",
    "Gone",
    "Loss",
    "NetRefusal",
    "Why",
    "deal_text",
    "ending_of",
    "english_why",
    "error_message",
    "error_text",
    "farewell_english",
    "farewell_text",
    "fault_text",
    "fault_words",
    "loss_text",
    "seat_label",
    "version_text",
    "why_text",
]
