"""The title screen: a menu built from a list, so new entries are one line each."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import N_, _, ngettext
from ...saves import SaveEntry, SaveError, load_save
from ...saves.openable import latest_openable
from ..localise import Localised
from ..requests import ChooseLanguage, ResumeGame
from ..widgets.footer import Footer
from ..widgets.menu_list import MenuList

LOGO = """\
 ___           _ _
|_ _|_ __   __| (_) __ _  ___
 | || '_ \\ / _` | |/ _` |/ _ \\
 | || | | | (_| | | (_| | (_) |
|___|_| |_|\\__,_|_|\\__, |\\___/
                   |___/"""


@dataclass(frozen=True)
class MenuEntry:
    """One line of the menu: an id, its label, and what it does (given the screen)."""

    id: str
    #: An English message id (marked with ``N_``), translated when shown.
    label: str
    run: Callable[[TitleScreen], None]
    #: Whether to show it now (e.g. Continue only with an unfinished save).
    shown: Callable[[TitleScreen], bool] = lambda screen: True


def _new(screen: TitleScreen) -> None:
    from .setup import SetupScreen

    screen.app.push_screen(SetupScreen())


def _continue(screen: TitleScreen) -> None:
    entry = screen.latest
    if entry is None:
        screen.notify(_("No unfinished game to continue."))
        return
    try:
        saved = load_save(entry.path)
    except SaveError as exc:
        screen.notify(str(exc), title=_("Can't load"), severity="error")
        return
    screen.post_message(ResumeGame(saved))


def _learn(screen: TitleScreen) -> None:
    from .learn import LearnScreen, lesson_to_take_up

    screen.app.push_screen(LearnScreen(lesson_to_take_up()))


def _load(screen: TitleScreen) -> None:
    from .load import LoadScreen

    screen.app.push_screen(LoadScreen(screen.save_dir))


def _rules(screen: TitleScreen) -> None:
    from .rules import RulesScreen

    screen.app.push_screen(RulesScreen())


def _host(screen: TitleScreen) -> None:
    from .host_setup import HostSetupScreen

    screen.app.push_screen(HostSetupScreen(screen.save_dir))


def _join(screen: TitleScreen) -> None:
    from .join import JoinScreen

    screen.app.push_screen(JoinScreen(save_dir=screen.save_dir))


def _stats(screen: TitleScreen) -> None:
    from .stats import StatsScreen

    screen.app.push_screen(StatsScreen(screen.save_dir))


def _language(screen: TitleScreen) -> None:
    from .language import LanguageScreen

    def chosen(code: str | None) -> None:
        # The app switches every screen to it (the title is still here to say so).
        if code is not None:
            screen.post_message(ChooseLanguage(code))

    screen.app.push_screen(LanguageScreen(), chosen)


def _quit(screen: TitleScreen) -> None:
    screen.app.exit()


#: The menu, in order. Other parts of the app add entries here (before "quit").
#: Continue, where there is a game to take up, comes first: the menu opens on its
#: first entry, and that is the likeliest wish.
MENU: list[MenuEntry] = [
    MenuEntry("continue", N_("Continue"), _continue, lambda s: s.latest is not None),
    MenuEntry("new", N_("New game"), _new),
    MenuEntry("learn", N_("Learn to play"), _learn),
    MenuEntry("load", N_("Load a saved game"), _load),
    MenuEntry("host", N_("Host game (LAN or internet)"), _host),
    MenuEntry("join", N_("Join game (LAN or internet)"), _join),
    MenuEntry("stats", N_("Your games and rating"), _stats),
    MenuEntry("rules", N_("Rules"), _rules),
    MenuEntry("language", N_("Language"), _language),
    MenuEntry("quit", N_("Quit"), _quit),
]


def continue_hint(entry: SaveEntry | None) -> str:
    """What Continue would resume: the players and the next move."""
    if entry is None or entry.header is None:
        return ""
    header = entry.header
    # translators: between the players' names, as in "Ann vs Bob"
    names = (" " + _("vs") + " ").join(seat.name for seat in header.seats)
    return "  " + _("({names}, move {number})").format(names=names, number=header.placements + 1)


class TitleScreen(Localised, Screen[None]):
    """The menu; picking a game posts :class:`ResumeGame` (or the setup screen
    posts ``StartGame``) for the app to act on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", N_("Quit")),
        Binding("n", "pick('new')", N_("New game")),
    ]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        #: The newest unfinished save that opens, from the last scan of the save folder.
        self.latest: SaveEntry | None = None
        #: The files found on the way that do not open (Load lists them with their reasons).
        self.unopenable = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Static(_("Lay path tiles, steer gems to your gates."), id="tagline")
            # Plain text: the Continue entry carries names read from a save file.
            yield MenuList(id="menu", markup=False)
            note = Static("", id="title-note", markup=False)
            note.display = False
            yield note
        yield Footer()

    def on_mount(self) -> None:
        self.rebuild_menu()

    def on_screen_resume(self) -> None:
        # Each time the title shows (first and after a game), the menu starts on
        # its first entry, and the folder is scanned once, off the UI thread;
        # the menu follows when it is done.
        self._first_entry()
        self.scan_saves()

    def _first_entry(self) -> None:
        """The highlight on the first entry: every time the menu shows, the same
        presses of the arrow keys lead to the same entry."""
        menu = self.query_one("#menu", OptionList)
        if menu.option_count:
            menu.highlighted = 0
        menu.focus()

    @work(exclusive=True, group="title-saves")
    async def scan_saves(self) -> None:
        folder = self.save_dir
        # Each candidate read whole: Continue never offers a file that would not load.
        latest, bad = await asyncio.to_thread(latest_openable, folder)
        self.unopenable = len(bad)
        self._say_unopenable()
        if latest != self.latest:
            self.latest = latest
            self.rebuild_menu()

    def _say_unopenable(self) -> None:
        count = self.unopenable
        note = (
            ngettext(
                "{count} save cannot be opened: Load lists it with the reason.",
                "{count} saves cannot be opened: Load lists them with the reasons.",
                count,
            ).format(count=count)
            if count
            else ""
        )
        shown = self.query_one("#title-note", Static)
        shown.update(note)
        # No room taken when there is nothing to say (the menu stays where it was).
        shown.display = bool(note)

    def rebuild_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        for entry in MENU:
            if entry.shown(self):
                label = _(entry.label)
                if entry.id == "continue":
                    label += continue_hint(self.latest)
                menu.add_option(Option(label, id=entry.id))
        self._first_entry()

    async def relocalise(self) -> None:
        """After a change of language: the tagline and the menu in the new words."""
        self.query_one("#tagline", Static).update(_("Lay path tiles, steer gems to your gates."))
        self._say_unopenable()
        self.rebuild_menu()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_pick(self, entry_id: str) -> None:
        for entry in MENU:
            if entry.id == entry_id:
                entry.run(self)
                return
