"""Classroom pages: teachers' accounts and lessons, the projector, joining and the lobby."""

import re

import pytest
import segno
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache

from classroom import auth, ratelimit, services
from classroom.models import ClassroomSettings, Lesson, Student
from games.packages import package
from tests.classroom.factories import join, join_many, make_lesson, make_teacher

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def teacher_client(client):
    teacher = make_teacher()
    client.force_login(teacher)
    client.teacher = teacher
    return client


def join_post(client, code, name, **extra):
    return client.post("/join/", {"code": code, "pseudonym": name, **extra},
                       REMOTE_ADDR=extra.pop("address", "10.0.0.1"))


# Teacher accounts --------------------------------------------------------------------------------


def test_teacher_signs_in_and_lands_on_their_lessons(client):
    """The sign-in form takes username and password and opens the lesson list."""
    make_teacher("maija")
    response = client.post("/accounts/login/", {"username": "maija", "password": "pw-Secret-123"})
    assert response.status_code == 302 and response["Location"] == "/lessons/"


def test_sign_out_is_a_post_and_ends_the_session(teacher_client):
    """Signing out ends the session; the lesson list then asks for sign-in again."""
    assert teacher_client.post("/accounts/logout/")["Location"] == "/"
    response = teacher_client.get("/lessons/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_password_change_needs_the_old_password(teacher_client):
    """A teacher changes their password with the old one; the new one then works."""
    response = teacher_client.post("/accounts/password_change/", {
        "old_password": "pw-Secret-123", "new_password1": "Uusi-salasana-42",
        "new_password2": "Uusi-salasana-42"})
    assert response.status_code == 302
    teacher_client.teacher.refresh_from_db()
    assert teacher_client.teacher.check_password("Uusi-salasana-42")


def test_password_reset_mails_a_link_that_sets_a_new_password(client):
    """The reset form sends one e-mail with a link; following it sets the new password."""
    teacher = make_teacher("reset_me")
    client.post("/accounts/password_reset/", {"email": teacher.email})
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    response = client.post(form_page.redirect_chain[-1][0], {
        "new_password1": "Toinen-salasana-7", "new_password2": "Toinen-salasana-7"})
    assert response.status_code == 302
    teacher.refresh_from_db()
    assert teacher.check_password("Toinen-salasana-7")


def test_self_sign_up_creates_a_teacher_who_is_signed_in(client):
    """With sign-up open, a new teacher creates an account and goes to their lessons."""
    ClassroomSettings.objects.update_or_create(pk=1, defaults={"self_signup_open": True})
    response = client.post("/accounts/signup/", {
        "username": "uusi_ope", "email": "uusi@example.fi",
        "password1": "Pitka-salasana-99", "password2": "Pitka-salasana-99"})
    assert response.status_code == 302 and response["Location"] == "/lessons/"
    assert client.get("/lessons/").status_code == 200


def test_admin_can_switch_self_sign_up_off(client):
    """With sign-up closed, the page says so and no account is created."""
    settings_row = ClassroomSettings.load()
    settings_row.self_signup_open = False
    settings_row.save()
    response = client.post("/accounts/signup/", {
        "username": "uusi_ope", "email": "uusi@example.fi",
        "password1": "Pitka-salasana-99", "password2": "Pitka-salasana-99"})
    assert response.status_code == 403
    assert not get_user_model().objects.filter(username="uusi_ope").exists()
    assert b"/accounts/signup/" not in client.get("/accounts/login/").content


# Lessons -----------------------------------------------------------------------------------------


def test_create_lesson_in_one_form(teacher_client):
    """Title, language, game, seat mode and length make a lesson owned by the teacher."""
    response = teacher_client.post("/lessons/new/", {
        "title": "Fysiikka 8A", "language": "fi", "game": "research_programme:school",
        "seat_mode": "team", "planned_minutes": 45})
    lesson = Lesson.objects.get()
    assert response["Location"] == f"/lessons/{lesson.pk}/"
    assert lesson.owner == teacher_client.teacher
    assert (lesson.language, lesson.seat_mode) == ("fi", "team")
    assert (lesson.engine_key, lesson.variant, lesson.planned_minutes) == (
        "research_programme", "school", 45)


def test_lesson_form_offers_the_games_of_the_registry_in_the_page_language(teacher_client):
    """The game list comes from the engines' registry, titled in Finnish on a Finnish page; the
    plan starts as 5 + 30 + 10 minutes."""
    page = teacher_client.get("/lessons/new/", headers={"Accept-Language": "fi"})
    html = page.content.decode()
    assert "Tutkimusohjelma: koulupeli" in html
    for name, minutes in (("briefing", 5), ("play", 30), ("debrief", 10)):
        assert f'name="{name}_minutes" value="{minutes}"' in html


def test_each_game_choice_says_its_play_minutes(teacher_client):
    """A teacher sees how long each variant plays (the simulated minutes of its package)."""
    html = teacher_client.get("/lessons/new/", headers={"Accept-Language": "en"}).content.decode()
    minutes = round(package("research_programme").lesson_variants["school"].minutes_for(4))
    assert f"Research Programme: school game (about {minutes} min of play)" in html


def test_a_game_longer_than_the_play_time_is_created_only_when_the_teacher_says_so(
        teacher_client):
    """With 10 minutes of play for a game that needs about 20, the form comes back with the
    warning and the lesson is not made; ticking "Create it anyway" makes it."""
    form = {"title": "Lyhyt", "language": "en", "game": "research_programme:school",
            "seat_mode": "single", "briefing_minutes": 5, "play_minutes": 10,
            "debrief_minutes": 10}
    page = teacher_client.post("/lessons/new/", form, headers={"Accept-Language": "en"})
    assert page.status_code == 200 and not Lesson.objects.exists()
    html = page.content.decode()
    assert "minutes of play; the plan gives it 10." in html and 'name="despite_length"' in html
    response = teacher_client.post("/lessons/new/", {**form, "despite_length": "on"})
    assert response.status_code == 302 and Lesson.objects.get().play_minutes == 10


def test_the_games_own_settings_reach_its_lesson(teacher_client):
    """The settings form of the chosen game (prefixed by its key) becomes the lesson's."""
    teacher_client.post("/lessons/new/", {
        "title": "Tarinat", "language": "fi", "game": "research_programme:school",
        "seat_mode": "single", "research_programme-stories_per_round": "3",
        "research_programme-story_judge": "table"})
    lesson = Lesson.objects.get()
    assert lesson.game_settings["stories_per_round"] == 3
    assert lesson.game_options()["story_judge"] == "table"


def test_fg_15_the_full_game_takes_no_story_settings(teacher_client):
    """The stories' settings belong to the school game: its box names that variant (the page
    shows it only for it), and a full-game lesson keeps none of them, even when posted."""
    page = teacher_client.get("/lessons/new/").content.decode()
    assert 'data-game-settings="research_programme" data-game-variants="school"' in page
    teacher_client.post("/lessons/new/", {
        "title": "Koko peli", "language": "fi", "game": "research_programme:full",
        "seat_mode": "single", "briefing_minutes": 10, "play_minutes": 65, "debrief_minutes": 15,
        "research_programme-stories_per_round": "9", "despite_length": "on"})
    lesson = Lesson.objects.get()
    assert lesson.variant == "full" and lesson.game_settings == {}


def test_unknown_game_is_refused(teacher_client):
    """A game that is not in the registry does not make a lesson."""
    teacher_client.post("/lessons/new/", {
        "title": "X", "language": "fi", "game": "chess:blitz", "seat_mode": "single",
        "planned_minutes": 45})
    assert not Lesson.objects.exists()


def test_teacher_sees_only_their_own_lessons(teacher_client):
    """The lesson list shows the teacher's lessons and not another teacher's."""
    make_lesson(owner=teacher_client.teacher, title="Minun tuntini")
    make_lesson(title="Someone else's lesson")
    content = teacher_client.get("/lessons/").content.decode()
    assert "Minun tuntini" in content and "Someone else" not in content


@pytest.mark.parametrize("page", ["/lessons/{pk}/", "/lessons/{pk}/projector/"])
def test_teacher_a_gets_404_for_teacher_b_lesson_pages(teacher_client, page):
    """Another teacher's lesson is not found, whatever the page."""
    other = make_lesson()
    assert teacher_client.get(page.format(pk=other.pk)).status_code == 404


def test_lesson_pages_need_a_signed_in_teacher(client):
    """Without signing in, lesson pages send to the sign-in page."""
    lesson = make_lesson()
    response = client.get(f"/lessons/{lesson.pk}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_projector_shows_code_qr_of_the_join_link_and_pseudonyms_only(teacher_client):
    """The projector has the code, a QR code of /join/?code=…, and the pseudonyms, no more."""
    lesson = make_lesson(owner=teacher_client.teacher)
    student, token = join(lesson, "Witty Geologist")
    content = teacher_client.get(f"/lessons/{lesson.pk}/projector/").content.decode()
    link = f"http://testserver/join/?code={lesson.join_code}"
    expected = segno.make(link, error="m").svg_inline(scale=10, border=2, omitsize=True)
    drawn = re.search(r'<path[^>]* d="([^"]+)"', expected).group(1)
    assert drawn in content and f"<title>{link}</title>" in content
    assert lesson.join_code[:3] in content and "Witty Geologist" in content
    assert token not in content and student.token_hash not in content
    assert f"student-{student.pk}" not in content


# Joining -----------------------------------------------------------------------------------------


def test_qr_link_opens_the_name_step_in_the_lessons_language(client):
    """The QR link fills in the code: the page asks for a name, in Finnish for a Finnish lesson."""
    lesson = make_lesson(language="fi")
    page = client.get(f"/join/?code={lesson.join_code}", headers={"Accept-Language": "en"})
    content = page.content.decode()
    assert '<html lang="fi">' in content and "Valitse nimesi peliin" in content
    suggested = re.search(r'name="pseudonym" value="([^"]+)"', content).group(1)
    assert 0 < len(suggested) <= 24


def test_join_sets_a_signed_httponly_lax_cookie_and_opens_the_lobby(client):
    """Joining redirects to the lobby with a signed token cookie that names no id."""
    lesson = make_lesson()
    response = join_post(client, lesson.join_code, "Eager Ecologist")
    assert response.status_code == 302 and response["Location"] == "/lobby/"
    cookie = response.cookies[auth.COOKIE_NAME]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    student = Student.objects.get()
    token = auth.token_from_cookie(cookie.value)
    assert auth.hash_secret(token) == student.token_hash
    assert len(token) >= 40 and cookie.value.startswith(token + ":")
    assert auth.token_from_cookie(cookie.value + "x") is None
    lobby = client.get("/lobby/")
    assert "Eager Ecologist" in lobby.content.decode()


def test_tablet_comes_back_to_the_same_seat(client):
    """After seating, the lobby shows table and seat again on every visit."""
    lesson = make_lesson()
    join_post(client, lesson.join_code, "Calm Chemist")
    join_many(lesson, 3)
    services.lesson_seat_everyone(lesson)
    student = Student.objects.get(pseudonym="Calm Chemist")
    for _ in range(2):
        content = client.get("/lobby/").content.decode()
        numbers = re.findall(r'class="seat-place-number">(\d+)<', content)
        assert numbers == [str(student.seat.table.number), str(student.seat.number)]


def test_lobby_without_a_seat_cookie_sends_to_the_join_page(client):
    """No cookie, or a forged one, is no student."""
    assert client.get("/lobby/")["Location"] == "/join/"
    client.cookies[auth.COOKIE_NAME] = "forged-token"
    assert client.get("/lobby/")["Location"] == "/join/"


def test_wrong_code_gets_a_clear_message_and_changes_nothing(client):
    """A wrong code is answered in the page's language and nothing is created."""
    page = client.post("/join/", {"code": "ZZZZZZ"}, headers={"Accept-Language": "fi"})
    assert "Tällä koodilla ei löydy tuntia" in page.content.decode()
    assert not Student.objects.exists() and auth.COOKIE_NAME not in page.cookies


def test_expired_code_gets_the_same_clear_message(client):
    """An ended lesson's code is refused like a wrong one."""
    lesson = make_lesson()
    services.lesson_end(lesson)
    page = client.get(f"/join/?code={lesson.join_code}", headers={"Accept-Language": "en"})
    assert "That code does not open a lesson" in page.content.decode()


def test_taken_name_is_refused_in_the_lessons_language(client):
    """A Finnish lesson refuses a taken name in Finnish, whatever the tablet's language."""
    lesson = make_lesson(language="fi")
    join(lesson, "Utelias Kemisti")
    page = join_post(client, lesson.join_code, "utelias kemisti")
    assert "Jollakulla tunnilla on jo tämä nimi" in page.content.decode()
    assert lesson.students.count() == 1 and auth.COOKIE_NAME not in page.cookies


def test_long_name_is_refused_in_the_lessons_language(client):
    """An English lesson refuses 25 characters in English."""
    lesson = make_lesson(language="en")
    page = join_post(client, lesson.join_code, "A" * 25)
    assert "at most 24 characters" in page.content.decode()
    assert not lesson.students.exists()


def test_full_lesson_is_refused_in_the_lessons_language(client, settings):
    """When the lesson is full, the next student is told so in the lesson's language."""
    settings.CLASSROOM_MAX_STUDENTS = 2
    lesson = make_lesson(language="fi")
    join_many(lesson, 2)
    page = join_post(client, lesson.join_code, "Myöhäinen")
    assert "Tunti on täynnä" in page.content.decode()
    assert lesson.students.count() == 2


def test_suggest_another_name_changes_the_name_and_joins_nobody(client):
    """The suggestion button gives a new friendly name without joining."""
    lesson = make_lesson()
    page = join_post(client, lesson.join_code, "Mine", suggest="1")
    assert re.search(r'name="pseudonym" value="[A-Z][a-z]+ [A-Z]', page.content.decode())
    assert not lesson.students.exists()


def test_join_page_asks_for_no_account_email_or_real_name(client):
    """The only fields a student fills in are the code and a made-up name."""
    lesson = make_lesson()
    first = client.get("/join/").content.decode()
    second = client.get(f"/join/?code={lesson.join_code}").content.decode()
    fields = set(re.findall(r'<input[^>]* name="(\w+)"', first + second))
    assert fields <= {"code", "pseudonym", "csrfmiddlewaretoken", "next"}
    assert 'type="email"' not in first + second and 'type="password"' not in first + second


def test_reseat_code_on_the_join_page_moves_the_student_to_this_tablet(client):
    """The teacher's one-time code, typed on a new tablet, opens the same student's lobby."""
    lesson = make_lesson()
    student, old_token = join(lesson, "Bold Botanist")
    code = services.student_reseat_code(lesson, student.pk)
    response = client.post("/join/", {"code": code})
    assert response["Location"] == "/lobby/"
    assert "Bold Botanist" in client.get("/lobby/").content.decode()
    assert auth.student_for_token(old_token) is None


# Rate limit ----------------------------------------------------------------------------------


def test_ten_wrong_codes_a_minute_block_the_address(client):
    """After ten misses from one address even the right code is refused with 429 for a while."""
    lesson = make_lesson()
    for n in range(10):
        page = client.post("/join/", {"code": f"WRONG{n}"}, REMOTE_ADDR="10.0.0.9")
        assert page.status_code == 200
    blocked = client.post("/join/", {"code": lesson.join_code}, REMOTE_ADDR="10.0.0.9")
    assert blocked.status_code == 429
    blocked = client.get(f"/join/?code={lesson.join_code}", REMOTE_ADDR="10.0.0.9")
    assert blocked.status_code == 429
    other = client.post("/join/", {"code": lesson.join_code}, REMOTE_ADDR="10.0.0.10")
    assert other.status_code == 200 and b"pseudonym" in other.content


def test_a_class_behind_one_address_joins_freely(client):
    """Thirty successful joins from one school address are not limited: only misses count."""
    lesson = make_lesson()
    for n in range(30):
        client.cookies.clear()
        response = join_post(client, lesson.join_code, f"Student {n}", address="10.0.0.7")
        assert response.status_code == 302
    assert lesson.students.count() == 30


def test_rate_limit_keeps_no_address_in_the_database(client, rf):
    """Misses are counted in the cache under a hash of the address; no model stores an address."""
    client.post("/join/", {"code": "WRONG1"}, REMOTE_ADDR="10.9.8.7")
    key = ratelimit._key(rf.get("/", REMOTE_ADDR="10.9.8.7"))
    assert cache.get(key) == 1 and "10.9.8.7" not in key
    for model in (Lesson, Student):
        assert not any("addr" in f.name or f.name == "ip" for f in model._meta.get_fields())


def test_join_page_offers_the_way_back_to_a_tablets_seat(client):
    """A tablet that has joined sees who it is and a link back to its seat."""
    lesson = make_lesson()
    join_post(client, lesson.join_code, "Keen Explorer")
    content = client.get("/join/").content.decode()
    assert "Keen Explorer" in content and 'href="/lobby/"' in content


def test_admin_switches_self_sign_up_in_the_one_settings_row(admin_client):
    """The admin's settings page edits the single row; there is no second one to add."""
    changelist = admin_client.get("/admin/classroom/classroomsettings/")
    assert changelist.status_code == 302
    change_url = changelist["Location"]
    response = admin_client.post(change_url, {"retention_days": 14})  # the box left unticked
    assert response.status_code == 302
    assert ClassroomSettings.objects.get().self_signup_open is False
    assert ClassroomSettings.objects.get().retention_days == 14
    assert admin_client.get("/admin/classroom/classroomsettings/add/").status_code == 403


def test_each_game_choice_names_its_game_once(teacher_client):
    """The choice reads "Game: variant": a variant's title does not repeat the game's."""
    from games.packages import packages

    html = teacher_client.get("/lessons/new/", headers={"Accept-Language": "en"}).content.decode()
    for game in packages():
        for name in game.lesson_variants:
            assert game.title("en") not in game.variant_title(name, "en"), (game.key, name)
            assert f"{game.title('en')}: {game.variant_title(name, 'en')}" in html
