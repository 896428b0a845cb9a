"""What a build of the engine and the search bot does, as one digest.

Seeded random games in every setup (with undo and redo), seeded searches
from positions of 2, 3 and 4 players, a whole game of the search bot, and a
search handed over as the helper process gets it: their event logs and root
statistics, floats and all, hashed. Two builds that play identical games and
identical searches give the same digest. ``tests/engine/test_builds.py``
imports this module in process and runs it as a script in another build::

    python tests/engine/build_fingerprint.py    # {"compiled": [...], "sources": ...} then {"digest": ...}
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: The modules setup.py compiles where it can (its ``HOT``, as module names).
HOT_MODULES = (
    "indigo_tui.engine.geometry",
    "indigo_tui.engine.tiles",
    "indigo_tui.engine.board",
    "indigo_tui.engine.game",
    "indigo_tui.engine.views",
    "indigo_tui.bots.sim",
    "indigo_tui.bots.mcts",
    "indigo_tui.bots.random_bot",
)


def compiled_modules() -> list[str]:
    """The hot modules this process runs from a compiled extension."""
    import importlib

    found = []
    for name in HOT_MODULES:
        origin = getattr(importlib.import_module(name), "__file__", None) or ""
        if origin.endswith(tuple(EXTENSION_SUFFIXES)):
            found.append(name)
    return found


def sources(package: Path | None = None) -> str:
    """A digest of the engine's and the bots' source files of ``package`` (the
    imported ``indigo_tui`` by default): two builds compare only when built
    from the same sources."""
    if package is None:
        import indigo_tui

        package = Path(indigo_tui.__file__).parent
    digest = hashlib.sha256()
    for path in sorted([*package.glob("engine/*.py"), *package.glob("bots/*.py")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def fingerprint() -> str:
    import msgspec

    from indigo_tui.bots import make_bot
    from indigo_tui.bots.mcts import DEFAULT_TUNING, Budget, Search, answer, request
    from indigo_tui.bots.sim import Knowledge
    from indigo_tui.engine import Game, Setup

    digest = hashlib.sha256()
    setups = [Setup(2), Setup(2, "tactical"), Setup(3), Setup(3, own_gates=True), Setup(4, "tactical")]
    for number, setup in enumerate(setups):
        for index in range(12):
            game = Game.new(setup, f"build:{number}:{index}")
            bots = [make_bot("random", f"{number}:{index}:{seat}") for seat in range(setup.players)]
            rng = random.Random(index)
            while not game.over:
                game.push(bots[game.turn].choose(game.view(game.turn)))
                if rng.random() < 0.1:
                    undone = game.pop()
                    game.redo()
                    digest.update(str(undone).encode())
            digest.update(msgspec.json.encode(game.log))
            digest.update(repr([list(game.view(s).events) for s in range(setup.players)]).encode())
    for number, (setup, plies) in enumerate([(Setup(2), 0), (Setup(3, "tactical"), 14), (Setup(4), 30)]):
        game = Game.new(setup, f"search:{number}")
        greedy = [make_bot("greedy", seat) for seat in range(setup.players)]
        for _ in range(plies):
            game.push(greedy[game.turn].choose(game.view(game.turn)))
        knowledge = Knowledge.of(game.view(game.turn))
        search = Search(knowledge, f"search:{number}", DEFAULT_TUNING)
        search.run(Budget(iterations=150))
        root = sorted((k, c.visits, c.available, c.reward, c.points) for k, c in search.root.children.items())
        digest.update(repr((root, search.playout_plies)).encode())
        # The helper process's side: the same question as plain data.
        helped = answer(request(knowledge, "helper", Budget(iterations=60), DEFAULT_TUNING))
        digest.update(repr(sorted(helped[0].items())).encode() + repr(sorted(helped[1].items())).encode())
    game = Game.new(Setup(2, "tactical"), "whole")
    bots = [make_bot("mcts:iter=25", "whole"), make_bot("greedy", "whole")]
    while not game.over:
        game.push(bots[game.turn].choose(game.view(game.turn)))
    digest.update(msgspec.json.encode(game.log))
    return digest.hexdigest()


if __name__ == "__main__":
    # Which build and sources first: a child of other sources may fail below.
    print(json.dumps({"compiled": compiled_modules(), "sources": sources()}), flush=True)
    print(json.dumps({"digest": fingerprint()}))
    sys.exit(0)
