"""Meeting across the internet: the code's key agreed at a mailbox server, as magic-wormhole does.

An internet code ``7-K7WQ2M`` is a *nameplate* (a short number the mailbox
server gave the host) and a *secret* (six characters nobody but the table
has). A guest and the host meet at the magic-wormhole mailbox server
(:mod:`.mailbox`). The code's nameplate is only the way in: the server lets
two sides claim it (a third is told ``crowded``) and tells those two the id
of its mailbox; from that id comes the nameplate of their meeting
(:func:`meeting_place`), which nobody else can name, and on it they run
SPAKE2 on the whole code::

    host  -> mailbox  pake-host   SPAKE2 message (host's half)
    guest -> mailbox  pake-guest  SPAKE2 message (guest's half)
    guest -> mailbox  proof       sealed with the key: proves the guest has the code
    host  -> mailbox  table       sealed: the table key   (or  wrong: the code is used up)
    guest -> mailbox  done        the guest has it: the host may close

The first mailbox is never opened: the server counts a side it told
``crowded`` as one of that mailbox's for good, so once a third side tried the
nameplate, a side that had not opened the mailbox yet never could. Each
phase is one side's: two guests who claimed the code's nameplate while the
host was between two meetings see each other's ``pake-guest``, and both
leave and try again; only a guest's failed proof counts as a wrong guess.

Each sealed body is ChaCha20-Poly1305 under a key derived (HKDF-SHA256) from
the SPAKE2 key, the sender's side and the phase, as magic-wormhole derives
its phase keys. A wrong guess fails the proof: the host says ``wrong`` to
that side, keeps the spent nameplate claimed (so whoever claims it next is
told it is crowded) and takes a fresh code at once; the guest is told its
code is used up. So a code allows one wrong guess, and no stranger can spend
anybody else's.

The **table key** (32 random bytes the host made when the game was set up,
kept in its save) is what every guest gets; from it come the transit relay
channel (:func:`.relay.table_channel`) and the code proven again, by SPAKE2,
on each connection through the relay (:mod:`.channel`). No outsider can name
that channel or occupy it in advance, and it outlives the nameplate: a guest
that lost its connection, and a host taken up again with ``--resume``, meet
there without the mailbox.

One code serves a table of up to four: the host holds the code's nameplate
for one guest at a time; once that guest proved the code, both release it,
the server frees it, and the host claims the same number again, on a new
side, with the same secret, while the meeting ends on its own nameplate. A
guest that finds the host busy with another is told ``crowded`` and tries
again for a few seconds; so does the host, before it takes a nameplate that
stays crowded for someone sitting on the code. See
``docs/protocol.md`` for the threat model and the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import random
import re
import secrets
from collections.abc import Awaitable, Callable
from enum import StrEnum
from typing import Final, TypeVar

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from .channel import GUEST_ID, HOST_ID
from .mailbox import ANSWER_TIMEOUT, MailboxClient, MailboxError, MailboxProblem, Message
from .notices import CodeSpent, Problem, RelayState, RelayStatus
from .problems import Fact, MailboxSays, MeetSays, NetProblem
from .relay import SILENT_AFTER, Backoff, InternetCode, Pace, new_internet_code

#: Bytes of a table key, and how it is written (upper-case hex, as a join code is kept).
TABLE_KEY_BYTES: Final = 32
_TABLE_KEY = re.compile(rf"[0-9A-F]{{{2 * TABLE_KEY_BYTES}}}")
#: Labels every key derived here.
LABEL: Final = b"indigo-tui meeting/1"
#: Seconds a guest waits at the mailbox for the host's half of the key exchange.
MEET_TIMEOUT: Final = 20.0
#: Seconds each later step of a meeting may take (a proof, the table key, done).
STEP_TIMEOUT: Final = 15.0
#: Seconds a guest keeps trying a crowded nameplate (the host meets one guest at a time).
CROWDED_PATIENCE: Final = 8.0
#: Seconds the host's nameplate waits quiet before the host claims it again; a
#: claim that is then crowded means someone sits on the code without a word.
REARM_AFTER: Final = 60.0
#: Spent codes whose nameplates the host keeps claimed (older ones are let go).
HELD_SPENT: Final = 4
_T = TypeVar("_T")

#: The phases of a meeting's messages in the mailbox, each one side's: a
#: message in the other side's phase is no half of this meeting (two guests
#: who met each other say so at once, and nobody is taken for a wrong guess).
PAKE_HOST: Final = "pake-host"
PAKE_GUEST: Final = "pake-guest"
PROOF: Final = "proof"
TABLE: Final = "table"
WRONG: Final = "wrong"
DONE: Final = "done"


def new_table_key() -> str:
    """A fresh table key, as a host keeps it."""
    return secrets.token_hex(TABLE_KEY_BYTES).upper()


def is_table_key(text: str) -> bool:
    """Whether ``text`` is a table key (what a seat's record holds across the internet)."""
    return _TABLE_KEY.fullmatch(text.strip().upper()) is not None


def meeting_place(mailbox: str) -> str:
    """The nameplate a meeting is held on, named by the mailbox id the code's
    nameplate gave: 38 or so digits. Only the two sides the server let claim
    that nameplate were told the mailbox id (a third is told ``crowded``), so
    nobody else can claim this one, or crowd it."""
    digest = hashlib.sha256(LABEL + b" place:" + mailbox.encode()).digest()
    return str(int.from_bytes(digest[:16], "big"))


def _password(code: InternetCode) -> bytes:
    return f"{code.nameplate}-{code.secret}".encode()


def _phase_key(key: bytes, side: str, phase: str) -> bytes:
    info = LABEL + b":" + side.encode() + b":" + phase.encode()
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(key)


def seal_body(key: bytes, side: str, phase: str, data: bytes) -> bytes:
    """``data`` sealed for the mailbox by ``side`` in ``phase``."""
    nonce = os.urandom(12)
    return nonce + ChaCha20Poly1305(_phase_key(key, side, phase)).encrypt(nonce, data, None)


def open_body(key: bytes, message: Message) -> bytes | None:
    """A sealed message's content, or None if it does not open (another key: a wrong code)."""
    if len(message.body) < 12 + 16:
        return None
    try:
        return ChaCha20Poly1305(_phase_key(key, message.side, message.phase)).decrypt(
            message.body[:12], message.body[12:], None
        )
    except InvalidTag:
        return None


class MeetProblem(StrEnum):
    """Why a guest did not get its table key."""

    #: The host found the code wrong: it is used up now.
    WRONG_CODE = "wrong-code"
    #: Someone else holds the code's nameplate.
    CROWDED = "crowded"
    #: Nobody was there for the code.
    NO_HOST = "no-host"
    #: The mailbox server failed (unreachable, confused, dropped).
    SERVER = "server"
    #: The other side broke the steps, or could not prove the code.
    BROKEN = "broken"


class MeetError(NetProblem):
    """A meeting that did not come about: ``problem`` says what kind of
    failure, ``says`` and the facts what is said of it (:func:`~.problems.problem_text`)."""

    def __init__(self, says: MeetSays, problem: MeetProblem, /, **facts: Fact) -> None:
        super().__init__(says, **facts)
        self.problem = problem


def _spake_finish(side: SPAKE2_A | SPAKE2_B, theirs: bytes) -> bytes | None:
    try:
        return bytes(side.finish(theirs))
    except Exception:  # spake2 raises several kinds for a message that is no group element
        return None


def _broken(code: InternetCode) -> MeetError:
    return MeetError(MeetSays.BROKEN, MeetProblem.BROKEN, code=code.nameplate)


class _NotTheHost(Exception):
    """The mailbox a guest's claim opened holds another guest, not the host
    (two who claimed the nameplate while the host was between two meetings):
    leave it, so the host can claim the nameplate, and try again."""


async def _close(box: MailboxClient, mood: str) -> None:
    """Leave ``box``: the nameplate released (if it was not yet), the mailbox
    closed with ``mood``, the connection ended (also when cancelled on the
    way: the door's task is cancelled whenever the host closes); a server that
    fails here is not waited on."""
    try:
        with contextlib.suppress(MailboxError, TimeoutError):
            async with asyncio.timeout(2.0):
                await box.release()
                await box.close(mood)
    finally:
        await box.aclose()


async def _close_both(place: MailboxClient | None, door: MailboxClient, mood: str) -> None:
    """Leave a meeting's ``place`` (if it came to one) and the ``door`` it
    came through; the door also when leaving the place is cancelled (two
    awaits one after the other skipped the second, and the door's
    connection was let go by the garbage collector: "Unclosed client session")."""
    try:
        if place is not None:
            await _close(place, mood)
    finally:
        await _close(door, mood)


async def _meet_once(url: str, code: InternetCode, timeout: float, on_waiting: Callable[[], None]) -> str:
    door, place = MailboxClient(url), None
    mood = "errory"
    try:
        await door.connect()
        # The code's nameplate is only the way in: it names the mailbox whose
        # id names the nameplate the meeting is held on (meeting_place). Its
        # mailbox is never opened: one a third side was told crowded about can
        # no longer be opened by anybody who had not.
        mailbox = await door.claim(code.nameplate)
        place = MailboxClient(url, side=door.side)
        await place.connect()
        await place.claim(meeting_place(mailbox))
        await place.open()
        spake = SPAKE2_A(_password(code), idA=GUEST_ID, idB=HOST_ID)
        await place.add(PAKE_GUEST, spake.start())
        on_waiting()
        try:
            theirs = await place.message(timeout)
        except TimeoutError:
            mood = "lonely"
            raise MeetError(
                MeetSays.NO_HOST, MeetProblem.NO_HOST, code=code.nameplate, seconds=round(timeout)
            ) from None
        if theirs.phase != PAKE_HOST:
            # Another guest's half (two who claimed the nameplate while the host
            # was between two meetings): no guess was made, by anybody. Leaving
            # frees the nameplate for the host.
            mood = "lonely"
            raise _NotTheHost
        key = _spake_finish(spake, theirs.body)
        if key is None:
            raise _broken(code)
        await place.add(PROOF, seal_body(key, place.side, PROOF, b"guest"))
        # Both halves are in: the way in is needed no more (as in magic-wormhole,
        # the nameplate is released once the other side's half came), and the
        # host claims it again for the next guest once it checked the proof.
        await door.release()
        try:
            answer = await place.message(STEP_TIMEOUT)
        except TimeoutError:
            raise _broken(code) from None
        if answer.phase == WRONG:
            mood = "scary"
            raise MeetError(MeetSays.WRONG_CODE, MeetProblem.WRONG_CODE, code=str(code))
        table = open_body(key, answer) if answer.phase == TABLE else None
        if table is None or not is_table_key(table.decode("ascii", "replace")):
            mood = "scary"
            raise _broken(code)
        await place.add(DONE, b"")
        mood = "happy"
        return table.decode("ascii").upper()
    finally:
        await _close_both(place, door, mood)


async def meet_host(
    url: str,
    code: InternetCode,
    *,
    timeout: float = MEET_TIMEOUT,
    crowded_patience: float = CROWDED_PATIENCE,
    on_waiting: Callable[[], None] = lambda: None,
) -> str:
    """A guest's meeting with the host of ``code`` at the mailbox server
    ``url``: the table key, once both proved the code. :class:`MeetError`
    with one line if it does not come about (a crowded nameplate, or one
    where another guest was met instead of the host, is tried again for
    ``crowded_patience`` seconds: the host may be meeting another guest)."""
    loop = asyncio.get_running_loop()
    patience = loop.time() + crowded_patience
    while True:
        try:
            return await _meet_once(url, code, timeout, on_waiting)
        except MailboxError as exc:
            if exc.problem is not MailboxProblem.CROWDED:
                raise MeetError(MeetSays.SERVER, MeetProblem.SERVER, cause=exc) from None
        except _NotTheHost:
            pass
        if loop.time() >= patience:
            raise MeetError(MeetSays.CROWDED, MeetProblem.CROWDED, code=str(code)) from None
        await asyncio.sleep(random.uniform(0.3, 0.8))


class MeetingDoor:
    """The host's side of the meeting: its code's nameplate held at the
    mailbox server whenever ``wanted()`` (a seat is free), one guest met at a
    time on it, each given ``table_key``. Once a guest proved the code the
    nameplate is let go and claimed again, on a new side, for the next guest,
    while that meeting ends in its own mailbox. A wrong guess from the guest
    of a meeting, or a nameplate someone else holds for ``crowded_patience``
    seconds (at once, for a code nobody was told yet), spends the code:
    ``on_code`` gets the fresh one (and is told it first, once the server gave
    a nameplate). Servers that fail are tried again at :class:`~.relay.Pace`
    and :class:`~.relay.Backoff`'s pace, each change of state told once; one
    that leaves a step unanswered for ``silent_after`` seconds is said then
    (not after three tries of ``answer_within`` seconds each), and tried from
    then on at the pace said."""

    def __init__(
        self,
        url: str,
        table_key: str,
        on_code: Callable[[InternetCode, CodeSpent | None], None],
        tell: Callable[[Problem | RelayStatus], None],
        *,
        wanted: Callable[[], bool] = lambda: True,
        code: InternetCode | None = None,
        backoff: Backoff | None = None,
        rearm_after: float = REARM_AFTER,
        crowded_patience: float = CROWDED_PATIENCE,
        answer_within: float = ANSWER_TIMEOUT,
        silent_after: float = SILENT_AFTER,
    ) -> None:
        self.url = url
        self.table_key = table_key
        self.on_code = on_code
        self.tell = tell
        self.wanted = wanted
        #: The code now (its nameplate None until the server gives one).
        self.code = code
        self.secret = code.secret if code is not None else new_internet_code().secret
        self.backoff = backoff or Backoff()
        self.pace = Pace()
        self.rearm_after = rearm_after
        self.crowded_patience = crowded_patience
        #: Seconds each step at the server may take (the try fails past them).
        self.answer_within = answer_within
        self.silent_after = silent_after
        self.state: RelayState | None = None
        #: Guests given the table key, codes spent, and tries at the server.
        self.met = 0
        self.spent = 0
        self.attempts = 0
        self._told: str | None = None
        self._spent_from = ""
        #: When the code's nameplate was first found crowded, since it was last claimed.
        self._crowded_since: float | None = None
        self._held: list[MailboxClient] = []
        #: Meetings that gave their guest the table key and are ending in their
        #: mailbox, and the connections of spent codes let go.
        self._ending: set[asyncio.Task[None]] = set()

    def _say(self, status: RelayStatus) -> None:
        if status.state is not self.state:
            self.state = status.state
            self.tell(status)

    def _spend(self, why_code: InternetCode | None) -> None:
        """The code is used up: the next arm takes a fresh nameplate and secret."""
        self.spent += 1
        old = why_code
        self.code, self.secret = None, new_internet_code().secret
        self._crowded_since = None
        self._spent_from = str(old) if old is not None else ""

    def _squatted(self) -> bool:
        """Whether the code's nameplate, found crowded, is held by someone
        else: at once for a code nobody was told yet; otherwise once it
        stayed crowded ``crowded_patience`` seconds (a guest that has not let
        go of the last meeting's yet, or two guests who met each other while
        the host was between two meetings, leave it within a moment)."""
        if self.code is None or str(self.code) != self._told:
            return True
        now = asyncio.get_running_loop().time()
        if self._crowded_since is None:
            self._crowded_since = now
        return now - self._crowded_since >= self.crowded_patience

    async def run(self) -> None:
        """Hold the code at the mailbox server until cancelled."""
        try:
            while True:
                while not self.wanted():
                    await asyncio.sleep(0.25)
                await self.pace.turn()
                self.attempts += 1
                try:
                    await self._arm()
                    self.backoff.reset()
                except MailboxError as exc:
                    if exc.problem is MailboxProblem.CROWDED:
                        if self._squatted():
                            self._spend(self.code)
                        else:
                            await asyncio.sleep(random.uniform(0.05, 0.2))
                        continue
                    delay = self.backoff.next()
                    if self.backoff.failures >= Backoff.QUIET:
                        self._say(RelayStatus(RelayState.UNREACHABLE, self.url, exc, self.backoff.cap))
                    await asyncio.sleep(delay)
        finally:
            for task in list(self._ending):
                task.cancel()
            for task in list(self._ending):
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            for box in self._held:
                await box.aclose()

    def _silent(self) -> None:
        """A step has waited ``silent_after`` seconds for the server: said now,
        with the pace of the tries from now on (each waits ``answer_within``
        seconds, then the backoff's longest pause: no quick tries after this)."""
        problem = MailboxError(
            MailboxSays.NO_ANSWER, MailboxProblem.UNREACHABLE, url=self.url, seconds=float(self.silent_after)
        )
        self._say(self.backoff.silent(self.url, problem, self.answer_within))

    async def _step(self, step: Awaitable[_T]) -> _T:
        """``step`` at the server awaited, said by :meth:`_silent` if it takes
        ``silent_after`` seconds (a server that accepts and never answers)."""
        said = asyncio.get_running_loop().call_later(self.silent_after, self._silent)
        try:
            return await step
        finally:
            said.cancel()

    def _client(self, side: str | None = None) -> MailboxClient:
        return MailboxClient(
            self.url, side=side, connect_timeout=self.answer_within, answer_timeout=self.answer_within
        )

    def _announce(self) -> None:
        assert self.code is not None
        shown = str(self.code)
        if shown != self._told:
            spent = CodeSpent(self._spent_from, shown) if self._spent_from else None
            self._told, self._spent_from = shown, ""
            self.on_code(self.code, spent)

    async def _arm(self) -> None:
        """One meeting on the code: a guest given the table key (the meeting's
        end left to run on its own), a wrong guess that spent the code, or
        nobody for a while."""
        door = self._client()
        place: MailboxClient | None = None
        kept = False
        mood = "lonely"
        try:
            await self._step(door.connect())
            if self.code is None:
                self.code = InternetCode(await self._step(door.allocate()), self.secret)
            mailbox = await self._step(door.claim(self.code.nameplate))
            code = self.code
            self._crowded_since = None
            place = self._client(door.side)
            await self._step(place.connect())
            await self._step(place.claim(meeting_place(mailbox)))
            await place.open()
            self._announce()
            if self.state is RelayState.UNREACHABLE:
                # Back after it was said unreachable: said too, or that line would stand.
                self._say(RelayStatus(RelayState.WAITING, self.url))
            else:
                # There from the start: the code shown is what says so.
                self.state = RelayState.WAITING
            spake = SPAKE2_B(_password(code), idA=GUEST_ID, idB=HOST_ID)
            await place.add(PAKE_HOST, spake.start())
            try:
                theirs = await place.message(self.rearm_after)
            except TimeoutError:
                return  # quiet for a while: claimed again, on a new side (a crowded claim tells)
            if theirs.phase != PAKE_GUEST:
                # No guest's half: nobody guessed. Left, and claimed again on a new side.
                return
            key = _spake_finish(spake, theirs.body)
            try:
                proof = await place.message(STEP_TIMEOUT) if key is not None else None
            except TimeoutError:
                proof = None
            if key is None or proof is None or proof.phase != PROOF or open_body(key, proof) != b"guest":
                # The guest of this meeting guessed wrong (or sent garbage): this code
                # is spent. Its nameplate stays ours, so a guest with the old code
                # hears "crowded", not silence.
                mood = "scary"
                with contextlib.suppress(MailboxError):
                    await place.add(WRONG, b"")
                kept = True
                self._hold(door)
                await _close(place, mood)
                self._spend(code)
                return
            await place.add(TABLE, seal_body(key, place.side, TABLE, self.table_key.encode()))
            self.met += 1
            mood = "happy"
            # The code's nameplate is let go now, for the next guest to meet a new
            # side of ours there, while this meeting ends on its own nameplate.
            await _close(door, mood)
            kept = True
            ending = asyncio.get_running_loop().create_task(self._end(place))
            self._ending.add(ending)
            ending.add_done_callback(self._ending.discard)
        finally:
            if not kept:
                await _close_both(place, door, mood)

    @staticmethod
    async def _end(box: MailboxClient) -> None:
        """A meeting's end: the guest's ``done`` awaited a while, the mailbox closed."""
        try:
            with contextlib.suppress(MailboxError, TimeoutError):
                await box.message(STEP_TIMEOUT)
        finally:
            await _close(box, "happy")

    def _hold(self, box: MailboxClient) -> None:
        self._held.append(box)
        while len(self._held) > HELD_SPENT:
            old = self._held.pop(0)
            # Awaited by run()'s end (a task nobody holds may be collected
            # before it closed the connection, or outlive the loop).
            letting_go = asyncio.get_running_loop().create_task(old.aclose())
            self._ending.add(letting_go)
            letting_go.add_done_callback(self._ending.discard)


__all__ = [
    "MEET_TIMEOUT",
    "TABLE_KEY_BYTES",
    "CodeSpent",
    "MeetError",
    "MeetProblem",
    "MeetingDoor",
    "is_table_key",
    "meet_host",
    "meeting_place",
    "new_table_key",
    "open_body",
    "seal_body",
]
