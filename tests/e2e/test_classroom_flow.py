"""The first ten minutes of a lesson in a real browser: a teacher, a projector and seven tablets."""

import re

import pytest
from django.contrib.auth import get_user_model

from classroom.models import Lesson, Student
from tests.e2e.conftest import screenshot

pytestmark = pytest.mark.django_db(transaction=True)

TEXT = {
    "fi": {"locale": "fi-FI", "sign_in": "Kirjaudu sisään", "create": "Luo tunti",
           "next": "Seuraava", "join": "Liity", "seat_everyone": "Sijoita kaikki",
           "table": "Pöytä", "joined": "liittynyt", "swap": "Vaihda"},
    "en": {"locale": "en-GB", "sign_in": "Sign in", "create": "Create the lesson",
           "next": "Next", "join": "Join", "seat_everyone": "Seat everyone",
           "table": "Table", "joined": "joined", "swap": "Swap"},
}


@pytest.fixture
def teacher():
    return get_user_model().objects.create_user("opettaja", "ope@example.fi", "salasana-123")


def sign_in_and_create_lesson(page, live_url, words, language):
    page.goto(live_url + "/lessons/")
    page.get_by_label(re.compile("Käyttäjätunnus|Username")).fill("opettaja")
    page.get_by_label(re.compile("Salasana|Password")).fill("salasana-123")
    page.get_by_role("button", name=words["sign_in"]).click()
    page.get_by_role("link", name=re.compile("Uusi tunti|New lesson")).first.click()
    title = "7B tiede" if language == "fi" else "7B science"
    page.get_by_label(re.compile("Otsikko|Title")).fill(title)
    page.locator(f"input[name=language][value={language}]").check()
    page.get_by_role("button", name=words["create"]).click()
    page.wait_for_url(re.compile(r"/lessons/\d+/$"))
    return Lesson.objects.get()


def join_by_typing(page, live_url, code, words, browser_language):
    """The code page speaks the tablet's language; from the name page on, the lesson's."""
    page.goto(live_url + "/join/")
    page.locator("#id_code").fill(code.lower())
    page.get_by_role("button", name=TEXT[browser_language]["next"]).click()
    name = page.locator("#id_pseudonym").input_value()
    page.get_by_role("button", name=words["join"], exact=True).click()
    page.wait_for_url(re.compile("/lobby/$"))
    return name


@pytest.mark.parametrize("language", ["fi", "en"])
def test_teacher_seats_seven_students_at_two_tables_and_a_reload_keeps_the_seat(
    live_url, new_page, teacher, language
):
    """Seven tablets join (one by the QR link), seat everyone makes tables of 4 and 3, tapping
    moves a student, and a reloaded tablet is back at the same seat."""
    words = TEXT[language]
    teacher_page = new_page("tablet-landscape", locale=words["locale"])
    lesson = sign_in_and_create_lesson(teacher_page, live_url, words, language)
    assert lesson.language == language and lesson.planned_minutes == 45
    projector = teacher_page.context.new_page()
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.goto(f"{live_url}/lessons/{lesson.pk}/projector/")
    assert projector.locator(".join-code-huge").inner_text().replace("\n", "") == lesson.join_code

    qr_link = projector.locator(".projector-qr svg title").text_content()
    assert qr_link.endswith(f"/join/?code={lesson.join_code}")
    students = []
    for n in range(7):
        browser_language = "en" if n % 2 else "fi"
        page = new_page("tablet-portrait", locale=TEXT[browser_language]["locale"])
        if n == 0:
            page.goto(qr_link)
            name = page.locator("#id_pseudonym").input_value()
            page.get_by_role("button", name=words["join"], exact=True).click()
            page.wait_for_url(re.compile("/lobby/$"))
        else:
            name = join_by_typing(page, live_url, lesson.join_code, words, browser_language)
        assert page.locator("html").get_attribute("lang") == language
        students.append((name, page))

    names = [name for name, _ in students]
    cloud = projector.locator("#projector-students .name-cloud li")
    cloud.nth(6).wait_for()
    assert sorted(cloud.all_inner_texts()) == sorted(names)
    teacher_page.locator(".lobby-card .student-chip").nth(6).wait_for()
    screenshot(projector, f"flow-projector-{language}")
    screenshot(teacher_page, f"flow-teacher-lobby-{language}")

    teacher_page.get_by_role("button", name=words["seat_everyone"]).click()
    teacher_page.locator(".table-card").nth(1).wait_for()
    assert teacher_page.locator(".table-card").count() == 2
    for _name, page in students:
        page.locator(".seat-card").wait_for()
    seated = {s.pseudonym: (s.seat.table.number, s.seat.number)
              for s in Student.objects.select_related("seat__table")}
    assert sorted(t for t, _ in seated.values()) == [1, 1, 1, 1, 2, 2, 2]

    # Tap a student at table 2, then tap table 1's seat 1: the two swap places.
    mover = next(name for name, place in seated.items() if place == (2, 1))
    other = next(name for name, place in seated.items() if place == (1, 1))
    teacher_page.get_by_role("button", name=mover).click()
    teacher_page.locator(".selection-bar").wait_for()
    first_table = teacher_page.locator(".table-card").first
    first_table.locator(".seat-target").filter(has_text=words["swap"]).first.click()
    teacher_page.locator(".selection-bar").wait_for(state="detached")
    moved = Student.objects.select_related("seat__table").get(pseudonym=mover)
    assert (moved.seat.table.number, moved.seat.number) == (1, 1)
    screenshot(teacher_page, f"flow-teacher-seated-{language}")

    mover_page = dict(students)[mover]
    mover_page.locator(".seat-place-number").first.filter(has_text="1").wait_for()
    other_page = dict(students)[other]
    other_page.locator(".seat-place-number").first.filter(has_text="2").wait_for()
    screenshot(mover_page, f"flow-student-seated-{language}")

    mover_page.reload()
    numbers = mover_page.locator(".seat-place-number").all_inner_texts()
    assert numbers == ["1", "1"]
    assert mover in mover_page.locator("h1").inner_text()
