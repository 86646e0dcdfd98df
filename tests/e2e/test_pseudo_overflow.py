"""Long words break no control (issue 24): the app served in the lengthened pseudo-locale (each
message ~40 % longer, accented, in markers), and the main pages of the platform and of every game
opened at 768×1024; no button, link, input, select or label is wider than its box, its container
or the screen. Screenshots go to test-results/screenshots/pseudo-*.png for a person to look at."""

import pytest

from classroom import services as classroom
from classroom.models import Lesson
from games import services
from games.content import PSEUDO
from games.packages import package
from games.registry import GAMES
from tests import pseudo
from tests.classroom.factories import join, make_lesson, make_teacher
from tests.e2e.conftest import SCREENSHOTS, off_loop
from tests.games.factories import bot_move, engine_state, seat_tokens
from tests.sockets import session_cookie, student_cookie

pytestmark = pytest.mark.django_db(transaction=True)

SIZE = "tablet-portrait"  # 768×1024
MOVES = 25
CONTROLS = "button, a[href], input:not([type=hidden]), select, label"
# A control that is shown (not the skip link, which waits off screen for the keyboard's focus),
# and sticks out: of its own box (its text does not fit), of its
# parent's box, or of the screen. A list of "what (how wide, where)".
OVERFLOWS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(el => el.offsetParent !== null && !el.closest('.visually-hidden, .skip-link'))
  .map(el => {
    const r = el.getBoundingClientRect(), p = el.parentElement.getBoundingClientRect();
    const own = el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1;
    const parent = r.right > p.right + 1 || r.left < p.left - 1;
    const screen = r.right > window.innerWidth + 1 || r.left < -1;
    return (own || parent || screen) && `${el.tagName.toLowerCase()}.${el.className} ` +
      `“${el.textContent.trim().slice(0, 40)}” ${own ? 'own box ' : ''}` +
      `${parent ? 'container ' : ''}${screen ? 'screen' : ''}`;
  }).filter(Boolean)"""


@pytest.fixture
def pseudo_locale(settings, monkeypatch, tmp_path):
    pseudo.install(settings, monkeypatch, pseudo.write_catalogue(tmp_path))


def ends_the_game(engine, state, action, seed):
    """Whether `action`, with the chance steps the platform resolves after it, ends the game."""
    state, _events = engine.apply_action(state, action)
    state, _log = services.resolve_chance_steps(engine, state, seed)
    return not engine.current_seats(state)


def play_short_of_the_end(game, moves):
    """Up to `moves` bot moves, stopping before one that would end the game (a short Nobel Run
    may end in fewer), so that the pages show a game in play."""
    for _ in range(moves):
        engine, state = engine_state(game)
        action = bot_move(game)
        if ends_the_game(engine, state, action, game.seed):
            return
        services.game_apply_action(game.pk, action, expected_version=game.version)
        game.refresh_from_db()


def lesson_in_pseudo_locale(key):
    """A lesson of the game's default variant with a started table of three, MOVES into its
    game, switched to the pseudo-locale once started (The Art of Science draws its questions
    at the start, from the bank in the lesson's language)."""
    teacher = make_teacher()
    lesson = make_lesson(owner=teacher, engine_key=key, variant=package(key).default_variant)
    for name in ("Aino", "Bertil", "Chloe"):
        join(lesson, name)
    classroom.lesson_seat_everyone(lesson)
    classroom.lesson_start_tables(lesson)
    Lesson.objects.filter(pk=lesson.pk).update(language=PSEUDO)
    game = lesson.tables.get().game
    play_short_of_the_end(game, MOVES)
    return {"lesson": lesson.pk, "teacher": session_cookie(teacher),
            "seat": student_cookie(seat_tokens(game)[1][0])}


def open_page(new_page, live_url, cookies, path):
    page = new_page(SIZE)
    page.context.add_cookies([{"name": name, "value": value, "url": live_url}
                              for name, value in (c.split("=", 1) for c in cookies)])
    page.goto(live_url + path)
    page.wait_for_load_state("load")
    return page


def assert_fits(found):
    broken = {name: items for name, items in found.items() if items}
    assert broken == {}, "\n".join(f"{name}: {item}" for name, items in broken.items()
                                   for item in items)


def overflows(page, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"pseudo-{name}.png"), full_page=True)
    return page.evaluate(OVERFLOWS, CONTROLS)


@pytest.mark.parametrize("key", GAMES)
def test_no_control_of_a_game_overflows_at_768_by_1024_in_long_words(
        pseudo_locale, live_url, new_page, key):
    """The student's play page, the teacher's table, lesson page and projector."""
    made = off_loop(lesson_in_pseudo_locale, key)
    language = f"language={PSEUDO}"
    pages = {"play": ([made["seat"], language], "/play/"),
             "table": ([made["teacher"], language], f"/lessons/{made['lesson']}/tables/1/"),
             "lesson": ([made["teacher"], language], f"/lessons/{made['lesson']}/"),
             "projector": ([made["teacher"], language], f"/lessons/{made['lesson']}/projector/")}
    found = {}
    for name, (cookies, path) in pages.items():
        page = open_page(new_page, live_url, cookies, path)
        if name == "play":
            page.wait_for_function("() => window.live && window.live.state.version !== null")
        found[name] = overflows(page, f"{key}-{name}")
        page.context.close()
    assert_fits(found)


def test_no_control_of_the_platform_overflows_at_768_by_1024_in_long_words(
        pseudo_locale, live_url, new_page):
    """Home, the join page, sign-in, the teacher's lessons and the lesson form."""
    teacher = off_loop(make_teacher)
    cookies = [off_loop(session_cookie, teacher), f"language={PSEUDO}"]
    found = {}
    for name, path, signed_in in (("home", "/", False), ("join", "/join/", False),
                                  ("signin", "/accounts/login/", False),
                                  ("lessons", "/lessons/", True),
                                  ("lesson-form", "/lessons/new/", True),
                                  ("question-sets", "/debrief/question-sets/", True)):
        page = open_page(new_page, live_url, cookies if signed_in else cookies[1:], path)
        found[name] = overflows(page, name)
        page.context.close()
    assert_fits(found)
