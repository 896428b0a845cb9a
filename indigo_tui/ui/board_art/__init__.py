"""The board's drawing pipeline: a crisp sub-pixel raster, encoded into terminal characters.

Pure (no Textual): the widgets, the tests and the screenshot tools all use it.
"""
