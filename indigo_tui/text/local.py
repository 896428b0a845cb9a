"""A table played by lines: turns, questions, moves, undo, saves, hints, review.

:class:`LineTable` drives a :class:`~indigo_tui.table.base.Table` (a local
:class:`~indigo_tui.table.session.Session`: bots, hot-seat, undo, autosave)
from lines typed at the prompt, through the table's one turn driver
(:class:`~indigo_tui.table.turns.TurnDriver`, as the game screen does). Bots
(and outside programs) move when it is their turn, and one that fails is
said while its stand-in moves; a person's turn is announced, then each line is a question
(``hand``, ``cell 2,-1``, ``gem amber``...), a move, or an action (``undo``,
``save NAME``, ``hint``, ``quit``). A move is answered by its what-if and
placed on ``yes``. At a shared terminal the next person is asked to take
the keyboard before anything of theirs is said, and what the last one did
with their hand is first scrolled out of sight.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..bots import engine_protocol as protocol
from ..engine import Event, Move, SeatView, TileDrawn, public_event
from ..i18n import N_, _, decimal, ngettext
from ..i18n.words import names_list, refusal_text
from ..net.notices import ClockStarted
from ..saves import SaveError
from ..table.base import Table, TableGame, TableRefusal
from ..table.describe import cell_name, take_back_question
from ..table.turns import BotTurn, HandOff, RoundOver, TurnDriver
from . import answers
from .commands import NETWORK_ONLY, Command, help_lines, parse_command
from .fronts import TextFront
from .moves import MoveTextError, parse_cell, parse_typed_move, tile_kind
from .sentences import placements, seat_lines, standings_lines

#: A verdict's name, as the review screen names it.
VERDICT_NAME: dict[str, str] = {
    "best": N_("Best"),
    "good": N_("Good"),
    "inaccuracy": N_("Inaccuracy"),
    "mistake": N_("Mistake"),
    "blunder": N_("Blunder"),
}
#: Bots quick enough that nobody needs to hear that they are thinking.
QUICK_BOTS = frozenset({"greedy", "random"})


class Left(Exception):
    """The player left (``quit``, or the end of the input)."""


class LineTable:
    """One table, driven by lines from ``front``."""

    def __init__(self, table: Table, front: TextFront, *, reviewer: str | None = None) -> None:
        self.table = table
        self.front = front
        #: Who moves next and how: every turn goes through it.
        self.driver = TurnDriver(table)
        #: The search bot that rates moves in a review (None: the review's own default).
        self.reviewer = reviewer
        #: The events said so far, of the round in :attr:`_game`.
        self._said: list[Event] = []
        self._game: TableGame | None = None
        #: The turn last announced: (round, placements, seat).
        self._announced: tuple[int, int, int] | None = None
        #: A move whose what-if was said, placed on "yes".
        self.pending: Move | None = None
        #: The round whose end was said.
        self._ended: tuple[int, int] | None = None
        #: The failure of saving that was said in full (once, until saving works again).
        self._told_failure: str | None = None

    # -- who is who ------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.table.name(seat)

    @property
    def hot_seat(self) -> bool:
        return len(self.table.humans) >= 2

    @property
    def viewer(self) -> int | None:
        """The seat whose private things this terminal may say now."""
        humans = self.table.humans
        if len(humans) == 1:
            return humans[0]
        return self.table.viewer

    def view(self) -> SeatView | None:
        viewer = self.viewer
        return None if viewer is None else self.table.game.view(viewer)

    # -- running -------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match is over and the player leaves, or they quit; 0."""
        table = self.table
        names = [info.name for info in table.seats]
        humans = table.humans
        self.front.hello(
            table.setup,
            humans[0] if len(humans) == 1 else None,
            names,
            table.match.round_index,
            table.match.rounds,
        )
        self.front.say(*seat_lines(table.setup, names, [info.kind for info in table.seats], self.viewer))
        if table.game.board.placements:
            self.front.say(
                _("Taken up at move {number} of round {round}.").format(
                    number=table.game.board.placements + 1, round=table.match.round_index + 1
                )
            )
            if not self.front.places_at_once:
                # A person is not read the whole round again (moves says it); a program is.
                self._game = table.game
                self._said = list(self._seen(table.game.log))
        self.front.say(_("Type help for the commands, or a move like 122/3@2,-1."))
        try:
            while True:
                self._step()
        except Left:
            return 0

    def _step(self) -> None:
        self._say_new_events()
        self._tell_failed_save()
        step = self.driver.step()
        if isinstance(step, RoundOver):
            self._round_over()
        elif isinstance(step, BotTurn):
            self._bot_moves(step.seat)
        elif isinstance(step, HandOff):
            self._hand_off(step.seat)
        else:
            # A person's turn; or a bot that could not move, nor its stand-in
            # (said): the person may undo or quit.
            self._person_moves(step.seat)

    # -- events ---------------------------------------------------------------------------------

    def _seen(self, events: Sequence[Event]) -> list[Event]:
        """``events`` as this terminal may see them: another seat's draw without its tile."""
        viewer = self.viewer
        return [
            event if type(event) is TileDrawn and event.seat == viewer else public_event(event)
            for event in events
        ]

    def _say_new_events(self) -> None:
        """Say the events not yet said; after an undo, start again (the
        sentences say only what is new; the JSON says a reset and the log)."""
        game = self.table.game
        log = game.log
        if game is not self._game:
            self._game, self._said = game, []
        said = len(self._said)
        if len(log) < said or [public_event(e) for e in log[:said]] != [public_event(e) for e in self._said]:
            self.front.reset()
            said = 0
            fresh = self._seen(log)
            if self.front.places_at_once:
                self.front.happened(fresh, self.name, self.viewer)
            self._said = fresh
            return
        if len(log) > said:
            fresh = self._seen(log[said:])
            self.front.happened(fresh, self.name, self.viewer)
            self._said.extend(fresh)

    # -- turns ----------------------------------------------------------------------------------

    def _bot_moves(self, seat: int) -> None:
        if self.table.bots[seat].name.partition(":")[0] not in QUICK_BOTS:
            self.front.say(_("{name} is thinking…").format(name=self.name(seat)))
        # A bot that fails is said, and its stand-in's move is played (bots/stand_in.py).
        for words in self.driver.play_bot_turn().notices:
            self.front.notice(words)

    def _hand_off(self, seat: int) -> None:
        self.pending = None
        self.front.say(
            _("Pass the terminal to {name}, then press Enter (quit leaves the game).").format(
                name=self.name(seat)
            )
        )
        if parse_command(self._read())[0] is Command.QUIT:
            self._quit()
            return  # back to the game: asked again
        self.driver.hand_over()

    def _announce(self, force: bool = False) -> None:
        """Say that it is this terminal's turn, and its tiles (once a turn, or again if ``force``)."""
        game = self.table.game
        view = self.view()
        if view is None or not view.my_turn:
            return
        turn = (self.table.match.round_index, game.board.placements, game.turn)
        if force or turn != self._announced:
            self._announced = turn
            self.front.your_turn(view, self.name, self.hot_seat)
            clock = self.driver.clock()
            if clock is not None and not self.hot_seat:
                seconds = round(self.driver.turn_time)
                self.front.say(_("You have {seconds} s for this move.").format(seconds=seconds))
            elif clock is not None:
                # As a network game says it: "Ann has 30 s to move."
                started = ClockStarted(clock.seat, self.driver.turn_time, 0.0, self.name(clock.seat))
                self.front.say(_("{news}.").format(news=started.text))

    def _person_moves(self, seat: int) -> None:
        self._announce()
        turn = self.driver.clock()
        line = self._read(None if turn is None else turn.left())
        if turn is not None and turn.left() <= 0:
            # Too late: the line is not played; the stand-in moves, as at a network host.
            moved = self.driver.time_up(turn)
            if moved is not None:
                self.pending = None  # a what-if said for the turn that is gone
                if self.hot_seat:
                    self.front.screen_break()
                for words in moved.notices:
                    self.front.notice(words)
                # A question or quit typed late is still answered; a move or a yes is not.
                if parse_command(line)[0] not in (None, Command.YES, Command.NO):
                    self.handle(line)
                return
        self.handle(line)

    # -- a line ---------------------------------------------------------------------------------

    def handle(self, line: str) -> None:
        """Answer one line typed at a person's turn."""
        pending, self.pending = self.pending, None
        if not line:
            self._whose_turn()
            return
        if line.startswith("{"):
            self._json_line(line)
            return
        command, rest = parse_command(line)
        if command in (Command.YES, Command.NO) and self.answer(command is Command.YES):
            return
        if command is Command.YES and pending is not None:
            self._place(pending)
            return
        if command is Command.NO and pending is not None:
            self.front.say(_("Not placed."))
            return
        if command is not None:
            self._command(command, rest)
            return
        view = self.view()
        try:
            typed = parse_typed_move(line, view.hand if view is not None else ())
        except MoveTextError as exc:
            self.front.not_a_move(line[:80], str(exc))
            self._announced = None
            return
        if typed is None and self.front.places_at_once:
            # A program's line that is neither: refused as such, and the turn asked again.
            self.front.not_a_move(line[:80], "not_a_move")
            self._announced = None
            return
        if typed is None:
            self.front.say(
                _("{text} is not a move or a command; type help for the commands.").format(
                    text=repr(line[:40])
                )
            )
            return
        self._try(typed.move, typed.at_once or self.front.places_at_once)

    def answer(self, yes: bool) -> bool:
        """A yes or a no to a question other than "place it?" (an undo vote
        over the network); whether there was one."""
        return False

    def _json_line(self, line: str) -> None:
        """A line of the engine protocol: a move, or ``{"type": "quit"}``."""
        try:
            move = protocol.parse_reply(line)
        except protocol.ReplyError as exc:
            self.front.not_a_move(line[:80], exc.code)
            self._announced = None
            return
        self._try(Move.make(move.cell, move.tile, move.rotation), at_once=True)

    def _try(self, move: Move, at_once: bool) -> None:
        view = self.view()
        if view is None or not view.my_turn:
            self.front.say(_("It is not your turn."))
            return
        refused = view.refusal(move)
        if refused is not None:
            self.front.refused(move, refused.code.value, refusal_text(refused))
            if self.front.places_at_once:
                self._announced = None  # a program is asked for its move again
            return
        if at_once:
            self._place(move)
            return
        what = answers.what_if_lines(view.preview(move), self.name)
        self.front.say(
            _("{tile} at {cell}:").format(
                tile=answers.tile_text(move.tile, move.rotation), cell=cell_name(move.cell)
            ),
            *what,
            _("Type yes to place it, or another move."),
        )
        self.pending = move

    def _place(self, move: Move) -> None:
        if self.hot_seat:
            # The hand and the what-if just said go out of sight before the next person comes.
            self.front.screen_break()
        self.driver.play(move)

    def _read(self, timeout: float | None = None) -> str:
        """The next line at a prompt; the end of the input, or a program's
        ``{"type": "quit"}``, leaves the game; Ctrl+C asks to, as quit does.
        ``timeout``: the turn clock's seconds left ("" when a terminal has
        typed nothing by then)."""
        try:
            line = self.front.ask(timeout=timeout)
        except KeyboardInterrupt:
            self._quit()
            return ""
        if line is None:
            self._quit(ended=True)
        if line is None or (line.startswith("{") and protocol.reply_type(line) == "quit"):
            self._quit()
            return ""
        return line

    # -- a game that cannot be saved -------------------------------------------------------

    def _tell_failed_save(self) -> None:
        """The first save that fails is said in full, with what to do about it."""
        table = self.table
        if table.save_error is None:
            if self._told_failure is not None:
                self.front.say(_("Saving works again."))
            self._told_failure = None
            return
        if self._told_failure is not None or not table.unsaved:
            return
        self._told_failure = table.save_error
        words = _(
            "This game could not be saved: {reason}. Its moves are kept only until you leave. "
            "Free some space on that disk, or type elsewhere FOLDER to save it in another folder: "
            "it is then saved there after every move."
        )
        self.front.notice(words.format(reason=table.save_error))

    def _elsewhere(self, folder: str) -> bool:
        """Save the game in ``folder`` and go on saving there; whether it is saved."""
        if not folder:
            self.front.say(_("Say the folder: elsewhere FOLDER."))
            return False
        if not self.table.offers_save_elsewhere:
            self.front.say(_("This game is saved in its own folder only."))
            return False
        try:
            path = self.table.save_elsewhere(Path(folder))
        except (SaveError, TableRefusal) as exc:
            detail = exc.detail if isinstance(exc, SaveError) else str(exc)
            self.front.say(
                _("Not saved in {folder}: {reason}. Try another folder.").format(folder=folder, reason=detail)
            )
            return False
        self._told_failure = None
        self.front.say(_("Saved in {path}; saved there after every move.").format(path=path))
        return True

    def _quit(self, ended: bool = False) -> None:
        """Leave the game (:class:`Left`); a game that cannot be saved is
        asked about first, in a line: a folder to save it in, quit anyway, or
        back to the game (then this returns). ``ended``: the input is over,
        nothing can be asked, and what is lost is said."""
        table = self.table
        while table.unsaved and not ended:
            self.front.say(
                _(
                    "This game is not saved ({reason}): if you leave now, it is lost. Type a folder to "
                    "save it in, quit to quit anyway, or press Enter to go back to the game."
                ).format(reason=table.save_error)
            )
            try:
                line = self.front.ask()
            except KeyboardInterrupt:
                line = "quit"  # Ctrl+C again: quit anyway
            if line is None:
                ended = True
                break
            line = line.strip()
            if not line:
                self.front.say(_("Back to the game."))
                self._announced = None
                return
            if parse_command(line)[0] is Command.QUIT:
                break
            self._elsewhere(line)
        if table.unsaved:
            self.front.say(
                _("The game is lost: it could not be saved ({reason}).").format(reason=table.save_error)
            )
            raise Left
        path = getattr(table, "save_path", None)
        if path is not None and path.exists():
            self.front.say(_("The game is saved in {path}.").format(path=path))
        raise Left

    # -- the end of a round ---------------------------------------------------------------------

    def _round_over(self) -> None:
        self._say_round_end()
        self.handle(self._read())

    def _say_round_end(self) -> None:
        """Every seat's gems and what may come next, once per finished round."""
        table = self.table
        match = table.match
        key = (match.round_index, table.generation)
        if self._ended == key:
            return
        self._ended = key
        names = [info.name for info in table.seats]
        totals = match.totals if match.rounds > 1 else None
        self.front.say(*standings_lines(names, table.game.standings(), totals))
        if match.can_start_next_round:
            self.front.say(
                _(
                    "Round {number} of {rounds} is over. Type next for the next round, review for "
                    "the rating of every move, or quit."
                ).format(number=match.round_index + 1, rounds=match.rounds)
            )
        else:
            if match.rounds > 1:
                winners = names_list([names[s] for s in match.winners])
                self.front.say(_("The match is over: {names} won.").format(names=winners))
            self.front.say(_("Type review for the rating of every move, or quit."))

    def _next(self) -> None:
        """Deal the next round, once this one is over."""
        table = self.table
        match = table.match
        if not match.can_start_next_round:
            self.front.say(_("The next round comes when this one is over."))
            return
        try:
            self.driver.next_round()
        except TableRefusal as exc:
            self.front.say(str(exc))
            return
        self.front.say(
            _("Round {number} of {rounds} begins; {name} moves first.").format(
                number=match.round_index + 1, rounds=match.rounds, name=self.name(table.game.turn)
            )
        )

    # -- commands -------------------------------------------------------------------------------

    def _command(self, command: Command, rest: str) -> None:
        table = self.table
        game = table.game
        board = game.board
        view = self.view()
        say = self.front.say
        if command is Command.HELP:
            say(*help_lines(self.offered()))
        elif command is Command.HAND:
            say(*(answers.hand_lines(view) if view is not None else [_("Nobody's hand is shown now.")]))
        elif command is Command.TILE:
            self._tile(rest)
        elif command is Command.CELL:
            try:
                cell = parse_cell(rest)
            except MoveTextError as exc:
                say(str(exc) + ".")
                return
            say(*answers.cell_lines(board, cell, self.viewer, self.name))
        elif command is Command.GEM:
            self._gems(rest, view)
        elif command is Command.GATES:
            say(*answers.gate_lines(table.setup, self.viewer, self.name))
        elif command is Command.SCORE:
            say(
                *answers.score_lines(
                    table.setup.players,
                    self.viewer,
                    self.name,
                    lambda seat: game.view(seat).collected if table.may_see_gems(seat) else None,
                    board,
                )
            )
        elif command is Command.LAST:
            moves = placements(self._seen(game.log), self.name, self.viewer)
            say(moves[-1] if moves else _("No tile has been placed yet."))
        elif command is Command.LEFT:
            say(*answers.tiles_left_lines(view, game.tiles_left))
        elif command is Command.BOARD:
            say(*answers.board_lines(board))
        elif command is Command.MOVES:
            moves = placements(self._seen(game.log), self.name, None)
            numbered = [_("{number}. {move}").format(number=n, move=m) for n, m in enumerate(moves, start=1)]
            say(*(numbered or [_("No tile has been placed yet.")]))
        elif command is Command.TURN:
            self._whose_turn()
        elif command is Command.UNDO:
            self._undo()
        elif command is Command.REDO:
            self._redo()
        elif command is Command.SAVE:
            self._save(rest)
        elif command is Command.ELSEWHERE:
            self._elsewhere(rest)
        elif command is Command.HINT:
            self._hint(view)
        elif command is Command.REVIEW:
            self._review()
        elif command is Command.NEXT:
            self._next()
        elif command is Command.SAY:
            self._chat(rest)
        elif command is Command.MUTE:
            self._mute()
        elif command is Command.REMATCH:
            self._rematch()
        elif command is Command.QUIT:
            self._quit()
        elif command in (Command.YES, Command.NO):
            say(_("There is no move to place: type one first, like 122/3@2,-1."))

    def _whose_turn(self) -> None:
        game = self.table.game
        if game.over:
            self.front.say(_("The round is over."))
        elif self.viewer == game.turn:
            self._announce(force=True)
        else:
            self.front.say(_("{name} is to move.").format(name=self.name(game.turn)))

    def _tile(self, rest: str) -> None:
        code, _slash, turns = rest.strip().partition("/")
        try:
            kind = tile_kind(code.strip())
        except MoveTextError as exc:
            self.front.say(str(exc) + ".")
            return
        rotation: int | None = None
        if turns.strip():
            if not turns.strip().isdigit() or not 0 <= int(turns) <= 5:
                self.front.say(_("A tile turns 0 to 5 steps clockwise."))
                return
            rotation = int(turns)
        self.front.say(*answers.turns_lines(kind, rotation))

    def _gems(self, rest: str, view: SeatView | None) -> None:
        from ..engine import GEM_KIND

        gems = list(range(len(GEM_KIND))) if not rest else answers.gem_of_label(rest)
        if gems is None:
            self.front.say(
                _("No gem is called {name}: say amber, emerald or sapphire, or amber 2.").format(
                    name=repr(rest)
                )
            )
            return
        self.front.say(*answers.gem_lines(self.table.game.board, gems, self.name, view))

    # -- actions --------------------------------------------------------------------------------

    def _undo(self) -> None:
        owner = self.table.undo_asks()
        if owner is not None and not self._allowed(owner):
            return
        undone = self.driver.undo(owner)
        if not undone:
            self.front.say(_("Nothing to undo."))
            return
        self.front.say(ngettext("{n} move taken back.", "{n} moves taken back.", undone).format(n=undone))
        self._announced = None

    def _allowed(self, owner: int) -> bool:
        """Whether ``owner`` lets another person take their move back, asked
        by a line answered by the next (anything but yes is a no); what the
        asker's turn said goes out of sight first, and whatever the answer,
        the terminal is passed on again before a hand is said."""
        table = self.table
        asker = table.viewer
        name = self.name(owner)
        question = take_back_question(
            name, table.undo_takes()[0][1].cell, None if asker is None else self.name(asker)
        )
        table.hide_hands()
        self.pending = None
        self._announced = None
        # What was said of the asker's hand goes out of sight before the owner looks.
        self.front.screen_break()
        self.front.say(question, _("Type yes to allow it, or no."))
        command = parse_command(self._read())[0]
        if command is Command.QUIT:
            self._quit()
        if command is Command.YES:
            self.front.say(_("{name} allowed it.").format(name=name))
            return True
        self.front.say(_("{name} said no: the move stays.").format(name=name))
        return False

    def offered(self) -> frozenset[Command]:
        """The commands this table answers (``help`` lists them): all but a network game's chat."""
        return frozenset(Command) - NETWORK_ONLY

    def _chat(self, text: str) -> None:
        self.front.say(_("There is no chat here: it is for network games."))

    def _mute(self) -> None:
        self._chat("")

    def _rematch(self) -> None:
        self.front.say(_("There is no rematch here: it is for network games."))

    def _redo(self) -> None:
        done = self.driver.redo()
        if not done:
            self.front.say(_("Nothing to redo."))
            return
        self.front.say(ngettext("{n} move played again:", "{n} moves played again:", done).format(n=done))

    def _save(self, title: str) -> None:
        if not title:
            self.front.say(_("Say a name to save under: save NAME. The game is also saved after every move."))
            return
        try:
            path = self.table.save_as(title)
        except SaveError as exc:
            self.front.say(_("Not saved: {reason}").format(reason=exc))
            return
        self.front.say(_("Saved as {file}.").format(file=path.name))

    def _hint(self, view: SeatView | None) -> None:
        asked = self.driver.ask_hint(view)
        if isinstance(asked, str):
            self.front.say(asked)
            return
        self.front.say(_("Looking for a hint…"))
        found = self.driver.suggest(asked)
        if isinstance(found, str):
            self.front.say(found)
            return
        self.front.say(self._hint_words(found.seat, found.move, found.expected))

    def _hint_words(self, seat: int, move: Move, expected: tuple[float, ...]) -> str:
        others = ", ".join(
            f"{self.name(s)} {decimal(points, 1)}" for s, points in enumerate(expected) if s != seat
        )
        return _("Hint: {move}, {tile} at {cell}. Expected final points: you {mine}, {others}.").format(
            move=move,
            tile=answers.tile_text(move.tile, move.rotation),
            cell=cell_name(move.cell),
            mine=decimal(expected[seat], 1),
            others=others,
        )

    def _review(self) -> None:
        table = self.table
        if not table.game.over:
            self.front.say(_("The review comes when the round is over (it would show the others' tiles)."))
            return
        found = table.review()
        if found is None:
            self.front.say(_("This terminal holds only its own seat's view: nothing to review here."))
            return
        game, path = found
        from ..bots.review import MoveRating, Reviewer, iter_ratings
        from ..table.review_store import load_review, store_review

        reviewer = Reviewer() if self.reviewer is None else Reviewer(self.reviewer)
        done: list[MoveRating] = []
        if path is not None:
            done, why = load_review(path, game, reviewer)
            if why:
                self.front.say(why)
        self.front.say(
            ngettext(
                "The search bot rates {n} move, one line each:",
                "The search bot rates {n} moves, one line each:",
                len(game.moves),
            ).format(n=len(game.moves))
        )
        ratings = list(done)
        for rating in done:
            self.front.say(self._rating_line(rating))
        for rating in iter_ratings(game, reviewer, done):
            ratings.append(rating)
            self.front.say(self._rating_line(rating))
        if path is not None:
            why = store_review(path, game, reviewer, ratings)
            if why:
                self.front.say(why)

    def _rating_line(self, rating: object) -> str:
        from ..bots.review import MoveRating

        assert isinstance(rating, MoveRating)
        verdict = _(VERDICT_NAME[rating.verdict])
        head = _("Move {number}, {name}, {move}").format(
            number=rating.move + 1, name=self.name(rating.seat), move=rating.played
        )
        if rating.best == rating.played:
            return _("{move}: {verdict}.").format(move=head, verdict=verdict)
        if rating.verdict == "best":
            # Not the move found best, but not measurably worse: no "best ... best was".
            return _(
                "{move}: {verdict}, as good as the search's choice {choice} within the noise "
                "({points} ± {uncertainty} points of lead)."
            ).format(
                move=head,
                verdict=verdict,
                choice=rating.best,
                points=decimal(rating.loss, 1),
                uncertainty=decimal(rating.uncertainty, 1),
            )
        return _(
            "{move}: {verdict}, {points} ± {uncertainty} points of lead given up; best was {best}."
        ).format(
            move=head,
            verdict=verdict,
            points=decimal(rating.loss, 1),
            uncertainty=decimal(rating.uncertainty, 1),
            best=rating.best,
        )
