"""Undo at one terminal asks whoever it takes a move from (Session.undo_asks):
the question on the screen, what a yes, a no and Escape do, and that no hand
shows while the other person is asked or before the terminal is passed on."""

from __future__ import annotations

from textual.pilot import Pilot

from indigo_tui.i18n import _, use_language
from indigo_tui.table.describe import cell_name
from indigo_tui.ui.app import IndigoApp
from indigo_tui.ui.screens.confirm import ConfirmScreen
from indigo_tui.ui.screens.game import GameScreen
from indigo_tui.ui.screens.handoff import HandoffScreen

from .conftest import AppFactory, new_game, screen_text, session_of, until
from .sight import in_sight, seen_at_every_size


async def take_the_terminal(app: IndigoApp, pilot: Pilot[None], name: str) -> None:
    """The hand-off screen for ``name``, and Enter: their table, drawn."""
    await until(
        pilot, lambda: isinstance(app.screen, HandoffScreen) and f"It is {name}'s turn" in screen_text(app)
    )
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, GameScreen) and f"Hand of {name}" in screen_text(app))


async def ann_then_bob(app: IndigoApp, pilot: Pilot[None]) -> str:
    """Ann places; Bob takes the terminal. The question Bob's undo puts to Ann."""
    await take_the_terminal(app, pilot, "Ann")
    await pilot.press("enter")
    await take_the_terminal(app, pilot, "Bob")
    ((seat, move),) = session_of(app).game.moves
    assert seat == 0
    return f"Bob asks to take back Ann's move at {cell_name(move.cell)}. Ann, do you allow it?"


def sees(app: IndigoApp, words: str) -> bool:
    """Whether ``words`` are in sight now (across the lines of their widget)."""
    try:
        in_sight(app, words)
    except AssertionError:
        return False
    return True


def no_hand_shows(app: IndigoApp) -> bool:
    text = screen_text(app)
    return "Hand of Ann" not in text and "Hand of Bob" not in text


async def test_undo_asks_the_other_person_and_no_leaves_the_move(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "human")))
    async with app.run_test(size=(120, 40)) as pilot:
        question = await ann_then_bob(app, pilot)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        # Ann is asked, by name, about her move; Bob's hand and gems are gone from behind the question.
        await seen_at_every_size(app, pilot, [question, "Yes (y)", "No (n)"])
        assert no_hand_shows(app) and "Hands are hidden." in screen_text(app)
        await pilot.press("n")
        # The move stays; Ann has looked at the terminal, so it is passed back to Bob first.
        await until(
            pilot, lambda: isinstance(app.screen, HandoffScreen) and "It is Bob's turn" in screen_text(app)
        )
        assert no_hand_shows(app)
        assert session_of(app).game.board.placements == 1
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and "Hand of Bob" in screen_text(app))
        await until(pilot, lambda: sees(app, "Ann said no: the move stays."))


async def test_escape_refuses_and_enter_on_the_question_says_no(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "human")))
    async with app.run_test(size=(80, 24)) as pilot:
        await ann_then_bob(app, pilot)
        for key in ("escape", "enter"):  # Enter presses the focused button, No
            await pilot.press("u")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press(key)
            await take_the_terminal(app, pilot, "Bob")
            assert session_of(app).game.board.placements == 1


async def test_yes_takes_the_move_back_and_passes_the_terminal_before_a_hand_shows(
    make_app: AppFactory,
) -> None:
    app = make_app(new_game(("human", "human")))
    async with app.run_test(size=(120, 40)) as pilot:
        await ann_then_bob(app, pilot)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        # Ann's turn again: the hand-off screen, and no hand, before she says it is her.
        await until(
            pilot, lambda: isinstance(app.screen, HandoffScreen) and "It is Ann's turn" in screen_text(app)
        )
        assert no_hand_shows(app)
        assert session_of(app).game.board.placements == 0
        await take_the_terminal(app, pilot, "Ann")
        await until(pilot, lambda: sees(app, "Ann allowed it. Move taken back."))
        # Ann takes back nothing of anyone's now; redo plays her own move again, unasked.
        await pilot.press("y")
        await until(
            pilot, lambda: isinstance(app.screen, HandoffScreen) and "It is Bob's turn" in screen_text(app)
        )
        assert session_of(app).game.board.placements == 1


async def test_a_bots_move_taken_back_with_your_own_asks_nothing(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "bot:greedy")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: "Hand of Ann" in screen_text(app))
        await pilot.press("enter")
        game = session_of(app).game
        await until(pilot, lambda: game.board.placements == 2 and game.turn == 0)
        await pilot.press("u")
        await until(pilot, lambda: "Move taken back." in screen_text(app))
        assert isinstance(app.screen, GameScreen) and "allow it" not in screen_text(app)
        assert game.board.placements == 0 and "Hand of Ann" in screen_text(app)


async def test_the_bots_move_after_anothers_goes_back_with_it_once_they_agree(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "bot:greedy", "human")))
    async with app.run_test(size=(120, 40)) as pilot:
        await take_the_terminal(app, pilot, "Ann")
        await pilot.press("enter")
        await take_the_terminal(app, pilot, "Cat")  # after the bot's move
        game = session_of(app).game
        (ann, move), (bot, _bots) = game.moves
        assert (ann, bot) == (0, 1)
        await pilot.press("u")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        in_sight(app, f"Cat asks to take back Ann's move at {cell_name(move.cell)}. Ann, do you allow it?")
        await pilot.press("y")
        await take_the_terminal(app, pilot, "Ann")
        assert game.board.placements == 0


async def test_the_question_in_german(make_app: AppFactory) -> None:
    app = make_app(new_game(("human", "human")))
    try:
        use_language("de")
        async with app.run_test(size=(120, 40)) as pilot:
            hand = _("Hand of {name}")
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press("enter")
            await until(pilot, lambda: hand.format(name="Ann") in screen_text(app))
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen) and "Bob" in screen_text(app))
            await pilot.press("enter")
            await until(pilot, lambda: hand.format(name="Bob") in screen_text(app))
            ((_seat, move),) = session_of(app).game.moves
            await pilot.press("u")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            cell = cell_name(move.cell)
            in_sight(app, f"Bob möchte den Zug von Ann auf {cell} zurücknehmen. Ann, erlaubst du das?")
            assert hand.format(name="Bob") not in screen_text(app)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press("enter")
            await until(pilot, lambda: sees(app, "Ann hat abgelehnt: Der Zug bleibt."))
    finally:
        use_language("en")
