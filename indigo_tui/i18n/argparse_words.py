"""argparse's own words, so that ``indigo --help`` and its errors are whole in
every language.

argparse asks gettext for these message ids (see
:func:`indigo_tui.i18n.translate_argparse`); listing them here puts them in
our template for the translators. They are argparse's exact strings, with its
``%s`` and ``%(name)s`` placeholders, from Python 3.11 and from 3.12 to 3.14
(whose wording adds a few: the suggestion after an invalid choice, the
section heading format, deprecations). argparse's errors about a wrongly
built parser (a programmer's, never a player's) are left out.
"""

from __future__ import annotations

from . import N_, N_plural

#: Every id of a message argparse can show a person running ``indigo``.
ARGPARSE_WORDS: tuple[str, ...] = (
    # help
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("subcommands"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    # translators: the heading of a section of --help, e.g. "options:" (Python 3.14 and later)
    N_("%(heading)s:"),
    # errors
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("option '%(option)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
)

#: argparse's one plural message a person can meet.
ARGPARSE_PLURALS: tuple[tuple[str, str], ...] = (N_plural("expected %s argument", "expected %s arguments"),)
