"""Every WebSocket route of the project, gathered from the apps."""

from django.conf import settings
from django.urls import path

from classroom.routing import websocket_urlpatterns as classroom_sockets
from config.live import DiagnosticsConsumer
from debrief.routing import websocket_urlpatterns as debrief_sockets
from games.routing import websocket_urlpatterns as game_sockets

websocket_urlpatterns = [*classroom_sockets, *game_sockets, *debrief_sockets]

if settings.LIVE_DIAGNOSTICS:
    websocket_urlpatterns.append(path("ws/diagnostics/", DiagnosticsConsumer.as_asgi()))
