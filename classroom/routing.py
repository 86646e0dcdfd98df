from django.urls import path

from classroom import consumers, debrief_socket, play_socket

websocket_urlpatterns = [
    path("ws/lessons/<int:pk>/", consumers.TeacherLessonConsumer.as_asgi()),
    path("ws/lessons/<int:pk>/projector/", consumers.ProjectorConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/play/", play_socket.PlayConsumer.as_asgi()),
    path("ws/lessons/<int:pk>/tables/<int:number>/", play_socket.TableWatchConsumer.as_asgi()),
    path("ws/debrief/", debrief_socket.StudentDebriefConsumer.as_asgi()),
    path("ws/lessons/<int:pk>/debrief/", debrief_socket.ReviewConsumer.as_asgi()),
    path("ws/lessons/<int:pk>/debrief/discussion/", debrief_socket.DiscussionConsumer.as_asgi()),
    path("ws/debrief/exports/", debrief_socket.ExportsConsumer.as_asgi()),
]
