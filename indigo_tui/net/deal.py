"""The deal of a network round: how the host deals it, what it commits to,
and what a guest checks when it is revealed.

A guest cannot see the deck while a round is played, so the host deals it
from a secret of its own (:func:`secret_deck`: no guest can shuffle it before
the reveal, even from a known seed) and binds itself to it first:
:func:`commitment` (sent in the ``welcome`` and with each next round) is a
hash of the round's secret salt and the deck. At the round's end the host
reveals both, and the guest checks them (:func:`verify_deal`,
:func:`replay_own`): the commitment, the 54 tiles, every tile its own seat
drew and the events it was sent. A finished round told in a ``welcome``
replays from its deck and placements (:func:`replay_round`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..engine import Event, Game, IllegalMove, Move, Setup, TilePlaced, public_event, shuffled_deck
from ..engine.tiles import COUNTS
from ..i18n.words import refusal_text
from ..saves import PlayedRound
from .protocol import PastRound, ProtocolError


def secret_deck(seed: int | str | None, round_index: int, secret: str) -> tuple[int, ...]:
    """A network round's deck: shuffled from the match seed, the round and
    the host's secret for the round (its salt, committed to with the deck and
    revealed with it). A guest that knows the seed still cannot shuffle it
    before the reveal; the host's save keeps both, and the deck is in the
    round's log, so a saved game replays as ever."""
    return shuffled_deck(f"net:{seed}:{secret}", round_index)


def commitment(deck: Sequence[int], salt: str) -> str:
    """SHA-256 over the salt and the deck in draw order: binds the host to the
    deal without showing it."""
    return hashlib.sha256(f"indigo-deal/1:{salt}:{','.join(map(str, deck))}".encode()).hexdigest()


def verify_deal(
    commitment_hex: str, deck: Sequence[int], salt: str, my_draws: Sequence[tuple[int, int]], drawn: int
) -> str | None:
    """None if the revealed deck matches the commitment and every draw this
    seat saw; else what does not match, in words."""
    if commitment(deck, salt) != commitment_hex:
        return "the revealed deck does not match the commitment made at the start"
    if sorted(deck) != sorted(k for k, n in enumerate(COUNTS) for _ in range(n)):
        return "the revealed deck is not the 54 path tiles"
    if drawn > len(deck):
        return f"{drawn} tiles were drawn from a deck of {len(deck)}"
    for index, tile in my_draws:
        if deck[index] != tile:
            return f"draw {index + 1} gave this seat tile kind {tile} but the deck says {deck[index]}"
    return None


def replay_own(
    setup: Setup, round_index: int, events: Sequence[Event], deck: tuple[int, ...]
) -> tuple[Game | None, str | None]:
    """The round replayed from the revealed ``deck``; it must give the very
    ``events`` this seat saw. (game, None), or (None, what did not match)."""
    game = Game(setup, deck, round_index=round_index)
    try:
        for event in events:
            if type(event) is TilePlaced:
                game.push(Move(event.cell, event.tile, event.rotation))
    except IllegalMove as exc:
        return None, f"the revealed deck does not allow the moves played ({refusal_text(exc.refusal)})"
    mine = [public_event(e) for e in events]
    theirs = [public_event(e) for e in game.log]
    if mine != theirs:
        return None, "the revealed deck does not give the events that were played"
    return game, None


def replay_round(setup: Setup, round_: PastRound, index: int) -> Game:
    """A finished round of the match, replayed from its deck and placements;
    :class:`ProtocolError` if they do not make a whole round."""
    try:
        game = Game(setup, round_.deck, round_index=index)
        for move in round_.moves:
            game.push(Move.make(move.cell, move.tile, move.rotation))
    except (IllegalMove, ValueError, IndexError, KeyError, TypeError) as exc:
        raise ProtocolError(f"round {index + 1} as the host tells it cannot be replayed ({exc})") from None
    if not game.over:
        raise ProtocolError(f"round {index + 1} as the host tells it is not over")
    return game


def past_deal(round_: PastRound, index: int, known: PlayedRound | None, promised: str | None) -> str:
    """The check of a finished round told in a ``welcome``: against the
    round as this seat kept it (``known``), else against the commitment this
    seat was given for it (``promised``), else none could be made."""
    if known is not None:
        if known.deck != list(round_.deck) or known.salt != round_.salt:
            return f"the host's deck of round {index + 1} differs from the one it revealed before"
        return known.deal
    if promised is not None:
        matches = commitment(round_.deck, round_.salt) == promised
        return "verified" if matches else "the revealed deck does not match the commitment"
    return f"not checked: this seat did not see round {index + 1} begin"


__all__ = ["commitment", "past_deal", "replay_own", "replay_round", "secret_deck", "verify_deal"]
