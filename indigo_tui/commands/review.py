"""``indigo review``: rate every move of a game, or step through it in a viewer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import CommandError
from ..i18n import _
from .replay import read_game

if TYPE_CHECKING:
    from ..bots.review import Reviewer
    from ..engine import Game
    from . import SubParsers


def register(subparsers: SubParsers) -> None:
    parser = subparsers.add_parser(
        "review",
        help=_("review a game: rate every move, or step through it"),
        description=_(
            "Open a saved game (or a canonical indigo-game/1 record) in the review viewer: step "
            "through it move by move and see the search bot's rating of every move. With --json, "
            "print instead one JSON object per placement, in order: move, seat, the placement played "
            "and the best one found (cell and tile as in indigo-game/1), the points of lead given up "
            "(loss), how sure that is (uncertainty: the loss is within plus or minus it, 95 times in "
            "100) and a verdict, which counts only what clears that noise. A file that cannot be "
            "read gets one line on stderr, as 'indigo replay' gives, and exit status 2. Of a match "
            "of several rounds, the latest round is reviewed unless --round names another."
        ),
    )
    parser.add_argument("path", type=Path, metavar=_("FILE"), help=_("a save file or a JSON record"))
    parser.add_argument("--json", action="store_true", help=_("print the ratings as JSON lines"))
    parser.add_argument(
        "--bot",
        default=None,
        metavar=_("SPEC"),
        help=_(
            "how long to rate: mcts:iter=N, N playouts a move (repeatable), mcts:SECONDS or a "
            "level such as hard (default mcts:iter=300)"
        ),
    )
    parser.add_argument("--seed", default="0", metavar=_("SEED"), help=_("the review's seed (default 0)"))
    parser.add_argument(
        "--round",
        type=int,
        metavar="N",
        help=_("which round of a match to review, from 1 (default: the latest)"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..bots import BotSpecError
    from ..bots.review import DEFAULT_SPEC, Reviewer

    spec = args.bot or DEFAULT_SPEC
    try:
        reviewer = Reviewer(spec, args.seed)
    except BotSpecError as exc:
        raise CommandError(_("--bot {error}").format(error=exc)) from None
    try:
        game = read_game(args.path, args.round)
    except ValueError as exc:
        print(_("indigo review: {path}: {error}").format(path=args.path, error=exc), file=sys.stderr)
        return 2
    if args.json:
        return _print_json(game, reviewer)
    from ..ui.review_app import ReviewApp

    ReviewApp(args.path, game, seat_names(args.path, game.setup.players), reviewer).run()
    return 0


def seat_names(path: Path, players: int) -> list[str]:
    """The seats' names a save file gives them, else "Seat 1", "Seat 2", ..."""
    from .. import saves

    try:
        names = [seat.name for seat in saves.load_header(path).seats]
    except saves.SaveError:
        names = []  # a canonical record names no seats; read_game has said any other problem
    if len(names) == players:
        return names
    return [_("Seat {number}").format(number=seat + 1) for seat in range(players)]


def _print_json(game: Game, reviewer: Reviewer) -> int:
    import msgspec

    from ..bots.review import iter_ratings

    # One line per placement as soon as it is rated: a long review shows progress.
    for rating in iter_ratings(game, reviewer):
        sys.stdout.write(msgspec.json.encode(rating.to_json()).decode() + "\n")
        sys.stdout.flush()
    return 0
