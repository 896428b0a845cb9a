"""Your games, counted and rated (indigo_tui.records): against a recount made
while the games were played, and with bad files in the folder."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from support.odd_files import make_odd_files, sound_save
from support.played import play_folder

from indigo_tui import saves
from indigo_tui.cli import main
from indigo_tui.engine import Match, Setup
from indigo_tui.records import LADDER, rate, read_records, summarise, wilson
from indigo_tui.records.chart import BAND, MARK, chart_lines
from indigo_tui.records.games import PEOPLE, Outcome
from indigo_tui.records.rating import HIGHEST, LOWEST, RatingSums, difference, expected
from indigo_tui.records.report import rating_value, sentences, table_lines

ROOT = Path(__file__).resolve().parents[2]


def finished(match: Match) -> Match:
    while not match.over:
        game = match.game
        if game.over:
            match.next_round()
            continue
        game.push(game.legal_moves[0])
    return match


def test_counts_match_the_recount_and_odd_files_are_named_not_fatal(tmp_path: Path) -> None:
    played = play_folder(tmp_path, "greedy", ["random", "greedy"], 8, "quick")
    # Beside them: a game not finished, one of bots only, one at a shared
    # terminal, a guest's finished game and files that cannot be read.
    sound_save(tmp_path / "unfinished.indigo")
    bots_only = finished(Match(Setup(2), seed=3))
    saves.write_save(
        tmp_path / "bots.indigo",
        saves.make_header(bots_only, saves.seats_from_kinds(["bot:greedy", "bot:random"])),
        bots_only,
    )
    shared = finished(Match(Setup(3), seed=4))
    saves.write_save(
        tmp_path / "hot-seat.indigo",
        saves.make_header(shared, saves.seats_from_kinds(["human", "human", "bot:easy"], ["Ann", "Bob"])),
        shared,
    )
    guest = finished(Match(Setup(2), rounds=2, seed=6))
    seats = [saves.SeatInfo("Host", "human"), saves.SeatInfo("Me", "human")]
    saves.write_save(
        tmp_path / "guest.indigo",
        saves.make_header(guest, seats, meta={"net_role": "guest", "net_seat": "1"}),
        guest,
    )
    odd = make_odd_files(tmp_path / "odd")
    for name, item in odd.items():
        item.path.rename(tmp_path / f"odd-{name}.indigo")
    (tmp_path / "empty.indigo").write_bytes(b"")
    (tmp_path / "cut.indigo").write_bytes((tmp_path / "game-000.indigo").read_bytes()[:300])

    records = read_records(tmp_path)
    summary = summarise(records)
    assert summary.against["random"].won + summary.against["random"].shared + summary.against["random"].lost
    for opponent in ("random", "greedy"):
        tally = summary.against[opponent]
        assert (tally.won, tally.shared, tally.lost) == played.counts(opponent)
    people = summary.against[PEOPLE]  # the guest's game against the host
    assert people.games == 1
    assert summary.overall.games == 9
    assert records.unfinished == 1 and records.shared_terminal == 1
    unreadable = {path.name for path, _why in records.unreadable}
    assert {"empty.indigo", "cut.indigo"} <= unreadable
    assert len(unreadable) == len(odd) + 2
    assert all(why for _path, why in records.unreadable)
    # Named, Ann's shared game counts for her (against Bob, people, and the easy bot).
    ann = summarise(read_records(tmp_path, "ann"))
    assert ann.overall.games == 1 and set(ann.against) == {PEOPLE, "easy"}
    guest_game = next(game for game in records.games if game.network == "guest")
    assert guest_game.seat == 1 and guest_game.name == "Me" and len(guest_game.points) == 2
    assert guest_game.outcome in Outcome


def test_the_command_says_the_same_in_a_table_in_sentences_and_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played = play_folder(tmp_path, "greedy", ["random", "greedy"], 6, "command")
    (tmp_path / "broken.indigo").write_bytes(b"{not json")
    assert main(["--lang", "en", "stats", "--save-dir", str(tmp_path), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    won, even, lost = played.counts("random")
    assert figures["against"]["random"] | {"score": 0, "interval": 0} == {
        "games": won + even + lost,
        "won": won,
        "shared": even,
        "lost": lost,
        "score": 0,
        "interval": 0,
    }
    assert figures["games"]["games"] == 6 and len(figures["history"]) == 6
    assert [item["path"].endswith("broken.indigo") for item in figures["unreadable"]] == [True]

    assert main(["--lang", "en", "stats", "--save-dir", str(tmp_path)]) == 0
    shown = capsys.readouterr().out
    assert "Random bot" in shown and "Greedy bot" in shown and "All games" in shown
    assert "broken.indigo" in shown and MARK in shown

    assert main(["--lang", "en", "stats", "--save-dir", str(tmp_path), "--text"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("You finished 6 games:")
    assert any(line.startswith(f"Against Random bot: {won + even + lost} games, {won} won") for line in said)
    assert any(line.startswith("Rating ") for line in said) and MARK not in "".join(said)

    assert main(["--lang", "de", "stats", "--save-dir", str(tmp_path), "--text"]) == 0
    assert capsys.readouterr().out.startswith("Du hast 6 Partien beendet")


def test_an_empty_or_missing_folder_has_no_games_and_no_rating(tmp_path: Path) -> None:
    summary = summarise(read_records(tmp_path / "none"))
    assert summary.overall.games == 0 and summary.rating is None and not summary.history
    assert sentences(summary)[0].startswith("No finished games yet")
    assert table_lines(summary)[-1].startswith("All games")


# -- the rating -----------------------------------------------------------------------


@pytest.mark.parametrize("truth", [300, 1199, 1800])
def test_the_rating_interval_holds_a_players_true_place(truth: int) -> None:
    # 120 seeded results against the levels near a player of rating `truth`,
    # each won with the chance the scale gives.
    dice = random.Random(truth)
    results = []
    for index in range(120):
        other = list(LADDER.values())[index % len(LADDER)]
        results.append((other, 1.0 if dice.random() < expected(truth, other) else 0.0))
    rating = rate(results)
    assert rating is not None and rating.games == 120
    assert rating.holds(truth)
    assert rating.high - rating.low < 600


def test_a_rating_with_nothing_lost_has_no_top() -> None:
    rating = rate([(LADDER["expert"], 1.0)] * 5)
    assert rating is not None and rating.open_above and not rating.open_below
    assert rating.low > LADDER["hard"] and rating.high <= HIGHEST
    rating = rate([(LADDER["random"], 0.0)] * 5)
    assert rating is not None and rating.open_below and rating.low >= LOWEST
    assert rating.high < LADDER["random"]
    assert rating_value(rating).startswith("at most")
    assert rate([]) is None


def test_wilson_and_elo_agree_with_the_ladder_figures() -> None:
    # docs/bots.md: medium beat easy 26 + 3 shared of 36: 76.4% (60.4-87.3%).
    low, high = wilson(27.5 / 36, 36)
    assert (round(low, 3), round(high, 3)) == (0.604, 0.873)
    assert wilson(0.5, 0) == (0.0, 1.0)
    assert round(difference(0.764)) == 204
    assert expected(LADDER["easy"], LADDER["greedy"]) == pytest.approx(0.972, abs=0.001)


def test_the_ladder_table_of_the_docs_is_the_scale() -> None:
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    section = text.split("### Ratings", 1)[1]
    rows = re.findall(r"^\| `(\w+)` \| (-?\d+) \|", section, re.MULTILINE)
    assert {bot: int(place) for bot, place in rows} == LADDER


# -- the chart ----------------------------------------------------------------------


def test_the_chart_fits_and_marks_every_column() -> None:
    sums = RatingSums()
    history = []
    for number in range(1, 301):
        sums.add(LADDER["easy"], float(number % 3 != 0))
        rating = sums.rating()
        assert rating is not None
        history.append((number, rating))
    for width, height in ((80, 10), (120, 16), (200, 30), (30, 5)):
        lines = chart_lines(history, width, height)
        assert len(lines) == height and all(len(line) <= width for line in lines)
        plot = lines[:-2]
        columns = {index for line in plot for index, char in enumerate(line) if char == MARK}
        assert len(columns) >= min(len(history), width // 2)
        assert any(BAND in line for line in plot)
        assert lines[-1].strip().split()[-1] == "300"
    # Three games drawn wide; too little room: nothing drawn.
    lines = chart_lines(history[:3], 80, 10)
    assert sum(line.count(MARK) for line in lines) == 3 * 4
    assert chart_lines(history, 29, 10) == [] and chart_lines([], 80, 10) == []


# -- the 50-game check -------------------------------------------------------------------

#: The level that secretly plays "your" seat, and the ladder's bots it meets
#: in turn, from either seat: the ones either side of its place. Greedy
#: between random and easy: the same check as a search level between two
#: others, at a sixteenth of the time (easy between greedy and medium took
#: 272 s of the slow step; this takes 17 s; seed "fifty": 23-0-2 against
#: random, 0-0-25 against easy, rated 416, 216 to 664, holding greedy's 581).
YOU, OPPONENTS = "greedy", ["random", "easy"]


@pytest.mark.slow
@pytest.mark.long
def test_fifty_games_of_one_level_count_true_and_rate_it_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played = play_folder(tmp_path, YOU, OPPONENTS, 50, "fifty")
    assert main(["--lang", "en", "stats", "--save-dir", str(tmp_path), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for opponent in OPPONENTS:
        row = figures["against"][opponent]
        assert (row["won"], row["shared"], row["lost"]) == played.counts(opponent)
    overall = figures["games"]
    assert (overall["won"], overall["shared"], overall["lost"]) == (
        played.overall["won"],
        played.overall["even"],
        played.overall["lost"],
    )
    rating = figures["rating"]
    assert rating["games"] == 50
    assert rating["low"] <= LADDER[YOU] <= rating["high"], rating
    print(json.dumps({"against": figures["against"], "rating": rating}))
