"""No seat is told apart by its colour alone (issue 22): every seat has a letter
(A to D in seating order), shown on the scoreboard beside its name, and every
gate's label on the board is its number and its owners' letters ("3A", "3AB"
for a shared gate), on the screen at 80x24, 120x40 and 200x60, without colour
too, and in the pixel picture; the review names each seat by its letter as well."""

from __future__ import annotations

import pytest

from indigo_tui.bots.review import Reviewer
from indigo_tui.engine import Game, Setup
from indigo_tui.engine.geometry import GATE_CELLS
from indigo_tui.ui import palette
from indigo_tui.ui.board_art import roles as R
from indigo_tui.ui.board_art.labels import SEAT_LETTERS, gate_label
from indigo_tui.ui.board_art.picture import Marks
from indigo_tui.ui.review_app import ReviewApp
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.review import ReviewScreen

from .conftest import AppFactory, new_game, screen_text, until

SIZES = ((80, 24), (120, 40), (200, 60))
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]
#: Four seats share every gate; three seats own one gate each and share three.
SEATS = {
    4: ("human", "bot:greedy", "bot:random", "bot:easy"),
    3: ("human", "bot:greedy", "bot:random"),
}


def split_screen(text: str) -> tuple[list[str], list[str]]:
    """The board's columns and the side panel's, row by row (split at its border)."""
    board, side = [], []
    for line in text.splitlines():
        edge = line.find("▏")
        board.append(line if edge < 0 else line[:edge])
        side.append("" if edge < 0 else line[edge + 1 :])
    return board, side


@pytest.mark.parametrize("players", sorted(SEATS))
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
async def test_gates_are_labelled_with_their_owners_letters_and_seats_with_theirs(
    make_app: AppFactory, size: tuple[int, int], players: int
) -> None:
    game = new_game(SEATS[players])
    app = make_app(game)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        if size == (80, 24):
            await pilot.press("v")  # it starts zoomed in: the whole board shows every gate
            await pilot.pause()
        board, side = split_screen(screen_text(app))
        on_board = "\n".join(board)
        for gate, owners in enumerate(game.setup.gates):
            label = gate_label(gate, owners)
            assert on_board.count(label) == 1, (label, on_board)
        # Letters in the seating order, each before its seat's name.
        for seat, info in enumerate(game.seats):
            letter = SEAT_LETTERS[seat]
            assert any(f"{letter} {info.name}" in line for line in side), (letter, info.name, side)


async def test_without_colour_the_letters_still_say_whose(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    game = new_game(SEATS[4])
    app = make_app(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        text = screen_text(app)
        for gate, owners in enumerate(game.setup.gates):
            assert gate_label(gate, owners) in text
        for seat, info in enumerate(game.seats):
            assert f"{SEAT_LETTERS[seat]} {info.name}" in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pixel_gate_labels_write_the_owners_letters(players: int) -> None:
    """In pixels, each label is a pill as wide as its number and letters, the
    number's part on the first owner's colour and a second owner's letter on
    its own; the ink of the words spans the whole text, not a digit."""
    from indigo_tui.ui.board_art.pixels import _font, _label_radius, draw_pixels, label_point, pixel_layout

    game = Game.new(Setup(players=players), seed=1)
    layout = pixel_layout(84, 39, (10, 20))
    colours = palette.pixel_colours(True, False)
    picture = draw_pixels(game.board, layout, colours, Marks()).convert("RGB")
    data = picture.load()
    assert data is not None
    radius = _label_radius(layout)
    font = _font(round(radius * 1.5))
    digit = font.getlength("8")
    for gate in range(len(GATE_CELLS)):
        owners = game.board.setup.gates[gate]
        label = gate_label(gate, owners)
        lx, ly = label_point(layout, gate, label)
        reach = int(digit * len(label))
        spots = [
            (x, y)
            for x in range(int(lx) - reach, int(lx) + reach + 1)
            for y in range(int(ly - radius), int(ly + radius) + 1)
            if 0 <= x < picture.width and 0 <= y < picture.height
        ]
        inked = [x for x, y in spots if data[x, y] in {colours.ink_on_seat[seat] for seat in owners}]
        # The words' ink spans about the label's characters (a lone number spans one).
        assert max(inked) - min(inked) >= digit * (len(label) - 0.8), (label, min(inked), max(inked))
        grounds = {data[x, y] for x, y in spots}
        for seat in owners:
            assert colours.roles[R.SEAT0 + seat] in grounds, (label, seat)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_review_names_each_seat_by_its_letter(size: tuple[int, int]) -> None:
    """The review's board labels gates with the owners' letters; its points say whose they are."""
    game = Game.new(Setup(players=4), seed=3)
    for _ in range(8):
        game.push(game.legal_moves[0])
    names = ["Ann", "Bob", "Cat", "Dan"]
    app = ReviewApp(None, game, names, Reviewer("mcts:iter=5"))
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("s")  # no rating needed here
        await pilot.pause()
        said = " ".join(screen_text(app).split())
        for seat, name in enumerate(names):
            assert f"{SEAT_LETTERS[seat]} {name} " in said, said
        if size == (120, 40):  # the whole board, as large as the game's
            for gate, owners in enumerate(game.setup.gates):
                assert gate_label(gate, owners) in said
