from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DebriefConfig(AppConfig):
    name = "debrief"
    verbose_name = _("Debrief")
