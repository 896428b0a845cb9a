"""``indigo host`` and ``indigo join`` with a screen: the app opens on the
host's lobby or on the join form (which joins straight away), instead of the
title screen. Everything after that is the ordinary app."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.screen import Screen

from .app import IndigoApp


class NetApp(IndigoApp):
    """The app, opening on a given first screen."""

    def __init__(self, first: Callable[[], Screen[None]], **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self._first = first

    def _on_mount(self, event: events.Mount) -> None:
        # Instead of the title screen IndigoApp.on_mount would show: Textual
        # calls the handlers of base classes too, unless the default is prevented.
        event.prevent_default()
        self.push_screen(self._first())


def run_host_ui(args: argparse.Namespace, save_dir: Path) -> int:
    """``indigo host`` without ``--headless``: the lobby, then the table."""
    from ..cli import CommandError
    from ..net.host import HostError
    from .screens.lobby import HostPlan, LobbyScreen, build_host, resume_host

    if args.bot:
        raise CommandError("--bot is for --headless; on screen, name bot seats in --seats (bot:NAME)")
    if args.resume is not None:
        # The guests rejoin the same game with `indigo join` (or Join game) again.
        try:
            resumed = resume_host(args.resume)
        except (ValueError, HostError) as exc:
            raise CommandError(str(exc)) from None
        if args.code:
            resumed.host.code = args.code.strip().upper()
        NetApp(
            lambda: LobbyScreen(resumed, bind=args.bind, port=args.port),
            save_dir=save_dir,
            board_glyphs=args.board_glyphs,
        ).run()
        return 0
    if args.seats:
        kinds = [k.strip().lower() for k in args.seats.split(",") if k.strip()]
    else:
        kinds = ["host"] + ["remote"] * ((args.players if args.players is not None else 2) - 1)
    if args.players is not None and len(kinds) != args.players:
        raise CommandError(f"--seats names {len(kinds)} seats for {args.players} players")
    from ..commands.selfplay import parse_seed

    plan = HostPlan(
        kinds,
        name=args.name,
        variant=args.variant,
        own_gates=args.own_gates,
        port=args.port,
        bind=args.bind,
        code=args.code or "",
        seed=parse_seed(args.seed) if args.seed is not None else None,
    )
    try:
        table = build_host(plan, save_dir)
    except (ValueError, HostError) as exc:
        raise CommandError(str(exc)) from None
    NetApp(
        lambda: LobbyScreen(table, bind=plan.bind, port=plan.port),
        save_dir=save_dir,
        board_glyphs=args.board_glyphs,
    ).run()
    return 0


def run_join_ui(args: argparse.Namespace, save_dir: Path) -> int:
    """``indigo join`` without ``--headless``: joins at once, then waits for the start."""
    from ..cli import CommandError
    from .screens.join import JoinScreen

    if args.bot:
        raise CommandError("--bot is for --headless")
    NetApp(
        lambda: JoinScreen(args.address, args.code or "", args.name or "", auto=True),
        save_dir=save_dir,
        board_glyphs=args.board_glyphs,
    ).run()
    return 0
