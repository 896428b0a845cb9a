"""The example engine against greedy through the engine protocol: legal and fast?

Plays GAMES two-player games (seats alternate) between
``examples/simple_engine.py``, started as a child process by an engine seat
exactly as ``--seats engine:...`` starts it, and the built-in greedy bot.
Counts the moves the program sent that the rules refused and every time it
lost its seat (it must be none), and times what a move through the protocol
costs: indigo writing the view and the legal moves as JSON, the program
reading them, thinking and answering. Prints the results, the median and
worst milliseconds per engine move, and games per second.

    python benchmarks/engine_protocol.py [--games 20] [--seed 0]

Exit status 1 if the program sent a single illegal move or lost its seat.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from indigo_tui.bots import make_bot  # noqa: E402
from indigo_tui.bots.engine_seat import EngineSeat, Trouble, close_bots, take_notices  # noqa: E402
from indigo_tui.engine import Match, Setup  # noqa: E402

EXAMPLE = ROOT / "examples" / "simple_engine.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    command = f"{sys.executable} {EXAMPLE}"
    print(f"examples/simple_engine.py against greedy, {args.games} games, seed {args.seed}")
    wins = illegal = replaced = 0
    move_times: list[float] = []
    started = time.perf_counter()
    for index in range(args.games):
        seed = f"{args.seed}:{index}"
        engine = EngineSeat(command, seed)
        engine_seat = index % 2
        bots = [engine, make_bot("greedy", seed)] if engine_seat == 0 else [make_bot("greedy", seed), engine]
        game = Match(Setup(2), 1, seed).game
        while not game.over:
            seat = game.turn
            asked = time.perf_counter()
            move = bots[seat].choose(game.view(seat))
            if seat == engine_seat and not engine.replaced:
                move_times.append(time.perf_counter() - asked)
            game.push(move)
            for notice in take_notices(bots):
                replaced += 1
                illegal += notice.trouble is Trouble.ILLEGAL
                print(f"  game {index + 1}: {notice.text('the engine')}")
        close_bots(bots, game)
        wins += engine_seat in game.winners
    elapsed = time.perf_counter() - started
    times = sorted(move_times)
    print(f"  illegal moves sent: {illegal}; seat lost to greedy: {replaced} times")
    print(f"  the engine won or shared {wins} of {args.games} games")
    if times:
        print(
            f"  a move through the protocol: median {statistics.median(times) * 1000:.1f} ms, "
            f"worst {times[-1] * 1000:.1f} ms ({len(times)} moves; the first of each game "
            "includes starting the program)"
        )
    print(f"  {elapsed:.2f} s, {args.games / elapsed:.2f} games per second")
    return 1 if illegal or replaced else 0


if __name__ == "__main__":
    raise SystemExit(main())
