"""The game's notation as a person types it, forgiving the spelling.

The engine's notation is ``122/3@2,-1`` (:meth:`~indigo_tui.engine.Move.parse`):
the tile kind, its turns clockwise, and the cell. Typed at a prompt, each of
these means the same::

    122/3@2,-1   122/3 @ 2, -1   122 3 2 -1   122 r3 (2,-1)   122 turned 3 at 2,-1
    212/3@2,-1   (the path lengths in any order)
    3@2,-1       /3 2,-1         r3 2,-1      (the tile left out: the hand holds one kind)

The cell always comes last, as two numbers; before it the tile and the turns,
or the turns alone. What is not a move at all gives None (the prompt then
tries it as a command); what looks like a move but cannot be one gives a
:class:`MoveTextError` with the reason in the player's language.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Move
from ..engine.geometry import INDEX
from ..engine.tiles import KIND_CODES
from ..i18n import _

#: Words that may stand between the parts of a move, in any language's typing.
_FILLERS = frozenset({"at", "turned", "turn", "rot", "rotation", "on", "to"})
_TOKEN = re.compile(r"-?\d+|[^\W\d_]+|[@/,;:]|\S")
_ROTATION_MARKS = frozenset({"/", "r", "rot", "rotation", "turned", "turn"})


class MoveTextError(ValueError):
    """Text that is meant as a move but is not one; the message says why in words."""


@dataclass(frozen=True)
class TypedMove:
    """A move as typed: the move itself, and whether it ends in ``!`` (place at once)."""

    move: Move
    at_once: bool


def cell_from_numbers(q_text: str, r_text: str) -> int:
    """The cell ``(q, r)``; :class:`MoveTextError` if it is not on the board."""
    cell = INDEX.get((int(q_text), int(r_text)))
    if cell is None:
        raise MoveTextError(_("({q},{r}) is not a cell of the board").format(q=int(q_text), r=int(r_text)))
    return cell


def parse_cell(text: str) -> int:
    """A cell as typed: ``2,-1``, ``(2,-1)``, ``2 -1``."""
    numbers = re.findall(r"-?\d+", text)
    if len(numbers) != 2 or re.sub(r"[-\d\s(),\[\]]", "", text):
        raise MoveTextError(_("say a cell as two numbers, like 2,-1"))
    return cell_from_numbers(*numbers)


def tile_kind(code: str) -> int:
    """A tile kind from its path lengths in any order (``212`` is ``122``)."""
    ordered = "".join(sorted(code))
    if ordered not in KIND_CODES:
        raise MoveTextError(
            _("{code} is not a tile (the tiles are {tiles})").format(code=code, tiles=", ".join(KIND_CODES))
        )
    return KIND_CODES.index(ordered)


def _looks_like_tile(text: str) -> bool:
    return len(text) == 3 and set(text) <= set("123")


def parse_typed_move(text: str, hand: Sequence[int]) -> TypedMove | None:
    """The move ``text`` means for a seat holding ``hand``; None if ``text`` is
    not meant as a move; :class:`MoveTextError` if it is but cannot be one."""
    words = text.strip().lower()
    at_once = words.endswith("!")
    words = words.rstrip("!").replace("(", " ").replace(")", " ").replace("[", " ").replace("]", " ")
    numbers: list[str] = []
    rotation_marked: set[int] = set()
    mark_next = False
    for token in _TOKEN.findall(words):
        if token[0].isdigit() or (token[0] == "-" and len(token) > 1):
            if mark_next:
                rotation_marked.add(len(numbers))
            numbers.append(token)
            mark_next = False
        elif token in _ROTATION_MARKS:
            mark_next = True
        elif token in _FILLERS or token in ("@", ",", ";", ":"):
            mark_next = False
        else:
            return None  # a word we do not know: not a move (perhaps a command)
    if len(numbers) < 2:
        return None
    if len(numbers) > 4:
        raise MoveTextError(_("a move is a tile, its turns and a cell, like 122/3@2,-1"))
    *before, q_text, r_text = numbers
    tile: int | None = None
    rotation_text: str | None = None
    if len(before) == 2:
        tile, rotation_text = tile_kind(before[0]), before[1]
    elif len(before) == 1:
        if 0 not in rotation_marked and _looks_like_tile(before[0]):
            tile = tile_kind(before[0])
        else:
            rotation_text = before[0]
    cell = cell_from_numbers(q_text, r_text)
    if tile is None:
        kinds = sorted(set(hand))
        if len(kinds) != 1:
            raise MoveTextError(
                _("say which tile: you hold {tiles}, as in {example}").format(
                    tiles=", ".join(KIND_CODES[k] for k in kinds),
                    example=f"{KIND_CODES[kinds[0]] if kinds else '122'}/3@2,-1",
                )
            )
        tile = kinds[0]
    if rotation_text is None:
        raise MoveTextError(
            _("say how far the tile is turned, 0 to 5, as in {example}").format(
                example=f"{KIND_CODES[tile]}/3@2,-1"
            )
        )
    rotation = int(rotation_text)
    if not 0 <= rotation <= 5:
        raise MoveTextError(_("a tile turns 0 to 5 steps clockwise, not {turns}").format(turns=rotation))
    return TypedMove(Move.make(cell, tile, rotation), at_once)
