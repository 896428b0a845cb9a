"""The footer of every screen: Textual's, composed again only when its keys change."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    """Textual's footer, which composes all of its keys afresh whenever a
    screen's bindings may have changed: a focus moving, a dialog closing, a
    ``refresh_bindings``. Two times in three the keys it then shows are the
    ones it already shows (counted over the UI tests), and each time every key
    was mounted and styled again, a cost paid on the player's key presses.
    This one composes only when what it would show differs: the keys with
    their names, descriptions, tooltips and whether they are enabled, and the
    command palette's key. Everything else (``compact``) it follows as
    Textual's does.

    Its keys are made in the footer's ``compact`` from the start. Textual's
    begin compact and are then bound to the footer's (in Textual's own
    footer too), so each key was styled twice more at every compose, and a
    key press that changed the keys paid for it."""

    _shown: tuple[Any, ...] | None = None

    def _keys_on_show(self) -> tuple[Any, ...]:
        """Everything ``compose`` reads, as one comparable value."""
        if not self._bindings_ready or not self.is_attached:
            return (False,)
        app = self.app
        keys = tuple(
            (binding, app.get_key_display(binding), enabled, tooltip)
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )
        return (True, keys, self.show_command_palette, app.ENABLE_COMMAND_PALETTE, self.combine_groups)

    def compose(self) -> ComposeResult:
        compact = self.compact
        for widget in super().compose():
            # The command palette's key is not bound to the footer's compact: it stays as it is.
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    async def recompose(self) -> None:
        keys = self._keys_on_show()
        if keys == self._shown and self.children:
            return
        self._shown = keys
        await super().recompose()


__all__ = ["Footer"]
