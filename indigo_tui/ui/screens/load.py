"""The saves in the save folder: players, date, move, whose turn; load or delete."""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import N_, _, ngettext
from ...saves import (
    SaveEntry,
    SaveError,
    delete_save,
    list_saves,
    load_save,
    open_elsewhere,
    visitor_folder,
)
from ...saves.openable import split_openable
from ..localise import Localised
from ..requests import ResumeGame
from ..widgets.footer import Footer


def describe_entry(entry: SaveEntry) -> str:
    """One line of the list, the file's name first (two games of the same
    players in the same minute are two files, told apart by their names)."""
    when = datetime.fromtimestamp(entry.modified).strftime("%Y-%m-%d %H:%M")
    if entry.header is None:
        return "⚠ " + _("{file}: cannot be opened: {reason}").format(file=entry.path.name, reason=entry.error)
    header = entry.header
    players = ", ".join(seat.name for seat in header.seats)
    if header.over:
        state = _("finished")
    else:
        turn = header.seats[header.turn].name if 0 <= header.turn < len(header.seats) else "?"
        state = _("move {number}, {name} to move").format(number=header.placements + 1, name=turn)
    parts = [players, when, state]
    if header.rounds > 1:
        parts.append(_("round {number}/{rounds}").format(number=header.round + 1, rounds=header.rounds))
    line = " · ".join(parts)
    described = f"{header.title}: {line}" if header.title else line
    return f"{entry.path.name}  {described}"


def delete_question(entry: SaveEntry) -> str:
    """Which game a delete would take away, in the words the list uses."""
    if entry.header is None:
        return _("Delete the unreadable save {file}?").format(file=entry.path.name)
    header = entry.header
    # translators: between the players' names, as in "Ann vs Bob"
    players = (" " + _("vs") + " ").join(seat.name for seat in header.seats)
    # A date every language reads alike (month names would need a locale).
    when = datetime.fromtimestamp(entry.modified).strftime("%Y-%m-%d")
    if header.over:
        question = (
            _('Delete the finished game "{title}", {players} of {date}?')
            if header.title
            else _("Delete the finished game {players} of {date}?")
        )
        return question.format(title=header.title, players=players, date=when)
    question = (
        _('Delete the game "{title}", {players} of {date}, at move {number}?')
        if header.title
        else _("Delete the game {players} of {date}, at move {number}?")
    )
    return question.format(title=header.title, players=players, date=when, number=header.placements + 1)


class LoadScreen(Localised, Screen[None]):
    """The saves in one folder; loading one posts :class:`ResumeGame`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "load", N_("Load")),
        Binding("delete,d", "delete", N_("Delete")),
        Binding("v", "review", N_("Review")),
        Binding("escape", "app.pop_screen", N_("Back")),
    ]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Static(_("Saved games"), classes="title")
            yield Static("", id="load-folder", markup=False)
            yield OptionList(id="saves", markup=False)
            yield Static("", id="load-message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.reload()

    @work(exclusive=True, group="load-saves")
    async def reload(self) -> None:
        """List the folder off the UI thread (headers only), then show it."""
        folder = self.save_dir
        if visitor_folder() is not None:
            # A visitor of `indigo serve`: the folder's path is the server's business.
            where = _("in this browser's own folder on this server")
        else:
            where = _("in {folder}").format(folder=folder)
        self.query_one("#load-folder", Static).update(where)
        # Each file read whole (not its header alone): one that would not load is
        # listed apart, after the others, with its reason, to be deleted if need be.
        good, bad = await asyncio.to_thread(lambda: split_openable(list_saves(folder)))
        self.entries = [*good, *bad]
        options = self.query_one("#saves", OptionList)
        options.clear_options()
        for index, entry in enumerate(good):
            options.add_option(Option(describe_entry(entry), id=str(index)))
        if bad:
            options.add_option(
                Option(
                    ngettext(
                        "{count} file cannot be opened (d deletes it):",
                        "{count} files cannot be opened (d deletes one):",
                        len(bad),
                    ).format(count=len(bad)),
                    id="unopenable",
                    disabled=True,
                )
            )
            for index, entry in enumerate(bad, start=len(good)):
                options.add_option(Option(describe_entry(entry), id=str(index)))
        if self.entries:
            options.highlighted = 0 if good else 1
        else:
            self.query_one("#load-message", Static).update(_("No saved games yet."))
        options.focus()

    async def relocalise(self) -> None:
        """After a change of language: the list again, in the new words."""
        # A listing still under way would end on a screen with no list (or the
        # old one): it is started again once the new one is composed.
        self.workers.cancel_group(self, "load-saves")
        await self.recompose()
        self.reload()

    def _selected(self) -> SaveEntry | None:
        options = self.query_one("#saves", OptionList)
        if options.highlighted is None or not self.entries:
            return None
        option = options.get_option_at_index(options.highlighted)
        if option.id is None or not option.id.isdigit():
            return None  # the heading of the files that do not open
        return self.entries[int(option.id)]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_load()

    def action_load(self) -> None:
        entry = self._selected()
        if entry is None:
            return
        if entry.header is None:
            self.query_one("#load-message", Static).update(
                _("Can't load {file}: {reason}").format(file=entry.path.name, reason=entry.error)
            )
            return
        try:
            saved = load_save(entry.path)
        except SaveError as exc:
            # The same words as `indigo load` prints.
            self.notify(str(exc), title=_("Can't load"), severity="error")
            return
        self.post_message(ResumeGame(saved))

    def action_review(self) -> None:
        """The highlighted save's latest round in the review viewer."""
        entry = self._selected()
        if entry is None:
            return
        from ...saves import load_save
        from .review import ReviewScreen

        try:
            saved = load_save(entry.path)
        except SaveError as exc:
            # A file name and its error as plain text, never markup.
            self.query_one("#load-message", Static).update(
                Text(_("Can't review {file}: {reason}").format(file=entry.path.name, reason=exc.detail))
            )
            return
        names = [seat.name for seat in saved.header.seats]
        self.app.push_screen(ReviewScreen(saved.match.game, names, entry.path))

    def action_delete(self) -> None:
        entry = self._selected()
        if entry is None:
            return
        from .confirm import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            if open_elsewhere(entry.path):
                # Its window would write it again after the next move, and lose nothing but this.
                self.query_one("#load-message", Static).update(
                    _(
                        "This game is open in another window (a browser tab or a terminal): "
                        "close it there before deleting it."
                    )
                )
                return
            try:
                delete_save(entry.path)
            except SaveError as exc:
                self.query_one("#load-message", Static).update(str(exc))
                return
            self.query_one("#load-message", Static).update(_("Deleted."))
            self.reload()

        self.app.push_screen(ConfirmScreen(delete_question(entry)), answer)
