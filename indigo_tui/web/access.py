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
* Every response forbids framing (``frame-ancestors 'none'``, and
  ``X-Frame-Options`` for older browsers), so another site cannot put the game
  in an invisible frame whose websocket would count as this server's own page,
  and sends no ``Referer``. A page opened with ``?token=`` sets the cookie and
  is sent on to the same address without it, so the secret leaves the address
  bar, the history and the bookmarks.
* With a token, each browser is a player of its own: a second cookie holds a
  random id (:meth:`Access.player`), and the server gives each id its own save
  folder and settings. Without a token (loopback) there is one player, the
  person at this machine.
* The pages (and refusals) speak the language of ``indigo serve --lang``, else
  on a server of separate players each browser's own (its ``Accept-Language``,
  where the game speaks it: :meth:`Access.language_for`), else the server's.

Tokens are compared with :func:`hmac.compare_digest`, as bytes (a non-ASCII
query string must be a refusal, not an exception).
"""

from __future__ import annotations

import hashlib
import hmac
import html
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import hdrs, web
from aiohttp.typedefs import Middleware
from yarl import URL

from ..i18n import LANGUAGES, _, current_language, in_language, language_code

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: Host names that reach only this machine.
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})

#: How long a browser keeps the token cookie (a day: a game evening, not forever).
COOKIE_SECONDS = 24 * 3600

#: How long a browser keeps its player id after its last visit: its saves wait
#: for it across evenings (and across runs of the server, whose token changes
#: each time). Browsers keep a cookie at most 400 days.
PLAYER_COOKIE_SECONDS = 400 * 24 * 3600
#: The player cookie's name; one for all of this machine's servers (cookies
#: ignore ports), as the browser is the same player at each.
PLAYER_COOKIE = "indigo_player"
#: What a player id looks like (:func:`secrets.token_urlsafe` of 24 bytes);
#: anything else in the cookie is no id at all.
_PLAYER_ID = re.compile(r"[A-Za-z0-9_-]{32}")

#: Sent with every response (pages, files, refusals, the websocket's handshake).
SECURITY_HEADERS = {
    # No other site may show the game in a frame: a hidden frame's websocket
    # would come from this server's own page and pass the Origin check.
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


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


def refusal(text: str) -> web.HTTPForbidden:
    """:func:`refusal_page` as an exception to raise from a handler."""
    return web.HTTPForbidden(text=_page(_("Indigo: not allowed"), text), content_type="text/html")


@dataclass(frozen=True)
class Access:
    """The rules for one server: its token (``None`` on loopback) and the
    address it tells people to open (``--public-url``), whose host is always
    accepted."""

    token: str | None
    public_url: str | None = None
    #: The language of every page and game (``indigo serve --lang``), or None.
    language: str | None = None

    @property
    def separate_players(self) -> bool:
        """Whether each browser is a player of its own (a token server: anyone
        with the address), rather than all of them the person at this machine."""
        return self.token is not None

    @property
    def secure_cookies(self) -> bool:
        """Cookies only over HTTPS when the address people open is HTTPS (behind a proxy)."""
        return self.public_url is not None and self.public_url.lower().startswith("https:")

    def language_for(self, request: web.Request) -> str:
        """The language to speak to ``request``'s browser: ``--lang``'s; else,
        where each browser is a player of its own, the first of its
        ``Accept-Language`` the game speaks; else the server's."""
        if self.language is not None:
            return self.language
        if self.separate_players:
            found = browser_language(request.headers.get(hdrs.ACCEPT_LANGUAGE, ""))
            if found is not None:
                return found
        return current_language()

    @staticmethod
    def player(request: web.Request) -> str | None:
        """The browser's player id from its cookie, or ``None`` if it has none (or a malformed one)."""
        given = request.cookies.get(PLAYER_COOKIE)
        return given if given is not None and _PLAYER_ID.fullmatch(given) else None

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
        if _is_websocket(request) and not self.origin_ok(request):
            return _("A game can only be opened from this server's own page.")
        return None

    def middleware(self) -> Middleware:
        """The aiohttp middleware that applies these rules to every route."""

        @web.middleware
        async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
            with in_language(self.language_for(request)):
                reason = self.check(request)
                if reason is not None:
                    return refusal_page(reason)
            if request.method in ("GET", "HEAD") and not _is_websocket(request):
                if self.token is not None and "token" in request.query:
                    # The token has done its work: on to the same address without it.
                    response: web.StreamResponse = self._without_token(request)
                else:
                    response = await handler(request)
                if self.separate_players:
                    # A new browser's id; a known one's again, so that it lasts
                    # 400 days from the last visit, not from the first.
                    player = self.player(request) or new_token()
                    self._set_cookie(response, PLAYER_COOKIE, player, PLAYER_COOKIE_SECONDS)
                return response
            return await handler(request)

        return guard

    def _without_token(self, request: web.Request) -> web.Response:
        """A redirect to the address asked for without ``?token=``, with the
        cookie that carries the token from now on."""
        query = request.rel_url.query.copy()
        query.popall("token", None)
        base = URL(self.public_url).path.rstrip("/") if self.public_url else ""
        location = str(URL.build(path=base + request.rel_url.path, query=query, encoded=False))
        response = web.Response(status=303, headers={hdrs.LOCATION: location, hdrs.CACHE_CONTROL: "no-store"})
        assert self.token is not None
        self._set_cookie(response, self.cookie_name, self.token, COOKIE_SECONDS)
        return response

    def _set_cookie(self, response: web.StreamResponse, name: str, value: str, seconds: int) -> None:
        response.set_cookie(
            name,
            value,
            max_age=seconds,
            httponly=True,
            samesite="Strict",
            secure=self.secure_cookies or None,
            path="/",
        )


async def add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: the headers of :data:`SECURITY_HEADERS` on every response."""
    response.headers.update(SECURITY_HEADERS)


def browser_language(header: str) -> str | None:
    """The first language of an ``Accept-Language`` header (``fr-CH, fr;q=0.9,
    en;q=0.8``), by its weights, that the game speaks; None if it speaks none."""
    wanted: list[tuple[float, int, str]] = []
    for order, entry in enumerate(header.split(",")[:32]):
        tag, _semicolon, weight = entry.partition(";")
        quality = 1.0
        name, _equals, value = weight.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                quality = float(value)
            except ValueError:
                continue
        code = language_code(tag)
        if code in LANGUAGES and quality > 0:
            wanted.append((-quality, order, code))
    return min(wanted)[2] if wanted else None


def _is_websocket(request: web.Request) -> bool:
    return request.headers.get(hdrs.UPGRADE, "").lower() == "websocket"


def _hostname(host_header: str | None) -> str | None:
    if not host_header:
        return None
    try:
        host = URL(f"http://{host_header}").host
    except ValueError:
        return None
    return host.lower().strip("[]") if host else None
