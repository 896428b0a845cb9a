"""The sealed channel: a key agreed on the join code, then the connection sealed.

The join code is short (six characters, or a word people chose), so it must
never be testable offline. Both peers run SPAKE2 (the ``spake2`` package, as
magic-wormhole does) on it: an eavesdropper sees two group elements that say
nothing about the code, and an attacker who talks to a peer gets exactly one
guess per connection. The handshake, in clear, is three frames and a reply::

    guest -> host   Hello(protocol, app, pake=X)     version checked first
    host  -> guest  Exchange(pake=Y)                 at the limiter's pace
    guest -> host   Confirm(mac_g)                   checked when the guess limiter allows
    host  -> guest  Confirm(mac_h)  or  Error("wrong join code")

The SPAKE2 key ``K`` and the transcript hash ``T`` (SHA-256 over both clear
frames' bodies, exactly as sent) give, by HKDF-SHA256, four keys: one to
confirm each side and one to seal each direction. ``mac_g`` and ``mac_h`` are
HMAC-SHA256 over ``T`` with the two confirmation keys; the host proves the
key only after the guest has, so a guess is always seen (and slowed) by the
host. From then on every frame is sealed (:mod:`.seal`): a frame replayed,
reordered, dropped, altered or injected fails to open and ends the
connection. See ``docs/protocol.md`` for the threat model.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from typing import Final

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from .common import REASON_LIMIT, JoinError, log_line, peer_error
from .guard import HANDSHAKE_DEADLINE, GuessLimiter
from .problems import JoinSays
from .protocol import (
    PROTOCOL_VERSION,
    Breach,
    Bye,
    Confirm,
    Error,
    Exchange,
    Handshake,
    Hello,
    ProtocolError,
    encode_body,
)
from .reasons import Ending, ending_of, error_message
from .seal import MAX_SEALED_FRAME, Channel, SessionKeys
from .transport import Connection

#: Names the two roles inside SPAKE2, so a message cannot be reflected back.
GUEST_ID: Final = b"indigo-guest"
HOST_ID: Final = b"indigo-host"
LABEL: Final = b"indigo-channel/2"


class ChannelRefused(Exception):
    """The host refuses a caller before there is a channel (another version,
    a wrong code, too busy): ``error`` is what it sends back in clear (its
    code, numbers and English), said on the host's side with :func:`error_text`."""

    def __init__(self, error: Error) -> None:
        super().__init__(error.reason)
        self.error = error
        self.code = error.code


def normal_secret(code: str) -> bytes:
    """The join code as both sides feed it to SPAKE2: trimmed, upper-cased."""
    return code.strip().upper().encode()


def transcript_hash(hello_body: bytes, exchange_body: bytes) -> bytes:
    """SHA-256 over both clear frames, each with its length, under the label."""
    digest = hashlib.sha256(LABEL)
    for part in (hello_body, exchange_body):
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return digest.digest()


def derive_keys(shared: bytes, transcript: bytes) -> SessionKeys:
    def key(purpose: bytes) -> bytes:
        hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=transcript, info=LABEL + b":" + purpose)
        return hkdf.derive(shared)

    return SessionKeys(
        transcript,
        key(b"confirm guest"),
        key(b"confirm host"),
        key(b"seal guest to host"),
        key(b"seal host to guest"),
    )


def confirmation(key: bytes, transcript: bytes) -> bytes:
    return hmac.new(key, transcript, hashlib.sha256).digest()


def _spake_finish(side: SPAKE2_A | SPAKE2_B, theirs: bytes) -> bytes:
    try:
        return bytes(side.finish(theirs))
    except Exception:  # spake2 raises several kinds for a message that is no group element
        raise ProtocolError(Breach.NOT_A_KEY) from None


def host_refusal(message: Handshake) -> Handshake:
    """``message``, unless it is the host refusing us or saying goodbye: then
    :class:`~.common.JoinError`, said in this terminal's language from the
    code (the host's words, cleaned and bounded, only for a code we do not know)."""
    match message:
        case Error() as error:
            error = peer_error(error)
            raise JoinError(JoinSays.REFUSED, ending_of(error.code), None, error=error)
        case Bye(reason=reason, code=code, args=numbers):
            bye = Bye(log_line(reason, REASON_LIMIT), code, numbers[:4])
            raise JoinError(JoinSays.SAID_GOODBYE, Ending.LEFT, None, bye=bye)
    return message


async def seal_as_guest(
    conn: Connection,
    code: str,
    *,
    app: str,
    timeout: float,
    protocol: int = PROTOCOL_VERSION,
    confirm_timeout: float = HANDSHAKE_DEADLINE + 2.0,
) -> SessionKeys:
    """The guest's half: agree a key on ``code``, prove it, check the host's
    proof, and seal ``conn``. :class:`ChannelRefused` if the host refuses or
    cannot prove the code (a :class:`~.common.JoinError`), :class:`ProtocolError`
    if it breaks the steps."""
    spake = SPAKE2_A(normal_secret(code), idA=GUEST_ID, idB=HOST_ID)
    hello = Hello(protocol, app, spake.start())
    hello_body = encode_body(hello)
    await conn.send_body(hello_body)
    exchange_body = await conn.read_body(timeout)
    exchange = host_refusal(conn.decode(exchange_body, Breach.EXPECTED_EXCHANGE))
    if not isinstance(exchange, Exchange):
        raise ProtocolError(Breach.EXPECTED_EXCHANGE, quoted=(type(exchange).__name__,))
    keys = derive_keys(_spake_finish(spake, exchange.pake), transcript_hash(hello_body, exchange_body))
    await conn.send(Confirm(confirmation(keys.confirm_guest, keys.transcript)))
    # The host may hold its answer back while others are guessing the code
    # (never past its handshake deadline).
    answer = host_refusal(await conn.read(Breach.EXPECTED_CONFIRMATION, max(timeout, confirm_timeout)))
    if not isinstance(answer, Confirm):
        raise ProtocolError(Breach.EXPECTED_CONFIRMATION, quoted=(type(answer).__name__,))
    if not hmac.compare_digest(answer.mac, confirmation(keys.confirm_host, keys.transcript)):
        raise JoinError(JoinSays.CODE_UNPROVEN, Ending.CODE)
    conn.seal(Channel.for_guest(keys), MAX_SEALED_FRAME)
    return keys


async def seal_as_host(
    conn: Connection,
    code: str,
    *,
    app_version: str,
    limiter: GuessLimiter,
    address: str,
    deadline: float,
) -> SessionKeys:
    """The host's half, for a connection that has just been accepted: check the
    version, agree a key (at the limiter's pace), wait for the guess limiter,
    check the guest's proof,
    prove the key back and seal ``conn``. ``deadline`` (``time.monotonic``)
    bounds the whole of it. :class:`ChannelRefused` (to be sent back in clear)
    for another version, a wrong code or a host too busy with guessers."""

    def left() -> float:
        """A frame's read timeout: the usual one, but never past the deadline."""
        return min(conn.read_timeout, max(0.0, deadline - time.monotonic()))

    hello_body = await conn.read_body(left())
    hello = conn.decode(hello_body, Breach.EXPECTED_HELLO)
    if not isinstance(hello, Hello):
        raise ProtocolError(Breach.EXPECTED_HELLO, quoted=(type(hello).__name__,))
    if hello.protocol != PROTOCOL_VERSION:
        versions = (PROTOCOL_VERSION, hello.protocol)
        raise ChannelRefused(error_message(Ending.VERSION, versions, quoted=(app_version, hello.app[:40])))
    # The exchange costs us real CPU: strangers get it at a bounded rate.
    turn = limiter.exchange(within=deadline - time.monotonic())
    if turn is None:
        raise ChannelRefused(error_message(Ending.BUSY))
    if turn > 0:
        await asyncio.sleep(turn)
    spake = SPAKE2_B(normal_secret(code), idA=GUEST_ID, idB=HOST_ID)
    exchange_body = encode_body(Exchange(spake.start()))
    shared = _spake_finish(spake, hello.pake)
    await conn.send_body(exchange_body)
    keys = derive_keys(shared, transcript_hash(hello_body, exchange_body))
    proof = conn.decode(await conn.read_body(left()), Breach.EXPECTED_PROOF)
    if not isinstance(proof, Confirm):
        raise ProtocolError(Breach.EXPECTED_PROOF, quoted=(type(proof).__name__,))
    # Every proof waits for its turn, right or wrong, so a guesser cannot learn
    # early whether a guess failed; only failures use the turns up.
    wait = limiter.reserve(address)
    try:
        if wait > deadline - time.monotonic():
            limiter.cancel(address)
            # Each guest says it from the code and the seconds, in its own language.
            raise ChannelRefused(error_message(Ending.BUSY, (max(1, round(wait)),)))
        if wait > 0:
            await asyncio.sleep(wait)
    except asyncio.CancelledError:
        limiter.cancel(address)
        raise
    if not hmac.compare_digest(proof.mac, confirmation(keys.confirm_guest, keys.transcript)):
        limiter.failed(address)
        raise ChannelRefused(error_message(Ending.CODE))
    limiter.cancel(address)
    await conn.send(Confirm(confirmation(keys.confirm_host, keys.transcript)))
    conn.seal(Channel.for_host(keys), MAX_SEALED_FRAME)
    return keys


__all__ = [
    "ChannelRefused",
    "confirmation",
    "derive_keys",
    "host_refusal",
    "seal_as_guest",
    "seal_as_host",
    "transcript_hash",
]
