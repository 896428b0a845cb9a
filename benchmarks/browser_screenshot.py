"""Make docs/screenshots/browser-game.png: a game in a 1280x800 browser tab.

python benchmarks/browser_screenshot.py

Plays 26 moves of a seeded game against the greedy bot into a save folder of
its own, starts ``indigo serve`` on it, opens the page in headless Chromium
(Debian's ``chromium`` and ``chromedriver``, driven by Selenium, as in
tests/web), chooses Continue, and photographs the table.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from indigo_tui.engine import Setup  # noqa: E402
from indigo_tui.saves import SeatInfo  # noqa: E402
from indigo_tui.table.session import NewGame, Session  # noqa: E402
from tests.web.browser import chromium, why_no_browser  # noqa: E402

OUT = ROOT / "docs" / "screenshots" / "browser-game.png"


def saved_game(folder: Path) -> None:
    seats = [SeatInfo("Ann", "human"), SeatInfo("Greedy bot", "bot:greedy")]
    session = Session.start(NewGame(Setup(players=2), seats, seed=8), folder)
    rng = random.Random(4)
    for _ in range(26):
        session.play(rng.choice(session.game.legal_moves))
    assert session.autosave()
    session.close()  # lets go of the save (one window per game), so the served game may continue it


@contextmanager
def served_saved_game() -> Iterator[str]:
    """``indigo serve`` on a folder holding :func:`saved_game`: its page's address,
    the server stopped at the end."""
    with tempfile.TemporaryDirectory() as folder:
        saved_game(Path(folder))
        server = subprocess.Popen(
            [sys.executable, "-m", "indigo_tui", "serve", "--port", "0", "--save-dir", folder],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            yield server.stdout.readline().split()[-1]
        finally:
            server.terminate()
            server.wait(timeout=20)


def main() -> int:
    reason = why_no_browser()
    if reason is not None:
        print(f"no screenshot: {reason}", file=sys.stderr)
        return 1
    with served_saved_game() as url, chromium(1280, 800) as page:
        page.open(url)
        page.wait_for("Continue")
        # The title puts its menu on Continue once it has read the save folder.
        time.sleep(1.0)
        page.keys("\n")
        page.wait_for("Hand of")
        page.wait_for("palette")  # the footer: the whole screen is drawn
        page.screenshot(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
