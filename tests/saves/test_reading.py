"""The one reader of every file indigo-tui is given (``saves.read_file`` and
``saves.read_with``), and the checks of what a header or a guest record may
hold: regular files only, a size limit, nesting bounded, and every value
within what the rules and the format allow (issue 35)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from support.odd_files import DEEP, make_odd_files, sound_save

from indigo_tui import saves
from indigo_tui.engine import MAX_ROUNDS, Match, Setup
from indigo_tui.table.review_store import load_review, review_path
from indigo_tui.ui.settings import FILE_NAME, load_settings

T = TypeVar("T")

#: A guard against a read that hangs (the test fails instead of waiting for
#: good); never a measure of how long a read takes.
HANG_GUARD = 60.0


def unhung(call: Callable[[], T]) -> T:
    """``call()`` in a thread the test does not wait on for good."""
    result: list[T] = []
    error: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as exc:  # handed to the test
            error.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    assert not thread.is_alive(), "the read hung"
    if error:
        raise error[0]
    return result[0]


def refusal(path: Path, read: Callable[[Path], object] = saves.load_save) -> str:
    """The fault ``read`` refuses ``path`` for, checked to be one line after the file's name."""
    with pytest.raises(saves.SaveError) as caught:
        unhung(lambda: read(path))
    message = str(caught.value)
    assert "\n" not in message and message == f"{path}: {caught.value.detail}"
    return caught.value.detail


# -- what is read, and how much ------------------------------------------------------


def test_a_regular_file_and_a_symlink_to_one_are_read(tmp_path: Path) -> None:
    path = sound_save(tmp_path / "a.indigo")
    link = tmp_path / "link.indigo"
    link.symlink_to(path)
    assert saves.read_file(link) == path.read_bytes()
    assert saves.load_save(link).header == saves.load_save(path).header


def test_what_is_not_a_regular_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.indigo"
    os.mkfifo(fifo)
    assert refusal(fifo, saves.read_file) == "is a named pipe (FIFO), not a file"
    zero = tmp_path / "zero.indigo"
    zero.symlink_to("/dev/zero")
    assert refusal(zero, saves.read_file) == "is a device, not a file"
    assert refusal(tmp_path, saves.read_file) == "is a folder, not a save file"
    dangling = tmp_path / "dangling.indigo"
    dangling.symlink_to(tmp_path / "gone")
    with pytest.raises(saves.NoSuchFile):
        saves.read_file(dangling)


def test_a_file_up_to_the_size_limit_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * saves.SIZE_LIMIT)
    assert len(saves.read_file(path)) == saves.SIZE_LIMIT
    path.write_bytes(b" " * (saves.SIZE_LIMIT + 1))
    assert refusal(path, saves.read_file) == "is larger than any file indigo-tui writes (at most 8 MiB)"


def test_the_largest_save_the_rules_allow_is_far_under_the_limit(tmp_path: Path) -> None:
    import random

    from engine.support import play_random

    match = Match(Setup(4), rounds=MAX_ROUNDS, seed=1)
    rng = random.Random(1)
    play_random(match.game, rng, None)
    while match.can_start_next_round:
        match.next_round()
        play_random(match.game, rng, None)
    seats = saves.seats_from_kinds(["human"] * 4, ["W" * saves.NAME_LIMIT] * 4)
    header = saves.make_header(match, seats, title="T" * saves.TITLE_LIMIT)
    path = tmp_path / "largest.indigo"
    saves.write_save(path, header, match)
    assert path.stat().st_size * 20 < saves.SIZE_LIMIT
    assert saves.load_save(path).match.totals == match.totals


def test_nesting_past_the_decoders_limit_is_one_line(tmp_path: Path) -> None:
    deep = "[" * DEEP + "]" * DEEP
    save = tmp_path / "deep.indigo"
    # Where a decoder skips a value unread (a header left raw, a key it does not know).
    save.write_text('{"format": "indigo-save", "version": 1, "header": ' + deep + "}")
    assert refusal(save) == saves.nested_too_deeply()
    assert refusal(save, saves.load_header) == saves.nested_too_deeply()
    plain = tmp_path / "deep.json"
    plain.write_text(deep)
    assert refusal(plain, lambda path: saves.read_with(path, json.loads)) == saves.nested_too_deeply()


def test_a_listing_and_a_guest_search_pass_odd_files_by(tmp_path: Path) -> None:
    odd = make_odd_files(tmp_path)
    for file in odd.values():
        file.path.with_suffix(saves.RECORD_SUFFIX).symlink_to(file.path)
    entries = unhung(lambda: saves.list_saves(tmp_path))
    assert {entry.path.name for entry in entries} == {file.path.name for file in odd.values()}
    assert all(entry.error is not None for entry in entries)
    assert unhung(lambda: saves.find_record(tmp_path, "127.0.0.1", 7777)) is None


def test_settings_and_a_stored_review_that_are_odd_files_give_a_notice(tmp_path: Path) -> None:
    from indigo_tui.bots.review import Reviewer

    os.mkfifo(tmp_path / FILE_NAME)
    settings, notice = unhung(lambda: load_settings(tmp_path))
    assert notice == "Settings not read (is a named pipe (FIFO), not a file): using the defaults."
    assert settings == type(settings)()
    (tmp_path / FILE_NAME).unlink()
    (tmp_path / FILE_NAME).write_text('{"language": ' + "[" * DEEP + "]" * DEEP + "}")
    assert unhung(lambda: load_settings(tmp_path))[1] == (
        f"Settings not read ({saves.nested_too_deeply()}): using the defaults."
    )
    game_file = sound_save(tmp_path / "game.indigo")
    game = saves.load_save(game_file).match.game
    os.mkfifo(review_path(game_file, game.round_index))
    ratings, notice = unhung(lambda: load_review(game_file, game, Reviewer("mcts:iter=10", "0")))
    assert ratings == []
    assert notice == (
        "The stored review game.indigo.review cannot be read (is a named pipe (FIFO), not a file); "
        "reviewing again."
    )


# -- what a header may hold ----------------------------------------------------------


def with_header(path: Path, **changes: Any) -> Path:
    data = json.loads(path.read_bytes())
    data["header"].update(changes)
    out = path.with_name(f"changed-{path.name}")
    out.write_text(json.dumps(data))
    return out


@pytest.mark.parametrize(
    ("changes", "fault"),
    [
        ({"rounds": 1_000_000_000}, "the save's match has 1000000000 rounds, but a match has 1 to 20 rounds"),
        ({"rounds": 0}, "the save's match has 0 rounds, but a match has 1 to 20 rounds"),
        ({"rounds": MAX_ROUNDS + 1}, "the save's match has 21 rounds, but a match has 1 to 20 rounds"),
        ({"round": 1}, "the save is at round 2 of a match of 1"),
        ({"round": -1}, "the save is at round 0 of a match of 1"),
        ({"placements": 55}, "the save counts 55 tiles placed, but a round has room for 54"),
        ({"placements": -3}, "the save counts -3 tiles placed, but a round has room for 54"),
        ({"turn": 2}, "the save gives the turn to seat 3 of 2"),
        (
            {"seats": [{"name": "A" * 25, "kind": "human"}, {"name": "Bob", "kind": "human"}]},
            "seat 1's name is longer than 24 characters",
        ),
        ({"seats": [{"name": "Ann", "kind": "human"}]}, "the save names 1 seat for 2 players"),
        ({"title": "T" * 101}, "the save's title is longer than 100 characters"),
        ({"setup": {"players": 9}}, "Indigo is for 2 to 4 players, not 9"),
    ],
)
def test_a_header_value_the_rules_or_the_format_do_not_allow_is_refused(
    tmp_path: Path, changes: dict[str, Any], fault: str
) -> None:
    path = with_header(sound_save(tmp_path / "a.indigo"), **changes)
    assert fault in refusal(path)
    assert fault in refusal(path, saves.load_header)
    (entry,) = [e for e in saves.list_saves(tmp_path) if e.path == path]
    assert entry.header is None and entry.error is not None and fault in entry.error


def test_the_longest_name_and_title_are_allowed_and_a_longer_title_is_cut(tmp_path: Path) -> None:
    path = sound_save(tmp_path / "a.indigo", names=("N" * saves.NAME_LIMIT, "Bob"))
    assert saves.load_header(path).seats[0].name == "N" * saves.NAME_LIMIT
    match = saves.load_save(path).match
    header = saves.make_header(match, [saves.SeatInfo("Ann"), saves.SeatInfo("Bob")], title="T" * 500)
    assert header.title == "T" * saves.TITLE_LIMIT
    saves.write_save(path, header, match)
    assert saves.load_header(path).title == header.title


@pytest.mark.parametrize(
    ("changes", "fault"),
    [
        ({"rounds": 1_000_000_000}, "the guest save's match has 1000000000 rounds"),
        ({"round": 3, "rounds": 2}, "the guest save is at round 4 of a match of 2"),
        ({"seat": 2}, "the guest save's seat 3 is not one of 2"),
        ({"seat_names": ["Bob"]}, "the guest save names 1 seat for 2 players"),
        ({"seat_kinds": ["remote"]}, "the guest save names 2 seats for 2 players"),
        ({"port": 70000}, "the guest save's port 70000 is not a port"),
        ({"name": "A" * 25}, "the guest save's name is longer than 24 characters"),
        ({"seat_names": ["Bob", "A" * 25]}, "seat 2's name is longer than 24 characters"),
    ],
)
def test_a_guest_record_value_out_of_range_is_refused(
    tmp_path: Path, changes: dict[str, Any], fault: str
) -> None:
    record = saves.GuestRecord(
        host="127.0.0.1",
        port=7777,
        code="tiger",
        name="Ann",
        game_id="g1",
        seat=1,
        token="t",
        setup=Setup(2),
        seat_names=["Bob", "Ann"],
        seat_kinds=["remote", "human"],
        commitment="c",
    )
    data = json.loads(saves.encode_record(record))
    data.update(changes)
    path = tmp_path / "g.indigo-guest"
    path.write_text(json.dumps(data))
    assert fault in refusal(path, saves.load_record)
