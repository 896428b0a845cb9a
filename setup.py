"""The compiled build of the hot modules, when the build backend asks for it.

The project's metadata is in pyproject.toml; this file only adds the rules
engine's and the search bot's hot modules (``HOT``), compiled with mypyc into
C extensions when ``INDIGO_COMPILE`` is ``yes``. The build backend
(build_backend/backend.py) sets it for each build: ``yes`` for a wheel where
a C compiler is present (``pip install .``), ``no`` otherwise. The modules
are strict-typed (``mypy --strict``), so mypyc compiles them unchanged, and
they play the same games and searches two to three times faster. Each
extension sits beside its ``.py`` file, and Python prefers an extension to a
source file, so a compiled install runs compiled and any other runs the same
sources as plain Python.
"""

import os

from setuptools import setup

#: The modules whose speed matters: the engine's board and game, the seat's
#: view, the search bot's simulation and tree, and the random bot; and the
#: tables of the board's geometry and of the tiles they read at every step
#: (a compiled module reads another compiled module's constants directly, but
#: looks a plain module's up by name at every use).
HOT = [
    "indigo_tui/engine/geometry.py",
    "indigo_tui/engine/tiles.py",
    "indigo_tui/engine/board.py",
    "indigo_tui/engine/game.py",
    "indigo_tui/engine/views.py",
    "indigo_tui/bots/sim.py",
    "indigo_tui/bots/mcts.py",
    "indigo_tui/bots/random_bot.py",
]

if os.environ.get("INDIGO_COMPILE") == "yes":
    from mypyc.build import mypycify

    # One C file per module (multi_file), the build whose speed
    # docs/architecture.md measures; no C debug information (debug_level 0):
    # nobody runs the engine under a C debugger, and it cost 15% of the compile.
    ext_modules = mypycify(HOT, opt_level="3", debug_level="0", multi_file=True, group_name="indigo_tui")
else:
    ext_modules = []

setup(ext_modules=ext_modules)
