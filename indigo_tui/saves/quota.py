"""A visitor's share of the disk under ``indigo serve``: the quota of its folder.

On a server with a token each browser is a visitor with a folder of its own
(:data:`~.places.VISITOR_VAR`), and its game, a child process of the server,
is what writes into it. So the quota is kept where the writes happen: the
server tells the game its quota in :data:`QUOTA_VAR` (bytes), and
:func:`check_room` is asked before every file the save layer writes
(:func:`~.file.write_atomic`: games, a guest's records, kept reviews). A
write that would take the folder past its quota is refused with
:class:`FolderFull`, an :class:`OSError` whose words say why (in the game's
language), so every writer's own handling of a full disk says it, and
nothing claims to be saved that is not.

What a folder takes is counted as the disk does, in whole blocks of
:data:`BLOCK` bytes, each file and folder at least one, so that a
multitude of tiny files costs what it costs the disk. At a terminal (and for
the person at a 127.0.0.1 server) there is no quota: :data:`QUOTA_VAR` is
unset.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from ..i18n import _, decimal
from .places import visitor_folder

#: Set by ``indigo serve`` in a visitor's game: the bytes its folder may take.
QUOTA_VAR = "INDIGO_VISITOR_QUOTA"
#: The unit of what a file takes on disk (a file of one byte takes a block).
BLOCK = 4096


class FolderFull(OSError):
    """A write refused: it would take the visitor's folder past its quota.
    Its only argument is the refusal in words (no ``errno``: the words are ours)."""


def visitor_quota() -> int | None:
    """The bytes this game's visitor folder may take; ``None``: no quota (not
    a visitor's game). A value that is not a whole number of bytes leaves no
    room at all: the server set it, and a fault there must not lift the quota."""
    given = os.environ.get(QUOTA_VAR)
    if given is None or visitor_folder() is None:
        return None
    try:
        return max(0, int(given))
    except ValueError:
        return 0


def footprint(size: int) -> int:
    """The bytes a file of ``size`` bytes takes on disk, in whole blocks, at least one."""
    return max(1, math.ceil(size / BLOCK)) * BLOCK


def folder_usage(folder: Path, enough: int | None = None) -> int:
    """What ``folder`` takes, in :func:`footprint` (links are counted, never
    followed). Counting stops once it passes ``enough``: past the quota,
    how far past does not matter, and a folder of a million files is not
    walked for each save."""
    used = 0
    pending = [folder]
    while pending:
        try:
            entries = list(os.scandir(pending.pop()))
        except OSError:
            continue  # gone meanwhile, or unreadable: it holds nothing we can count
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    pending.append(Path(entry.path))
                    used += BLOCK
                else:
                    used += footprint(entry.stat(follow_symlinks=False).st_size)
            except OSError:
                continue
            if enough is not None and used > enough:
                return used
    return used


def megabytes(size: int) -> str:
    """``size`` bytes in megabytes (a million bytes) for a person, as ``12.5``."""
    return decimal(round(size / 1_000_000, 1))


def check_room(path: Path, size: int) -> None:
    """Before ``size`` bytes are written to ``path`` (replacing what is
    there): :class:`FolderFull` if, in a visitor's game, that would take its
    folder past the quota. Anywhere else this does nothing."""
    quota = visitor_quota()
    folder = visitor_folder()
    if quota is None or folder is None:
        return
    target = Path(os.path.abspath(path))
    if not target.is_relative_to(folder):
        return  # not the visitor's folder: not theirs to count
    try:
        replaced = footprint(target.stat().st_size) if target.is_file() else 0
    except OSError:
        replaced = 0
    used = folder_usage(folder, enough=quota + replaced)
    if used - replaced + footprint(size) <= quota:
        return
    raise FolderFull(
        # translators: after "Not saved:" in a game's status, whose first two lines
        # are all that a small screen shows: the fault first, then what to do.
        _(
            "folder full ({quota} MB for this browser on this server): "
            "delete saved games you no longer need (Load a saved game, then d)"
        ).format(quota=megabytes(quota))
    )


__all__ = ["BLOCK", "QUOTA_VAR", "FolderFull", "check_room", "folder_usage", "footprint", "visitor_quota"]
