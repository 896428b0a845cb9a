"""A guest back in its seat after a lost connection: one rule for every guest.

A guest whose connection to the host is lost (the network dropped, the
host's machine went quiet, the host crashed and is being resumed) joins again
through the same :class:`~indigo_tui.net.guest.GuestSession`: it claims its
seat with its record and seat token, which the host honours even while it
still holds the old, dead connection, and picks the game up from the events
it holds. The rule, for ``indigo join --headless`` and the game screen alike:

* only a *lost* connection is tried again: nobody answered, the connection
  broke (``JoinError.code`` ``lost``), or a frame failed its integrity check
  on the way, either way (``integrity``: tampering on the path, and a new
  connection has new keys); a refusal (a wrong code, a full game, another
  version, a broken protocol) or the host's goodbye ends the session at
  once, as trying again would not change it;
* never once the match is over, and never for a guest with no record to
  claim its seat with;
* one attempt every :data:`REJOIN_PAUSE` seconds, for up to the rejoin time
  (:data:`REJOIN_TIMEOUT` unless told otherwise), each ending by that time too
  (reaching the host, through the relay as well, and the handshake), and not
  after the player has asked to stop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Final

from .common import JoinError
from .guest import GuestSession
from .problems import JoinSays
from .reasons import Ending

#: Seconds between two attempts to get back in.
REJOIN_PAUSE: Final = 0.5
#: Seconds a guest keeps trying, unless told otherwise (``--reconnect-timeout``).
REJOIN_TIMEOUT: Final = 30.0


#: The ends of a session after which a guest tries to get its seat back.
LOST: Final = frozenset({Ending.LOST, Ending.INTEGRITY})


def may_rejoin(session: GuestSession, ended: JoinError) -> bool:
    """Whether ``session``, ended by ``ended``, tries to get its seat back."""
    return ended.code in LOST and not session.over and session.record is not None


async def rejoin_seat(
    session: GuestSession,
    within: float = REJOIN_TIMEOUT,
    *,
    stopped: Callable[[], bool] = lambda: False,
) -> bool:
    """Join ``session``'s seat again by the rule above: True once it is back
    in (run it again), False if ``stopped()`` became true first. Raises the
    :class:`JoinError` that ended the last attempt if it could not get back in
    within ``within`` seconds, or was refused."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    last = JoinError(JoinSays.NO_ANSWER, Ending.LOST)
    while not stopped():
        if loop.time() >= deadline:
            raise JoinError(JoinSays.NOT_REJOINED, last.code, last.fault, last=last)
        try:
            # Each attempt ends by the deadline too: waiting at the relay for
            # the host alone could otherwise take PAIR_TIMEOUT beyond it.
            await session.connect(within=deadline - loop.time())
        except JoinError as exc:
            if exc.code not in LOST:
                raise
            last = exc
            await asyncio.sleep(min(REJOIN_PAUSE, max(0.0, deadline - loop.time())))
            continue
        return True
    return False


__all__ = ["LOST", "REJOIN_PAUSE", "REJOIN_TIMEOUT", "may_rejoin", "rejoin_seat"]
