"""Decimal numbers for people: a decimal point in English, a comma in German,
French and Dutch; files keep Python's own."""

from __future__ import annotations

import pytest

from indigo_tui.i18n import DECIMAL_SEPARATORS, LANGUAGES, decimal, in_language


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
    assert set(DECIMAL_SEPARATORS) == set(LANGUAGES)
    for number in (0.0, 0.125, 7.5, 123.456):
        with in_language("en"):
            assert decimal(number, 3) == f"{number:.3f}"
            assert decimal(number) == f"{number:g}"
