"""A menu that stops at its ends: up on the first entry and down on the last stay put.

Textual's :class:`~textual.widgets.OptionList` wraps around from the last
entry to the first; a person who counts arrow presses to reach an entry
(or holds a key down) then lands on the wrong one, Host game or Quit.
"""

from __future__ import annotations

from textual.widgets import OptionList


class MenuList(OptionList):
    """An :class:`OptionList` whose cursor keys do not wrap around."""

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            self.action_first() if direction > 0 else self.action_last()
            return
        target = self.highlighted + direction
        while 0 <= target < self.option_count and self.get_option_at_index(target).disabled:
            target += direction
        if 0 <= target < self.option_count:
            self.highlighted = target


__all__ = ["MenuList"]
