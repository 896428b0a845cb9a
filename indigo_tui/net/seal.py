"""Sealed frames: each direction of a connection under its own key.

Once the join code is proven (:mod:`.channel` agrees the keys), every frame's
body is ChaCha20-Poly1305 of the message with that direction's key and, as
nonce, a 64-bit count of the frames sent that way before: a frame replayed,
reordered, dropped, altered or injected fails to open and ends the
connection. :class:`~.transport.Connection` seals and opens with a
:class:`Channel`; this module knows nothing of sockets or of the join code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from .protocol import MAX_FRAME, Breach, ChannelSpent, ProtocolError

#: Poly1305's tag: a sealed body is this much longer than the message.
TAG_SIZE: Final = 16
#: The largest sealed body.
MAX_SEALED_FRAME: Final = MAX_FRAME + TAG_SIZE
#: Frames one direction may seal; the nonce is never reused, so past this the
#: connection ends (at one frame a microsecond, after half a million years).
MAX_FRAMES: Final = 2**64


class SealBroken(ProtocolError):
    """A sealed frame did not open: it was altered, replayed, reordered,
    dropped or injected on the way (or sealed with another key)."""


@dataclass(frozen=True)
class SessionKeys:
    """What one handshake agreed: a confirmation key and a sealing key per direction."""

    transcript: bytes
    confirm_guest: bytes
    confirm_host: bytes
    guest_to_host: bytes
    host_to_guest: bytes


class FrameCipher:
    """One direction of a channel: ChaCha20-Poly1305 with this direction's key;
    the nonce is the count of frames before this one (never reused)."""

    def __init__(self, key: bytes, counter: int = 0) -> None:
        self._aead = ChaCha20Poly1305(key)
        self.counter = counter

    def _nonce(self) -> bytes:
        if self.counter >= MAX_FRAMES:
            raise ChannelSpent(Breach.SPENT)
        nonce = b"\0\0\0\0" + self.counter.to_bytes(8, "big")
        self.counter += 1
        return nonce

    def seal(self, body: bytes) -> bytes:
        return self._aead.encrypt(self._nonce(), body, None)

    def open(self, sealed: bytes) -> bytes:
        counter = self.counter
        try:
            return self._aead.decrypt(self._nonce(), sealed, None)
        except InvalidTag:
            raise SealBroken(Breach.SEAL_BROKEN, (counter,)) from None


@dataclass
class Channel:
    """Both directions of one sealed connection, as one side sees them."""

    outgoing: FrameCipher
    incoming: FrameCipher

    @classmethod
    def for_guest(cls, keys: SessionKeys) -> Channel:
        return cls(FrameCipher(keys.guest_to_host), FrameCipher(keys.host_to_guest))

    @classmethod
    def for_host(cls, keys: SessionKeys) -> Channel:
        return cls(FrameCipher(keys.host_to_guest), FrameCipher(keys.guest_to_host))


__all__ = [
    "MAX_FRAMES",
    "MAX_SEALED_FRAME",
    "TAG_SIZE",
    "Channel",
    "FrameCipher",
    "SealBroken",
    "SessionKeys",
]
