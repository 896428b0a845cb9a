"""Where a game may open connections: anywhere at a terminal; in a visitor's
game under ``indigo serve``, only where whoever runs the server allows.

A visitor's game runs on the serving machine, so every connection it opens
is the server's: a Join to ``10.0.0.7:22`` typed in a browser would knock on
a machine of the server's network, and its answer ("refused", "no answer")
would tell a stranger what listens there. So ``indigo serve`` tells each
visitor's game what it may reach in :data:`NETWORK_VAR`: ``relay`` (the
default) lets it reach the one transit relay the server names in
``INDIGO_RELAY`` and nothing else, neither joining by address nor hosting
on a port of the server; ``lan`` (``indigo serve --allow-lan``) lets it
host and join LAN games too. Unset (a terminal, or the person at a
127.0.0.1 server), anything goes, as it always did.

Each check is made where its connection is opened, before any name is
looked up: :func:`check_connect` in :func:`.transport.open_connection`,
:func:`check_listen` in :func:`.guard.listening_socket`, :func:`check_relay`
in the relay's own connect (and when a host opens its door there, to say it
at once). A refusal is :class:`NotAllowed`, with its code and facts.
"""

from __future__ import annotations

import os

from . import DEFAULT_RELAY, RELAY_ENV
from .problems import Fact, NetProblem, ReachSays

#: Set by ``indigo serve`` in a visitor's game: ``relay`` or ``lan`` (see above).
NETWORK_VAR = "INDIGO_SERVE_NETWORK"
#: What :data:`NETWORK_VAR` may say: the relay alone, or LAN games too.
RELAY_ONLY, LAN_TOO = "relay", "lan"


class NotAllowed(NetProblem, PermissionError):
    """A connection this game may not open: ``says`` and the facts what is
    said of it (:func:`~.problems.problem_text`)."""

    def __init__(self, says: ReachSays, /, **facts: Fact) -> None:
        super().__init__(says, **facts)


def served_network() -> str | None:
    """What this game may reach when it is a visitor's under ``indigo serve``
    (:data:`RELAY_ONLY` or :data:`LAN_TOO`); ``None`` anywhere else. A value
    the server did not mean reads as the narrowest."""
    given = os.environ.get(NETWORK_VAR)
    if given is None:
        return None
    return LAN_TOO if given.strip().lower() == LAN_TOO else RELAY_ONLY


def allowed_relay() -> str:
    """The one relay a visitor's game may reach, ``HOST:PORT`` as a
    :class:`~.relay.Relay` prints itself: the server's ``INDIGO_RELAY``
    (which ``indigo serve`` writes so), else the public one."""
    return os.environ.get(RELAY_ENV, "").strip() or DEFAULT_RELAY


def check_connect(address: str) -> None:
    """Before connecting straight to ``address`` (a LAN game's host):
    :class:`NotAllowed` in a visitor's game that may not."""
    if served_network() in (None, LAN_TOO):
        return
    raise NotAllowed(ReachSays.CONNECT, address=address, relay=allowed_relay())


def check_listen() -> None:
    """Before opening a port to host a LAN game: :class:`NotAllowed` in a
    visitor's game that may not."""
    if served_network() in (None, LAN_TOO):
        return
    raise NotAllowed(ReachSays.LISTEN, relay=allowed_relay())


def check_relay(relay: str) -> None:
    """Before connecting to the transit relay at ``relay`` (``HOST:PORT``, as
    a :class:`~.relay.Relay` prints itself): :class:`NotAllowed` in a
    visitor's game, unless it is the one relay the server allows."""
    if served_network() is None:
        return
    allowed = allowed_relay()
    # Host names are case-blind; another name or address of the same machine
    # is another relay here: what is compared is what would be looked up.
    if relay.strip().lower() == allowed.lower():
        return
    raise NotAllowed(ReachSays.RELAY, allowed=allowed, relay=relay)


__all__ = [
    "LAN_TOO",
    "NETWORK_VAR",
    "RELAY_ONLY",
    "NotAllowed",
    "allowed_relay",
    "check_connect",
    "check_listen",
    "check_relay",
    "served_network",
]
