"""How much LAN play costs: bot-against-bot games over loopback against the
same games in one process, and the round trip of a guest's move.

    python benchmarks/net_speed.py [--games 20] [--bots greedy,greedy] [--save] [--processes]

Over loopback, a :class:`~indigo_tui.net.host.HostSession` (seat 1's bot) and
a :class:`~indigo_tui.net.guest.GuestSession` (seat 2's bot) run in one event
loop and talk over TCP on 127.0.0.1, with every frame encoded, hashed and
checked as in a real game; the baseline plays the same seeds with the same
bots straight on the engine. ``--save`` adds the host's and the guest's
autosave after every move to the network side (and the host's to the
baseline). ``--processes`` also times whole ``indigo host/join --headless``
runs, start-up included. Target: ratio at most 1.5.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from indigo_tui import saves
from indigo_tui.bots import make_bot
from indigo_tui.engine import Match, Setup
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostSession
from indigo_tui.saves import SeatInfo


def local_game(seed: str, specs: list[str], save: Path | None) -> float:
    match = Match(Setup(2), 1, seed)
    game = match.game
    bots = [make_bot(spec, f"{seed}:{seat}") for seat, spec in enumerate(specs)]
    seats = [SeatInfo(spec, f"bot:{spec}") for spec in specs]
    started = time.perf_counter()
    while not game.over:
        seat = game.turn
        game.push(bots[seat].choose(game.view(seat)))
        if save is not None:
            saves.write_save(save, saves.make_header(match, seats), match)
    return time.perf_counter() - started


async def network_game(seed: str, specs: list[str], folder: Path | None) -> tuple[float, list[float]]:
    match = Match(Setup(2), 1, seed)
    seats = [SeatInfo(specs[0], f"bot:{specs[0]}"), SeatInfo("guest", "remote")]
    host = HostSession(
        match,
        seats,
        "BENCH1",
        local_bots={0: make_bot(specs[0], f"{seed}:0")},
        save_path=folder / "host.indigo" if folder else None,
    )
    _, port = await host.listen("127.0.0.1", 0)
    guest = GuestSession("127.0.0.1", port, "BENCH1", save_dir=folder, kind=f"bot:{specs[1]}")
    bot = make_bot(specs[1], f"{seed}:1")
    await guest.connect()
    reader = asyncio.create_task(guest.run())
    started = time.perf_counter()
    host.begin()
    while not guest.finished.is_set():
        turn = asyncio.create_task(guest.turn_ready.wait())
        finished = asyncio.create_task(guest.finished.wait())
        await asyncio.wait({turn, finished, reader}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        turn.cancel()
        finished.cancel()
        if reader.done():
            reader.result()
            break
        guest.turn_ready.clear()
        state = guest.state
        assert state is not None
        if state.board.turn == guest.seat and not state.over:
            reason = await guest.play(bot.choose(state.view()))
            assert reason is None, reason
    elapsed = time.perf_counter() - started
    assert host.game.over and guest.deal == "verified"
    await guest.close("benchmark over")
    await host.close("benchmark over")
    reader.cancel()
    return elapsed, guest.round_trips


def process_game(seed: str, specs: list[str], folder: Path) -> float:
    """Wall time of a whole headless host + join pair of processes."""
    started = time.perf_counter()
    indigo = [sys.executable, "-m", "indigo_tui"]
    host = subprocess.Popen(
        [*indigo, "host", "--headless", "--bot", specs[0], "--bind", "127.0.0.1", "--port", "0"]
        + ["--code", "BENCH1", "--seed", seed, "--save-dir", str(folder / "h")],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert host.stdout is not None
    line = host.stdout.readline()
    port = line.split(":")[1].split()[0]
    guest = subprocess.run(
        [*indigo, "join", f"127.0.0.1:{port}", "--code", "BENCH1", "--headless", "--bot", specs[1]]
        + ["--save-dir", str(folder / "g")],
        capture_output=True,
        timeout=120,
    )
    host.communicate(timeout=60)
    assert guest.returncode == 0 and host.returncode == 0
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--bots", default="greedy,greedy")
    parser.add_argument("--save", action="store_true", help="autosave every move on both sides")
    parser.add_argument("--processes", action="store_true", help="also time real host/join processes")
    args = parser.parse_args()
    specs = args.bots.split(",")
    seeds = [f"bench:{i}" for i in range(args.games)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) if args.save else None
        local = sum(local_game(s, specs, folder / "local.indigo" if folder else None) for s in seeds)
        network = 0.0
        trips: list[float] = []
        for seed in seeds:
            elapsed, rtts = asyncio.run(network_game(seed, specs, folder))
            network += elapsed
            trips += rtts
        print(
            f"{args.games} games, {specs[0]} (host) against {specs[1]} (guest), saves {'on' if args.save else 'off'}"
        )
        print(f"in one process:  {local / args.games * 1000:8.1f} ms per game")
        print(f"over loopback:   {network / args.games * 1000:8.1f} ms per game")
        print(f"ratio:           {network / local:8.2f}  (target <= 1.5)")
        print(
            f"guest move -> host ack, median {statistics.median(trips) * 1000:.2f} ms, "
            f"95th percentile {statistics.quantiles(trips, n=20)[-1] * 1000:.2f} ms over {len(trips)} moves"
        )
        if args.processes:
            walls = [process_game(str(i), specs, Path(tmp) / f"p{i}") for i in range(min(args.games, 5))]
            print(
                f"whole host+join processes, start-up included: median {statistics.median(walls):.2f} s per game"
            )


if __name__ == "__main__":
    main()
