"""The save folder: where it is, fresh file names, and listing what is in it.

A listing reads each file's header only (the rounds are skipped unread, never
replayed), so a folder of a hundred saves lists in milliseconds; a save whose
log is damaged shows up as such when it is loaded.
"""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from ..i18n import _
from ..i18n.words import os_problem
from .file import SUFFIX, SaveError, SaveHeader, load_header
from .places import shown_path

ENV_VAR = "INDIGO_SAVE_DIR"
#: The folder name under the user's data folder (and the app name platformdirs knows).
APP_NAME = "indigo-tui"


@dataclass
class SaveEntry:
    """A file in the save folder: its header, or the error that stops reading it."""

    path: Path
    header: SaveHeader | None
    error: str | None
    modified: float


def default_save_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``override``, else ``$INDIGO_SAVE_DIR``, else ``./saves`` if that folder
    exists (a checkout of the project), else the user's data folder as the
    platform names it (``~/.local/share/indigo-tui/saves`` on Linux)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    local = Path("saves")
    if local.is_dir():
        return local
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "saves"


def default_visitors_dir() -> Path:
    """Where ``indigo serve`` with a token keeps each browser's own folder
    (its saves and settings): beside the user's save folder, never in it
    (``~/.local/share/indigo-tui/visitors`` on Linux)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "visitors"


def slug(text: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", text.strip()).strip("-.")
    return cleaned[:60] or "game"


def new_save_path(directory: str | os.PathLike[str], title: str = "") -> Path:
    """A fresh file name in ``directory``: the time, and the title if any."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    name = f"{stamp}-{slug(title)}" if title else f"{stamp}-{secrets.token_hex(3)}"
    return Path(directory) / f"{name}{SUFFIX}"


def list_saves(directory: str | os.PathLike[str]) -> list[SaveEntry]:
    """Every save in ``directory``, newest first, by its header alone;
    unreadable ones carry their error."""
    folder = Path(directory)
    if not folder.is_dir():
        return []
    entries = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        try:
            header: SaveHeader | None = load_header(path)
            error = None
        except SaveError as exc:
            header, error = None, exc.detail
        entries.append(SaveEntry(path, header, error, modified))
    entries.sort(key=lambda e: e.modified, reverse=True)
    return entries


def is_unfinished(header: SaveHeader) -> bool:
    """Whether the match a header describes can still be played on."""
    return not (header.over and header.round + 1 >= header.rounds)


def latest_unfinished_of(entries: list[SaveEntry]) -> SaveEntry | None:
    """The first (newest) entry of a listing whose match is not over."""
    for entry in entries:
        if entry.header is not None and is_unfinished(entry.header):
            return entry
    return None


def latest_unfinished(directory: str | os.PathLike[str]) -> SaveEntry | None:
    """The most recently saved match that is not over, for "Continue"."""
    return latest_unfinished_of(list_saves(directory))


def delete_save(path: str | os.PathLike[str]) -> None:
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(
            _("could not delete {path}: {problem}").format(path=shown_path(path), problem=os_problem(exc))
        ) from None
