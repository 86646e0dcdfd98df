"""Where large export files live: settings.EXPORTS_DIR (under VAR_DIR), never served publicly.

Only the download view, after checking the teacher, reads them. With several machines the folder
must be shared by the workers and the web processes (a shared volume).
"""

from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.db import transaction


def storage():
    return FileSystemStorage(location=settings.EXPORTS_DIR)


def path(name):
    """The file's path, its folder made if needed."""
    Path(settings.EXPORTS_DIR).mkdir(parents=True, exist_ok=True)
    return storage().path(name)


def delete(name):
    """Remove the file once the deletion of its row is committed."""
    transaction.on_commit(lambda: storage().delete(name))


def keep_for():
    return timedelta(hours=settings.EXPORT_KEEP_HOURS)
