"""A minimal Channels consumer that only relays a group message, on the app's channel layer.

    uvicorn bench.loadkit.relay:application   (environment as for the app: REDIS_URL or none)

Same paths and messages as bench/loadkit/bare.py: an `act` becomes one group message to the
table's group and one to the lesson's dashboard group, each carrying only the version (as the
app's `game.updated` does); every consumer that receives it sends the `parts` message itself.
No database, no rendering: what Channels and its layer cost on their own.
"""

import json

import django
from django.conf import settings

if not settings.configured:
    from config import settings as app_settings

    settings.configure(
        DEBUG=False, SECRET_KEY="relay", ALLOWED_HOSTS=["*"], INSTALLED_APPS=["channels"],
        CHANNEL_LAYERS=app_settings.CHANNEL_LAYERS,
    )
    django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from bench.loadkit.bare import pad_size, payload  # noqa: E402


class RelayConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        kwargs = self.scope["url_route"]["kwargs"]
        self.lesson, self.table = kwargs["lesson"], kwargs.get("table")
        group = (f"bench-{self.lesson}-{self.table}" if self.table is not None
                 else f"bench-{self.lesson}-dash")
        await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None):
        message = json.loads(text_data)
        if message.get("type") == "sync":
            await self.send(json.dumps({"type": "parts", "version": None, "parts": {}}))
            return
        if message.get("type") != "act" or self.table is None:
            return
        version = message["version"]
        await self.channel_layer.group_send(f"bench-{self.lesson}-{self.table}",
                                            {"type": "relay.parts", "version": version,
                                             "pad": pad_size(message)})
        await self.channel_layer.group_send(f"bench-{self.lesson}-dash",
                                            {"type": "relay.dash", "version": version,
                                             "table": self.table})
        await self.send(json.dumps({"type": "ack", "ref": message.get("id"),
                                    "version": version}))

    async def relay_parts(self, event):
        await self.send(json.dumps({"type": "parts", "version": event["version"],
                                    "parts": {"pad": payload(event["pad"])}}))

    async def relay_dash(self, event):
        table = event["table"]
        await self.send(json.dumps({"type": "parts", "version": event["version"], "table": table,
                                    "parts": {f"table-{table}": f"<p>v{event['version']}</p>"}}))


application = URLRouter([
    path("t/<str:lesson>/<str:table>/<str:seat>", RelayConsumer.as_asgi()),
    path("d/<str:lesson>", RelayConsumer.as_asgi()),
])
