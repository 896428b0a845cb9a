"""The terminal sizes at which a board screen changes its layout, shared by
the table (:mod:`.screens.game`) and the review (:mod:`.screens.review`), so
that a board is as large in one as in the other; the classes they set
(``-compact``, ``-narrow``, ``-stacked``) are styled in ``indigo.tcss`` and
``screens/review.tcss``.

A module of its own because both screens read it and neither may import the
other (the review is opened from the table's end dialog).
"""

from __future__ import annotations

#: Below this size the side panel narrows and the hand tiles shrink.
COMPACT_WIDTH, COMPACT_HEIGHT = 110, 34
#: Below this width (and above compact) the side panel gives the board a few
#: columns, so that hexagons at 120x40 are 18 sub-pixels across instead of 16.
NARROW_WIDTH = 140
#: Below this width (a phone held upright: 45 columns) the side panel goes under
#: the board, the full width, where there are lines enough for both.
STACKED_WIDTH, STACKED_HEIGHT = 60, 30

__all__ = ["COMPACT_HEIGHT", "COMPACT_WIDTH", "NARROW_WIDTH", "STACKED_HEIGHT", "STACKED_WIDTH"]
