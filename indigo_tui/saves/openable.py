"""Which saves open: each read whole (the log replayed and checked), not by
its header alone, so that Continue and the Load list never offer a file that
would then fail to load. A file that does not open is kept apart with its
reason, and never stops the listing of the others."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence

from .file import SaveError, load_save
from .folder import SaveEntry, is_unfinished, list_saves


def opened(entry: SaveEntry) -> SaveEntry:
    """``entry`` once its file was read whole: as it was if the file opens,
    else with no header and the reason it does not."""
    if entry.header is None:
        return entry
    try:
        load_save(entry.path)
    except SaveError as exc:
        return dataclasses.replace(entry, header=None, error=exc.detail)
    return entry


def split_openable(entries: Sequence[SaveEntry]) -> tuple[list[SaveEntry], list[SaveEntry]]:
    """``entries`` (a listing) each read whole: those that open, and those
    that do not, each with its reason; in the listing's order."""
    good: list[SaveEntry] = []
    bad: list[SaveEntry] = []
    for entry in entries:
        checked = opened(entry)
        (good if checked.header is not None else bad).append(checked)
    return good, bad


def latest_openable(directory: str | os.PathLike[str]) -> tuple[SaveEntry | None, list[SaveEntry]]:
    """For Continue: the newest unfinished save that opens whole (or None),
    and every file found not to open on the way (the unreadable ones, and the
    newer unfinished ones whose log is damaged)."""
    entries = list_saves(directory)
    bad = [entry for entry in entries if entry.header is None]
    for entry in entries:
        if entry.header is None or not is_unfinished(entry.header):
            continue
        checked = opened(entry)
        if checked.header is not None:
            return checked, bad
        bad.append(checked)
    return None, bad
