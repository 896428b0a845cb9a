"""Settings remembered between runs: a small JSON file in the user's config folder.

Only what a person chose in the app is kept: the board glyphs, the
language (None: not chosen, so the system's language counts), the
colours (the palette: the default, or one for colour-blind readers), the
gem animation (on or off), the notice when it is one's turn again after a
wait (off, a bell or a flash) and how far the guided first game has got. The
file is written atomically (a temporary file renamed over it), and a file
that cannot be read gives one notice and the defaults, never a crash.
``INDIGO_CONFIG_DIR`` moves the folder (tests use it).
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ..i18n import LANGUAGES, _
from ..i18n.words import os_problem
from ..saves import NoSuchFile, SaveError, read_with, shown_path
from .board_art import GLYPH_CHOICES, PALETTE_CHOICES

FILE_NAME = "settings.json"


def config_dir() -> Path:
    override = os.environ.get("INDIGO_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("indigo-tui", appauthor=False))


@dataclass
class Settings:
    board_glyphs: str = "auto"
    #: One of :data:`~indigo_tui.i18n.LANGUAGES`, or None when the person has
    #: not chosen one (then ``--lang``'s absence means the system's language).
    language: str | None = None
    #: One of :data:`~indigo_tui.ui.board_art.PALETTE_CHOICES` (the board's colours).
    palette: str = "default"
    #: Whether moves are animated (the gems' travel, another seat's tile arriving).
    gem_animation: bool = True
    #: One of :data:`TURN_NOTICES`: what says it is one's turn again after a wait.
    turn_notice: str = "off"
    #: The step of the guided first game to take up (0: from the start).
    lesson: int = 0


#: What may say it is one's turn again after a wait: nothing, the terminal's bell, a flash.
TURN_NOTICES = ("off", "bell", "flash")


def load_settings(folder: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, and a notice if the file was there but unreadable."""
    path = (folder or config_dir()) / FILE_NAME
    # Named in words a visitor of `indigo serve` may read (never the server's folders).
    shown = shown_path(path)
    try:
        data = read_with(path, json.loads)
    except NoSuchFile:
        return Settings(), None
    except SaveError as exc:
        return Settings(), _("Settings not read ({reason}): using the defaults.").format(reason=exc.detail)
    except ValueError:
        return Settings(), _("Settings file {path} is damaged: using the defaults.").format(path=shown)
    if not isinstance(data, dict):
        return Settings(), _("Settings file {path} is damaged: using the defaults.").format(path=shown)
    glyphs = data.get("board_glyphs", "auto")
    if glyphs not in GLYPH_CHOICES:
        return Settings(), _("Settings file {path} names unknown board glyphs: using the defaults.").format(
            path=shown
        )
    language = data.get("language")
    if language is not None and language not in LANGUAGES:
        return Settings(), _("Settings file {path} names an unknown language: using the defaults.").format(
            path=shown
        )
    palette = data.get("palette", "default")
    if palette not in PALETTE_CHOICES:
        return Settings(), _("Settings file {path} names unknown colours: using the defaults.").format(
            path=shown
        )
    animation = data.get("gem_animation", True)
    notice = data.get("turn_notice", "off")
    lesson = data.get("lesson", 0)
    if (
        not isinstance(animation, bool)
        or notice not in TURN_NOTICES
        or not isinstance(lesson, int)
        or isinstance(lesson, bool)
        or lesson < 0
    ):
        return Settings(), _("Settings file {path} is damaged: using the defaults.").format(path=shown)
    return (
        Settings(
            board_glyphs=glyphs,
            language=language,
            palette=palette,
            gem_animation=animation,
            turn_notice=notice,
            lesson=lesson,
        ),
        None,
    )


def save_settings(settings: Settings, folder: Path | None = None) -> str | None:
    """Write the settings; a notice if that failed (the game goes on without them)."""
    target = folder or config_dir()
    try:
        target.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=target)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(dataclasses.asdict(settings), out, indent=2)
                out.write("\n")
            os.replace(temp, target / FILE_NAME)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        return _("Settings not saved: {reason}.").format(reason=os_problem(exc))
    return None


class Keep(Enum):
    """A setting :func:`update_settings` leaves as saved."""

    KEEP = "keep"


KEEP = Keep.KEEP


def update_settings(
    *,
    board_glyphs: str | Keep = KEEP,
    language: str | Keep | None = KEEP,
    palette: str | Keep = KEEP,
    gem_animation: bool | Keep = KEEP,
    turn_notice: str | Keep = KEEP,
    lesson: int | Keep = KEEP,
    folder: Path | None = None,
) -> str | None:
    """Change the settings given and keep the others as saved (``language=None``
    forgets the language); a notice if that failed, as :func:`save_settings` gives."""
    settings = load_settings(folder)[0]
    if not isinstance(board_glyphs, Keep):
        settings.board_glyphs = board_glyphs
    if not isinstance(language, Keep):
        settings.language = language
    if not isinstance(palette, Keep):
        settings.palette = palette
    if not isinstance(gem_animation, Keep):
        settings.gem_animation = gem_animation
    if not isinstance(turn_notice, Keep):
        settings.turn_notice = turn_notice
    if not isinstance(lesson, Keep):
        settings.lesson = lesson
    return save_settings(settings, folder)
