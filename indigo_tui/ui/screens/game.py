"""The table: board, hand, scoreboard, what-if preview and move log.

The screen holds only what the person at the keyboard is doing (cursor,
rotation, chosen tile); everything about the game goes through the
:class:`~indigo_tui.table.base.Table` (a local
:class:`~indigo_tui.table.session.Session`, or a network table under
:class:`~indigo_tui.ui.screens.net_game.NetGameScreen`), and everything
seat-specific comes from ``game.view(seat)`` for the seat the table says is
on screen. The turns are driven by the table's
:class:`~indigo_tui.table.turns.TurnDriver` alone: the screen shows what it
says comes next, and hands it the person's moves, undo, redo and hints.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import ClassVar, cast

from rich.cells import cell_len
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import RichLog
from textual.worker import get_current_worker

from ...engine import GemMoved, Move, SeatView
from ...engine.geometry import hex_distance, neighbour, vertical_neighbour
from ...engine.routes import routes_through
from ...engine.tiles import KIND_CODES
from ...i18n import N_, _, decimal
from ...i18n.words import refusal_text
from ...saves import SaveError
from ...table.base import Table, TableGame, TableRefusal
from ...table.describe import cell_name, move_lines, preview_lines, take_back_question
from ...table.turns import (
    BotMoved,
    BotTurn,
    HandOff,
    HintAsked,
    Played,
    RoundOver,
    Suggestion,
    Thinking,
    TurnDriver,
)
from ..board_art.picture import Marks, focus_cells
from ..layout import COMPACT_HEIGHT, COMPACT_WIDTH, NARROW_WIDTH, STACKED_HEIGHT, STACKED_WIDTH
from ..localise import Localised, hide_in_footer
from ..motion import move_motion
from ..requests import ToTitle
from ..settings import TURN_NOTICES
from ..table_settings import TableSettings
from ..widgets.board import START_CELL, BoardView, encoder_named
from ..widgets.footer import Footer
from ..widgets.game_status import COMPACT_TEXT_WIDTH, GameStatus, Hint, TableState
from ..widgets.hand import HandView
from ..widgets.scoreboard import Row, Scoreboard
from ..widgets.text_panel import TextPanel

#: Pauses between bot moves a person can choose from, in seconds.
PACES = (0.0, 0.2, 0.5, 1.0, 2.0)
#: Seconds a bot's failure stays up as a notification.
NOTICE_SECONDS = 12.0
#: Seconds of others' moves after which the turn notice (if on) says it is one's turn again.
NOTICE_AFTER = 3.0
#: Seconds the turn notice's flash lasts.
FLASH_SECONDS = 1.2
#: What a compact footer leaves out (the keys still work; a network table's
#: chat says its own key on its line to type).
COMPACT_FOOTER_HIDES = frozenset({"redo", "save_as", "chat"})
#: What the footer of a stacked table leaves out besides: undo and quit (still on
#: u and q, in the help and the palette); Menu leads to Quit too.
STACKED_FOOTER_HIDES = COMPACT_FOOTER_HIDES | {"undo", "app.quit"}


#: What a screen is given to show a round's result: the dialog, which answers
#: "next", "new", "title" or None, or the words saying why it cannot show yet
#: (a guest waits for the host to reveal the deck).
RoundEnd = Callable[[], "Screen[str | None] | str"]


def hand_box(height: int) -> tuple[int, int]:
    """The characters (across, down) a tile in hand may take beside a roomy board:
    22x10 at 40 lines, growing with the terminal's height to 34x16 at 60."""
    rows = max(10, min(16, 10 + (height - 40) * 3 // 10))
    return 2 * rows + 2, rows


class GameScreen(Localised, Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "move(0)", "↖", show=False),
        Binding("e", "move(1)", "↗", show=False),
        Binding("d", "move(2)", "→", show=False),
        Binding("x", "move(3)", "↘", show=False),
        Binding("z", "move(4)", "↙", show=False),
        Binding("a", "move(5)", "←", show=False),
        Binding("left", "move(5)", "←", show=False),
        Binding("right", "move(2)", "→", show=False),
        Binding("up", "vertical(-1)", "↑", show=False),
        Binding("down", "vertical(1)", "↓", show=False),
        Binding("r,full_stop", "rotate(1)", N_("Rotate")),
        Binding("R,comma", "rotate(-1)", N_("Rotate back"), show=False),
        Binding("tab", "next_tile", N_("Other tile"), show=False),
        Binding("1", "choose_tile(0)", N_("Tile 1"), show=False),
        Binding("2", "choose_tile(1)", N_("Tile 2"), show=False),
        Binding("enter,space", "place", N_("Place")),
        # Once the round is over (Place is gone): the result and its review again.
        Binding("o", "result", N_("Result")),
        Binding("enter,space", "result", N_("Result"), show=False),
        # Not in the footer: it would push Menu and Quit off an 80-column one.
        Binding("h", "hint", N_("Hint"), show=False),
        Binding("u", "undo", N_("Undo")),
        Binding("y", "redo", N_("Redo")),
        Binding("s", "save_as", N_("Save as")),
        # Said in the status and the notice while saving fails; works at any time.
        Binding("f", "save_elsewhere", N_("Save elsewhere"), show=False),
        Binding("plus,equals_sign", "pace(1)", N_("Slower bots"), show=False),
        Binding("minus", "pace(-1)", N_("Faster bots"), show=False),
        Binding("m", "toggle_animation", N_("Animation"), show=False),
        Binding("b", "turn_notice", N_("Turn notice"), show=False),
        Binding("v", "zoom", N_("Zoom"), show=False),
        Binding("t", "trace", N_("Trace routes"), show=False),
        Binding("c", "coordinates", N_("Coordinates"), show=False),
        Binding("g", "glyphs", N_("Board glyphs"), show=False),
        Binding("question_mark,f1", "help", N_("Help")),
        Binding("escape", "leave", N_("Menu")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    # Plain vars, not reactives: the screen draws none of them itself, and a
    # reactive's repaint redraws the whole screen on every cursor step; their
    # watchers refresh the board, which does draw them.
    cursor: var[int] = var(START_CELL)
    rotation: var[int] = var(0)
    chosen: var[int] = var(0)

    def __init__(self, table: Table, *, round_end: RoundEnd | None = None) -> None:
        super().__init__()
        #: The table played at (named as the local kind, a session, is).
        self.session = table
        #: Who moves next and how: every turn goes through it.
        self.driver = TurnDriver(table, pace=lambda: float(self.indigo.bot_delay))
        #: The dialog with a round's result (a network game's says more, or waits).
        self._round_end = round_end or (lambda: self._local_end_screen())
        #: A move sent to a table that answers later (the network) awaits its answer.
        self._sending = False
        #: A hint is being looked for (in a worker).
        self.hinting = False
        #: The status panel: whose move, the counters, and what is said once.
        self.status = GameStatus(id="status")
        self._logged_generation = -1
        #: What the move log shows: its lines, in which widget, at which width.
        self._logged: tuple[list[str], RichLog | None, int] = ([], None, 0)
        #: Whether this end of the round has had its dialog (several notices may tell of one end).
        self._shown_end = False
        self._texts: dict[str, str] = {}
        #: The turn the cursor was last put on a free cell for (see :meth:`aim_cursor`).
        self._aimed: tuple[int, int, int, int | None] | None = None
        #: Which route through the cursor cell is highlighted (the trace key), or None.
        self.tracing: int | None = None
        #: Every cell's coordinates on the board (the coordinates key).
        self.coordinates = False
        #: Whether the footer shows the keys of a table where tiles are placed.
        self._playing_shown = True
        #: The failure of saving that was told in full (once, until saving works again).
        self._told_failure: str | None = None
        #: Since when others have been moving (monotonic seconds), for the turn notice.
        self._away_since: float | None = None

    # -- structure -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield BoardView(self.session.game.board, id="board")
        with Vertical(id="side"):
            yield self.status
            # One above the other beside the board; side by side under it (a narrow terminal).
            with Horizontal(id="seats"):
                yield HandView(id="hand")
                yield Scoreboard(id="scores")
            yield TextPanel(id="preview")
            log = RichLog(id="log", wrap=True, auto_scroll=True, min_width=20)
            # The log scrolls with the mouse wheel; were it focusable it would
            # take the arrow keys, which move the board's cursor.
            log.can_focus = False
            yield log
            yield from self.side_panels()
        yield Footer()

    def side_panels(self) -> ComposeResult:
        """What a kind of table adds to the side panel under the move log (a
        network game: its chat); nothing at a local table."""
        return iter(())

    def on_mount(self) -> None:
        if not self.query(HandView):
            return  # the app is closing while this screen mounts
        self._apply_size(self.app.size.width, self.app.size.height, repaint=False)
        self.apply_glyphs(repaint=False)
        # The log keeps its latest move in sight at every layout (a status that
        # grows a line, a resize, a whole game written at once), not only after
        # each write; scrolling up to read earlier moves lets go of it, and
        # scrolling back to the bottom takes it up again.
        self.query_one(RichLog).anchor()
        if self.driver.turn_time > 0:
            # The local turn clock: its seconds left said, and its end kept, twice a second.
            self.set_interval(0.5, self._tick_turn_clock)
        self.next_turn()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size(event.size.width, event.size.height)

    def _apply_size(self, width: int, height: int, repaint: bool = True) -> None:
        compact = width < COMPACT_WIDTH or height < COMPACT_HEIGHT
        stacked = width < STACKED_WIDTH and height >= STACKED_HEIGHT
        self.set_class(compact, "-compact")
        self.set_class(stacked, "-stacked")
        self.set_class(not compact and width < NARROW_WIDTH, "-narrow")
        hands = self.query(HandView)
        if not hands:
            return  # the app is closing while this screen mounts
        hand = hands.first()
        hand.tile_box = (14, 6) if compact else hand_box(height)
        hand.compact = compact
        self.query_one(Scoreboard).compact = compact
        self.status.compact = compact
        # Every key's name in the footer even at 80 columns, in the longer
        # words of German and French too: redo and save-as then only in the
        # help and the palette.
        footer = self.query_one(Footer)
        footer.compact = compact
        # At 45 columns the palette's key leaves the footer too (ctrl+p still opens it;
        # the help says so): the keys to play and Help and Menu fit in every language.
        footer.show_command_palette = not stacked
        hide_in_footer(
            self, STACKED_FOOTER_HIDES if stacked else COMPACT_FOOTER_HIDES if compact else frozenset()
        )
        self._texts.clear()
        if repaint:
            self.refresh_all()

    def apply_glyphs(self, repaint: bool = True) -> None:
        """Draw the board and the hand with the app's board glyphs."""
        app = self.indigo
        boards = self.query(BoardView)
        if not boards:
            return
        if app.board_glyphs == "pixels" and app.pixel_support is not None:
            # The board in pixels; the hand in the best text glyphs this terminal draws.
            encoder = encoder_named(app.text_glyphs)
            boards.first().set_pixels(app.pixel_support)
        else:
            encoder = encoder_named(app.board_glyphs)
            boards.first().set_encoder(encoder)
        hand = self.query_one(HandView)
        if hand.encoder != encoder:
            hand.encoder = encoder
            hand.refresh(layout=True)
        if repaint:
            self.refresh_all()

    @property
    def indigo(self) -> TableSettings:
        """The app's settings (bot pace, animation, glyphs), typed: the app is
        known here only by them (it imports this screen)."""
        return cast("TableSettings", self.app)

    # -- state -> screen ----------------------------------------------------------------

    @property
    def game(self) -> TableGame:
        return self.session.game

    def _view(self) -> SeatView | None:
        return self.session.view()

    def held_move(self) -> Move | None:
        """The placement under the cursor, when the seat on screen is to move."""
        view = self._view()
        if view is None or not view.my_turn or not view.hand or not self.session.human_to_move:
            return None
        if not self.playing:
            return None  # a network game that stopped: no tile in hand, no what-if
        tile = view.hand[min(self.chosen, len(view.hand) - 1)]
        return Move(self.cursor, tile, self.rotation % 6)

    @property
    def playing(self) -> bool:
        """Whether tiles are still placed at this table (not once the round is over)."""
        return not self.game.over

    #: What a table where nobody places tiles any more does not offer (the footer drops them).
    PLAY_ACTIONS = frozenset({"rotate", "place", "next_tile", "choose_tile", "hint"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.PLAY_ACTIONS:
            return self.playing
        if action == "result":
            return not self.playing
        return True

    def _follow_play(self) -> None:
        """The footer's keys follow whether tiles are placed (asked once per change)."""
        if self._playing_shown != self.playing:
            self._playing_shown = self.playing
            self.refresh_bindings()

    def watch_cursor(self) -> None:
        self.refresh_board()

    def watch_rotation(self) -> None:
        self.refresh_board()

    def watch_chosen(self) -> None:
        self.refresh_board()

    def refresh_all(self) -> None:
        if not self.is_mounted:
            return
        self.refresh_board()
        self.refresh_scores()
        self.refresh_log()

    def aim_cursor(self) -> None:
        """Once per turn of the seat on screen, put the cursor on an empty cell
        where the held tile may go: where it is if it may go there, else the
        nearest such cell (after a placement the cursor sits on that tile, so
        the nearest free cell is next to where the play is), turned to a legal
        rotation if the current one is not."""
        view = self._view()
        move = self.held_move()
        if view is None or move is None:
            return
        turn = (self.session.match.round_index, self.game.board.placements, self.game.turn, view.seat)
        if turn == self._aimed:
            return
        self._aimed = turn
        rotations: dict[int, list[int]] = {}
        for legal in view.legal_moves:
            if legal.tile == move.tile:
                rotations.setdefault(legal.cell, []).append(legal.rotation)
        if not rotations:
            return
        target = min(rotations, key=lambda cell: (hex_distance(cell, self.cursor), cell))
        # Set quietly: the board is drawn once, by whoever asked for the refresh.
        self.set_reactive(GameScreen.cursor, target)
        # The engine judges the rotation held: any of the six that places a
        # legal tile stays (legal_moves lists only one of each equivalent set).
        if view.refusal(Move(target, move.tile, self.rotation % 6)) is not None:
            self.set_reactive(GameScreen.rotation, rotations[target][0])

    def refresh_board(self) -> None:
        if not self.is_mounted:
            return
        session = self.session
        game = self.game
        view = self._view()
        move = self.held_move()
        error = None
        preview: list[GemMoved] = []
        if move is not None and view is not None:
            refused = view.refusal(move)
            error = None if refused is None else refusal_text(refused)
            if error is None:
                preview = view.preview(move)
        last = game.board.last_cell
        marks = Marks(
            cursor=self.cursor,
            last_cell=last if last >= 0 else None,
            held=(move.tile, move.rotation) if move is not None else None,
            held_legal=error is None,
            preview=tuple(preview),
            trace=self.cursor if self.tracing is not None else None,
            trace_index=self.tracing or 0,
            focus=focus_cells(game.board, self.cursor, preview, self.tracing),
            tagged=self.cursor,
            coordinates=self.coordinates,
            onward=self.cursor,
        )
        self.query_one(BoardView).show(game.board, marks)
        # The hand: only the seat on screen, never anyone else's.
        hand = self.query_one(HandView)
        if view is None:
            hand.show("", (), 0, 0, _("Hands are hidden."))
        else:
            note = "" if view.my_turn or not self.playing else _("(waiting)")
            name = session.name(view.seat)
            hand.show(name, view.hand, self.chosen, self.rotation % 6, note, session.speaks_to(view.seat))
        # What-if, in words.
        lines = [_("Cursor at {cell}").format(cell=cell_name(self.cursor))]
        if move is None:
            pass
        elif error is not None:
            lines.append(_("Can't place here: {reason}.").format(reason=error))
        else:
            lines.extend(preview_lines(preview, session.name))
        self._update("#preview", "\n".join(lines))
        self.refresh_status()

    def _update(self, selector: str, text: str) -> None:
        # Only a changed text is worth a re-layout of the side panel.
        if self._texts.get(selector) != text:
            self._texts[selector] = text
            self.query_one(selector, TextPanel).set_text(text)

    @property
    def message(self) -> str:
        """The one-off message the status says now (a hint in the words that fit)."""
        return self.status.said

    @message.setter
    def message(self, text: str) -> None:
        self.status.say(text)

    def refresh_status(self) -> None:
        """Tell the status the table as it is now: it words it, and draws a change."""
        self._follow_play()
        self.status.state = self.table_state()
        self._tell_failed_save()

    def _tell_failed_save(self) -> None:
        """The first save that fails is said in full over the table, with
        what to do about it; the status keeps a line while it lasts."""
        session = self.session
        if session.save_error is None:
            self._told_failure = None
            return
        if self._told_failure is not None or not session.unsaved:
            return
        self._told_failure = session.save_error
        from .unsaved import UnsavedScreen

        def answered(answer: str | None) -> None:
            if answer == "leave":
                self.app.exit()

        # After what is being drawn now (a placement, the end of the round).
        self.call_later(self.app.push_screen, UnsavedScreen(session), answered)

    def action_save_elsewhere(self) -> None:
        """Save the game in a folder typed (and go on saving it there)."""
        if not self.session.offers_save_elsewhere:
            self.status.say(_("This game is saved in its own folder only."))
            return
        from .save_elsewhere import SaveElsewhereScreen

        def done(saved: bool | None) -> None:
            self.refresh_status()

        self.app.push_screen(SaveElsewhereScreen(self.session), done)

    def table_state(self) -> TableState:
        """What the status tells of the table now."""
        session, game = self.session, self.game
        clock = self.driver.time_left()
        return TableState(
            over=game.over,
            to_move=session.name(game.turn),
            own_move=session.human_to_move and session.viewer == game.turn,
            spoken_to=session.speaks_to(game.turn),
            thinking=None if self.thinking is None else session.name(self.thinking),
            tiles_left=game.tiles_left,
            # The move being played; once the round is over, the last one played
            # (as the review counts them: "Move 54 of 54", never a 55th).
            move=game.board.placements + (0 if game.over else 1),
            bot_pace=self.indigo.bot_delay if session.bots else None,
            round_index=session.match.round_index,
            rounds=session.match.rounds,
            save_error=session.save_error,
            save_elsewhere=session.offers_save_elsewhere,
            clock=None if clock is None else math.ceil(clock[1]),
        )

    def refresh_scores(self) -> None:
        session, game = self.session, self.game
        rows: list[Row] = []
        for seat, info in enumerate(session.seats):
            # Another seat's gems are asked for only when this screen may show them.
            gems = game.view(seat).collected if session.may_see_gems(seat) else None
            rows.append(
                (
                    info.name,
                    info.kind,
                    session.setup.gates_of(seat),
                    gems,
                    seat == game.turn and not game.over,
                    seat == self.thinking,
                )
            )
        self.query_one(Scoreboard).show(rows)

    def refresh_log(self) -> None:
        if self._logged_generation == self.session.generation:
            return
        self._logged_generation = self.session.generation
        log = self.query_one(RichLog)
        lines = move_lines(self.game.log, self.session.name)
        width = log.scrollable_content_region.width
        shown, shown_in, shown_width = self._logged
        if shown_in is log and shown_width == width and lines[: len(shown)] == shown:
            # A move was added (the usual case): write its lines alone, not the
            # whole game again at every move.
            new = lines[len(shown) :]
        else:
            # Moves taken back, another language, another width: all of it again.
            log.clear()
            new = lines
        for line in new:
            log.write(line)
        self._logged = (lines, log, width)

    # -- turns -----------------------------------------------------------------------

    @property
    def thinking(self) -> int | None:
        """The seat whose bot is thinking now (the driver's), or None."""
        return self.driver.thinking

    def next_turn(self) -> None:
        """Whatever the driver says comes next: the end, passing the terminal, or a bot's move."""
        self.aim_cursor()
        self.refresh_all()
        self._notice_turn()
        step = self.driver.step()
        if not isinstance(step, RoundOver):
            # The next end (after an undo, in the next round) has its dialog again.
            self._shown_end = False
        if isinstance(step, RoundOver):
            self.show_end()
        elif isinstance(step, HandOff):
            from .handoff import HandoffScreen

            if isinstance(self.app.screen, HandoffScreen):
                return
            self.app.push_screen(HandoffScreen(self.session.name(step.seat)), self._handed_over)
        elif isinstance(step, BotTurn) and self.driver.thinking is None:
            thinking = self.driver.begin_bot_turn()
            self.refresh_status()
            self.refresh_scores()
            self.bot_turn(thinking)

    def _notice_turn(self) -> None:
        """When it comes back to the person here after a wait of others' moves
        (bots, peers) of :data:`NOTICE_AFTER` seconds or more: the bell, or a
        flash of the status and the hand, as the turn notice setting says."""
        now = time.monotonic()
        if not self.session.human_to_move:
            if self._away_since is None:
                self._away_since = now
            return
        since, self._away_since = self._away_since, None
        if since is None or now - since < NOTICE_AFTER:
            return
        notice = self.indigo.turn_notice
        if notice == "bell":
            self.app.bell()
        elif notice == "flash":
            self.add_class("-your-turn")
            self.set_timer(FLASH_SECONDS, lambda: self.remove_class("-your-turn"))

    def _handed_over(self, _result: object = None) -> None:
        self.driver.hand_over()
        self.chosen = 0
        self.aim_cursor()
        self.refresh_all()

    def show_end(self) -> None:
        """The dialog with the round's result, once per end of a round."""
        if not self._shown_end:
            self._shown_end = self._push_end()

    def _push_end(self) -> bool:
        """Push the result's dialog unless it is up; whether it is (or why not is said)."""
        from .end import EndScreen

        if any(isinstance(screen, EndScreen) for screen in self.app.screen_stack):
            return True
        dialog = self._round_end()
        if isinstance(dialog, str):
            self.status.say(dialog)
            return False
        self.app.push_screen(dialog, self._after_end)
        return True

    def _local_end_screen(self) -> Screen[str | None]:
        from .end import EndScreen

        return EndScreen(self.session, new_game=True)

    def action_result(self) -> None:
        """The round's result again (after "Back to board"), with its review."""
        if not self.game.over:
            self.status.say(_("The result comes at the end of the round."))
            return
        self._push_end()

    def _after_end(self, action: str | None) -> None:
        if action == "next":
            try:
                self.driver.next_round()
            except TableRefusal as exc:
                self.status.say(_("No next round: {reason}.").format(reason=exc))
                return
            self.cursor = START_CELL
            self.chosen = 0
            self.next_turn()
        elif action == "new":
            from .setup import SetupScreen

            # Back from the form comes back here, to the finished board.
            self.app.push_screen(SetupScreen())
        elif action == "title":
            self.action_leave()

    @work(exclusive=True, group="bots")
    async def bot_turn(self, thinking: Thinking) -> None:
        """A bot's move, as the driver thinks it out (in a thread, then the
        bot pace on the app's loop), shown here: undo, redo and leaving
        (which cancel the "bots" group), a newer bot turn (exclusive) and a
        closing app end the wait at once."""
        answer = await self.driver.think(thinking)
        if not self._on_stage:
            return  # the app is closing: the answer has nowhere to go
        self._bot_moved(self.driver.conclude(thinking, answer))

    @property
    def _on_stage(self) -> bool:
        """Whether this table still has its widgets: not popped, and not being
        taken down with the app, whose widgets go one by one while a bot's or
        a hint's answer may still come back from its worker thread (Textual
        counts a node it is removing as not displayed)."""
        return self.is_attached and self.app.is_running and self.display and bool(self.query(BoardView))

    def _tick_turn_clock(self) -> None:
        """The turn clock of a table at this terminal: the seconds left on the
        status, and when they are gone, the stand-in's move (the driver's)."""
        if not self._on_stage:
            return
        turn = self.driver.clock()
        if turn is None:
            return
        if turn.left() > 0:
            self.refresh_status()
            return
        moved = self.driver.time_up(turn)
        if moved is not None:
            self._bot_moved(moved)

    def _bot_moved(self, moved: BotMoved) -> None:
        if moved.played is None:
            self.next_turn()  # the game changed while the bot thought, or nothing could move
        else:
            self._show_played(moved.played)
        # A bot that failed (its stand-in moved), a program replaced by a built-in bot: said
        # on the status, and whole in a notification too (a compact status cuts it short).
        if moved.notices:
            self.status.say(" ".join([self.status.said, *moved.notices]).strip())
            for words in moved.notices:
                self.notify(words, severity="warning", timeout=NOTICE_SECONDS, markup=False)

    def _play(self, move: Move) -> None:
        """A person's move, into the game at once, or sent to the host."""
        if not self.driver.places_at_once:
            self._send(move)
            return
        self._show_played(self.driver.play(move))

    def placed_words(self, seat: int, cell: int) -> str:
        """The status's line for ``seat``'s tile placed at ``cell``."""
        # The person reading is spoken to: never "Tuile posée par Vous".
        if self.session.speaks_to(seat):
            return _("You placed at {cell}.").format(cell=cell_name(cell))
        return _("{name} placed at {cell}.").format(name=self.session.name(seat), cell=cell_name(cell))

    def _show_played(self, played: Played) -> None:
        self.status.say(self.placed_words(played.seat, played.move.cell))
        self.refresh_all()
        gem_moves = [e for e in played.events if isinstance(e, GemMoved)]
        # A tile placed by someone not at this keyboard (a bot) is shown arriving.
        arriving = None if played.seat in self.session.humans else played.move.cell
        if not self.animate_move(gem_moves, arriving):
            self.next_turn()

    def animate_move(self, gem_moves: list[GemMoved], arriving: int | None) -> bool:
        """Play a move's motion over the board (ui/motion.py): the tile at
        ``arriving`` ringed as it arrives, then the gems along their routes;
        what comes next (the hand-off, the next bot) waits until it ends. False,
        and nothing played, with the animation off or nothing to move."""
        board = self.query_one(BoardView)
        art = board.art
        if not self.indigo.gem_animation or art is None:
            return False
        motion = move_motion(art, gem_moves, arriving, self.indigo.tile_seconds)
        if motion is None:
            return False
        board.play_motion(motion, on_done=self.next_turn)
        return True

    def _send(self, move: Move) -> None:
        if self._sending:
            return
        self._sending = True
        self.status.say(_("Sending the move…"))
        self.run_worker(self._await_answer(move), group="net-move")

    async def _await_answer(self, move: Move) -> None:
        """The host's answer to a move sent; its news brings the move to the board."""
        try:
            reason = await self.driver.send(move)
        finally:
            self._sending = False
        if not self._on_stage:
            return
        if reason is not None:
            self.status.say(_("The host refused the move: {reason}.").format(reason=reason))
            self.app.bell()
        elif self.status.said == _("Sending the move…"):
            self.status.say("")

    # -- actions ------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        # Any key skips a gem animation (and still does what it does).
        board = self.query_one(BoardView)
        if board.animating:
            board.skip_animation()

    def action_move(self, edge: int) -> None:
        target = neighbour(self.cursor, edge)
        if target is not None:
            self.cursor = target

    def action_vertical(self, step: int) -> None:
        target = vertical_neighbour(self.cursor, step)
        if target is not None:
            self.cursor = target

    def action_rotate(self, step: int) -> None:
        self.rotation = (self.rotation + step) % 6

    def action_next_tile(self) -> None:
        view = self._view()
        if view is not None and len(view.hand) > 1:
            self.chosen = (self.chosen + 1) % len(view.hand)

    def action_choose_tile(self, index: int) -> None:
        view = self._view()
        if view is not None and index < len(view.hand):
            self.chosen = index

    def action_place(self) -> None:
        move = self.held_move()
        if move is None:
            self.status.say(_("It is not your turn.") if self.playing else _("The round is over."))
            return
        view = self._view()
        # The seat on screen's own view: a network table's game is only that view.
        refused = None if view is None else view.refusal(move)
        if refused is not None:
            self.status.say(_("Can't place there: {reason}.").format(reason=refusal_text(refused)))
            self.app.bell()
            return
        self._play(Move.make(move.cell, move.tile, move.rotation))

    def action_hint(self) -> None:
        """Ask the search bot, from this seat's own view, where to place."""
        if self.hinting:
            return
        asked = self.driver.ask_hint(self._view())
        if isinstance(asked, str):
            self.status.say(asked)
            return
        self.hinting = True
        self.status.say(_("Looking for a hint…"))
        self.find_hint(asked)

    @work(thread=True, exclusive=True, group="hint")
    def find_hint(self, asked: HintAsked) -> None:
        found = self.driver.suggest(asked)
        if isinstance(found, str):
            self.app.call_from_thread(self._no_hint, found)
        elif not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._hinted, found)

    def _no_hint(self, words: str) -> None:
        if not self._on_stage:
            return
        self.hinting = False
        self.status.say(words)

    def _hinted(self, suggestion: Suggestion) -> None:
        if not self._on_stage:
            return
        self.hinting = False
        view = self._view()
        if view is None or not self.driver.current(suggestion):
            self.refresh_all()
            return
        move, seat, expected = suggestion.move, suggestion.seat, suggestion.expected
        self.cursor = move.cell
        self.chosen = view.hand.index(move.tile)
        self.rotation = move.rotation
        others = tuple((self.session.name(s), points) for s, points in enumerate(expected) if s != seat)
        self.status.say_hint(Hint(KIND_CODES[move.tile], cell_name(move.cell), expected[seat], others))
        self.refresh_all()

    def action_undo(self) -> None:
        self.workers.cancel_group(self, "bots")
        owner = self.session.undo_asks()
        if owner is None:
            self._take_back()
        else:
            self._ask_take_back(owner)

    def _take_back(self, agreed: int | None = None) -> None:
        if self.driver.undo(agreed):
            taken = _("Move taken back.")
            if agreed is not None:
                taken = " ".join([_("{name} allowed it.").format(name=self.session.name(agreed)), taken])
            self.status.say(taken)
        else:
            self.status.say(_("Nothing to undo."))
        self.next_turn()

    def _ask_take_back(self, owner: int) -> None:
        """Another person's move: asked of them first, with nothing private on
        screen; whatever they answer, the hand-off comes before a hand shows."""
        from .confirm import ConfirmScreen

        session = self.session
        asker = session.viewer
        owner_name = session.name(owner)
        question = take_back_question(
            owner_name,
            session.undo_takes()[0][1].cell,
            None if asker is None else session.name(asker),
        )
        session.hide_hands()
        self.refresh_all()

        def answer(yes: bool | None) -> None:
            if yes:
                self._take_back(owner)
            else:
                self.status.say(_("{name} said no: the move stays.").format(name=owner_name))
                self.next_turn()

        self.app.push_screen(ConfirmScreen(question), answer)

    def action_redo(self) -> None:
        self.workers.cancel_group(self, "bots")
        if self.driver.redo():
            self.status.say(_("Move played again."))
        else:
            self.status.say(_("Nothing to redo."))
        self.next_turn()

    def action_save_as(self) -> None:
        from .save_as import SaveAsScreen

        def done(title: str | None) -> None:
            if not title:
                return
            try:
                path = self.session.save_as(title)
            except SaveError as exc:
                # The status line says a failed save while it lasts: not twice.
                said = self.session.save_error is not None
                self.status.say("" if said else _("Not saved: {reason}").format(reason=exc.detail))
            else:
                # The name as typed and the file's, whole, in a notification; the
                # status says the name too where its lines hold it whole.
                named = title.strip()
                words = _("Saved as “{title}”.").format(title=named)
                self.notify(
                    _("Saved as “{title}” in {file}.").format(title=named, file=path.name), markup=False
                )
                whole = not self.status.compact or cell_len(words) <= COMPACT_TEXT_WIDTH * 2 - 4
                self.status.say(words if whole else _("Saved."))
            # The save may have ended (or met) a failure of the autosave.
            self.refresh_status()

        self.app.push_screen(SaveAsScreen(), done)

    def action_pace(self, step: int) -> None:
        app = self.indigo
        current = PACES.index(app.bot_delay) if app.bot_delay in PACES else 2
        app.bot_delay = PACES[max(0, min(len(PACES) - 1, current + step))]
        self.status.say(_("Bots wait {seconds}s between moves.").format(seconds=decimal(app.bot_delay)))
        self.refresh_status()  # the counters' bot pace

    def action_toggle_animation(self) -> None:
        self.indigo.gem_animation = not self.indigo.gem_animation
        said = _("Gem animation on.") if self.indigo.gem_animation else _("Gem animation off.")
        self.status.say(self.indigo.remember_motion() or said)

    def action_turn_notice(self) -> None:
        """The next notice of one's turn after a wait: off, the bell, a flash (remembered)."""
        app = self.indigo
        choices = TURN_NOTICES
        app.turn_notice = (
            choices[(choices.index(app.turn_notice) + 1) % len(choices)]
            if (app.turn_notice in choices)
            else choices[0]
        )
        said = {
            "off": _("No notice when it is your turn again."),
            "bell": _("The bell rings when it is your turn again after a wait."),
            "flash": _("The table flashes when it is your turn again after a wait."),
        }[app.turn_notice]
        self.status.say(app.remember_motion() or said)

    def action_zoom(self) -> None:
        board = self.query_one(BoardView)
        if board.toggle_zoom():
            self.status.say(_("Zoomed in around the cursor (v: whole board)."))
        elif board.zoom_choice:
            # A terminal so small that a zoomed view's hexagons would be no larger.
            self.status.say(_("The whole board: zooming in would not make the hexagons larger here."))
        else:
            self.status.say(_("The whole board (v: zoom in)."))

    def action_trace(self) -> None:
        """Highlight the routes through the cursor cell one by one, then none."""
        routes = len(routes_through(self.game.board, self.cursor))
        step = 0 if self.tracing is None else self.tracing + 1
        if step >= max(1, routes):
            self.tracing = None
            self.status.say(_("Route tracing off."))
        else:
            self.tracing = step
            name = cell_name(self.cursor)
            self.status.say(
                _("Route {number} of {count} through {cell} (t: next).").format(
                    number=step + 1, count=routes, cell=name
                )
                if routes
                else _("No placed path leads from {cell} yet.").format(cell=name)
            )
        self.refresh_board()

    def action_coordinates(self) -> None:
        """Show or hide every cell's coordinates (the cursor's are always in its tag)."""
        self.coordinates = not self.coordinates
        self.status.say(
            _("Every cell's coordinates shown (c: hide them).")
            if self.coordinates
            else _("Coordinates hidden; the cursor's tag keeps its own (c: show all).")
        )
        self.refresh_board()

    def action_glyphs(self, choice: str | None = None) -> None:
        """Switch the board's glyphs (the next choice, or ``choice``); the app remembers it."""
        app = self.indigo
        self.status.say(app.set_board_glyphs(choice or app.next_board_glyphs()))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "bots")
        self.post_message(ToTitle())

    @on(BoardView.CellClicked)
    def _clicked(self, event: BoardView.CellClicked) -> None:
        # First click moves the cursor there, a click on the cursor places.
        if event.cell == self.cursor:
            self.action_place()
        else:
            self.cursor = event.cell

    @on(HandView.TileClicked)
    def _hand_clicked(self, event: HandView.TileClicked) -> None:
        if event.index == self.chosen:
            self.action_rotate(1)
        else:
            self.chosen = event.index

    def on_screen_resume(self) -> None:
        self.refresh_all()

    async def relocalise(self) -> None:
        """After a change of language: every text of the table in the new words."""
        self.session.follow_language()
        self._texts.clear()
        self._logged_generation = -1
        self.status.say("")
        self.status.reword()
        self.query_one(Scoreboard).refresh(layout=True)
        self.query_one(HandView).refresh(layout=True)
        self.refresh_all()


__all__ = ["GameScreen"]
