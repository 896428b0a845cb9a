"""Your games, your record, your rating (``indigo stats``, the Stats screen).

- :mod:`.games`: your finished games, read from the save folder (through the
  one bounded reader of :mod:`indigo_tui.saves`), and the counts against
  each bot level and against people;
- :mod:`.rating`: Wilson intervals, and a rating on the bot ladder's scale
  (Elo, the random bot at 0; docs/bots.md, "Ratings") with its 95% interval;
- :mod:`.chart`: the rating over time in lines of text;
- :mod:`.report`: all of it in words, as lines and as sentences.

It stands above ``saves`` and below the fronts (docs/architecture.md).
"""

from .games import Outcome, Records, Summary, Tally, read_records, summarise, summary_of
from .rating import LADDER, Rating, rate, wilson

__all__ = [
    "LADDER",
    "Outcome",
    "Rating",
    "Records",
    "Summary",
    "Tally",
    "rate",
    "read_records",
    "summarise",
    "summary_of",
    "wilson",
]
