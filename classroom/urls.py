from allauth.account import views as allauth_account
from allauth.socialaccount import views as allauth_social
from allauth.socialaccount.providers.openid_connect import urls as allauth_oidc
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.urls import include, path
from django.views.generic import RedirectView

from classroom import account_views, debrief_views, play, views

# allauth serves only the school sign-in: the providers' redirects and its own error and sign-up
# pages. Sign-in, sign-out and the password pages are Django's; the names allauth asks for
# lead there.
school_signin_patterns = [
    path("login/", RedirectView.as_view(pattern_name="login", query_string=True),
         name="account_login"),
    path("signup/", RedirectView.as_view(pattern_name="signup"), name="account_signup"),
    path("inactive/", allauth_account.account_inactive, name="account_inactive"),
    path("login/cancelled/", allauth_social.login_cancelled,
         name="socialaccount_login_cancelled"),
    path("login/error/", allauth_social.login_error, name="socialaccount_login_error"),
    path("signup/account/", allauth_social.signup, name="socialaccount_signup"),
    path("linked/", RedirectView.as_view(pattern_name="school_accounts"),
         name="socialaccount_connections"),
    *allauth_oidc.urlpatterns,
]

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", account_views.TeacherLoginView.as_view(), name="login"),
    path("accounts/invitation/", account_views.invitation_accept, name="invitation_accept"),
    path("accounts/invitation/<str:token>/", account_views.invitation, name="invitation"),
    path("accounts/school-accounts/", account_views.school_accounts, name="school_accounts"),
    path("accounts/school/", include(school_signin_patterns)),
    # Django's own views for the rest (django.contrib.auth.urls without its sign-in page).
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password_change/", auth_views.PasswordChangeView.as_view(),
         name="password_change"),
    path("accounts/password_change/done/", auth_views.PasswordChangeDoneView.as_view(),
         name="password_change_done"),
    path("accounts/password_reset/", auth_views.PasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/password_reset/done/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    path("lessons/", views.lesson_list, name="lesson_list"),
    # A teacher who types the site's root after signing in often tries /teacher/.
    path("teacher/", login_required(RedirectView.as_view(pattern_name="lesson_list")),
         name="teacher_home"),
    path("lessons/new/", views.lesson_create, name="lesson_create"),
    path("lessons/<int:pk>/", views.lesson_detail, name="lesson_detail"),
    path("lessons/<int:pk>/projector/", views.lesson_projector, name="lesson_projector"),
    path("join/", views.join, name="join"),
    path("lobby/", views.lobby, name="lobby"),
    path("tablet/language/", views.tablet_language, name="tablet_language"),
    path("play/", play.play, name="play"),
    path("lessons/<int:pk>/tables/<int:number>/", play.table_view, name="table_view"),
    path("debrief/", debrief_views.student_debrief, name="debrief_student"),
    path("lessons/<int:pk>/debrief/", debrief_views.review, name="debrief_review"),
    path("lessons/<int:pk>/debrief/open/", debrief_views.debrief_open, name="debrief_open"),
    path("lessons/<int:pk>/debrief/close/", debrief_views.debrief_close, name="debrief_close"),
    path("lessons/<int:pk>/debrief/discussion/", debrief_views.discussion,
         name="debrief_discussion"),
    path("lessons/<int:pk>/debrief/questions/", debrief_views.lesson_questions,
         name="debrief_lesson_questions"),
    path("lessons/<int:pk>/debrief/export.<str:format>", debrief_views.export_lesson,
         name="debrief_export"),
    path("lessons/<int:pk>/delete/", debrief_views.lesson_delete, name="lesson_delete"),
    path("debrief/question-sets/", debrief_views.question_sets, name="debrief_question_sets"),
    path("debrief/question-sets/<int:pk>/", debrief_views.question_set,
         name="debrief_question_set"),
    path("debrief/exports/", debrief_views.exports_page, name="debrief_exports"),
    path("debrief/exports/<uuid:pk>/", debrief_views.export_download,
         name="debrief_export_download"),
]
