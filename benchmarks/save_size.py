"""How large a save can grow, against ``saves.SIZE_LIMIT``, the most any file
indigo-tui reads may hold.

    python benchmarks/save_size.py [--matches N]

Plays N matches of the most the rules allow (20 rounds, 4 players; random
bots, whose games run longest routes as often as any), every name and the
title as long as they may be, and prints the largest save, the largest
round, and a bound no game reaches: every placement moving six gems along
routes as long as the longest one seen. The limit should clear the bound.
"""

from __future__ import annotations

import argparse

import msgspec

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.engine import MAX_ROUNDS, GemMoved, Match, Setup
from indigo_tui.engine.geometry import PATH_CELLS


def longest_match(seed: int) -> Match:
    match = Match(Setup(4, "tactical" if seed % 2 else "classic"), rounds=MAX_ROUNDS, seed=seed)
    bots = [make_bot("random", f"{seed}:{seat}") for seat in range(4)]
    while True:
        game = match.game
        while not game.over:
            game.push(bots[game.turn].choose(game.view(game.turn)))
        if not match.can_start_next_round:
            return match
        match.next_round()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    args = parser.parse_args()
    seats = saves.seats_from_kinds(["human"] * 4, ["W" * saves.NAME_LIMIT] * 4)
    largest = largest_round = longest_route = 0
    for seed in range(args.matches):
        match = longest_match(seed)
        header = saves.make_header(match, seats, title="T" * saves.TITLE_LIMIT)
        largest = max(largest, len(saves.encode_save(header, match)))
        for game in match.games:
            largest_round = max(largest_round, len(msgspec.json.encode(game.log)))
            routes = [event for event in game.log if isinstance(event, GemMoved)]
            longest_route = max([longest_route, *(len(msgspec.json.encode(event)) for event in routes)])
    # Every placement of every round moving six gems along the longest route seen.
    bound = MAX_ROUNDS * (largest_round + len(PATH_CELLS) * 6 * longest_route)
    limit = saves.SIZE_LIMIT
    print(f"matches of {MAX_ROUNDS} rounds, 4 players: {args.matches}")
    print(f"largest save:      {largest / 1000:8.1f} KB  (limit / largest = {limit / largest:.0f})")
    print(f"largest round:     {largest_round / 1000:8.1f} KB")
    print(f"longest gem event: {longest_route:8d} B")
    print(f"bound no game reaches: {bound / 1e6:.1f} MB  (limit / bound = {limit / bound:.1f})")
    print(f"limit:             {limit / 2**20:8.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
