"""Every WebSocket route of the project, gathered from the apps."""

from django.conf import settings
from django.urls import path

from config.live import DiagnosticsConsumer

websocket_urlpatterns = []

if settings.LIVE_DIAGNOSTICS:
    websocket_urlpatterns.append(path("ws/diagnostics/", DiagnosticsConsumer.as_asgi()))
