"""Every page a teacher or a student sees, in Swedish, at 1024×768 and 768×1024 (the projector at
1920×1080): lessons whose language is sv, browsers whose locale is sv-FI. Each page says
`<html lang="sv">`, shows a few Swedish words of its own (so a page silently in English fails),
passes axe-core, is no wider than the screen, and is saved as a screenshot for a person to look
at (test-results/screenshots/sv-*.png)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from classroom import debriefing
from classroom import services as classroom
from debrief import services as debrief
from debrief.models import Answer
from games.selectors import game_state
from tests.classroom.factories import join, make_lesson
from tests.debrief.factories import play_to_end, reseed
from tests.e2e.conftest import off_loop, screenshot
from tests.games.factories import play_until, seat_tokens
from tests.sockets import session_cookie, student_cookie

pytestmark = pytest.mark.django_db(transaction=True)

LOCALE = "sv-FI"
TABLETS = ("tablet-landscape", "tablet-portrait")
NAMES = ("Alva", "Björn", "Cecilia", "Dan", "Ebba", "Filip", "Greta", "Hugo", "Ines", "Jonas",
         "Klara")
SPILLS = "() => document.documentElement.scrollWidth > window.innerWidth + 1"


def swedish(page, name, *words):
    """The page speaks Swedish (its lang, and `words` in its text), fits the screen's width and
    passes axe; its screenshot is saved as sv-<name>.png."""
    page.wait_for_load_state("load")
    screenshot(page, f"sv-{name}")
    assert page.locator("html").get_attribute("lang") == "sv", name
    text = page.locator("body").inner_text()
    missing = [word for word in words if word.lower() not in text.lower()]  # CSS may upper-case
    assert missing == [], f"{name}: no {missing} on the page: {text[:1500]}"
    assert not page.evaluate(SPILLS), f"{name} is wider than the screen"


def teacher():
    users = get_user_model().objects
    return users.filter(username="ope").first() or \
        users.create_user("ope", "ope@example.fi", "salasana-123")


def with_cookies(page, live_url, cookie):
    for part in cookie.split("; "):
        name, value = part.split("=", 1)
        page.context.add_cookies([{"name": name, "value": value, "url": live_url}])
    return page


def teacher_page(new_page, live_url, owner_cookie, size="tablet-landscape"):
    return with_cookies(new_page(size, locale=LOCALE), live_url, owner_cookie)


def tablet_page(new_page, live_url, token, size):
    return with_cookies(new_page(size, locale=LOCALE), live_url, student_cookie(token))


# The classroom: home, sign-in, lessons, the form, seating, the projector, joining, the lobby --


def seated_class():
    """A Swedish lesson with nine students at their tables and two late ones in the lobby; a
    second, empty lesson for the list."""
    lesson = make_lesson(owner=teacher(), language="sv", title="Fysik 8A")
    joined = [join(lesson, name) for name in NAMES[:9]]
    classroom.lesson_seat_everyone(lesson)
    late = [join(lesson, name) for name in NAMES[9:]]
    make_lesson(owner=lesson.owner, language="sv", title="Kemi 9C", seat_mode="team")
    return lesson, joined, late, session_cookie(lesson.owner)


def test_the_classroom_pages_in_swedish(live_url, new_page):
    """Home, sign-in, the lesson list, the new-lesson form, the seating page, the projector's
    name cloud, the join pages, and the lobby waiting (with the tablet's language switch) and
    seated."""
    lesson, joined, late, cookie = off_loop(seated_class)
    for size in TABLETS:
        page = new_page(size, locale=LOCALE)
        page.goto(live_url + "/")
        swedish(page, f"home-{size}", "Jag är lärare")
        page.goto(live_url + "/accounts/login/")
        swedish(page, f"login-{size}", "Logga in", "Lösenord")
        page.locator("#id_username").fill("ope")
        page.locator("#id_password").fill("salasana-123")
        page.locator("main button[type=submit]").click()
        page.wait_for_url("**/lessons/")
        swedish(page, f"lesson-list-{size}", "Mina lektioner", "Ny lektion", "Fysik 8A")
        page.goto(live_url + "/lessons/new/")
        swedish(page, f"lesson-new-{size}", "Ny lektion", "Titel")
        page.goto(f"{live_url}/lessons/{lesson.pk}/")
        page.locator(".table-card").nth(2).wait_for()
        swedish(page, f"lesson-seating-{size}", "Bord", lesson.join_code)
        page.goto(f"{live_url}/accounts/password_change/")
        swedish(page, f"password-change-{size}", "Byt lösenord")
        page.context.close()

        student = new_page(size, locale=LOCALE)
        student.goto(live_url + "/join/")
        swedish(student, f"join-{size}", "Gå med i lektionen", "Nästa")
        student.locator("#id_code").fill(lesson.join_code)
        student.locator("main button[type=submit]").click()
        student.locator("#id_pseudonym").wait_for()
        swedish(student, f"join-name-{size}", "Gå med")
        student.locator("button[name=join]").click()
        student.wait_for_url("**/lobby/")
        student.locator(".waiting-card").wait_for()
        swedish(student, f"lobby-waiting-{size}", "Fysik 8A", "svenska", "suomi", "English")
        student.context.close()

        seated = tablet_page(new_page, live_url, joined[0][1], size)
        seated.goto(live_url + "/lobby/")
        seated.locator(".seat-card").wait_for()
        swedish(seated, f"lobby-seated-{size}", "Bord")
        seated.context.close()
    projector = teacher_page(new_page, live_url, cookie, "projector")
    projector.goto(f"{live_url}/lessons/{lesson.pk}/projector/")
    projector.locator(".name-cloud li").nth(10).wait_for()
    swedish(projector, "projector-lobby", "Skanna för att gå med", "har gått med")


# Each game in mid-play: a seat's tablet, the teacher's table view, the cockpit, the projector --


def research_programme():
    from tests.games.factories import make_game

    game = make_game(seats=3, language="sv", owner=teacher())
    play_until(game, lambda s: s["step"]["kind"] == "actions" and s["round"] == 2)
    return game


def scientia():
    from tests.scientia.helpers import scientia_game

    game = scientia_game(seats=3, language="sv", owner=teacher())
    play_until(game, lambda s: s["round"] >= 3 and (s["step"] or {}).get("kind") == "confirm")
    return game


def alchemists():
    from tests.alchemists.helpers import alchemists_game

    game = alchemists_game(seats=3, language="sv", owner=teacher())
    play_until(game, lambda s: s["round"] == 3 and (s["step"] or {}).get("decision") == "declare")
    return game


def nobel_run():
    from tests.nobel_run.factories import nr_game
    from tests.nobel_run.factories import play_until as nr_play_until

    game = nr_game(seats=4, language="sv", seed=6)
    nr_play_until(game, lambda s: s["round"] == 3 and s["step"]["kind"] == "plan")
    return game


def art_of_science():
    from tests.art_of_science.factories import judging_game

    game, _state = judging_game(3, language="sv", owner=teacher())
    return game


GAMES = {"research_programme": research_programme, "scientia": scientia,
         "alchemists": alchemists, "nobel_run": nobel_run, "art_of_science": art_of_science}


def mid_game(make):
    """The game, a token for the seat that acts now (seat 1 when none does), and the owner's
    session cookie."""
    from classroom.models import Lesson
    from games.engines.base import ENGINES

    game = make()
    Lesson.objects.filter(pk=game.table.lesson_id).update(title="Fysik 9B")
    game.refresh_from_db()
    engine = ENGINES[game.engine_key]
    acting = [s for s in engine.current_seats(engine.state_from_json(game_state(game)))
              if isinstance(s, int)]
    tokens = seat_tokens(game)
    return game, game.table.lesson_id, tokens[(acting or [1])[0]][0], \
        session_cookie(game.table.lesson.owner)


@pytest.mark.parametrize("key", GAMES)
def test_each_game_in_mid_play_in_swedish(live_url, new_page, key):
    """The acting seat's tablet at both sizes, the teacher's table view and the cockpit at both
    sizes, and the projector."""
    game, lesson_id, token, cookie = off_loop(mid_game, GAMES[key])
    for size in TABLETS:
        page = tablet_page(new_page, live_url, token, size)
        page.goto(live_url + "/play/")
        page.wait_for_function("() => window.live && window.live.state.version !== null")
        swedish(page, f"{key}-play-{size}", "Bord")
        page.context.close()
        teacher = teacher_page(new_page, live_url, cookie, size)
        teacher.goto(f"{live_url}/lessons/{lesson_id}/tables/1/")
        teacher.wait_for_function("() => window.live && window.live.state.version !== null")
        swedish(teacher, f"{key}-table-view-{size}", "Bord 1")
        teacher.goto(f"{live_url}/lessons/{lesson_id}/")
        teacher.locator(".cb-controls").wait_for()
        swedish(teacher, f"{key}-cockpit-{size}", "Pausa", "Fysik 9B")
        teacher.context.close()
    projector = teacher_page(new_page, live_url, cookie, "projector")
    projector.goto(f"{live_url}/lessons/{lesson_id}/projector/")
    projector.locator(".pb-table").first.wait_for()
    swedish(projector, f"{key}-projector", "Bord", "Speltid kvar")


# The debrief: a student's questions, the teacher's review, the discussion, exports, question sets


def debriefed_class():
    """A Swedish lesson of four students whose table played a whole game, in the debrief with
    answers and a starred one; a question set of the teacher's."""
    from games.models import Game
    from games.services import game_create_for_table

    lesson = make_lesson(owner=teacher(), language="sv", title="Fysik 8A")
    joined = [join(lesson, name) for name in NAMES[:4]]
    classroom.lesson_seat_everyone(lesson)
    for table in lesson.tables.all():
        game_create_for_table(table)
    for game in Game.objects.filter(table__lesson=lesson):
        reseed(game, 3)
        play_to_end(game)
    debriefing.lesson_debrief_open(lesson)
    questions = list(lesson.debrief_questions.order_by("position"))
    for n, (student, _token) in enumerate(joined[:3]):
        for question in questions[:2]:
            debrief.answer_save_draft(student, question.pk,
                                      "Vår teori höll en gång, men replikeringen misslyckades."
                                      + " Ett annat labb hade andra fel." * n)
    starred = Answer.objects.filter(question=questions[0]).exclude(text="").first()
    debrief.answer_star(lesson, starred.pk, True)
    debrief.question_set_create(lesson.owner, "7B hösten", lesson=lesson)
    return lesson, joined, session_cookie(lesson.owner)


def test_the_debrief_pages_in_swedish(live_url, new_page):
    """A student's questions and facts at both sizes; the teacher's review (by question and by
    table), the discussion on the projector, the question sets, exports and the lesson page."""
    lesson, joined, cookie = off_loop(debriefed_class)
    created = timezone.localtime(lesson.created_at)
    day = f"{created.day}.{created.month}.{created.year}"  # as Swedish in Finland writes it
    for size in TABLETS:
        page = tablet_page(new_page, live_url, joined[1][1], size)
        page.goto(live_url + "/debrief/")
        page.locator(".answer-card").nth(4).wait_for()
        page.locator(".timer").filter(has_text=re.compile(r"\d+:\d\d")).wait_for()
        swedish(page, f"debrief-student-{size}", "Eftersamtal")
        page.context.close()
        teacher = teacher_page(new_page, live_url, cookie, size)
        teacher.goto(f"{live_url}/lessons/{lesson.pk}/debrief/")
        teacher.locator(".review-answer").nth(3).wait_for()
        swedish(teacher, f"debrief-review-{size}", "Eftersamtal", "Svar")
        teacher.locator(".view-switch button").nth(1).click()
        teacher.locator(".student-answers").nth(3).wait_for()
        swedish(teacher, f"debrief-review-by-table-{size}", "Bord")
        teacher.goto(f"{live_url}/lessons/{lesson.pk}/debrief/questions/")
        swedish(teacher, f"debrief-lesson-questions-{size}", "Frågor")
        teacher.goto(f"{live_url}/debrief/question-sets/")
        swedish(teacher, f"debrief-question-sets-{size}", "Frågeserier", "7B hösten")
        teacher.locator(".lesson-link").first.click()
        teacher.locator(".question-edit").nth(4).wait_for()
        swedish(teacher, f"debrief-question-set-{size}", "Spara")
        teacher.goto(f"{live_url}/debrief/exports/")
        swedish(teacher, f"debrief-exports-{size}", "Exportera svar", f"Fysik 8A · {day}")
        teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
        swedish(teacher, f"debrief-lesson-page-{size}", "Eftersamtal")
        teacher.context.close()
    projector = teacher_page(new_page, live_url, cookie, "projector")
    projector.goto(f"{live_url}/lessons/{lesson.pk}/debrief/discussion/")
    projector.locator(".discussion-answers li").first.wait_for()
    swedish(projector, "debrief-discussion-projector", "Vår teori")
