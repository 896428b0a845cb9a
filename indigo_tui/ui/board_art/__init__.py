"""The board's drawing pipeline: a crisp sub-pixel raster, encoded into terminal characters.

Pure (no Textual): the widgets, the tests and the screenshot tools all use it.
"""

from typing import Final

#: Every choice a person can make: the text encoders, real pixels, and detection.
#: Here rather than in ``glyphs`` so that ``indigo --board-glyphs`` can offer
#: them without building the encoders (every ``indigo`` command builds that parser).
GLYPH_CHOICES: Final = ("auto", "quadrant", "halfblock", "sextant", "octant", "pixels")
#: The palettes a person can choose (``--palette``, "Colours" in the command
#: palette), the default first; here for the same reason (``ui/palette.py``
#: colours them).
PALETTE_CHOICES: Final = ("default", "okabe-ito")
