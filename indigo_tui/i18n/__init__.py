"""The game's words in English, German, French and Dutch: GNU gettext catalogs.

Everything a person reads goes through this package::

    from indigo_tui.i18n import _, ngettext, N_, decimal

    _("Save game")
    _("{name} scores").format(name=seat_name)
    ngettext("{n} gem", "{n} gems", n).format(n=n)
    _("{points} points given up").format(points=decimal(0.48, 2))  # "0,48" in German

The catalogs are compiled ``indigo_tui/locale/<lang>/LC_MESSAGES/indigo.mo``
files (domain ``indigo``) read with the standard library's :mod:`gettext`;
Babel is only the developers' tool (see docs/i18n.md). English is the source
language: its words are the message ids themselves.

:func:`_` and friends look the language up each time they are called, so a
switch with :func:`use_language` takes effect on the next word drawn (and tests
can speak several languages in one process). Constants defined when a module
is imported (bindings, option lists) are marked with :func:`N_`, which only
marks them for the template, and are translated with :func:`_` where shown.

This is a leaf package: it imports the standard library and nothing of the
project but the engine's codes, and no Textual, so the command line stays fast.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import ParamSpec, TypeVar

#: The gettext domain: ``locale/<lang>/LC_MESSAGES/indigo.mo``.
DOMAIN = "indigo"
#: Where the compiled catalogs live, inside the installed package.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def discover_languages(locale_dir: Path) -> tuple[str, ...]:
    """English (the source language, which needs no catalog), then every
    language with a compiled catalog in ``locale_dir``, by code.

    A language is added by its catalog alone (docs/i18n.md): once its
    ``<code>/LC_MESSAGES/indigo.mo`` is there, the game speaks it, offers it in
    the language menu by the name its catalog gives, and writes its decimals.
    """
    found = {path.parent.parent.name for path in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return ("en", *sorted(found - {"en"}))


#: The languages the game speaks: English first, then each one with a catalog
#: (the rulebook's: German, French and Dutch).
LANGUAGES: tuple[str, ...] = discover_languages(LOCALE_DIR)
#: The environment variables gettext reads, in the order it reads them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_current = "en"
_catalogs: dict[str, _gettext.NullTranslations] = {}
#: English for this thread or task only, whatever the process speaks (see
#: :func:`english`): a context variable, so other threads and tasks go on in
#: the current language meanwhile.
_in_english: ContextVar[bool] = ContextVar("indigo_in_english", default=False)
_P = ParamSpec("_P")
_T = TypeVar("_T")


def catalog(code: str) -> _gettext.NullTranslations:
    """The translations of ``code`` (loaded once); English and a missing
    catalog give the message ids back unchanged."""
    found = _catalogs.get(code)
    if found is None:
        if code == "en":
            found = _gettext.NullTranslations()
        else:
            found = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
        _catalogs[code] = found
    return found


def use_language(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGUAGES`) from the next word on."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; use one of {', '.join(LANGUAGES)}")
    _current = code


def current_language() -> str:
    """The language words are drawn in now (English inside :func:`english`)."""
    return "en" if _in_english.get() else _current


@contextmanager
def in_language(code: str) -> Iterator[None]:
    """Speak ``code`` inside the ``with`` block, then the language before it.
    It switches the whole process (tests, the command line): for words that
    must be English whatever a person reads, use :func:`english`."""
    before = _current
    use_language(code)
    try:
        yield
    finally:
        use_language(before)


def english(say: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """What ``say(*args, **kwargs)`` says, in English: the words a network peer
    sends beside a code for older peers that read no codes. The same function
    gives a person's words and the English, so each is written once; only this
    thread or task speaks English meanwhile (the process's language is not
    switched, so a screen drawing words at the same moment keeps its own)."""
    token = _in_english.set(True)
    try:
        return say(*args, **kwargs)
    finally:
        _in_english.reset(token)


def _speaking() -> _gettext.NullTranslations:
    return catalog("en" if _in_english.get() else _current)


def _(message: str) -> str:
    """``message`` in the current language."""
    return _speaking().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` things, by the current language's plural rule."""
    return _speaking().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English words need
    different translations (``pgettext("tile kind", "curve")``)."""
    return _speaking().pgettext(context, message)


def language_name(code: str) -> str:
    """The language ``code`` in its own words ("Deutsch"), as its catalog
    names itself, for a language menu: whoever cannot read the current
    language still finds theirs."""
    # translators: the name of YOUR language in your language, as the language
    # menu shows it (German: Deutsch, French: Français, Dutch: Nederlands).
    name = catalog(code).pgettext("this language's own name", "English")
    # A catalog that does not name its language yet is shown by its code, not as "English".
    return code if name == "English" and code != "en" else name


def language_names() -> dict[str, str]:
    """Every language the game speaks, code -> its own name, in menu order."""
    return {code: language_name(code) for code in LANGUAGES}


def decimal_separator(code: str) -> str:
    """How ``code`` writes the point between a number's whole part and its
    fraction: German, French and Dutch write a comma ("0,48 Punkte")."""
    # translators: the decimal separator of your language: "," if you write 0,5.
    return catalog(code).pgettext("decimal separator", ".")


def decimal(number: float, places: int | None = None) -> str:
    """``number`` for a person, as the current language writes it:
    ``places`` digits after the separator, or with ``None`` as few as show it
    (Python's ``g``: ``0.5``, ``2``). Only for the screen and messages: files
    and the network keep Python's own ``0.5``."""
    text = f"{number:g}" if places is None else f"{number:.{places}f}"
    return text.replace(".", decimal_separator(current_language()))


def N_(message: str) -> str:
    """Mark a constant for the template; translate it with :func:`_` where it is shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a constant pair of plural forms; show it with ``ngettext(*pair, n)``."""
    return singular, plural


# -- choosing the language --------------------------------------------------


def language_code(name: str) -> str | None:
    """The language a locale name or a ``--lang`` value means: ``de_DE.UTF-8``
    and ``de-AT`` -> ``de``; ``C``, ``POSIX`` and the empty name -> None.
    The result may be a language this game does not speak."""
    base = name.strip().split(".")[0].split("@")[0]
    base = base.replace("-", "_").split("_")[0].lower()
    if not base or base in ("c", "posix"):
        return None
    return base


def choose_language(
    cli: str | None, setting: str | None, environ: Mapping[str, str]
) -> tuple[str, str | None]:
    """The language to speak, and a notice if a language was
    asked for that the game does not speak.

    The order: ``--lang``, then the choice remembered in the app's settings,
    then the environment as gettext reads it (``LANGUAGE``, a colon-separated
    list, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``C`` and ``POSIX`` and
    languages we do not speak are passed over), otherwise English. Only an
    explicit request (``--lang`` or the setting) earns the notice: a
    Japanese desktop simply gets English.
    """
    for asked in (cli, setting):
        if asked is None:
            continue
        code = language_code(asked)
        if code in LANGUAGES:
            return code, None
        notice = _("unknown language {asked} (the game speaks {languages}): using English")
        return "en", notice.format(asked=repr(asked), languages=", ".join(LANGUAGES))
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        for entry in value.split(":") if variable == "LANGUAGE" else [value]:
            code = language_code(entry)
            if code in LANGUAGES:
                return code, None
    return "en", None


def language_from_argv(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` in a command line, before any parser is built
    (so that ``--help`` itself is in that language); the last one counts, as
    it does for argparse. Nothing after ``--`` is an option."""
    found = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            found = argv[index + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def language_for(cli: str | None, setting: str | None = None) -> tuple[str, str | None]:
    """:func:`choose_language` with this process's environment."""
    return choose_language(cli, setting, os.environ)


# -- argparse's own words ---------------------------------------------------


def translate_argparse() -> None:
    """Make argparse's own words ("usage:", "options", "invalid choice: ...")
    come from our catalogs in the current language.

    argparse translates with the names ``_`` and ``ngettext`` it imported from
    the standard library's :mod:`gettext` into its module; those read the
    process's locale, not our choice. Rebinding the two names (looked up at
    each call) sends argparse's words through :func:`_` and :func:`ngettext`;
    their message ids are in our template (``argparse_words.py``).
    """
    import argparse

    setattr(argparse, "_", _)  # noqa: B010 - a module global argparse reads at call time
    setattr(argparse, "ngettext", ngettext)  # noqa: B010


__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "N_plural",
    "_",
    "catalog",
    "choose_language",
    "current_language",
    "decimal",
    "decimal_separator",
    "discover_languages",
    "english",
    "in_language",
    "language_code",
    "language_for",
    "language_from_argv",
    "language_name",
    "language_names",
    "ngettext",
    "pgettext",
    "translate_argparse",
    "use_language",
]
