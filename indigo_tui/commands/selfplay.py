"""``indigo selfplay``: headless bot games and a tournament summary."""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from ..bots import Bot, BotSpecError, available_bots, bot_maker
from ..engine import Game, Match, Setup, SetupError, parse_seed
from ..i18n import _, decimal, ngettext
from ..i18n.words import os_problem, setup_error_text
from .game_options import add_engine_options

if TYPE_CHECKING:
    from . import SubParsers


def register(subparsers: SubParsers) -> None:
    def describe() -> str:
        bots = ", ".join(f"{name} ({text})" for name, text in available_bots().items())
        return _(
            "Play GAMES games between bots and print a summary: wins, win rate with a {level} "
            "confidence interval, mean points per bot, and games per second. Seats rotate from "
            "game to game so that no bot always moves first. Bots: {bots}."
        ).format(level="95%", bots=bots)

    parser = subparsers.add_parser("selfplay", help=_("play bots against each other without a screen"))
    parser.describe = describe
    parser.add_argument(
        "--players", type=int, default=None, metavar="N", help=_("2 to 4 (default: the number of bots)")
    )
    parser.add_argument(
        "--bots",
        required=True,
        metavar="B1,B2[,...]",
        help=_(
            "one bot name per seat, comma-separated, e.g. greedy,random; engine:COMMAND is an "
            "outside program (docs/engine-protocol.md)"
        ),
    )
    parser.add_argument("--games", type=int, default=100, metavar="G", help=_("how many games (default 100)"))
    parser.add_argument("--seed", default="0", metavar="S", help=_("seed for decks and bots (default 0)"))
    parser.add_argument("--variant", choices=("classic", "tactical"), default="classic")
    parser.add_argument("--own-gates", action="store_true", help=_("three players, own gates only"))
    parser.add_argument(
        "--save-dir",
        type=Path,
        default=argparse.SUPPRESS,
        metavar=_("DIR"),
        help=_("save every game as a save file here"),
    )
    parser.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    add_engine_options(parser)
    parser.set_defaults(run=run)


@dataclass
class BotStats:
    label: str
    spec: str
    games: int = 0
    wins: int = 0
    shared: int = 0
    points: int = 0
    win_share: float = 0.0
    seats: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.win_share / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval on the win share."""
        n = self.games
        if n == 0:
            return (0.0, 1.0)
        z = 1.96
        p = self.win_rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(game: Game, bots: list[Bot], notices: list[str] | None = None) -> None:
    """Play ``game`` to the end, each seat's bot seeing only its seat's view;
    an engine seat's program is stopped at the end, and what went wrong with
    one (it was replaced by a built-in bot) is added to ``notices``."""
    from ..bots.engine_seat import EngineSeat, close_bots, take_notices

    # Only an engine seat has notices, or a program to stop: the built-in
    # bots' games are played by the game's own loop (compiled where the engine
    # is: the same moves, pushed alike), and that is all.
    engines = any(isinstance(bot, EngineSeat) for bot in bots)
    if not engines:
        game.play_out([bot.choose for bot in bots])
        return
    asked = notices is not None
    views = [game.view(seat) for seat in range(len(bots))]  # live: each follows the game
    try:
        while not game.over:
            seat = game.turn
            game.push(bots[seat].choose(views[seat]))
            if asked:
                assert notices is not None
                notices.extend(
                    n.text(_("Seat {number}").format(number=n.seat + 1)) for n in take_notices(bots)
                )
    finally:
        close_bots(bots, game)


def run(args: argparse.Namespace) -> int:
    from ..bots.engine_seat import set_time_limit
    from ..errors import CommandError
    from ..saves import seat_kinds

    # As --seats writes them: an engine's command keeps its case, and a comma in quotes.
    specs = seat_kinds(args.bots)
    players = args.players if args.players is not None else len(specs)
    if len(specs) != players:
        raise CommandError(
            ngettext(
                "--bots names {bots} bot for {players} players; give one per seat",
                "--bots names {bots} bots for {players} players; give one per seat",
                len(specs),
            ).format(bots=len(specs), players=players)
        )
    if args.games < 1:
        raise CommandError(_("--games must be at least 1"))
    try:
        setup = Setup(players, args.variant, args.own_gates)
    except SetupError as exc:
        raise CommandError(setup_error_text(exc)) from None
    seed = parse_seed(args.seed)
    try:
        makers = [bot_maker(spec) for spec in specs]  # each spec read once, not twice a game
        for maker in makers:
            maker(0)
    except BotSpecError as exc:
        raise CommandError(str(exc)) from None
    if args.engine_time is not None:
        if not args.engine_time > 0:
            raise CommandError(_("--engine-time must be above 0 seconds"))
        set_time_limit(args.engine_time)
    save_dir: Path | None = getattr(args, "save_dir", None)
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(
                _("cannot use {folder} for saves: {reason}").format(folder=save_dir, reason=os_problem(exc))
            ) from None

    labels = [f"{spec}#{i + 1}" if specs.count(spec) > 1 else spec for i, spec in enumerate(specs)]
    stats = [BotStats(label, spec) for label, spec in zip(labels, specs, strict=True)]
    # What start-up made (modules, tables, the bots' makers) lives to the end:
    # kept out of the collector's sweeps, which then look only at what the
    # games make (each game's objects go by reference counting; a sweep over
    # everything, every few hundred games, found nothing to collect).
    gc.freeze()
    started = time.perf_counter()
    replaced = 0
    for index in range(args.games):
        # Rotate seats: in game i, seat s is played by entry (s + i) % n.
        order = [(seat + index) % players for seat in range(players)]
        bots = [makers[entry](f"{seed}:{index}:{seat}") for seat, entry in enumerate(order)]
        match = Match(setup, 1, f"{seed}:{index}")
        game = match.game
        notices: list[str] = []
        play_game(game, bots, notices)
        for notice in notices:
            print(_("game {number}: {notice}").format(number=index + 1, notice=notice), file=sys.stderr)
        replaced += len(notices)
        winners = game.winners
        scores = game.scores
        for seat, entry in enumerate(order):
            row = stats[entry]
            row.games += 1
            row.points += scores[seat]
            if seat in winners:
                row.win_share += 1 / len(winners)
                if len(winners) == 1:
                    row.wins += 1
                else:
                    row.shared += 1
        if save_dir is not None:
            _save(save_dir, match, [specs[e] for e in order], index)
    elapsed = time.perf_counter() - started
    summary = _summary(args, setup, stats, elapsed)
    summary["engines_replaced"] = replaced
    if args.json:
        sys.stdout.write(msgspec.json.encode(summary).decode() + "\n")
    else:
        _print_table(summary)
    return 0


def _save(directory: Path, match: Match, specs: list[str], index: int) -> None:
    from .. import saves
    from ..errors import CommandError

    seats = [
        saves.SeatInfo(_("{bot} (seat {number})").format(bot=spec, number=s + 1), f"bot:{spec}")
        for s, spec in enumerate(specs)
    ]
    header = saves.make_header(match, seats, title=_("selfplay {number}").format(number=index + 1))
    try:
        saves.write_save(directory / f"selfplay-{index + 1:05d}{saves.SUFFIX}", header, match)
    except saves.SaveError as exc:
        raise CommandError(str(exc)) from None


def _summary(args: argparse.Namespace, setup: Setup, stats: list[BotStats], elapsed: float) -> dict[str, Any]:
    return {
        "games": args.games,
        "players": setup.players,
        "variant": setup.variant,
        "own_gates": setup.own_gates,
        "seed": args.seed,
        "seconds": round(elapsed, 3),
        "games_per_second": round(args.games / elapsed, 3) if elapsed > 0 else None,
        "bots": [
            {
                "bot": row.label,
                "wins": row.wins,
                "shared_wins": row.shared,
                "win_rate": round(row.win_rate, 4),
                "win_rate_95": [round(x, 4) for x in row.interval()],
                "mean_points": round(row.points / row.games, 3),
            }
            for row in stats
        ],
    }


def percent(share: float) -> str:
    """A share for a person, with the language's decimal separator: "52,5%"."""
    return decimal(share * 100, 1) + "%"


def _print_table(summary: dict[str, Any]) -> None:
    if summary["own_gates"]:
        heading = ngettext(
            "{games} game, {players} players, {variant}, own gates, seed {seed}, seats rotated",
            "{games} games, {players} players, {variant}, own gates, seed {seed}, seats rotated",
            summary["games"],
        )
    else:
        heading = ngettext(
            "{games} game, {players} players, {variant}, seed {seed}, seats rotated",
            "{games} games, {players} players, {variant}, seed {seed}, seats rotated",
            summary["games"],
        )
    print(
        heading.format(
            games=summary["games"],
            players=summary["players"],
            variant=summary["variant"],
            seed=summary["seed"],
        )
    )
    # translators: the columns of indigo selfplay's table; keep each within its width (16, 6, 6, 9, 15, 11)
    interval = _("{level} interval").format(level="95%")
    columns = (_("bot"), _("wins"), _("shared"), _("win rate"), interval, _("mean points"))
    print(
        f"{columns[0]:<16} {columns[1]:>6} {columns[2]:>6} {columns[3]:>9}  {columns[4]:<15} {columns[5]:>11}"
    )
    for row in summary["bots"]:
        low, high = row["win_rate_95"]
        print(
            f"{row['bot']:<16} {row['wins']:>6} {row['shared_wins']:>6} {percent(row['win_rate']):>9}  "
            f"{f'{percent(low)}-{percent(high)}':<15} {decimal(row['mean_points'], 2):>11}"
        )
    rate = summary["games_per_second"]
    print(
        _("{seconds} s, {rate} games per second").format(
            seconds=decimal(summary["seconds"], 2), rate="-" if rate is None else decimal(rate)
        )
    )
