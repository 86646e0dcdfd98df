"""Debrief questions, a lesson's debrief and the students' answers.

A teacher keeps reusable *question sets* (templates). A lesson has its own copy of its questions,
made from the rulebook's five (debrief/defaults.py) or from a template, so editing a template never
changes a lesson that already ran. Answers belong to a student, not a seat: in team seats every
student answers for themselves. Default questions carry a `fact_key` that names their fact
generator (debrief/facts.py); questions a teacher adds have none.
"""

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

ANSWER_MAX_LENGTH = 2000
QUESTION_MAX_LENGTH = 400
MAX_QUESTIONS = 12


class Question(models.Model):
    """What a template's question and a lesson's question share."""

    position = models.PositiveSmallIntegerField()
    text = models.TextField(_("question"), max_length=QUESTION_MAX_LENGTH)
    # Names the fact generator of a default question ("replication", "bias", …); "" for none.
    fact_key = models.CharField(max_length=40, blank=True, default="")

    class Meta:
        abstract = True
        ordering = ["position", "pk"]

    def __str__(self):
        return self.text


class QuestionSet(models.Model):
    """A teacher's reusable set of debrief questions."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="question_sets",
        verbose_name=_("teacher"),
    )
    title = models.CharField(_("name"), max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["title", "pk"]
        verbose_name = _("question set")
        verbose_name_plural = _("question sets")

    def __str__(self):
        return self.title


class TemplateQuestion(Question):
    question_set = models.ForeignKey(
        QuestionSet, on_delete=models.CASCADE, related_name="questions"
    )

    class Meta(Question.Meta):
        verbose_name = _("template question")


class LessonQuestion(Question):
    lesson = models.ForeignKey(
        "classroom.Lesson", on_delete=models.CASCADE, related_name="debrief_questions"
    )

    class Meta(Question.Meta):
        verbose_name = _("lesson question")

    @property
    def number(self):
        """1-based, for people; positions are kept consecutive by the services."""
        return self.position + 1


class Debrief(models.Model):
    """A lesson's debrief: open while `closed_at` is empty; the projector's current question."""

    lesson = models.OneToOneField(
        "classroom.Lesson", on_delete=models.CASCADE, related_name="debrief"
    )
    opened_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)
    shown_question = models.ForeignKey(
        LessonQuestion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Counts changes the teacher's pages show (answers, stars, the projector's question).
    version = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"{self.lesson_id}: {'open' if self.is_open else 'closed'}"

    @property
    def is_open(self):
        return self.closed_at is None

    @property
    def group_name(self):
        """The teacher's debrief pages (review and projector) of this lesson."""
        return f"lesson-{self.lesson_id}-debrief"


class Answer(models.Model):
    """One student's answer to one question; every save of the draft is the answer."""

    student = models.ForeignKey(
        "classroom.Student", on_delete=models.CASCADE, related_name="answers"
    )
    question = models.ForeignKey(LessonQuestion, on_delete=models.CASCADE, related_name="answers")
    text = models.TextField(blank=True, default="")
    # The facts from the student's game shown above the box, as sentences in the lesson language.
    facts = models.JSONField(default=list, blank=True)
    # The language of the student's tablet when they last wrote it (fi, sv, en; blank: unwritten).
    language = models.CharField(max_length=2, blank=True, default="")
    starred = models.BooleanField(default=False)
    # What the projector shows: the text as it was when the teacher starred it.
    starred_text = models.TextField(blank=True, default="")
    starred_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["question__position", "student__joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["student", "question"], name="one_answer_per_question")
        ]

    def __str__(self):
        return f"{self.student_id}/{self.question_id}"

    @property
    def answered(self):
        return bool(self.text.strip())

    @property
    def edited_since_starred(self):
        return self.starred and self.text != self.starred_text


class ExportJob(models.Model):
    """A teacher's large export (many lessons), written to a file by a Celery task."""

    class Format(models.TextChoices):
        CSV = "csv", "CSV"
        XLSX = "xlsx", "XLSX"
        JSON = "json", "JSON"

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Running")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="debrief_exports"
    )
    lessons = models.ManyToManyField("classroom.Lesson", related_name="export_jobs")
    format = models.CharField(max_length=4, choices=Format.choices)
    language = models.CharField(max_length=8)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    rows = models.PositiveIntegerField(default=0)
    file_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.format} {self.pk}"

    @property
    def group_name(self):
        return exports_group(self.owner_id)


def exports_group(user_id):
    """The export pages of one teacher."""
    return f"exports-{user_id}"
