"""The table: what every front plays a game through, and no Textual.

The application layer below the fronts (the full-screen app in ``ui/`` and
the lines of ``text/``): the local :class:`~indigo_tui.table.session.Session`
(every seat at one terminal, its bots, undo, autosave), the network tables of
:mod:`~indigo_tui.table.network` (a host's seats or a guest's one seat), the
:class:`~indigo_tui.table.base.Table` protocol both implement, the one turn
driver both fronts drive their turns through (:mod:`~indigo_tui.table.turns`),
the sentences that describe moves (:mod:`~indigo_tui.table.describe`) and the
store of a game's review (:mod:`~indigo_tui.table.review_store`).
"""
