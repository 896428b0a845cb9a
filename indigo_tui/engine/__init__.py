"""The rules of Indigo: pure Python, no I/O and no user interface.

The public API, in the manner of python-chess:

>>> game = Game.new(Setup(players=2), seed=7)
>>> move = game.legal_moves[0]
>>> move
Move.parse('223/0@1,-4')
>>> [type(event).__name__ for event in game.push(move)]  # what the move caused
['TilePlaced', 'TileDrawn']
>>> game.pop() == move                                    # undo; redo plays it again
True
>>> view = game.view(seat=1)     # what seat 1 may know, for bots, screens, peers
>>> view.refusal(move)           # a refusal is a code and its numbers, never words
Refused(code=<Refusal.NOT_YOUR_TURN: 'not_your_turn'>, args=(0, 1))

The board is the one judge of a placement (:meth:`Board.refusal`); the game
and each seat's view add only whose turn it is and what is in the hand.
"""

from .board import Board, RulesViolation
from .events import (
    GEM_INDEX,
    GEM_KIND,
    GEM_KINDS_ORDER,
    GEM_POINTS,
    Event,
    GameOver,
    GameStarted,
    GemKind,
    GemMoved,
    TileDrawn,
    TilePlaced,
    public_event,
)
from .game import Game, IllegalMove, LogError, LogFault, Standing, shuffled_deck, standings, winners
from .match import MAX_ROUNDS, Match, parse_seed, rounds_allowed
from .moves import Move, MoveParseError, MoveSyntax
from .refusals import Refusal, Refused
from .setup import Setup, SetupError, SetupFault, Variant
from .tiles import TileKind
from .views import SeatView

__all__ = [
    "GEM_INDEX",
    "GEM_KIND",
    "GEM_KINDS_ORDER",
    "GEM_POINTS",
    "MAX_ROUNDS",
    "Board",
    "Event",
    "Game",
    "GameOver",
    "GameStarted",
    "GemKind",
    "GemMoved",
    "IllegalMove",
    "LogError",
    "LogFault",
    "Match",
    "Move",
    "MoveParseError",
    "MoveSyntax",
    "Refusal",
    "Refused",
    "RulesViolation",
    "SeatView",
    "Setup",
    "SetupError",
    "SetupFault",
    "Standing",
    "TileDrawn",
    "TileKind",
    "TilePlaced",
    "Variant",
    "parse_seed",
    "public_event",
    "rounds_allowed",
    "shuffled_deck",
    "standings",
    "winners",
]
