from django.urls import path

from classroom import consumers

websocket_urlpatterns = [
    path("ws/lessons/<int:pk>/", consumers.TeacherLessonConsumer.as_asgi()),
    path("ws/lessons/<int:pk>/projector/", consumers.ProjectorConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
]
