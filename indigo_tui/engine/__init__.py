"""The rules of Indigo: pure Python, no I/O and no user interface.

The public API, in the manner of python-chess::

    game = Game.new(Setup(players=2), seed=7)
    move = game.legal_moves[0]
    events = game.push(move)      # TilePlaced, GemMoved..., TileDrawn, GameOver?
    game.pop()                    # undo; game.redo() plays it again
    view = game.view(seat=1)      # what seat 1 may know, for bots, screens, peers
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
from .game import Game, IllegalMove, LogError, LogFault, Standing, rank, ranked, shuffled_deck
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
    "rank",
    "ranked",
    "rounds_allowed",
    "shuffled_deck",
]
