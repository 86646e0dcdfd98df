"""Every WebSocket route of the project, gathered from the apps."""

from django.conf import settings
from django.urls import path

from classroom.routing import websocket_urlpatterns as classroom_sockets
from games.live import DiagnosticsConsumer

websocket_urlpatterns = [*classroom_sockets]

if settings.LIVE_DIAGNOSTICS:
    websocket_urlpatterns.append(path("ws/diagnostics/", DiagnosticsConsumer.as_asgi()))
