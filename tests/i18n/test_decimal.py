"""Decimal numbers for people: a decimal point in English, a comma in German,
French and Dutch; files keep Python's own."""

from __future__ import annotations

import json
import re

import pytest

from indigo_tui.i18n import LANGUAGES, decimal, decimal_separator, in_language


@pytest.mark.parametrize(
    ("language", "places", "number", "written"),
    [
        ("en", 2, 0.48, "0.48"),
        ("de", 2, 0.48, "0,48"),
        ("fr", 2, 0.48, "0,48"),
        ("nl", 2, 0.48, "0,48"),
        ("de", 1, 12.25, "12,2"),  # rounded half to even, as Python formats it
        ("fr", 1, 9.703703, "9,7"),
        ("nl", 0, 3.0, "3"),
        ("de", None, 0.5, "0,5"),
        ("de", None, 2.0, "2"),  # "g": as few digits as show it, no ",0"
        ("en", None, 0.2, "0.2"),
        ("fr", 2, -1.5, "-1,50"),
    ],
)
def test_each_language_writes_its_own_decimal_separator(
    language: str, places: int | None, number: float, written: str
) -> None:
    with in_language(language):
        assert decimal(number, places) == written


def test_every_language_has_a_separator_and_english_is_pythons_own() -> None:
    assert {code: decimal_separator(code) for code in LANGUAGES} == {
        "en": ".",
        "de": ",",
        "fr": ",",
        "nl": ",",
    }
    for number in (0.0, 0.125, 7.5, 123.456):
        with in_language("en"):
            assert decimal(number, 3) == f"{number:.3f}"
            assert decimal(number) == f"{number:g}"


def test_selfplays_table_writes_decimal_commas_in_german_and_its_json_keeps_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from indigo_tui.cli import main
    from indigo_tui.i18n import use_language

    try:
        games = ["selfplay", "--bots", "greedy,random", "--games", "4", "--seed", "1"]
        assert main(["--lang", "de", *games]) == 0
        table = capsys.readouterr().out
        assert re.search(r"\d+,\d%", table) and re.search(r" \d+,\d\d\n", table), table
        assert not re.search(r"\d\.\d", table), table
        assert main(["--lang", "de", *games, "--json"]) == 0
        summary = json.loads(capsys.readouterr().out)
        assert isinstance(summary["bots"][0]["win_rate"], float)  # numbers in JSON stay numbers
    finally:
        use_language("en")
