"""Which pages may open the app's WebSockets: its own, never another site's.

Browsers send `Origin` on every WebSocket handshake, and a page on another site could otherwise
open a socket with a student's cookie. A socket is accepted when its `Host` is one of
ALLOWED_HOSTS (as for a page; embedded mode allows any, since tablets use the machine's address)
and its `Origin` is that same host, one of ALLOWED_HOSTS on its scheme's own port, or one of
CSRF_TRUSTED_ORIGINS (for a proxy that rewrites `Host`; list an origin with another port there).
A handshake without `Origin`, or with `null`, is refused.
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)


def origin_allowed(scope):
    headers = dict(scope.get("headers", []))
    host = headers.get(b"host", b"").decode("latin-1").lower()
    origin = headers.get(b"origin", b"").decode("latin-1").lower()
    if not host or not _allowed_host(host):
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    if parts.netloc == host:
        return True
    trusted = {item.lower().rstrip("/") for item in settings.CSRF_TRUSTED_ORIGINS}
    if origin.rstrip("/") in trusted:
        return True
    explicit = [item for item in settings.ALLOWED_HOSTS if item != "*"]
    domain, port = split_domain_port(parts.netloc)
    return not port and "@" not in parts.netloc and validate_host(domain, explicit)


def _allowed_host(host):
    domain, _port = split_domain_port(host)
    return bool(domain) and validate_host(domain, settings.ALLOWED_HOSTS)
