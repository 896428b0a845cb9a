"""Properties that hold over many random games, every setup, every move.

Hypothesis draws seeds and setups with ``derandomize=True``, so a run is the
same every time; the games themselves are played by a seeded random player.
"""

from __future__ import annotations

import random

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from indigo_tui.engine import Game, GemMoved, Move, Setup, notation
from indigo_tui.engine.board import GONE, ON_CENTRE
from indigo_tui.engine.events import GEM_COUNT
from indigo_tui.engine.geometry import (
    CELL_COUNT,
    CENTRE,
    CORNER_ARROWS,
    CORNERS,
    FACING_SLOTS,
    NEIGHBOUR_SLOT,
    TREASURE_CELLS,
)
from indigo_tui.engine.tiles import COUNTS

from .support import SETUPS, play_random, random_game, random_move

PROPERTY = settings(derandomize=True, max_examples=120, deadline=None, database=None)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
setups = st.sampled_from(SETUPS)
#: Where to stop a game: a move number, or None to play it out.
stops = st.one_of(st.none(), st.integers(min_value=0, max_value=54))


def encoded(game: Game) -> bytes:
    return msgspec.json.encode(game.log)


def position(game: Game) -> tuple[object, ...]:
    """Everything a game's state is made of, to compare two games by."""
    board = game.board
    return (
        board.tiles[:],
        board.exits[:],
        board.gem_at[:],
        board.facing[:],
        board.gem_slot[:],
        board.centre[:],
        # In order: the legal moves are listed in this order.
        board.empty_cells[:],
        board.unplaced[:],
        board.turn,
        board.placements,
        board.last_cell,
        board.gems_on_board,
        board.removed,
        board.exited,
        [row[:] for row in game.collected],
    )


def full_state(game: Game) -> tuple[object, ...]:
    """:func:`position` and the private part: hands in order (the screen picks
    "the other tile" by index), the draws, and what each seat has been told."""
    return (
        position(game),
        [hand[:] for hand in game.hands],
        game.drawn,
        game.tiles_left,
        [list(game.view(seat).events) for seat in range(game.setup.players)],
    )


def check_gems(game: Game, moved: set[int]) -> None:
    """Gems are conserved and every resting gem faces an empty path cell."""
    board = game.board
    assert board.gems_on_board + board.exited + board.removed == GEM_COUNT
    assert board.gems_on_board == sum(s != GONE for s in board.gem_slot)
    # A shared gate pays each owner but counts its gem once in ``exited``.
    assert board.exited <= sum(game.gem_counts) <= 2 * board.exited
    # The count of gems facing each cell is the one gem_at gives.
    assert board.facing == [sum(board.gem_at[nb] >= 0 for nb in slots) for slots in FACING_SLOTS]
    for gem, where in enumerate(board.gem_slot):
        if where == ON_CENTRE:
            assert gem in board.centre
            continue
        if where == GONE:
            continue
        assert board.gem_at[where] == gem
        cell, edge = divmod(where, 6)
        # Never stuck: the cell it faces is an empty path cell, which will move it.
        facing = NEIGHBOUR_SLOT[where]
        assert facing >= 0
        assert facing // 6 not in TREASURE_CELLS
        assert board.tiles[facing // 6] == -1
        if gem in moved:
            # A gem that has moved never rests on the centre or a corner's arrow
            # edge; it may rest at the end of a corner tile's own path.
            assert cell != CENTRE
            if cell in TREASURE_CELLS:
                assert edge in ((CORNER_ARROWS[cell] - 1) % 6, (CORNER_ARROWS[cell] + 1) % 6)
        else:
            assert where == CORNERS[gem] * 6 + CORNER_ARROWS[CORNERS[gem]]


@PROPERTY
@given(seed=seeds, setup=setups)
def test_gems_are_conserved_and_never_stuck_and_every_game_ends(seed: int, setup: Setup) -> None:
    game = Game.new(setup, seed)
    rng = random.Random(seed)
    moved: set[int] = set()
    check_gems(game, moved)
    while not game.over:
        before = (encoded(game), position(game))
        move = random_move(game, rng)
        preview = game.preview(move)
        # A preview is a what-if: the game is exactly as it was.
        assert (encoded(game), position(game)) == before
        events = game.push(move)
        assert preview == [e for e in events if type(e) is GemMoved]
        moved.update(m.gem for m in preview)
        check_gems(game, moved)
        assert game.board.placements <= len(game.board.tiles) - len(TREASURE_CELLS)
    # The rulebook's end: no gem left, at the latest when the board is full.
    assert game.board.gems_on_board == 0
    assert game.winners and game.legal_moves == []


@PROPERTY
@given(seed=seeds, setup=setups, stop=stops, data=st.data())
def test_undo_then_redo_is_the_identity(
    seed: int, setup: Setup, stop: int | None, data: st.DataObject
) -> None:
    game = random_game(seed, setup, stop)
    log, state, blob = list(game.log), full_state(game), encoded(game)
    undo = data.draw(st.integers(min_value=0, max_value=game.board.placements), label="undo")
    board = game.board
    undone = [game.pop() for _ in range(undo)]
    assert game.board is board, "an undo works in place"
    assert [m for _, m in game.moves] == [m for _, m in Game.from_log(log).moves][: len(game.moves)]
    # Undoing in place gives the state of the shorter game, folded from scratch.
    assert full_state(game) == full_state(Game.from_log(game.log))
    for move in reversed(undone):
        assert game.can_redo
        game.redo()
        assert game.moves[-1][1] == move
    assert not game.can_redo
    assert game.log == log
    assert encoded(game) == blob
    assert full_state(game) == state


@PROPERTY
@given(seed=seeds, setup=setups, stop=stops)
def test_export_then_import_is_the_identity(seed: int, setup: Setup, stop: int | None) -> None:
    game = random_game(seed, setup, stop)
    text = notation.dumps(game)
    again = notation.loads(text)
    assert notation.dumps(again) == text
    assert again.setup == game.setup
    assert again.moves == game.moves
    # The imported game is open (no deck) but its public position is the same.
    assert position(again) == position(game)
    assert again.scores == game.scores and again.winners == game.winners


@PROPERTY
@given(seed=seeds, setup=setups, stop=stops)
def test_same_seed_and_same_moves_give_a_byte_identical_log(
    seed: int, setup: Setup, stop: int | None
) -> None:
    game = random_game(seed, setup, stop)
    again = Game.new(setup, seed)
    for _, move in game.moves:
        again.push(move)
    assert encoded(again) == encoded(game)
    # And the deck is the seed's: a second deal from it is the same.
    assert Game.new(setup, seed).deck == game.deck


def every_placement() -> list[Move]:
    return [
        Move(cell, kind, rotation)
        for cell in range(CELL_COUNT)
        for kind in range(len(COUNTS))
        for rotation in range(6)
    ]


ALL_PLACEMENTS = every_placement()


@settings(derandomize=True, max_examples=60, deadline=None, database=None)
@given(seed=seeds, setup=setups, stop=st.integers(min_value=0, max_value=50), open_game=st.booleans())
def test_legal_moves_are_every_legal_placement_once(
    seed: int, setup: Setup, stop: int, open_game: bool
) -> None:
    rng = random.Random(seed)
    game = play_random(Game.open(setup) if open_game else Game.new(setup, seed), rng, stop)
    listed = game.legal_moves
    assert len(set(listed)) == len(listed)
    assert all(m == Move.make(m.cell, m.tile, m.rotation) for m in listed)
    # Brute force over every cell, kind and rotation, one placement per distinct tile.
    legal = {Move.make(m.cell, m.tile, m.rotation) for m in ALL_PLACEMENTS if game.is_legal(m)}
    assert set(listed) == legal
    if game.over:
        assert listed == []
        return
    if not open_game:
        assert {m.tile for m in listed} == set(game.hands[game.turn])
    blob = encoded(game)
    for move in rng.sample(listed, min(4, len(listed))):
        game.push(move)
        game.pop()
        assert encoded(game) == blob


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), setup=st.sampled_from(SETUPS), reads=st.integers(0, 2**40))
def test_gem_moves_read_late_are_the_moves_of_their_moment(seed: int, setup: Setup, reads: int) -> None:
    # Each gem move's event is made when the log is first read (through the
    # game or a seat's log, whichever comes first), from the paths laid by
    # then: read at a random moment, it is the event of its own move, as the
    # board made it when the move was traced (preview, before the push).
    game = Game.new(setup, seed=seed)
    rng = random.Random(seed)
    expected: list[list[GemMoved]] = []
    while not game.over:
        move = random_move(game, rng)
        expected.append(game.preview(move))
        game._push(move)  # as a bot's game is played: no events asked for
        match (reads >> (len(expected) % 40)) & 3:
            case 1:
                _ = game.log[-1]
            case 2:
                _ = game.view(rng.randrange(setup.players)).events[-1]
    seat_logs = [list(game.view(seat).events) for seat in range(setup.players)]
    made = [event for event in game.log if isinstance(event, GemMoved)]
    assert made == [event for moves in expected for event in moves]
    assert all(event.gem >= 0 for event in made)  # no place-holder left
    for log in seat_logs:
        assert [event for event in log if isinstance(event, GemMoved)] == made
