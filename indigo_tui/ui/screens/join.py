"""Joining a network game: the address-and-code form (or, across the
internet, the code alone).

The form proves the join code to the host (the code itself never crosses the
network) and takes a seat; a refusal (wrong code, full game, another
version, nobody listening, no room for a watcher) is one line on the form.
*Watch* follows the game without a seat. Then the waiting room
(:mod:`.waiting_room`) shows the seats until the host presses Start.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Static

from ...i18n import N_, _
from ...i18n.words import os_problem
from ...net import EXAMPLE_CODE
from ...net.common import JoinError, parse_address, plain_name
from ...net.guest import GuestSession
from ...net.joining import record_fits
from ...net.problems import problem_text
from ...net.reasons import Ending
from ...net.relay import InternetCode, Relay, looks_like_internet_code, parse_internet_code, relay_from
from ...net.rendezvous import is_table_key
from ...saves import find_record, shown_path
from ...table.network import GuestTable
from ..localise import Localised, recompose_keeping_values
from ..net_link import NetLink
from ..requests import EndCommand
from ..widgets.footer import Footer
from ..widgets.form_foot import FormFoot
from .waiting_room import WaitScreen

#: Seconds the host may take to answer a join.
JOIN_TIMEOUT = 10.0


async def join_game(
    address: str,
    code: str,
    name: str,
    save_dir: Path | None,
    *,
    rejoin: bool = False,
    timeout: float = JOIN_TIMEOUT,
    relay: Relay | None = None,
    watch: bool = False,
) -> GuestTable:
    """Connect and take a seat: the same seat again if this folder holds an
    unfinished game with that host joined under the same name (or, with
    ``rejoin``, under any name); :class:`JoinError` or ValueError says why not.
    An internet code in ``address`` (or in ``code`` with no address) joins
    across the internet through ``relay`` (the environment's or the public
    one if None). With ``watch`` the game is followed without a seat (no
    record is claimed or kept)."""
    internet = internet_code_of(address, code)
    if internet is not None or (not address.strip() and is_table_key(code)):
        # An internet code, or a seat's table key (Join again across the internet).
        relay = relay if relay is not None else relay_from(None)
        host, port = relay.host, relay.port
        code = str(internet) if internet is not None else code.strip().upper()
    else:
        relay = None
        host, port = parse_address(address)
    record = None
    if save_dir is not None and not watch:
        found = find_record(save_dir, host, port, None if rejoin else (plain_name(name) or _("Guest")))
        if found is not None and record_fits(found[1], code, relay, rejoin=rejoin):
            record = found[1]
            code = record.code if relay is not None else code or record.code
            name = name.strip() or record.name
    if not code.strip():
        raise ValueError(_("the join code is missing: ask the host for it"))
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(
                _("cannot use {folder} for saves: {reason}").format(
                    folder=shown_path(save_dir), reason=os_problem(exc)
                )
            ) from None
    guest = GuestSession(
        host,
        port,
        code,
        name=plain_name(name) or _("Guest"),
        save_dir=save_dir,
        record=record,
        relay=relay,
        watch=watch,
    )
    if record is not None and record.code != guest.code:
        guest.record = None  # another game's record; the code given wins
    await guest.connect(timeout=timeout)
    return GuestTable(guest)


def internet_code_of(address: str, code: str) -> InternetCode | None:
    """The internet code the form holds, if it holds one: typed as the host
    (the code field left empty), or as the code with no host; None for a LAN
    game. ValueError (one line) for what was meant as one and is not."""
    if looks_like_internet_code(address) and not code.strip():
        return parse_internet_code(address)
    if not address.strip() and looks_like_internet_code(code):
        return parse_internet_code(code)
    return None


class JoinScreen(Localised, Screen[None]):
    """HOST[:PORT], the code and a name; Join."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
    ]

    def __init__(
        self,
        address: str = "",
        code: str = "",
        name: str = "",
        *,
        auto: bool = False,
        rejoin: bool = False,
        save_dir: Path | None,
        relay: Relay | None = None,
        watch: bool = False,
    ) -> None:
        super().__init__()
        #: Follow the game without a seat (``--watch``, or the form's *Watch*).
        self.watch_only = watch
        #: The transit relay for a game across the internet (``--relay``); None:
        #: the environment's, else the public one.
        self.relay = relay
        #: Where this seat's record is kept (the app's save folder; None: nowhere).
        self.save_dir = save_dir
        #: Take back this folder's newest seat with that host, whatever its name (``--rejoin``).
        self.rejoin = rejoin
        #: Join as soon as the form shows (``indigo join`` on the command line).
        self.auto = auto
        if looks_like_internet_code(address) and not code.strip():
            # An internet code goes where the form says codes go; the host is then the relay.
            address, code = "", address
        self.address = address
        self.code = code
        self.player = name
        self.joining = False
        #: What the form says under the fields ("Joining…", or why not), kept
        #: so that a form composed again in another language still says it.
        self.error = ""
        #: Why the last try to join failed, for the command's exit (None: no failure yet).
        self.failure: str | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup-box"):
            yield Static(_("Join a game on the local network or across the internet"), classes="title")
            with Horizontal(classes="row"):
                yield Label(_("Host"), classes="field")
                yield Input(
                    value=self.address,
                    placeholder=_("192.168.1.20:7777, or an internet code like {example}").format(
                        example=EXAMPLE_CODE
                    ),
                    id="address",
                )
            with Horizontal(classes="row"):
                yield Label(_("Code"), classes="field")
                yield Input(value=self.code, placeholder=_("the host's join code"), id="code")
            with Horizontal(classes="row"):
                yield Label(_("Your name"), classes="field")
                yield Input(value=self.player, placeholder=_("Guest"), id="player-name")
            with Horizontal(classes="row"):
                yield Label("", classes="field")
                yield Checkbox(_("Watch (no seat, no moves)"), self.watch_only, id="watch")
            yield FormFoot(
                Button(_("Join (enter)"), id="join", variant="primary"),
                Button(_("Back (esc)"), id="back"),
                said=self.error,
            )
        yield Footer()

    async def relocalise(self) -> None:
        """After a change of language: the form in the new words, what was typed kept."""
        await recompose_keeping_values(self)

    def on_mount(self) -> None:
        self.query_one("#code" if self.address else "#address", Input).focus()
        if self.auto:
            self.action_join()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join":
            self.action_join()
        else:
            self.action_back()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
            return
        # The first screen of `indigo join`: leaving it ends the command, which
        # did not join; it says why (the last refusal) and exits with status 2.
        self.workers.cancel_group(self, "join")
        self.post_message(EndCommand(self.failure or _("left before joining the game")))

    def show_error(self, text: str) -> None:
        self.error = text
        # None while a change of language composes the form again (the host's
        # answer can come then): the new one is composed with the text.
        for foot in self.query(FormFoot).results():
            foot.say(text)

    def _failed(self, reason: str, words: str) -> None:
        """The join failed: ``words`` on the form, ``reason`` kept for the exit."""
        self.failure = _("can't join: {reason}").format(reason=reason)
        self.show_error(words)

    def action_join(self) -> None:
        if self.joining:
            return
        address = self.query_one("#address", Input).value
        code = self.query_one("#code", Input).value
        name = self.query_one("#player-name", Input).value
        self.watch_only = self.query_one("#watch", Checkbox).value
        self.joining = True
        internet = None
        with contextlib.suppress(ValueError):
            internet = internet_code_of(address, code)
        if internet is not None:
            with contextlib.suppress(ValueError):
                relay = self.relay if self.relay is not None else relay_from(None)
                self.show_error(_("Waiting for the host at the relay {relay}…").format(relay=relay))
        else:
            self.show_error(_("Joining…"))
        self.run_worker(self._join(address, code, name, internet), group="join", exclusive=True)

    async def _join(self, address: str, code: str, name: str, internet: InternetCode | None) -> None:
        try:
            table = await join_game(
                address,
                code,
                name,
                self.save_dir,
                rejoin=self.rejoin,
                relay=self.relay,
                watch=self.watch_only,
            )
        except JoinError as exc:
            if exc.code is Ending.CODE and internet is not None:
                # The meeting's own line: a wrong code is used up, a crowded one someone else has.
                said = problem_text(exc)
                self._failed(said, _("Can't join: {reason}").format(reason=said))
            elif exc.code is Ending.CODE:
                words = _("Wrong join code: the host refused it. Check the code and try again.")
                self._failed(_("wrong join code"), words)
            else:
                said = problem_text(exc)
                self._failed(said, _("Can't join: {reason}").format(reason=said))
            return
        except ValueError as exc:
            self._failed(str(exc), _("Can't join: {reason}").format(reason=exc))
            return
        finally:
            self.joining = False
        link = NetLink(self.app, table)
        link.start()
        self.app.switch_screen(WaitScreen(table, link))


__all__ = ["JoinScreen", "join_game"]
