"""Every message of the template has its translation in German, French and
Dutch: no message missing from a catalog, none left over, none empty, none
fuzzy. (When it fails: docs/i18n.md, "When a test fails".)"""

from __future__ import annotations

import pytest

from .test_catalogs import TEMPLATE, TRANSLATED, entries, forms, message_key, po_path, read_catalog


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str) -> None:
    template = {message_key(message) for message in entries(read_catalog(TEMPLATE))}
    catalog = read_catalog(po_path(language))
    held = {message_key(message): message for message in entries(catalog)}
    missing = sorted(str(key[1])[:60] for key in template - held.keys())
    stale = sorted(str(key[1])[:60] for key in held.keys() - template)
    assert not missing, (
        f"{len(missing)} messages of the template are not in {language}'s catalog "
        f"(pybabel update ... -l {language}): {missing[:5]}"
    )
    assert not stale, (
        f"{len(stale)} messages of {language}'s catalog are no longer in the template: {stale[:5]}"
    )
    empty = [str(key[1])[:60] for key, message in held.items() if not all(forms(message))]
    assert not empty, f"{len(empty)} messages without a translation in {language}: {empty[:5]}"
    fuzzy = [str(key[1])[:60] for key, message in held.items() if message.fuzzy]
    assert not fuzzy, f"{len(fuzzy)} fuzzy messages in {language}: {fuzzy[:5]}"
