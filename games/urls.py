from django.urls import path

from games import views

urlpatterns = [
    path("play/", views.play, name="play"),
    path("lessons/<int:pk>/tables/<int:number>/", views.table_view, name="table_view"),
]
