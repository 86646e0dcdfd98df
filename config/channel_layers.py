"""The embedded mode's channel layer: Channels' in-memory layer, sweeping expired messages once a
second instead of on every message."""

import time

from channels.layers import InMemoryChannelLayer

SWEEP_SECONDS = 1.0


class EmbeddedChannelLayer(InMemoryChannelLayer):
    """Channels' layer walks every queued message and every group member of the process on each
    receive and each group message: with hundreds of sockets in one process that walk was most
    of what a move cost the layer. Messages expire after a minute, so a sweep a second later
    changes nothing any socket can see."""

    swept_at = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self.swept_at < SWEEP_SECONDS:
            return
        self.swept_at = now
        super()._clean_expired()
