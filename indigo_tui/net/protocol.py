"""The LAN protocol: messages as msgspec tagged unions, and their framing.

Every message is a :class:`msgspec.Struct` tagged by its ``type`` field and
encoded with MessagePack. There is one union for each direction and phase
(:data:`Handshake`, :data:`FromGuest`, :data:`FromHost`), each with its own
decoder, so a message going the wrong way does not decode: it is a
:class:`ProtocolError` like any other bad frame. On the wire each message is one *frame*: a 4-byte
big-endian body length followed by the body. The length is checked against
:data:`MAX_FRAME` before a single byte of the body is read, so a peer cannot
make us allocate or wait for more than that. Once the join code is proven
(:mod:`indigo_tui.net.channel`) every body is sealed: the frame carries the
encrypted body, the message inside is the same. This module is the codec only;
:mod:`indigo_tui.net.transport` moves frames over asyncio streams. See
``docs/protocol.md``.
"""

from __future__ import annotations

import struct
from enum import StrEnum
from typing import Final, TypeVar

import msgspec

from ..engine import Event, Move, Setup

#: Bumped whenever a message changes shape or meaning (2: the sealed channel;
#: 3: hints the host allows, :class:`HintUsed` and :class:`HintCounts`;
#: 4: matches of several rounds, :class:`NextRound`; 5: a seated guest's
#: budget, :class:`HintNotCounted`, the turn clock,
#: :class:`TurnClock` and :class:`TimedOut`, and deals from a host secret;
#: 6: chat, :class:`Say`, :class:`ChatLine` and :class:`ChatHeld`;
#: 7: the rematch, :class:`RematchAnswer`, :class:`RematchState`,
#: :class:`RematchOff` and :class:`NewGame`; and watchers, ``Join.watch``,
#: ``Welcome.watching`` and ``ChatLine.watching``).
PROTOCOL_VERSION: Final = 7
#: The seat a watcher's welcome names: none (a watcher follows the game without one).
WATCHER_SEAT: Final = -1
#: The largest body we accept (a full resync of a game is far smaller).
MAX_FRAME: Final = 256 * 1024
#: The largest body accepted before the join code is proven: the handshake's
#: frames are small, and a stranger may not make us hold more than this.
MAX_CLEAR_FRAME: Final = 1024
HEADER: Final = struct.Struct(">I")
HEADER_SIZE: Final = HEADER.size


class Breach(StrEnum):
    """How a peer broke the protocol, or how its public state and ours came
    apart (a desync): the ``detail`` of an :class:`Error` of code ``protocol``,
    ``desync`` or ``integrity``, said by each terminal in its own language
    (:func:`~indigo_tui.net.reasons.fault_text`). The numbers each carries are
    the protocol's own (seats and rounds from 0, events by ``seq``); text from
    the wire (a message's type, a decoder's words, a hash) is quoted as it is."""

    #: Numbers: the frame's size, the limit.
    TOO_LARGE = "too_large"
    HEADER = "header"
    EMPTY_FRAME = "empty_frame"
    #: Quoted: the decoder's words.
    MALFORMED = "malformed"
    #: Quoted: the decoder's words.
    NOT_A_MESSAGE = "not_a_message"
    NOT_UTF8 = "not_utf8"
    #: Number: the frame that did not open.
    SEAL_BROKEN = "seal_broken"
    #: A sealed direction used every frame number.
    SPENT = "spent"
    #: The SPAKE2 message is no group element.
    NOT_A_KEY = "not_a_key"
    #: Quoted, for each of the EXPECTED_ codes: the type of the message sent instead.
    EXPECTED_HELLO = "expected_hello"
    EXPECTED_EXCHANGE = "expected_exchange"
    EXPECTED_PROOF = "expected_proof"
    EXPECTED_CONFIRMATION = "expected_confirmation"
    EXPECTED_JOIN = "expected_join"
    EXPECTED_WELCOME = "expected_welcome"
    #: Quoted: the type of a message a guest may not send.
    GUEST_MAY_NOT = "guest_may_not"
    #: Quoted: the type of a message a host may not send here.
    HOST_MAY_NOT = "host_may_not"
    #: Numbers: the seat, the players.
    WELCOME_SEAT = "welcome_seat"
    WELCOME_BEFORE_START = "welcome_before_start"
    WELCOME_GAME_ID = "welcome_game_id"
    #: Numbers: the round, the rounds.
    WELCOME_ROUND = "welcome_round"
    #: Numbers: the round, the finished rounds sent with it.
    WELCOME_PAST = "welcome_past"
    #: Numbers: the event the host resumes at, the events this seat holds.
    RESUME = "resume"
    DRAWS_UNCLAIMED = "draws_unclaimed"
    #: Numbers: the counts sent, the players.
    HINT_COUNTS = "hint_counts"
    #: Quoted: the seconds.
    TURN_CLOCK = "turn_clock"
    #: Numbers: the round that began, the round being played.
    ROUND_EARLY = "round_early"
    #: Numbers: the seat, the players.
    SEAT_OUT_OF_GAME = "seat_out_of_game"
    REVEAL_EARLY = "reveal_early"
    REVEAL_TWICE = "reveal_twice"
    #: Number: the finished round that does not replay from its deck and moves.
    ROUND_REPLAY = "round_replay"
    #: Number: the finished round that is not over.
    ROUND_NOT_OVER = "round_not_over"
    # -- desyncs (an Error of code ``desync``) -------------------------------
    #: Numbers: the host's events, this seat's.
    STARTED_LENGTH = "started_length"
    #: Numbers: the event the undo goes back to, this seat's events.
    UNDO_LENGTH = "undo_length"
    #: Number: the event the undo went back to.
    UNDO_STATE = "undo_state"
    #: Numbers: the event expected, the event sent.
    EVENT_SEQ = "event_seq"
    #: Number: the event of this seat's draw.
    DRAW_MISSING = "draw_missing"
    #: Number: the event no board can hold.
    UNHOLDABLE = "unholdable"
    #: Number: the event; quoted: this seat's state hash, the host's.
    STATE_HASH = "state_hash"
    # Each fold fault's first number is the event; the rest as said.
    SECOND_START = "second_start"
    SETUP_DIFFERS = "setup_differs"
    BEFORE_START = "before_start"
    #: Numbers: the event, the seat that placed, the seat to move.
    OUT_OF_TURN = "out_of_turn"
    #: Numbers: the event, then the refusal's; quoted: the refusal's code.
    ILLEGAL_PLACEMENT = "illegal_placement"
    NOT_HELD = "not_held"
    EMPTY_DECK = "empty_deck"
    #: Numbers: the event, the seat.
    DRAW_FOR_NOBODY = "draw_for_nobody"
    DRAW_WITHOUT_TILE = "draw_without_tile"
    #: Numbers: the event, the seat whose tile was shown.
    TILE_SHOWN = "tile_shown"


class Fault(msgspec.Struct, frozen=True):
    """A :class:`Breach` (or a newer peer's code) with its numbers and quoted text."""

    code: str
    args: tuple[int, ...] = ()
    quoted: tuple[str, ...] = ()

    def __str__(self) -> str:
        # For developers: people read fault_text's words.
        return f"{self.code}{list(self.args)}" + (f" {list(self.quoted)}" if self.quoted else "")


class ProtocolError(Exception):
    """A peer broke the protocol: :attr:`fault` says how (in words:
    :func:`~indigo_tui.net.reasons.fault_text`; ``str()`` is for developers)."""

    def __init__(self, code: Breach, args: tuple[int, ...] = (), quoted: tuple[str, ...] = ()) -> None:
        self.fault = Fault(code, args, quoted)
        super().__init__(str(self.fault))


class ChannelSpent(ProtocolError):
    """A sealed direction has used every frame number; the connection must end."""


class FrameTooLarge(ProtocolError):
    """A frame header announced a body larger than :data:`MAX_FRAME`."""


class _Msg(msgspec.Struct, frozen=True, tag_field="type"):
    pass


# -- handshake (in clear; see indigo_tui.net.channel) ---------------------------


class Hello(_Msg, frozen=True, tag="hello"):
    """Guest -> host, first frame: the protocol version (checked before
    anything else, so an older peer still gets a readable refusal) and the
    guest's SPAKE2 message on the join code."""

    protocol: int
    app: str
    pake: bytes = b""


class Exchange(_Msg, frozen=True, tag="exchange"):
    """Host -> guest: the host's SPAKE2 message."""

    pake: bytes


class Confirm(_Msg, frozen=True, tag="confirm"):
    """Either way: HMAC over the handshake transcript with this direction's
    confirmation key; the guest's comes first, the host's only after it."""

    mac: bytes


# -- seating (sealed from here on) ---------------------------------------------


class Claim(msgspec.Struct, frozen=True):
    """A guest coming back: the game and seat it held, its seat token, and how
    many events it already has with the public-state hash after the last."""

    game_id: str
    seat: int
    token: str
    have: int
    state_hash: str
    #: The round (from 0) that ``have`` and ``state_hash`` are of.
    round: int = 0


class Join(_Msg, frozen=True, tag="join"):
    """Guest -> host, the first sealed frame: the player's name and a claim
    to a seat held before."""

    name: str
    claim: Claim | None = None
    #: Follow the game without a seat (a watcher): no claim, and only public messages.
    watch: bool = False


class PastRound(msgspec.Struct, frozen=True):
    """A finished round of the match, public since its reveal: its deck, the
    salt of its commitment and the placements, in order (the round replays
    from them)."""

    deck: tuple[int, ...]
    salt: str
    moves: list[Move]


class Welcome(_Msg, frozen=True, tag="welcome"):
    """Host -> guest: you are in. Events of round ``round`` follow from
    ``from_seq`` (the guest drops whatever it held past it); ``past`` are the
    match's finished rounds, ``commitment`` is the current round's."""

    game_id: str
    seat: int
    token: str
    setup: Setup
    seat_names: list[str]
    seat_kinds: list[str]
    commitment: str
    from_seq: int
    started: bool
    app: str
    #: The host lets players ask the search bot for hints (counted for all to see).
    hints: bool = False
    rounds: int = 1
    round: int = 0
    past: list[PastRound] = []
    #: Seconds each seat has for a move (0: no turn clock; see :class:`TurnClock`).
    turn_time: float = 0.0
    #: Undo requests each seat may put to the vote per round (-1: no limit).
    undo_limit: int = -1
    #: A watcher's welcome: ``seat`` is :data:`WATCHER_SEAT` and ``token`` empty.
    watching: bool = False
    #: For a watcher: the host passes its lines of chat on.
    watcher_chat: bool = False


class NextRound(_Msg, frozen=True, tag="round"):
    """Host -> guests, after the last round's reveal: round ``round`` (from 0)
    begins, dealt from a deck committed to as ``commitment``; its events
    follow, numbered from 0 again."""

    round: int
    commitment: str


class Started(_Msg, frozen=True, tag="started"):
    """Host -> guest: play is on and the guest has had the log up to ``length``
    (sent when the game starts, and after the catch-up of a guest who joins later)."""

    length: int


class SeatStatus(_Msg, frozen=True, tag="seat"):
    """Host -> guests: a seat's terminal connected or went away."""

    seat: int
    connected: bool
    name: str = ""


# -- the game ----------------------------------------------------------------


class GameEvent(_Msg, frozen=True, tag="event"):
    """Host -> guest: the event at index ``seq`` of the public log (other seats'
    draws, and this seat's too, have ``tile=None``; see :class:`YourDraw`), and
    the hash of the public state after it. ``end`` closes a batch: the state is
    whole and a seat may act on it."""

    seq: int
    event: Event
    state_hash: str
    end: bool = True


class YourDraw(_Msg, frozen=True, tag="draw"):
    """Host -> one guest, just before the :class:`GameEvent` ``seq`` that
    records the draw: the tile that guest's seat drew."""

    seq: int
    tile: int


class MoveRequest(_Msg, frozen=True, tag="move"):
    id: int
    seat: int
    move: Move


class MoveAck(_Msg, frozen=True, tag="ack"):
    """The move was played; its events are ``seq`` onwards."""

    id: int
    seq: int


class MoveRejected(_Msg, frozen=True, tag="rejected"):
    """The move was refused: ``code`` and ``args`` say why (a
    :class:`~indigo_tui.net.reasons.Why`), for each terminal to say in its own
    language; ``reason`` is the same in English, for peers that read no code."""

    id: int
    reason: str
    code: str = ""
    args: tuple[int, ...] = ()


class Heartbeat(_Msg, frozen=True, tag="beat"):
    """Either way, every :data:`~.transport.HEARTBEAT_INTERVAL`: this peer is
    still here (``sent``: its clock, for logs). An older peer's ``echo`` field
    is ignored."""

    sent: float


class UndoRequest(_Msg, frozen=True, tag="undo"):
    """A seat asks to take back the last move; ``at_seq`` = events it has seen."""

    id: int
    seat: int
    at_seq: int


class UndoAsk(_Msg, frozen=True, tag="undo_ask"):
    """Host -> the other seats' terminals: do you accept taking the move back?"""

    id: int
    seat: int


class UndoVote(_Msg, frozen=True, tag="undo_vote"):
    id: int
    seat: int
    accept: bool


class UndoResult(_Msg, frozen=True, tag="undo_result"):
    """How an undo request was settled; ``code``/``args`` as in :class:`MoveRejected`."""

    id: int
    accepted: bool
    reason: str = ""
    code: str = ""
    args: tuple[int, ...] = ()


class Undone(_Msg, frozen=True, tag="undone"):
    """Host -> guests: the public log is cut back to ``length`` events; the
    public-state hash after the cut is ``state_hash``."""

    length: int
    state_hash: str


class HintUsed(_Msg, frozen=True, tag="hint_used"):
    """Guest -> host: this terminal's seat asked the search bot for a hint (the
    search runs at the guest, on its own seat's view; only the count travels)."""


class HintCounts(_Msg, frozen=True, tag="hints"):
    """Host -> guests: how many hints each seat has asked for, seat 1 first."""

    counts: list[int]


class HintNotCounted(_Msg, frozen=True, tag="hint_refused"):
    """Host -> guest: its :class:`HintUsed` was not counted (no hints in this
    game, or not its turn); ``code``/``args``/``reason`` as in :class:`MoveRejected`."""

    reason: str
    code: str
    args: tuple[int, ...] = ()


class TurnClock(_Msg, frozen=True, tag="clock"):
    """Host -> guests, as a turn begins (and to a guest that joins during
    one): ``seat`` is to move at event ``seq`` and has ``seconds`` left; when
    they run out the host plays a move for it (:class:`TimedOut`)."""

    seq: int
    seat: int
    seconds: float


class TimedOut(_Msg, frozen=True, tag="timed_out"):
    """Host -> guests: ``seat`` ran out of time, so the host plays its move
    with a bot (the move's events follow at once)."""

    seat: int


class Say(_Msg, frozen=True, tag="say"):
    """Guest -> host: one line of chat from this terminal's seat. The host
    cleans it (plain text, at most :data:`~.chat.CHAT_LIMIT` characters),
    keeps it within the seat's chat budget and sends it to every terminal,
    the sender's too, as a :class:`ChatLine`. Chat is never saved."""

    text: str


class ChatLine(_Msg, frozen=True, tag="chat"):
    """Host -> guests: a line of chat as the host cleaned it: ``seat`` said
    it (-1: the host's terminal, which plays no seat), its player named
    ``name`` (the host's name for the seat; "" for a default the terminal
    words itself)."""

    seat: int
    name: str
    text: str
    #: Said by a watcher (``seat`` is then :data:`WATCHER_SEAT`, ``name`` the watcher's).
    watching: bool = False


class ChatHeld(_Msg, frozen=True, tag="chat_held"):
    """Host -> one guest: its lines of chat come faster than its budget, so
    they are dropped (said once a flood) until ``seconds`` have passed; the
    game goes on."""

    seconds: float


class RematchAnswer(_Msg, frozen=True, tag="rematch"):
    """Guest -> host, once the match is over: ``accept`` offers the table a
    rematch (or agrees to the one on offer); not ``accept`` declines it, which
    ends the offer for everyone (see :mod:`~indigo_tui.net.rematch`)."""

    accept: bool


class RematchState(_Msg, frozen=True, tag="rematch_offer"):
    """Host -> guests: a rematch is on offer, made by ``by`` (-1: the host's
    terminal, which plays no seat); ``waiting`` are the seats that have not
    agreed yet (sent at the offer and at every yes)."""

    by: int
    waiting: tuple[int, ...]


class RematchOff(_Msg, frozen=True, tag="rematch_off"):
    """Host -> guests: no rematch. To everyone: the offer is over because
    ``seat`` declined it (``code`` ``declined``) or its terminal left
    (``left``). To one terminal: its offer was not made (``not_over``,
    ``too_often`` with the seconds to wait, ``away`` with the seat whose
    terminal is gone), and no offer is open."""

    seat: int
    code: str
    args: tuple[int, ...] = ()


class NewGame(_Msg, frozen=True, tag="new_game"):
    """Host -> guests, once every seat agreed to a rematch: a new game
    ``game_id`` of the same table (seats, names, options) begins, its first
    round dealt from a deck committed to as ``commitment``; its events follow,
    numbered from 0. The finished game stays as it was saved."""

    game_id: str
    commitment: str


class Reveal(_Msg, frozen=True, tag="reveal"):
    """Host -> guests at the end: the deck and salt the commitment was made of."""

    deck: tuple[int, ...]
    salt: str


class Bye(_Msg, frozen=True, tag="bye"):
    """Either way: a clean goodbye; the sender closes the connection. ``code``
    and ``args`` say why (a :class:`~indigo_tui.net.reasons.Farewell`), for
    each terminal to say in its own language; ``reason`` is the same in
    English, for peers that read no code (and what a terminal shows for a code
    it does not know). Both have defaults, so an older peer's ``bye`` without
    them still decodes, and an older peer ignores them: no version bump."""

    reason: str
    code: str = ""
    args: tuple[int, ...] = ()


class Error(_Msg, frozen=True, tag="error"):
    """Either way: the sender refuses to go on. ``code`` is the kind (an
    :class:`~indigo_tui.net.reasons.Ending`), ``args`` its numbers, ``detail``
    a :class:`Breach` for ``protocol``, ``desync`` and ``integrity``, and
    ``quoted`` the text it names (a player's name, app versions, a message's
    type), from which each terminal says it in its own language; ``reason``
    is the same in English for older peers. ``integrity``: a sealed frame did
    not open (tampered with on the way): the connection ends, and a seated
    guest joins again on a new one. ``detail`` and ``quoted`` have defaults,
    so an older peer's ``error`` still decodes and an older peer ignores them."""

    reason: str
    code: str = "error"
    args: tuple[int, ...] = ()
    detail: str = ""
    quoted: tuple[str, ...] = ()


#: The handshake, both ways: in clear until the join code is proven
#: (:mod:`indigo_tui.net.channel`), then sealed up to the welcome
#: (:mod:`indigo_tui.net.handshake`); a refusal or a goodbye may end it.
#: Which of them comes at each step, and from whom, the steps check.
Handshake = Hello | Exchange | Confirm | Join | Welcome | Bye | Error
#: What a seated guest sends the host (read by ``GuestServer._answer`` of
#: :mod:`indigo_tui.net.serving`).
FromGuest = MoveRequest | UndoRequest | UndoVote | HintUsed | Say | RematchAnswer | Heartbeat | Bye | Error
#: What the host sends a seated guest (read by ``GuestSession._handle`` of
#: :mod:`indigo_tui.net.guest`).
FromHost = (
    Started
    | SeatStatus
    | GameEvent
    | YourDraw
    | MoveAck
    | MoveRejected
    | Heartbeat
    | UndoAsk
    | UndoResult
    | Undone
    | HintCounts
    | HintNotCounted
    | TurnClock
    | TimedOut
    | ChatLine
    | ChatHeld
    | Reveal
    | NextRound
    | RematchState
    | RematchOff
    | NewGame
    | Bye
    | Error
)
#: Every kind of message, whichever way and whenever it goes: what is
#: encoded, and what a record of the wire (a test, a log) decodes. A peer's
#: frames are read with the decoder of their direction and phase instead.
Message = Handshake | FromGuest | FromHost

_encoder = msgspec.msgpack.Encoder()
_decoder: msgspec.msgpack.Decoder[Message] = msgspec.msgpack.Decoder(Message)
_handshake_decoder: msgspec.msgpack.Decoder[Handshake] = msgspec.msgpack.Decoder(Handshake)
_from_guest_decoder: msgspec.msgpack.Decoder[FromGuest] = msgspec.msgpack.Decoder(FromGuest)
_from_host_decoder: msgspec.msgpack.Decoder[FromHost] = msgspec.msgpack.Decoder(FromHost)

_M = TypeVar("_M")


def encode_body(message: Message) -> bytes:
    return _encoder.encode(message)


def encode_frame(message: Message) -> bytes:
    """One frame: the body's length (4 bytes, big-endian), then the body."""
    body = _encoder.encode(message)
    if len(body) > MAX_FRAME:
        raise FrameTooLarge(Breach.TOO_LARGE, (len(body), MAX_FRAME))
    return HEADER.pack(len(body)) + body


def frame(body: bytes) -> bytes:
    """A body (a message, or a sealed one) with its 4-byte length in front."""
    return HEADER.pack(len(body)) + body


def body_length(header: bytes, limit: int = MAX_FRAME) -> int:
    """The body length a frame header announces; refuses one over ``limit``."""
    if len(header) != HEADER_SIZE:
        raise ProtocolError(Breach.HEADER)
    (length,) = HEADER.unpack(header)
    if length > limit:
        raise FrameTooLarge(Breach.TOO_LARGE, (length, limit))
    if length == 0:
        raise ProtocolError(Breach.EMPTY_FRAME)
    return int(length)


def _decode(decoder: msgspec.msgpack.Decoder[_M], body: bytes, wrong_way: Breach) -> _M:
    """``body`` as one of ``decoder``'s kinds. A message of another kind (one
    going the other way, or from another phase) is ``wrong_way``, quoted by
    its type, as a ``case _:`` said it before the unions were split."""
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as exc:
        if decoder is not _decoder:
            # Only on this path, never for a message that fits: is it a kind we know?
            try:
                kind: str | None = type(_decoder.decode(body)).__name__
            except (msgspec.DecodeError, UnicodeDecodeError):  # ValidationError among them
                kind = None
            if kind is not None:
                raise ProtocolError(wrong_way, quoted=(kind,)) from None
        raise ProtocolError(Breach.MALFORMED, quoted=(str(exc),)) from None
    except msgspec.DecodeError as exc:
        raise ProtocolError(Breach.NOT_A_MESSAGE, quoted=(str(exc),)) from None
    except UnicodeDecodeError:
        # msgspec raises this, not DecodeError, for bad UTF-8 inside a string.
        raise ProtocolError(Breach.NOT_UTF8) from None


def decode_body(body: bytes) -> Message:
    """Any kind of message: for a record of the wire, not a peer's frames."""
    return _decode(_decoder, body, Breach.MALFORMED)


def decode_handshake(body: bytes, expected: Breach) -> Handshake:
    """A handshake frame; a message of the game instead is ``expected`` (the
    step's ``EXPECTED_`` breach), quoted by its type."""
    return _decode(_handshake_decoder, body, expected)


def decode_from_guest(body: bytes) -> FromGuest:
    """A seated guest's frame, read by the host: anything the host sends, or
    the handshake's, is :attr:`Breach.GUEST_MAY_NOT`."""
    return _decode(_from_guest_decoder, body, Breach.GUEST_MAY_NOT)


def decode_from_host(body: bytes) -> FromHost:
    """The host's frame, read by a seated guest: anything a guest sends, or
    the handshake's, is :attr:`Breach.HOST_MAY_NOT`."""
    return _decode(_from_host_decoder, body, Breach.HOST_MAY_NOT)


def decode_frames(data: bytes) -> tuple[list[Message], bytes]:
    """Every whole frame in ``data``, and the bytes left over (a frame cut short)."""
    messages: list[Message] = []
    while len(data) >= HEADER_SIZE:
        length = body_length(data[:HEADER_SIZE])
        if len(data) < HEADER_SIZE + length:
            break
        messages.append(decode_body(data[HEADER_SIZE : HEADER_SIZE + length]))
        data = data[HEADER_SIZE + length :]
    return messages, data
