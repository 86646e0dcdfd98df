"""A game variant that needs a longer lesson than the 45-minute plan says so on the lesson form and
offers its own plan (LessonVariant.plan): one click fills it in, and the lesson then fits."""

import pytest

from classroom.forms import LessonForm
from classroom.models import Lesson
from games.packages import package
from tests.classroom.factories import make_teacher

pytestmark = pytest.mark.django_db

FULL = "research_programme:full"


@pytest.fixture
def teacher_client(client):
    client.force_login(make_teacher())
    return client


def a_45_minute_lesson(game):
    return {"title": "Koko peli", "language": "en", "game": game, "seat_mode": "single",
            "briefing_minutes": 5, "play_minutes": 30, "debrief_minutes": 10}


def test_a_variant_longer_than_the_play_time_offers_its_own_plan(teacher_client):
    """The full game in a 45-minute lesson does not fit: the form says so and offers the
    variant's 90-minute plan as a button; no lesson is made."""
    plan = package("research_programme").lesson_variants["full"].plan
    page = teacher_client.post("/lessons/new/", a_45_minute_lesson(FULL),
                               headers={"Accept-Language": "en"})
    html = page.content.decode()
    assert not Lesson.objects.exists()
    assert "minutes of play; the plan gives it 30." in html
    assert sum(plan) == 90
    assert ('name="use_plan" value="1"' in html
            and f"Use a 90-minute lesson: {plan[0]} + {plan[1]} + {plan[2]} minutes" in html)


def test_taking_the_offered_plan_fills_it_in_and_the_lesson_then_fits(teacher_client):
    """The offer's button fills in the plan and shows it again; creating it makes a lesson whose
    play time fits the game, without "Create it anyway"."""
    plan = package("research_programme").lesson_variants["full"].plan
    page = teacher_client.post("/lessons/new/", {**a_45_minute_lesson(FULL), "use_plan": "1"},
                               headers={"Accept-Language": "en"})
    html = page.content.decode()
    assert not Lesson.objects.exists() and "plan is filled in" in html
    for name, minutes in zip(("briefing", "play", "debrief"), plan, strict=True):
        assert f'name="{name}_minutes" value="{minutes}"' in html
    filled = dict(zip(("briefing_minutes", "play_minutes", "debrief_minutes"), plan, strict=True))
    response = teacher_client.post("/lessons/new/", {**a_45_minute_lesson(FULL), **filled})
    lesson = Lesson.objects.get()
    assert response.status_code == 302 and (lesson.variant, lesson.play_minutes) == ("full",
                                                                                    plan[1])


def test_a_variant_that_fits_offers_no_plan_and_a_choice_without_one_is_not_offered():
    """The school game fits 30 minutes: no offer. The page's offers list only variants with a
    plan of their own."""
    form = LessonForm(a_45_minute_lesson("research_programme:school"))
    assert form.is_valid() and form.too_long is None
    assert "research_programme:school" not in form.plans_json()
    assert FULL in form.plans_json()
