"""The short commands of text mode, in English and in the player's language.

Each command is one word, optionally followed by what it is about
(``cell 2,-1``, ``gem amber``, ``save Sunday``). The English word always
works, so do its one-letter short form and the word in the language being
played (``hilfe``, ``aide``, ``hulp``); ``help`` lists them in that language.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from ..i18n import N_, _, pgettext


class Command(StrEnum):
    """A command by its English word."""

    HELP = "help"
    HAND = "hand"
    TILE = "tile"
    CELL = "cell"
    GEM = "gem"
    GATES = "gates"
    SCORE = "score"
    LAST = "last"
    LEFT = "left"
    BOARD = "board"
    MOVES = "moves"
    TURN = "turn"
    UNDO = "undo"
    REDO = "redo"
    SAVE = "save"
    ELSEWHERE = "elsewhere"
    HINT = "hint"
    REVIEW = "review"
    NEXT = "next"
    SAY = "say"
    MUTE = "mute"
    REMATCH = "rematch"
    QUIT = "quit"
    YES = "yes"
    NO = "no"


#: Other English words and short forms of each command.
ALIASES: Final[dict[str, Command]] = {
    "?": Command.HELP,
    "h": Command.HAND,
    "c": Command.CELL,
    "g": Command.GEM,
    "gems": Command.GEM,
    "s": Command.SCORE,
    "scores": Command.SCORE,
    "l": Command.LAST,
    "b": Command.BOARD,
    "log": Command.MOVES,
    "u": Command.UNDO,
    "q": Command.QUIT,
    "exit": Command.QUIT,
    "y": Command.YES,
    "n": Command.NO,
}


def local_word(command: Command) -> str:
    """The command's word in the current language (lower case)."""
    words = {
        # translators: a command typed in text mode; one word, lower case, no spaces
        # (the English word always works too)
        Command.HELP: pgettext("text command", "help"),
        # translators: a command typed in text mode: the tiles in your hand
        Command.HAND: pgettext("text command", "hand"),
        # translators: a command typed in text mode: what a path tile joins
        Command.TILE: pgettext("text command", "tile"),
        # translators: a command typed in text mode: what lies on a cell of the board
        Command.CELL: pgettext("text command", "cell"),
        # translators: a command typed in text mode: where the gems are
        Command.GEM: pgettext("text command", "gem"),
        # translators: a command typed in text mode: the gates and their owners
        Command.GATES: pgettext("text command", "gates"),
        # translators: a command typed in text mode: the scores
        Command.SCORE: pgettext("text command", "score"),
        # translators: a command typed in text mode: the last move
        Command.LAST: pgettext("text command", "last"),
        # translators: a command typed in text mode: the tiles left to draw
        Command.LEFT: pgettext("text command", "left"),
        # translators: a command typed in text mode: the tiles on the board
        Command.BOARD: pgettext("text command", "board"),
        # translators: a command typed in text mode: the moves so far
        Command.MOVES: pgettext("text command", "moves"),
        # translators: a command typed in text mode: whose turn it is
        Command.TURN: pgettext("text command", "turn"),
        # translators: a command typed in text mode: take back a move
        Command.UNDO: pgettext("text command", "undo"),
        # translators: a command typed in text mode: play a taken-back move again
        Command.REDO: pgettext("text command", "redo"),
        # translators: a command typed in text mode: save the game under a name
        Command.SAVE: pgettext("text command", "save"),
        # translators: a command typed in text mode: save the game in another folder (and go on saving there)
        Command.ELSEWHERE: pgettext("text command", "elsewhere"),
        # translators: a command typed in text mode: ask the search bot for a move
        Command.HINT: pgettext("text command", "hint"),
        # translators: a command typed in text mode: rate every move of the round
        Command.REVIEW: pgettext("text command", "review"),
        # translators: a command typed in text mode: start the next round
        Command.NEXT: pgettext("text command", "next"),
        # translators: a command typed in text mode: say a line of chat to the other players
        Command.SAY: pgettext("text command", "say"),
        # translators: a command typed in text mode: stop (or start again) showing the chat
        Command.MUTE: pgettext("text command", "mute"),
        # translators: a command typed in text mode: offer (or agree to) a new game of the same network table
        Command.REMATCH: pgettext("text command", "rematch"),
        # translators: a command typed in text mode: leave the game (it is saved)
        Command.QUIT: pgettext("text command", "quit"),
        # translators: the answer typed in text mode to place a move after its what-if
        Command.YES: pgettext("text command", "yes"),
        # translators: the answer typed in text mode not to place it
        Command.NO: pgettext("text command", "no"),
    }
    return words[command].lower()


def parse_command(line: str) -> tuple[Command | None, str]:
    """The command a line starts with and the rest of the line; None if its
    first word is no command."""
    word, _space, rest = line.strip().partition(" ")
    word = word.lower()
    rest = rest.strip()
    if not word:
        return None, rest
    try:
        return Command(word), rest
    except ValueError:
        pass
    if word in ALIASES:
        return ALIASES[word], rest
    for command in Command:
        local = local_word(command)
        if word == local or (command in (Command.YES, Command.NO) and word == local[:1]):
            return command, rest
    return None, rest


#: The commands of a network game only (its chat, a rematch).
NETWORK_ONLY: Final = frozenset({Command.SAY, Command.MUTE, Command.REMATCH})

#: What each command does, for ``help`` (shown after the command's words).
_HELP: Final[dict[Command, tuple[str, str]]] = {
    Command.HAND: ("", N_("your tiles and what each joins")),
    Command.TILE: (" 122", N_("what a tile joins at each of its turns (tile 122/3: at one)")),
    Command.CELL: (" 2,-1", N_("what lies on a cell, and the gems at its edges")),
    Command.GEM: (
        " GEM",
        N_("where the gems are (gem amber, gem emerald 2), and where your tiles could send them"),
    ),
    Command.GATES: ("", N_("each gate's cells and owners")),
    Command.SCORE: ("", N_("the gems and points you may see")),
    Command.LAST: ("", N_("the last move")),
    Command.LEFT: ("", N_("the tiles left to draw, and those you have not seen")),
    Command.BOARD: ("", N_("every tile on the board, row by row")),
    Command.MOVES: ("", N_("every move of the round")),
    Command.TURN: ("", N_("whose turn it is (so does an empty line)")),
    Command.UNDO: ("", N_("take your last move back")),
    Command.REDO: ("", N_("play a taken-back move again")),
    Command.SAVE: (" NAME", N_("save the game under a name (it is saved after every move anyway)")),
    Command.ELSEWHERE: (
        " FOLDER",
        N_("save the game in another folder, and after every move from then on (when its own fails)"),
    ),
    Command.HINT: ("", N_("the search bot's move for you")),
    Command.REVIEW: ("", N_("after a round: the search bot's rating of every move")),
    Command.NEXT: ("", N_("after a round: start the next one")),
    Command.SAY: (" TEXT", N_("in a network game: say a line of chat to everyone at the table")),
    Command.MUTE: ("", N_("in a network game: stop showing the chat, or show it again")),
    Command.REMATCH: (
        "",
        N_("when a network game is over: offer the table a new game, or agree to the one offered"),
    ),
    Command.QUIT: ("", N_("leave; the game stays saved")),
}


def help_lines(offered: frozenset[Command] | None = None) -> list[str]:
    """The commands, one a line, in the current language (only ``offered`` if given)."""
    lines = [
        _("A move is a tile, its turns clockwise and a cell: 122/3@2,-1. You hear what it would do;"),
        _("type yes to place it; 122/3@2,-1! places it at once. Commands, in English or your language:"),
    ]
    for command, (argument, words) in _HELP.items():
        if offered is not None and command not in offered:
            continue
        local = local_word(command)
        said = command.value if local == command.value else f"{local} ({command.value})"
        lines.append("  " + said + argument + ": " + _(words))
    return lines
