from django.urls import path

from debrief import consumers

websocket_urlpatterns = [
    path("ws/debrief/", consumers.StudentDebriefConsumer.as_asgi()),
    path("ws/lessons/<int:pk>/debrief/", consumers.ReviewConsumer.as_asgi()),
    path("ws/lessons/<int:pk>/debrief/discussion/", consumers.DiscussionConsumer.as_asgi()),
    path("ws/debrief/exports/", consumers.ExportsConsumer.as_asgi()),
]
