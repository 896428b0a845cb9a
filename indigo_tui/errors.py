"""Errors shared across layers, in a module that imports nothing of the project.

``cli`` turns a :class:`CommandError` into one line and exit status 2; the
sub-commands in ``commands/`` raise it. It lives here, not in ``cli``, so that
the commands need not import the module that imports them.
"""

from __future__ import annotations


class CommandError(Exception):
    """A problem with what the user asked for: printed as one line, exit status 2."""
