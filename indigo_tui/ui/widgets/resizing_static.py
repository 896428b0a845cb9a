"""A ``Static`` whose new text is always laid out at its own height."""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


class ResizingStatic(Static):
    """``Static``, laid out for each new text's height whatever came before.

    Textual (8.2) counts a widget's layouts only when none is pending, and
    keeps its size by that count: a text set while the one before still
    waited for its layout, with a layout pass of its container between the
    two, was drawn in the first one's height, its lines after that cut off
    until the next change (a review rating's last lines, when the ratings
    ended just as the player stepped to a move). One more count then makes
    that layout size the widget again. It reaches into two private
    attributes of Textual's ``Widget``; a Textual that lays such a text out
    by itself makes the extra count harmless."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if layout and self._layout_required:
            self._layout_updates += 1
        super().update(content, layout=layout)


__all__ = ["ResizingStatic"]
