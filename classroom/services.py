"""Everything that changes a lesson, its seating or its students. Views and consumers call these.

Each service checks, writes in one transaction with the lesson row locked, and notifies the live
pages after the commit (classroom/notify.py). A refusal raises `ClassroomError` and writes nothing.
"""

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from classroom import auth, notify, pseudonyms
from classroom.models import (
    CODE_ALPHABET,
    JOIN_CODE_LENGTH,
    PSEUDONYM_MAX_LENGTH,
    RESEAT_CODE_LENGTH,
    ClassroomSettings,
    Lesson,
    Seat,
    Student,
    Table,
)
from classroom.seating import MAX_SEATS, MIN_SEATS, TableSpace, plan_seating

BAD_CODE = _("That code does not open a lesson. Check it and try again.")
NAME_TAKEN = _("Someone in this lesson already has that name. Choose another.")


class ClassroomError(Exception):
    """A refused request: `code` for tests and logs, `message` (lazy) for people."""

    def __init__(self, code, message):
        super().__init__(code)
        self.code = code
        self.message = message


def random_code(length):
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normalise_code(text):
    """What a student typed, as a code: case, spaces and dashes do not matter."""
    return "".join((text or "").split()).replace("-", "").upper()


def normalise_pseudonym(text):
    return " ".join((text or "").split())


def lesson_plan_parts(planned_minutes):
    """Briefing, play and debrief minutes for a lesson of that length (45 → 5, 30, 10)."""
    debrief = max(5, round(planned_minutes * 10 / 45))
    briefing = 5
    return briefing, planned_minutes - briefing - debrief, debrief


# Lessons ----------------------------------------------------------------------------------------


def lesson_create(*, owner, title, language, engine_key, variant, seat_mode, planned_minutes=45,
                  plan=None, game_settings=None, **cockpit):
    """A new lesson. `plan` is (briefing, play, debrief) minutes; without it, `planned_minutes`
    is split as a 45-minute lesson is. `game_settings` are the game's own (its package's
    settings form, cleaned); `cockpit` holds the pacing settings (Lesson's fields:
    approval_expiry_minutes, idle_seconds, at_play_end); the fields' defaults apply to the
    rest."""
    briefing, play, debrief = plan or lesson_plan_parts(planned_minutes)
    for _attempt in range(10):
        try:
            with transaction.atomic():
                return Lesson.objects.create(
                    owner=owner, title=title, language=language, engine_key=engine_key,
                    variant=variant, seat_mode=seat_mode, briefing_minutes=briefing,
                    play_minutes=play, debrief_minutes=debrief,
                    join_code=random_code(JOIN_CODE_LENGTH), game_settings=game_settings or {},
                    delete_after=ClassroomSettings.delete_after(), **cockpit,
                )
        except IntegrityError:  # the code was taken: draw another
            continue
    raise RuntimeError("no free join code after 10 draws")


def _locked(lesson):
    return Lesson.objects.select_for_update().get(pk=lesson.pk)


def _changed(lesson):
    """Count a change of the lesson's seating and tell its live pages after the commit.

    While tables play, their games follow the seating (a late joiner takes over a bot's seat).
    """
    lesson.version += 1
    lesson.save(update_fields=["version"])
    if lesson.status == Lesson.Status.PLAYING:
        from games.services import game_seats_sync

        for table in lesson.tables.filter(game__isnull=False):
            game_seats_sync(table)
    notify.lesson_changed(lesson)


def lesson_start_tables(lesson):
    """Start a game at every table that has students and no game yet; the lesson is now playing."""
    from games.services import game_create_for_table

    with transaction.atomic():
        lesson = _locked(lesson)
        if lesson.status not in (Lesson.Status.LOBBY, Lesson.Status.PLAYING):
            raise ClassroomError("not_open", _("This lesson has moved past playing."))
        tables = _tables_to_start(lesson)
        if not tables:
            raise ClassroomError("no_tables", _("Seat the students at tables first."))
        for table in tables:
            _settle_seats(table)
            game_create_for_table(table)
        if lesson.status == Lesson.Status.LOBBY:
            lesson.status = Lesson.Status.PLAYING
            lesson.started_at = timezone.now()
            lesson.play_ends_at = lesson.started_at + timedelta(minutes=lesson.play_minutes)
            lesson.save(update_fields=["status", "started_at", "play_ends_at"])
        _changed(lesson)
    return tables


def _tables_to_start(lesson):
    tables = lesson.tables.filter(game__isnull=True).annotate(
        seated=Count("seats__students", filter=Q(seats__students__removed_at__isnull=True))
    )
    return [table for table in tables if table.seated]


def _settle_seats(table):
    """Before a game starts: drop empty seats (keeping two), number the rest 1…N clockwise."""
    seats = list(table.seats.annotate(seated=Count("students")).order_by("number"))
    empty = [seat for seat in seats if not seat.seated]
    keep_empty = max(0, MIN_SEATS - (len(seats) - len(empty)))
    for seat in empty[keep_empty:]:
        seat.delete()
    remaining = list(table.seats.order_by("number"))
    for number, seat in enumerate(remaining, start=1):
        if seat.number != number:
            seat.number = number
            seat.save(update_fields=["number"])


def lesson_end(lesson):
    """End the lesson: its join code stops working and the students' pages say goodbye."""
    with transaction.atomic():
        lesson = _locked(lesson)
        if lesson.status == Lesson.Status.ENDED:
            return lesson
        lesson.status = Lesson.Status.ENDED
        lesson.ended_at = timezone.now()
        lesson.save(update_fields=["status", "ended_at"])
        _changed(lesson)
    return lesson


# Joining -----------------------------------------------------------------------------------------


def lesson_for_join_code(code):
    """The open lesson with this join code, or a refusal."""
    lesson = Lesson.objects.filter(join_code=normalise_code(code)).first()
    if lesson is None or not lesson.is_open:
        raise ClassroomError("bad_code", BAD_CODE)
    return lesson


def student_suggest_pseudonym(lesson):
    taken = lesson.students.filter(removed_at__isnull=True).values_list("pseudonym", flat=True)
    return pseudonyms.suggest(lesson.language, taken)


def check_pseudonym(lesson, pseudonym):
    if not pseudonym:
        raise ClassroomError("name_empty", _("Choose a name for the game."))
    if len(pseudonym) > PSEUDONYM_MAX_LENGTH:
        raise ClassroomError(
            "name_too_long", _("That name is too long: at most 24 characters.")
        )
    if lesson.students.filter(removed_at__isnull=True, pseudonym__iexact=pseudonym).exists():
        raise ClassroomError("name_taken", NAME_TAKEN)


def student_join(*, code, pseudonym, language=""):
    """Join the lesson of `code` as `pseudonym`, the tablet in `language` (blank or not one of
    the lesson languages: the lesson's); returns the student and the tablet's token."""
    pseudonym = normalise_pseudonym(pseudonym)
    token = auth.new_token()
    try:
        with transaction.atomic():
            lesson = _locked(lesson_for_join_code(code))
            if not lesson.is_open:
                raise ClassroomError("bad_code", BAD_CODE)
            check_pseudonym(lesson, pseudonym)
            active = lesson.students.filter(removed_at__isnull=True).count()
            if active >= settings.CLASSROOM_MAX_STUDENTS:
                raise ClassroomError("lesson_full", _("This lesson is full. Tell your teacher."))
            student = lesson.students.create(
                pseudonym=pseudonym, token_hash=auth.hash_secret(token),
                language=language if language in Lesson.Language.values else "",
            )
            _changed(lesson)
    except IntegrityError:  # the same name won a race between the check and the insert
        raise ClassroomError("name_taken", NAME_TAKEN) from None
    return student, token


def student_set_language(student, language):
    """Show the student's tablet in `language` (fi, sv or en; blank: the lesson's). The seat
    stays; the student's open pages load again in the new language."""
    if language not in ("", *Lesson.Language.values):
        raise ClassroomError("bad_language", _("That language is not available."))
    with transaction.atomic():
        updated = Student.objects.filter(pk=student.pk, removed_at__isnull=True).update(
            language=language)
        if not updated:
            raise ClassroomError("not_in_lesson", _("This tablet is no longer in the lesson."))
        student.language = language
        notify.student_language_changed(student)
    return student


# Seating -----------------------------------------------------------------------------------------


def lesson_seat_everyone(lesson):
    """Seat every waiting student: open seats first, then new tables of 3–4 (see seating.py)."""
    with transaction.atomic():
        lesson = _locked(lesson)
        _check_seating_open(lesson)
        waiting = list(lesson.students.filter(removed_at__isnull=True, seat__isnull=True))
        if not waiting:
            return lesson
        plan = plan_seating(_table_spaces(lesson), waiting, lesson.seats_per_student)
        _apply_plan(lesson, plan)
        _changed(lesson)
    return lesson


def _table_spaces(lesson):
    spaces = []
    for table in lesson.tables.prefetch_related("seats").select_related("game"):
        seats = table.seats.annotate(
            seated=Count("students", filter=Q(students__removed_at__isnull=True))
        ).order_by("number")
        spaces.append(TableSpace(
            key=table, seats=[(seat, seat.seated) for seat in seats], can_grow=not table.has_game
        ))
    return spaces


def _apply_plan(lesson, plan):
    for student, seat in plan.into_seats:
        _put(student, seat)
    for table, students in plan.added_seats:
        seat = _add_seat(table)
        for student in students:
            _put(student, seat)
    for seat_groups in plan.new_tables:
        table = _new_table(lesson, seats=len(seat_groups))
        for seat, students in zip(table.seats.order_by("number"), seat_groups, strict=True):
            for student in students:
                _put(student, seat)


def _put(student, seat):
    student.seat = seat
    student.save(update_fields=["seat"])


def _new_table(lesson, seats):
    last = lesson.tables.order_by("-number").values_list("number", flat=True).first() or 0
    table = Table.objects.create(lesson=lesson, number=last + 1)
    Seat.objects.bulk_create(Seat(table=table, number=n) for n in range(1, seats + 1))
    return table


def _add_seat(table):
    last = table.seats.order_by("-number").values_list("number", flat=True).first() or 0
    return Seat.objects.create(table=table, number=last + 1)


def _check_seating_open(lesson):
    if lesson.status not in (Lesson.Status.LOBBY, Lesson.Status.PLAYING):
        raise ClassroomError("seating_closed", _("Seating is closed in this lesson."))


def _active_student(lesson, student_id):
    student = lesson.students.filter(pk=student_id, removed_at__isnull=True).first()
    if student is None:
        raise ClassroomError("no_student", _("That student is no longer in the lesson."))
    return student


def student_move(lesson, student_id, seat_id):
    """Move a student to a seat. A taken single seat swaps: its student goes where the mover was."""
    with transaction.atomic():
        lesson = _locked(lesson)
        _check_seating_open(lesson)
        student = _active_student(lesson, student_id)
        seat = Seat.objects.filter(pk=seat_id, table__lesson=lesson).first()
        if seat is None:
            raise ClassroomError("no_seat", _("That seat is no longer there."))
        if student.seat_id == seat.pk:
            return student
        occupants = list(seat.students.filter(removed_at__isnull=True))
        if len(occupants) >= lesson.seats_per_student:
            if lesson.seats_per_student > 1:
                raise ClassroomError("seat_full", _("That seat's team is full."))
            _put(occupants[0], student.seat)
        _put(student, seat)
        _drop_empty_tables(lesson)
        _changed(lesson)
    return student


def student_move_to_new_table(lesson, student_id):
    """Start a new table with this student in seat 1 and one open seat beside them."""
    with transaction.atomic():
        lesson = _locked(lesson)
        _check_seating_open(lesson)
        student = _active_student(lesson, student_id)
        table = _new_table(lesson, seats=MIN_SEATS)
        _put(student, table.seats.get(number=1))
        _drop_empty_tables(lesson)
        _changed(lesson)
    return student


def student_add_seat(lesson, student_id, table_id):
    """Give a table one more seat (up to four, before its game starts) and seat the student."""
    with transaction.atomic():
        lesson = _locked(lesson)
        _check_seating_open(lesson)
        student = _active_student(lesson, student_id)
        table = lesson.tables.filter(pk=table_id).select_related("game").first()
        if table is None:
            raise ClassroomError("no_table", _("That table is no longer there."))
        if table.has_game or table.seats.count() >= MAX_SEATS:
            raise ClassroomError("table_full", _("That table cannot take another seat."))
        _put(student, _add_seat(table))
        _drop_empty_tables(lesson)
        _changed(lesson)
    return student


def student_unseat(lesson, student_id):
    """Send a student back to the lobby (before their table's game starts)."""
    with transaction.atomic():
        lesson = _locked(lesson)
        _check_seating_open(lesson)
        student = _active_student(lesson, student_id)
        _put(student, None)
        _drop_empty_tables(lesson)
        _changed(lesson)
    return student


def _drop_empty_tables(lesson):
    """A table left with nobody and no game goes away, so the plan stays tidy."""
    for table in lesson.tables.filter(game__isnull=True):
        if not Student.objects.filter(seat__table=table, removed_at__isnull=True).exists():
            table.delete()


def student_remove(lesson, student_id):
    """Take a student out of the lesson. Their answers stay; their tablet's access ends."""
    with transaction.atomic():
        lesson = _locked(lesson)
        student = _active_student(lesson, student_id)
        student.removed_at = timezone.now()
        student.token_hash = None
        student.reseat_code_hash = None
        student.seat = None
        student.save(update_fields=["removed_at", "token_hash", "reseat_code_hash", "seat"])
        _changed(lesson)
        notify.student_access_changed(student)
    return student


# Moving a student to another tablet ------------------------------------------------------------


def student_reseat_code(lesson, student_id):
    """A one-time code that moves this student to another tablet; returns the code."""
    with transaction.atomic():
        lesson = _locked(lesson)
        student = _active_student(lesson, student_id)
        minutes = settings.RESEAT_CODE_MINUTES
        for _attempt in range(10):
            code = random_code(RESEAT_CODE_LENGTH)
            if not Student.objects.filter(reseat_code_hash=auth.hash_secret(code)).exists():
                break
        student.reseat_code_hash = auth.hash_secret(code)
        student.reseat_code_expires_at = timezone.now() + timedelta(minutes=minutes)
        student.save(update_fields=["reseat_code_hash", "reseat_code_expires_at"])
    return code


def student_reseat(code):
    """Redeem a reseat code on a new tablet: a fresh token; the old tablet's access ends."""
    token = auth.new_token()
    with transaction.atomic():
        student = (
            Student.objects.select_for_update()
            .filter(reseat_code_hash=auth.hash_secret(normalise_code(code)),
                    removed_at__isnull=True,
                    reseat_code_expires_at__gt=timezone.now())
            .select_related("lesson")
            .first()
        )
        if student is None or not student.lesson.is_open:
            raise ClassroomError("bad_code", BAD_CODE)
        student.token_hash = auth.hash_secret(token)
        student.reseat_code_hash = None
        student.reseat_code_expires_at = None
        student.save(update_fields=["token_hash", "reseat_code_hash", "reseat_code_expires_at"])
        notify.student_access_changed(student)
    return student, token
