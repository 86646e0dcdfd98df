from django.urls import include, path

from classroom import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("lessons/", views.lesson_list, name="lesson_list"),
    path("lessons/new/", views.lesson_create, name="lesson_create"),
    path("lessons/<int:pk>/", views.lesson_detail, name="lesson_detail"),
    path("lessons/<int:pk>/projector/", views.lesson_projector, name="lesson_projector"),
    path("join/", views.join, name="join"),
    path("lobby/", views.lobby, name="lobby"),
]
