"""What a peer tells whoever shows the game: one typed notice per kind.

The host and guest sessions put these on their ``notices`` queue; a screen
(through :class:`~indigo_tui.ui.net_link.NetLink`, as Textual messages) or a
headless runner (as log lines) takes them off. Facts travel as fields (which
seat, which undo, whether it was accepted), so nobody has to read them back
out of English words. ``text`` is one line for people in the language this
terminal speaks *now* (:func:`notice_text`); a refusal travels as a code
(:class:`~indigo_tui.net.reasons.Why`) that each terminal says in its own
language. Names, and the words of a peer that sent no code, may come from a
peer, so a screen shows ``text`` as plain text and a log line goes through
:func:`~indigo_tui.net.common.log_line` first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..engine import Move
from ..i18n import _, decimal, ngettext
from ..i18n.words import names_list
from ..saves import shown_path
from .deal import Deal
from .problems import NetProblem, problem_text
from .reasons import Ending, Loss, Why, deal_text, loss_text, seat_label, why_text


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
                return _("back in the game")
            return _("joined as seat {number} of {players}").format(
                number=self.seat + 1, players=self.players
            )
        who = seat_label(self.seat, self.name)
        if self.rejoined:
            return _("{name} rejoined at seat {number}").format(name=who, number=self.seat + 1)
        return _("{name} joined at seat {number}").format(name=who, number=self.seat + 1)


@dataclass(frozen=True)
class SeatLeft:
    """A seat's terminal went away (its seat stays open for a rejoin), or,
    with ``seat`` None, our own connection to the host dropped."""

    seat: int | None
    name: str = ""
    #: With ``seat`` None: why our own connection dropped, in words (a front's).
    why: str = ""
    #: Why the seat's connection ended, said in this terminal's language when shown.
    loss: Loss | None = None
    #: The game was already over when it left.
    after_end: bool = False
    #: Our own connection dropped and we are trying to get back in.
    rejoining: bool = False

    @property
    def text(self) -> str:
        if self.seat is None:
            return self.why
        if self.name:
            who = _("seat {number} ({name})").format(number=self.seat + 1, name=self.name)
        else:
            who = seat_label(self.seat)
        if self.after_end:
            return _("{seat} left").format(seat=who)
        if self.loss is not None:
            return _("{seat} is disconnected: {reason}").format(seat=who, reason=loss_text(self.loss))
        return _("{seat} is disconnected").format(seat=who)


@dataclass(frozen=True)
class SeatTakenOver:
    """Host: ``seat``'s player came back on a new connection; the old one was closed."""

    seat: int
    name: str

    @property
    def text(self) -> str:
        return _("{name} came back on a new connection at seat {number}").format(
            name=seat_label(self.seat, self.name), number=self.seat + 1
        )


@dataclass(frozen=True)
class PlayStarted:
    """The game began."""

    @property
    def text(self) -> str:
        return _("the game has started")


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
                return _("a move was taken back")
            return _("{seat}'s last move was taken back").format(seat=seat_label(self.seat, self.name))
        if self.seat is not None and self.move is not None:
            return _("{name} played {move}").format(name=seat_label(self.seat, self.name), move=self.move)
        return _("event {number}").format(number=self.first)


@dataclass(frozen=True)
class MoveRefused:
    """A move of ``seat`` was refused: ``why`` as a code, else ``reason`` (the
    words of a host that sent no code we know)."""

    seat: int
    reason: str
    name: str = ""
    why: Why | None = None

    @property
    def reason_text(self) -> str:
        """Why, in this terminal's language when the code is known."""
        said = why_text(self.why) if self.why is not None else None
        return said if said is not None else self.reason

    @property
    def text(self) -> str:
        return _("{seat}'s move refused: {reason}").format(
            seat=seat_label(self.seat, self.name), reason=self.reason_text
        )


@dataclass(frozen=True)
class HintRefused:
    """A hint of ``seat`` was not counted (``why`` as a code, else ``reason``,
    a host's words without a code we know): said at the host, and to the
    guest whose report it was."""

    seat: int
    reason: str
    name: str = ""
    why: Why | None = None

    @property
    def text(self) -> str:
        said = why_text(self.why) if self.why is not None else None
        return _("{seat}'s hint not counted: {reason}").format(
            seat=seat_label(self.seat, self.name), reason=said if said is not None else self.reason
        )


@dataclass(frozen=True)
class LinesHeld:
    """Host: ``seat``'s terminal had more requests refused than the log
    shows in a minute; the rest of that minute's are not shown."""

    seat: int
    name: str = ""

    @property
    def text(self) -> str:
        return _("more refused requests from {seat} are not shown for a minute").format(
            seat=seat_label(self.seat, self.name)
        )


@dataclass(frozen=True)
class ChatSaid:
    """A line of chat: ``seat`` said ``line`` (seat -1: the host's terminal,
    which plays no seat, or with ``watching`` a watcher named ``name``).
    ``name`` and ``line`` come from a peer, cleaned of control characters
    (net/chat.py): a screen shows them as plain text."""

    seat: int
    name: str
    line: str
    watching: bool = False

    @property
    def speaker(self) -> str:
        """Who said it, in words."""
        if self.watching:
            # translators: who said a line of chat: a watcher, who follows the game without a seat
            return _("{name} (watching)").format(name=self.name or _("a watcher"))
        if self.seat < 0:
            # translators: who said a line of chat: the host's terminal, which plays no seat
            return self.name or _("the host")
        return seat_label(self.seat, self.name)

    @property
    def text(self) -> str:
        # translators: a line of chat as shown: who said it, then what
        return _("{name}: {line}").format(name=self.speaker, line=self.line)


@dataclass(frozen=True)
class Watching:
    """Who watches the game (follows it without a seat): ``name`` came
    (``joined``) or went, and ``names`` are everyone watching now. Names come
    from peers: a screen shows them as plain text."""

    name: str
    joined: bool
    names: tuple[str, ...] = ()
    #: This terminal's own: it watches now (a watcher's, on joining).
    own: bool = False

    @property
    def text(self) -> str:
        if self.own:
            return _("watching the game, without a seat")
        if self.joined:
            return _("{name} is watching").format(name=self.name)
        return _("{name} stopped watching").format(name=self.name)


def watching_line(names: tuple[str, ...]) -> str:
    """Who watches, in one line for a status panel ("" if nobody does)."""
    if not names:
        return ""
    return _("Watching: {names}").format(names=", ".join(names))


@dataclass(frozen=True)
class ChatHeld:
    """``seat``'s chat came faster than its budget: its lines are dropped for
    about ``seconds`` (said once a flood). ``own``: this terminal's own lines."""

    seat: int
    name: str = ""
    seconds: float = 0.0
    own: bool = False

    @property
    def text(self) -> str:
        if self.own:
            return _("you are chatting too fast: your lines are dropped for {seconds} s").format(
                seconds=max(1, round(self.seconds))
            )
        return _("{seat} is chatting too fast: their lines are dropped for a while").format(
            seat=seat_label(self.seat, self.name)
        )


@dataclass(frozen=True)
class ClockStarted:
    """The turn clock runs: ``seat`` has ``seconds`` to move, from ``started``
    (``time.monotonic`` at this terminal)."""

    seat: int
    seconds: float
    started: float
    name: str = ""

    def left(self, now: float) -> float:
        """Seconds still left at ``now`` (``time.monotonic``), never below 0."""
        return max(0.0, self.started + self.seconds - now)

    @property
    def text(self) -> str:
        return _("{seat} has {seconds} s to move").format(
            seat=seat_label(self.seat, self.name), seconds=round(self.seconds)
        )


@dataclass(frozen=True)
class TurnTimedOut:
    """``seat`` ran out of time: the host plays its move with a bot."""

    seat: int
    name: str = ""

    @property
    def text(self) -> str:
        return _("{seat} ran out of time; a bot plays this move for them").format(
            seat=seat_label(self.seat, self.name)
        )


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
        return _("{name} asks to take back their last move").format(
            name=seat_label(self.asker, self.asker_name)
        )


@dataclass(frozen=True)
class UndoSettled:
    """An undo request of ``seat`` was settled: ``why`` as a code, else
    ``reason`` (a host's words without a code we know); ``names`` names the
    seats the code is about."""

    seat: int
    accepted: bool
    reason: str
    why: Why | None = None
    names: tuple[str, ...] = field(default=())

    @property
    def text(self) -> str:
        if self.why is not None:
            names = self.names

            def name(seat: int) -> str:
                return seat_label(seat, names[seat] if 0 <= seat < len(names) else "")

            said = why_text(self.why, name)
            if said is not None:
                return said
        return self.reason


@dataclass(frozen=True)
class PlayEnded:
    """A round is over (its last event is in): round ``round`` (from 0) of
    ``rounds``; the match is over with its last round."""

    round: int = 0
    rounds: int = 1

    @property
    def match_over(self) -> bool:
        return self.round + 1 >= self.rounds

    @property
    def text(self) -> str:
        if self.rounds == 1:
            return _("the game is over")
        if self.match_over:
            return _("round {round} of {rounds} is over, and with it the match").format(
                round=self.round + 1, rounds=self.rounds
            )
        return _("round {round} of {rounds} is over").format(round=self.round + 1, rounds=self.rounds)


@dataclass(frozen=True)
class RoundStarted:
    """The next round of the match began: round ``round`` (from 0) of ``rounds``."""

    round: int
    rounds: int

    @property
    def text(self) -> str:
        return _("round {round} of {rounds} has started").format(round=self.round + 1, rounds=self.rounds)


@dataclass(frozen=True)
class DealChecked:
    """Guest: the revealed deck was checked against the commitment: ``deal``
    says how it came out, over ``draws`` draws of this seat."""

    deal: Deal
    draws: int
    #: Which round's deal (from 0), of how many.
    round: int = 0
    rounds: int = 1
    #: A watcher's check: it has no draws of its own, only the commitment to check.
    watching: bool = False

    @property
    def ok(self) -> bool:
        return self.deal.verified

    @property
    def text(self) -> str:
        draws = self.draws
        if self.watching and self.ok:
            if self.rounds == 1:
                return _("deal verified: the deck matches the commitment")
            return _("deal of round {round} verified: the deck matches the commitment").format(
                round=self.round + 1
            )
        if self.rounds == 1:
            if self.ok:
                return _(
                    "deal verified: the deck matches the commitment and all {draws} of this seat's draws"
                ).format(draws=draws)
            return _("deal NOT verified: {problem}").format(problem=deal_text(self.deal))
        if self.ok:
            return ngettext(
                "deal of round {round} verified: the deck matches the commitment and the {n} draw "
                "of this seat",
                "deal of round {round} verified: the deck matches the commitment and all {n} of this "
                "seat's draws",
                draws,
            ).format(round=self.round + 1, n=draws)
        return _("deal of round {round} NOT verified: {problem}").format(
            round=self.round + 1, problem=deal_text(self.deal)
        )


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
            return _("saving works again: the game is saved in {path}").format(path=shown_path(self.path))
        return _("could not save to {path}: {problem}; the game goes on unsaved until it can").format(
            path=shown_path(self.path), problem=self.detail
        )


@dataclass(frozen=True)
class SessionClosed:
    """The session ended; ``final`` when nothing more will come (no rejoin),
    ``code`` the kind of end (see :class:`~indigo_tui.net.common.JoinError`;
    None when the host closed the game or this terminal left)."""

    reason: str
    final: bool = False
    code: Ending | None = None

    @property
    def text(self) -> str:
        return self.reason


class RelayState(StrEnum):
    """Where a peer's connection to the relay stands (what its screen and log say)."""

    #: Opening the first connection to the relay.
    REACHING = "reaching"
    #: A connection waits at the relay for the next guest.
    WAITING = "waiting"
    #: The relay cannot be reached (or does not behave as one); trying again.
    UNREACHABLE = "unreachable"
    #: A guest's connection waits at the relay for the host's.
    SEEKING = "seeking"


@dataclass(frozen=True)
class RelayStatus:
    """A peer's relay, as people read it: ``state``, the ``relay``, and for
    :attr:`RelayState.UNREACHABLE` the ``problem`` (the relay's or the
    mailbox server's, said when shown) and the seconds between tries.
    ``seats_taken``: the host's every remote seat has its terminal, so what
    waits at the relay waits for a seat that rejoins, not for friends."""

    state: RelayState
    relay: str
    problem: NetProblem | str = ""
    seconds: float = 0.0
    seats_taken: bool = False

    @property
    def text(self) -> str:
        if self.state is RelayState.REACHING:
            return _("reaching the relay at {relay}").format(relay=self.relay)
        if self.state is RelayState.WAITING and self.seats_taken:
            return _("the relay {relay} stays open for a seat that has to rejoin").format(relay=self.relay)
        if self.state is RelayState.WAITING:
            return _("waiting for friends at the relay {relay}").format(relay=self.relay)
        if self.state is RelayState.SEEKING:
            return _("waiting for the host at the relay {relay}").format(relay=self.relay)
        problem = self.problem if isinstance(self.problem, str) else problem_text(self.problem)
        return _("{problem}; trying again every {seconds} s").format(
            problem=problem, seconds=decimal(self.seconds)
        )


@dataclass(frozen=True)
class CodeSpent:
    """Across the internet, someone gave a wrong secret for the host's code
    (or sat on its nameplate): ``spent`` is used up, ``fresh`` is the code to
    tell friends now (:mod:`.rendezvous`)."""

    spent: str
    fresh: str

    @property
    def text(self) -> str:
        return _("someone else tried the code {spent}, which is used up now; the new code is {fresh}").format(
            spent=self.spent, fresh=self.fresh
        )


class RematchCode(StrEnum):
    """Why a rematch offer ended, or was not made (:class:`RematchEnded`)."""

    #: The seat declined it: over for everyone.
    DECLINED = "declined"
    #: The seat's terminal left during the offer: over for everyone.
    LEFT = "left"
    #: To the one who asked: the game is not over yet.
    NOT_OVER = "not_over"
    #: To the one who asked: number: the seconds until it may offer again.
    TOO_OFTEN = "too_often"
    #: To the one who asked: the seat (its name with it) has no terminal here now.
    AWAY = "away"


@dataclass(frozen=True)
class RematchOffered:
    """A rematch is on offer, made by ``by`` (-1: the host's terminal, which
    plays no seat); ``waiting`` are the seats that have not agreed yet, and
    ``names`` their players' names. ``asked``: a seat of this terminal is
    among them (its answer is wanted)."""

    by: int
    by_name: str
    waiting: tuple[int, ...]
    names: tuple[str, ...]
    asked: bool = False

    @property
    def offerer(self) -> str:
        """Who offered it, in words."""
        # translators: who offered a rematch: the host's terminal, which plays no seat
        return self.by_name or _("the host") if self.by < 0 else seat_label(self.by, self.by_name)

    @property
    def text(self) -> str:
        who = names_list([seat_label(s, n) for s, n in zip(self.waiting, self.names, strict=True)])
        return _("{name} offers a rematch: waiting for {names} to agree").format(name=self.offerer, names=who)


@dataclass(frozen=True)
class RematchEnded:
    """No rematch: the offer is over for everyone because ``seat`` declined
    it or left, or (``own``) this terminal's offer was not made. ``name``
    names ``seat``; ``args`` are the code's numbers."""

    seat: int
    name: str
    code: str
    args: tuple[int, ...] = ()
    own: bool = False

    @property
    def text(self) -> str:
        who = seat_label(self.seat, self.name) if self.seat >= 0 else self.name or _("the host")
        if self.code == RematchCode.DECLINED:
            return _("{name} declined the rematch").format(name=who)
        if self.code == RematchCode.LEFT:
            return _("{name} left: no rematch").format(name=who)
        if self.code == RematchCode.NOT_OVER:
            return _("no rematch before the game is over")
        if self.code == RematchCode.TOO_OFTEN:
            seconds = self.args[0] if self.args else 1
            return ngettext(
                "too many rematch offers: wait {seconds} second",
                "too many rematch offers: wait {seconds} seconds",
                seconds,
            ).format(seconds=seconds)
        if self.code == RematchCode.AWAY:
            return _("no rematch while {name} is away").format(name=who)
        return _("no rematch")


@dataclass(frozen=True)
class RematchStarted:
    """Everyone agreed: a new game of the same table began (``game_id``),
    dealt afresh; its events follow from the first."""

    game_id: str

    @property
    def text(self) -> str:
        return _("the rematch begins: a new deal")


Notice = (
    SeatJoined
    | SeatLeft
    | SeatTakenOver
    | PlayStarted
    | LogChanged
    | MoveRefused
    | HintRefused
    | LinesHeld
    | ChatSaid
    | Watching
    | ChatHeld
    | ClockStarted
    | TurnTimedOut
    | UndoAsked
    | UndoSettled
    | PlayEnded
    | RoundStarted
    | DealChecked
    | Problem
    | SaveState
    | SessionClosed
    | RelayStatus
    | CodeSpent
    | RematchOffered
    | RematchEnded
    | RematchStarted
)


def notice_text(notice: Notice) -> str:
    """A notice in words, in the language this terminal speaks now."""
    return notice.text


__all__ = [
    "ChatHeld",
    "ChatSaid",
    "ClockStarted",
    "CodeSpent",
    "DealChecked",
    "HintRefused",
    "LinesHeld",
    "LogChanged",
    "MoveRefused",
    "Notice",
    "PlayEnded",
    "PlayStarted",
    "Problem",
    "RelayState",
    "RelayStatus",
    "RematchCode",
    "RematchEnded",
    "RematchOffered",
    "RematchStarted",
    "RoundStarted",
    "SaveState",
    "SeatJoined",
    "SeatLeft",
    "SeatTakenOver",
    "SessionClosed",
    "TurnTimedOut",
    "UndoAsked",
    "UndoSettled",
    "Watching",
    "notice_text",
    "seat_label",
    "watching_line",
]
