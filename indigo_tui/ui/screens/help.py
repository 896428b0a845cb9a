"""Every key and mouse action, in one place."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

HELP = """\
# How to play

**Move the cursor** over the hex board with the six direction keys, laid out
like the six neighbours of a hex:

| key | direction | | key | direction |
|---|---|---|---|---|
| `w` | north-west ↖ | | `e` | north-east ↗ |
| `a` | west ← | | `d` | east → |
| `z` | south-west ↙ | | `x` | south-east ↘ |

The arrow keys work too (up and down zig-zag to stay in a column).

| key | action |
|---|---|
| `r` or `.` | rotate the held tile clockwise |
| `R` or `,` | rotate it anticlockwise |
| `tab`, `1`, `2` | choose between your two tiles (tactical variant) |
| `enter` or `space` | place the tile at the cursor |
| `h` | a hint: the search bot's placement for you, with the points it expects |
| `u` / `y` | undo / redo (against bots, back to your last move) |
| `s` | save under a name (every move is also saved automatically) |
| `+` / `-` | bots wait longer / shorter between moves |
| `m` | gem animation on or off (any key skips one) |
| `v` | zoom in around the cursor / show the whole board |
| `t` | trace the routes through the cursor cell, one by one, then off |
| `g` | other board glyphs (quadrant, half-block, sextant, octant; remembered) |
| `ctrl+p` | command palette: every action by name |
| `?` | this help |
| `escape` | back to the title screen (the game is saved) |
| `q` | quit (the game is saved; `indigo` offers to continue it) |

**Mouse:** click a cell to move the cursor there, click the cursor cell
again to place. Click a tile in your hand to choose it; click the chosen
tile to rotate it.

**Reading the board:** each placed tile is an indigo hexagon with a dark rim;
its three paths are light lines between the middles of the two edges they
join (where two cross, one passes over the other with a small gap). Gems:
amber ◆ (1 point), emerald ● (2), sapphire ★ (3), at the edge where they
rest. Corner tiles show their arrow. Gate sides carry a band and a number
1-6 in their owners' colours (a shared gate: both). The cursor cell has a
yellow rim and your tile drawn in it; a red rim means you can't place
there, and the panel says why. The what-if panel and the thick coloured
routes show where gems would go: a hollow ◇ ○ ☆ where one would stop, ✕
where two would meet, the gem on the scorer's colour outside a gate. The
last placed tile is olive. At 80x24 the board zooms in around the cursor,
with a small map of the whole board in its corner.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q,f1", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(HELP)
        # Its own footer: the one beneath belongs to the screen it covers.
        yield Footer()
