"""Textual's command palette in the current language.

Textual writes its palette's own words in English: the search field's
placeholder ("Search for commands…", "Search for themes…"), the line shown
when nothing matches, and the titles of the commands it adds (Theme, Quit,
Keys, ...). :class:`LocalCommandPalette` and :class:`LocalPaletteApp` put
them through the catalogs, for every app of ours (the game's and the review
viewer's).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from rich.align import Align
from rich.text import Text
from textual.app import App, SystemCommand
from textual.command import CommandList, CommandPalette
from textual.screen import Screen
from textual.theme import ThemeProvider
from textual.widgets.option_list import Option

from ..i18n import N_, _

#: Textual's own commands in the palette, by their English title: our words for them.
TEXTUAL_COMMANDS: Final = {
    "Theme": (N_("Theme"), N_("Change the current theme")),
    "Quit": (N_("Quit"), N_("Quit the application as soon as possible")),
    "Keys": (N_("Keys"), N_("Show or hide the keys and widget help panel")),
    "Maximize": (N_("Maximize"), N_("Maximize the focused widget")),
    "Minimize": (N_("Minimize"), N_("Minimize the widget and restore to normal size")),
    "Bell": (N_("Bell"), N_("Ring the bell")),
    "Screenshot": (N_("Screenshot"), N_("Save an SVG picture of the screen")),
}
#: Textual's own words on the bindings it adds (the palette key in the footer).
TEXTUAL_BINDING_WORDS: Final = (N_("palette"), N_("Open the command palette"))


class LocalCommandPalette(CommandPalette):
    """The command palette with its placeholder and its "no matches" line translated."""

    def __init__(self, *, placeholder: str | None = None, **kwargs: Any) -> None:
        super().__init__(placeholder=placeholder or _("Search for commands…"), **kwargs)

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual's own, but for its English "No matches found" (it has no seam for the words).
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(
                        Align.center(Text(_("No matches found"), style="not bold")),
                        disabled=True,
                        id=self._NO_MATCHES,
                    )
                )
                self._list_visible = True
            else:
                # An empty search is discovery: no hits is nothing to point out.
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)


#: The actions that quit, whose key the Ctrl+C notice names (a network table's
#: quits after saying goodbye to the other terminals).
QUIT_ACTIONS: Final = frozenset({"quit", "app.quit", "quit_net"})


class LocalPaletteApp(App[None]):
    """An app whose palette speaks the current language (put it where ``App`` would be)."""

    def action_help_quit(self) -> None:
        # Textual's own (Ctrl+C no longer quits: which key does) is English,
        # and knows only its own quit actions.
        for active in self.active_bindings.values():
            binding = active.binding
            if binding.action in QUIT_ACTIONS and active.enabled:
                self.notify(
                    _("Press {key} to quit.").format(key=self.get_key_display(binding)),
                    title=_("Do you want to quit?"),
                    markup=False,
                )
                return

    def action_command_palette(self) -> None:
        # CommandPalette.is_open, which wants an App[object]: an open palette is the screen.
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(LocalCommandPalette(id="--command-palette"))

    def search_themes(self) -> None:
        self.push_screen(LocalCommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            yield self.local_command(command)

    def local_command(self, command: SystemCommand) -> SystemCommand:
        """One of Textual's own palette commands, with our words for it where we have them."""
        words = TEXTUAL_COMMANDS.get(command.title)
        if words is None:
            return command
        title, help_text = words
        return SystemCommand(_(title), _(help_text), command.callback, command.discover)


__all__ = [
    "QUIT_ACTIONS",
    "TEXTUAL_BINDING_WORDS",
    "TEXTUAL_COMMANDS",
    "LocalCommandPalette",
    "LocalPaletteApp",
]
