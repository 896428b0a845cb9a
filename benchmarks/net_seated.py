"""What a seated player (knows the join code, holds a seat) can do to a LAN
host and the other players (issue 19, findings 1-4; the tests are
tests/net/test_seated_player.py).

Starts real ``indigo host --headless`` processes from each source tree given
(so an older commit is measured in the same run), on 127.0.0.1; the seated
attacker is a guest session of that same tree, run in a process of its own
(it speaks the tree's protocol), and the honest player a real ``indigo join
--headless`` of that tree. Every wait is bounded.

* ``hints``: a host with ``--hints``; the attacker floods N hint reports
  (default 100,001) before the game starts and waits until the host has read
  them; then an honest guest joins and the game is played. The host's
  resident memory before and at its peak, the seconds the host took to read
  the flood, the hint counts in its save, and the honest guest's outcome.
* ``undo``: the same with N undo requests (default 100,000).
* ``stall``: against bot voters, the attacker asks to undo on every turn of
  its own once it has moved, for ``--stall-seconds`` (60): the placements the
  game reached, the undos taken back and whether the game ended.
* ``hold``: the attacker never moves, for ``--stall-seconds``: the
  placements the game reached (a tree whose ``indigo host`` knows
  ``--turn-time`` is given 5 s a move).
* ``seeds``: the host used ``--seed 31337``; the attacker plays until it has
  drawn 14 tiles, then tries seeds 0, 1, 2, ... (up to ``--seeds``) for one
  whose deck gives its own draws: the seeds tried, the seed found, and
  whether that seed's deck predicted the rest of the round's draws.

    python benchmarks/net_seated.py --tree before=/path/to/old/checkout --tree after=.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

CODE = "TEST42"

#: The attacker: a guest session of the tree being measured, in a process of
#: its own. It reads its orders as JSON from argv and prints its findings as
#: JSON on its last line.
ATTACKER = r'''
import asyncio, json, sys, time
from indigo_tui.bots import make_bot
from indigo_tui.engine import Move, shuffled_deck
from indigo_tui.net.guest import GuestSession
from indigo_tui.net import protocol

orders = json.loads(sys.argv[1])
found = {}

def say(**facts):
    found.update(facts)

async def answered(session):
    """Once the host answers a move for another seat, it has read all we sent before."""
    other = (session.seat + 1) % session.state.setup.players
    request = protocol.MoveRequest(session.requests.next_id(), other, Move(0, 0, 0))
    await session.requests.ask(session.conn, request, orders["limit"])

async def play(session, until, undo=False, idle=False):
    bot = make_bot("random", 7)
    deadline = time.monotonic() + until
    while time.monotonic() < deadline and not session.finished.is_set() and not reader.done():
        try:
            left = max(0.01, deadline - time.monotonic())
            await asyncio.wait_for(session.turn_ready.wait(), min(1.0, left))
        except TimeoutError:
            continue
        session.turn_ready.clear()
        state = session.state
        if state.over or state.board.turn != session.seat or idle:
            continue
        moved = any(e.seat == session.seat for e in state.events if type(e).__name__ == "TilePlaced")
        if undo and moved:
            accepted, said = await session.request_undo(timeout=orders["limit"])
            found["undo_answers"] = found.get("undo_answers", 0) + 1
            if accepted:
                found["undos_taken"] = found.get("undos_taken", 0) + 1
                continue
            found["last_refusal"] = said
        await session.play(bot.choose(state.view()))

async def main():
    session = GuestSession(
        "127.0.0.1", orders["port"], orders["code"], name="Attacker", read_timeout=orders["limit"]
    )
    await session.connect()
    global reader
    reader = asyncio.create_task(session.run())
    kind = orders["kind"]
    try:
        if kind in ("hints", "undo"):
            started = time.monotonic()
            for number in range(orders["count"]):
                if kind == "hints":
                    session.conn.send_nowait(protocol.HintUsed())
                else:
                    session.conn.send_nowait(protocol.UndoRequest(1_000_000 + number, session.seat, 0))
                if number % 1000 == 999:
                    await session.conn.drain()
            say(sent_seconds=round(time.monotonic() - started, 1))
            await answered(session)
            say(read_seconds=round(time.monotonic() - started, 1))
            print("FLOOD READ", flush=True)
            await play(session, orders["limit"])
        elif kind in ("stall", "hold"):
            print("FLOOD READ", flush=True)
            await play(session, orders["seconds"], undo=kind == "stall", idle=kind == "hold")
        elif kind == "seeds":
            print("FLOOD READ", flush=True)
            bot = make_bot("random", 7)
            while len(session.state.my_draws) < orders["draws"]:
                await asyncio.wait_for(session.turn_ready.wait(), orders["limit"])
                session.turn_ready.clear()
                state = session.state
                if state.board.turn == session.seat and not state.over:
                    await session.play(bot.choose(state.view()))
            draws = list(session.state.my_draws)
            started = time.monotonic()
            match = None
            tried = 0
            for seed in range(orders["seeds"]):
                tried += 1
                deck = shuffled_deck(seed, 0)
                if all(deck[i] == t for i, t in draws):
                    match = seed
                    break
            say(seeds_tried=tried, seconds=round(time.monotonic() - started, 2), seed_found=match,
                own_draws=len(draws))
            if match is not None:
                deck = shuffled_deck(match, 0)
                await play(session, orders["limit"])
                later = [(i, t) for i, t in session.state.my_draws if (i, t) not in draws]
                say(later_draws=len(later), later_predicted=sum(deck[i] == t for i, t in later))
            else:
                true = shuffled_deck(31337, 0)
                say(true_seed_matches=sum(true[i] == t for i, t in draws))
        say(placements=session.state.board.placements, over=session.state.over)
    finally:
        print(json.dumps(found), flush=True)
        reader.cancel()
        try:
            await session.close()
        except Exception:
            pass

from indigo_tui.i18n import in_language

with in_language("en"):
    asyncio.run(main())
'''


@dataclass
class Host:
    proc: subprocess.Popen[str]
    port: int
    folder: str
    lines: list[str] = field(default_factory=list)
    peak_kib: int = 0
    start_kib: int = 0
    _watching: bool = True

    def pump(self) -> None:
        for stream in (self.proc.stdout, self.proc.stderr):
            threading.Thread(target=self._read, args=(stream,), daemon=True).start()
        threading.Thread(target=self._watch, daemon=True).start()

    def _read(self, stream: IO[str] | None) -> None:
        assert stream is not None
        for line in stream:
            self.lines.append(line.rstrip("\n"))

    def rss_kib(self) -> int:
        try:
            text = Path(f"/proc/{self.proc.pid}/status").read_text()
        except OSError:
            return 0
        found = re.search(r"VmRSS:\s+(\d+) kB", text)
        return int(found.group(1)) if found else 0

    def _watch(self) -> None:
        while self._watching and self.proc.poll() is None:
            self.peak_kib = max(self.peak_kib, self.rss_kib())
            time.sleep(0.1)

    def stop(self) -> None:
        self._watching = False
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)

    def saved_meta(self) -> dict[str, Any]:
        for path in Path(self.folder, "saves", "net").glob("*.indigo"):
            return dict(json.loads(path.read_text())["header"]["meta"])
        return {}


def env_for(tree: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(tree.resolve()), PYTHONUNBUFFERED="1")


def knows(tree: Path, option: str) -> bool:
    help_text = subprocess.run(
        [sys.executable, "-m", "indigo_tui", "host", "--help"],
        env=env_for(tree),
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return option in help_text


def start_host(tree: Path, *extra: str) -> Host:
    # In memory where there is a tmpfs: the figures are about the network, not the disk's fsyncs.
    shm = Path("/dev/shm")
    folder = tempfile.mkdtemp(prefix="indigo-net-seated-", dir=shm if shm.is_dir() else None)
    command = [sys.executable, "-m", "indigo_tui", "host", "--headless", "--bot", "greedy", "--lang", "en"]
    command += ["--bind", "127.0.0.1", "--port", "0", "--code", CODE, "--move-delay", "0"]
    command += ["--save-dir", str(Path(folder, "saves")), "--start-timeout", "900", "--rejoin-timeout", "900"]
    proc = subprocess.Popen(
        [*command, *extra],
        cwd=folder,
        env=env_for(tree),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", proc.stdout.readline())
        if found:
            host = Host(proc, int(found.group(1)), folder)
            time.sleep(0.5)
            host.start_kib = host.rss_kib()
            host.pump()
            return host
    proc.kill()
    raise SystemExit(f"the host from {tree} did not start")


def attack(tree: Path, host: Host, orders: dict[str, Any]) -> subprocess.Popen[str]:
    orders = {"port": host.port, "code": CODE, **orders}
    return subprocess.Popen(
        [sys.executable, "-c", ATTACKER, json.dumps(orders)],
        env=env_for(tree),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_line(proc: subprocess.Popen[str], text: str, limit: float) -> bool:
    assert proc.stdout is not None
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            return False
        if text in line:
            return True
    return False


def findings(proc: subprocess.Popen[str], limit: float) -> dict[str, Any]:
    try:
        out, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    last = [line for line in out.splitlines() if line.startswith("{")]
    facts: dict[str, Any] = json.loads(last[-1]) if last else {}
    if "Traceback" in err or not last:
        facts["attacker_error"] = (err.strip().splitlines() or ["no findings"])[-1][:80]
    return facts


def honest_guest(tree: Path, host: Host, folder: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "indigo_tui", "join", f"127.0.0.1:{host.port}", "--code", CODE]
    command += ["--headless", "--bot", "random", "--lang", "en", "--save-dir", str(Path(folder, "honest"))]
    return subprocess.Popen(
        command, cwd=folder, env=env_for(tree), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def outcome(proc: subprocess.Popen[str], limit: float) -> str:
    try:
        out, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        return f"still playing after {limit:.0f} s"
    said = (err.strip().splitlines() or out.strip().splitlines() or [""])[-1]
    return f"exit {proc.returncode}: {said[:70]}"


def flood(tree: Path, kind: str, count: int, limit: float) -> dict[str, str]:
    extra = ["--seats", "bot:greedy,remote,remote", "--seed", "1"] + (["--hints"] if kind == "hints" else [])
    host = start_host(tree, *extra)
    try:
        attacker = attack(tree, host, {"kind": kind, "count": count, "limit": limit})
        read = wait_line(attacker, "FLOOD READ", limit)
        honest = honest_guest(tree, host, host.folder)
        honest_end = outcome(honest, limit)
        # Refused, the honest guest leaves a game that never starts: nothing more to wait for.
        facts = findings(attacker, limit if honest.returncode == 0 else 10)
        meta = host.saved_meta()
        return {
            f"{kind}: host RSS MB at start": f"{host.start_kib / 1024:.1f}",
            f"{kind}: host RSS MB at peak": f"{host.peak_kib / 1024:.1f}",
            f"{kind}: s to send / to read them": f"{facts.get('sent_seconds', '?')} / "
            + (f"{facts.get('read_seconds', '?')}" if read else "not read"),
            f"{kind}: host log lines": str(len(host.lines)),
            f"{kind}: saved hint counts": meta.get("hints", "none counted"),
            f"{kind}: honest guest": honest_end,
            f"{kind}: attacker": facts.get("attacker_error", "ok"),
        }
    finally:
        host.stop()


def stall(tree: Path, kind: str, seconds: float, limit: float) -> dict[str, str]:
    extra = ["--seats", "bot:greedy,remote", "--seed", "1"]
    if kind == "hold" and knows(tree, "--turn-time"):
        extra += ["--turn-time", "5"]
    host = start_host(tree, *extra)
    try:
        attacker = attack(tree, host, {"kind": kind, "seconds": seconds, "limit": limit})
        facts = findings(attacker, seconds + limit)
        return {
            f"{kind}: placements in {seconds:.0f} s": str(facts.get("placements", "?")),
            f"{kind}: game over": str(facts.get("over", "?")),
            f"{kind}: undos taken back / asked": f"{facts.get('undos_taken', 0)} / "
            f"{facts.get('undo_answers', 0)}",
            f"{kind}: last refusal": str(facts.get("last_refusal", "-"))[:60],
        }
    finally:
        host.stop()


def seeds(tree: Path, count: int, limit: float) -> dict[str, str]:
    host = start_host(tree, "--seats", "bot:greedy,remote", "--seed", "31337")
    try:
        attacker = attack(tree, host, {"kind": "seeds", "seeds": count, "draws": 14, "limit": limit})
        facts = findings(attacker, limit + 60)
        found = facts.get("seed_found")
        predicted = (
            f"{facts.get('later_predicted')} of {facts.get('later_draws')} later draws"
            if found is not None
            else f"no (the true seed gives {facts.get('true_seed_matches')} of "
            f"{facts.get('own_draws')} own draws)"
        )
        return {
            "seeds: tried (s)": f"{facts.get('seeds_tried', '?')} ({facts.get('seconds', '?')} s)",
            "seeds: seed found": str(found),
            "seeds: deck predicted": predicted,
        }
    finally:
        host.stop()


def measure(tree: Path, kind: str, args: argparse.Namespace) -> dict[str, str]:
    """One measurement of one tree."""
    if kind in ("hints", "undo"):
        return flood(tree, kind, args.hints if kind == "hints" else args.undos, args.limit)
    if kind in ("stall", "hold"):
        return stall(tree, kind, args.stall_seconds, args.limit)
    return seeds(tree, args.seeds, args.limit)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--tree", action="append", default=[], metavar="NAME=PATH", help="a source tree to measure"
    )
    parser.add_argument("--hints", type=int, default=100_001, help="hint reports in the flood")
    parser.add_argument("--undos", type=int, default=100_000, help="undo requests in the flood")
    parser.add_argument("--stall-seconds", type=float, default=60.0)
    parser.add_argument("--seeds", type=int, default=200_000, help="seeds the attacker tries at most")
    parser.add_argument("--limit", type=float, default=600.0, help="the longest any step may take")
    parser.add_argument(
        "--only", nargs="+", default=["hints", "undo", "stall", "hold", "seeds"], help="which measurements"
    )
    args = parser.parse_args()
    trees = [item.partition("=") for item in args.tree] or [("this", "=", ".")]
    names = [name for name, _, _ in trees]
    # Each measurement is printed as soon as every tree has had it.
    print(f"{'':40}  " + "  ".join(f"{n:>44}" for n in names), flush=True)
    for kind in args.only:
        results = {name: measure(Path(path), kind, args) for name, _, path in trees}
        for row in dict.fromkeys(row for result in results.values() for row in result):
            print(f"{row:40}  " + "  ".join(f"{results[n].get(row, ''):>44}" for n in names), flush=True)


if __name__ == "__main__":
    main()
