"""ASGI entry point: HTTP, WebSockets and the lifespan that starts the embedded clock."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.clock import Lifespan  # noqa: E402
from config.origins import SameOriginValidator  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from games.flood import FloodGuard  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(
            FloodGuard(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
        "lifespan": Lifespan(),
    }
)

if os.environ.get("TUTKIMUS_MEMORY_TRACE"):  # the benchmark's question: what do cycles leave?
    from config import memtrace

    memtrace.install(os.environ["TUTKIMUS_MEMORY_TRACE"])

# What is loaded by now lives as long as the process. Frozen, it is left out of the full garbage
# collections, each of which stops every socket of the process while it walks what it holds.
gc.freeze()
