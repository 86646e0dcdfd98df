"""Flooding: a socket that sends faster than its limit is told to slow down, then closed
(games/live.py); its client is then refused at once for a while, whatever socket it opens."""

import hashlib
import time

CLOSE_FLOODING = 4008
FLOOD_PENALTY_SECONDS = 30


class TokenBucket:
    """Allows `rate` messages a second (of `clock`) on average and bursts up to `burst`."""

    def __init__(self, rate, burst, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.stamp = float(burst), clock()

    def take(self):
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class PenaltyBox:
    """Clients (by their cookies, never their address) closed for flooding, in this process:
    they are refused at once for a while instead of being given a new burst on every reconnect."""

    def __init__(self, seconds, clock=time.monotonic, capacity=10_000):
        self.seconds, self.clock, self.capacity = seconds, clock, capacity
        self.until = {}

    def add(self, client):
        if len(self.until) >= self.capacity:
            now = self.clock()
            self.until = {key: t for key, t in self.until.items() if t > now}
        self.until[client] = self.clock() + self.seconds

    def holds(self, client):
        until = self.until.get(client)
        return until is not None and until > self.clock()


penalty_box = PenaltyBox(FLOOD_PENALTY_SECONDS)


def client_of(scope):
    """Who a socket belongs to for the flood limit: a digest of its cookies (None without)."""
    cookie = dict(scope.get("headers", ())).get(b"cookie")
    return hashlib.blake2b(cookie, digest_size=16).hexdigest() if cookie else None


class FloodGuard:
    """ASGI middleware: a socket of a client in the penalty box is closed with 4008 (which stops
    live.js reconnecting) before any other work is done for it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket" or not penalty_box.holds(client_of(scope)):
            return await self.app(scope, receive, send)
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": CLOSE_FLOODING})
