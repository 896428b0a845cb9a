"""Whole games of ``indigo text`` in a pseudo-terminal, as a person plays them:
against a bot in each of the four languages, and three people at one
terminal; never an escape sequence or a traceback on the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from indigo_tui import saves
from indigo_tui.engine import Setup
from indigo_tui.engine.tiles import KIND_CODES
from indigo_tui.i18n import catalog, pgettext

from .support import Player, assert_plain, spawn


def words(lang: str, message: str) -> str:
    return catalog(lang).gettext(message)


def yes_word(lang: str) -> str:
    return catalog(lang).pgettext("text command", "yes")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de", "fr", "nl"])
def test_a_whole_game_against_a_bot(lang: str, tmp_path: Path) -> None:
    seed = 5
    setup = Setup(2)
    child = spawn(
        ["--lang", lang, "text", "--seed", str(seed), "--names", "Ann,Robo", "--save-dir", str(tmp_path)],
        tmp_path,
    )
    player = Player(child, setup, seed, ["Ann", "Robo"])
    said = player.until_prompt()
    assert "Ann" in said and "Robo" in said
    # Questions first, as a person starts: the hand, the gates, a cell, a gem.
    for question in ("help", "hand", "gates", "cell 0,-3", "gem amber 1", "score", "left"):
        player.type(question)
        assert player.until_prompt().strip()
    placed = 0
    while not player.game.over:
        seat = player.game.turn
        assert seat == 0
        move = player.choose(0)
        if placed % 2:
            # What-if first, then yes (in the language played).
            player.type(str(move))
            what_if = player.until_prompt()
            assert "(" in what_if
            player.type(yes_word(lang))
        else:
            player.type(f"{move}!")
        player.game.push(move)
        placed += 1
        said = player.until_prompt()
        player.follow(said, others=[1])
    player.type("score")
    player.until_prompt()
    player.type("quit")
    assert player.finish() == 0
    output = player.output
    assert_plain(output)
    # The round's end was said in the language played, and the save holds the game.
    winners = [player.names[s] for s in player.game.winners]
    if len(winners) == 1:
        assert words(lang, "Game over. Winner: {name}").format(name=winners[0]) in output
    (save,) = tmp_path.glob("*.indigo")
    loaded = saves.load_save(save)
    assert loaded.match.game.log == player.game.log
    assert words(lang, "Type help for the commands, or a move like 122/3@2,-1.") in output
    if lang != "en":
        assert "Type help for the commands" not in output


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_three_people_at_one_terminal(tmp_path: Path, lang: str) -> None:
    seed = 8
    setup = Setup(3)
    names = ["Ann", "Bob", "Cat"]
    child = spawn(
        [
            "--lang",
            lang,
            "text",
            "--seats",
            "human,human,human",
            "--names",
            ",".join(names),
            "--seed",
            str(seed),
            "--save-dir",
            str(tmp_path),
        ],
        tmp_path,
    )
    player = Player(child, setup, seed, names)
    said = player.until_prompt()
    words = catalog(lang)
    pass_words = words.gettext("Pass the terminal to {name}, then press Enter (quit leaves the game).")
    your_turn = words.gettext("Move {number}: your turn, {name}. You hold {tiles}.")
    hand_words = your_turn.split("{tiles}")[0].split("{name}")[1]  # "... Du hast "
    turns = 0
    while not player.game.over:
        seat = player.game.turn
        # The terminal goes to the next person before anything of theirs is said,
        # and nobody's hand is said while it is passed.
        assert pass_words.format(name=names[seat]) in said
        assert hand_words not in said
        player.type("")
        said = player.until_prompt()
        # Now this person's turn and tiles, by name.
        tiles = ", ".join(KIND_CODES[tile] for tile in player.game.view(seat).hand)
        number = player.game.board.placements + 1
        assert your_turn.format(number=number, name=names[seat], tiles=tiles) in said
        move = player.choose(seat)
        player.type(f"{move}!")
        player.game.push(move)
        said = player.until_prompt()
        turns += 1
    player.type("quit")
    assert player.finish() == 0
    assert_plain(player.output)
    assert turns == player.game.board.placements


def test_undo_redo_and_a_save_the_full_screen_app_takes_up(tmp_path: Path) -> None:
    seed = 3
    child = spawn(["text", "--seed", str(seed), "--names", "Ann,Robo", "--save-dir", str(tmp_path)], tmp_path)
    player = Player(child, Setup(2), seed, ["Ann", "Robo"])
    player.until_prompt()
    move = player.choose(0)
    player.type(f"{move}!")
    player.game.push(move)
    player.follow(player.until_prompt(), others=[1])
    player.type("undo")
    assert "2 moves taken back." in player.until_prompt()
    player.type("redo")
    assert "2 moves played again:" in player.until_prompt()
    player.type("save Sunday game")
    assert "Saved as" in player.until_prompt()
    player.type("quit")
    assert player.finish() == 0
    (save,) = tmp_path.glob("*Sunday*.indigo")
    loaded = saves.load_save(save)
    assert loaded.header.title == "Sunday game"
    assert loaded.match.game.log == player.game.log


def test_bad_lines_get_one_line_each(tmp_path: Path) -> None:
    child = spawn(["text", "--seed", "2", "--save-dir", str(tmp_path)], tmp_path)
    player = Player(child, Setup(2), 2, ["You", "Greedy bot"])
    player.until_prompt()
    for line, expected in (
        ("frobnicate", "is not a move or a command"),
        ("122/9@0,-3", "0 to 5"),
        ("999/1@0,-3", "is not a tile"),
        ("/1@9,9", "is not a cell of the board"),
        ("cell banana", "say a cell as two numbers"),
        # Control characters are dropped, never echoed back as sent.
        ("hel\x01lo\x1b[2J", "'hello[2J' is not a move or a command"),
        ("x" * 5000, "too long"),
    ):
        player.type(line)
        said = player.until_prompt()
        assert expected in said, (line, said)
    player.child.sendeof()
    assert player.finish() == 0
    assert_plain(player.output)


def test_pgettext_yes_is_translated() -> None:
    # The test above types the yes of each language: it must be a word of that language.
    assert {yes_word(lang) for lang in ("de", "fr", "nl")} != {pgettext("text command", "yes")}
