"""What goes wrong in ``net/``, as codes: the exceptions' base
:class:`NetProblem` and its codes, and their words (:func:`problem_text`).

Every exception ``net/`` raises for people to read (a mailbox server that
does not answer, a relay that refuses, a guest's session that ends, a host
that cannot start) carries a code, one member of the enums below, which names
its sentence, and the facts the sentence needs (addresses, names, numbers,
the system's own words, the problem it wraps) as :attr:`NetProblem.facts`,
never a sentence: :func:`problem_text` words it in this terminal's language,
the one place these sentences are written. ``str()`` of one is the same
words (its own; what a log prints), so whoever shows it shows those.

It sits beside :mod:`.reasons` (the codes that travel, and their words), which
it builds on: a wrapped peer's ``error``, a goodbye, a lost connection are
said by that module's functions.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

from ..bots.stand_in import BotFailure
from ..engine import SetupError
from ..i18n import _, decimal, ngettext
from ..i18n.words import os_problem, rounds_text, setup_error_text
from .clock import turn_time_problem
from .deal import Deal
from .protocol import Bye, Error, Fault
from .reasons import Farewell, Loss, deal_text, error_text, farewell_text, fault_words, loss_text, seat_label


class MailboxSays(StrEnum):
    """What is said of a step at the mailbox server that did not come about
    (its kind, for callers: :class:`~.mailbox.MailboxProblem`)."""

    #: Facts: ``url``, ``problem`` (the system's words).
    UNREACHABLE = "mailbox-unreachable"
    #: Facts: ``url``.
    CONFUSED = "mailbox-confused"
    #: Facts: ``url``, ``seconds``.
    NO_ANSWER = "mailbox-no-answer"
    #: Facts: ``url``, ``reason`` (the server's words).
    REFUSES_CLIENTS = "mailbox-refuses-clients"
    #: Facts: ``url``.
    CLOSED = "mailbox-closed"
    #: Nobody's facts: the nameplate has two sides already.
    CROWDED = "mailbox-crowded"
    #: Facts: ``url``, ``reason`` (the server's words).
    REFUSED = "mailbox-refused"
    #: Facts: ``url``, ``seconds``.
    SLOW_ANSWER = "mailbox-slow-answer"


class MeetSays(StrEnum):
    """What is said of a guest's meeting at the mailbox server that did not
    come about (its kind: :class:`~.rendezvous.MeetProblem`)."""

    #: Facts: ``code`` (the nameplate).
    BROKEN = "meet-broken"
    #: Facts: ``code`` (the nameplate), ``seconds``.
    NO_HOST = "meet-no-host"
    #: Facts: ``code`` (the whole code).
    WRONG_CODE = "meet-wrong-code"
    #: Facts: ``code`` (the whole code).
    CROWDED = "meet-crowded"
    #: Facts: ``cause``, the mailbox server's :class:`~.mailbox.MailboxError`.
    SERVER = "meet-server"


class RelaySays(StrEnum):
    """What is said of a connection through the relay that did not come
    about (its kind: :class:`~.relay.RelayProblem`)."""

    #: Facts: ``cause``, the reach check's refusal (:class:`~.reach.NotAllowed`).
    NOT_ALLOWED = "relay-not-allowed"
    #: Facts: ``relay``, ``seconds``.
    NO_ANSWER = "relay-no-answer"
    #: Facts: ``relay``, ``problem`` (the system's words).
    UNREACHABLE = "relay-unreachable"
    #: Facts: ``relay``, ``problem`` (the system's words).
    DROPPED = "relay-dropped"
    #: Facts: ``relay``.
    CLOSED = "relay-closed"
    #: Facts: ``relay``.
    REFUSED = "relay-refused"
    #: Facts: ``relay``.
    CONFUSED = "relay-confused"
    #: Facts: ``relay``, ``seconds``.
    NO_HOST = "relay-no-host"


class CodeSays(StrEnum):
    """What is said of text that is not an internet code: a :class:`~.relay.CodeError`."""

    #: Facts: ``example``.
    EMPTY = "code-empty"
    #: Facts: ``code`` (as typed), ``example``.
    NOT_A_CODE = "code-not-a-code"


class JoinSays(StrEnum):
    """What is said of a guest's session with the host that cannot go on (its
    kind of end: :class:`~.reasons.Ending`, a :class:`~.common.JoinError`'s ``code``)."""

    #: Facts: ``cause``, the problem that said it (a meeting's, an internet code's, a lost connection).
    CAUSE = "join-cause"
    #: Facts: ``error``, the host's ``error``.
    REFUSED = "join-refused"
    #: Facts: ``bye``, the host's goodbye.
    SAID_GOODBYE = "join-said-goodbye"
    #: Nobody's facts.
    CODE_UNPROVEN = "join-code-unproven"
    #: Facts: ``problem``, the :class:`~.protocol.Fault` or the host's ``error`` that says how.
    TAMPERED = "join-tampered"
    #: Facts: ``fault``.
    PROTOCOL = "join-protocol"
    #: Facts: ``fault``.
    DESYNC = "join-desync"
    #: Facts: ``loss``, the :class:`~.reasons.Loss`.
    LOST = "join-lost"
    #: Facts: ``bye``, the host's goodbye.
    HOST_LEFT = "join-host-left"
    #: Facts: ``error``, the host's ``error``.
    HOST_ENDED = "join-host-ended"
    #: Facts: ``failure``, the :class:`~indigo_tui.bots.stand_in.BotFailure`, and ``seat``.
    BOT_FAILED = "join-bot-failed"
    #: Facts: ``reason``, the host's last refusal in this terminal's words.
    REFUSED_THRICE = "join-refused-thrice"
    #: Facts: ``loss``, the :class:`~.reasons.Loss`.
    CLOSED_WHILE_JOINING = "join-closed-while-joining"
    #: Nobody's facts: no attempt to rejoin has answered yet.
    NO_ANSWER = "join-no-answer"
    #: Facts: ``last``, the :class:`~.common.JoinError` that ended the last attempt.
    NOT_REJOINED = "join-not-rejoined"
    #: Nobody's facts.
    NOT_CONNECTED = "join-not-connected"
    #: Facts: ``seconds``.
    NO_REPLY = "join-no-reply"
    #: Nobody's facts.
    CONNECTION_CLOSED = "join-connection-closed"
    #: Nobody's facts: ``indigo join --text`` has neither a join code nor a record with one.
    NO_CODE = "join-no-code"


class HostSays(StrEnum):
    """What is said of a host session that cannot go on: a :class:`~.host.HostError`."""

    #: Facts: ``seats`` (how many were given), ``players``.
    SEATS = "host-seats"
    #: Nobody's facts.
    NO_REMOTE = "host-no-remote"
    #: Facts: ``cause``, the problem that says it (the reach check's, an
    #: internet code's, or the servers' words as their status told them).
    CAUSE = "host-cause"
    #: Facts: ``address``, ``problem`` (the system's words).
    CANNOT_LISTEN = "host-cannot-listen"
    #: Facts: ``problem``, the :class:`~indigo_tui.saves.SaveError`.
    CANNOT_SAVE = "host-cannot-save"
    #: Nobody's facts.
    NOT_INTERNET = "host-not-internet"
    #: Nobody's facts: the servers said nothing in time.
    NO_ANSWER = "host-no-answer"
    #: Facts: ``seats`` (their numbers, from 1, as a list), ``count``.
    UNCLAIMED = "host-unclaimed"
    #: Nobody's facts.
    CLOSED = "host-closed"
    #: Nobody's facts.
    ROUND_NOT_OVER = "host-round-not-over"


class RunSays(StrEnum):
    """What is said of a headless peer that stopped before the end of the
    game (``indigo host/join --headless``): a :class:`~.headless.NetRunError`."""

    #: Facts: ``cause``, the host's or the guest's problem that stopped it.
    CAUSE = "run-cause"
    #: Nobody's facts.
    INTERRUPTED = "run-interrupted"
    #: Facts: ``waited`` (the :class:`~.reasons.Farewell` the guests were told:
    #: what did not come about), ``seconds``.
    TIMED_OUT = "run-timed-out"
    #: Facts: ``problem`` (the run's), ``path`` (where the game is saved).
    SAVED = "run-saved"
    #: Facts: ``problem`` (the run's): the game can be resumed from its save.
    RESUMABLE = "run-resumable"
    #: Facts: ``number`` (the seat's, from 1), ``seconds``.
    SEAT_GONE = "run-seat-gone"
    #: Nobody's facts.
    NO_CODE = "run-no-code"
    #: Nobody's facts.
    INTERRUPTED_REJOINING = "run-interrupted-rejoining"
    #: Nobody's facts: the guest was stopped during the game.
    INTERRUPTED_PLAYING = "run-interrupted-playing"
    #: Facts: ``deal``, the round's :class:`~.deal.Deal` (none: the deck was never revealed).
    NOT_VERIFIED = "run-not-verified"


class HostingSays(StrEnum):
    """What is said of a hosted game that cannot be set up or taken up: a
    :class:`~.hosting.HostingError`."""

    #: Facts: ``kind`` (as given).
    BAD_KIND = "hosting-bad-kind"
    #: Nobody's facts.
    NO_REMOTE = "hosting-no-remote"
    #: Facts: ``most``.
    WATCHERS = "hosting-watchers"
    #: Facts: ``cause``, the problem that says it (a bot's spec, the save's
    #: lock, the host session's, an internet code's).
    CAUSE = "hosting-cause"
    #: Facts: ``folder`` (as shown), ``reason`` (the :class:`OSError`).
    CANNOT_USE_FOLDER = "hosting-cannot-use-folder"
    #: Nobody's facts: the rounds a match may have.
    ROUNDS = "hosting-rounds"
    #: Facts: ``setup``, the engine's :class:`~indigo_tui.engine.SetupError`.
    SETUP = "hosting-setup"
    #: Facts: ``seconds`` (the turn time asked for).
    TURN_TIME = "hosting-turn-time"
    #: Facts: ``most``.
    UNDO_LIMIT = "hosting-undo-limit"
    #: Facts: ``file``, ``problem`` (the save's, or its relay address's).
    IN_FILE = "hosting-in-file"
    #: Facts: ``file``.
    OVER = "hosting-over"
    #: Facts: ``file``.
    NO_JOIN_CODE = "hosting-no-join-code"


class ReachSays(StrEnum):
    """What is said of a connection a visitor's game under ``indigo serve``
    may not open: a :class:`~.reach.NotAllowed`."""

    #: Facts: ``address`` (the host asked for), ``relay`` (the one allowed).
    CONNECT = "reach-connect"
    #: Facts: ``relay`` (the one allowed).
    LISTEN = "reach-listen"
    #: Facts: ``allowed`` (the relay allowed), ``relay`` (the one asked for).
    RELAY = "reach-relay"


class AddressSays(StrEnum):
    """What is said of an address that is not one (a host's, a relay's, a
    mailbox server's): an :class:`AddressError`."""

    #: Nobody's facts.
    NO_HOST = "address-no-host"
    #: Facts: ``address`` (as typed).
    UNCLOSED = "address-unclosed"
    #: Facts: ``address`` (as typed).
    NO_HOST_NAME = "address-no-host-name"
    #: Facts: ``address`` (as typed).
    BAD_PORT = "address-bad-port"
    #: Facts: ``url`` (as typed), ``problem`` (the parser's words).
    NOT_WEBSOCKET = "address-not-websocket"
    #: Facts: ``url`` (as typed).
    NOT_WS_SCHEME = "address-not-ws-scheme"
    #: Facts: ``flag`` (the option), ``problem`` (the address's own problem).
    IN_OPTION = "address-in-option"
    #: Facts: ``name`` (the environment variable), ``problem`` (the address's own problem).
    IN_ENVIRONMENT = "address-in-environment"


#: Every code of a :class:`NetProblem`.
Code: TypeAlias = (
    MailboxSays
    | MeetSays
    | RelaySays
    | CodeSays
    | JoinSays
    | HostSays
    | RunSays
    | HostingSays
    | ReachSays
    | AddressSays
)


class NetProblem(Exception):
    """A problem of ``net/`` for people: its :attr:`says` (which sentence)
    and the :attr:`facts` the sentence needs, in no language."""

    def __init__(self, says: Code, /, **facts: Fact) -> None:
        super().__init__(says.value)
        self.says: Code = says
        self.facts: dict[str, Fact] = facts

    def __str__(self) -> str:
        return problem_text(self)


#: What a fact may be: words of the system or of a peer (shown as they are),
#: a number, seconds (said with this language's decimal separator), or
#: something said by its own function (another problem, a peer's ``error``,
#: a broken protocol's fault, a lost connection, any exception's own words).
Fact: TypeAlias = (
    str | int | float | NetProblem | Error | Fault | Bye | Loss | Deal | BotFailure | BaseException | None
)


class AddressError(NetProblem, ValueError):
    """An address that is not one: what is wrong with it, in no language."""

    def __init__(self, says: AddressSays, /, **facts: Fact) -> None:
        super().__init__(says, **facts)


def _fact(fact: Fact) -> str:
    """A fact as its sentence shows it, in this terminal's language."""
    if isinstance(fact, NetProblem):
        return problem_text(fact)
    if isinstance(fact, Error):
        return error_text(fact)
    if isinstance(fact, Fault):
        return fault_words(fact)
    if isinstance(fact, Loss):
        return loss_text(fact)
    if isinstance(fact, Deal):
        return deal_text(fact)
    if isinstance(fact, Bye):
        return farewell_text(fact.code, fact.reason, fact.args)
    if isinstance(fact, bool | int):
        return str(fact)
    if isinstance(fact, float):
        return decimal(round(fact, 3))
    if fact is None:
        return "?"
    return str(fact)


def _mailbox_text(says: MailboxSays, f: dict[str, str]) -> str:
    match says:
        case MailboxSays.UNREACHABLE:
            return _("cannot reach the mailbox server at {url} ({problem})").format(**f)
        case MailboxSays.CONFUSED:
            return _(
                "{url} answered what a mailbox server does not say: is it a magic-wormhole mailbox server?"
            ).format(**f)
        case MailboxSays.NO_ANSWER:
            return _("no answer from the mailbox server at {url} within {seconds} s").format(**f)
        case MailboxSays.REFUSES_CLIENTS:
            return _("the mailbox server at {url} refuses clients: {reason}").format(**f)
        case MailboxSays.CLOSED:
            return _("the mailbox server at {url} closed the connection").format(**f)
        case MailboxSays.CROWDED:
            return _("someone else is using this code")
        case MailboxSays.REFUSED:
            return _("the mailbox server at {url} refused: {reason}").format(**f)
        case MailboxSays.SLOW_ANSWER:
            return _("the mailbox server at {url} did not answer within {seconds} s").format(**f)


def _meet_text(says: MeetSays, f: dict[str, str]) -> str:
    match says:
        case MeetSays.BROKEN:
            return _("the other side at code {code} broke the key exchange; not joining").format(**f)
        case MeetSays.NO_HOST:
            return _(
                "nobody answered for code {code} within {seconds} s: check the code, that the host has "
                "started, and that you both use the same mailbox server"
            ).format(**f)
        case MeetSays.WRONG_CODE:
            return _(
                "wrong code: the host did not accept {code}, which is used up now; ask the host for "
                "the new code"
            ).format(**f)
        case MeetSays.CROWDED:
            return _("someone else is using code {code}, or tried it: ask the host for the new code").format(
                **f
            )
        case MeetSays.SERVER:
            return f["cause"]


def _relay_text(says: RelaySays, f: dict[str, str]) -> str:
    match says:
        case RelaySays.NOT_ALLOWED:
            return f["cause"]
        case RelaySays.NO_ANSWER:
            return _("no answer from the relay at {relay} within {seconds} s").format(**f)
        case RelaySays.UNREACHABLE:
            return _("cannot reach the relay at {relay} ({problem})").format(**f)
        case RelaySays.DROPPED:
            return _("the relay at {relay} dropped the connection ({problem})").format(**f)
        case RelaySays.CLOSED:
            return _("the relay at {relay} closed the connection before pairing it").format(**f)
        case RelaySays.REFUSED:
            return _(
                "the relay at {relay} refused the handshake: is it a magic-wormhole transit relay?"
            ).format(**f)
        case RelaySays.CONFUSED:
            return _(
                "{relay} answered what a transit relay does not say: is it a magic-wormhole transit relay?"
            ).format(**f)
        case RelaySays.NO_HOST:
            return _(
                "the host did not come to the relay {relay} within {seconds} s: check that the host is "
                "still running and that you both use the same relay"
            ).format(**f)


def _code_text(says: CodeSays, f: dict[str, str]) -> str:
    match says:
        case CodeSays.EMPTY:
            return _("no code given: it looks like {example}").format(**f)
        case CodeSays.NOT_A_CODE:
            return _(
                "{code} is not an internet code: it is a number, a dash and 4 to 32 letters "
                "or digits, like {example}"
            ).format(**f)


def _join_text(problem: NetProblem, says: JoinSays, f: dict[str, str]) -> str:
    match says:
        case JoinSays.CAUSE:
            return f["cause"]
        case JoinSays.REFUSED:
            return _("refused by the host: {reason}").format(reason=f["error"])
        case JoinSays.SAID_GOODBYE:
            return _("the host said goodbye: {reason}").format(reason=f["bye"])
        case JoinSays.CODE_UNPROVEN:
            return _("the host could not prove it knows the join code; not joining")
        case JoinSays.TAMPERED:
            return _("the connection was tampered with: {problem}").format(**f)
        case JoinSays.PROTOCOL:
            return _("the host broke the protocol: {problem}").format(problem=f["fault"])
        case JoinSays.DESYNC:
            return f["fault"]
        case JoinSays.LOST:
            return _("connection to the host lost: {problem}").format(problem=f["loss"])
        case JoinSays.HOST_LEFT:
            return _("the host left: {reason}").format(reason=f["bye"])
        case JoinSays.HOST_ENDED:
            return _("the host ended the session: {reason}").format(reason=f["error"])
        case JoinSays.BOT_FAILED:
            failure, seat = problem.facts["failure"], problem.facts["seat"]
            assert isinstance(failure, BotFailure) and isinstance(seat, int)
            return failure.text(seat_label(seat))
        case JoinSays.REFUSED_THRICE:
            return _("the host refused this bot's moves three times: {reason}").format(**f)
        case JoinSays.CLOSED_WHILE_JOINING:
            return _("the host closed the connection while we joined ({problem})").format(problem=f["loss"])
        case JoinSays.NO_ANSWER:
            return _("no answer")
        case JoinSays.NOT_REJOINED:
            return _("could not rejoin the host: {reason}").format(reason=f["last"])
        case JoinSays.NOT_CONNECTED:
            return _("not connected to the host")
        case JoinSays.NO_REPLY:
            return _("the host did not answer within {seconds} s").format(**f)
        case JoinSays.CONNECTION_CLOSED:
            return _("the connection to the host closed")
        case JoinSays.NO_CODE:
            return _("the host's join code is needed: --code CODE")


def _host_text(problem: NetProblem, says: HostSays, f: dict[str, str]) -> str:
    facts = problem.facts
    match says:
        case HostSays.SEATS:
            seats = facts["seats"]
            assert isinstance(seats, int)
            return ngettext(
                "{seats} seat for {players} players", "{seats} seats for {players} players", seats
            ).format(**f)
        case HostSays.NO_REMOTE:
            return _("a network game needs at least one remote seat")
        case HostSays.CAUSE:
            return f["cause"]
        case HostSays.CANNOT_LISTEN:
            return _("cannot listen on {address} ({problem})").format(**f)
        case HostSays.CANNOT_SAVE:
            return _("the game cannot be saved: {problem}").format(**f)
        case HostSays.NOT_INTERNET:
            return _("this game was not set up to be played across the internet")
        case HostSays.NO_ANSWER:
            return _("no answer")
        case HostSays.UNCLAIMED:
            count = facts["count"]
            assert isinstance(count, int)
            return ngettext(
                "remote seat {seats} has no terminal yet", "remote seats {seats} have no terminal yet", count
            ).format(**f)
        case HostSays.CLOSED:
            return _("the game is closed")
        case HostSays.ROUND_NOT_OVER:
            return _("the round is not over, or the match is")


def _waited_text(waited: str) -> str:
    """What a headless host waited for in vain, by the goodbye its guests were told."""
    if waited == Farewell.NOT_ALL_JOINED:
        return _("not every remote seat joined")
    if waited == Farewell.END_MISSED:
        return _("a seat missed the end of the round")
    return _("the game did not end")


def _run_text(problem: NetProblem, says: RunSays, f: dict[str, str]) -> str:
    match says:
        case RunSays.CAUSE:
            return f["cause"]
        case RunSays.INTERRUPTED:
            return _("interrupted")
        case RunSays.TIMED_OUT:
            return _("{what} within {seconds} s").format(what=_waited_text(f["waited"]), seconds=f["seconds"])
        case RunSays.SAVED:
            return _("{problem}; the game is saved in {path}").format(**f)
        case RunSays.RESUMABLE:
            return _("{problem} (resume with: indigo host --resume FILE)").format(**f)
        case RunSays.SEAT_GONE:
            return _("seat {number} did not rejoin within {seconds} s").format(**f)
        case RunSays.NO_CODE:
            return _("the host's join code is needed: --code CODE")
        case RunSays.INTERRUPTED_REJOINING:
            return _("interrupted while rejoining")
        case RunSays.INTERRUPTED_PLAYING:
            return _("interrupted; rejoin with the same indigo join command")
        case RunSays.NOT_VERIFIED:
            deal = problem.facts.get("deal")
            said = deal_text(deal) if isinstance(deal, Deal) else _("the host did not reveal the deck")
            return _("the deal could not be verified: {problem}").format(problem=said)


def _hosting_text(problem: NetProblem, says: HostingSays, f: dict[str, str]) -> str:
    facts = problem.facts
    match says:
        case HostingSays.BAD_KIND:
            # translators: host, remote and bot:NAME are the command line's words, the same in every language
            return _("seat kind {kind}: use host, remote or bot:NAME").format(**f)
        case HostingSays.NO_REMOTE:
            return _("a hosted game needs at least one remote seat")
        case HostingSays.WATCHERS:
            return _("the watchers must be a number from 0 to {most}").format(**f)
        case HostingSays.CAUSE:
            return f["cause"]
        case HostingSays.CANNOT_USE_FOLDER:
            reason = facts["reason"]
            said = os_problem(reason) if isinstance(reason, OSError) else f["reason"]
            return _("cannot use {folder} for saves: {reason}").format(folder=f["folder"], reason=said)
        case HostingSays.ROUNDS:
            return rounds_text()
        case HostingSays.SETUP:
            setup = facts["setup"]
            assert isinstance(setup, SetupError)
            return setup_error_text(setup)
        case HostingSays.TURN_TIME:
            seconds = facts["seconds"]
            assert isinstance(seconds, int | float)
            return turn_time_problem(seconds) or f["seconds"]
        case HostingSays.UNDO_LIMIT:
            return _("an undo limit is 0 (no undo) to {most} requests a round").format(**f)
        case HostingSays.IN_FILE:
            return "{file}: {problem}".format(**f)
        case HostingSays.OVER:
            return _("{file}: that game is already over").format(**f)
        case HostingSays.NO_JOIN_CODE:
            return _("{file}: the save holds no join code; give one with --code").format(**f)


def _reach_text(says: ReachSays, f: dict[str, str]) -> str:
    match says:
        case ReachSays.CONNECT:
            return _(
                "this server does not let its games connect to {address}: they join only across "
                "the internet, with an internet code, through the relay {relay}"
            ).format(**f)
        case ReachSays.LISTEN:
            return _(
                "this server does not let its games host on the local network: tick Over the "
                "internet to host through the relay {relay}"
            ).format(**f)
        case ReachSays.RELAY:
            return _("this server lets its games use only the relay {allowed}, not {relay}").format(**f)


def _address_text(says: AddressSays, f: dict[str, str]) -> str:
    match says:
        case AddressSays.NO_HOST:
            return _("no host address given")
        case AddressSays.UNCLOSED:
            return _("{address}: unclosed [ in the address").format(**f)
        case AddressSays.NO_HOST_NAME:
            return _("{address}: no host name before the port").format(**f)
        case AddressSays.BAD_PORT:
            return _("{address}: the port must be a number from 1 to 65535").format(**f)
        case AddressSays.NOT_WEBSOCKET:
            return _("{url} is not a websocket address ({problem})").format(**f)
        case AddressSays.NOT_WS_SCHEME:
            return _("{url} is not a websocket address: it looks like ws://HOST:PORT/v1").format(**f)
        case AddressSays.IN_OPTION:
            return "{flag}: {problem}".format(**f)
        case AddressSays.IN_ENVIRONMENT:
            return _("the environment variable {name}: {problem}").format(**f)


def problem_text(problem: NetProblem) -> str:
    """``problem`` in words, in this terminal's language: the one place the
    sentences of ``net/``'s exceptions are written."""
    f = {name: _fact(fact) for name, fact in problem.facts.items()}
    says = problem.says
    if isinstance(says, MailboxSays):
        return _mailbox_text(says, f)
    if isinstance(says, MeetSays):
        return _meet_text(says, f)
    if isinstance(says, RelaySays):
        return _relay_text(says, f)
    if isinstance(says, CodeSays):
        return _code_text(says, f)
    if isinstance(says, JoinSays):
        return _join_text(problem, says, f)
    if isinstance(says, HostSays):
        return _host_text(problem, says, f)
    if isinstance(says, RunSays):
        return _run_text(problem, says, f)
    if isinstance(says, HostingSays):
        return _hosting_text(problem, says, f)
    if isinstance(says, ReachSays):
        return _reach_text(says, f)
    if isinstance(says, AddressSays):
        return _address_text(says, f)
    raise AssertionError(says)  # every code has its words above


__all__ = [
    "AddressError",
    "AddressSays",
    "Code",
    "CodeSays",
    "Fact",
    "HostSays",
    "HostingSays",
    "JoinSays",
    "MailboxSays",
    "MeetSays",
    "NetProblem",
    "ReachSays",
    "RelaySays",
    "RunSays",
    "problem_text",
]
