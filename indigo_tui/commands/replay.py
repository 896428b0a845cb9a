"""``indigo replay``: recompute games from their moves."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.game import Game
from ..i18n import _, ngettext

if TYPE_CHECKING:
    from . import SubParsers


def register(subparsers: SubParsers) -> None:
    parser = subparsers.add_parser(
        "replay",
        help=_("replay saved or canonical games and print their records"),
        description=_(
            "Replay each game from its moves and print, one line per file, its canonical "
            "indigo-game/1 JSON with the result recomputed (the only output, with or without "
            "--json). A file may be a save file or a "
            "canonical JSON record. A file that cannot be read or holds an illegal move gets one "
            "line on stderr naming the file (and the move's number, from 1, and the reason); the other files "
            "still print, and the exit status is 2."
        ),
    )
    parser.add_argument(
        "paths", nargs="+", type=Path, metavar=_("PATH"), help=_("save files or JSON records")
    )
    # Kept for the scripts that always gave it: JSON is what replay prints.
    parser.add_argument(
        "--json", action="store_true", help=_("print canonical JSON (the default, and the only format)")
    )
    parser.set_defaults(run=run)


def read_game(path: Path, round_number: int | None = None) -> Game:
    """The game in ``path``, a save file or a canonical record; ValueError on
    any problem, its words in the current language. Of a match of several
    rounds, round ``round_number`` (from 1), by default the latest."""
    from .. import saves

    try:
        games = saves.read_with(path, _games)
    except saves.SaveError as exc:
        # The command's line names the file already.
        raise ValueError(exc.detail) from None
    if round_number is None:
        return games[-1]
    if not 1 <= round_number <= len(games):
        raise ValueError(
            ngettext(
                "there is no round {number} here: the file holds {count} round",
                "there is no round {number} here: the file holds rounds 1 to {count}",
                len(games),
            ).format(number=round_number, count=len(games))
        )
    return games[round_number - 1]


def _games(data: bytes) -> list[Game]:
    """The rounds of a save, or the one round of a canonical record, in
    ``data``; :class:`~indigo_tui.saves.SaveError` if it is neither."""
    from .. import saves

    if saves.looks_like_save(data):
        return saves.decode_save(data).match.games
    from ..engine import notation  # here, not at the top: every indigo command imports this module
    from ..i18n.words import notation_error_text

    try:
        # A canonical record holds one round.
        return [notation.from_json(data)]
    except notation.NotationError as exc:
        raise saves.SaveError(notation_error_text(exc)) from None


def run(args: argparse.Namespace) -> int:
    from ..engine import notation

    failed = False
    for path in args.paths:
        try:
            game = read_game(path)
        except ValueError as exc:
            failed = True
            print(_("indigo replay: {path}: {error}").format(path=path, error=exc), file=sys.stderr)
            continue
        sys.stdout.write(notation.dumps(game) + "\n")
    sys.stdout.flush()
    return 2 if failed else 0
