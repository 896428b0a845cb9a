"""Which board glyphs a terminal draws well, guessed from its environment.

Quadrants are in every common terminal font, so they are the safe default.
Sextants and octants are missing from most fonts (DejaVu Sans Mono has
neither): they are chosen only where the terminal draws block characters
itself, known from variables it sets:

- kitty (``KITTY_WINDOW_ID``, ``TERM=xterm-kitty``) draws sextants (and
  octants from 0.40, which its environment does not reveal);
- foot (``TERM=foot*``) sextants (octants from 1.20);
- ghostty (``TERM_PROGRAM=ghostty``) octants from 1.2 (``TERM_PROGRAM_VERSION``);
- WezTerm (``TERM_PROGRAM=WezTerm``, ``WEZTERM_*``) octants;
- VTE terminals (GNOME Terminal, Tilix, ...) octants from VTE 0.78 (``VTE_VERSION >= 7800``).

Inside tmux or screen the outer terminal is unknown: quadrants.
Real pixels (kitty graphics, sixel) are found by :mod:`indigo_tui.ui.board_pixels`
when the app starts (for ``auto`` only in kitty); ``auto`` takes them where they
were found, except inside tmux or screen. Konsole,
Windows Terminal, iTerm2, Apple's Terminal, VS Code and Alacritty take
glyphs from the font: quadrants.

``INDIGO_BOARD_GLYPHS`` (the ``--board-glyphs`` choices) overrides the guess;
the web front end sets it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...i18n import _
from . import GLYPH_CHOICES

ENV_VAR: Final = "INDIGO_BOARD_GLYPHS"


def _version(text: str) -> tuple[int, ...]:
    parts = []
    for part in text.split("."):
        digits = "".join(c for c in part if c.isdigit())
        if not digits:
            break
        parts.append(int(digits))
    return tuple(parts)


def multiplexed(env: Mapping[str, str]) -> bool:
    """Inside tmux or screen: the terminal outside is unknown."""
    term = env.get("TERM", "")
    return bool(env.get("TMUX")) or term.startswith(("screen", "tmux")) or env.get("TERM_PROGRAM") == "tmux"


def detect(env: Mapping[str, str]) -> str:
    """The best text encoder this environment's terminal draws: quadrant, sextant or octant."""
    term = env.get("TERM", "")
    program = env.get("TERM_PROGRAM", "")
    if multiplexed(env):
        return "quadrant"
    if program == "ghostty":
        return "octant" if _version(env.get("TERM_PROGRAM_VERSION", "")) >= (1, 2) else "sextant"
    if program == "WezTerm" or any(key.startswith("WEZTERM_") for key in env):
        return "octant"
    vte = env.get("VTE_VERSION", "")
    if vte.isdigit() and int(vte) >= 7800:
        return "octant"
    if env.get("KITTY_WINDOW_ID") or term == "xterm-kitty":
        return "sextant"
    if term.startswith("foot"):
        return "sextant"
    return "quadrant"


#: The text encoders in every common terminal font.
EVERYWHERE: Final = ("quadrant", "halfblock")


def drawn_here(env: Mapping[str, str]) -> tuple[str, ...]:
    """The text encoders this environment's terminal is known to draw: quadrants
    and half blocks everywhere, sextants and octants where :func:`detect` found
    a terminal that draws them itself (a terminal that draws octants draws
    sextants too)."""
    best = detect(env)
    if best == "octant":
        return (*EVERYWHERE, "sextant", "octant")
    if best == "sextant":
        return (*EVERYWHERE, "sextant")
    return EVERYWHERE


def known_here(choice: str, env: Mapping[str, str], pixels: str | None = None) -> bool:
    """Whether this terminal is known to draw ``choice`` (``auto`` always is; ``pixels``
    where the terminal was found to show them)."""
    if choice == "auto":
        return True
    if choice == "pixels":
        return pixels is not None
    return choice in drawn_here(env)


def choose(
    requested: str | None, env: Mapping[str, str], pixels: str | None = None
) -> tuple[str, str | None]:
    """What draws the board for a requested choice (``auto`` or a name): ``pixels`` or
    a text encoder, and a notice to show when the request cannot be met. ``pixels``
    is the image protocol the terminal was found to speak when the app started
    (``kitty`` or ``sixel``, see :mod:`indigo_tui.ui.board_pixels`); ``auto`` takes
    kitty's, except inside tmux or screen, and never sixel (too slow to redraw)."""
    choice = (requested or "auto").strip().lower()
    notice = None
    if choice not in GLYPH_CHOICES:
        notice = _('Unknown board glyphs "{name}": choose one of {choices}.').format(
            name=requested, choices=", ".join(GLYPH_CHOICES)
        )
        choice = "auto"
    if choice == "pixels":
        if pixels:
            return "pixels", notice
        notice = _(
            "No pixel graphics (kitty graphics or sixel) were found in this terminal when indigo "
            "started: the board uses text glyphs."
        )
        choice = "auto"
    if choice == "auto":
        if pixels == "kitty" and not multiplexed(env) and notice is None:
            return "pixels", None
        choice = detect(env)
    return choice, notice


def requested(cli: str | None, env: Mapping[str, str], saved: str | None) -> str:
    """What was asked for, strongest first: the command line, the environment, the saved setting."""
    for value in (cli, env.get(ENV_VAR), saved):
        if value:
            return value
    return "auto"
