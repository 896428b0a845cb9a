"""Plain lines in and out: what text mode reads and writes.

Nothing written here is ever an escape sequence, whether standard output is
a terminal or not: every line is cleaned of control characters (a name from
a save file or a peer cannot move the cursor or forge a line), and input is
read without readline, whose line editing writes escape sequences of its
own. A line read is data: one too long, or not text, is answered in one
line, never with a traceback.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
from typing import TextIO
from unicodedata import category

from ..i18n import _

#: The longest line read from a person or a program; the rest is skipped.
INPUT_LIMIT = 2000


#: Unicode's control, format (bidirectional overrides among them) and line
#: separator characters: never shown, so no text can move the cursor, forge a
#: line or turn the words around. Spaces stay (French needs the no-break one).
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def plain(text: str) -> str:
    """``text`` without control or format characters (tabs become spaces)."""
    return "".join(" " if c == "\t" else c for c in text if c == "\t" or category(c) not in _HIDDEN)


class Console:
    """Lines out and lines in, on the process's standard streams by default."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self._said = False
        for stream in (self.stdin, self.stdout):
            # Bytes that are not UTF-8 (in or out) must not end the game.
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                with contextlib.suppress(OSError, ValueError):
                    reconfigure(errors="replace")

    @property
    def is_terminal(self) -> bool:
        isatty = getattr(self.stdout, "isatty", None)
        return bool(isatty and isatty())

    def say(self, *lines: str) -> None:
        """Write whole lines."""
        for line in lines:
            for part in line.split("\n"):
                self.stdout.write(plain(part) + "\n")
                self._said = True
        self.stdout.flush()

    def prompt(self) -> None:
        """Write the prompt, if anything was said since the last one (a
        network game says things while a line is being typed)."""
        if self._said:
            self._said = False
            self.stdout.write("> ")
            self.stdout.flush()

    def ask(self, prompt: str = "> ", timeout: float | None = None) -> str | None:
        """Write ``prompt`` (no new line) and read one line; None at the end of
        input. With ``timeout`` (seconds), a terminal that has typed nothing
        by then gives "" instead (the turn clock's end); a pipe or a file is
        read as it comes, and the caller looks at the clock after."""
        if prompt:
            self.stdout.write(prompt)
            self.stdout.flush()
        self._said = False
        if timeout is not None and not self._typed_within(timeout):
            self.stdout.write("\n")
            self.stdout.flush()
            return ""
        return self.read()

    def _typed_within(self, timeout: float) -> bool:
        """Whether a line is there to read within ``timeout`` seconds (a
        terminal's; anything else is taken to have one)."""
        isatty = getattr(self.stdin, "isatty", None)
        if not (isatty and isatty()):
            return True
        try:
            ready, _out, _errors = select.select([self.stdin], [], [], max(0.0, timeout))
        except (OSError, ValueError):
            return True
        return bool(ready)

    def read(self) -> str | None:
        """One line, cleaned; None at the end of input. An overlong line is
        skipped to its end and said so (it reads as an empty line)."""
        line = self.stdin.readline(INPUT_LIMIT + 1)
        if not line:
            return None
        if len(line) > INPUT_LIMIT and not line.endswith("\n"):
            while line and not line.endswith("\n"):
                line = self.stdin.readline(INPUT_LIMIT + 1)
            self.say(_("That line is too long (over {n} characters).").format(n=INPUT_LIMIT))
            return ""
        return plain(line.rstrip("\r\n")).strip()

    def screen_break(self) -> None:
        """Scroll what is on a terminal's screen out of sight (blank lines, no
        escape sequence), so the next person at a shared terminal does not see
        the last one's hand. A pipe or a file gets nothing."""
        if self.is_terminal:
            lines = 40
            with contextlib.suppress(OSError, ValueError):
                lines = os.get_terminal_size(self.stdout.fileno()).lines
            self.stdout.write("\n" * lines)
            self.stdout.flush()
