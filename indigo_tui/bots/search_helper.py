"""The search bot's helper process: ``python -m indigo_tui.bots.search_helper``.

It answers the search requests that :mod:`.helper_process` sends down its
pipe with :func:`.mcts.answer`, one at a time, until the pipe closes. A module
of its own so that the pipe (:mod:`.helper_process`, which the search bot
imports) does not import the search bot back.
"""

from __future__ import annotations

from .helper_process import serve
from .mcts import answer

if __name__ == "__main__":
    serve(answer)
