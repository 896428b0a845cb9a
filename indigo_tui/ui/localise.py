"""Key bindings described in the current language.

Textual reads a class's ``BINDINGS`` once, when the class is defined, and
every screen or app copies that map when it is made (``DOMNode._bindings``,
which the footer, the key panel and the command palette read). So the
descriptions in ``BINDINGS`` are English message ids marked with ``N_``, and
each screen and app gets, when it is made, a copy of its map with the
descriptions and tooltips translated. The English originals are kept aside,
so that a change of language translates them again (never a translation of a
translation), and two app runs in one process each show their own language.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from weakref import WeakKeyDictionary

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select

from ..i18n import _

#: Words a screen is given to show: a text as it is (a name, a peer's words),
#: or made each time the screen is composed, so that after a change of
#: language (which composes it again) they are in the language then spoken.
Words = str | Callable[[], str]


def said(words: Words) -> str:
    """``words`` as they read now (made now, if they are made)."""
    return words if isinstance(words, str) else words()


#: Each node's bindings as its class (and Textual) made them: English.
_ORIGINALS: WeakKeyDictionary[DOMNode, BindingsMap] = WeakKeyDictionary()
#: Actions a node keeps out of its footer for now (still bound to their keys).
_HIDDEN: WeakKeyDictionary[DOMNode, frozenset[str]] = WeakKeyDictionary()


def _translated(binding: Binding, hidden: frozenset[str], in_context: Mapping[str, str]) -> Binding:
    # An empty description must stay empty: gettext("") is the catalog's header.
    description = _(binding.description) if binding.description else ""
    return dataclasses.replace(
        binding,
        description=in_context.get(binding.action, description),
        tooltip=_(binding.tooltip) if binding.tooltip else "",
        show=binding.show and binding.action not in hidden,
    )


def translate_bindings(node: DOMNode) -> None:
    """Give ``node`` its bindings with descriptions in the current language."""
    original = _ORIGINALS.get(node)
    if original is None:
        original = node._bindings.copy()
        _ORIGINALS[node] = original
    hidden = _HIDDEN.get(node, frozenset())
    in_context = node.binding_words() if isinstance(node, Localised) else {}
    node._bindings = BindingsMap.from_keys(
        {
            key: [_translated(b, hidden, in_context) for b in bindings]
            for key, bindings in original.key_to_bindings.items()
        }
    )
    node.refresh_bindings()


def hide_in_footer(node: DOMNode, actions: frozenset[str]) -> None:
    """Keep the bindings of ``actions`` out of ``node``'s footer (their keys
    still work), e.g. where a narrow footer could not show them all."""
    if _HIDDEN.get(node, frozenset()) != actions:
        _HIDDEN[node] = actions
        translate_bindings(node)


def translate_all(nodes: Iterable[DOMNode]) -> None:
    """After a change of language: every node's bindings again."""
    for node in nodes:
        translate_bindings(node)


async def recompose_keeping_values(widget: Widget) -> None:
    """Compose ``widget`` again (its words in the new language), with every
    value typed or chosen in its fields (by id) kept."""
    values: dict[str, object] = {}
    for field in widget.query("Input, Select, Checkbox").results():
        if field.id is not None and isinstance(field, (Input, Select, Checkbox)):
            values[field.id] = field.value
    await widget.recompose()
    for field in widget.query("Input, Select, Checkbox").results():
        if field.id in values and isinstance(field, (Input, Select, Checkbox)):
            field.value = values[field.id]


class Localised(DOMNode):
    """A screen whose footer speaks the current language: put it first among
    the bases (``class TitleScreen(Localised, Screen[None])``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        translate_bindings(self)

    def binding_words(self) -> Mapping[str, str]:
        """Descriptions, by action, of keys whose English words mean something
        else on another screen, in the current language (``pgettext``): the
        review's "Start" is the first move, the setup's begins a game."""
        return {}


__all__ = ["Localised", "hide_in_footer", "recompose_keeping_values", "translate_all", "translate_bindings"]
