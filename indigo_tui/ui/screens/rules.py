"""The rules in brief."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

RULES = """\
# Indigo in brief

Indigo is Reiner Knizia's game of paths and gems for 2 to 4 players.

**The board** is a hexagon of 61 cells. The centre tile holds five emeralds ●
and a sapphire ★; each of the six corner tiles holds an amber ◆ on the edge
its arrow points from. Around the rim are six **gates**, numbered 1 to 6;
each belongs to one player or is shared by two (then a gem through it scores
for both).

**Your turn:** place the tile in your hand on any empty cell, turned any way
you like (but a tile on a gate may not join the gate's two outer edges with
one path). Then draw a new tile. In the **tactical** variant you hold two
tiles and choose one.

**Gems move** when a tile is laid next to them: a gem resting on an edge of the
new tile (or the next gem of the centre tile, if the new tile touches the
centre) follows the path it is on, and keeps going along the paths of the
tiles beyond, until it reaches an empty cell, where it rests at the edge. A
gem that runs off the board through a gate is collected by the gate's owner
(or both owners). Two gems that would run into each other **meet**, and both
leave the game.

**Scoring:** amber 1 point, emerald 2, sapphire 3. The round ends when no gem
is left on the board. Most points wins; a tie goes to the player with more
gems; a tie on both is shared.

**Screened scores:** your collected gems stay secret until the end unless the
table chose open scores.
"""


class RulesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-box"):
            yield Markdown(RULES)
        yield Footer()
