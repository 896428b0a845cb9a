"""A table at one terminal: the match, who sits where, bots, undo and autosave.

The screens never touch :class:`~indigo_tui.engine.Game` directly for
anything seat-specific: they ask the session whose view to show
(:attr:`Session.viewer`) and take hands and gems from ``game.view(seat)``.
A session is a :class:`~indigo_tui.table.base.Table` that offers everything:
moves, undo and redo at once, save-as, hints and review.
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..bots import make_bot
from ..bots.base import Bot
from ..bots.engine_seat import EngineSeat, close_bots, introduce
from ..engine import Event, Game, Match, Move, SeatView, Setup
from ..i18n import _
from ..net.clock import turn_time_problem
from ..saves import (
    HINTS_KEY,
    SavedGame,
    SaveError,
    SaveHeader,
    SaveLock,
    SeatInfo,
    delete_save,
    follow_language,
    hint_counts_meta,
    make_header,
    named_you,
    new_save_path,
    read_hint_counts,
    shown_path,
    visitor_folder,
    write_save,
)
from .base import TableRefusal


@dataclass
class NewGame:
    """Everything the setup screen or ``indigo play`` decides."""

    setup: Setup
    seats: list[SeatInfo]
    rounds: int = 1
    seed: int | str | None = None
    open_scores: bool = False
    #: Seconds a person has for each move (``--turn-time``; 0: no clock).
    turn_time: float = 0.0


#: The ``meta`` key of a save that keeps a local game's turn time (seconds).
TURN_TIME_KEY = "turn_time"


@dataclass
class Session:
    match: Match
    seats: list[SeatInfo]
    open_scores: bool = False
    save_dir: Path | None = None
    save_path: Path | None = None
    created: str | None = None
    title: str = ""
    meta: dict[str, str] = field(default_factory=dict)
    bots: dict[int, Bot] = field(default_factory=dict)
    #: Bumped on every change of the position, so a bot's late answer can be discarded.
    generation: int = 0
    #: The human seat whose hand and gems may be on screen now, or None.
    viewer: int | None = None
    #: The last save error, shown to the player instead of crashing.
    save_error: str | None = None
    #: This process's claim on :attr:`save_path`: no other window plays it meanwhile.
    lock: SaveLock | None = field(default=None, repr=False, compare=False)

    @classmethod
    def start(cls, new: NewGame, save_dir: Path | None) -> Session:
        session = cls(
            Match(new.setup, new.rounds, new.seed),
            list(new.seats),
            new.open_scores,
            save_dir,
        )
        if new.turn_time > 0:
            # Kept with the game, so that it goes on with its clock when taken up.
            session.meta[TURN_TIME_KEY] = f"{new.turn_time:g}"
        if save_dir is not None:
            session.save_path = new_save_path(save_dir)
            session.lock = SaveLock.acquire(session.save_path)
        session._make_bots()
        session.viewer = session.first_viewer()
        return session

    @classmethod
    def resume(cls, saved: SavedGame, save_dir: Path | None, *, programs: bool = False) -> Session:
        """Take up a saved match. Its engine seats' programs start only if
        ``programs``: a file someone sent must not run a command it names
        (else a built-in bot plays them, with a notice). :class:`~indigo_tui.saves.SaveOpenElsewhere`
        if another window plays it now."""
        header = saved.header
        lock = SaveLock.acquire(saved.path) if saved.path is not None else None
        session = cls(
            saved.match,
            # A save made in another language: the names nobody chose in this one.
            follow_language(header.seats),
            header.open_scores,
            save_dir,
            saved.path,
            header.created,
            header.title,
            dict(header.meta),
        )
        session.lock = lock
        session._make_bots(programs)
        session.viewer = session.first_viewer()
        return session

    def _make_bots(self, programs: bool = True) -> None:
        seed = self.match.seed
        for seat, info in enumerate(self.seats):
            if info.is_bot:
                # Seeded per seat, so a game with a seed replays the same way.
                bot_seed = None if seed is None else f"{seed}:{seat}"
                self.bots[seat] = make_bot(info.bot or "random", bot_seed, programs=programs)
        introduce(self.bots, [info.name for info in self.seats], self.match.rounds)

    # -- who is who --------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def setup(self) -> Setup:
        return self.match.setup

    @property
    def humans(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info.kind == "human"]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def speaks_to(self, seat: int) -> bool:
        # Only the default name says the person is alone here with bots: a
        # table of named people passes one keyboard round, and each is named.
        return named_you(self.name(seat))

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def follow_language(self) -> None:
        self.seats = follow_language(self.seats)

    @property
    def turn_time(self) -> float:
        """Seconds a person has for each move (0: no clock), as the game was set
        up; a save whose value is not a turn time (an odd file) has none."""
        try:
            seconds = float(self.meta.get(TURN_TIME_KEY, "0"))
        except ValueError:
            return 0.0
        return seconds if turn_time_problem(seconds) is None else 0.0

    @property
    def hot_seat(self) -> bool:
        """Two or more people share this terminal: hands are screened between turns."""
        return len(self.humans) >= 2

    def first_viewer(self) -> int | None:
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        # Several people at one terminal: nothing private shows until one says "it's me".
        return None

    def hand_over(self) -> None:
        """The person to move has said "it's me": their hand may show."""
        self.viewer = self.game.turn

    @property
    def needs_handoff(self) -> bool:
        """The next human to move is not the one whose things are on screen."""
        game = self.game
        if game.over or not self.hot_seat:
            return False
        return game.turn in self.humans and self.viewer != game.turn

    def view(self) -> SeatView | None:
        """The view of the seat shown on screen, or None when nothing private may show."""
        return None if self.viewer is None else self.game.view(self.viewer)

    def may_see_gems(self, seat: int) -> bool:
        return self.open_scores or self.game.over or seat == self.viewer

    @property
    def human_to_move(self) -> bool:
        game = self.game
        return not game.over and game.turn in self.humans

    # -- changing the game -----------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        seat = self.game.turn
        events = self.game.push(move)
        self.generation += 1
        if self.hot_seat and seat in self.humans:
            # The mover's hand must not stay up for the next person.
            self.viewer = None
        self.autosave()
        return events

    # -- undo and redo ------------------------------------------------------------------
    #
    # At one terminal an undo goes back to the last move a person made there,
    # with the bots' moves after it (just the last move when no person sits
    # here). Taking back another person's move needs that person's yes, as a
    # network undo needs the others' (net/undo.py): the fronts ask
    # undo_asks() first, put the question to that person with nothing
    # private on screen (hide_hands), and pass their yes to undo(agreed=...).
    # A redo asks nobody: it only plays again, exactly as they were placed,
    # moves their owners made, down to the next person's turn; whoever is at
    # the keyboard then is the person to move, and a move taken back with its
    # owner's yes comes back on that owner's own redo.

    def undo_takes(self) -> list[tuple[int, Move]]:
        """The moves :meth:`undo` would take back now, as ``(seat, move)`` in
        the order they were played: the last move a person at this terminal
        made and every bot's move after it (only the last move when nobody
        here is a person); [] when there is nothing to undo."""
        humans = self.humans
        taken: list[tuple[int, Move]] = []
        for seat, move in reversed(self.game.moves):
            taken.append((seat, move))
            if not humans or seat in humans:
                break
        taken.reverse()
        return taken

    def undo_asks(self) -> int | None:
        """Whose yes :meth:`undo` needs first: the person whose move it would
        take back, unless that person's things are the ones on screen
        (:attr:`viewer`: they take back their own move) or they are the only
        person at this terminal. None when no yes is needed: one's own move,
        only bots' moves, or nothing to undo. While nobody's things show (a
        bot's turn, the end of a round, a hand-off) nobody is known to be at
        the keyboard, so a person's move asks its owner then too."""
        if not self.hot_seat:
            return None
        taken = self.undo_takes()
        if not taken:
            return None
        owner = taken[0][0]
        if owner not in self.humans or owner == self.viewer:
            return None
        return owner

    def hide_hands(self) -> None:
        """Nothing private shows until the person to move says "it's me"
        again (:meth:`hand_over`): the terminal goes to another person for a
        moment, to be asked something (an undo's yes). Whatever they answer,
        the hand-off screen comes before the next hand shows."""
        if self.hot_seat:
            self.viewer = None

    def undo(self, agreed: int | None = None) -> int:
        """Take back :meth:`undo_takes`; how many moves. ``agreed``: the
        person who said yes to it, needed when :meth:`undo_asks` names one
        (else :class:`~indigo_tui.table.base.TableRefusal`, and nothing
        changes)."""
        asks = self.undo_asks()
        if asks is not None and agreed != asks:
            raise TableRefusal(
                _("{name} has not agreed to take back their move.").format(name=self.name(asks))
            )
        taken = self.undo_takes()
        for _placed in taken:
            self.game.pop()
        if taken:
            self._after_rewind()
        return len(taken)

    def redo(self) -> int:
        """Play again what :meth:`undo` took back, up to the next person's
        turn; how many moves. Nobody is asked (see above)."""
        game = self.game
        done = 0
        while game.can_redo:
            game.redo()
            done += 1
            if not self.humans or game.over or game.turn in self.humans:
                break
        if done:
            self._after_rewind()
        return done

    def _after_rewind(self) -> None:
        self.generation += 1
        if self.hot_seat:
            self.viewer = None
        self.autosave()

    def next_round(self) -> None:
        self.match.next_round()
        self.generation += 1
        self.viewer = self.first_viewer() if not self.hot_seat else None
        self.autosave()

    # -- saving --------------------------------------------------------------------

    def header(self) -> SaveHeader:
        return make_header(
            self.match,
            self.seats,
            created=self.created,
            title=self.title,
            open_scores=self.open_scores,
            meta=self.meta,
        )

    @property
    def untouched(self) -> bool:
        """Nothing placed yet in the whole match (the first round at move 1)."""
        return self.match.round_index == 0 and self.game.board.placements == 0

    # -- hints and review ------------------------------------------------------------

    #: A person may ask the search bot for a hint (counted in the save).
    offers_hints = True

    def review(self) -> tuple[Game, Path | None]:
        """The round being played, whole, and its file: every seat's hand is
        at this terminal anyway."""
        return self.game, self.save_path

    @property
    def hints(self) -> list[int]:
        """Hints each seat asked for, kept in the save's ``meta`` (see
        :mod:`indigo_tui.saves.hints`); an old or odd save reads as none."""
        return read_hint_counts(self.meta, self.match.setup.players)

    def count_hint(self, seat: int) -> None:
        hints = self.hints
        hints[seat] += 1
        self.meta[HINTS_KEY] = hint_counts_meta(hints)
        self.autosave()

    def autosave(self) -> bool:
        """Write the match to its file; a match nobody has moved in yet and
        that has no name is not worth a file (undone back to the start, its
        old file goes), so the title's Continue and the load screen only ever
        offer games with something in them."""
        if self.save_path is None:
            return False
        if self.untouched and not self.title:
            with contextlib.suppress(SaveError):
                delete_save(self.save_path)
            return False
        try:
            self._write(self.save_path)
        except SaveError as exc:
            # Without the file's name: the status line says it of this game's own file.
            self.save_error = exc.detail
            return False
        self.save_error = None
        return True

    def _write(self, path: Path) -> None:
        """The match, whole, in ``path`` (:class:`SaveError` if not)."""
        header = self.header()
        write_save(path, header, self.match)
        self.created = header.created

    @property
    def unsaved(self) -> bool:
        """Whether moves would be lost if the game were left now: the last
        save failed, and the game has something in it (see :meth:`autosave`)."""
        return self.save_error is not None and not (self.untouched and not self.title)

    @property
    def offers_save_elsewhere(self) -> bool:
        """Whether the game may be saved in another folder (:meth:`save_elsewhere`):
        not by a visitor of ``indigo serve``, whose folder is the server's choice."""
        return visitor_folder() is None

    def save_elsewhere(self, folder: Path) -> Path:
        """Save the game in ``folder`` (made if need be), and go on saving it
        there after every move: the way out when the save folder is read-only
        or full. The file keeps its name; the one in the old folder goes, as
        :meth:`save_as` does (one file per match). :class:`SaveError` says why
        not, and then nothing has changed."""
        folder = Path(folder).expanduser()
        if folder.exists() and not folder.is_dir():
            raise SaveError(_("{folder} is a file, not a folder").format(folder=shown_path(folder)))
        name = self.save_path.name if self.save_path is not None else new_save_path(folder, self.title).name
        path = folder / name
        old, old_lock = self.save_path, self.lock
        if old is not None and path.resolve() == old.resolve():
            lock = old_lock
        else:
            if path.exists():
                # Someone else's file of that name: a fresh one beside it.
                path = new_save_path(folder, self.title)
            lock = SaveLock.acquire(path)
        try:
            self._write(path)
        except SaveError:
            if lock is not None and lock is not old_lock:
                lock.release()
            raise
        self.save_dir, self.save_path, self.lock = folder, path, lock
        self.save_error = None
        if old is not None and old != path:
            with contextlib.suppress(SaveError):
                delete_save(old)
            if old_lock is not None and old_lock is not lock:
                old_lock.release()
        return path

    def save_as(self, title: str) -> Path:
        """Save under a name; later autosaves go to the named file (one file per match)."""
        if self.save_dir is None:
            raise SaveError(_("this game has no save folder"))
        old, old_lock = self.save_path, self.lock
        self.title = title.strip()
        self.save_path = new_save_path(self.save_dir, self.title)
        self.lock = SaveLock.acquire(self.save_path)
        try:
            if not self.autosave():
                raise SaveError(self.save_error or _("could not save"))
            if old is not None and old != self.save_path:
                with contextlib.suppress(SaveError):
                    delete_save(old)
        finally:
            # From now on this game is written to the new file only.
            if old_lock is not None and old_lock is not self.lock:
                old_lock.release()
        return self.save_path

    def close(self) -> None:
        """The game is put away (it is saved after every move): another window
        may play it now, and its engine seats' programs are stopped."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        if any(isinstance(bot, EngineSeat) for bot in self.bots.values()):
            # In a thread: a program still thinking keeps its seat until it
            # answers or its time is up, and the screen must not wait for it.
            closing = threading.Thread(
                target=close_bots, args=(dict(self.bots), self.game), name="indigo-engine-close", daemon=True
            )
            closing.start()
