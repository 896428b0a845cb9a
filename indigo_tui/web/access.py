"""Who may use the web server: a middleware around every route.

textual-serve has no authentication, and every websocket it accepts starts a
process that runs the game (and can host LAN games, write saves). So:

* Listening on anything but loopback, every request must carry the server's
  secret token: in the query (``?token=…``, the address ``indigo serve``
  prints) or in the cookie that a page opened with the token sets, which is how
  the page's own websocket and static files prove themselves (textual-serve's
  script builds the websocket address itself, with no room for a query).
* Always: a websocket must come from a page of this server (``Origin``), so a
  web page on another site cannot open a game in the background, and without a
  token the ``Host`` must be a loopback name, so a hostile site cannot rename
  itself onto 127.0.0.1 (DNS rebinding) and then count as the same origin.

Tokens are compared with :func:`hmac.compare_digest`, as bytes (a non-ASCII
query string must be a refusal, not an exception).
"""

from __future__ import annotations

import hashlib
import hmac
import html
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import hdrs, web
from aiohttp.typedefs import Middleware
from yarl import URL

from ..i18n import _, current_language

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: Host names that reach only this machine.
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})

#: How long a browser keeps the token cookie (a day: a game evening, not forever).
COOKIE_SECONDS = 24 * 3600


def new_token() -> str:
    """A fresh secret for one run of the server."""
    return secrets.token_urlsafe(24)


def _page(title: str, text: str) -> str:
    return (
        f"<!DOCTYPE html><html lang='{current_language()}'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title>"
        "<style>body{background:#0c181f;color:#e8eef2;font-family:sans-serif;"
        "display:flex;align-items:center;justify-content:center;height:90vh}"
        "div{max-width:36em;line-height:1.5}</style></head>"
        f"<body><div><h1>{html.escape(title)}</h1><p>{html.escape(text)}</p></div></body></html>"
    )


def refusal_page(text: str) -> web.Response:
    """403 with a short page saying why (and nothing else happens)."""
    return web.Response(status=403, text=_page(_("Indigo: not allowed"), text), content_type="text/html")


@dataclass(frozen=True)
class Access:
    """The rules for one server: its token (``None`` on loopback) and the
    address it tells people to open (``--public-url``), whose host is always
    accepted."""

    token: str | None
    public_url: str | None = None

    @property
    def cookie_name(self) -> str:
        # Cookies ignore ports: a name of its own per token keeps two servers
        # on one machine from overwriting each other's cookie.
        digest = hashlib.sha256((self.token or "").encode()).hexdigest()[:12]
        return f"indigo_serve_{digest}"

    def token_ok(self, given: str | None) -> bool:
        if self.token is None:
            return True
        if given is None:
            return False
        return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), self.token.encode())

    def host_ok(self, request: web.Request) -> bool:
        if self.token is not None:
            return True  # the token is the proof; any name for the host will do
        host = _hostname(request.host)
        return host is not None and (host in LOOPBACK_HOSTS or host == _hostname(self._public_authority))

    def origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get(hdrs.ORIGIN)
        if origin is None:
            return True  # not a browser page: it has no cookie or page of ours to abuse
        try:
            url = URL(origin)
        except ValueError:
            return False
        if not url.absolute or not url.raw_authority:
            return False
        return url.raw_authority.lower() in {request.host.lower(), (self._public_authority or "").lower()}

    @property
    def _public_authority(self) -> str | None:
        if self.public_url is None:
            return None
        return URL(self.public_url).raw_authority or None

    def check(self, request: web.Request) -> str | None:
        """Why ``request`` is refused, or ``None`` to let it through."""
        if not self.host_ok(request):
            return _("This server answers only to addresses of this machine (127.0.0.1 or localhost).")
        given = request.query.get("token") or request.cookies.get(self.cookie_name)
        if not self.token_ok(given):
            return _(
                "This Indigo server needs its secret: open the full address that "
                "'indigo serve' printed, with ?token=… at the end."
            )
        is_websocket = request.headers.get(hdrs.UPGRADE, "").lower() == "websocket"
        if is_websocket and not self.origin_ok(request):
            return _("A game can only be opened from this server's own page.")
        return None

    def middleware(self) -> Middleware:
        """The aiohttp middleware that applies these rules to every route."""

        @web.middleware
        async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
            reason = self.check(request)
            if reason is not None:
                return refusal_page(reason)
            response = await handler(request)
            given = request.query.get("token")
            if self.token is not None and given is not None and isinstance(response, web.Response):
                # The page's websocket and static files carry the token this way.
                response.set_cookie(
                    self.cookie_name,
                    given,
                    max_age=COOKIE_SECONDS,
                    httponly=True,
                    samesite="Strict",
                    path="/",
                )
            return response

        return guard


def _hostname(host_header: str | None) -> str | None:
    if not host_header:
        return None
    try:
        host = URL(f"http://{host_header}").host
    except ValueError:
        return None
    return host.lower().strip("[]") if host else None
