"""A network peer's life in the app: its notices to the screen now showing.

:class:`NetLink` carries a host's or a guest's notices, as :class:`NetNotice`
messages, to whichever screen shows the game (lobby, waiting room, table),
and for a guest runs the session's reader and, after a lost connection,
rejoins by the one rule of every guest (:mod:`indigo_tui.net.rejoin`). The
tables themselves (:mod:`.net_table`) hold no Textual, so text mode plays at
them too.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.message_pump import MessagePump

from ..i18n import _
from ..net.common import JoinError
from ..net.guest import GuestSession
from ..net.host import HostSession
from ..net.notices import ChatSaid, Notice, SeatJoined, SeatLeft, SessionClosed
from ..net.problems import problem_text
from ..net.reasons import Farewell
from ..net.rejoin import REJOIN_TIMEOUT, may_rejoin, rejoin_seat
from ..table.network import GuestTable, HostTable

if TYPE_CHECKING:
    from textual.app import App


#: Lines of chat a link keeps for the table's chat.
CHAT_KEPT = 200


class NetNotice(Message):
    """A peer's notice, delivered to the screen now showing the game."""

    def __init__(self, notice: Notice) -> None:
        super().__init__()
        self.notice = notice


class NetLink:
    """The peer's life in the app: its notices go, as :class:`NetNotice`
    messages, to the screen now showing (a screen :meth:`attach`-es itself);
    it outlives screens, so its tasks are
    app workers. For a guest it also runs the session's reader and, after a
    lost connection, rejoins for up to ``rejoin_timeout`` seconds (the rule of
    :mod:`indigo_tui.net.rejoin`)."""

    def __init__(
        self,
        app: App[Any],
        table: HostTable | GuestTable,
        *,
        rejoin_timeout: float = REJOIN_TIMEOUT,
    ) -> None:
        self.app = app
        self.table = table
        self.rejoin_timeout = rejoin_timeout
        #: The screen the notices go to.
        self.screen: MessagePump | None = None
        #: The last words of the session, once it has ended.
        self.ended: str | None = None
        self.closing = False
        #: Whether the peer's notices still go to a screen (not once it is closed).
        self._pumping = False
        #: The chat heard so far (the newest last, at most :data:`CHAT_KEPT`):
        #: a line that came while the waiting room or a dialog was up is on
        #: the table's chat when it shows.
        self.chat: list[ChatSaid] = []

    @property
    def host(self) -> HostSession | None:
        return self.table.host if isinstance(self.table, HostTable) else None

    @property
    def guest(self) -> GuestSession | None:
        return self.table.guest if isinstance(self.table, GuestTable) else None

    def start(self) -> None:
        peer = self.table.host if isinstance(self.table, HostTable) else self.table.guest
        self._pumping = True
        self.app.run_worker(self._pump(peer.notices), group="net", name="net notices")
        if isinstance(self.table, GuestTable):
            self.app.run_worker(self._read(), group="net", name="guest reader")

    async def _pump(self, queue: asyncio.Queue[Notice]) -> None:
        while self._pumping:
            notice = await queue.get()
            if self._pumping:
                self.tell(notice)

    def attach(self, screen: MessagePump) -> None:
        """Send the notices from now on to ``screen``."""
        self.screen = screen

    def tell(self, notice: Notice) -> None:
        if isinstance(notice, ChatSaid):
            self.chat.append(notice)
            del self.chat[:-CHAT_KEPT]
        if isinstance(notice, SessionClosed) and notice.final:
            self.ended = notice.text
        if self.screen is not None:
            self.screen.post_message(NetNotice(notice))

    async def _read(self) -> None:
        """Run the guest's session; on a lost connection, rejoin the same seat
        by the one rule of every guest (:mod:`indigo_tui.net.rejoin`)."""
        guest = self.guest
        assert guest is not None
        while True:
            try:
                await guest.run()
            except JoinError as exc:
                if self.closing:
                    return
                if self.rejoin_timeout <= 0 or not may_rejoin(guest, exc):
                    self.tell(SessionClosed(problem_text(exc), final=True, code=exc.code))
                    return
                self.tell(
                    SeatLeft(
                        None,
                        why=_("{reason}; trying to rejoin").format(reason=problem_text(exc)),
                        rejoining=True,
                    )
                )
                try:
                    back = await rejoin_seat(guest, self.rejoin_timeout, stopped=lambda: self.closing)
                except JoinError as gave_up:
                    if not self.closing:
                        self.tell(SessionClosed(problem_text(gave_up), final=True, code=gave_up.code))
                    return
                if not back:
                    return
                self.table.generation += 1  # the position may have changed while we were away
                self.tell(SeatJoined(guest.seat, guest.name, rejoined=True, own=True))
                continue
            if not self.closing:
                self.tell(SessionClosed(_("the host closed the game"), final=True))
            return

    async def close(self, farewell: Farewell | None = None) -> None:
        """Leave the game and tell the other side why (bounded): ``farewell``,
        or by default that this terminal's player quit."""
        if self.closing:
            return
        self.closing = True
        host, guest = self.host, self.guest
        with contextlib.suppress(Exception):
            if host is not None:
                await asyncio.wait_for(host.close(farewell or Farewell.HOST_QUIT), 3.0)
            elif guest is not None:
                await asyncio.wait_for(guest.close(farewell or Farewell.GUEST_QUIT), 3.0)
        self._pumping = False
