"""The embedded channel layer delivers as Channels' in-memory layer does, and sweeps expired
messages once a second rather than on every message."""

import pytest

from config import channel_layers
from config.channel_layers import EmbeddedChannelLayer

pytestmark = pytest.mark.asyncio


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


async def test_a_group_message_reaches_every_member():
    layer = EmbeddedChannelLayer()
    first, second = await layer.new_channel(), await layer.new_channel()
    for channel in (first, second):
        await layer.group_add("table-1", channel)
    await layer.group_send("table-1", {"type": "game.updated", "revision": 2})
    assert await layer.receive(first) == {"type": "game.updated", "revision": 2}
    assert await layer.receive(second) == {"type": "game.updated", "revision": 2}


async def test_expired_messages_are_swept_at_most_once_a_second(monkeypatch):
    """A message left on a channel nobody reads expires (the channel leaves its groups), but
    the walk over every channel happens once a second, not on each of the messages between."""
    clock = Clock()
    monkeypatch.setattr(channel_layers.time, "monotonic", clock)
    layer = EmbeddedChannelLayer(expiry=0)
    walks = []
    monkeypatch.setattr(channel_layers.InMemoryChannelLayer, "_clean_expired",
                        lambda self: walks.append(clock()))
    reader = await layer.new_channel()
    for _ in range(50):
        await layer.send(reader, {"type": "ping"})
        await layer.receive(reader)
        clock.now += 0.01
    assert walks == [1000.0]
    clock.now += 1.0
    await layer.group_send("table-1", {"type": "ping"})
    assert len(walks) == 2


async def test_a_silent_channel_s_expired_message_takes_it_out_of_its_groups():
    layer = EmbeddedChannelLayer(expiry=-1)
    silent = await layer.new_channel()
    await layer.group_add("table-1", silent)
    await layer.send(silent, {"type": "ping"})
    await layer.group_send("table-2", {"type": "ping"})
    assert silent not in layer.groups.get("table-1", {})
