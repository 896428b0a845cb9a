"""Where the player looks: is a message on the screen, or hidden under
something else?

A message can be in a widget's text and still never be seen: docked under
another widget, scrolled out of its box, cut off by the terminal's edge, or
drawn over by a toast. These helpers read the screen as the player sees it
(the text of ``export_screenshot``, through :func:`~.conftest.screen_text`)
and the compositor's map of what is drawn on top where (``get_widget_at``),
never a widget's attributes alone:

- :func:`in_sight` finds the widget that shows some words, and fails, saying
  what hides them, unless every cell of it is on screen and drawn by itself
  (or its own children);
- :func:`covered_texts` lists every text on the current screen that another
  widget draws over, for a check that nothing hides anything;
- :func:`seen_at_every_size` resizes the terminal to each of :data:`SIZES`
  and checks both there.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from textual.app import App
from textual.errors import NoWidget
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Label, Static

from indigo_tui.ui.app import IndigoApp

from .conftest import resize, screen_text, until

#: The terminal sizes a message must be seen at: the smallest the game is
#: made for, the usual, and a large one.
SIZES: tuple[tuple[int, int], ...] = ((80, 24), (120, 40), (200, 60))

_SPACE = re.compile(r"\s+")


def _flat(text: str) -> str:
    """``text`` with every run of white space (new lines too) as one space."""
    return _SPACE.sub(" ", text).strip()


def _text_of(widget: Widget) -> str:
    """The words ``widget`` renders itself (its own content, not its children's)."""
    try:
        return _flat(str(widget.render()))
    except Exception:  # a widget that renders only with a size, say: no words of its own
        return ""


def _placed(app: App[Any], widget: Widget) -> tuple[Region, Region] | None:
    """Where the compositor put ``widget``: its content region on screen, and
    the part of it that is visible (inside every scrolling parent and the
    screen); None when it is not drawn at all."""
    try:
        geometry = app.screen.find_widget(widget)
    except NoWidget:
        return None
    content = geometry.region.shrink(widget.styles.gutter)
    screen = Region(0, 0, app.size.width, app.size.height)
    return content, content.intersection(geometry.clip).intersection(screen)


def _drawn_text(rows: list[str], region: Region) -> str:
    """The screenshot's text inside ``region``, its lines joined."""
    lines = rows[region.y : region.bottom]
    return _flat(" ".join(line[region.x : region.right] for line in lines))


def _covers(app: App[Any], widget: Widget, region: Region) -> list[tuple[Widget, tuple[int, int]]]:
    """Each widget drawn on top of some cell of ``region`` of ``widget``
    (other than ``widget`` itself and its own children), with the first cell."""
    found: dict[Widget, tuple[int, int]] = {}
    for y in range(region.y, region.bottom):
        for x in range(region.x, region.right):
            try:
                top, _where = app.screen.get_widget_at(x, y)
            except NoWidget:
                continue
            if top is not widget and widget not in top.ancestors:
                found.setdefault(top, (x, y))
    return list(found.items())


def _name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


def in_sight(app: App[Any], words: str) -> Widget:
    """The widget of the current screen that shows ``words`` where the player
    sees them: the words in the screenshot within that widget's own cells
    (across its lines), and no cell of it cut off or drawn over by another
    widget. Fails with what hides them (or where they are instead)."""
    wanted = _flat(words)
    rows = screen_text(app).split("\n")
    holders: list[tuple[int, Widget, Region, Region]] = []
    for widget in app.screen.walk_children(Widget):
        placed = _placed(app, widget)
        if placed is None or not widget.display:
            continue
        content, visible = placed
        if content.area and wanted in _drawn_text(rows, content):
            holders.append((content.area, widget, content, visible))
    if holders:
        _area, widget, content, visible = min(holders, key=lambda holder: holder[0])
        problems = []
        if visible != content:
            problems.append(f"only {visible} of its {content} is on screen")
        problems += [
            f"{_name(top)} is drawn over it at {cell}" for top, cell in _covers(app, widget, visible)
        ]
        if problems:
            raise AssertionError(f"{wanted!r} is in {_name(widget)}, but " + "; ".join(problems))
        return widget
    # Not on screen: say which widget holds the words and what hides it.
    for widget in app.screen.walk_children(Widget):
        if wanted and wanted in _text_of(widget):
            placed = _placed(app, widget)
            if placed is None or not widget.display:
                raise AssertionError(f"{wanted!r} is in {_name(widget)}, which is not drawn")
            content, visible = placed
            hidden = [f"{_name(top)} at {cell}" for top, cell in _covers(app, widget, visible)]
            raise AssertionError(
                f"{wanted!r} is in {_name(widget)} at {content} (visible: {visible}) but not seen"
                + (": drawn over by " + ", ".join(hidden) if hidden else "")
            )
    raise AssertionError(f"{wanted!r} is nowhere on the screen:\n{screen_text(app)}")


#: The widgets whose own text is a message to read.
TEXT_WIDGETS = (Static, Label, Button)


def covered_texts(app: App[Any]) -> list[str]:
    """Every text widget of the current screen with words in it that another
    widget draws over or that is cut off, as "Static#setup-error: Horizontal
    is drawn over it at (1, 22)"; empty when every text is wholly in sight."""
    found = []
    for widget in app.screen.walk_children(Widget):
        if not isinstance(widget, TEXT_WIDGETS) or not widget.display or not _text_of(widget):
            continue
        placed = _placed(app, widget)
        if placed is None:
            continue
        content, visible = placed
        if not content.area:
            # Laid out with no room at all: its words cannot show.
            found.append(f"{_name(widget)}: no room ({content})")
            continue
        if visible != content and not _scrolled(widget):
            found.append(f"{_name(widget)}: only {visible} of {content} on screen")
        found += [
            f"{_name(widget)}: {_name(top)} is drawn over it at {cell}"
            for top, cell in _covers(app, widget, visible)
        ]
    return found


def _scrolled(widget: Widget) -> bool:
    """Whether ``widget`` sits in a scrolling box that can bring it into
    view (the player scrolls to it; a dock or an edge has no such way)."""
    return any(
        ancestor.allow_vertical_scroll or ancestor.allow_horizontal_scroll
        for ancestor in widget.ancestors
        if isinstance(ancestor, Widget)
    )


async def seen_at_every_size(
    app: App[Any], pilot: Pilot[Any], words: Sequence[str], sizes: Sequence[tuple[int, int]] = SIZES
) -> None:
    """At each of ``sizes`` (the terminal resized to it): each of ``words``
    in sight (:func:`in_sight`, waited for, bounded) and no text covered.
    The size the terminal has now comes first, if it is one of ``sizes``
    (one resize fewer: each lays out and paints the whole screen), and the
    terminal stays at the last size checked."""
    now = (app.size.width, app.size.height)
    for size in sorted(sizes, key=lambda size: size != now):
        await resize(pilot, *size)

        def seen(size: tuple[int, int] = size) -> bool:
            try:
                for part in words:
                    in_sight(app, part)
            except AssertionError:
                return False
            return app.size == size

        try:
            await until(pilot, seen)
        except AssertionError:
            for part in words:
                in_sight(app, part)  # fails saying what hides the words
            raise
        assert covered_texts(app) == [], size


#: The languages the game speaks, English last (:func:`in_every_language`).
LANGUAGES: tuple[str, ...] = ("de", "fr", "nl", "en")


async def in_every_language(app: IndigoApp, check: Callable[[], Awaitable[None]]) -> None:
    """``check()`` in each language in turn, ``app`` switched to it on the
    screen it is on (its "Language: ..." notice dismissed, as it times out
    for a player): one app that has reached a point reads that point's words
    in every language, rather than an app a language played to it. Ends in
    English."""
    for language in LANGUAGES:
        await app.set_language(language)
        app.clear_notifications()
        await check()


__all__ = ["LANGUAGES", "SIZES", "covered_texts", "in_every_language", "in_sight", "seen_at_every_size"]
