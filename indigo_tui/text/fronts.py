"""How text mode writes what happens: sentences, or the engine protocol's JSON.

The table's driver (:mod:`.local`) says *what* happens to a front:
events, a seat's turn, an answer, a notice, a refused move. :class:`TextFront`
says it in sentences in the player's language; :class:`JsonFront` writes one
JSON object a line, the messages of :mod:`~indigo_tui.bots.engine_protocol`
(docs/engine-protocol.md), for a program that plays the seat through
``indigo text --json``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..bots import engine_protocol as protocol
from ..engine import Event, Move, SeatView, Setup
from ..engine.tiles import KIND_CODES
from ..i18n import _
from ..i18n.words import names_list
from ..table.describe import cell_name
from .answers import tile_text
from .console import Console
from .sentences import event_sentences

Namer = Callable[[int], str]


class TextFront:
    """What the driver tells the player; the sentences by default."""

    #: A move is placed at once, without its what-if and a yes.
    places_at_once = False

    def __init__(self, console: Console) -> None:
        self.console = console

    def ask(self, prompt: str = "> ", timeout: float | None = None) -> str | None:
        return self.console.ask(prompt, timeout)

    def say(self, *lines: str) -> None:
        self.console.say(*lines)

    def notice(self, text: str) -> None:
        self.console.say(text)

    def screen_break(self) -> None:
        self.console.screen_break()

    def hello(
        self, setup: Setup, seat: int | None, names: Sequence[str], round_index: int, rounds: int
    ) -> None:
        """The start (or the taking up) of a game; the intro is said by the driver."""

    def happened(self, events: Sequence[Event], name: Namer, viewer: int | None) -> None:
        self.console.say(*event_sentences(events, name, viewer))

    def reset(self) -> None:
        """The log as said so far no longer holds (an undo): what follows is it again."""

    def your_turn(self, view: SeatView, name: Namer, named: bool) -> None:
        """``view``'s seat is to move; ``named``: say whose turn by name (a
        shared terminal), not only "your"."""
        tiles = names_list([KIND_CODES[kind] for kind in view.hand])
        number = view.board.placements + 1
        if named:
            line = _("Move {number}: your turn, {name}. You hold {tiles}.").format(
                number=number, name=name(view.seat), tiles=tiles
            )
        else:
            line = _("Move {number}: your turn. You hold {tiles}.").format(number=number, tiles=tiles)
        self.console.say(line)

    def refused(self, move: Move, code: str, reason: str) -> None:
        self.console.say(
            _("{tile} cannot go on {cell}: {reason}.").format(
                tile=tile_text(move.tile, move.rotation), cell=cell_name(move.cell), reason=reason
            )
        )

    def not_a_move(self, line: str, reason: str) -> None:
        """``line`` was meant as a move but is not one: ``reason`` in words."""
        self.console.say(_("Not a move: {reason}.").format(reason=reason))


class JsonFront(TextFront):
    """The engine protocol on standard output: one JSON object a line."""

    places_at_once = True

    def _send(self, message: protocol.Tag) -> None:
        self.console.stdout.write(protocol.encode(message) + "\n")
        self.console.stdout.flush()

    def ask(self, prompt: str = "> ", timeout: float | None = None) -> str | None:
        return self.console.ask("", timeout)

    def say(self, *lines: str) -> None:
        if lines:
            self._send(protocol.Say(text=list(lines)))

    def notice(self, text: str) -> None:
        self._send(protocol.Notice(text=text))

    def screen_break(self) -> None:
        pass

    def hello(
        self, setup: Setup, seat: int | None, names: Sequence[str], round_index: int, rounds: int
    ) -> None:
        self._send(protocol.hello(setup, -1 if seat is None else seat, names, None, round_index, rounds))

    def happened(self, events: Sequence[Event], name: Namer, viewer: int | None) -> None:
        for event in events:
            self._send(protocol.event_message(event))

    def reset(self) -> None:
        self._send(protocol.Reset())

    def your_turn(self, view: SeatView, name: Namer, named: bool) -> None:
        self._send(protocol.turn_message(view))

    def refused(self, move: Move, code: str, reason: str) -> None:
        self._send(protocol.Refused(move=str(move), code=code, text=reason))

    def not_a_move(self, line: str, reason: str) -> None:
        code = reason if reason in ("not_a_move", "not_json", "too_long", "notation") else "notation"
        self._send(protocol.Refused(move=line, code=code, text=reason))
