"""A local game's autosave follows the rule network peers follow: a failure
is shown (one status line, not a message per move) while it lasts, the game
goes on, and the first save that works again says so."""

from __future__ import annotations

import errno
import os

import pytest

from .conftest import AppFactory, advance, game_screen, new_game, until


async def test_a_failing_autosave_is_shown_while_it_lasts_and_its_end_is_said(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.fsync
    failing = [False]

    def fsync(fd: int) -> None:
        if failing[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    app = make_app(new_game(("human", "human")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        session = app.session
        assert session is not None

        def status() -> str:
            return str(screen.query_one("#status").render())

        failing[0] = True
        advance(app, 3)
        screen.refresh_status()
        await until(pilot, lambda: "Not saved" in status())
        assert "No space left on device" in status() and status().count("Not saved") == 1
        assert session.save_error is not None and len(session.game.log) > 1  # the game went on
        failing[0] = False
        advance(app, 1, seed=2)
        screen.refresh_status()
        await until(pilot, lambda: "Saving works again" in status())
        assert "Not saved" not in status() and session.save_error is None
