"""LAN play: a host terminal holds the game, guest terminals each play a seat.

The wire and the connection:

- :mod:`.protocol`: the messages (a msgspec tagged union) and the framing codec;
- :mod:`.seal`: sealed frames, each direction under its own key;
- :mod:`.transport`: frames over asyncio streams, every read bounded;
- :mod:`.channel`: the key agreed on the join code (SPAKE2), the connection sealed;
- :mod:`.handshake`: both sides of getting a guest in (the channel, then its seat);
- :mod:`.guard`: the host's budgets against strangers and seated guests alike;
- :mod:`.admission`: the host's port: callers let in within those budgets;
- :mod:`.mailbox` and :mod:`.rendezvous`: across the internet, the code's key agreed at
  a magic-wormhole mailbox server first, the table's key given to each guest;
- :mod:`.relay`: play across the internet, both peers' connections glued by a transit relay;
- :mod:`.reach`: where a game may connect (in a visitor's game under ``indigo serve``,
  only where whoever runs the server allows).

The game:

- :mod:`.state`: a seat's game folded from public events, and its state hashes;
- :mod:`.deal`: the deal a host commits to and the checks a guest makes at its reveal;
- :mod:`.reasons`: why a move, an undo or a session was refused or ended, as codes and words;
- :mod:`.problems`: what else goes wrong (an address, a server, a session, a hosted
  game that cannot start), as exceptions that carry codes and facts, and their words;
- :mod:`.notices`: what a peer tells whoever shows its game, one typed notice per kind;
- :mod:`.common`: what both peers share (limits, notices, heartbeat, codes, addresses);
- :mod:`.host`: the host peer's authority over the game (moves, turns,
  rounds, seats), with :mod:`.seating` (who sits where), :mod:`.broadcast`
  (what each guest is sent), :mod:`.serving` (each guest's messages read
  and answered), :mod:`.undo` (undo requests and their votes),
  :mod:`.bot_seats` (the host's bots, and stand-ins for a seat out of time),
  :mod:`.clock` (the turn clock), :mod:`.hints` (the hints counted),
  :mod:`.chat` (every terminal's lines of chat, cleaned and within budgets)
  and :mod:`.rematch` (a rematch offered, agreed to or declined once the game
  is over);
- :mod:`.hosting`: a hosted game set up, or taken up from its save;
- :mod:`.guest`: the guest peer, following the host's game for its seat, with
  :mod:`.joining` (its way into the seat), :mod:`.requests` (its requests
  awaiting the host's answers) and :mod:`.rejoin` (its one way back after a
  lost connection);
- :mod:`.table`: a guest's game in the shape a game screen reads;
- :mod:`.headless`: both peers played by bots, for ``indigo host/join --headless``.

See ``docs/protocol.md``.
"""

#: The TCP port a host listens on unless told otherwise.
DEFAULT_PORT = 7777

#: Across the internet (:mod:`.relay`): the public transit relay of the
#: magic-wormhole project (best-effort), the port a relay address means
#: without one, the environment variable naming another relay, and the shape
#: of an internet code as every message shows it.
DEFAULT_RELAY = "transit.magic-wormhole.io:4001"
RELAY_PORT = 4001
RELAY_ENV = "INDIGO_RELAY"
#: The mailbox server peers meet at first (:mod:`.rendezvous`): the public one
#: of the magic-wormhole project (best-effort), and the variable naming another.
DEFAULT_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
MAILBOX_ENV = "INDIGO_MAILBOX"
EXAMPLE_CODE = "4821-K7WQ2M"
#: Undo requests each seat may put to the vote per round, unless the host
#: says otherwise (``indigo host --undo-limit``; net/undo.py).
DEFAULT_UNDO_LIMIT = 3
#: Watchers (terminals that follow a game without a seat) a host lets in
#: unless told otherwise (``indigo host --watchers``; 0 takes none), and the
#: most it may let in (each is a connection within the host's budgets).
DEFAULT_WATCHERS = 4
MAX_WATCHERS = 16
