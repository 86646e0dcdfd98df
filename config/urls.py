from importlib.util import find_spec

from django.contrib import admin
from django.urls import include, path

from config.health import healthz
from games.registry import GAMES


def game_pages():
    """Each registered game's own pages (its optional `games/<key>/urls.py`, e.g. a teacher's
    question bank), under /games/<key>/."""
    return [path(f"games/{key}/", include(f"games.{key}.urls")) for key in GAMES
            if find_spec(f"games.{key}.urls") is not None]


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    *game_pages(),
    path("", include("classroom.urls")),
]
