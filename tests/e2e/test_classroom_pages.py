"""Every classroom page at tablet and projector sizes, in Finnish and English: controls are
touch-sized and named, and a screenshot of each is saved for a person to look at."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model

from classroom import services
from classroom.models import Lesson
from tests.classroom.factories import join, make_lesson
from tests.e2e.conftest import SIZES, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# Lists every visible control that is under 44 px or has no name a screen reader can read.
FIND_PROBLEMS = """() => {
  const problems = [];
  const controls = document.querySelectorAll(['main a', 'main button', 'main input',
    'main select', 'main textarea', 'main summary', 'header a', 'header button',
    'header summary'].join(', '));
  for (const el of controls) {
    if (el.type === 'hidden' || !el.checkVisibility({contentVisibilityAuto: true})) continue;
    const target = (el.type === 'radio' || el.type === 'checkbox') ? el.closest('label') : el;
    const box = target.getBoundingClientRect();
    const labelled = el.getAttribute('aria-label') || (el.labels && el.labels.length)
      || (el.innerText || '').trim() || el.getAttribute('title');
    if (box.height < 44 || box.width < 44) problems.push('small: ' + el.outerHTML.slice(0, 90));
    if (!labelled) problems.push('unnamed: ' + el.outerHTML.slice(0, 90));
  }
  return problems;
}"""

LOCALES = {"fi": "fi-FI", "en": "en-GB"}


def off_the_browser_loop(function):
    """Services notify sockets with async_to_sync, which cannot run on Playwright's loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(function).result()


@pytest.fixture
def classroom(transactional_db):
    return off_the_browser_loop(make_classroom)


def make_classroom():
    teacher = get_user_model().objects.create_user("ope", "ope@example.fi", "salasana-123")
    lessons = {}
    for language in LOCALES:
        lesson = make_lesson(owner=teacher, language=language,
                             title="Fysiikka 8A" if language == "fi" else "Physics 8A")
        students = [join(lesson, services.student_suggest_pseudonym(lesson)) for _ in range(9)]
        services.lesson_seat_everyone(lesson)
        late = [join(lesson, services.student_suggest_pseudonym(lesson)) for _ in range(2)]
        lessons[language] = (lesson, students, late)
    make_lesson(owner=teacher, title="Kemia 9C", language="fi", seat_mode=Lesson.SeatMode.TEAM)
    return lessons


def look(page, name):
    page.wait_for_load_state("load")  # the stylesheet is in, so sizes are final
    problems = page.evaluate(FIND_PROBLEMS)
    screenshot(page, name)
    assert problems == [], name


def sign_in(page, live_url, prefix=None):
    page.goto(live_url + "/accounts/login/")
    if prefix:
        look(page, prefix + "login")
    page.locator("#id_username").fill("ope")
    page.locator("#id_password").fill("salasana-123")
    page.locator("main button[type=submit]").click()
    page.wait_for_url("**/lessons/")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LOCALES)
def test_teacher_pages_look_right(live_url, new_page, classroom, size, language):
    """Sign-in, lesson list, new lesson, seating (with a selection) and projector pages."""
    lesson, students, late = classroom[language]
    page = new_page(size, locale=LOCALES[language])
    sign_in(page, live_url, prefix=f"{size}-{language}-")
    look(page, f"{size}-{language}-lesson-list")
    page.goto(live_url + "/lessons/new/")
    look(page, f"{size}-{language}-lesson-new")
    page.goto(f"{live_url}/lessons/{lesson.pk}/")
    page.locator(".table-card").nth(2).wait_for()
    look(page, f"{size}-{language}-lesson-seating")
    page.locator(".lobby-card .student-chip").first.click()
    page.locator(".selection-bar").wait_for()
    page.locator(".selection-bar [data-send*=reseat_code]").click()
    page.locator(".reseat-card").wait_for()
    page.locator(".selection-bar [data-send*=cancel]").click()
    page.locator(".table-card .student-chip").first.click()
    page.locator(".selection-bar").wait_for()
    look(page, f"{size}-{language}-lesson-seating-selected")
    page.goto(f"{live_url}/lessons/{lesson.pk}/projector/")
    page.locator(".name-cloud li").nth(10).wait_for()
    look(page, f"{size}-{language}-projector")
    page.goto(live_url + "/accounts/password_change/")
    look(page, f"{size}-{language}-password-change")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LOCALES)
def test_student_pages_look_right(live_url, new_page, classroom, size, language):
    """Join code page (empty and refused), name page, lobby waiting and seated."""
    lesson, students, late = classroom[language]
    page = new_page(size, locale=LOCALES[language])
    page.goto(live_url + "/join/")
    look(page, f"{size}-{language}-join")
    page.locator("#id_code").fill("WRONG2")
    page.locator("main button[type=submit]").click()
    page.locator(".message-error").wait_for()
    look(page, f"{size}-{language}-join-refused")
    page.locator("#id_code").fill(lesson.join_code)
    page.locator("main button[type=submit]").click()
    page.locator("#id_pseudonym").wait_for()
    page.locator("#id_pseudonym").fill(students[0][0].pseudonym)
    page.locator("button[name=join]").click()
    page.locator(".message-error").wait_for()
    look(page, f"{size}-{language}-join-name-taken")
    page.locator("button[name=suggest]").click()
    page.locator("button[name=join]").click()
    page.wait_for_url("**/lobby/")
    page.locator(".waiting-card").wait_for()
    look(page, f"{size}-{language}-lobby-waiting")
    teacher = new_page("tablet-landscape", locale=LOCALES[language])
    sign_in(teacher, live_url)
    teacher.goto(f"{live_url}/lessons/{lesson.pk}/")
    teacher.locator("[data-key=s]").click()
    page.locator(".seat-card").wait_for()
    look(page, f"{size}-{language}-lobby-seated")


@pytest.mark.parametrize("language", LOCALES)
def test_account_pages_look_right(live_url, new_page, language):
    """Sign-up and password reset at tablet size."""
    page = new_page("tablet-portrait", locale=LOCALES[language])
    page.goto(live_url + "/accounts/signup/")
    look(page, f"tablet-portrait-{language}-signup")
    page.goto(live_url + "/accounts/password_reset/")
    look(page, f"tablet-portrait-{language}-password-reset")
