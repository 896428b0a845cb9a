"""How much LAN play costs: bot-against-bot games over loopback against the
same games in one process, and the round trip of a guest's move.

    python benchmarks/net_speed.py [--games 20] [--bots greedy,greedy] [--save] [--commands]

For each seed the same two bots play the same deal three ways:

* **in one process**: straight on the engine (the baseline);
* **two processes over loopback**: a child process hosts (a
  :class:`~indigo_tui.net.host.HostSession`, seat 1's bot) and this process
  joins (a :class:`~indigo_tui.net.guest.GuestSession`, seat 2's bot), over
  TCP on 127.0.0.1 with every frame encoded, hashed and checked as in a real
  game. The time runs from the host's first event to the deal being verified.
  The round trip is from the guest sending a move to the host's ack arriving;
  with the host in its own process it is not held up by the host's bot;
* with ``--commands``: whole ``indigo host/join --headless`` runs, start-up
  and autosaves included (wall time per game).

``--save`` makes both sides autosave after every move (the commands always
do); the baseline then autosaves too. Target: ratio at most 1.5.
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
from indigo_tui.net.deal import VERIFIED
from indigo_tui.net.guest import GuestSession
from indigo_tui.net.host import HostConfig, HostSession
from indigo_tui.net.reasons import Farewell
from indigo_tui.saves import SeatInfo

CODE = "BENCH1"


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


async def serve(seed: str, spec: str, save: Path | None) -> None:
    """The child process: host one game, seat 1 played by ``spec``."""
    match = Match(Setup(2), 1, seed)
    seats = [SeatInfo(spec, f"bot:{spec}"), SeatInfo("guest", "remote")]
    host = HostSession(
        match,
        seats,
        CODE,
        HostConfig(local_bots={0: make_bot(spec, f"{seed}:0")}, keeper=saves.HostKeeper(save)),
    )
    _, port = await host.listen("127.0.0.1", 0)
    print(port, flush=True)
    async with asyncio.timeout(300):
        await host.wait_all_seated()
        host.begin()
        await host.over_event.wait()
        while not set(host.remote_seats) <= host.revealed_seats:
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.05)
    await host.close(Farewell.GAME_OVER)


async def guest_game(port: int, seed: str, spec: str, folder: Path | None) -> tuple[float, list[float]]:
    guest = GuestSession("127.0.0.1", port, CODE, save_dir=folder, kind=f"bot:{spec}")
    bot = make_bot(spec, f"{seed}:1")
    await guest.connect()
    reader = asyncio.create_task(guest.run())
    started: float | None = None
    while not guest.finished.is_set():
        turn = asyncio.create_task(guest.turn_ready.wait())
        finished = asyncio.create_task(guest.finished.wait())
        await asyncio.wait({turn, finished, reader}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        turn.cancel()
        finished.cancel()
        if reader.done():
            reader.result()
            break
        guest.turn_ready.clear()
        state = guest.state
        assert state is not None
        if started is None:
            started = time.perf_counter()
        if state.board.turn == guest.seat and not state.over:
            reason = await guest.play(bot.choose(state.view()))
            assert reason is None, reason
    assert started is not None and guest.over and guest.deal == VERIFIED, guest.deal
    elapsed = time.perf_counter() - started
    await guest.close(Farewell.GAME_OVER)
    reader.cancel()
    return elapsed, guest.round_trips


def network_game(seed: str, specs: list[str], folder: Path | None) -> tuple[float, list[float]]:
    command = [sys.executable, __file__, "--serve", seed, "--bots", ",".join(specs)]
    if folder is not None:
        command += ["--host-save", str(folder / f"host-{seed}.indigo")]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline())
        result = asyncio.run(guest_game(port, seed, specs[1], folder))
        child.wait(timeout=60)
        return result
    finally:
        if child.poll() is None:
            child.kill()


def command_game(seed: str, specs: list[str], folder: Path) -> float:
    """Wall time of a whole headless host + join pair of processes."""
    indigo = [sys.executable, "-m", "indigo_tui"]
    started = time.perf_counter()
    host_tail = ["--code", CODE, "--seed", seed, "--save-dir", str(folder / "h")]
    host = subprocess.Popen(
        [*indigo, "host", "--headless", "--bot", specs[0], "--bind", "127.0.0.1", "--port", "0", *host_tail],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert host.stdout is not None
    port = host.stdout.readline().split(":")[1].split()[0]
    guest_tail = ["--bot", specs[1], "--save-dir", str(folder / "g")]
    guest = subprocess.run(
        [*indigo, "join", f"127.0.0.1:{port}", "--code", CODE, "--headless", *guest_tail],
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
    parser.add_argument("--save", action="store_true", help="autosave every move on every side")
    parser.add_argument("--commands", action="store_true", help="also time indigo host/join --headless")
    parser.add_argument("--serve", metavar="SEED", help=argparse.SUPPRESS)
    parser.add_argument("--host-save", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    specs = args.bots.split(",")
    if args.serve is not None:
        asyncio.run(serve(args.serve, specs[0], args.host_save))
        return
    seeds = [f"bench:{i}" for i in range(args.games)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) if args.save else None
        local = sum(local_game(s, specs, folder / "local.indigo" if folder else None) for s in seeds)
        network = 0.0
        trips: list[float] = []
        for seed in seeds:
            elapsed, rtts = network_game(seed, specs, folder)
            network += elapsed
            trips += rtts
        saving = "on" if args.save else "off"
        print(f"{args.games} games, {specs[0]} (host) against {specs[1]} (guest), autosaves {saving}")
        print(f"in one process:            {local / args.games * 1000:8.1f} ms per game")
        print(f"two processes, loopback:   {network / args.games * 1000:8.1f} ms per game")
        print(f"ratio:                     {network / local:8.2f}  (target <= 1.5)")
        median = statistics.median(trips) * 1000
        p95 = statistics.quantiles(trips, n=20)[-1] * 1000
        print(f"guest move -> host ack:    median {median:.2f} ms, 95th percentile {p95:.2f} ms")
        if args.commands:
            walls = [command_game(str(i), specs, Path(tmp) / f"c{i}") for i in range(min(args.games, 5))]
            wall = statistics.median(walls)
            print(
                f"indigo host/join --headless, start-up and autosaves included: median {wall:.2f} s per game"
            )


if __name__ == "__main__":
    main()
