from django.urls import path

from debrief import views

urlpatterns = [
    path("debrief/", views.student_debrief, name="debrief_student"),
    path("lessons/<int:pk>/debrief/", views.review, name="debrief_review"),
    path("lessons/<int:pk>/debrief/open/", views.debrief_open, name="debrief_open"),
    path("lessons/<int:pk>/debrief/close/", views.debrief_close, name="debrief_close"),
    path("lessons/<int:pk>/debrief/discussion/", views.discussion, name="debrief_discussion"),
    path("lessons/<int:pk>/debrief/questions/", views.lesson_questions,
         name="debrief_lesson_questions"),
    path("lessons/<int:pk>/debrief/export.<str:format>", views.export_lesson,
         name="debrief_export"),
    path("lessons/<int:pk>/delete/", views.lesson_delete, name="lesson_delete"),
    path("debrief/question-sets/", views.question_sets, name="debrief_question_sets"),
    path("debrief/question-sets/<int:pk>/", views.question_set, name="debrief_question_set"),
    path("debrief/exports/", views.exports_page, name="debrief_exports"),
    path("debrief/exports/<uuid:pk>/", views.export_download, name="debrief_export_download"),
]
