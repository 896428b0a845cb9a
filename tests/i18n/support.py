"""Catalogs made in memory for tests that must not wait for the translators."""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TypeVar

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from indigo_tui import i18n

# A catalog's words: msgid -> its translation, or (singular, plural) -> the forms.
MessageId = TypeVar("MessageId", bound=str | tuple[str, str])
Translation = TypeVar("Translation", bound=str | tuple[str, ...])
Words = Mapping[MessageId, Translation]


def translations(language: str, words: Words[MessageId, Translation]) -> gettext.GNUTranslations:
    """A compiled catalog of ``words`` (msgid, or (singular, plural) -> forms)."""
    catalog = Catalog(locale=language, domain=i18n.DOMAIN)
    shipped = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    if shipped.exists():
        # The shipped catalog's plural rule, not the one Babel's release knows
        # for the language: they differ (Babel 2.19 gives French a third form,
        # for a million), and the words under test are the shipped ones.
        with shipped.open("rb") as source:
            catalog.mime_headers = [("Plural-Forms", read_po(source).plural_forms)]
    for msgid, msgstr in words.items():
        catalog.add(msgid, msgstr)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@contextmanager
def catalog_for(language: str, words: Words[MessageId, Translation]) -> Iterator[None]:
    """Speak ``words`` as ``language``'s catalog inside the block (the shipped one after)."""
    saved = i18n._catalogs.get(language)
    i18n._catalogs[language] = translations(language, words)
    try:
        yield
    finally:
        if saved is None:
            i18n._catalogs.pop(language, None)
        else:
            i18n._catalogs[language] = saved
