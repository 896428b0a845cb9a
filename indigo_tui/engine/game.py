"""A round of Indigo as an event-sourced log, with undo and redo.

``Game`` validates a :class:`Move`, turns it into events and folds them into
its :class:`Board` and private state (deck, hands, every seat's gems). The log
is the game: replaying it gives the same state, saving it saves the game, and
undoing a move is folding the log without that move's events.
"""

from __future__ import annotations

import _random
from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from hashlib import sha512
from typing import Final

import msgspec
import msgspec.structs

from .board import KINDS, Board
from .events import (
    GEM_INDEX,
    GEM_KIND,
    GEM_KINDS_ORDER,
    GEM_POINTS,
    HIDDEN_DRAWS,
    Event,
    GameOver,
    GameStarted,
    GemMoved,
    SeatLog,
    TileDrawn,
    TilePlaced,
    gem_triple,
)
from .geometry import CELL_COUNT
from .moves import Move
from .refusals import Refused
from .setup import Setup
from .tiles import COUNTS, NORMAL
from .views import DeckCount, SeatView

_POINTS = tuple(GEM_POINTS[kind] for kind in GEM_KINDS_ORDER)
# What every push makes, as this module's own constants: compiled, a constant
# of the module is read directly, a name imported from a plain module is
# looked up by name at every use (events.py is plain: msgspec's structs).
_PLACED: Final = TilePlaced
_FIELDS: Final = msgspec.structs.astuple
_HIDDEN: Final = HIDDEN_DRAWS
#: Events are frozen, so equal ones may be one object: every draw and every
#: placement is made once and shared by every log that records it (a game
#: then makes, and frees, no object for them at each move). A draw is
#: ``_DRAWS[seat * KINDS + tile]``; a placement (of a seat, a path cell and
#: a tile in normal rotation) ``_PLACEMENTS[(seat * CELL_COUNT + cell) * 30 +
#: tile * 6 + rotation]``, made the first time it is played.
_DRAWS: Final[tuple[TileDrawn, ...]] = tuple(
    TileDrawn(seat, tile) for seat in range(4) for tile in range(KINDS)
)
_PLACEMENTS: Final[list[TilePlaced | None]] = [None] * (4 * CELL_COUNT * 30)
#: ``_GEM_INDEX[gem]``: the place of the gem's kind in a seat's ``collected``.
_GEM_INDEX: Final[tuple[int, ...]] = tuple(GEM_INDEX[kind] for kind in GEM_KIND)
_FULL_BOX = sorted(kind for kind, count in enumerate(COUNTS) for _ in range(count))


#: How many tiles of each kind the box holds, a byte a kind: kind ``k``'s
#: count at ``1 << (8 * k)`` (no kind has 256 tiles).
_BOX_COUNTS: Final = sum(count << (8 * kind) for kind, count in enumerate(COUNTS))


def _full_box(deck: tuple[int, ...]) -> bool:
    """Whether ``deck`` holds exactly the box's 54 path tiles: each kind counted
    in its byte of one native int (compiled, a list of counts costs a boxed
    read and write a tile), compared with the box's counts at once."""
    if len(deck) != len(_FULL_BOX):
        return False
    counts = 0
    for kind in deck:
        if not 0 <= kind < KINDS:
            return False
        counts += 1 << (8 * kind)
    return counts == _BOX_COUNTS


class IllegalMove(ValueError):
    """A move the rules do not allow; ``refusal`` says why, as a code with its
    arguments (in words: :func:`indigo_tui.i18n.words.refusal_text`)."""

    def __init__(self, move: Move, refusal: Refused) -> None:
        self.move = move
        self.refusal = refusal
        # For developers: people read the refusal in their language.
        super().__init__(f"{move}: {refusal}")


class LogFault(StrEnum):
    """What is wrong with a game's log (:class:`LogError`), with the numbers
    each code carries (counted from 1, as people count moves and seats)."""

    #: The log does not begin with the start of a round.
    NO_START = "no_start"
    #: The round's setup or deck is not one of the rules.
    SETUP = "setup"
    #: Numbers: the move, the seat that moved out of turn.
    OUT_OF_TURN = "out_of_turn"
    #: Number: the move; the rules' reason is the error's ``refusal``.
    ILLEGAL = "illegal"
    #: Numbers: the events in the log, the events its moves make.
    LENGTH = "length"
    #: Number: the first event that does not follow from the moves.
    DIFFERS = "differs"
    #: A tile was drawn from an empty deck.
    EMPTY_DECK = "empty_deck"
    #: A drawn tile does not match the deck.
    DECK_MISMATCH = "deck_mismatch"


class LogError(ValueError):
    """A log that is not the record of a game played by the rules: ``code``
    says what is wrong, ``numbers`` what it is about (see :class:`LogFault`),
    and ``refusal`` is the rules' reason when a move was illegal; in words:
    :func:`indigo_tui.i18n.words.log_error_text`."""

    def __init__(self, code: LogFault, numbers: tuple[int, ...] = (), refusal: Refused | None = None) -> None:
        self.code = code
        self.numbers = numbers
        self.refusal = refusal
        # For developers: people read log_error_text's words.
        super().__init__(f"{code.value}{list(numbers)}" + (f": {refusal}" if refusal is not None else ""))


class Standing(msgspec.Struct, frozen=True):
    """A seat's result: its points, gems (in all and by kind: amber, emerald,
    sapphire), whether it won, and its ``place`` (1 the best; seats equal on
    points and gems share a place, and the next place skips as many)."""

    seat: int
    points: int
    gems: int
    collected: tuple[int, int, int]
    winner: bool
    place: int


def randbelow(getrandbits: Callable[[int], int], n: int) -> int:
    """``rng.randrange(n)`` for ``n`` above 0, given ``rng.getrandbits``: the
    same number from the same state of ``rng``, by the same draws
    (``Random._randbelow``: ``n``'s bit length of random bits, again while not
    below ``n``), without ``randrange``'s layers of Python around them."""
    bits = n.bit_length()
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


def stream(seed: int | str | None) -> _random.Random:
    """A Mersenne Twister in the state ``random.Random(seed)`` starts in, so
    that its ``getrandbits`` and ``random`` make the same draws, made by the
    C type alone: ``random.Random`` is that type with two frames of Python
    around its seeding (``__init__`` and ``seed``), which cost a third of a
    seeding, and a game seeds three streams (the deck's and two bots').
    A text seed becomes the int ``Random.seed`` makes of it (version 2: the
    text's UTF-8 bytes followed by their SHA-512, read as one big-endian
    int); an int is seeded as it is; None from the system's randomness, as
    ``random.Random()``. tests/engine/test_stream.py holds the states equal."""
    if isinstance(seed, str):
        data = seed.encode()
        return _random.Random(int.from_bytes(data + sha512(data).digest()))
    return _random.Random(seed)


def shuffled_deck(seed: int | str | None, round_index: int = 0) -> tuple[int, ...]:
    """The 54 path tiles' kinds in draw order, fixed by ``seed`` and the round."""
    tiles = list(_FULL_BOX)
    rng = stream(f"indigo:{seed}:{round_index}" if seed is not None else None)
    # rng.shuffle(tiles), swap by swap (Random.shuffle's own loop), on randbelow's draws.
    getrandbits = rng.getrandbits
    for i in range(len(tiles) - 1, 0, -1):
        j = randbelow(getrandbits, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(tiles)


def winners(scores: Sequence[int], gem_counts: Sequence[int]) -> tuple[int, ...]:
    """The winning seats: most points, then most gems; equal on both, they share the win.

    >>> winners((6, 9, 9), (5, 4, 6)), winners((6, 6), (3, 3))
    ((2,), (0, 1))
    """
    assert len(scores) == len(gem_counts), "winners() needs a gem count per score"
    # Plain loops rather than max() over zips: the game asks this at every end.
    best_points = max(scores)
    best_gems = -1
    for seat in range(len(scores)):
        if scores[seat] == best_points and gem_counts[seat] > best_gems:
            best_gems = gem_counts[seat]
    won: list[int] = []
    for seat in range(len(scores)):
        if scores[seat] == best_points and gem_counts[seat] == best_gems:
            won.append(seat)
    return tuple(won)


def standings(
    scores: Sequence[int],
    gem_counts: Sequence[int],
    collected: Sequence[tuple[int, int, int]] | None = None,
    *,
    over: bool = True,
) -> list[Standing]:
    """Every seat's :class:`Standing`, best first by :func:`winners`' order
    (points, then gems; a tie keeps seat order and shares the place). Gems by
    kind (``collected``) are zeros where not known; before the end (``over``
    false) the places stand but nobody has won.

    >>> [(s.seat, s.place, s.winner) for s in standings((6, 9, 9, 6), (5, 4, 6, 5))]
    [(2, 1, True), (1, 2, False), (0, 3, False), (3, 3, False)]
    """
    won = winners(scores, gem_counts) if over else ()
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], -gem_counts[seat], seat))
    result: list[Standing] = []
    for index, seat in enumerate(order):
        before = result[-1] if result else None
        shared = before is not None and (before.points, before.gems) == (scores[seat], gem_counts[seat])
        result.append(
            Standing(
                seat,
                scores[seat],
                gem_counts[seat],
                collected[seat] if collected is not None else (0, 0, 0),
                seat in won,
                before.place if before is not None and shared else index + 1,
            )
        )
    return result


def _normalised(placed: TilePlaced) -> TilePlaced:
    """``placed`` with its normal rotation (a placement the rules refuse stays as it is)."""
    if not 0 <= placed.tile < len(COUNTS) or not 0 <= placed.rotation < 6:
        return placed
    return TilePlaced(placed.seat, placed.cell, placed.tile, NORMAL[placed.tile][placed.rotation])


#: What the logs hold in the place of a gem move's event until it is made
#: (:class:`PendingGemMoves`); never seen outside: every read settles first.
_LATER: Final = GemMoved(-1, "amber", (), "rest")


class PendingGemMoves:
    """The gem moves of a round whose events are not made yet.

    Making a gem move's event (its route as a tuple, the event itself) cost
    more than tracing the move, and most are never read: a bot's game is
    played on the board and a seat's view, not on the log. So a placement
    keeps each gem move as the board's record of it (``Board.move_gems``),
    the logs hold :data:`_LATER` in its place, and :meth:`settle` makes the
    events (``Board.gem_event``, the route read off the paths laid, which
    stay until their placement is undone) the first time the log is read:
    ``Game.log``, a seat's :class:`~indigo_tui.engine.events.SeatLog`, an
    undo. The same events, in the same places, as made at once.

    It holds what every seat may see (the board, the public log, the gem
    moves), never the game or its own log, which holds the deck and every
    seat's draws: a seat's log asks it to settle, and nothing private is
    reachable from a seat's view through it. The game copies the events it
    made into its own log (:attr:`made`) when that is read.
    """

    def __init__(self, board: Board, public: list[Event]) -> None:
        self.board = board
        self.public = public
        #: Each gem move's record, in the order of the log.
        self.records: list[int] = []
        #: Per placement that moved gems, where their events go: ``at << 6 | moved``.
        self.spans: list[int] = []
        #: The spans whose events are made in the public log and not yet
        #: copied into the game's own.
        self.made: list[int] = []

    def settle(self) -> None:
        """Make every pending event and put it in its place in the public log."""
        spans = self.spans
        if not spans:
            return
        board = self.board
        public = self.public
        records = self.records
        next_record = 0
        for span in spans:
            at = span >> 6
            for offset in range(span & 63):
                public[at + offset] = board.gem_event(records[next_record])
                next_record += 1
        self.made.extend(spans)
        records.clear()
        spans.clear()


class Game:
    """One round: a :class:`Board`, the private deck, hands and gems, and the log."""

    def __init__(self, setup: Setup, deck: Sequence[int] | None, *, round_index: int = 0) -> None:
        """Start a round with ``deck`` as the draw order. ``None`` makes an *open*
        game, as read from the canonical notation, where each placed tile comes
        from the box. Use :meth:`new` to shuffle by seed."""
        cards = None if deck is None else tuple(deck)
        if cards is not None and not _full_box(cards):
            raise ValueError("a deck must hold exactly the 54 path tiles")
        self.setup = setup
        self._redo: list[Move] = []
        self._reset()
        # The start, public without its deck (as public_event makes it, without
        # a call into events.py, plain Python), and the deal (:meth:`_draw`).
        started = GameStarted(setup, cards, round_index)
        self.deck: tuple[int, ...] | None = cards
        self.round_index = round_index
        log = self._log
        public = self._public_log
        log.append(started)
        public.append(started if cards is None else GameStarted(setup, None, round_index))
        if cards is not None:
            self._deck_count.left = len(cards)
            players = setup.players
            for _ in range(setup.hand_size):
                for seat in range(players):
                    self._draw(seat)

    @classmethod
    def new(cls, setup: Setup, seed: int | str | None = None, *, round_index: int = 0) -> Game:
        """A round dealt from a deck shuffled by ``seed`` (random if None):
        the same seed deals the same tiles.

        >>> game = Game.new(Setup(players=3), seed=7)
        >>> game.turn, game.tiles_left, game.view(0).hand
        (0, 51, (4,))
        >>> Game.new(Setup(players=3), seed=7).deck == game.deck
        True
        """
        return cls(setup, shuffled_deck(seed, round_index), round_index=round_index)

    @classmethod
    def open(cls, setup: Setup) -> Game:
        """A game with no deck: any tile still in the box may be placed."""
        return cls(setup, None)

    def _reset(self) -> None:
        players = self.setup.players
        self.board = Board(self.setup)
        self.drawn = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.collected: list[list[int]] = [[0, 0, 0] for _ in range(players)]
        self.round_index = 0
        #: The log, its gem moves' events made when it is read (:attr:`log`).
        self._log: list[Event] = []
        #: The log as every seat may see it (public_event's), which every
        #: seat's log reads, and each seat's own draws with their indices in
        #: the log (SeatLog): an event is appended once for all seats.
        self._public_log: list[Event] = []
        self._pending = PendingGemMoves(self.board, self._public_log)
        self._own_draws: list[list[TileDrawn]] = [[] for _ in range(players)]
        self._own_at: list[list[int]] = [[] for _ in range(players)]
        #: Tiles still in the deck, shared with the live seat views.
        self._deck_count = DeckCount(0)
        #: Each seat's live view: the state's lists never change identity
        #: (undo folds them back in place), so one view per seat serves for good.
        settle = self._pending.settle
        self._views = [
            SeatView(
                seat,
                self.board,
                self.hands[seat],
                self.collected[seat],
                SeatLog(self._public_log, self._own_draws[seat], self._own_at[seat], seat, settle),
                self._deck_count,
            )
            for seat in range(players)
        ]
        #: Per placement, what undoing it needs: its index in the log and where
        #: in its seat's hand the tile was (the rest follows from its events),
        #: one int a placement, ``start * 4 + held + 1``: a hand holds one or
        #: two tiles (``Setup.hand_size``), so ``held`` is 0 or 1, or -1 in an
        #: open game, and ``held + 1`` fits in two bits. One append a move, not two.
        self._move_starts: list[int] = []

    # -- the log -------------------------------------------------------------

    def _draw(self, seat: int, played: int = -1) -> None:
        """``seat`` draws the deck's next tile, in place of the one at
        ``played`` in its hand (-1: none played, as in the deal), and the draw
        is recorded: in the log, hidden in the public log (as public_event
        makes it, without a call into events.py, plain Python), and among the
        seat's own draws."""
        deck = self.deck
        assert deck is not None
        drawn = deck[self.drawn]
        hand = self.hands[seat]
        if played < 0:
            hand.append(drawn)
        elif played == len(hand) - 1:
            # The drawn tile takes the played one's place, the last: the hand
            # that removing it and appending the draw leaves, at one store
            # (compiled, ``del hand[played]`` is a generic deletion, and a list
            # emptied and filled again is reallocated twice).
            hand[played] = drawn
        else:
            del hand[played]
            hand.append(drawn)
        self.drawn += 1
        self._deck_count.left -= 1
        event = _DRAWS[seat * KINDS + drawn]
        log = self._log
        self._own_draws[seat].append(event)
        self._own_at[seat].append(len(log))
        log.append(event)
        self._public_log.append(_HIDDEN[seat])  # a setup seats 2 to 4 players

    # -- playing -------------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        """Every event of the round so far, in order: the start, the deal,
        and each move's placement, gem moves, draw and the end. The same list
        from push to push and undo to undo; read it, never change it."""
        pending = self._pending
        pending.settle()
        log = self._log
        made = pending.made
        if made:
            # The events made in the public log, the same objects in the same places here.
            public = self._public_log
            for span in made:
                at = span >> 6
                for offset in range(span & 63):
                    log[at + offset] = public[at + offset]
            made.clear()
        return log

    @property
    def turn(self) -> int:
        """The seat to move."""
        return self.board.turn

    @property
    def over(self) -> bool:
        return self.board.gems_on_board == 0  # Board.over, read at every move

    @property
    def tiles_left(self) -> int:
        """Tiles still in the deck (public)."""
        return self._deck_count.left

    def refusal(self, move: Move, seat: int | None = None) -> Refused | None:
        """Why ``move`` is not legal now (for ``seat``, if given; else for the
        seat to move), or None. The board judges the placement
        (:meth:`Board.seat_refusal`, the same question a seat's view asks);
        the game adds only the hand of the seat to move, or the box in an
        open game.

        >>> game = Game.new(Setup(players=2), seed=0)
        >>> game.refusal(Move.parse('223/0@1,-4')) is None
        True
        >>> game.refusal(Move.parse('223/0@1,-4'), seat=1)
        Refused(code=<Refusal.NOT_YOUR_TURN: 'not_your_turn'>, args=(0, 1))
        """
        board = self.board
        return board.seat_refusal(board.turn if seat is None else seat, self.hands[board.turn], move)

    def is_legal(self, move: Move) -> bool:
        return self.refusal(move) is None

    @property
    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to move, each placement once: a tile
        whose turns look alike (a straight, a symmetric curve) is listed in its
        normal rotation only (:data:`~indigo_tui.engine.tiles.NORMAL`).

        >>> game = Game.new(Setup(players=2), seed=0)
        >>> len(game.legal_moves), game.legal_moves[0]
        (162, Move.parse('223/0@1,-4'))
        """
        board = self.board
        return board.moves_for(self.hands[board.turn])

    def preview(self, move: Move) -> list[GemMoved]:
        """The gem moves ``move`` would cause, leaving the game unchanged."""
        refused = self.refusal(move)
        if refused is not None:
            raise IllegalMove(move, refused)
        return self.board.gem_moves(move.cell, move.tile, move.rotation)

    def push(self, move: Move) -> list[Event]:
        """Play ``move`` for the seat to move; returns the events it caused.

        Raises :class:`IllegalMove` (with the rules' reason) for a move
        :meth:`refusal` refuses. A rotation that places the same tile as one
        of :attr:`legal_moves` (a straight turned 3, say) is accepted and
        recorded as that one, its normal rotation, so the log holds one record
        of each placement and replays exactly: every move ``push`` accepts,
        :meth:`from_log` reads back.

        >>> game = Game.new(Setup(players=2), seed=0)
        >>> game.push(Move.parse('223/0@1,-4'))[0]
        TilePlaced(seat=0, cell=1, tile=4, rotation=0)
        >>> game.push(Move(game.legal_moves[0].cell, 4, 5))[0]  # 223 turned 5 is 223 turned 2
        TilePlaced(seat=1, cell=2, tile=4, rotation=2)
        >>> game.moves[-1][1], len(Game.from_log(game.log).moves)
        (Move.parse('223/2@2,-4'), 2)
        """
        first = len(self._log)
        self._push(move)
        return self.log[first:]

    def play_out(self, choosers: Sequence[Callable[[SeatView], Move]]) -> None:
        """Play to the end, each seat's move chosen by ``choosers[seat]`` from
        that seat's view (a bot's ``choose``): :meth:`push` move after move,
        without the list of events each push returns. A chooser's move the
        rules refuse raises :class:`IllegalMove` as :meth:`push` does."""
        board = self.board
        views = self._views
        chosen = list(choosers)  # a list's item is read natively, compiled; a Sequence's generically
        while board.gems_on_board:
            seat = board.turn
            self._push(chosen[seat](views[seat]))

    def _push(self, move: Move) -> None:
        """:meth:`push`, without making the list of the events it caused."""
        board = self.board
        # The move's three fields at one C call: compiled, each of ``move.cell``,
        # ``move.tile`` and ``move.rotation`` is a look-up by name (Move is
        # msgspec's, not a native class), three times the cost.
        placement: tuple[int, int, int] = _FIELDS(move)
        cell, tile, rotation = placement
        refused = board.judge(board.turn, self.hands[board.turn], cell, tile, rotation)  # self.refusal(move)
        if refused is not None:
            raise IllegalMove(move, refused)
        normal = NORMAL[tile][rotation]
        if normal != rotation:
            move = Move(cell, tile, normal)
            rotation = normal
        redo = self._redo
        if redo:
            if redo[-1] == move:
                redo.pop()
            else:
                redo.clear()
        self._play(cell, tile, rotation)

    def _play(self, cell: int, tile: int, rotation: int) -> None:
        """Record a legal placement's events and fold them into the state: the
        board by its own folds, the hand, the gems collected, and what undoing
        the move needs."""
        board = self.board
        seat = board.turn
        log = self._log
        public = self._public_log
        board.apply_placement(seat, cell, tile, rotation)
        deck = self.deck
        hand = self.hands[seat]
        # The tile leaves the hand where it was held (an open game has no
        # hands), at the draw below.
        held = -1 if deck is None else hand.index(tile)
        self._move_starts.append(len(log) * 4 + held + 1)
        # A placement and the gem moves it causes are public as they are
        # (public_event keeps them): the seats' log takes the same objects.
        shared = (seat * CELL_COUNT + cell) * 30 + tile * 6 + rotation
        placed = _PLACEMENTS[shared]
        if placed is None:
            placed = _PLACEMENTS[shared] = _PLACED(seat, cell, tile, rotation)
        log.append(placed)
        public.append(placed)
        # Traced on the tile just laid, the gems not yet moved, and moved; each
        # move's event made when the log is read (PendingGemMoves), a
        # placeholder in its place in both logs until then.
        pending = self._pending
        moved = board.move_gems(cell, pending.records)
        if moved:
            pending.spans.append((len(log) << 6) | moved)
            for _ in range(moved):
                log.append(_LATER)
                public.append(_LATER)
            gated = board.gated
            if gated:
                gates = board.gates
                collected = self.collected
                for at in range(0, len(gated), 2):
                    index = _GEM_INDEX[gated[at]]
                    for scorer in gates[gated[at + 1]]:
                        gems = collected[scorer]
                        gems[index] = gems[index] + 1  # not +=: native, compiled
        if deck is not None and self.drawn < len(deck):
            self._draw(seat, held)
        elif held >= 0:
            del hand[held]  # the deck is out: nothing takes the tile's place
        if board.gems_on_board == 0:
            scores = self.scores
            counts = self.gem_counts
            over = GameOver(scores, counts, winners(scores, counts))  # public as it is
            log.append(over)
            public.append(over)
        elif not board.empty_cells:
            raise AssertionError("the board is full but gems remain: the rules say this cannot be")

    def pop(self) -> Move:
        """Undo the last move in place, as python-chess does: ``board``, the
        hands, the gems and the logs stay the same objects (so live views
        follow), each folded back by the move's own events, last first.
        :meth:`redo` plays the move again with the same draws. Returns the
        move undone; :class:`IndexError` when there is none.

        >>> game = Game.new(Setup(players=2), seed=0)
        >>> before = list(game.log)
        >>> _ = game.push(game.legal_moves[0])
        >>> game.pop(), game.log == before, game.can_redo
        (Move.parse('223/0@1,-4'), True, True)
        """
        if not self._move_starts:
            raise IndexError("no move to undo")
        log = self.log  # its gem moves' events made (they are folded back below)
        undone = self._move_starts.pop()
        start = undone >> 2
        held = (undone & 3) - 1
        placed = log[start]
        assert type(placed) is TilePlaced
        board = self.board
        for event in reversed(log[start + 1 :]):
            if type(event) is GemMoved:
                board.unapply_gem_move(event)
                if event.outcome == "gate":
                    index = GEM_INDEX[event.kind]
                    for seat in event.scorers:
                        self.collected[seat][index] -= 1
            elif type(event) is TileDrawn:
                self.hands[event.seat].pop()
                self.drawn -= 1
                self._deck_count.left += 1
        if held >= 0:
            self.hands[placed.seat].insert(held, placed.tile)
        last_cell = -1
        if self._move_starts:
            before = log[self._move_starts[-1] >> 2]
            assert type(before) is TilePlaced
            last_cell = before.cell
        board.lift_placement(placed.seat, placed.cell, placed.tile, last_cell)
        del log[start:]
        del self._public_log[start:]
        for own, at in zip(self._own_draws, self._own_at, strict=True):
            # Own draws in the order drawn: the undone move's are the last.
            while at and at[-1] >= start:
                at.pop()
                own.pop()
        move = Move(placed.cell, placed.tile, placed.rotation)
        self._redo.append(move)
        return move

    def redo(self) -> list[Event]:
        """Play the last undone move again (the same tile drawn after it), as
        :meth:`push` does; :class:`IndexError` when nothing is undone. A move
        pushed after an undo other than the undone one ends the redos.

        >>> game = Game.new(Setup(players=2), seed=0)
        >>> events = game.push(game.legal_moves[0])
        >>> _ = game.pop()
        >>> game.redo() == events, game.can_redo
        (True, False)
        """
        if not self._redo:
            raise IndexError("no move to redo")
        return self.push(self._redo[-1])

    @property
    def can_undo(self) -> bool:
        return bool(self._move_starts)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @classmethod
    def from_log(cls, events: Sequence[Event]) -> Game:
        """Rebuild a game from its log, checking that every event follows from
        the moves: the moves are replayed and the result must match the log
        event for event. Raises :class:`LogError` naming the first problem.

        A placement recorded with a rotation other than its normal one (as an
        engine before :meth:`push` normalised them wrote) is the same
        placement: it replays, and the game's log records it normalised.

        >>> game = Game.new(Setup(players=2), seed=0)
        >>> _ = game.push(game.legal_moves[0])
        >>> Game.from_log(game.log).log == game.log
        True
        >>> Game.from_log(game.log[1:])
        Traceback (most recent call last):
        ...
        indigo_tui.engine.game.LogError: no_start[]
        """
        if not events or type(events[0]) is not GameStarted:
            raise LogError(LogFault.NO_START)
        start = events[0]
        try:
            game = cls(start.setup, start.deck, round_index=start.round)
        except ValueError as exc:
            raise LogError(LogFault.SETUP) from exc
        moves = [e for e in events if type(e) is TilePlaced]
        # People read these: moves, events and seats count from 1 (the move log's "2.").
        for number, placed in enumerate(moves, start=1):
            if placed.seat != game.turn:
                raise LogError(LogFault.OUT_OF_TURN, (number, placed.seat + 1))
            try:
                game._push(Move(placed.cell, placed.tile, placed.rotation))
            except IllegalMove as exc:
                raise LogError(LogFault.ILLEGAL, (number,), exc.refusal) from None
        if len(game.log) != len(events):
            raise LogError(LogFault.LENGTH, (len(events), len(game.log)))
        for number, (mine, theirs) in enumerate(zip(game.log, events, strict=True), start=1):
            if mine != theirs and not (type(theirs) is TilePlaced and mine == _normalised(theirs)):
                raise LogError(LogFault.DIFFERS, (number,))
        return game

    # -- results -------------------------------------------------------------

    @property
    def moves(self) -> list[tuple[int, Move]]:
        """Every placement so far as ``(seat, move)``."""
        return [(e.seat, Move(e.cell, e.tile, e.rotation)) for e in self.log if type(e) is TilePlaced]

    @property
    def scores(self) -> tuple[int, ...]:
        # Each seat's gems by kind times their points, in a plain loop (a
        # generator in a compiled module is an object made per call).
        points: list[int] = []
        for amber, emerald, sapphire in self.collected:
            points.append(amber * _POINTS[0] + emerald * _POINTS[1] + sapphire * _POINTS[2])
        return tuple(points)

    @property
    def gem_counts(self) -> tuple[int, ...]:
        counts: list[int] = []
        for amber, emerald, sapphire in self.collected:
            counts.append(amber + emerald + sapphire)
        return tuple(counts)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over, else (); see :func:`winners`.

        >>> game = Game.new(Setup(players=2), seed=0)
        >>> game.winners
        ()
        >>> while not game.over:
        ...     _ = game.push(game.legal_moves[0])
        >>> game.winners, game.scores
        ((0,), (10, 6))
        """
        return winners(self.scores, self.gem_counts) if self.board.over else ()

    def standings(self) -> list[Standing]:
        """Every seat's result, best first, with its place (ties share it and
        keep seat order); see :func:`standings`."""
        return standings(
            self.scores, self.gem_counts, [gem_triple(c) for c in self.collected], over=self.board.over
        )

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know, and nothing else: a live :class:`SeatView`
        (it follows every push, pop and redo) with that seat's own hand and
        gems, and every other seat's draws hidden.

        >>> game = Game.new(Setup(players=2), seed=0)
        >>> _ = game.push(game.legal_moves[0])
        >>> view = game.view(1)
        >>> view.my_turn, view.hand, view.events[-1]  # seat 0's draw, its tile hidden
        (True, (4,), TileDrawn(seat=0, tile=None))
        """
        if not 0 <= seat < self.setup.players:
            raise ValueError(f"no seat {seat} in a {self.setup.players}-player game")
        return self._views[seat]

    def __iter__(self) -> Iterator[Event]:
        return iter(self.log)

    def __repr__(self) -> str:
        return f"<Game {self.setup.players}p {self.setup.variant} move {self.board.placements}>"
