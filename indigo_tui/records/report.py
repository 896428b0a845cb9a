"""Your record in words: the table of results, the rating, and sentences.

The Stats screen and ``indigo stats`` show the same lines (:func:`table_lines`,
:func:`rating_line`, :func:`notes`, and the chart of :mod:`.chart`);
``indigo stats --text`` says it all as sentences (:func:`sentences`), the
chart too, for a screen reader. Every word goes through the catalogs.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _, decimal, ngettext
from ..i18n.words import bot_seat_name
from ..saves import shown_path
from .games import ENGINE, PEOPLE, Summary, Tally
from .rating import LADDER, Rating, nearest_level


def opponent_label(opponent: str) -> str:
    """Who a row of the table is about: "Easy bot", "Search bot (mcts:0.25)", "People"."""
    if opponent == PEOPLE:
        # translators: a row of the Stats table: games against people (here or over the network)
        return _("People")
    if opponent == ENGINE:
        # translators: a row of the Stats table: games against outside programs (engine:COMMAND)
        return _("Outside programs")
    label = bot_seat_name(opponent)
    return label if opponent in LADDER else f"{label} ({opponent})"


def percent(share: float) -> str:
    # translators: a share as a percentage; French writes "{number} %"
    return _("{number}%").format(number=decimal(share * 100, 0))


def sure() -> str:
    """How sure every interval is, "95%" as the language writes it (a
    placeholder, so that no message holds a bare per cent sign)."""
    return percent(0.95)


def interval_text(tally: Tally) -> str:
    low, high = tally.interval
    # translators: a 95% interval of a share, e.g. "64% to 86%"
    return _("{low} to {high}").format(low=percent(low), high=percent(high))


def table_lines(summary: Summary) -> list[str]:
    """The results, one row per opponent and one for all games, in columns."""
    header = [
        # translators: a column of the Stats table: who the games were against
        _("Against"),
        # translators: a column of the Stats table: games played
        _("Games"),
        # translators: a column of the Stats table: games won
        _("Won"),
        # translators: a column of the Stats table: games drawn (a shared win, or level with that seat)
        _("Even"),
        # translators: a column of the Stats table: games lost
        _("Lost"),
        # translators: a column of the Stats table: the share of the points (a win 1, even a half)
        _("Score"),
        # translators: a column of the Stats table: the 95% interval of the score; {sure} is "95%"
        _("{sure} interval").format(sure=sure()),
    ]
    rows = [[opponent_label(opponent), *_numbers(tally)] for opponent, tally in summary.against.items()]
    # translators: the last row of the Stats table: every game, whoever it was against
    rows.append([_("All games"), *_numbers(summary.overall)])
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = "  ".join(cell.rjust(widths[index + 1]) for index, cell in enumerate(cells[1:]))
        return f"{first}  {rest}".rstrip()

    rule = "─" * len(line(header))
    return [line(header), rule, *(line(row) for row in rows[:-1]), rule, line(rows[-1])]


def _numbers(tally: Tally) -> list[str]:
    return [
        str(tally.games),
        str(tally.won),
        str(tally.shared),
        str(tally.lost),
        percent(tally.share),
        interval_text(tally),
    ]


def rating_value(rating: Rating) -> str:
    """The rating and its 95% interval, e.g. "1210 (1100 to 1320)"."""
    if rating.open_above:
        # translators: a rating whose interval has no top: every game was won
        return _("at least {low}").format(low=rating.low)
    if rating.open_below:
        # translators: a rating whose interval has no bottom: every game was lost
        return _("at most {high}").format(high=rating.high)
    # translators: a rating and its 95% interval, e.g. "1210 (1100 to 1320)"
    return _("{rating} ({low} to {high})").format(rating=rating.value, low=rating.low, high=rating.high)


def rating_line(summary: Summary) -> str:
    """Your rating on the ladder's scale, how sure it is, and the bot nearest it."""
    rating = summary.rating
    if rating is None:
        return _("No rating yet: it comes from games against the bot levels (random to expert).")
    near = bot_seat_name(nearest_level(rating.value))
    return ngettext(
        "Rating {rating}, {sure} sure, from {games} result against the bots; nearest: {bot}.",
        "Rating {rating}, {sure} sure, from {games} results against the bots; nearest: {bot}.",
        rating.games,
    ).format(rating=rating_value(rating), sure=sure(), games=rating.games, bot=near)


def notes(summary: Summary) -> list[str]:
    """What was not counted, and why: files that could not be read, games at
    a shared terminal with nobody named, games not finished."""
    records = summary.records
    said: list[str] = []
    if records.unreadable:
        said.append(
            ngettext(
                "{count} file in the save folder could not be read and is not counted:",
                "{count} files in the save folder could not be read and are not counted:",
                len(records.unreadable),
            ).format(count=len(records.unreadable))
        )
        # Named within the folder (said above them), so that a name is not lost in a long path.
        said += [
            f"  {path.name if path.parent == records.folder else shown_path(path)}: {why}"
            for path, why in records.unreadable[:5]
        ]
        if len(records.unreadable) > 5:
            said.append("  " + _("and {count} more").format(count=len(records.unreadable) - 5))
    if records.shared_terminal:
        said.append(
            ngettext(
                "{count} game with several people at this terminal is not counted: "
                "name whose record to show (indigo stats --name NAME).",
                "{count} games with several people at this terminal are not counted: "
                "name whose record to show (indigo stats --name NAME).",
                records.shared_terminal,
            ).format(count=records.shared_terminal)
        )
    if records.unfinished:
        said.append(
            ngettext(
                "{count} game is not finished yet; it counts once it is.",
                "{count} games are not finished yet; each counts once it is.",
                records.unfinished,
            ).format(count=records.unfinished)
        )
    return said


def headline(summary: Summary) -> str:
    games = summary.overall.games
    if not games:
        return _("No finished games yet: play one, and its result is kept here.")
    return ngettext(
        "{games} finished game.",
        "{games} finished games.",
        games,
    ).format(games=games)


def sentences(summary: Summary, *, every: int = 0) -> list[str]:
    """Everything :func:`table_lines`, :func:`rating_line` and the chart
    show, as sentences (``indigo stats --text``). ``every``: the rating
    after every that many games (0: about five points of the history)."""
    overall = summary.overall
    said: list[str] = []
    if not overall.games:
        said.append(headline(summary))
    else:
        said.append(
            ngettext(
                "You finished {games} game: {won} won, {shared} shared, {lost} lost; "
                "{score} of the points, {sure} sure between {low} and {high}.",
                "You finished {games} games: {won} won, {shared} shared, {lost} lost; "
                "{score} of the points, {sure} sure between {low} and {high}.",
                overall.games,
            ).format(**_fields(overall))
        )
        for opponent, tally in summary.against.items():
            said.append(
                ngettext(
                    "Against {who}: {games} game, {won} won, {shared} even, {lost} lost; "
                    "{score} of the points, {sure} sure between {low} and {high}.",
                    "Against {who}: {games} games, {won} won, {shared} even, {lost} lost; "
                    "{score} of the points, {sure} sure between {low} and {high}.",
                    tally.games,
                ).format(who=opponent_label(opponent), **_fields(tally))
            )
    said.append(rating_line(summary))
    history = summary.history
    if len(history) > 1:
        step = every or max(1, len(history) // 5)
        chosen = history[step - 1 :: step]
        if chosen[-1] != history[-1]:
            chosen.append(history[-1])
        for number, rating in chosen:
            said.append(
                _("After game {number}: {rating}.").format(number=number, rating=rating_value(rating))
            )
        (since, first), last = chosen[0], history[-1][1]
        change = last.value - first.value
        if since != history[-1][0]:
            if change > 0:
                said.append(_("Up {points} since game {number}.").format(points=change, number=since))
            elif change < 0:
                said.append(_("Down {points} since game {number}.").format(points=-change, number=since))
            else:
                said.append(_("The same as after game {number}.").format(number=since))
    said += [line.strip() for line in notes(summary)]
    return said


def _fields(tally: Tally) -> dict[str, object]:
    """The placeholders of a tally's sentence."""
    low, high = tally.interval
    return {
        "games": tally.games,
        "won": tally.won,
        "shared": tally.shared,
        "lost": tally.lost,
        "score": percent(tally.share),
        "low": percent(low),
        "high": percent(high),
        "sure": sure(),
    }


def chart_caption() -> str:
    """What stands above the chart (:func:`~.chart.chart_lines`)."""
    # translators: above the chart of the rating, game by game; {sure} is "95%"
    return _("Your rating after each game (● rating, │ its {sure} interval):").format(sure=sure())


def ladder_lines() -> list[str]:
    """The ladder's scale: each bot's place, for the foot of the screen."""
    places = ", ".join(f"{bot_seat_name(bot)} {place}" for bot, place in LADDER.items())
    # translators: the bots' places on the rating scale follow, e.g. "Random bot 0, Greedy bot 581, ..."
    return [_("The scale: {places}.").format(places=places)]


__all__ = [
    "chart_caption",
    "headline",
    "interval_text",
    "ladder_lines",
    "notes",
    "opponent_label",
    "percent",
    "rating_line",
    "rating_value",
    "sentences",
    "table_lines",
]
