from django.urls import path

from games import consumers

websocket_urlpatterns = [
    path("ws/play/", consumers.PlayConsumer.as_asgi()),
    path("ws/lessons/<int:pk>/tables/<int:number>/", consumers.TableWatchConsumer.as_asgi()),
]
