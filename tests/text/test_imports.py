"""Text mode is a front end beside the full-screen app: it reuses the ui's
Textual-free table and words, and never loads Textual (a screen reader's
terminal gets no full-screen machinery, and ``indigo text`` starts fast)."""

from __future__ import annotations

import subprocess
import sys

from .support import ROOT


def test_indigo_text_never_imports_textual() -> None:
    script = (
        "import sys\n"
        "from indigo_tui.cli import main\n"
        "from indigo_tui.text import answers, commands, console, fronts, local, moves, sentences\n"
        "from indigo_tui.commands import text\n"
        "main(['text', '--seed', '1', '--save-dir', sys.argv[1]])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print('LOADED', loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(ROOT / ".no-such-dir-for-saves")],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout
