from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassroomConfig(AppConfig):
    name = "classroom"
    verbose_name = _("Classroom")

    def ready(self):
        from django.contrib.auth.models import update_last_login
        from django.contrib.auth.signals import user_logged_in

        from classroom import signin

        # The teacher's notice of wrong passwords counts from the previous sign-in, so it runs
        # before Django writes this one into last_login.
        user_logged_in.disconnect(update_last_login, dispatch_uid="update_last_login")
        user_logged_in.connect(signin.notice_failed_attempts,
                               dispatch_uid="classroom.notice_failed_attempts")
        user_logged_in.connect(update_last_login, dispatch_uid="update_last_login")
