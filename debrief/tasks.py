"""Background jobs of the debrief: large exports, and the retention purge (a periodic job).

Tasks are thin: they call services and exports. Progress of an export is kept in the cache
(percent) and announced to the teacher's export pages.
"""

import logging

from celery import shared_task
from django.core.cache import cache
from django.utils import timezone, translation

from debrief import exports, exports_storage, notify
from debrief.models import ExportJob

logger = logging.getLogger(__name__)
PROGRESS_TIMEOUT = 24 * 60 * 60


def progress_key(job_id):
    return f"debrief:export:{job_id}:progress"


def export_progress(job_id):
    """0–100, or None before the task has started."""
    return cache.get(progress_key(job_id))


class Progress:
    """Counts written rows; stores and announces the percent each time it moves."""

    def __init__(self, job, total):
        self.job, self.total, self.percent = job, max(total, 1), -1

    def __call__(self, written):
        percent = min(99, 100 * written // self.total)
        if percent != self.percent:
            self.percent = percent
            cache.set(progress_key(self.job.pk), percent, PROGRESS_TIMEOUT)
            notify.export_progress(self.job)


@shared_task
def export_lessons(job_id):
    """Write a large export to a file under settings.EXPORTS_DIR; the job says when it is ready."""
    job = ExportJob.objects.filter(pk=job_id).select_related("owner").first()
    if job is None or job.status == ExportJob.Status.READY:
        return None
    job.status = ExportJob.Status.RUNNING
    job.save(update_fields=["status"])
    cache.set(progress_key(job.pk), 0, PROGRESS_TIMEOUT)
    notify.export_progress(job)
    try:
        with translation.override(job.language):
            rows = _write(job)
    except Exception:
        logger.exception("Export %s failed", job.pk)
        job.status = ExportJob.Status.FAILED
        job.save(update_fields=["status"])
        notify.export_progress(job)
        raise
    job.status, job.rows, job.finished_at = ExportJob.Status.READY, rows, timezone.now()
    job.save(update_fields=["status", "rows", "finished_at", "file_name"])
    cache.set(progress_key(job.pk), 100, PROGRESS_TIMEOUT)
    notify.export_progress(job)
    return rows


def _write(job):
    lessons = list(job.lessons.order_by("created_at", "pk"))
    progress = Progress(job, sum(exports.row_count(lesson) for lesson in lessons))
    job.file_name = f"{job.pk}-{exports.file_name(lessons, job.format)}"
    path = exports_storage.path(job.file_name)
    written = 0

    def rows():
        nonlocal written
        for lesson in lessons:
            for row in exports.lesson_rows(lesson):
                written += 1
                yield row
                if job.format != ExportJob.Format.XLSX:
                    progress(written)

    _WRITERS[job.format](path, lessons, rows(), progress)
    return written


def _write_csv(path, lessons, rows, progress):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        for line in exports.csv_lines(rows, lessons):
            handle.write(line)


def _write_xlsx(path, lessons, rows, progress):
    exports.xlsx_write(rows, path, lessons, progress=progress)


def _write_json(path, lessons, rows, progress):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(exports.json_text(lessons, rows))


_WRITERS = {"csv": _write_csv, "xlsx": _write_xlsx, "json": _write_json}
