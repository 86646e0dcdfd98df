"""Teachers' lessons, their tables and seats, and the students who join them.

A *student* is a person in a lesson, known only by a pseudonym; a *seat* is a place at one table's
game (in team mode several students share a seat). Ownership of lessons is read in one place only:
classroom/selectors.py.
"""

from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.packages import package

# Join and reseat codes: no look-alikes (0/O, 1/I/L), so a code read off a projector is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6
RESEAT_CODE_LENGTH = 8
PSEUDONYM_MAX_LENGTH = 24
PAUSE_MESSAGE_MAX_LENGTH = 80


def default_retention_days():
    return settings.DATA_RETENTION_DAYS


def default_self_signup():
    return settings.SELF_SIGNUP_DEFAULT


def default_invitation_expiry():
    return timezone.now() + timedelta(days=settings.INVITATION_DAYS)


class ClassroomSettings(models.Model):
    """The site's classroom switches, one row, edited by the admin."""

    self_signup_open = models.BooleanField(
        _("teachers may sign up themselves"), default=default_self_signup,
        help_text=_("When off, teachers join by an administrator's invitation (or an account "
                    "the administrator creates)."),
    )
    retention_days = models.PositiveSmallIntegerField(
        _("days lesson data is kept"), default=default_retention_days,
        validators=[MinValueValidator(1), MaxValueValidator(3650)],
        help_text=_(
            "A lesson's students, games, requests and answers are deleted automatically this "
            "many days after the lesson was created. Applies to lessons created from now on."
        ),
    )

    class Meta:
        verbose_name = _("classroom settings")
        verbose_name_plural = _("classroom settings")

    def __str__(self):
        return str(_("Classroom settings"))

    def save(self, *args, **kwargs):
        self.pk = 1
        super().save(*args, **kwargs)

    @classmethod
    def load(cls):
        return cls.objects.get_or_create(pk=1)[0]

    @classmethod
    def delete_after(cls, start=None):
        """When a lesson created at `start` (default now) is deleted by the retention purge."""
        return (start or timezone.now()) + timedelta(days=cls.load().retention_days)


class TeacherInvitation(models.Model):
    """An administrator's invitation to become a teacher here: a link that works once and
    expires. Only a hash of the link's token is kept."""

    email = models.EmailField(_("e-mail"))
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, editable=False, related_name="+",
                                   verbose_name=_("invited by"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"), default=default_invitation_expiry)
    used_at = models.DateTimeField(_("used"), null=True, blank=True, editable=False)
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                blank=True, editable=False, related_name="+",
                                verbose_name=_("teacher account"))

    class Meta:
        verbose_name = _("teacher invitation")
        verbose_name_plural = _("teacher invitations")
        ordering = ["-created_at"]

    def __str__(self):
        return self.email

    @property
    def is_usable(self):
        return self.used_at is None and self.expires_at > timezone.now()


class Lesson(models.Model):
    class Language(models.TextChoices):
        FINNISH = "fi", _("Finnish")
        SWEDISH = "sv", _("Swedish")
        ENGLISH = "en", _("English")

    class SeatMode(models.TextChoices):
        SINGLE = "single", _("One student per seat")
        TEAM = "team", _("Teams of 2–3 students per seat")

    class Status(models.TextChoices):
        LOBBY = "lobby", _("Students joining")
        PLAYING = "playing", _("Playing")
        DEBRIEF = "debrief", _("Debrief")
        ENDED = "ended", _("Ended")

    class AtPlayEnd(models.TextChoices):
        CALL_TIME = "call_time", _("Call time: every table finishes its round, then the debrief")
        DEBRIEF = "debrief", _("Open the debrief at once")
        REMIND = "remind", _("Only remind me")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lessons",
        verbose_name=_("teacher"),
    )
    title = models.CharField(_("title"), max_length=120)
    language = models.CharField(_("language"), max_length=2, choices=Language.choices)
    engine_key = models.CharField(_("game"), max_length=60)
    variant = models.CharField(_("variant"), max_length=60)
    seat_mode = models.CharField(
        _("seats"), max_length=10, choices=SeatMode.choices, default=SeatMode.SINGLE
    )
    briefing_minutes = models.PositiveSmallIntegerField(_("briefing minutes"), default=5)
    play_minutes = models.PositiveSmallIntegerField(_("play minutes"), default=30)
    debrief_minutes = models.PositiveSmallIntegerField(_("debrief minutes"), default=10)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.LOBBY, db_index=True
    )
    join_code = models.CharField(_("join code"), max_length=JOIN_CODE_LENGTH, unique=True)
    # Counts every change of who is in the lesson and where they sit; live pages show this version.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # The retention purge deletes the lesson and everything about its students at this moment.
    delete_after = models.DateTimeField(_("data deleted on"), null=True, db_index=True)

    # The game's own settings for this lesson, as its package's settings form cleaned them.
    game_settings = models.JSONField(_("game settings"), default=dict, blank=True)
    # The cockpit: teacher approvals, pacing and the lesson's clock.
    approval_expiry_minutes = models.PositiveSmallIntegerField(
        _("an undecided request expires after (minutes)"), default=3,
        validators=[MinValueValidator(1), MaxValueValidator(15)],
    )
    idle_seconds = models.PositiveSmallIntegerField(
        _("a seat is idle after (seconds)"), default=90,
        validators=[MinValueValidator(20), MaxValueValidator(900)],
    )
    at_play_end = models.CharField(
        _("when play time is up"), max_length=10, choices=AtPlayEnd.choices,
        default=AtPlayEnd.CALL_TIME,
    )
    # When play time is up; set when the tables start, moved by "extend play time".
    play_ends_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The teacher (or the clock, at play_ends_at) called time: each table ends after its round.
    time_called_at = models.DateTimeField(null=True, blank=True)
    # Paused: every tablet shows the message and no student's or bot's action is applied.
    paused_at = models.DateTimeField(null=True, blank=True)
    pause_message = models.CharField(max_length=PAUSE_MESSAGE_MAX_LENGTH, blank=True)
    resumed_at = models.DateTimeField(null=True, blank=True)
    # Play stopped to go on in the next lesson (a pause the play clock waits through): the
    # tables, seats, join code and games stay; the retention clock runs on.
    adjourned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self):
        return self.title

    @property
    def planned_minutes(self):
        return self.briefing_minutes + self.play_minutes + self.debrief_minutes

    @property
    def is_open(self):
        """Students can join and the join code works until the lesson ends."""
        return self.status != self.Status.ENDED

    @property
    def seats_per_student(self):
        return 3 if self.seat_mode == self.SeatMode.TEAM else 1

    @property
    def group_name(self):
        return f"lesson-{self.pk}"

    @property
    def teacher_group_name(self):
        return f"lesson-{self.pk}-teacher"

    @property
    def is_paused(self):
        return self.paused_at is not None

    @property
    def is_adjourned(self):
        return self.adjourned_at is not None

    def game_options(self):
        """What a new game at one of the lesson's tables is played with: the variant and the
        lesson's settings of its game, as its package makes them (docs/engine.md)."""
        return package(self.engine_key).lesson_options(self)

    @property
    def game(self):
        """The package of the lesson's game (games/packages.py)."""
        return package(self.engine_key)


class Table(models.Model):
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["lesson", "number"], name="table_number_per_lesson")
        ]

    def __str__(self):
        return f"{self.lesson} / {self.number}"

    @property
    def has_game(self):
        return hasattr(self, "game")


class Seat(models.Model):
    """A place at a table, numbered 1…N clockwise. A seat with no students plays as a bot."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_per_table")
        ]

    def __str__(self):
        return f"{self.table} / {self.number}"


class Student(models.Model):
    """A person in one lesson. No account, e-mail or real name: a pseudonym and a token hash."""

    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="students")
    pseudonym = models.CharField(_("name in the game"), max_length=PSEUDONYM_MAX_LENGTH)
    seat = models.ForeignKey(
        Seat, on_delete=models.SET_NULL, null=True, blank=True, related_name="students"
    )
    # SHA-256 of the tablet's token; cleared when the student is removed or moves tablets.
    token_hash = models.CharField(max_length=64, unique=True, null=True, blank=True)
    reseat_code_hash = models.CharField(max_length=64, unique=True, null=True, blank=True)
    reseat_code_expires_at = models.DateTimeField(null=True, blank=True)
    # The language the student chose for their tablet; blank: the lesson's.
    language = models.CharField(
        _("tablet language"), max_length=2, blank=True, choices=Lesson.Language.choices
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                Lower("pseudonym"), "lesson", condition=models.Q(removed_at__isnull=True),
                name="pseudonym_unique_in_lesson",
            )
        ]

    def __str__(self):
        return self.pseudonym

    @property
    def group_name(self):
        return f"student-{self.pk}"

    @property
    def tablet_language(self):
        """The language the student's pages, sockets and narration use: their own choice, else
        the lesson's."""
        return self.language or self.lesson.language


class TabletPresence(models.Model):
    """One open socket of a student's tablet at a table. Rows are written by every ASGI process,
    so the teacher sees the tablets of the whole lesson; `seen_at` is refreshed by the tablet's
    heartbeat, and a row that has not been seen for a while is away (its process may be gone)."""

    channel_name = models.CharField(max_length=200, unique=True)
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="presences")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="presences")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="presences")
    seat = models.PositiveSmallIntegerField()
    connected_at = models.DateTimeField(default=timezone.now)
    seen_at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self):
        return f"{self.student_id} @ {self.table_id}/{self.seat}"
