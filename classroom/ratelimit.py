"""Join attempts per client address, counted in the cache under a keyed hash of the address, so
neither the database nor the cache ever holds an address.

Only refused attempts count: thirty tablets behind one school router join freely, while guessing
codes stops after a few misses a minute.
"""

import hashlib
import hmac
import time

from django.conf import settings
from django.core.cache import cache

WINDOW_SECONDS = 60


def client_address(request):
    return request.META.get("REMOTE_ADDR", "")


def _key(request, now=None):
    window = int((now or time.time()) // WINDOW_SECONDS)
    address = hmac.new(settings.SECRET_KEY.encode(), client_address(request).encode(),
                       hashlib.sha256).hexdigest()[:32]
    return f"join-misses:{address}:{window}"


def join_blocked(request):
    """True once this address has missed too often in the current minute."""
    return (cache.get(_key(request)) or 0) >= settings.JOIN_MISSES_PER_MINUTE


def join_missed(request):
    key = _key(request)
    cache.add(key, 0, WINDOW_SECONDS * 2)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, WINDOW_SECONDS * 2)
