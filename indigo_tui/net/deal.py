"""The deal of a network round: how the host deals it, what it commits to,
and what a guest checks when it is revealed.

A guest cannot see the deck while a round is played, so the host deals it
from a secret of its own (:func:`secret_deck`: no guest can shuffle it before
the reveal, even from a known seed) and binds itself to it first:
:func:`commitment` (sent in the ``welcome`` and with each next round) is a
hash of the round's secret salt and the deck. At the round's end the host
reveals both, and the guest checks them (:func:`check_reveal`): the
commitment, the 54 tiles, every tile its own seat drew and the events it was
sent. The finished rounds told in a ``welcome`` replay from their decks and
placements, each checked against what this seat knew of it
(:func:`past_rounds`); a guest's save of the whole match says how every
round's check came out (:func:`deals_meta`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from enum import StrEnum

import msgspec

from ..engine import Event, Game, IllegalMove, Match, Move, Setup, TilePlaced, public_event, shuffled_deck
from ..engine.tiles import COUNTS
from ..saves import GuestRecord, PlayedRound
from .protocol import Breach, PastRound, ProtocolError
from .state import SeatState


class DealCode(StrEnum):
    """How a guest's check of a round's deal came out (:class:`Deal`); in
    words: :func:`~indigo_tui.net.reasons.deal_text`."""

    #: The deck matches the commitment and every draw this seat saw.
    VERIFIED = "verified"
    #: The revealed deck does not match the commitment made at the start.
    COMMITMENT = "commitment"
    #: The revealed deck is not the 54 path tiles.
    NOT_THE_TILES = "not_the_tiles"
    #: Numbers: the tiles drawn, the deck's size.
    OVERDRAWN = "overdrawn"
    #: Numbers: the draw (from 0), the tile this seat got, the tile the deck says.
    DRAW_DIFFERS = "draw_differs"
    #: The revealed deck does not allow the moves played.
    MOVES_REFUSED = "moves_refused"
    #: The revealed deck does not give the events that were played.
    EVENTS_DIFFER = "events_differ"
    #: Number: the round (from 0) whose deck differs from the one revealed before.
    DECK_CHANGED = "deck_changed"
    #: Number: the round (from 0) this seat did not see begin, so nothing was promised to it.
    UNCHECKED = "unchecked"


class Deal(msgspec.Struct, frozen=True):
    """A round's deal as this seat checked it: a :class:`DealCode` and its
    numbers. (From a record an older version wrote, ``code`` may be its
    English words instead: shown as they are.)"""

    code: str
    args: tuple[int, ...] = ()

    @property
    def verified(self) -> bool:
        return self.code == DealCode.VERIFIED

    @classmethod
    def of(cls, played: PlayedRound) -> Deal:
        """The check a record keeps for a finished round."""
        return cls(played.deal, tuple(played.deal_args))

    def __str__(self) -> str:
        # For developers and the save's metadata: people read deal_text's words.
        return self.code if not self.args else f"{self.code}{list(self.args)}"


VERIFIED = Deal(DealCode.VERIFIED)


def secret_deck(seed: int | str | None, round_index: int, secret: str) -> tuple[int, ...]:
    """A network round's deck: shuffled from the match seed, the round and
    the host's secret for the round (its salt, committed to with the deck and
    revealed with it). A guest that knows the seed still cannot shuffle it
    before the reveal; the host's save keeps both, and the deck is in the
    round's log, so a saved game replays as ever."""
    return shuffled_deck(f"net:{seed}:{secret}", round_index)


def new_match(setup: Setup, rounds: int, seed: int | str | None) -> tuple[Match, str]:
    """A new network match, its first round dealt from a fresh secret of the
    host's (as every later one: :func:`secret_deck`); the match and that
    round's salt. A new table's game and a rematch are dealt alike."""
    salt = secrets.token_hex(16)
    first = Game(setup, secret_deck(seed, 0, salt), round_index=0)
    return Match.from_games(setup, rounds, seed, [first]), salt


def commitment(deck: Sequence[int], salt: str) -> str:
    """SHA-256 over the salt and the deck in draw order: binds the host to the
    deal without showing it."""
    return hashlib.sha256(f"indigo-deal/1:{salt}:{','.join(map(str, deck))}".encode()).hexdigest()


def verify_deal(
    commitment_hex: str, deck: Sequence[int], salt: str, my_draws: Sequence[tuple[int, int]], drawn: int
) -> Deal | None:
    """None if the revealed deck matches the commitment and every draw this
    seat saw; else what does not match."""
    if commitment(deck, salt) != commitment_hex:
        return Deal(DealCode.COMMITMENT)
    if sorted(deck) != sorted(k for k, n in enumerate(COUNTS) for _ in range(n)):
        return Deal(DealCode.NOT_THE_TILES)
    if drawn > len(deck):
        return Deal(DealCode.OVERDRAWN, (drawn, len(deck)))
    for index, tile in my_draws:
        if deck[index] != tile:
            return Deal(DealCode.DRAW_DIFFERS, (index, tile, deck[index]))
    return None


def replay_own(
    setup: Setup, round_index: int, events: Sequence[Event], deck: tuple[int, ...]
) -> tuple[Game | None, Deal | None]:
    """The round replayed from the revealed ``deck``; it must give the very
    ``events`` this seat saw. (game, None), or (None, what did not match)."""
    game = Game(setup, deck, round_index=round_index)
    try:
        for event in events:
            if type(event) is TilePlaced:
                game.push(Move(event.cell, event.tile, event.rotation))
    except IllegalMove:
        return None, Deal(DealCode.MOVES_REFUSED)
    mine = [public_event(e) for e in events]
    theirs = [public_event(e) for e in game.log]
    if mine != theirs:
        return None, Deal(DealCode.EVENTS_DIFFER)
    return game, None


def replay_round(setup: Setup, round_: PastRound, index: int) -> Game:
    """A finished round of the match, replayed from its deck and placements;
    :class:`ProtocolError` if they do not make a whole round."""
    try:
        game = Game(setup, round_.deck, round_index=index)
        for move in round_.moves:
            game.push(Move.make(move.cell, move.tile, move.rotation))
    except (IllegalMove, ValueError, IndexError, KeyError, TypeError) as exc:
        raise ProtocolError(Breach.ROUND_REPLAY, (index,)) from exc
    if not game.over:
        raise ProtocolError(Breach.ROUND_NOT_OVER, (index,))
    return game


def check_reveal(
    commitment_hex: str, state: SeatState, round_index: int, deck: tuple[int, ...], salt: str
) -> tuple[PlayedRound, Game | None]:
    """The round ``state`` played, checked at its reveal against the deal
    promised for it (``commitment_hex``): the round as this seat keeps it
    from now on (its deck, salt, placements and the check's outcome), and
    the round whole, replayed from ``deck`` (None if the check failed)."""
    problem = verify_deal(commitment_hex, deck, salt, state.my_draws, state.drawn)
    game = None
    if problem is None:
        game, problem = replay_own(state.setup, round_index, state.events, deck)
    deal = VERIFIED if problem is None else problem
    moves = [move for _, move in game.moves] if game is not None else []
    return PlayedRound(list(deck), salt, moves, deal.code, list(deal.args)), game


def past_deal(round_: PastRound, index: int, known: PlayedRound | None, promised: str | None) -> Deal:
    """The check of a finished round told in a ``welcome``: against the
    round as this seat kept it (``known``), else against the commitment this
    seat was given for it (``promised``), else none could be made."""
    if known is not None:
        if known.deck != list(round_.deck) or known.salt != round_.salt:
            return Deal(DealCode.DECK_CHANGED, (index,))
        return Deal.of(known)
    if promised is not None:
        matches = commitment(round_.deck, round_.salt) == promised
        return VERIFIED if matches else Deal(DealCode.COMMITMENT)
    return Deal(DealCode.UNCHECKED, (index,))


def past_rounds(
    setup: Setup, past: Sequence[PastRound], record: GuestRecord | None
) -> tuple[list[PlayedRound], list[Game]]:
    """The match's finished rounds told in a ``welcome``: each replayed
    from its deck (moves the deck does not allow are the host's fault:
    :class:`ProtocolError`), and its deal checked against the round as this
    seat's ``record`` kept it, or the commitment it was given for it, when
    it was given one (:func:`past_deal`)."""
    played, games = [], []
    for index, round_ in enumerate(past):
        games.append(replay_round(setup, round_, index))
        known = record.past[index] if record is not None and index < len(record.past) else None
        promised = record.commitment if record is not None and record.round == index else None
        deal = past_deal(round_, index, known, promised)
        played.append(
            PlayedRound(list(round_.deck), round_.salt, list(round_.moves), deal.code, list(deal.args))
        )
    return played, games


def deals_meta(played: Sequence[PlayedRound]) -> str:
    """How a match's deals checked out, for a save's metadata (read by
    programs, so codes, not words): ``verified``, else each round's check
    that did not come out so, ``; ``-separated."""
    problems = [str(deal) for deal in map(Deal.of, played) if not deal.verified]
    return "; ".join(problems) if problems else str(VERIFIED)


__all__ = [
    "VERIFIED",
    "Deal",
    "DealCode",
    "check_reveal",
    "commitment",
    "deals_meta",
    "new_match",
    "past_deal",
    "past_rounds",
    "replay_own",
    "replay_round",
    "secret_deck",
    "verify_deal",
]
