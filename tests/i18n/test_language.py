"""Choosing the language, and words that follow the choice at the moment they are drawn."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from indigo_tui import i18n
from indigo_tui.cli import build_parser, main
from indigo_tui.i18n import (
    LANGUAGES,
    N_,
    _,
    choose_language,
    current_language,
    english,
    in_language,
    language_code,
    language_from_argv,
    ngettext,
    use_language,
)
from indigo_tui.ui.settings import Settings, load_settings, save_settings, update_settings

from .support import Words, catalog_for


@pytest.mark.parametrize(
    ("cli", "setting", "environ", "expected"),
    [
        # --lang first, then the saved setting, then the environment, then English.
        ("fr", "de", {"LANG": "nl_NL.UTF-8"}, "fr"),
        (None, "de", {"LANG": "nl_NL.UTF-8"}, "de"),
        (None, None, {"LANG": "nl_NL.UTF-8"}, "nl"),
        (None, None, {}, "en"),
        # gettext's order of variables: LANGUAGE, LC_ALL, LC_MESSAGES, LANG.
        (None, None, {"LANGUAGE": "ja:fr:de", "LC_ALL": "de_DE.UTF-8"}, "fr"),
        (None, None, {"LC_ALL": "de_AT.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "nl_BE"}, "de"),
        (None, None, {"LC_MESSAGES": "fr_CA.UTF-8@euro", "LANG": "nl_BE"}, "fr"),
        # C and POSIX say nothing about a language: the next variable counts.
        (None, None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "de"),
        (None, None, {"LC_ALL": "C.UTF-8", "LANG": "POSIX"}, "en"),
        (None, None, {"LANGUAGE": "", "LANG": "en_GB.UTF-8"}, "en"),
        # A language the game does not speak in the environment is passed over, quietly.
        (None, None, {"LANG": "ja_JP.UTF-8"}, "en"),
        ("de-CH", None, {}, "de"),
        ("NL", None, {}, "nl"),
    ],
)
def test_the_order_of_choices(
    cli: str | None, setting: str | None, environ: dict[str, str], expected: str
) -> None:
    assert choose_language(cli, setting, environ) == (expected, None)


@pytest.mark.parametrize(("cli", "setting"), [("xx", "de"), (None, "klingon"), ("", None)])
def test_an_unknown_language_asked_for_is_english_with_one_notice(
    cli: str | None, setting: str | None
) -> None:
    code, notice = choose_language(cli, setting, {"LANG": "nl_NL.UTF-8"})
    assert code == "en"
    assert notice is not None
    assert repr(cli if cli is not None else setting) in notice
    assert all(language in notice for language in LANGUAGES)


def test_locale_names() -> None:
    assert [language_code(n) for n in ("de_DE.UTF-8", "fr-CA", "nl", "C", "POSIX", "", "C.UTF-8")] == [
        "de",
        "fr",
        "nl",
        None,
        None,
        None,
        None,
    ]


def test_lang_is_found_before_the_parser_is_built() -> None:
    assert language_from_argv(["--lang", "de", "play"]) == "de"
    assert language_from_argv(["play", "--lang=fr", "--seats", "human"]) == "fr"
    assert language_from_argv(["--lang", "de", "play", "--lang", "nl"]) == "nl"  # the last one, as argparse
    assert language_from_argv(["replay", "--json", "--", "--lang", "de"]) is None
    assert language_from_argv(["play", "--lang"]) is None  # argparse will say what is missing
    assert language_from_argv(["play"]) is None


def test_words_follow_the_language_when_they_are_drawn() -> None:
    label = N_("Save game")  # marked once, as a module constant would be
    words: Words[str | tuple[str, str], str | tuple[str, ...]] = {
        "Save game": "Partie speichern",
        ("{n} gem", "{n} gems"): ("{n} Edelstein", "{n} Edelsteine"),
    }
    with catalog_for("de", words):
        assert _(label) == "Save game"
        use_language("de")
        assert current_language() == "de"
        assert _(label) == "Partie speichern"
        assert ngettext("{n} gem", "{n} gems", 1).format(n=1) == "1 Edelstein"
        assert ngettext("{n} gem", "{n} gems", 3).format(n=3) == "3 Edelsteine"
        with in_language("en"):
            assert _(label) == "Save game"
            assert ngettext("{n} gem", "{n} gems", 3).format(n=3) == "3 gems"
        assert _(label) == "Partie speichern"
        use_language("en")
        assert _(label) == "Save game"


def test_english_for_a_peer_leaves_the_process_in_its_language() -> None:
    """The English a peer sends beside a code is drawn by the same function as
    a person's words, in this thread only: a screen drawing words meanwhile
    (another thread) keeps the player's language."""
    label = N_("Save game")
    seen: list[str] = []

    def say(count: int) -> str:
        # Another thread, at the same moment: the process still speaks German.
        other = threading.Thread(target=lambda: seen.append(f"{current_language()} {_(label)}"))
        other.start()
        other.join()
        said = ngettext("{n} gem", "{n} gems", count).format(n=count)
        return f"{current_language()} {_(label)}, {said}"

    words: Words[str | tuple[str, str], str | tuple[str, ...]] = {
        "Save game": "Partie speichern",
        ("{n} gem", "{n} gems"): ("{n} Edelstein", "{n} Edelsteine"),
    }
    with catalog_for("de", words), in_language("de"):
        assert english(say, 3) == "en Save game, 3 gems"
        assert seen == ["de Partie speichern"]
        assert say(1) == "de Partie speichern, 1 Edelstein"
        assert current_language() == "de"


def test_french_counts_zero_as_one() -> None:
    with catalog_for("fr", {("{n} gem", "{n} gems"): ("{n} pierre", "{n} pierres")}), in_language("fr"):
        assert [ngettext("{n} gem", "{n} gems", n).format(n=n) for n in (0, 1, 2)] == [
            "0 pierre",
            "1 pierre",
            "2 pierres",
        ]


def test_an_unknown_language_cannot_be_spoken() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        use_language("xx")
    assert current_language() == "en"


def test_every_language_has_a_compiled_catalog() -> None:
    # Shipped as package data: what `pip install .` gives (see test_packaging in docs/i18n.md).
    for language in LANGUAGES[1:]:
        assert (i18n.LOCALE_DIR / language / "LC_MESSAGES" / "indigo.mo").is_file()
        assert (i18n.LOCALE_DIR / language / "LC_MESSAGES" / "indigo.po").is_file()
    assert (i18n.LOCALE_DIR / "indigo.pot").is_file()


def test_argparse_speaks_through_our_catalogs(capsys: pytest.CaptureFixture[str]) -> None:
    words = {
        "usage: ": "Aufruf: ",
        "options": "Optionen",
        "show this help message and exit": "diese Hilfe zeigen und beenden",
        "invalid choice: %(value)r (choose from %(choices)s)": (
            "ungültige Wahl: %(value)r (zur Wahl: %(choices)s)"
        ),
        "argument %(argument_name)s: %(message)s": "Argument %(argument_name)s: %(message)s",
    }
    with catalog_for("de", words), in_language("de"):
        text = build_parser().format_help()
        assert text.startswith("Aufruf: indigo")
        assert "Optionen:" in text
        assert "diese Hilfe zeigen und beenden" in text
        with pytest.raises(SystemExit) as exited:
            build_parser().parse_args(["play", "--variant", "wild"])
    assert exited.value.code == 2
    assert "Argument --variant: ungültige Wahl: 'wild'" in capsys.readouterr().err


def test_every_command_takes_lang(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    for command in ("play", "load", "replay", "review", "selfplay", "host", "join", "serve"):
        with pytest.raises(SystemExit) as exited:
            parser.parse_args([command, "--lang", "fr", "--help"])
        assert exited.value.code == 0
        assert "--lang" in capsys.readouterr().out
    args = parser.parse_args(["--lang", "nl", "selfplay", "--bots", "random,random"])
    assert args.lang == "nl"  # the sub-command's own --lang does not hide the top level's
    assert parser.parse_args(["selfplay", "--lang", "de", "--bots", "random,random"]).lang == "de"


def test_an_unknown_lang_runs_in_english_with_one_notice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["--lang", "xx", "selfplay", "--bots", "random,random", "--games", "1"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("unknown language 'xx'") == 1
    assert "1 game, 2 players" in captured.out
    assert current_language() == "en"


def test_the_language_is_remembered_with_the_other_settings(tmp_path: Path) -> None:
    assert save_settings(Settings(board_glyphs="sextant"), tmp_path) is None
    assert update_settings(language="nl", folder=tmp_path) is None
    assert load_settings(tmp_path) == (Settings(board_glyphs="sextant", language="nl"), None)
    assert update_settings(board_glyphs="quadrant", folder=tmp_path) is None
    assert load_settings(tmp_path) == (Settings(board_glyphs="quadrant", language="nl"), None)
    assert update_settings(language=None, folder=tmp_path) is None
    assert load_settings(tmp_path) == (Settings(board_glyphs="quadrant"), None)


def test_an_unknown_saved_language_gives_the_defaults_and_a_notice(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"board_glyphs": "sextant", "language": "tlh"}')
    settings, notice = load_settings(tmp_path)
    assert settings == Settings()
    assert notice is not None and "language" in notice


def test_the_saved_language_is_used_when_no_lang_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("INDIGO_CONFIG_DIR", str(tmp_path))
    assert update_settings(language="fr") is None
    with catalog_for("fr", {"usage: ": "utilisation : "}):
        with pytest.raises(SystemExit):
            main(["--help"])
        assert capsys.readouterr().out.startswith("utilisation : indigo")
        assert current_language() == "fr"
        with pytest.raises(SystemExit):
            main(["--lang", "en", "--help"])  # --lang comes first
        assert capsys.readouterr().out.startswith("usage: indigo")


def test_the_catalogs_package_does_not_load_textual() -> None:
    # The command line stays fast: i18n is a leaf that imports no user interface.
    code = (
        "import sys, indigo_tui.i18n, indigo_tui.i18n.argparse_words; "
        "print(sorted(m for m in sys.modules if m.startswith(('textual', 'rich'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=dict(os.environ)
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_indigo_lang_nl_help_is_dutch(monkeypatch: pytest.MonkeyPatch) -> None:
    # The real command in a child process: --lang is read before the parser is built.
    monkeypatch.setenv("COLUMNS", "100")
    done = subprocess.run(
        [sys.executable, "-m", "indigo_tui", "--lang", "nl", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    with in_language("nl"):
        assert done.stdout == build_parser().format_help()
    dutch = i18n.catalog("nl").gettext
    lines = done.stdout.splitlines()
    # Every word of the help the Dutch catalog has is in Dutch, argparse's own among them.
    assert lines[0].startswith(dutch("usage: ") + "indigo")
    for heading in ("options", "commands"):
        assert f"{dutch(heading)}:" in lines
    assert dutch("show this help message and exit") in done.stdout
    if dutch("usage: ") != "usage: ":
        assert "usage:" not in done.stdout


def test_indigo_serve_passes_its_language_to_every_tab() -> None:
    from indigo_tui.commands.serve import app_command

    args = build_parser().parse_args(["serve", "--lang", "nl"])
    assert app_command(args.lang)[-2:] == ["--lang", "nl"]
    assert "--lang" not in app_command(getattr(build_parser().parse_args(["serve"]), "lang", None))
