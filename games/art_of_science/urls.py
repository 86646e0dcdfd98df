"""The Art of Science's teacher pages, served under /games/art_of_science/ (config/urls.py)."""

from django.urls import path

from games.art_of_science import views

app_name = "art_of_science"
urlpatterns = [
    path("questions/", views.bank, name="bank"),
    path("questions/import/", views.bank_import, name="bank_import"),
    path("questions/approve/", views.bank_approve, name="bank_approve"),
    path("questions/export.<str:kind>", views.bank_export, name="bank_export"),
    path("questions/new/", views.question_edit, name="question_new"),
    path("questions/<int:pk>/", views.question_edit, name="question"),
    path("questions/<int:pk>/delete/", views.question_delete, name="question_delete"),
]
