"""The ``indigo`` command as a user runs it: help, bad arguments, bad files,
and self-play saves that replay to the same result. Every case runs the real
command in a subprocess, so a traceback could not hide."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from engine import reference_rules as oracle
from engine.support import play_random

from indigo_tui import saves
from indigo_tui.commands.game_options import BOT_DELAY_VAR, bot_delay_of
from indigo_tui.engine import Match, Setup, notation
from indigo_tui.errors import CommandError


def indigo(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "indigo_tui", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
    )


def one_line_failure(done: subprocess.CompletedProcess[str]) -> str:
    """Exit status 2 and exactly one line on stderr, which is returned."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


# -- help and arguments ----------------------------------------------------------------


def test_help() -> None:
    done = indigo("--help")
    assert done.returncode == 0 and done.stderr == ""
    for command in ("replay", "selfplay"):
        assert command in done.stdout
    done = indigo("selfplay", "--help")
    assert done.returncode == 0 and done.stderr == ""
    for option in ("--bots", "--games", "--players", "--seed", "--own-gates", "--save-dir", "--json"):
        assert option in done.stdout
    done = indigo("replay", "--help")
    assert done.returncode == 0 and "--json" in done.stdout


@pytest.mark.skipif(shutil.which("indigo") is None, reason="the console script is not installed")
def test_the_console_script_runs() -> None:
    done = subprocess.run(["indigo", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("indigo-tui ")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("selfplay", "--bots", "random,random", "--players", "5"), "5 players"),
        (("selfplay", "--bots", "random,random,random,random,random", "--players", "5"), "2 to 4 players"),
        (("selfplay", "--bots", "random,nosuchbot"), "unknown bot 'nosuchbot'"),
        (("selfplay", "--bots", "random,random", "--games", "0"), "--games"),
        (("selfplay", "--bots", "random,random", "--games", "many"), "invalid int value"),
        (("selfplay", "--bots", "random,random", "--own-gates"), "three players"),
        (("selfplay", "--games", "3"), "--bots"),
        (("replay", "--json"), "PATH"),
        # Given but empty is not the default game, said in one line (issue #17).
        (("play", "--seats", ""), "--seats names no seat"),
        (("host", "--seats", ""), "--seats names no seat"),
        # A known bot written wrong: its own words, with the form to write.
        (("play", "--seats", "human,bot:mcts:iter=abc"), "use mcts:iter=N"),
        (("play", "--seats", "human,bot:nosuchbot"), "unknown seat 'bot:nosuchbot'"),
        # Longer than a save may hold (NAME_LIMIT): its save would not load.
        (("play", "--names", "Ann," + "B" * 25), "is longer than 24 characters"),
        (("text", "--names", "C" * 25), "is longer than 24 characters"),
        (("no-such-command",), "invalid choice"),
        (("play", "--bot-delay", "-1"), "--bot-delay must not be negative"),
        (("play", "--bot-delay", "nan"), "--bot-delay must be a number of seconds, 0 or more, not nan"),
        (("serve", "--bot-delay", "-1"), "--bot-delay must not be negative"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(args: tuple[str, ...], words: str) -> None:
    line = one_line_failure(indigo(*args))
    assert line.startswith("indigo")
    assert words in line


# -- replaying bad files ---------------------------------------------------------------


def write_save(path: Path, seed: int, moves: int | None) -> Match:
    match = Match(Setup(2), rounds=1, seed=seed)
    play_random(match.game, random.Random(seed), moves)
    saves.write_save(path, saves.make_header(match, saves.seats_from_kinds(["human", "bot:random"])), match)
    return match


def test_replay_reports_each_bad_file_on_one_line_and_prints_the_rest(tmp_path: Path) -> None:
    good_save = tmp_path / "good.indigo"
    good = write_save(good_save, 1, None)
    source = good_save.read_bytes()
    good_record = tmp_path / "good.json"
    record = notation.to_json(write_save(tmp_path / "other.indigo", 2, 25).game)
    good_record.write_text(json.dumps(record))

    bad: dict[str, tuple[bytes | None, str]] = {}
    bad["truncated.indigo"] = (source[: len(source) // 2], "cut short")
    bad["garbage.bin"] = (bytes(random.Random(3).randrange(256) for _ in range(500)), "")
    bad["empty.json"] = (b"", "empty")
    bad["not-a-game.json"] = (b'{"hello": [1, 2, 3]}', "not an indigo-game/1 record")
    newer = json.loads(source)
    newer["version"] = saves.VERSION + 1
    bad["newer.indigo"] = (json.dumps(newer).encode(), "newer")
    illegal = json.loads(source)
    placed = [e for e in illegal["rounds"][0] if e["type"] == "placed"]
    placed[9]["cell"] = placed[4]["cell"]
    bad["illegal-move.indigo"] = (
        json.dumps(illegal).encode(),
        "round 1: move 10: that cell already holds a tile",
    )
    wrong_turn = json.loads(good_record.read_text())
    wrong_turn["moves"][6]["seat"] = 1
    bad["wrong-turn.json"] = (json.dumps(wrong_turn).encode(), "move 7: it is seat 1's turn, not seat 2's")
    bad["missing.json"] = (None, "no such file")
    for name, (content, _) in bad.items():
        if content is not None:
            (tmp_path / name).write_bytes(content)
    folder = tmp_path / "a-folder"
    folder.mkdir()

    order = [good_save, *(tmp_path / n for n in bad), folder, good_record]
    done = indigo("replay", "--json", *order)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    # The good files still print, in order, with their results recomputed.
    printed = done.stdout.splitlines()
    assert [json.loads(line) for line in printed] == [
        oracle.replay(notation.to_json(good.game)),
        oracle.replay(record),
    ]
    errors = done.stderr.splitlines()
    assert len(errors) == len(bad) + 1
    for line, (name, (_, words)) in zip(errors, bad.items(), strict=False):
        assert line.startswith(f"indigo replay: {tmp_path / name}: "), line
        assert words in line, line
    assert errors[-1].startswith(f"indigo replay: {folder}: ")


def test_replay_of_only_good_files_succeeds(tmp_path: Path) -> None:
    path = tmp_path / "g.indigo"
    match = write_save(path, 5, 30)
    done = indigo("replay", "--json", path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == notation.dumps(match.game) + "\n"
    # JSON is the only format, as its help says: the flag may be left out.
    assert indigo("replay", path).stdout == done.stdout
    assert "with or without --json" in " ".join(indigo("replay", "--help").stdout.split())


@pytest.mark.parametrize("command", ["replay", "review", "selfplay"])
def test_lang_of_a_command_that_plays_no_game_is_the_language_of_its_words(command: str) -> None:
    words = " ".join(indigo(command, "--help").stdout.split())
    assert "the language of its messages" in words and "to play in" not in words


# -- self-play ---------------------------------------------------------------------------


def test_selfplay_saves_load_and_replay_to_the_same_result(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    done = indigo(
        "selfplay",
        "--bots",
        "random,greedy,random",
        "--games",
        "6",
        "--seed",
        "17",
        "--json",
        "--save-dir",
        folder,
    )
    assert (done.returncode, done.stderr) == (0, "")
    summary = json.loads(done.stdout)
    assert summary["games"] == 6 and summary["players"] == 3
    files = sorted(folder.iterdir())
    assert len(files) == 6
    points = {"random": 0, "greedy": 0}
    wins = dict.fromkeys(points, 0.0)
    records = []
    for path in files:
        loaded = saves.load_save(path)
        game = loaded.match.game
        assert game.over and loaded.header.over
        kinds = [seat.kind for seat in loaded.header.seats]
        assert sorted(kinds) == ["bot:greedy", "bot:random", "bot:random"]
        for seat, info in enumerate(loaded.header.seats):
            assert info.bot is not None
            points[info.bot] += game.scores[seat]
            if seat in game.winners:
                wins[info.bot] += 1 / len(game.winners)
        records.append(notation.to_json(game))
    # The summary speaks of the same games as the saves.
    by_bot = {row["bot"]: row for row in summary["bots"]}
    assert by_bot["greedy"]["mean_points"] == pytest.approx(points["greedy"] / 6, abs=1e-3)
    assert by_bot["random#1"]["mean_points"] + by_bot["random#3"]["mean_points"] == pytest.approx(
        points["random"] / 6, abs=2e-3
    )
    assert by_bot["greedy"]["win_rate"] == pytest.approx(wins["greedy"] / 6, abs=1e-3)
    # Replaying the saves gives the results they hold, and the oracle agrees.
    replayed = indigo("replay", "--json", *files)
    assert (replayed.returncode, replayed.stderr) == (0, "")
    for line, record in zip(replayed.stdout.splitlines(), records, strict=True):
        assert json.loads(line) == record == oracle.replay(record)


def test_selfplay_is_deterministic_by_seed(tmp_path: Path) -> None:
    runs = [
        indigo(
            "selfplay",
            "--bots",
            "random,random",
            "--games",
            "20",
            "--seed",
            "abc",
            "--save-dir",
            tmp_path / d,
        )
        for d in ("one", "two")
    ]
    assert all(run.returncode == 0 for run in runs)
    # The tables agree but for the timing line.
    assert runs[0].stdout.splitlines()[:-1] == runs[1].stdout.splitlines()[:-1]
    for path in sorted((tmp_path / "one").iterdir()):
        first = saves.load_save(path).match.game.log
        assert first == saves.load_save(tmp_path / "two" / path.name).match.game.log


def test_the_bots_pace_is_the_option_else_the_environments_else_half_a_second(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What `indigo serve --bot-delay` hands each browser tab's bare `indigo`.
    monkeypatch.delenv(BOT_DELAY_VAR, raising=False)
    assert bot_delay_of(None) == 0.5
    monkeypatch.setenv(BOT_DELAY_VAR, "0")
    assert bot_delay_of(None) == 0.0
    assert bot_delay_of(1.5) == 1.5  # the option is stronger
    for wrong in ("soon", "-2", "inf"):
        monkeypatch.setenv(BOT_DELAY_VAR, wrong)
        with pytest.raises(CommandError) as refused:
            bot_delay_of(None)
        said = f"$INDIGO_BOT_DELAY must be a number of seconds, 0 or more, not {wrong!r}"
        assert str(refused.value) == said
