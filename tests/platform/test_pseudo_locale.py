"""Every page renders in the pseudo-locale with every word inside markers (issue 24): a word
outside them is a hard-coded string, not translated. The pages: home, sign-in, the teacher's
(lessons, the lesson form, a lesson, its projector, the debrief review and discussion, question
sets, exports, the question bank), the join page and lobby, and every registered game's play page
for each seat, the teacher's table and the projector at several steps of a bot playout, then its
debrief."""

import pytest
from django.test import Client

from classroom import debriefing
from classroom import services as classroom
from classroom.models import Lesson
from games.content import PSEUDO
from games.packages import package
from games.registry import GAMES
from tests import pseudo
from tests.classroom.factories import join, make_lesson, make_teacher
from tests.games.factories import engine_state, play_move, seat_tokens
from tests.sockets import student_cookie

pytestmark = pytest.mark.django_db

# Names the players chose (pseudonyms, a title, a username): shown as written.
NAMES = ("Aino", "Bertil", "Chloe")
TEACHER = "Ope"
TITLE = "Kurssi"
STEPS = (0, 4, 25, 60, 3000)  # the last: the game's end (a guard against one that never ends)
# A game's codes, the same in every language, with the reason for each.
CODES = {
    "research_programme": dict.fromkeys(
        "RDLOS", "a resource's symbol in the rules (R = Money (Raha), D = Data, L = Compute "
                 "(Laskenta), O = Experts (Osaajat), S = Scepticism), the same in every language"),
    "scientia": {"n": "the legend's variable for a space's number, as in maths"},
    "art_of_science": dict.fromkeys(
        "ABCD", "a multiple-choice option's letter, as the bank's answer key names it (AS-G06), "
                "the same in every language"),
}
STARTS_IN_ENGLISH = {"art_of_science"}


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    return pseudo.write_catalogue(tmp_path_factory.mktemp("pseudo_locale"))


@pytest.fixture
def pseudo_locale(settings, monkeypatch, catalogue):
    pseudo.install(settings, monkeypatch, catalogue)


class Pages:
    """Pages rendered in the pseudo-locale, and the words of each outside markers."""

    def __init__(self):
        self.found, self.allowed = {}, {*NAMES, TEACHER, TITLE}

    def client(self, token=None, teacher=None):
        client = Client()
        client.cookies["language"] = PSEUDO
        if token:
            client.cookies.load(student_cookie(token))
        if teacher:
            client.force_login(teacher)
        return client

    def allow_code(self, code):
        """A join code, as written and in the projector's halves (ABC DEF)."""
        self.allowed |= {code, code[:3], code[3:]}

    def report(self):
        return "\n".join(f"{page}: {words}" for page, words in self.found.items())

    def check(self, name, client, path):
        response = client.get(path, follow=True)
        assert response.status_code == 200, (name, path)
        words = pseudo.unwrapped_words(response.content.decode(), self.allowed)
        if words:
            self.found[f"{name} {path}"] = words[:12]


def pseudo_lesson(teacher, **fields):
    lesson = make_lesson(owner=teacher, title=TITLE, **fields)
    return in_pseudo_locale(lesson)


def in_pseudo_locale(lesson):
    Lesson.objects.filter(pk=lesson.pk).update(language=PSEUDO)
    lesson.refresh_from_db()
    return lesson


def seated_lesson(pages, teacher, key, variant):
    """A lesson of the game with a table of NAMES, in the pseudo-locale; The Art of Science's
    questions are drawn at the start from the bank in the lesson's language, so it starts in
    English (its questions are shown marked as English)."""
    lesson = make_lesson(owner=teacher, title=TITLE, engine_key=key, variant=variant)
    if key not in STARTS_IN_ENGLISH:
        lesson = in_pseudo_locale(lesson)
    for name in NAMES:
        join(lesson, name)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(lesson)
    pages.allow_code(lesson.join_code)
    return in_pseudo_locale(lesson)


def check_table(pages, teacher_client, lesson, step):
    game = lesson.tables.first().game
    for seat, tokens in seat_tokens(game).items():
        pages.check(f"{game.engine_key} step {step} seat {seat}", pages.client(tokens[0]),
                    "/play/")
    for path in (f"/lessons/{lesson.pk}/", f"/lessons/{lesson.pk}/projector/",
                 f"/lessons/{lesson.pk}/tables/1/"):
        pages.check(f"{game.engine_key} step {step} teacher", teacher_client, path)


def play_to(game, moves):
    for _ in range(moves):
        engine, state = engine_state(game)
        if not engine.current_seats(state):
            return
        play_move(game)
        game.refresh_from_db()


VARIANTS = [(key, variant) for key in GAMES for variant in package(key).info.variants]


@pytest.mark.parametrize(("key", "variant"), VARIANTS)
def test_every_page_of_a_game_is_translated(pseudo_locale, key, variant):
    """Each seat's play page, the teacher's table, lesson page and projector at several steps of
    a bot playout, then the student's debrief and the teacher's review and discussion."""
    pages, teacher = Pages(), make_teacher(TEACHER)
    pages.allowed |= set(CODES.get(key, {}))
    teacher_client = pages.client(teacher=teacher)
    lesson = seated_lesson(pages, teacher, key, variant)
    game = lesson.tables.first().game
    played = 0
    for step in STEPS:
        play_to(game, step - played)
        played = step
        check_table(pages, teacher_client, lesson, step)
    debriefing.lesson_debrief_open(lesson)
    pages.check(f"{key} debrief", pages.client(seat_tokens(game)[1][0]), "/debrief/")
    for path in (f"/lessons/{lesson.pk}/debrief/", f"/lessons/{lesson.pk}/debrief/discussion/",
                 f"/lessons/{lesson.pk}/debrief/questions/", f"/lessons/{lesson.pk}/delete/"):
        pages.check(f"{key} debrief teacher", teacher_client, path)
    assert pages.found == {}, pages.report()


def test_every_platform_page_is_translated(pseudo_locale):
    """Home, sign-in, the lesson list and form, question sets, exports, the question bank, the
    join page (before and after joining) and the lobby."""
    pages, teacher = Pages(), make_teacher(TEACHER)
    teacher_client = pages.client(teacher=teacher)
    waiting = pseudo_lesson(teacher)
    pages.allow_code(waiting.join_code)
    _student, token = join(waiting, NAMES[0])
    anonymous = pages.client()
    for path in ("/", "/join/", "/accounts/login/", "/accounts/password_reset/"):
        pages.check("anonymous", anonymous, path)
    for path in ("/lobby/", "/join/"):  # the join page of a tablet that has joined: its switch
        pages.check("joined", pages.client(token), path)
    for path in ("/", "/lessons/", "/lessons/new/", f"/lessons/{waiting.pk}/",
                 f"/lessons/{waiting.pk}/projector/", "/debrief/question-sets/",
                 "/debrief/exports/", "/games/art_of_science/questions/",
                 "/games/art_of_science/questions/new/"):
        pages.check("teacher", teacher_client, path)
    assert pages.found == {}, pages.report()


def test_the_checker_finds_a_word_outside_markers():
    """A hard-coded word is found, in text or a shown attribute; marked, nested, allowed and
    hidden-in-script words are not."""
    marked = pseudo.pseudo("Finish %(n)s")
    page = (f"<h1>{marked}</h1><p>{pseudo.pseudo('Read <a href=x>the rules</a> first')}</p>"
            f"<p>⟦Ƥûƀ: {marked}⟧ 12, Aino!</p><script>var x = 'Finish';</script>"
            "<button title='Close'>×</button><p>Ready</p>")
    assert pseudo.unwrapped_words(page, ["Aino"]) == [
        "'Ready' in “12, Aino! × Ready”", "'Close' in “Close”"]


def test_the_pseudo_catalogue_covers_every_message(catalogue, pseudo_locale):
    """A message of the platform's catalogue and one of a game's come out pseudo-written; one no
    catalogue has (a string added without its translations) comes out as written, unmarked."""
    from django.utils import translation

    with translation.override(PSEUDO):
        assert translation.gettext("Join") == pseudo.pseudo("Join")
        assert translation.gettext("Not in this part of the turn.").startswith("⟦")
        assert translation.gettext("A message no catalogue has") == "A message no catalogue has"
