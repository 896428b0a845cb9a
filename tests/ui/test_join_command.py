"""``indigo join`` in a real terminal (a pseudo-terminal of 80x24): a join
that fails shows why on the form, and leaving the form with Escape ends the
command as a failure, exit status 2 and the reason on stderr, as
``--headless`` does."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect

from .test_join_failures import free_port


def test_escape_after_a_failed_join_exits_2_with_the_reason(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "INDIGO_CONFIG_DIR": str(tmp_path / "config"), "LANGUAGE": "en", "TERM": "xterm"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "indigo_tui", "join", f"127.0.0.1:{port}", "--code", "ABC123", "--save-dir", str(tmp_path)],
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=60,  # a hang-stop only: the form answers within a second
    )
    try:
        child.expect("nobody is listening")
        child.send("\x1b")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 2
    assert f"indigo: can't join: nobody is listening at 127.0.0.1:{port}" in (child.before or "")
