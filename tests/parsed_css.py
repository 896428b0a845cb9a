"""Each test process parses a piece of Textual CSS once, not once per app.

Every app a test starts parses its stylesheet and each widget's default CSS
afresh (``Stylesheet._parse_rules``, cached only inside that app's own
stylesheet): about 15 ms of an app's 60 to 130 ms of CPU time to start, and
the quick step starts some six hundred apps. The rules parsed from the same
text, place, scope and theme variables are the same rules, so the process
keeps them: the first app of each process (and each new theme) still parses
through Textual, and every app applies the rules itself. Textual's own cache
already hands one stylesheet the same rule sets again when it parses anew;
nothing changes a parsed rule set afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

_parse: Callable[..., list[RuleSet]] | None = None
_parsed: dict[tuple[object, ...], list[RuleSet]] = {}


def _parse_rules(
    stylesheet: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    # The theme's variables are part of the text the rules are parsed from.
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(stylesheet._variables.items()))
    rules = _parsed.get(key)
    if rules is None:
        assert _parse is not None
        rules = _parsed[key] = _parse(stylesheet, css, read_from, is_default_rules, tie_breaker, scope)
    return rules


def parse_css_once_per_process() -> None:
    """Keep the rules parsed from each piece of CSS for the rest of this process."""
    global _parse
    if _parse is None:
        _parse = Stylesheet._parse_rules
        Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign, assignment]
