"""Meeting across the internet: the code's key agreed at a mailbox server, as magic-wormhole does.

An internet code ``7-K7WQ2M`` is a *nameplate* (a short number the mailbox
server gave the host) and a *secret* (six characters nobody but the table
has). A guest and the host meet at the magic-wormhole mailbox server
(:mod:`.mailbox`): both claim the nameplate, which opens one mailbox for the
two of them and nobody else (a third side is told ``crowded``), and run
SPAKE2 on the whole code through it::

    host  -> mailbox  pake    SPAKE2 message (host's half)
    guest -> mailbox  pake    SPAKE2 message (guest's half)
    guest -> mailbox  proof   sealed with the key: proves the guest has the code
    host  -> mailbox  table   sealed: the table key   (or  wrong: the code is used up)
    guest -> mailbox  done    the guest released the nameplate

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

One code serves a table of up to four: the host meets one guest at a time on
its nameplate; once that guest has its table key, both release the
nameplate, the server frees it, and the host claims the same number again for
the next guest, with the same secret. A guest that finds the host busy with
another is told ``crowded`` and tries again for a few seconds. See
``docs/protocol.md`` for the threat model and the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import secrets
from collections.abc import Callable
from enum import StrEnum
from typing import Final

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from ..i18n import _
from .channel import GUEST_ID, HOST_ID
from .mailbox import MailboxClient, MailboxError, MailboxProblem, Message
from .notices import CodeSpent, Problem, RelayState, RelayStatus
from .relay import Backoff, InternetCode, Pace, new_internet_code

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


def new_table_key() -> str:
    """A fresh table key, as a host keeps it."""
    return secrets.token_hex(TABLE_KEY_BYTES).upper()


def is_table_key(text: str) -> bool:
    """Whether ``text`` is a table key (what a seat's record holds across the internet)."""
    return _TABLE_KEY.fullmatch(text.strip().upper()) is not None


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


class MeetError(Exception):
    """A meeting that did not come about: ``problem`` says why, the message in one line."""

    def __init__(self, message: str, problem: MeetProblem) -> None:
        super().__init__(message)
        self.problem = problem


def _spake_finish(side: SPAKE2_A | SPAKE2_B, theirs: bytes) -> bytes | None:
    try:
        return bytes(side.finish(theirs))
    except Exception:  # spake2 raises several kinds for a message that is no group element
        return None


def _broken(code: InternetCode) -> MeetError:
    return MeetError(
        _("the other side at code {code} broke the key exchange; not joining").format(code=code.nameplate),
        MeetProblem.BROKEN,
    )


async def _meet_once(url: str, code: InternetCode, timeout: float, on_waiting: Callable[[], None]) -> str:
    box = MailboxClient(url)
    mood = "errory"
    try:
        await box.connect()
        try:
            await box.claim(code.nameplate)
        except MailboxError as exc:
            if exc.problem is MailboxProblem.CROWDED:
                with contextlib.suppress(MailboxError):
                    await box.release()
            raise
        spake = SPAKE2_A(_password(code), idA=GUEST_ID, idB=HOST_ID)
        await box.add("pake", spake.start())
        on_waiting()
        try:
            theirs = await box.message(timeout)
        except TimeoutError:
            mood = "lonely"
            raise MeetError(
                _(
                    "nobody answered for code {code} within {seconds} s: check the code, that the host has "
                    "started, and that you both use the same mailbox server"
                ).format(code=code.nameplate, seconds=round(timeout)),
                MeetProblem.NO_HOST,
            ) from None
        key = _spake_finish(spake, theirs.body) if theirs.phase == "pake" else None
        if key is None:
            raise _broken(code)
        await box.add("proof", seal_body(key, box.side, "proof", b"guest"))
        try:
            answer = await box.message(STEP_TIMEOUT)
        except TimeoutError:
            raise _broken(code) from None
        if answer.phase == "wrong":
            mood = "scary"
            raise MeetError(
                _(
                    "wrong code: the host did not accept {code}, which is used up now; ask the host for "
                    "the new code"
                ).format(code=code),
                MeetProblem.WRONG_CODE,
            )
        table = open_body(key, answer) if answer.phase == "table" else None
        if table is None or not is_table_key(table.decode("ascii", "replace")):
            mood = "scary"
            raise _broken(code)
        await box.release()
        await box.add("done", b"")
        mood = "happy"
        return table.decode("ascii").upper()
    finally:
        with contextlib.suppress(MailboxError, TimeoutError):
            async with asyncio.timeout(2.0):
                await box.close(mood)
        await box.aclose()


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
    with one line if it does not come about (a crowded nameplate is tried
    again for ``crowded_patience`` seconds: the host may be meeting another guest)."""
    loop = asyncio.get_running_loop()
    patience = loop.time() + crowded_patience
    while True:
        try:
            return await _meet_once(url, code, timeout, on_waiting)
        except MailboxError as exc:
            if exc.problem is not MailboxProblem.CROWDED:
                raise MeetError(str(exc), MeetProblem.SERVER) from None
            if loop.time() >= patience:
                raise MeetError(
                    _("someone else is using code {code}, or tried it: ask the host for the new code").format(
                        code=code
                    ),
                    MeetProblem.CROWDED,
                ) from None
        await asyncio.sleep(random.uniform(0.3, 0.8))


class MeetingDoor:
    """The host's side of the meeting: its code's nameplate held at the
    mailbox server whenever ``wanted()`` (a seat is free), one guest met at a
    time, each given ``table_key``. A wrong guess, or a nameplate someone
    else holds, spends the code: ``on_code`` gets the fresh one (and is told
    it first, once the server gave a nameplate). Servers that fail are tried
    again at :class:`~.relay.Pace` and :class:`~.relay.Backoff`'s pace, each
    change of state told once."""

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
        self.state: RelayState | None = None
        #: Guests given the table key, and codes spent.
        self.met = 0
        self.spent = 0
        self._told: str | None = None
        self._held: list[MailboxClient] = []

    def _say(self, status: RelayStatus) -> None:
        if status.state is not self.state:
            self.state = status.state
            self.tell(status)

    def _spend(self, why_code: InternetCode | None) -> None:
        """The code is used up: the next arm takes a fresh nameplate and secret."""
        self.spent += 1
        old = why_code
        self.code, self.secret = None, new_internet_code().secret
        self._spent_from = str(old) if old is not None else ""

    async def run(self) -> None:
        """Hold the code at the mailbox server until cancelled."""
        self._spent_from = ""
        try:
            while True:
                while not self.wanted():
                    await asyncio.sleep(0.25)
                await self.pace.turn()
                try:
                    await self._arm()
                    self.backoff.reset()
                except MailboxError as exc:
                    if exc.problem is MailboxProblem.CROWDED:
                        self._spend(self.code)
                        continue
                    delay = self.backoff.next()
                    if self.backoff.failures >= Backoff.QUIET:
                        self._say(RelayStatus(RelayState.UNREACHABLE, self.url, str(exc), self.backoff.cap))
                    await asyncio.sleep(delay)
        finally:
            for box in self._held:
                await box.aclose()

    def _announce(self) -> None:
        assert self.code is not None
        shown = str(self.code)
        if shown != self._told:
            spent = CodeSpent(self._spent_from, shown) if self._spent_from else None
            self._told, self._spent_from = shown, ""
            self.on_code(self.code, spent)

    async def _arm(self) -> None:
        """One guest met on the code's nameplate (or a spent code found)."""
        box = MailboxClient(self.url)
        keep = False
        mood = "lonely"
        try:
            await box.connect()
            if self.code is None:
                self.code = InternetCode(await box.allocate(), self.secret)
            await box.claim(self.code.nameplate)
            code = self.code
            self._announce()
            # Back (or there from the start): the code shown is what says so.
            self.state = RelayState.WAITING
            spake = SPAKE2_B(_password(code), idA=GUEST_ID, idB=HOST_ID)
            await box.add("pake", spake.start())
            try:
                theirs = await box.message(self.rearm_after)
            except TimeoutError:
                return  # quiet for a while: claimed again, on a new side (a crowded claim tells)
            key = _spake_finish(spake, theirs.body) if theirs.phase == "pake" else None
            try:
                proof = await box.message(STEP_TIMEOUT) if key is not None else None
            except TimeoutError:
                proof = None
            if key is None or proof is None or proof.phase != "proof" or open_body(key, proof) != b"guest":
                # A wrong guess (or garbage): this code is spent. Its nameplate stays
                # ours, so a guest with the old code hears "crowded", not silence.
                mood = "scary"
                with contextlib.suppress(MailboxError):
                    await box.add("wrong", b"")
                keep = True
                self._hold(box)
                self._spend(code)
                return
            await box.add("table", seal_body(key, box.side, "table", self.table_key.encode()))
            try:
                done = await box.message(STEP_TIMEOUT)
            except TimeoutError:
                done = None
            mood = "happy"
            self.met += 1
            if done is None or done.phase != "done":
                # The guest has its key but did not let the nameplate go: we cannot claim it again.
                self._spend(code)
            with contextlib.suppress(MailboxError):
                await box.release()
        finally:
            if not keep:
                with contextlib.suppress(MailboxError, TimeoutError):
                    async with asyncio.timeout(2.0):
                        await box.release()
                        await box.close(mood)
                await box.aclose()

    def _hold(self, box: MailboxClient) -> None:
        self._held.append(box)
        while len(self._held) > HELD_SPENT:
            old = self._held.pop(0)
            asyncio.get_running_loop().create_task(old.aclose())


__all__ = [
    "MEET_TIMEOUT",
    "TABLE_KEY_BYTES",
    "CodeSpent",
    "MeetError",
    "MeetProblem",
    "MeetingDoor",
    "is_table_key",
    "meet_host",
    "new_table_key",
    "open_body",
    "seal_body",
]
