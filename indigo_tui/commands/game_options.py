"""The options of the commands that start a game at this terminal (``indigo
play``, ``indigo text``, ``indigo load``), and the game they ask for: one
place that ``commands/play.py`` and ``commands/text.py`` both import."""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.match import MAX_ROUNDS
from ..errors import CommandError
from ..i18n import _, ngettext

if TYPE_CHECKING:
    from ..table.session import NewGame


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """The options that set up a new game, on ``indigo play`` and ``indigo text``."""
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help=_("2 to 4 (default: the number of --seats, or 2)"),
    )
    parser.add_argument(
        "--seats",
        default=None,
        metavar=_("KIND,..."),
        help=_(
            'comma-separated, e.g. human,bot:greedy or human,engine:"python mybot.py" '
            "(default: human,bot:greedy)"
        ),
    )
    parser.add_argument(
        "--names", default="", metavar=_("NAME,..."), help=_("comma-separated seat names, e.g. Ann,Bob")
    )
    parser.add_argument("--variant", choices=("classic", "tactical"), default="classic")
    parser.add_argument(
        "--own-gates", action="store_true", help=_("three players, each with two gates of their own")
    )
    parser.add_argument(
        "--seed", default=None, metavar=_("SEED"), help=_("shuffle seed, for a game you can replay")
    )
    add_rounds_option(parser)
    parser.add_argument("--open-scores", action="store_true", help=_("everyone sees everyone's gems"))
    add_turn_time_option(parser)
    add_engine_options(parser)


def add_turn_time_option(parser: argparse.ArgumentParser) -> None:
    """``--turn-time``: the turn clock, on ``indigo host`` and on the games at
    this terminal (``indigo play``, ``indigo text``) alike."""
    parser.add_argument(
        "--turn-time",
        type=float,
        default=0.0,
        metavar=_("SECONDS"),
        help=_(
            "seconds each player has for a move; when they run out, a bot plays that move "
            "(5 to 3600; default 0: no clock)"
        ),
    )


def turn_time_of(args: argparse.Namespace) -> float:
    """``--turn-time``, checked (:class:`CommandError` says why it is none)."""
    from ..net.clock import turn_time_problem

    seconds = float(getattr(args, "turn_time", 0.0) or 0.0)
    problem = turn_time_problem(seconds)  # NaN and infinity are none either
    if problem is not None:
        raise CommandError(_("--turn-time: {problem}").format(problem=problem))
    return seconds


def add_engine_options(parser: argparse.ArgumentParser, resumed: bool = False) -> None:
    """The options of engine seats (outside programs, ``engine:COMMAND``)."""
    parser.add_argument(
        "--engine-time",
        type=float,
        default=None,
        metavar=_("SECONDS"),
        help=_("seconds an engine seat's program has for each move (default 10)"),
    )
    if resumed:
        parser.add_argument(
            "--run-engines",
            action="store_true",
            help=_("start the programs the saved game's engine seats name (else a built-in bot plays them)"),
        )


def set_engine_time(args: argparse.Namespace) -> None:
    """Apply ``--engine-time`` to the engine seats made from now on."""
    seconds = getattr(args, "engine_time", None)
    if seconds is None:
        return
    from ..bots.engine_seat import set_time_limit

    try:
        set_time_limit(seconds)
    except ValueError:
        raise CommandError(_("--engine-time must be above 0 seconds")) from None


def add_save_dir_option(parser: argparse.ArgumentParser) -> None:
    """``--save-dir DIR``: on bare ``indigo`` and on each command that plays a
    game here. SUPPRESS: ``indigo --save-dir DIR play`` keeps the top level's
    (a sub-command's default would hide it); read it with :func:`save_dir_of`."""
    parser.add_argument(
        "--save-dir", type=Path, default=argparse.SUPPRESS, metavar=_("DIR"), help=_("where games are saved")
    )


def save_dir_of(args: argparse.Namespace) -> Path | None:
    """The ``--save-dir`` given, before or after the command; None if none."""
    given: Path | None = getattr(args, "save_dir", None)
    return given


def need_terminal() -> None:
    """The game's screen reads keys from a terminal and draws on one: said in
    one line (:class:`CommandError`) when standard input or output is not one,
    instead of drawing into a pipe or a file and spinning on an input at its
    end (Textual reads an ended input again and again: a core at 99%).
    A browser's game (``indigo serve``) runs on Textual's web driver: no terminal."""
    import os
    import sys

    if os.environ.get("TEXTUAL_DRIVER"):
        return
    for stream, words in (
        (sys.stdin, _("the game's screen reads keys from a terminal, and standard input is not one")),
        (
            sys.stdout,
            _("the game's screen draws on a terminal, and standard output goes to a pipe or a file"),
        ),
    ):
        isatty = getattr(stream, "isatty", None)
        if stream is None or isatty is None or not isatty():
            raise CommandError(
                _("{problem}: run it in a terminal, or play by lines of text with 'indigo text'").format(
                    problem=words
                )
            )


def add_common_options(parser: argparse.ArgumentParser) -> None:
    add_save_dir_option(parser)
    parser.add_argument("--no-animation", action="store_true", help=_("don't animate gems"))
    add_bot_delay_option(parser)
    add_glyphs_option(parser)


#: The bots' pace where no ``--bot-delay`` is given: what ``indigo serve
#: --bot-delay`` hands each browser tab's game (bare ``indigo``, which has no
#: such option).
BOT_DELAY_VAR = "INDIGO_BOT_DELAY"
#: Seconds between bot moves where neither says.
DEFAULT_BOT_DELAY = 0.5


def add_bot_delay_option(parser: argparse.ArgumentParser) -> None:
    """``--bot-delay``, on the commands that play at a screen and on ``indigo serve``."""
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=None,
        metavar=_("SECONDS"),
        help=_("seconds between bot moves (default 0.5)"),
    )


def bot_delay_of(given: float | None) -> float:
    """The bots' pace: ``--bot-delay`` (``given``), else ``$INDIGO_BOT_DELAY``,
    else half a second; one line (:class:`CommandError`) for a pace that is none."""
    if given is None:
        text = os.environ.get(BOT_DELAY_VAR, "").strip()
        if not text:
            return DEFAULT_BOT_DELAY
        try:
            pace = float(text)
        except ValueError:
            pace = math.nan
        if not math.isfinite(pace) or pace < 0:
            raise CommandError(_not_a_pace("$" + BOT_DELAY_VAR, repr(text[:40])))
        return pace
    if given < 0:
        raise CommandError(_("--bot-delay must not be negative"))
    if not math.isfinite(given):
        raise CommandError(_not_a_pace("--bot-delay", str(given)))
    return given


def _not_a_pace(option: str, value: str) -> str:
    return _("{option} must be a number of seconds, 0 or more, not {value}").format(
        option=option, value=value
    )


def add_rounds_option(parser: argparse.ArgumentParser) -> None:
    """``--rounds``: the rounds of a match, on ``indigo play`` and ``indigo host``."""
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        metavar="N",
        help=_("rounds in the match, 1 to {most} (default 1)").format(most=MAX_ROUNDS),
    )


def add_glyphs_option(parser: argparse.ArgumentParser) -> None:
    """``--board-glyphs`` and ``--palette``, on every command that opens the app."""
    from ..ui.board_art import GLYPH_CHOICES, PALETTE_CHOICES

    parser.add_argument(
        "--palette",
        choices=PALETTE_CHOICES,
        default=None,
        help=_(
            "the board's colours: okabe-ito stays clear for colour-blind eyes "
            "(default: $INDIGO_PALETTE, else the choice saved in the app, else default)"
        ),
    )

    parser.add_argument(
        "--board-glyphs",
        choices=GLYPH_CHOICES,
        default=None,
        help=_(
            "characters that draw the board "
            "(default: $INDIGO_BOARD_GLYPHS, else the choice saved in the app, else auto)"
        ),
    )


def new_game_from_args(args: argparse.Namespace) -> NewGame:
    """The game ``indigo play`` asks for; :class:`CommandError` on bad input."""
    from ..bots import BotSpecError, available_bots, make_bot
    from ..engine import Setup, SetupError, parse_seed, rounds_allowed
    from ..i18n.words import setup_error_text
    from ..saves import NAME_LIMIT, SeatInfo, seat_kinds, seats_from_kinds
    from ..table.session import NewGame

    if args.seats is not None and not seat_kinds(args.seats):
        # Given but empty (--seats ''): not the default game without a word.
        raise CommandError(_("--seats names no seat: give one kind per seat, e.g. human,bot:greedy"))
    kinds = seat_kinds(args.seats) if args.seats else ["human", "bot:greedy"][: args.players or 2]
    players = args.players if args.players is not None else len(kinds)
    if args.seats is None and players > len(kinds):
        kinds += ["bot:greedy"] * (players - len(kinds))
    if len(kinds) != players:
        raise CommandError(
            ngettext(
                "--players {players} but --seats names {seats} seat",
                "--players {players} but --seats names {seats} seats",
                len(kinds),
            ).format(players=players, seats=len(kinds))
        )
    for kind in kinds:
        if kind == "human":
            continue
        bot = SeatInfo("", kind).bot
        try:
            if bot is None:
                raise BotSpecError(kind)
            # Only builds it: loads the search bot only if it is named, finds an
            # engine's program without starting it.
            make_bot(bot, 0)
        except BotSpecError as exc:
            if kind.startswith("engine:"):
                raise CommandError(str(exc)) from None
            bots = available_bots()
            if bot is not None and bot.partition(":")[0].strip().lower() in bots:
                # A bot we know, written wrong (mcts:iter=abc): its own words say how.
                raise CommandError(_("seat {kind}: {reason}").format(kind=repr(kind), reason=exc)) from None
            raise CommandError(
                _("unknown seat {kind}: use human, bot:NAME ({bots}) or engine:COMMAND").format(
                    kind=repr(kind), bots=", ".join(sorted(bots))
                )
            ) from None
    if not rounds_allowed(args.rounds):
        raise CommandError(_("--rounds must be between 1 and {most}").format(most=MAX_ROUNDS))
    try:
        setup = Setup(players=players, variant=args.variant, own_gates=args.own_gates)
    except SetupError as exc:
        raise CommandError(setup_error_text(exc)) from None
    names = [n for n in args.names.split(",")] if args.names else []
    if len(names) > players:
        raise CommandError(
            ngettext(
                "--names gives {names} name for {players} seats",
                "--names gives {names} names for {players} seats",
                len(names),
            ).format(names=len(names), players=players)
        )
    for name in names:
        if len(name.strip()) > NAME_LIMIT:
            raise CommandError(
                _("--names: the name '{name}' is longer than {limit} characters").format(
                    name=name.strip(), limit=NAME_LIMIT
                )
            )
    return NewGame(
        setup,
        seats_from_kinds(kinds, names),
        args.rounds,
        parse_seed(args.seed),
        args.open_scores,
        turn_time_of(args),
    )
