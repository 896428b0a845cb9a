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
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...saves import SaveEntry, SaveError, delete_save, list_saves, load_save
from ..requests import ResumeGame


def describe_entry(entry: SaveEntry) -> str:
    when = datetime.fromtimestamp(entry.modified).strftime("%Y-%m-%d %H:%M")
    if entry.header is None:
        return f"⚠ {entry.path.name}: cannot be read: {entry.error}"
    header = entry.header
    players = ", ".join(seat.name for seat in header.seats)
    title = f"{header.title}: " if header.title else ""
    if header.over:
        state = "finished"
    else:
        turn = header.seats[header.turn].name if 0 <= header.turn < len(header.seats) else "?"
        state = f"move {header.placements + 1}, {turn} to move"
    rounds = f", round {header.round + 1}/{header.rounds}" if header.rounds > 1 else ""
    return f"{title}{players} · {when} · {state}{rounds}"


def delete_question(entry: SaveEntry) -> str:
    """Which game a delete would take away, in the words the list uses."""
    if entry.header is None:
        return f"Delete the unreadable save {entry.path.name}?"
    header = entry.header
    players = " vs ".join(seat.name for seat in header.seats)
    saved = datetime.fromtimestamp(entry.modified)
    when = f"{saved.day} {saved:%b %Y}"
    named = f'"{header.title}", ' if header.title else ""
    state = "finished" if header.over else f"move {header.placements + 1}"
    return f"Delete the game {named}{players} of {when}, {state}?"


class LoadScreen(Screen[None]):
    """The saves in one folder; loading one posts :class:`ResumeGame`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "load", "Load"),
        Binding("delete,d", "delete", "Delete"),
        Binding("v", "review", "Review"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def __init__(self, save_dir: Path) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Static("Saved games", classes="title")
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
        self.query_one("#load-folder", Static).update(f"in {folder}")
        self.entries = await asyncio.to_thread(list_saves, folder)
        options = self.query_one("#saves", OptionList)
        options.clear_options()
        for index, entry in enumerate(self.entries):
            options.add_option(Option(describe_entry(entry), id=str(index)))
        if self.entries:
            options.highlighted = 0
        else:
            self.query_one("#load-message", Static).update("No saved games yet.")
        options.focus()

    def _selected(self) -> SaveEntry | None:
        options = self.query_one("#saves", OptionList)
        if options.highlighted is None or not self.entries:
            return None
        return self.entries[options.highlighted]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_load()

    def action_load(self) -> None:
        entry = self._selected()
        if entry is None:
            return
        if entry.header is None:
            self.query_one("#load-message", Static).update(f"Can't load {entry.path.name}: {entry.error}")
            return
        try:
            saved = load_save(entry.path)
        except SaveError as exc:
            # The same words as `indigo load` prints.
            self.notify(str(exc), title="Can't load", severity="error")
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
            self.query_one("#load-message", Static).update(Text(f"Can't review {entry.path.name}: {exc}"))
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
            try:
                delete_save(entry.path)
            except SaveError as exc:
                self.query_one("#load-message", Static).update(str(exc))
                return
            self.query_one("#load-message", Static).update("Deleted.")
            self.reload()

        self.app.push_screen(ConfirmScreen(delete_question(entry)), answer)
