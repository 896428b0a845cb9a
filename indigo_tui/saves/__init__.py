"""Records of games on disk.

- :mod:`.file`: the save file (one match: a versioned header and every round's
  event log), written atomically and loaded strictly;
- :mod:`.folder`: the save folder, fresh file names, and listings that read
  headers only;
- :mod:`.guest`: a network guest's record of what its seat may know;
- :mod:`.host`: what a hosted network game keeps in its save's header, and
  the host's keeper of that save;
- :mod:`.hints`: the hints each seat asked for, kept in a save's header;
- :mod:`.lock`: one window at a time plays a save;
- :mod:`.places`: how a file or folder is named on a screen (never the
  server's folders in a visitor's game under ``indigo serve``).

The public names are importable from here: ``from indigo_tui.saves import
load_save``. See ``docs/save-format.md``.
"""

from .file import (
    FORMAT,
    NAME_LIMIT,
    SIZE_LIMIT,
    SUFFIX,
    TITLE_LIMIT,
    VERSION,
    NoSuchFile,
    SavedGame,
    SaveError,
    SaveFile,
    SaveHeader,
    SeatInfo,
    decode_header,
    decode_save,
    default_seat_name,
    default_seat_names,
    encode_save,
    follow_language,
    load_header,
    load_save,
    looks_like_save,
    make_header,
    named_you,
    nested_too_deeply,
    now,
    read_file,
    read_with,
    remove_stale_temps,
    seat_kinds,
    seats_from_kinds,
    write_atomic,
    write_save,
)
from .folder import (
    ENV_VAR,
    SaveEntry,
    default_save_dir,
    default_visitors_dir,
    delete_save,
    is_unfinished,
    latest_unfinished,
    latest_unfinished_of,
    list_saves,
    new_save_path,
    slug,
)
from .guest import (
    RECORD_FORMAT,
    RECORD_SUFFIX,
    RECORD_VERSION,
    GuestRecord,
    PlayedRound,
    RecordKeeper,
    decode_record,
    encode_record,
    find_record,
    load_record,
    record_path,
)
from .hints import HINTS_KEY, hint_counts_meta, read_hint_counts
from .host import HOST_KEY, ROLE_KEY, HostKeeper, HostMeta, is_hosted, read_host_meta, without_host_meta
from .lock import SaveLock, SaveOpenElsewhere, open_elsewhere
from .places import VISITOR_VAR, shown_path, visitor_folder

__all__ = [
    "ENV_VAR",
    "FORMAT",
    "HINTS_KEY",
    "HOST_KEY",
    "NAME_LIMIT",
    "RECORD_FORMAT",
    "RECORD_SUFFIX",
    "RECORD_VERSION",
    "ROLE_KEY",
    "SIZE_LIMIT",
    "SUFFIX",
    "TITLE_LIMIT",
    "VERSION",
    "VISITOR_VAR",
    "GuestRecord",
    "HostKeeper",
    "HostMeta",
    "NoSuchFile",
    "PlayedRound",
    "RecordKeeper",
    "SaveEntry",
    "SaveError",
    "SaveFile",
    "SaveHeader",
    "SaveLock",
    "SaveOpenElsewhere",
    "SavedGame",
    "SeatInfo",
    "decode_header",
    "decode_record",
    "decode_save",
    "default_save_dir",
    "default_seat_name",
    "default_seat_names",
    "default_visitors_dir",
    "delete_save",
    "encode_record",
    "encode_save",
    "find_record",
    "follow_language",
    "hint_counts_meta",
    "is_hosted",
    "is_unfinished",
    "latest_unfinished",
    "latest_unfinished_of",
    "list_saves",
    "load_header",
    "load_record",
    "load_save",
    "looks_like_save",
    "make_header",
    "named_you",
    "nested_too_deeply",
    "new_save_path",
    "now",
    "open_elsewhere",
    "read_file",
    "read_hint_counts",
    "read_host_meta",
    "read_with",
    "record_path",
    "remove_stale_temps",
    "seat_kinds",
    "seats_from_kinds",
    "shown_path",
    "slug",
    "visitor_folder",
    "without_host_meta",
    "write_atomic",
    "write_save",
]
