"""`make run` seeds a demo teacher; running it again is harmless."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command


@pytest.mark.django_db
def test_seed_demo_twice_keeps_one_teacher_who_can_sign_in(settings, tmp_path, client, capsys):
    """The command prints the login, and a second run changes nothing."""
    settings.VAR_DIR = tmp_path
    call_command("seed_demo", url="http://localhost:8000/")
    call_command("seed_demo", url="http://localhost:8000/")
    printed = capsys.readouterr().out
    password = (tmp_path / "demo_password").read_text().strip()
    assert get_user_model().objects.filter(username="demo").count() == 1
    assert "username: demo" in printed and f"password: {password}" in printed
    assert "http://localhost:8000/" in printed
    assert client.login(username="demo", password=password)


@pytest.mark.django_db
def test_seed_demo_creates_one_demo_lesson_and_prints_its_join_code(settings, tmp_path, capsys):
    """The demo lesson is made once; both runs print the same working join code."""
    from classroom.models import Lesson
    from classroom.services import lesson_for_join_code

    settings.VAR_DIR = tmp_path
    call_command("seed_demo", url="http://localhost:8000/")
    call_command("seed_demo", url="http://localhost:8000/")
    lesson = Lesson.objects.get()
    printed = capsys.readouterr().out
    assert printed.count(f"with the code {lesson.join_code}") == 2
    assert lesson_for_join_code(lesson.join_code) == lesson
    assert lesson.owner.username == "demo"
