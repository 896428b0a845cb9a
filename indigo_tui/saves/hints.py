"""How many hints each seat asked for, as a save's header keeps it.

A local game and a hosted network game both keep the counts in the header's
``meta`` under :data:`HINTS_KEY`, as ``"0,2"`` (one count per seat, seat 1
first). A save without the entry, or with anything else there, reads as no
hints: the counts are a courtesy shown on the end screen, never a reason to
refuse a file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

HINTS_KEY: Final = "hints"


def read_hint_counts(meta: Mapping[str, str], players: int) -> list[int]:
    """The hint counts ``meta`` holds for ``players`` seats (zeros if none or odd)."""
    parts = meta.get(HINTS_KEY, "").split(",")
    if len(parts) != players or not all(p.isdigit() and len(p) <= 6 for p in parts):
        return [0] * players
    return [int(p) for p in parts]


def hint_counts_meta(counts: Sequence[int]) -> str:
    """The ``meta`` value for ``counts``."""
    return ",".join(str(n) for n in counts)


__all__ = ["HINTS_KEY", "hint_counts_meta", "read_hint_counts"]
