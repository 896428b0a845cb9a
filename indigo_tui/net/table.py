"""A guest's game in the shape screens read a :class:`~indigo_tui.engine.Game`.

A guest has no deck, so it has no ``Game``; :class:`GuestGame` answers the
questions a game screen asks of one (board, turn, log, whose hand, standings)
from the guest's :class:`~indigo_tui.net.state.SeatState`, and
:class:`GuestMatch` those an end screen asks of a ``Match``. Another seat's
hand and gems are never available: its view has an empty hand and no gems.
Moves and undo go through the :class:`~indigo_tui.net.guest.GuestSession`.
"""

from __future__ import annotations

from ..engine import Board, Event, Game, GameOver, Move, Setup, Standing, standings, winners
from ..engine.events import gem_triple
from ..engine.views import SeatView
from ..i18n.words import refusal_text
from .guest import GuestSession
from .reasons import NetRefusal, Why, why_text
from .state import SeatState


class GuestGame:
    """Read-only, game-shaped access to a guest's seat of a hosted game (a
    watcher's: every seat's view is the public one, and no move is its own)."""

    def __init__(self, session: GuestSession) -> None:
        self.session = session

    @property
    def _state(self) -> SeatState:
        state = self.session.state
        if state is None:
            raise RuntimeError("the guest has not joined a game yet")
        return state

    @property
    def setup(self) -> Setup:
        return self._state.setup

    @property
    def board(self) -> Board:
        return self._state.board

    @property
    def log(self) -> list[Event]:
        """This seat's log: public events, its own draws with their tiles."""
        return self._state.events

    @property
    def turn(self) -> int:
        return self._state.board.turn

    @property
    def over(self) -> bool:
        return self._state.over

    @property
    def tiles_left(self) -> int:
        return self._state.tiles_left

    @property
    def seat(self) -> int:
        """The seat this terminal plays."""
        return self.session.seat

    def placement_error(self, move: Move, seat: int | None = None) -> str | None:
        """Why ``move`` may not be played now, in this terminal's language; or None."""
        if self.session.watching:
            return why_text(Why(NetRefusal.WATCHING))
        if seat is not None and seat != self.seat:
            return why_text(Why(NetRefusal.REMOTE_SEAT, (seat,)))
        refused = self._state.view().refusal(move)
        return None if refused is None else refusal_text(refused)

    def is_legal(self, move: Move) -> bool:
        return self.placement_error(move) is None

    @property
    def legal_moves(self) -> list[Move]:
        if self.session.watching:
            return []  # a watcher has no hand
        return self._state.view().legal_moves

    def view(self, seat: int) -> SeatView:
        """This seat's view; for another seat, only what is public (no hand, no gems)."""
        state = self._state
        if seat == self.seat and not self.session.watching:
            return state.view()
        if not 0 <= seat < state.setup.players:
            raise ValueError(f"no seat {seat + 1} in a {state.setup.players}-player game")
        return SeatView(seat, state.board, (), (0, 0, 0), state.events, state.tiles_left)

    def _game_over(self) -> GameOver | None:
        events = self._state.events
        last = events[-1] if events else None
        return last if type(last) is GameOver else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Final points once the game is over (public then); before, only this seat's."""
        over = self._game_over()
        if over is not None:
            return over.scores
        return tuple(self._state.view().points if s == self.seat else 0 for s in range(self.setup.players))

    @property
    def winners(self) -> tuple[int, ...]:
        over = self._game_over()
        return over.winners if over is not None else ()

    def standings(self) -> list[Standing]:
        """Every seat's result, best first. Gems by kind are known for every
        seat only after the deck is revealed and the game replayed."""
        final = self.session.final_game
        if final is not None:
            return final.standings()
        over = self._game_over()
        mine = gem_triple(self._state.collected)
        collected = [mine if seat == self.seat else (0, 0, 0) for seat in range(self.setup.players)]
        if over is None:
            counts = tuple(sum(mine) if s == self.seat else 0 for s in range(self.setup.players))
            return standings(self.scores, counts, collected, over=False)
        return standings(over.scores, over.gem_counts, collected)


class GuestMatch:
    """The match-shaped answers an end screen asks of a guest: the rounds
    finished (public since their reveal, replayed) and the round in play."""

    #: The host deals the next round; a guest follows.
    can_start_next_round = False
    #: Not known here: a network game's deck depends on the host's secret too,
    #: and a guest's table runs no bots to seed.
    seed: int | str | None = None

    def __init__(self, session: GuestSession) -> None:
        self.session = session
        self.game = GuestGame(session)

    @property
    def setup(self) -> Setup:
        return self.game.setup

    @property
    def rounds(self) -> int:
        return self.session.rounds

    @property
    def round_index(self) -> int:
        return self.session.round

    @property
    def over(self) -> bool:
        return self.session.over

    def _finished(self) -> list[Game]:
        """The finished rounds before the one in play, replayed."""
        return self.session.past_games[: self.session.round]

    @property
    def totals(self) -> tuple[int, ...]:
        """Points of every finished round plus the round in play, per seat
        (of the round in play, only this seat's until it is over)."""
        now = self.game.scores
        return tuple(
            sum(game.scores[s] for game in self._finished()) + now[s] for s in range(self.setup.players)
        )

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.over:
            return ()
        by_seat = {s.seat: s for s in self.game.standings()}
        gems = tuple(
            sum(game.gem_counts[s] for game in self._finished()) + by_seat[s].gems
            for s in range(self.setup.players)
        )
        return winners(self.totals, gems)
