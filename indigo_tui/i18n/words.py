"""The game's own words in the current language, said alike everywhere.

The engine speaks codes (a gem's kind, a tile's kind, an edge's number, a
:class:`~indigo_tui.engine.refusals.Refused`); the screens and the command
line turn them into words here, so that "emerald" is the same word in the
move log, the scoreboard and ``--help``. Translators take these words from
their language's rulebook (docs/i18n.md).
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..engine.refusals import Refusal, Refused
from . import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    # Only named here: importing the rules and the notation costs start-up time.
    from ..engine.game import LogError
    from ..engine.notation import NotationError
    from ..engine.setup import SetupError


def gem_name(kind: str, count: int = 1) -> str:
    """A gem kind's name for ``count`` gems, without the number: "amber",
    "emeralds". ``kind`` is the engine's code: amber, emerald or sapphire."""
    if kind == "amber":
        # translators: the gem kind worth 1 point (six of them start at the board's corners)
        return ngettext("amber", "ambers", count)
    if kind == "emerald":
        # translators: the gem kind worth 2 points (five start on the centre treasure tile)
        return ngettext("emerald", "emeralds", count)
    if kind == "sapphire":
        # translators: the gem kind worth 3 points (one, on the centre treasure tile)
        return ngettext("sapphire", "sapphires", count)
    raise ValueError(f"not a gem kind: {kind!r}")


def gem_count(kind: str, count: int) -> str:
    """A number of gems of one kind: "1 amber", "2 emeralds"."""
    if kind == "amber":
        return ngettext("{n} amber", "{n} ambers", count).format(n=count)
    if kind == "emerald":
        return ngettext("{n} emerald", "{n} emeralds", count).format(n=count)
    if kind == "sapphire":
        return ngettext("{n} sapphire", "{n} sapphires", count).format(n=count)
    raise ValueError(f"not a gem kind: {kind!r}")


def gems(count: int) -> str:
    """A number of gems of any kinds: "1 gem", "5 gems"."""
    return ngettext("{n} gem", "{n} gems", count).format(n=count)


def points(count: int) -> str:
    """A number of points: "1 point", "7 points"."""
    return ngettext("{n} point", "{n} points", count).format(n=count)


def bot_seat_name(bot: str) -> str:
    """The name of a seat a bot plays when nobody named it, and the bot's
    name in the setup's choice of seat kinds: "Greedy bot". ``bot`` is what
    follows ``bot:`` in ``--seats`` (greedy, random, easy, medium, hard,
    expert, master, mcts:SECONDS), or ``engine:COMMAND`` for an outside program."""
    name = bot.partition(":")[0].strip().lower()
    if name == "greedy":
        # translators: a seat played by the greedy bot (best immediate points), when nobody named it
        return _("Greedy bot")
    if name == "random":
        # translators: a seat played by the bot that makes random legal moves
        return _("Random bot")
    if name == "easy":
        # translators: a seat played by the search bot at its easiest level
        return _("Easy bot")
    if name == "medium":
        # translators: a seat played by the search bot at its middle level
        return _("Medium bot")
    if name == "hard":
        # translators: a seat played by the search bot at its hard level
        return _("Hard bot")
    if name == "expert":
        # translators: a seat played by the search bot at its expert level, the one below master
        return _("Expert bot")
    if name == "master":
        # translators: a seat played by the search bot at its strongest level, above expert
        return _("Master bot")
    if name == "mcts":
        # translators: a seat played by the search bot with a time budget of its own (mcts:SECONDS)
        return _("Search bot")
    if name == "engine":
        # translators: a seat played by an outside program (engine:COMMAND), as chess engines are
        return _("Engine")
    # A bot we have no word for (a plug-in's): its own name.
    return _("{bot} bot").format(bot=name.capitalize())


def tile_description(kind: int) -> str:
    """What a path tile's paths are (the engine's tile kinds 0..4)."""
    descriptions = (
        # translators: path tile 111
        _("three short curves"),
        # translators: path tile 333
        _("three straights"),
        # translators: path tile 113
        _("two short curves and a straight"),
        # translators: path tile 122
        _("a short curve and two long curves"),
        # translators: path tile 223
        _("a straight and two long curves"),
    )
    return descriptions[kind]


def edge_name(edge: int) -> str:
    """A hexagon's edge by its compass direction (the engine's edges 0..5:
    NW, NE, E, SE, SW, W), abbreviated as on a compass rose."""
    names = (
        pgettext("compass", "NW"),
        pgettext("compass", "NE"),
        pgettext("compass", "E"),
        pgettext("compass", "SE"),
        pgettext("compass", "SW"),
        pgettext("compass", "W"),
    )
    return names[edge]


def edge_long_name(edge: int) -> str:
    """A hexagon's edge by its compass direction in full (the engine's edges
    0..5), for text that is read aloud: "north-west" rather than "NW"."""
    names = (
        # translators: an edge of a hexagon, in full (read aloud by screen readers in text mode)
        pgettext("compass", "north-west"),
        pgettext("compass", "north-east"),
        pgettext("compass", "east"),
        pgettext("compass", "south-east"),
        pgettext("compass", "south-west"),
        pgettext("compass", "west"),
    )
    return names[edge]


def refusal_text(refused: Refused) -> str:
    """Why a move is refused, in the current language, from the refusal's code
    and arguments (seats counted from 1 for people)."""
    code = refused.code
    args = refused.args
    if code is Refusal.GAME_OVER:
        return _("the game is over")
    if code is Refusal.NOT_YOUR_TURN:
        if len(args) >= 2:
            return _("it is seat {turn}'s turn, not seat {seat}'s").format(turn=args[0] + 1, seat=args[1] + 1)
        return _("it is not this seat's turn")
    if code is Refusal.NOT_A_TILE:
        return _("that is not a path tile")
    if code is Refusal.NOT_IN_HAND:
        return _("that tile is not in the hand of the seat to move")
    if code is Refusal.NONE_LEFT:
        count = args[0] if args else 0
        return ngettext(
            "the {n} tile of that kind is already on the board",
            "all {n} tiles of that kind are already on the board",
            count,
        ).format(n=count)
    if code is Refusal.OFF_BOARD:
        return _("that cell is not on the board")
    if code is Refusal.TREASURE:
        return _("that cell holds a treasure tile")
    if code is Refusal.OCCUPIED:
        return _("that cell already holds a tile")
    if code is Refusal.GATE_CURVE:
        return _("a curve may not join both exits of a gate")
    raise ValueError(f"no words for the refusal {code!r}")


def setup_error_text(error: SetupError) -> str:
    """A setup the rules do not allow, in words."""
    from ..engine.setup import SetupFault

    if error.code is SetupFault.OWN_GATES:
        return _("the own-gates setup is for three players only")
    return _("Indigo is for 2 to 4 players, not {players}").format(players=error.players)


def rounds_text() -> str:
    """Why a match cannot have that many rounds."""
    from ..engine.match import MAX_ROUNDS

    return _("a match has 1 to {most} rounds").format(most=MAX_ROUNDS)


def _move_problem(number: int, problem: str) -> str:
    return _("move {number}: {problem}").format(number=number, problem=problem)


def log_error_text(error: LogError) -> str:
    """Why a game's log is not a game played by the rules, in words."""
    from ..engine.game import LogFault

    numbers = error.numbers
    code = error.code
    if code is LogFault.ILLEGAL and error.refusal is not None:
        return _move_problem(numbers[0], refusal_text(error.refusal))
    if code is LogFault.OUT_OF_TURN:
        return _move_problem(numbers[0], _("seat {number} moved out of turn").format(number=numbers[1]))
    if code is LogFault.LENGTH:
        return _("the log holds {events} events but its moves make {made}").format(
            events=numbers[0], made=numbers[1]
        )
    if code is LogFault.DIFFERS:
        return _("event {number} does not follow from the moves").format(number=numbers[0])
    if code is LogFault.EMPTY_DECK:
        return _("a tile was drawn from an empty deck")
    if code is LogFault.DECK_MISMATCH:
        return _("a drawn tile does not match the deck")
    if code is LogFault.NO_START:
        return _("a game log must begin with the start of a round")
    if code is LogFault.SETUP:
        return _("the round's setup is not one of the rules")
    raise AssertionError(code)  # every LogFault has its words above


def notation_error_text(error: NotationError) -> str:
    """Why a canonical record is not a legal game, in words (a record's
    ``detail``, the decoder's or the record's own text, is quoted as it is)."""
    from ..engine.notation import FORMAT, RecordFault

    code, numbers, detail = error.code, error.numbers, error.detail
    if error.refusal is not None:
        reason = refusal_text(error.refusal)
    elif code is RecordFault.EMPTY:
        reason = _("the file is empty")
    elif code is RecordFault.NOT_JSON:
        reason = _("not JSON: {problem}").format(problem=detail)
    elif code is RecordFault.NOT_UTF8:
        reason = _("not JSON: text that is not UTF-8")
    elif code is RecordFault.NOT_A_RECORD:
        reason = _("not an {format} record: {problem}").format(format=FORMAT, problem=detail)
    elif code is RecordFault.FORMAT:
        reason = _("format {found} is not {format}").format(found=repr(detail), format=repr(FORMAT))
    elif code is RecordFault.PLAYERS:
        reason = _("Indigo is for 2 to 4 players, not {players}").format(players=numbers[0])
    elif code is RecordFault.GATES:
        reason = _("the gates {gates} are not a {players}-player setup of the rules").format(
            gates=detail, players=numbers[0]
        )
    elif code is RecordFault.OFF_BOARD:
        reason = _("cell {cell} is not on the board").format(cell=list(numbers))
    elif code is RecordFault.TILE_PATHS:
        reason = _("a tile has three paths of two edges each")
    elif code is RecordFault.TILE_EDGES:
        reason = _("a tile's paths must join the six edges 0..5 in pairs")
    else:
        raise AssertionError(code)  # every RecordFault has its words above (ILLEGAL has a refusal)
    if error.index is None:
        return reason
    return _move_problem(error.index + 1, reason)


#: The common problems with files, folders and ports, by errno: our words for
#: them, in English the system's own (glibc's strerror), so that a player
#: reads them in their language.
_OS_PROBLEMS: Final = {
    # translators: the system's words for a disk that is full (ENOSPC)
    errno.ENOSPC: N_("No space left on device"),
    # translators: the system's words for a disk that may only be read (EROFS)
    errno.EROFS: N_("Read-only file system"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    # translators: a part of a folder's path is a file (ENOTDIR)
    errno.ENOTDIR: N_("Not a directory"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOENT: N_("No such file or directory"),
    errno.EEXIST: N_("File exists"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    # translators: a port another program listens on already (EADDRINUSE)
    errno.EADDRINUSE: N_("Address already in use"),
}


def os_problem(exc: OSError) -> str:
    """What went wrong with a file, a folder or a port (an :class:`OSError`),
    in the current language: the common problems in words of ours, any other
    in the system's words."""
    words = _OS_PROBLEMS.get(exc.errno) if exc.errno is not None else None
    return _(words) if words is not None else str(exc.strerror or exc)


def names_list(names: Sequence[str]) -> str:
    """Names as a list in words: "Ann", "Ann and Bob", "Ann, Bob and Cat"
    (a network peer's words need it as much as a table's)."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
