"""A stand-in for a game behind ``indigo serve``: it speaks textual-serve's
pipe protocol as Textual's web driver does, and says back what reached it.

After the ``__GANGLION__`` line, textual-serve writes packets to the app's
stdin (a type byte, ``D`` for keys or ``M`` for meta, a 4-byte length, the
payload) and reads the same framing from its stdout. This app answers every
packet with a ``D`` packet holding one JSON line, ``{"got": "D" or "M",
"payload": ...}``, which the server passes to the page as bytes; on the meta
``quit`` it says ``exit`` (as the web driver does) and ends. So a test of the
server sees exactly what the server passed on, in milliseconds, with no game
to start. ``python tests/web/echo_app.py``
"""

from __future__ import annotations

import json
import sys


def _packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def main() -> int:
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    stdout.write(b"__GANGLION__\n")
    stdout.flush()
    while True:
        head = stdin.read(5)
        if len(head) < 5:
            return 0
        size = int.from_bytes(head[1:], "big")
        payload = stdin.read(size)
        kind = head[:1].decode()
        said = json.loads(payload) if kind == "M" else payload.decode("utf-8", "replace")
        stdout.write(_packet(b"D", json.dumps({"got": kind, "payload": said}).encode() + b"\n"))
        stdout.flush()
        if isinstance(said, dict) and said.get("type") == "quit":
            stdout.write(_packet(b"M", json.dumps({"type": "exit"}).encode()))
            stdout.flush()
            return 0


if __name__ == "__main__":
    raise SystemExit(main())
