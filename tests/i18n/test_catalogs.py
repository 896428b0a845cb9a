"""The message catalogs as translators and the build leave them: placeholders kept,
plural forms complete, nothing fuzzy, the committed .mo files compiled from
their .po files, and the template holding every message of the sources.

How to fix a failure here: docs/i18n.md ("When a test fails").
"""

from __future__ import annotations

import io
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from indigo_tui.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
TRANSLATED = LANGUAGES[1:]

#: pybabel extract's keywords, as docs/i18n.md gives them (-k ...).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "N_plural": (1, 2), "pgettext": ((1, "c"), 2)}
#: Each language's plural rule, as its rulebook's language has it (CLDR).
PLURAL_RULES = {"de": "(n != 1)", "fr": "(n > 1)", "nl": "(n != 1)"}

#: %-style placeholders (argparse's words): %(name)s and the positional %s, %r, %d.
#: (No space flag: "95% sure" is words, not a placeholder.)
PERCENT = re.compile(r"%(?:\((?P<name>\w+)\))?[-#0+]*\d*(?:\.\d+)?(?P<kind>[sdrif%])")


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, domain=DOMAIN)


def mo_contents(mo: bytes) -> tuple[list[tuple[str, str]], list[tuple[object, object, object]]]:
    """What a compiled catalog says: its headers and its messages. Not its bytes:
    the header names the Babel release that compiled it ("Generated-By: Babel
    2.19.0"), which is no part of the words and changes whenever a new release
    of the tool is installed."""
    catalog = read_mo(io.BytesIO(mo))
    headers = [(name, value) for name, value in catalog.mime_headers if name != "Generated-By"]
    return headers, [(message.context, message.id, message.string) for message in catalog if message.id]


def entries(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)


def placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The named placeholders of a message (``{name}`` or ``%(name)s``), and
    its positional %-placeholders in order."""
    names: set[str] = set()
    positional: list[str] = []
    for match in PERCENT.finditer(text):
        if match["kind"] == "%":
            continue
        if match["name"]:
            names.add(match["name"])
        else:
            positional.append(match["kind"])
    if "{" in text:
        names.update(
            field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(text) if field
        )
    return frozenset(names), tuple(positional)


def forms(message: Message) -> tuple[str, ...]:
    """The translation: its one form, or one per plural form ('' where there is none)."""
    if isinstance(message.string, (tuple, list)):
        return tuple(message.string)
    return (message.string or "",)


def translated(message: Message) -> bool:
    return any(forms(message))


def test_placeholders_are_read() -> None:
    assert placeholders("{name} scores {n} points") == (frozenset({"name", "n"}), ())
    assert placeholders("invalid choice: %(value)r (choose from %(choices)s)") == (
        frozenset({"value", "choices"}),
        (),
    )
    assert placeholders("unrecognized arguments: %s") == (frozenset(), ("s",))
    assert placeholders("95% sure, 100 %% so") == (frozenset(), ())


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = []
    for message in entries(read_catalog(po_path(language))):
        if not translated(message):
            continue
        if not isinstance(message.id, str):
            # Each form may leave out the count (German "ein Edelstein"), but
            # uses only the original's names, and all forms together use them all.
            originals = [placeholders(text) for text in message.id]
            allowed = frozenset().union(*(names for names, _ in originals))
            used = [placeholders(text) for text in forms(message)]
            if (
                any(not names <= allowed for names, _ in used)
                or frozenset().union(*(names for names, _ in used)) != allowed
            ):
                wrong.append(f"{message.id[0]!r}: {[sorted(n) for n, _ in used]} for {sorted(allowed)}")
        elif placeholders(forms(message)[0]) != placeholders(message.id):
            wrong.append(f"{message.id!r} -> {message.string!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_nothing_is_fuzzy(language: str) -> None:
    catalog = read_catalog(po_path(language))
    assert not catalog.fuzzy, "the catalog's header is marked fuzzy"
    fuzzy = [message.id for message in entries(catalog) if message.fuzzy]
    assert not fuzzy, f"{len(fuzzy)} fuzzy entries (check each, then remove its '#, fuzzy'): {fuzzy[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_entries_have_the_languages_forms(language: str) -> None:
    catalog = read_catalog(po_path(language))
    assert catalog.plural_expr == PLURAL_RULES[language]
    for message in entries(catalog):
        if isinstance(message.id, tuple):
            assert len(forms(message)) == catalog.num_plurals, message.id
            if translated(message):
                assert all(forms(message)), f"a plural form is empty: {message.id}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_committed_mo_is_the_compiled_po(language: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(po_path(language)))
    committed = po_path(language).with_suffix(".mo").read_bytes()
    assert mo_contents(committed) == mo_contents(compiled.getvalue()), (
        f"{language}: indigo.mo is not the compile of indigo.po; run "
        f"pybabel compile -d indigo_tui/locale -D indigo -l {language}"
    )


def message_key(message: Message) -> tuple[str | None, str | tuple[str, ...]]:
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


def test_the_template_holds_every_message_of_the_sources() -> None:
    with (ROOT / "babel.cfg").open() as mapping:
        # babel's command-line module has no type hints
        method_map, options_map = parse_mapping_cfg(mapping)  # type: ignore[no-untyped-call]
    extracted = set()
    for _file, _line, text, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=("translators:",)
    ):
        extracted.add((context, text))
    template = {message_key(message) for message in entries(read_catalog(TEMPLATE))}
    missing = sorted(map(str, extracted - template))
    stale = sorted(map(str, template - extracted))
    assert not missing and not stale, (
        "indigo_tui/locale/indigo.pot is not up to date with the sources; run the "
        "pybabel extract command of docs/i18n.md.\n"
        f"missing: {missing[:10]}\nno longer in the sources: {stale[:10]}"
    )
