"""``indigo stats``: your finished games, your record against each bot level
and against people, and your rating on the bot ladder's scale."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from typing import TYPE_CHECKING, Any

from ..i18n import _
from .game_options import add_save_dir_option, save_dir_of

if TYPE_CHECKING:
    from ..records import Summary
    from . import SubParsers


def register(subparsers: SubParsers) -> None:
    parser = subparsers.add_parser(
        "stats",
        help=_("your record: games won and lost against each bot level and people, and your rating"),
        description=_(
            "Count the finished games in the save folder that a person at this terminal played: "
            "won, even and lost against each bot level, other bots and people, with Wilson intervals "
            "(95%), and a rating on the bot ladder's scale (Elo points, the random bot at 0; "
            "docs/bots.md) with its interval (95%) and a chart of it over time. A file that cannot "
            "be read is named and left out."
        ),
    )
    parser.add_argument(
        "--name",
        metavar=_("NAME"),
        help=_("whose record: the seat of this name (for games with several people at this terminal)"),
    )
    parser.add_argument(
        "--text", action="store_true", help=_("say it in sentences, for a screen reader (no chart)")
    )
    parser.add_argument("--json", action="store_true", help=_("print the figures as one JSON object"))
    add_save_dir_option(parser)
    parser.set_defaults(run=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    from ..records import summary_of
    from ..records.chart import chart_lines
    from ..records.report import (
        chart_caption,
        headline,
        ladder_lines,
        notes,
        rating_line,
        sentences,
        table_lines,
    )
    from ..saves import default_save_dir, shown_path

    folder = default_save_dir(save_dir_of(args))
    summary = summary_of(folder, args.name)
    if args.json:
        sys.stdout.write(json.dumps(as_json(summary), ensure_ascii=False) + "\n")
        return 0
    if args.text:
        lines = sentences(summary)
    else:
        size = shutil.get_terminal_size((80, 24))
        lines = [_("Your games in {folder}").format(folder=shown_path(folder)), "", headline(summary)]
        if summary.overall.games:
            lines += ["", *table_lines(summary)]
        lines += ["", rating_line(summary)]
        chart = chart_lines(summary.history, size.columns, max(8, min(16, size.lines - 4)))
        if chart:
            lines += ["", chart_caption(), *chart]
        lines += ["", *ladder_lines()]
        said = notes(summary)
        if said:
            lines += ["", *said]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def as_json(summary: Summary) -> dict[str, Any]:
    """The figures for a program: counts, intervals, the rating and its history."""

    def tally(t: Any) -> dict[str, Any]:
        return {
            "games": t.games,
            "won": t.won,
            "shared": t.shared,
            "lost": t.lost,
            "score": t.share,
            "interval": list(t.interval),
        }

    def rating(r: Any) -> dict[str, Any] | None:
        return None if r is None else {"rating": r.value, "low": r.low, "high": r.high, "games": r.games}

    records = summary.records
    return {
        "games": tally(summary.overall),
        "against": {opponent: tally(t) for opponent, t in summary.against.items()},
        "rating": rating(summary.rating),
        "history": [{"game": number, **(rating(r) or {})} for number, r in summary.history],
        "unreadable": [{"path": str(path), "problem": why} for path, why in records.unreadable],
        "shared_terminal": records.shared_terminal,
        "unfinished": records.unfinished,
    }
