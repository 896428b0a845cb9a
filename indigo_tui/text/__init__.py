"""Play by lines of text: ``indigo text`` and ``indigo play --text``.

The whole game as plain lines on standard input and output, with no
full-screen drawing and no colour, so that a screen reader reads everything
as it comes (docs/text-mode.md). Every event is one sentence as it happens;
short commands answer questions about the position; a move is typed in the
game's notation (``122/3@2,-1``, or forgiving variants of it), answered by
its what-if and placed once confirmed. With ``--json`` every line out is one
JSON object of the engine protocol (docs/engine-protocol.md).

This is a front end beside the full-screen ``ui/``, and imports nothing of
it: it talks to the engine through its public API and one seat's view at a
time, and plays through the table both fronts stand on (the local
:class:`~indigo_tui.table.session.Session` and the move sentences of
:mod:`~indigo_tui.table.describe`); it never imports Textual.

- :mod:`.moves`: the forgiving notation;
- :mod:`.answers`: the answers to questions, from a seat's view;
- :mod:`.console`: plain lines in and out;
- :mod:`.local`: a game at this terminal (bots, hot-seat, saves).
"""
