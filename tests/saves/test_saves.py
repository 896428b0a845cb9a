"""Save files: round trips, damaged files, and writes that survive a crash."""

from __future__ import annotations

import copy
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from engine.support import play_random

from indigo_tui import saves
from indigo_tui.engine import Game, Match, Setup, notation
from indigo_tui.engine.notation import NotationError
from indigo_tui.i18n.words import notation_error_text

SEATS2 = [saves.SeatInfo("Ada", "human"), saves.SeatInfo("Random bot", "bot:random")]


def played_match(
    seed: int = 1, moves: int | None = None, setup: Setup | None = None, rounds: int = 1
) -> Match:
    match = Match(setup or Setup(2), rounds=rounds, seed=seed)
    play_random(match.game, random.Random(seed), moves)
    return match


def saved(path: Path, match: Match, **kwargs: object) -> saves.SaveHeader:
    seats = SEATS2 if match.setup.players == 2 else saves.seats_from_kinds(["human"] * match.setup.players)
    header = saves.make_header(match, seats, **kwargs)  # type: ignore[arg-type]
    saves.write_save(path, header, match)
    return header


def save_json(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_bytes())
    assert isinstance(data, dict)
    return data


# -- round trips -------------------------------------------------------------------


def test_a_match_of_several_rounds_saves_and_loads(tmp_path: Path) -> None:
    match = played_match(seed=4, setup=Setup(3, "tactical"), rounds=3)
    match.next_round()
    play_random(match.game, random.Random(9), 12)
    path = tmp_path / "match.indigo"
    header = saved(path, match, title="Sunday", open_scores=True, meta={"role": "host"})
    loaded = saves.load_save(path)
    assert loaded.path == path
    assert loaded.header == header
    assert (header.round, header.placements, header.over) == (1, 12, False)
    assert [g.log for g in loaded.match.games] == [g.log for g in match.games]
    assert loaded.match.totals == match.totals
    # Play on from the loaded match exactly as from the original.
    move = match.game.legal_moves[3]
    assert loaded.match.game.push(move) == match.game.push(move)


def test_listing_and_continuing(tmp_path: Path) -> None:
    finished = tmp_path / "a-finished.indigo"
    unfinished = tmp_path / "b-unfinished.indigo"
    broken = tmp_path / "c-broken.indigo"
    saved(finished, played_match(seed=1))
    saved(unfinished, played_match(seed=2, moves=10))
    broken.write_bytes(unfinished.read_bytes()[:100])
    (tmp_path / "notes.txt").write_text("not a save")
    stamp = 1_700_000_000
    for offset, path in enumerate((unfinished, finished, broken)):
        os.utime(path, (stamp + offset, stamp + offset))
    entries = saves.list_saves(tmp_path)
    assert [e.path for e in entries] == [broken, finished, unfinished]
    assert entries[0].header is None and entries[0].error == "the file is cut short"
    assert entries[1].header is not None and entries[1].header.over
    latest = saves.latest_unfinished(tmp_path)
    assert latest is not None and latest.path == unfinished
    assert saves.list_saves(tmp_path / "nowhere") == []


def test_new_save_paths_are_fresh_and_tame(tmp_path: Path) -> None:
    path = saves.new_save_path(tmp_path, "Game with Bob / round 2?")
    assert path.parent == tmp_path and path.suffix == saves.SUFFIX
    assert "/" not in path.name[:-7] and "?" not in path.name
    assert saves.new_save_path(tmp_path) != saves.new_save_path(tmp_path)


# -- damaged or foreign files --------------------------------------------------------


@pytest.fixture
def good_save(tmp_path: Path) -> Path:
    path = tmp_path / "good.indigo"
    saved(path, played_match(seed=3, moves=20))
    return path


def one_line_error(path: Path) -> str:
    """The fault that loading ``path`` refuses it for: one line, after the file's name."""
    with pytest.raises(saves.SaveError) as error:
        saves.load_save(path)
    message = str(error.value)
    assert message and "\n" not in message
    assert message == f"{path}: {error.value.detail}"
    return error.value.detail


def test_a_truncated_save(good_save: Path) -> None:
    data = good_save.read_bytes()
    for cut in (1, 50, len(data) // 2, len(data) - 1):
        good_save.write_bytes(data[:cut])
        assert one_line_error(good_save) == "the file is cut short"


def test_garbage_an_empty_file_and_json_that_is_no_save(tmp_path: Path) -> None:
    path = tmp_path / "x.indigo"
    path.write_bytes(bytes(range(256)))
    assert "not a save file" in one_line_error(path)
    path.write_bytes(b"")
    assert one_line_error(path) == "the file is empty"
    path.write_bytes(b"  \n ")
    assert one_line_error(path) == "the file is empty"
    path.write_text('{"format": "indigo-game/1", "moves": []}')
    assert "not an indigo-tui save" in one_line_error(path)
    path.write_text("[1, 2, 3]")
    assert "not a save file" in one_line_error(path)


def test_a_save_from_a_newer_version(good_save: Path) -> None:
    data = save_json(good_save)
    data["version"] = saves.VERSION + 1
    good_save.write_text(json.dumps(data))
    assert "newer" in one_line_error(good_save)


def test_a_save_with_an_illegal_move_names_the_move_and_the_reason(good_save: Path) -> None:
    data = save_json(good_save)
    placed = [e for e in data["rounds"][0] if e["type"] == "placed"]
    placed[7]["cell"] = placed[2]["cell"]
    good_save.write_text(json.dumps(data))
    # The eighth placement: people count moves from 1, as the move log does.
    assert one_line_error(good_save) == "round 1: move 8: that cell already holds a tile"


def test_a_save_whose_events_do_not_follow_from_its_moves(good_save: Path) -> None:
    data = save_json(good_save)
    gem_moves = [e for e in data["rounds"][0] if e["type"] == "gem"]
    gem_moves[0]["scorers"] = [0, 1]
    gem_moves[0]["outcome"] = "gate"
    good_save.write_text(json.dumps(data))
    assert "does not follow from the moves" in one_line_error(good_save)


def test_a_save_with_a_forged_draw(good_save: Path) -> None:
    data = save_json(good_save)
    events = data["rounds"][0]
    index = [i for i, e in enumerate(events) if e["type"] == "drawn"][3]
    events[index]["tile"] = (events[index]["tile"] + 1) % 5
    good_save.write_text(json.dumps(data))
    assert one_line_error(good_save) == f"round 1: event {index + 1} does not follow from the moves"


def test_text_that_is_not_utf8_is_a_damaged_save_not_a_crash(good_save: Path, tmp_path: Path) -> None:
    # Invalid UTF-8 inside a JSON string made msgspec raise UnicodeDecodeError,
    # which escaped SaveError and crashed the listing of a whole save folder.
    data = good_save.read_bytes()
    assert b'"app_version":"' in data
    good_save.write_bytes(data.replace(b'"app_version":"', b'"app_version":"\xa9'))
    assert one_line_error(good_save).startswith("damaged save")
    (tmp_path / "bad-format.indigo").write_bytes(b'{"format": "\xa9", "version": 1}')
    assert one_line_error(tmp_path / "bad-format.indigo").startswith("not a save file")
    entries = saves.list_saves(tmp_path)
    assert len(entries) == 2 and all(e.header is None and e.error for e in entries)
    with pytest.raises(NotationError) as caught:
        notation.from_json(b'{"format": "indigo-game/1", "setup": {"players": 2, "variant": "\xa9"}}')
    assert notation_error_text(caught.value).startswith("not JSON")


def test_a_missing_file_and_a_folder(tmp_path: Path) -> None:
    missing = tmp_path / "gone.indigo"
    assert one_line_error(missing) == "no such file"
    assert one_line_error(tmp_path) == "is a folder, not a save file"


VALUES: list[object] = [
    None,
    True,
    -1,
    0,
    1,
    5,
    61,
    10**30,
    1.5,
    "",
    "amber",
    [],
    [0],
    [[0, 1]],
    {},
    {"a": 1},
]


def mutated(tree: object, rng: random.Random) -> object:
    """``tree`` with one value replaced by another, or dropped."""
    tree = copy.deepcopy(tree)
    places: list[tuple[dict[object, object] | list[object], object]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            places.extend((node, key) for key in node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            places.extend((node, index) for index in range(len(node)))
            for value in node:
                walk(value)

    walk(tree)
    parent, key = rng.choice(places)
    drop = rng.random() < 0.2
    value = None if drop else copy.deepcopy(rng.choice(VALUES))
    if isinstance(parent, dict):
        if drop:
            del parent[key]
        else:
            parent[key] = value
    else:
        assert isinstance(key, int)
        if drop:
            del parent[key]
        else:
            parent[key] = value
    return tree


def test_damaged_saves_and_records_give_one_error_never_a_crash(good_save: Path) -> None:
    data = good_save.read_bytes()
    save_tree = json.loads(data)
    record = notation.dumps(saves.load_save(good_save).match.game).encode()
    record_tree = json.loads(record)
    rng = random.Random(2024)
    for attempt in range(400):
        if attempt % 4 == 0:
            damaged = bytearray(data if attempt % 8 else record)
            for _ in range(rng.randint(1, 4)):
                damaged[rng.randrange(len(damaged))] = rng.randrange(256)
            blob = bytes(damaged)
        else:
            blob = json.dumps(mutated(save_tree if attempt % 2 else record_tree, rng)).encode()
        try:
            if saves.looks_like_save(blob):
                saves.decode_save(blob)
            else:
                notation.from_json(blob)
        except saves.SaveError as error:
            assert str(error) and "\n" not in str(error)
        except NotationError as error:
            said = notation_error_text(error)
            assert said and "\n" not in said


# -- atomic writes -------------------------------------------------------------------


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_crash_before_the_rename_keeps_the_previous_save(
    good_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = good_save.read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(saves.SaveError, match=r"could not save to .*Input/output error"):
        saved(good_save, played_match(seed=8, moves=30))
    assert good_save.read_bytes() == before
    assert leftovers(good_save.parent) == [good_save.name]
    monkeypatch.undo()
    assert saves.load_save(good_save).header.placements == 20


def test_a_full_disk_mid_write_keeps_the_previous_save(
    good_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = good_save.read_bytes()

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    # The data is written to the temporary file, then flushing it to disk fails.
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(saves.SaveError, match="No space left on device"):
        saved(good_save, played_match(seed=8, moves=30))
    assert good_save.read_bytes() == before
    assert leftovers(good_save.parent) == [good_save.name]


def test_a_temporary_file_that_could_not_be_removed_goes_at_the_next_write(
    good_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The folder turns read-only between the temporary file and the rename:
    # the rename fails, and so does removing the temporary file.
    def refused(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    def cannot_remove(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)
    monkeypatch.setattr(os, "unlink", cannot_remove)
    with pytest.raises(saves.SaveError, match="Permission denied"):
        saved(good_save, played_match(seed=8, moves=30))
    assert len(leftovers(good_save.parent)) == 2  # the save and the stranded temporary file
    monkeypatch.undo()
    # The folder lets us again: the next save leaves only itself.
    saved(good_save, played_match(seed=8, moves=30))
    assert leftovers(good_save.parent) == [good_save.name]
    assert saves.load_save(good_save).header.placements == 30


def test_an_interrupt_mid_write_keeps_the_previous_save(
    good_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = good_save.read_bytes()

    def interrupted(src: object, dst: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        saved(good_save, played_match(seed=8))
    assert good_save.read_bytes() == before
    assert leftovers(good_save.parent) == [good_save.name]


def test_a_read_only_folder_gives_a_save_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    # Running as root ignores file modes, so the refusal is simulated here;
    # the test below uses a real read-only folder where it can.
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(saves.SaveError, match=r"could not save to .*Permission denied"):
        saved(tmp_path / "x.indigo", played_match())
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write to read-only folders")
def test_a_really_read_only_folder_gives_a_save_error(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(saves.SaveError, match="could not save to"):
            saved(folder / "x.indigo", played_match())
    finally:
        folder.chmod(0o700)


def test_a_save_folder_that_is_a_file_gives_a_save_error(tmp_path: Path) -> None:
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(saves.SaveError, match="could not save to"):
        saved(blocker / "x.indigo", played_match())
    assert blocker.read_text() == "a file where the folder should be"


# -- the saves package: header-only listing, the folder, the guest's record ----------------


def test_a_listing_reads_headers_only_and_never_replays(
    good_save: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A forged log still lists by its header (loading it finds the damage)...
    data = save_json(good_save)
    placed = [e for e in data["rounds"][0] if e["type"] == "placed"]
    placed[7]["cell"] = placed[2]["cell"]
    good_save.write_text(json.dumps(data))

    def no_replay(*args: object) -> None:
        raise AssertionError("a listing replayed a log")

    monkeypatch.setattr(Game, "from_log", no_replay)
    (entry,) = saves.list_saves(good_save.parent)
    assert entry.error is None and entry.header == saves.load_header(good_save)
    assert entry.header.seats == SEATS2
    monkeypatch.undo()
    with pytest.raises(saves.SaveError, match="already holds a tile"):
        saves.load_save(good_save)


def test_a_header_is_checked_like_a_whole_save(tmp_path: Path) -> None:
    path = tmp_path / "x.indigo"
    saved(path, played_match(seed=4, moves=6))
    data = save_json(path)
    data["header"]["seats"] = data["header"]["seats"][:1]
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError, match="names 1 seat for 2 players"):
        saves.load_header(path)
    data["version"] = 9
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError, match="newer"):
        saves.load_header(path)
    with pytest.raises(saves.SaveError, match="no such file"):
        saves.load_header(tmp_path / "none.indigo")


def test_the_default_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(saves.ENV_VAR, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # No ./saves: the platform's data folder (platformdirs honours XDG on Linux).
    assert saves.default_save_dir() == tmp_path / "data" / "indigo-tui" / "saves"
    (tmp_path / "saves").mkdir()
    assert saves.default_save_dir() == Path("saves")
    monkeypatch.setenv(saves.ENV_VAR, str(tmp_path / "env"))
    assert saves.default_save_dir() == tmp_path / "env"
    assert saves.default_save_dir(tmp_path / "given") == tmp_path / "given"


def test_a_guest_record_round_trips_and_a_bad_one_is_one_error(tmp_path: Path) -> None:
    match = played_match(seed=3, moves=5)
    record = saves.GuestRecord(
        host="127.0.0.1",
        port=7777,
        code="tiger",
        name="Ann",
        game_id="g1",
        seat=1,
        token="t",
        setup=match.setup,
        seat_names=["Bob", "Ann"],
        seat_kinds=["remote", "human"],
        commitment="c",
        events=list(match.game.view(1).events),
    )
    path = saves.record_path(tmp_path, "g1", 1)
    assert path.name == "net-g1-seat2.indigo-guest"
    saves.write_atomic(path, saves.encode_record(record))
    assert saves.load_record(path) == record
    assert saves.find_record(tmp_path, "127.0.0.1", 1) == (path, record)
    path.write_bytes(saves.encode_record(record)[:-5])
    with pytest.raises(saves.SaveError, match="not a guest save"):
        saves.load_record(path)
    assert saves.find_record(tmp_path, "127.0.0.1", 7777) is None


def test_a_guest_keeper_keeps_its_record_up_to_date_and_saves_the_whole_match(tmp_path: Path) -> None:
    match = played_match(seed=5)
    assert match.game.over and match.game.deck is not None
    record = saves.GuestRecord(
        host="127.0.0.1",
        port=7811,
        code="TIGER",
        name="Ann",
        game_id="g2",
        seat=1,
        token="t",
        setup=match.setup,
        seat_names=["Player 1", "Ann"],
        seat_kinds=["remote", "human"],
        commitment="c1",
    )
    keeper = saves.RecordKeeper(tmp_path, record)
    keeper.name_seat(0, "Bob")  # a player took seat 1: it goes by their name from now on
    assert (keeper.seat_name(0), keeper.seat_name(1), keeper.seat_name(2)) == ("Bob", "Ann", "")
    played = saves.PlayedRound(
        list(match.game.deck), "salt", [move for _, move in match.game.moves], "verified"
    )
    events = list(match.game.view(1).events)
    said = keeper.save(
        events, round_index=0, commitment="c1", over=True, deal="verified", deal_args=[], past=[played]
    )
    assert said is None  # nothing to say while writing works
    assert keeper.path == tmp_path / "net-g2-seat2.indigo-guest"
    kept = saves.load_record(keeper.path)
    assert (kept.seat_names, kept.events, kept.over, kept.deal, kept.past) == (
        ["Bob", "Ann"],
        events,
        True,
        "verified",
        [played],
    )

    final = keeper.write_match([match.game], "bot:greedy", "verified")
    assert final == tmp_path / "net-g2-seat2.indigo"
    loaded = saves.load_save(final)
    assert loaded.header.seats == [saves.SeatInfo("Bob", "remote"), saves.SeatInfo("Ann", "bot:greedy")]
    assert loaded.header.meta == {
        "net_role": "guest",
        "net_host": "127.0.0.1:7811",
        "net_seat": "1",
        "net_game_id": "g2",
        "net_deal": "verified",
    }
    assert [game.log for game in loaded.match.games] == [match.game.log] and loaded.match.game.over
    # A seat kept in memory only writes nothing.
    assert saves.RecordKeeper(None, record).write_match([match.game], "human", "verified") is None
