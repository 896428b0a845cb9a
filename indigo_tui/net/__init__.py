"""LAN play: a host terminal holds the game, guest terminals each play a seat.

- :mod:`.protocol`: the messages (a msgspec tagged union) and the framing codec;
- :mod:`.transport`: frames over asyncio streams, every read bounded;
- :mod:`.state`: a seat's game folded from public events, state hashes, the deal commitment;
- :mod:`.host` / :mod:`.guest`: the two peers, driven by a screen or by
- :mod:`.headless`: bots, for ``indigo host/join --headless``;
- :mod:`.table`: a guest's game in the shape a game screen reads.

See ``docs/protocol.md``.
"""

#: The TCP port a host listens on unless told otherwise.
DEFAULT_PORT = 7777
