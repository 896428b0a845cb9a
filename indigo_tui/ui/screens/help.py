"""Every key and mouse action, in one place."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from ...i18n import N_, _
from ..localise import Localised
from ..widgets.footer import Footer

#: The six direction keys, two to a row as they sit around a hex.
DIRECTIONS: Final = (
    (("w", N_("north-west ↖")), ("e", N_("north-east ↗"))),
    (("a", N_("west ←")), ("d", N_("east →"))),
    (("z", N_("south-west ↙")), ("x", N_("south-east ↘"))),
)

#: The other keys and what they do.
ACTIONS: Final = (
    ("`r` / `.`", N_("rotate the held tile clockwise")),
    ("`R` / `,`", N_("rotate it anticlockwise")),
    ("`tab`, `1`, `2`", N_("choose between your two tiles (tactical variant)")),
    ("`enter` / `space`", N_("place the tile at the cursor")),
    ("`h`", N_("a hint: the search bot's placement for you, with the points it expects")),
    ("`u` / `y`", N_("undo / redo (against bots, back to your last move)")),
    ("`k` / `K`", N_("in a network game: type a line of chat (Enter sends it) / mute or show the chat")),
    ("`s`", N_("save under a name (every move is also saved automatically)")),
    (
        "`f`",
        N_("save the game in another folder, and there after every move (when its own cannot be written)"),
    ),
    ("`+` / `-`", N_("bots wait longer / shorter between moves")),
    ("`m`", N_("gem animation on or off (any key skips one)")),
    ("`b`", N_("when it is your turn again after a wait: no notice, the bell, or a flash (remembered)")),
    ("`v`", N_("zoom in around the cursor / show the whole board")),
    ("`t`", N_("trace the routes through the cursor cell, one by one, then off")),
    ("`c`", N_("every cell's coordinates on the board, or only the cursor's tag")),
    ("`g`", N_("other board glyphs, of those this terminal is known to draw (remembered)")),
    ("`o`", N_("after the round: its result again, and from there its review")),
    ("`p`", N_("when a network game is over: offer the table a rematch, or agree to the one offered")),
    ("`ctrl+p`", N_("command palette: every action by name")),
    ("`?`", N_("this help")),
    ("`escape`", N_("back to the title screen (the game is saved)")),
    ("`q`", N_("quit (the game is saved; indigo offers to continue it)")),
)


def help_text() -> str:
    """The help as Markdown, in the current language."""
    key, direction, action = _("key"), _("direction"), _("action")
    lines = [
        "# " + _("How to play"),
        "",
        _(
            "**Move the cursor** over the hex board with the six direction keys, "
            "laid out like the six neighbours of a hex:"
        ),
        "",
        f"| {key} | {direction} | | {key} | {direction} |",
        "|---|---|---|---|---|",
    ]
    for (left_key, left), (right_key, right) in DIRECTIONS:
        lines.append(f"| `{left_key}` | {_(left)} | | `{right_key}` | {_(right)} |")
    lines += [
        "",
        _("The arrow keys work too (up and down zig-zag to stay in a column)."),
        "",
        f"| {key} | {action} |",
        "|---|---|",
    ]
    lines += [f"| {keys} | {_(what)} |" for keys, what in ACTIONS]
    lines += [
        "",
        _(
            "**Mouse:** click a cell to move the cursor there, click the cursor cell "
            "again to place. Click a tile in your hand to choose it; click the chosen "
            "tile to rotate it."
        ),
        "",
        _(
            "**Reading the board:** each placed tile is an indigo hexagon with a dark rim; "
            "its three paths are light lines between the middles of the two edges they "
            "join (where two cross, one passes over the other with a small gap). Gems: "
            "amber ◆ (1 point), emerald ● (2), sapphire ★ (3), at the edge where they "
            "rest. Corner tiles show their arrow. Gate sides carry a band in their owners' "
            "colours (a shared gate: both) and a label: the gate's number 1-6 and its "
            "owners' letters (3A, or 3AB for a shared gate), the letters the panel shows "
            "beside each seat's name. The cursor cell has a "
            "yellow rim and your tile drawn in it; a red rim means you can't place "
            "there, and the panel says why. The what-if panel and the thick coloured "
            "routes show where gems would go: a hollow ◇ ○ ☆ where one would stop, ✕ "
            "where two would meet, the gem on the scorer's colour outside a gate. The "
            "last placed tile is olive. At 80x24 the board zooms in around the cursor, "
            "with a small map of the whole board in its corner."
        ),
        "",
        _(
            "**Where a cell is:** the moves, hints and the what-if name cells by their "
            "coordinates (q,r): r counts the rows from -4 at the top to 4 at the bottom, "
            "q goes up by one a cell to the east along a row. The yellow tag under the "
            "cursor shows its coordinates; `c` shows every cell's. Tiles around the "
            "cursor and on the routes on show are drawn in full contrast, the rest quieter."
        ),
    ]
    return "\n".join(lines) + "\n"


class HelpScreen(Localised, ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q,f1", "dismiss", N_("Close"))]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(help_text())
        # Its own footer: the one beneath belongs to the screen it covers.
        yield Footer()
