"""Each rule on positions built by hand after the rulebook's figures.

Positions are laid in *open* games (no deck: the seat to move places any tile
still in the box), so a test can put chosen tiles in chosen places.
"""

from __future__ import annotations

import random

import pytest

from indigo_tui.engine import (
    Game,
    GameOver,
    GemMoved,
    IllegalMove,
    Match,
    Move,
    Refusal,
    Refused,
    Setup,
    TileDrawn,
    TilePlaced,
    standings,
    winners,
)
from indigo_tui.engine.board import GONE, ON_CENTRE
from indigo_tui.engine.events import CENTRE_GEMS
from indigo_tui.engine.geometry import (
    CENTRE,
    CORNER_ARROWS,
    CORNERS,
    EDGE_OFFSETS,
    GATE_CELLS,
    GATE_OF_CELL,
    cell_index,
    outward_edges,
)
from indigo_tui.engine.refusals import GAME_OVER
from indigo_tui.engine.tiles import TileKind

from .support import place, play_random, random_game, tile_with_path

STRAIGHTS = TileKind.STRAIGHTS_333
SHORT_CURVES = TileKind.CURVES_111


def slot(q: int, r: int, edge: int) -> int:
    return cell_index(q, r) * 6 + edge


def straights(q: int, r: int) -> Move:
    return Move(cell_index(q, r), STRAIGHTS, 0)


# -- placing ------------------------------------------------------------------


def test_a_tile_may_go_anywhere_even_far_from_every_other_tile() -> None:
    game = Game.open(Setup(2))
    # [2,1] touches no tile, no gem and no treasure: still a legal placement.
    events = game.push(Move(cell_index(2, 1), SHORT_CURVES, 1))
    assert events == [TilePlaced(0, cell_index(2, 1), SHORT_CURVES, 1)]
    assert game.turn == 1
    # Every empty path cell takes some rotation of every kind.
    for kind in TileKind:
        cells = {cell for cell, _ in game.board.placements_for(kind)}
        assert cells == set(game.board.empty_cells)


def test_treasure_and_occupied_cells_are_refused() -> None:
    game = Game.open(Setup(2))
    for cell in (CENTRE, CORNERS[0]):
        with pytest.raises(IllegalMove) as refused:
            game.push(Move(cell, STRAIGHTS, 0))
        assert refused.value.refusal == Refused(Refusal.TREASURE, (cell,))
    game.push(straights(1, 1))
    with pytest.raises(IllegalMove) as refused:
        game.push(straights(1, 1))
    assert refused.value.refusal.code is Refusal.OCCUPIED


def test_a_curve_joining_both_exits_of_a_gate_is_refused() -> None:
    game = Game.open(Setup(2))
    cell = cell_index(2, -4)  # the middle cell of gate 0: outward edges 0 and 1
    assert outward_edges(cell) == (0, 1)
    blocking = Move(cell, TileKind.CURVES_122, 0)  # paths 0-1, 2-4, 3-5
    assert (0, 1) in blocking.paths
    with pytest.raises(IllegalMove) as refused:
        game.push(blocking)
    assert refused.value.refusal == Refused(Refusal.GATE_CURVE, (cell, TileKind.CURVES_122, 0))
    assert game.refusal(blocking) == refused.value.refusal
    assert blocking not in game.legal_moves
    assert game.board.placements == 0
    # The same tile turned one step is fine there.
    turned = Move(cell, TileKind.CURVES_122, 1)
    assert (0, 1) not in turned.paths
    game.push(turned)
    assert game.board.placements == 1


# -- gems leaving treasure tiles ----------------------------------------------


def test_a_corner_amber_leaves_when_its_arrow_cell_is_filled() -> None:
    game = Game.open(Setup(2))
    corner = cell_index(0, -4)
    assert CORNER_ARROWS[corner] == 3  # the arrow points south-east, at [0,-3]
    amber = CORNERS.index(corner)
    # A tile next to the corner but not on its arrow cell moves nothing.
    assert place(game, straights(1, -4)) == []
    moved = place(game, straights(0, -3))
    assert moved == [GemMoved(amber, "amber", (slot(0, -4, 3), slot(0, -3, 3)), "rest")]
    assert game.board.gem_slot[amber] == slot(0, -3, 3)
    assert game.board.gem_at[slot(0, -4, 3)] == -1


def test_centre_gems_leave_emeralds_first_and_the_sapphire_last() -> None:
    game = Game.open(Setup(3))
    kinds = []
    for edge, (dq, dr) in enumerate(EDGE_OFFSETS):
        moved = place(game, straights(dq, dr))
        from_centre = [m for m in moved if m.route[0] // 6 == CENTRE]
        assert len(from_centre) == 1, moved
        gem_move = from_centre[0]
        # It leaves through the centre's edge facing the new tile and runs straight on.
        assert gem_move.route == (CENTRE * 6 + edge, slot(dq, dr, edge))
        assert gem_move.outcome == "rest"
        kinds.append(gem_move.kind)
        assert gem_move.gem == CENTRE_GEMS[edge]
    assert kinds == ["emerald"] * 5 + ["sapphire"]
    assert game.board.centre == []
    assert ON_CENTRE not in game.board.gem_slot


# -- gems moving -----------------------------------------------------------------


def test_a_route_extended_by_a_later_tile_moves_the_gem_to_its_new_end() -> None:
    game = Game.open(Setup(2))
    place(game, straights(0, -3))
    assert game.board.gem_slot[0] == slot(0, -3, 3)
    # A curve on [0,-2] carries it on along the new path, to face [1,-2].
    moved = place(game, tile_with_path(0, -2, 0, 2))
    assert moved == [GemMoved(0, "amber", (slot(0, -3, 3), slot(0, -2, 2)), "rest")]
    # And a tile on [1,-2] takes it on again, entering by the west edge.
    moved = place(game, tile_with_path(1, -2, 5, 1))
    assert moved == [GemMoved(0, "amber", (slot(0, -2, 2), slot(1, -2, 1)), "rest")]
    assert game.board.gem_slot[0] == slot(1, -2, 1)
    assert game.board.gem_at[slot(0, -3, 3)] == -1


def test_one_tile_moves_several_gems() -> None:
    game = Game.open(Setup(2))
    place(game, straights(0, -3))  # the amber rests on [0,-3] edge 3, facing [0,-2]
    place(game, straights(0, -1))  # an emerald rests on [0,-1] edge 0, facing [0,-2]
    emerald = CENTRE_GEMS[0]
    assert game.board.gem_slot[emerald] == slot(0, -1, 0)
    # Three short curves on [0,-2] turn the two gems apart: 0-5 and 3-4.
    moved = place(game, Move(cell_index(0, -2), SHORT_CURVES, 0))
    assert moved == [
        GemMoved(0, "amber", (slot(0, -3, 3), slot(0, -2, 5)), "rest"),
        GemMoved(emerald, "emerald", (slot(0, -1, 0), slot(0, -2, 4)), "rest"),
    ]
    assert game.board.gems_on_board == 12


def test_two_gems_meeting_both_leave_the_game() -> None:
    game = Game.open(Setup(2))
    place(game, straights(0, -3))
    place(game, straights(0, -1))
    emerald = CENTRE_GEMS[0]
    # A straight on [0,-2] joins the two gems' edges: they run into each other.
    moved = place(game, straights(0, -2))
    assert {m.gem: m.other for m in moved} == {0: emerald, emerald: 0}
    assert all(m.outcome == "met" and m.scorers == () for m in moved)
    board = game.board
    assert board.removed == 2
    assert board.exited == 0
    assert board.gems_on_board == 10
    assert board.gem_slot[0] == GONE and board.gem_slot[emerald] == GONE
    assert game.scores == (0, 0)


def test_a_gem_passes_through_a_corner_tiles_path() -> None:
    game = Game.open(Setup(2))
    corner = cell_index(0, -4)
    place(game, tile_with_path(0, -3, 0, 1))  # the amber turns north-east, towards [1,-4]
    assert game.board.gem_slot[0] == slot(0, -3, 1)
    # On [1,-4] it turns west, into the corner's edge 2, and round the corner's path to edge 4.
    moved = place(game, tile_with_path(1, -4, 4, 5))
    assert moved == [GemMoved(0, "amber", (slot(0, -3, 1), slot(1, -4, 5), corner * 6 + 4), "rest")]
    # The gem now rests on the corner tile, facing [-1,-3], a cell of gate 5.
    assert GATE_OF_CELL[cell_index(-1, -3)] == 5
    moved = place(game, tile_with_path(-1, -3, 1, 0))
    assert moved == [GemMoved(0, "amber", (corner * 6 + 4, slot(-1, -3, 0)), "gate", 5, (1,))]
    assert game.collected == [[0, 0, 0], [1, 0, 0]]
    assert game.scores == (0, 1)


# -- gates ------------------------------------------------------------------------


def amber_through_gate_0(game: Game) -> GemMoved:
    """Steer the amber of corner [0,-4] out through gate 0's cell [1,-4]."""
    place(game, tile_with_path(0, -3, 0, 1))
    (moved,) = place(game, tile_with_path(1, -4, 4, 0))
    return moved


def amber_through_gate_1(game: Game) -> GemMoved:
    """Steer the amber of corner [4,-4] out through gate 1's cell [4,-3]."""
    assert GATE_OF_CELL[cell_index(4, -3)] == 1
    place(game, tile_with_path(3, -3, 1, 2))
    (moved,) = place(game, tile_with_path(4, -3, 5, 2))
    return moved


def test_a_single_owner_gate_pays_its_owner() -> None:
    game = Game.open(Setup(2))
    moved = amber_through_gate_0(game)
    assert (moved.outcome, moved.gate, moved.scorers) == ("gate", 0, (0,))
    assert game.collected == [[1, 0, 0], [0, 0, 0]]
    assert game.board.exited == 1 and game.board.gems_on_board == 11


def test_three_player_own_gates_pay_one_owner() -> None:
    game = Game.open(Setup(3, own_gates=True))
    moved = amber_through_gate_1(game)
    assert moved.scorers == (1,)
    assert game.scores == (0, 1, 0)


def test_a_shared_gate_pays_both_owners_three_players() -> None:
    game = Game.open(Setup(3))
    moved = amber_through_gate_1(game)
    assert (moved.gate, moved.scorers) == (1, (0, 1))
    assert game.collected == [[1, 0, 0], [1, 0, 0], [0, 0, 0]]
    assert game.scores == (1, 1, 0)
    # The second owner's gem comes from the supply: one gem left the board.
    assert game.board.exited == 1 and game.board.gems_on_board == 11


def test_a_shared_gate_pays_both_owners_four_players() -> None:
    game = Game.open(Setup(4))
    moved = amber_through_gate_0(game)
    assert (moved.gate, moved.scorers) == (0, (0, 1))
    assert game.gem_counts == (1, 1, 0, 0)
    assert game.board.exited == 1 and game.board.gems_on_board == 11


def test_gate_cells_match_the_rules_notes() -> None:
    assert GATE_CELLS[0] == tuple(cell_index(q, -4) for q in (1, 2, 3))
    for gate, cells in enumerate(GATE_CELLS):
        for cell in cells:
            assert outward_edges(cell) in ((gate, gate + 1), (0, 5))


# -- the end of the game and the winner ----------------------------------------


def test_the_game_ends_when_no_gem_is_left() -> None:
    game = random_game(11, Setup(2))
    assert game.over and game.board.gems_on_board == 0
    over = [e for e in game.log if type(e) is GameOver]
    assert over == [game.log[-1]]
    assert over[0] == GameOver(game.scores, game.gem_counts, winners(game.scores, game.gem_counts))
    assert game.legal_moves == []
    with pytest.raises(IllegalMove) as refused:
        game.push(Move(cell_index(1, 1), STRAIGHTS, 0))
    assert refused.value.refusal is GAME_OVER
    # One move earlier a gem was still on the board and there was no GameOver.
    game.pop()
    assert not game.over and game.board.gems_on_board > 0
    assert not any(type(e) is GameOver for e in game.log)


def test_winners_points_then_gems_then_a_shared_win() -> None:
    assert winners((5, 7), (4, 3)) == (1,)
    assert winners((6, 6), (3, 4)) == (1,)  # equal points: more gems wins
    assert winners((6, 6, 2), (4, 4, 9)) == (0, 1)  # equal on both: a shared win
    assert winners((3, 3, 3, 3), (2, 2, 2, 2)) == (0, 1, 2, 3)
    assert winners((0, 0), (0, 0)) == (0, 1)


def test_standings_give_places_that_ties_share() -> None:
    rows = standings((6, 9, 6, 9), (5, 4, 5, 6), [(s, 0, 0) for s in range(4)])
    assert [(s.seat, s.place, s.winner, s.collected) for s in rows] == [
        (3, 1, True, (3, 0, 0)),
        (1, 2, False, (1, 0, 0)),
        (0, 3, False, (0, 0, 0)),  # equal on points and gems: the same place, in seat order
        (2, 3, False, (2, 0, 0)),
    ]
    shared = standings((6, 6, 2), (4, 4, 9))
    assert [(s.place, s.winner) for s in shared] == [(1, True), (1, True), (3, False)]
    # Before the end the places stand, but nobody has won yet.
    assert [(s.place, s.winner) for s in standings((3, 1), (2, 1), over=False)] == [(1, False), (2, False)]


def test_real_games_break_ties_by_gems_and_share_exact_ties() -> None:
    by_gems = shared = None
    for seed in range(400):
        game = random_game(seed, Setup(2))
        (a, b), (ga, gb) = game.scores, game.gem_counts
        if a == b and ga != gb and by_gems is None:
            by_gems = game
        if a == b and ga == gb and shared is None:
            shared = game
        if by_gems and shared:
            break
    assert by_gems is not None and shared is not None
    counts = by_gems.gem_counts
    assert by_gems.winners == (counts.index(max(counts)),)
    assert shared.winners == (0, 1)
    assert all(s.winner for s in shared.standings())
    assert shared.log[-1] == GameOver(shared.scores, shared.gem_counts, (0, 1))


# -- variants and matches ----------------------------------------------------------


def test_tactical_variant_holds_two_tiles_and_either_may_be_played() -> None:
    setup = Setup(2, "tactical")
    seed = next(s for s in range(100) if len(set(Game.new(setup, s).hands[0])) == 2)
    game = Game.new(setup, seed)
    assert [len(hand) for hand in game.hands] == [2, 2]
    assert sum(type(e) is TileDrawn for e in game.log) == 4
    first, second = game.hands[0]
    assert {m.tile for m in game.legal_moves} == {first, second}
    cell = cell_index(1, 1)
    for kind in (first, second):
        move = Move.make(cell, kind, 0)
        events = game.push(move)
        assert events[0] == TilePlaced(0, cell, kind, move.rotation)
        # The played tile is replaced from the deck: still two in hand.
        assert len(game.hands[0]) == 2
        assert game.deck is not None
        assert sorted([*game.hands[0], kind]) == sorted([first, second, game.deck[4]])
        game.pop()
    play_random(game, random.Random(seed))
    assert game.over


def test_a_match_adds_the_points_of_its_rounds() -> None:
    match = Match(Setup(3), rounds=2, seed=5)
    rng = random.Random(5)
    play_random(match.game, rng)
    first = match.game
    assert match.can_start_next_round and not match.over and match.winners == ()
    second = match.next_round()
    assert second.round_index == 1 and second.deck != first.deck
    play_random(second, rng)
    assert match.over and not match.can_start_next_round
    totals = tuple(a + b for a, b in zip(first.scores, second.scores, strict=True))
    gems = tuple(a + b for a, b in zip(first.gem_counts, second.gem_counts, strict=True))
    assert match.totals == totals
    assert match.gem_totals == gems
    assert match.winners == winners(totals, gems)
    with pytest.raises(ValueError):
        match.next_round()


def test_refusals_carry_a_code_and_arguments_and_no_words() -> None:
    game = Game.new(Setup(2), 3)
    first = game.legal_moves[0]
    game.push(first)
    again = Move(first.cell, game.hands[game.turn][0], 0)
    refused = game.refusal(again)
    assert refused == Refused(Refusal.OCCUPIED, (first.cell,))
    assert not game.is_legal(again)
    with pytest.raises(IllegalMove) as caught:
        game.push(again)
    assert caught.value.refusal == refused and caught.value.move == again
    # For developers, str() names the move, the code and its arguments.
    assert str(caught.value) == f"{again}: occupied[{first.cell}]"
    # Whose turn: seats from 0 in the arguments (people read them from 1).
    assert game.refusal(game.legal_moves[0], seat=0) == Refused(Refusal.NOT_YOUR_TURN, (1, 0))
    assert game.view(0).refusal(game.legal_moves[0]) == Refused(Refusal.NOT_YOUR_TURN, (1, 0))


def test_one_fold_of_the_public_log_rebuilds_the_board_for_a_game_and_a_guest() -> None:
    from indigo_tui.engine import Board
    from indigo_tui.net.state import SeatState

    game = random_game(11, Setup(3), None)
    board = Board(game.setup)
    for event in game.view(0).events:
        board.fold(event)
    guest = SeatState(game.setup, 1)
    guest.replace(game.view(1).events)
    for other in (board, guest.board):
        assert (other.tiles, other.exits, other.gem_slot, other.centre, other.turn) == (
            game.board.tiles,
            game.board.exits,
            game.board.gem_slot,
            game.board.centre,
            game.board.turn,
        )
    assert guest.view().collected == tuple(game.collected[1])
