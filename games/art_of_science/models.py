"""The Art of Science's question bank (AS-G06, AS-G08, AS-G24): one row per question per language,
owned by a teacher or shared by the school, and the students' flags on them (AS-35).

A row is one AS-G06 record (docs/games/art_of_science-bank.md) with its owner and its status:
`draft` (a teacher's new or imported question), `approved` (drawn in lessons) or `flagged` (a
student flagged it in a game: drawn no more until a teacher approves it again). The starter bank
is the school's (no owner, shared, approved), loaded by a data migration with its provenance.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Question(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        APPROVED = "approved", _("approved")
        FLAGGED = "flagged", _("flagged")

    class Category(models.TextChoices):
        MATHEMATICS = "mathematics", _("Mathematics")
        BIOLOGY = "biology", _("Biology")
        CHEMISTRY = "chemistry", _("Chemistry")
        PHYSICS = "physics", _("Physics")
        ENGINEERING = "engineering", _("Engineering")
        OTHER_SCIENCE = "other_science", _("Other Science")

    class Format(models.TextChoices):
        MULTIPLE_CHOICE = "multiple_choice", _("Multiple choice")
        TRUE_FALSE = "true_false", _("True or false")
        NUMERIC = "numeric", _("Number")
        OPEN = "open", _("Open answer")

    class Provenance(models.TextChoices):
        RULING = "ruling", _("the rules’ worked example")
        HOUSE = "house", _("starter bank")
        TEACHER = "teacher", _("a teacher")

    public_id = models.CharField(_("id"), max_length=40, unique=True)  # the record's `id`
    lang = models.CharField(_("language"), max_length=12, db_index=True)
    translation_of = models.CharField(_("translation of"), max_length=40, blank=True)
    category = models.CharField(_("category"), max_length=20, choices=Category.choices)
    difficulty = models.PositiveSmallIntegerField(
        _("difficulty"), choices=[(1, "1"), (2, "2"), (3, "3")])
    format = models.CharField(_("type"), max_length=20, choices=Format.choices)
    prompt = models.CharField(_("question"), max_length=200)
    options = models.JSONField(_("options"), default=list, blank=True)
    answer = models.JSONField(_("answer"))  # a letter, true/false, a number or a model answer
    tolerance = models.FloatField(_("tolerance"), null=True, blank=True)
    unit = models.CharField(_("unit"), max_length=20, blank=True)
    accept = models.JSONField(_("other accepted answers"), default=list, blank=True)
    explanation = models.CharField(_("explanation"), max_length=200)
    image = models.JSONField(null=True, blank=True)
    time_limit_s = models.PositiveSmallIntegerField(_("time limit (s)"), null=True, blank=True)
    tags = models.JSONField(_("tags"), default=list, blank=True)
    author = models.CharField(_("author"), max_length=20)
    licence = models.CharField(_("licence"), max_length=60)
    source = models.CharField(_("source"), max_length=200)
    provenance = models.CharField(_("provenance"), max_length=10, choices=Provenance.choices)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.DRAFT, db_index=True)
    # None: the school's own (the starter bank); a teacher's question may be shared with the
    # school, so every teacher's lessons may draw it.
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                              blank=True, related_name="aos_questions", verbose_name=_("owner"))
    shared = models.BooleanField(_("shared with the school"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["category", "public_id"]
        verbose_name = _("question")
        verbose_name_plural = _("questions")

    def __str__(self):
        return self.public_id


class QuestionFlag(models.Model):
    """A seat flagged a question as wrong or unclear in a game (AS-35). No student data: the
    game and the seat number only. Resolved when a teacher approves the question again."""

    class Reason(models.TextChoices):
        WRONG = "wrong", _("wrong")
        UNCLEAR = "unclear", _("unclear")

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="flags")
    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="aos_flags")
    seat = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=10, choices=Reason.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["question", "game", "seat"],
                                               name="aos_flag_once_per_seat")]

    def __str__(self):
        return f"{self.question_id} {self.reason} (seat {self.seat})"
