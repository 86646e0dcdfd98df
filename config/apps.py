from django.apps import AppConfig


class ConfigConfig(AppConfig):
    """The project package as an app, for its management commands and templates."""

    name = "config"
    verbose_name = "Tutkimusohjelma Classroom"
