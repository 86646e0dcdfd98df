"""A whole Nobel Run lesson in Chromium at tablet size: the teacher picks Nobel Run in the lesson
form (the whole race warns that it will not fit, the short race is the default), four tablets
join and are seated, every turn is entered as a plan on the acting tablet's own form (its live
check shown before it is sent) and every target answers on its tablet (once the 45 seconds run
out and the app chooses, after the teacher saw the stalled choice and nudged: the first seat is
dealt Care for it); the cockpit, the teacher's table view and the projector follow; the class
answers the debrief and the teacher exports it. axe, touch sizes and the strict CSP are checked
on every page; screenshots in Finnish and English at both tablet sizes and the projector's."""

import csv
import io
import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from classroom.models import Lesson, Student
from games import deadlines
from games.engines.base import ENGINES
from games.models import Game
from games.selectors import game_state
from tests.e2e.conftest import accessibility_problems, off_loop, screenshot
from tests.e2e.test_classroom_pages import FIND_PROBLEMS
from tests.games.factories import tablet_token
from tests.sockets import session_cookie, student_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

ENGINE = ENGINES["nobel_run"]
STEPS = 400


SPILLS = "() => document.documentElement.scrollWidth > window.innerWidth + 1"


def accessible(page, name):
    """axe finds nothing on the page as it is now, every visible control is at least 44 px and
    named, nothing spills sideways; a screenshot is kept for a person to look at."""
    page.wait_for_load_state("load")
    assert accessibility_problems(page) == [], name
    assert page.evaluate(FIND_PROBLEMS) == [], name
    assert not page.evaluate(SPILLS), f"{name} is wider than the screen"
    screenshot(page, name)


def add_cookie(page, live_url, cookie):
    for part in cookie.split("; "):
        name, value = part.split("=", 1)
        page.context.add_cookies([{"name": name, "value": value, "url": live_url}])


def make_teacher():
    return get_user_model().objects.create_user("ope", "ope@example.fi", "salasana-123")


def game_of(lesson_id):
    game = Game.objects.get(table__lesson_id=lesson_id)
    return game.pk, game.version, ENGINE.state_from_json(game_state(game))


# Driving one tablet's form from a bot's choice -----------------------------------------------


def inputs_of(page):
    return page.evaluate("""() => [...document.querySelectorAll('#play-actions form input')]
        .map(i => ({id: i.id, name: i.name, type: i.type, value: i.value}))""")


def controls_for(plan, inputs):
    """The ids of the plan form's controls that enter `plan` (a bot's canonical plan)."""
    chosen, taken, ticked = [], set(), set()
    hand = [(i, json.loads(i["value"])) for i in inputs
            if i["name"].startswith("in__card") and i["value"]]

    def pick(param, wanted):
        for control, (kind, option) in hand:
            slot = option["slot"]
            if kind == param and slot not in taken and all(
                    option.get(k) == v for k, v in wanted.items()):
                taken.add(slot)
                chosen.append(control["id"])
                return
        raise AssertionError(f"no control for {param} {wanted}")

    for use in plan["uses"]:
        pick("uses", use)
    if plan["publish"]:
        pick("publish", plan["publish"])
    for card in plan["discards"]:
        pick("discards", {"card": card})
    for index in plan["disables"]:
        chosen.append(next(i["id"] for i in inputs if i["name"] == "in_disables"
                           and json.loads(i["value"]) == index))
    for buy in plan["buys"]:
        chosen.append(_buy_control(buy, inputs, taken, ticked))
    return chosen


def _buy_control(buy, inputs, taken, ticked):
    for control in inputs:
        if control["id"] in ticked or not control["value"]:
            continue
        if buy["from"] == "pool" and control["name"] == "in_buys":
            option = json.loads(control["value"])
        elif buy["from"] == "top" and control["name"] == f"in__top_{buy['supply']}":
            _param, option = json.loads(control["value"])
        else:
            continue
        same = all(option.get(k) == buy[k] for k in ("supply", "from", "card"))
        slot = option.get("unlock_slot")
        if same and (slot is None or slot not in taken):
            if slot is not None:
                taken.add(slot)
            ticked.add(control["id"])
            return control["id"]
    raise AssertionError(f"no control for {buy}")


def enter_plan(page, plan):
    """Tick the plan's controls, wait for the live check to follow, confirm it."""
    ids = controls_for(plan, inputs_of(page))
    if ids:
        page.evaluate("() => document.querySelector('#nr-plan-check table').dataset.old = '1'")
    for control in ids:
        if control.startswith("nr-top-"):
            page.locator(".nr-tops summary").click()
        page.locator(f"label[for='{control}']").click()
    if ids:
        page.locator("#nr-plan-check table:not([data-old])").wait_for()
    name = "Vahvista ja lopeta vuoroni" if plan["end_turn"] else "Vahvista ja jatka vuoroani"
    button = page.get_by_role("button", name=re.compile(name))
    assert button.is_enabled(), page.locator("#nr-plan-check").inner_text()
    button.click()


def answer(page, action):
    """A target's answer through the platform's stepper: the kind, then the cards."""
    for _ in range(4):
        for button in page.locator("#play-actions [data-send]:not([data-nav])").all():
            sent = json.loads(button.get_attribute("data-send"))
            final = sent.get("action") or {}
            if sent["type"] == "act" and final.get("type") == action["type"] and \
                    final.get("cards") == action.get("cards"):
                button.click()
                return
            if sent["type"] == "pick" and sent["kind"] == action["type"] and not sent["picks"]:
                button.click()
                page.wait_for_timeout(300)
                break
    raise AssertionError(f"could not answer {action}")


def bot_choice(state, seat):
    """The greedy bot's choice; a seat holding Care plays it on an opponent first."""
    import random

    if state["step"]["kind"] == "plan" and "care" in state["players"][seat - 1]["hand"]:
        uses = next(i for i in ENGINE.action_menu(state, seat)[0]["inputs"]
                    if i["param"] == "uses")["options"]
        care = next(o for o in uses if o["card"] == "care")
        return {"type": "plan", "seat": seat, "end_turn": True, "discards": [], "disables": [],
                "publish": None, "buys": [],
                "uses": [{"card": "care", "use": 0, "target": care["target"]}]}
    return ENGINE.bots["greedy"](state, seat, random.Random(f"e2e:{state['actions_n']}"))


def give_care(lesson_id):
    """The seat to plan first holds Care, so a target is asked once (NR-18): the deal is
    rearranged and the tablets are told, as after any change."""
    from games import notify
    from tests.nobel_run.factories import arranged

    game = Game.objects.get(table__lesson_id=lesson_id)
    seat = ENGINE.state_from_json(game_state(game))["active"]
    arranged(game, seat, hand=["care", "work", "work", "work", "research"])
    notify.game_changed(game)


# The lesson --------------------------------------------------------------------------------


def create_lesson(teacher, live_url):
    """The lesson form: the whole race warns that it will not fit 30 minutes; the short race
    (the default) fits; Situations are made systemic."""
    teacher.goto(live_url + "/lessons/new/")
    teacher.locator("#id_title").fill("Fysiikka 9B")
    teacher.locator("input[value='nobel_run:lesson']").check()
    warning = teacher.locator("[data-length-warning]")
    warning.wait_for()
    assert "37" in warning.inner_text()
    accessible(teacher, "nobel_run-lesson-form-fi-tablet-landscape")
    teacher.locator("input[value='nobel_run:short']").check()
    warning.wait_for(state="hidden")
    teacher.locator("[data-game-settings='nobel_run'] summary").click()
    teacher.locator("#id_nobel_run-situations_systemic").check()
    teacher.get_by_role("button", name="Luo tunti").click()
    teacher.wait_for_url(re.compile(r"/lessons/\d+/$"))
    return int(re.search(r"/lessons/(\d+)/", teacher.url).group(1))


def join(page, live_url, code):
    page.goto(f"{live_url}/join/?code={code}")
    page.get_by_role("button", name="Liity", exact=True).click()
    page.wait_for_url(re.compile("/lobby/$"))


def test_a_class_plays_a_whole_four_seat_nobel_run_lesson_through_its_debrief(
        live_url, new_page):
    teacher_user = off_loop(make_teacher)
    teacher = new_page("tablet-landscape", locale="fi-FI")
    add_cookie(teacher, live_url, session_cookie(teacher_user) + "; language=fi")
    teacher.on("dialog", lambda dialog: dialog.accept())
    lesson_id = create_lesson(teacher, live_url)
    lesson = off_loop(Lesson.objects.get, pk=lesson_id)
    assert lesson.variant == "short" and lesson.game_settings["situations_systemic"] is True

    tablets = [new_page("tablet-landscape" if n % 2 else "tablet-portrait", locale="fi-FI")
               for n in range(4)]
    for page in tablets:
        join(page, live_url, lesson.join_code)
    teacher.goto(f"{live_url}/lessons/{lesson_id}/")
    teacher.get_by_role("button", name="Sijoita kaikki").click()
    teacher.get_by_role("button", name="Aloita pelit").click()
    for page in tablets:
        page.wait_for_url(re.compile("/play/$"))
        page.wait_for_function("() => window.live && window.live.state.version !== null")
    seat_of = off_loop(lambda: {s.pk: s.seat.number for s in
                                Student.objects.filter(lesson_id=lesson_id).select_related("seat")})
    pages = {}
    for page in tablets:
        name = page.locator(".status-me-name").inner_text()
        student = off_loop(Student.objects.get, lesson_id=lesson_id, pseudonym=name)
        pages[seat_of[student.pk]] = page
    game_id, _version, state = off_loop(game_of, lesson_id)
    assert state["options"]["situations_systemic"] is True and state["variant"] == "short"
    off_loop(give_care, lesson_id)

    projector = teacher.context.new_page()
    projector.set_viewport_size({"width": 1920, "height": 1080})
    projector.goto(f"{live_url}/lessons/{lesson_id}/projector/")
    projector.locator(".nr-projector-race").first.wait_for()

    shots, stalled = set(), False
    for _ in range(STEPS):
        _game_id, version, state = off_loop(game_of, lesson_id)
        seats = ENGINE.current_seats(state)
        if not seats:
            break
        seat = seats[0]
        page = pages[seat]
        page.wait_for_function("v => window.live.state.version >= v", arg=version)
        action = bot_choice(state, seat)
        if state["step"]["kind"] == "respond":
            if not stalled:
                stalled = True
                stall(teacher, page, live_url, lesson_id, state, shots)
                continue
            answer(page, action)
        else:
            if "plan" not in shots:
                shots.add("plan")
                accessible(page, f"nobel_run-plan-fi-{size_of(page)}")
            enter_plan(page, action)
        page.wait_for_function("v => window.live.state.version > v", arg=version)
        if state["round"] == 3 and "middle" not in shots:
            shots.add("middle")
            look_around(teacher, projector, pages, live_url, lesson_id)
    game = off_loop(Game.objects.get, pk=game_id)
    assert game.finished_at is not None and stalled
    outcome = ENGINE.outcome(ENGINE.state_from_json(game_state(game)))
    names = {p["seat"]: p["name"] for p in game.players}
    for page in pages.values():
        end = page.locator("#play-end .end-panel")
        end.wait_for()
        assert all(names[s] in end.inner_text() for s in outcome["winners"])
    accessible(pages[1], f"nobel_run-end-fi-{size_of(pages[1])}")
    debrief(teacher, pages, live_url, lesson_id)


def size_of(page):
    return "tablet-portrait" if page.viewport_size["width"] < 800 else "tablet-landscape"


def stall(teacher, page, live_url, lesson_id, state, shots):
    """The target does not answer: its tablet shows the prompt and a countdown, the cockpit the
    stalled choice; the teacher nudges it; then the 45 seconds run out and the app chooses."""
    page.locator("#play-actions [data-countdown]").wait_for()
    assert "⚠" in page.locator("#play-status").inner_text()
    accessible(page, f"nobel_run-respond-fi-{size_of(page)}")
    teacher.goto(f"{live_url}/lessons/{lesson_id}/")
    card = teacher.locator(".tc-game .tc-warn")
    card.wait_for()
    assert state["step"]["seat"] and "⚠" in card.inner_text()
    accessible(teacher, "nobel_run-cockpit-stalled-fi-tablet-landscape")
    teacher.get_by_role("button", name=re.compile("Muistuta")).first.click()
    page.locator("#play-overlay *").first.wait_for()
    applied = off_loop(deadlines.games_apply_due_deadlines,
                       now=timezone.now() + timedelta(seconds=46))
    assert applied == 1
    page.locator("#play-log", has_text="Sovellus valitsi ne.").wait_for(state="attached")


def look_around(teacher, projector, pages, live_url, lesson_id):
    """Mid-game: the cockpit's card, the teacher's view of the table and the projector's race,
    each checked by axe and kept as a screenshot; every tablet at its size."""
    teacher.goto(f"{live_url}/lessons/{lesson_id}/")
    teacher.locator(".tc-game").wait_for()
    accessible(teacher, "nobel_run-cockpit-fi-tablet-landscape")
    teacher.goto(f"{live_url}/lessons/{lesson_id}/tables/1/")
    teacher.locator("#nr-me .nr-board").first.wait_for()
    assert "Kätesi" not in teacher.locator("#nr-me").inner_text()
    accessible(teacher, "nobel_run-table-view-fi-tablet-landscape")
    projector.reload()
    projector.locator(".nr-projector-race").first.wait_for()
    accessible(projector, "nobel_run-projector-fi")
    for seat, page in pages.items():
        if page.locator(".status-turn.is-mine").count() == 0:
            accessible(page, f"nobel_run-waiting-fi-{size_of(page)}-seat{seat}")
            break


def debrief(teacher, pages, live_url, lesson_id):
    """The teacher opens the debrief; every tablet gets the five questions with its own facts
    and answers the first; the teacher downloads the CSV with Nobel Run's columns."""
    teacher.goto(f"{live_url}/lessons/{lesson_id}/")
    teacher.get_by_role("button", name="Avaa jälkipuinti").click()
    teacher.wait_for_url(f"**/lessons/{lesson_id}/debrief/")
    questions = off_loop(lambda: list(Lesson.objects.get(pk=lesson_id).debrief_questions
                                      .order_by("position")))
    assert len(questions) == 5 and "Meitner" in questions[3].text
    for seat, page in pages.items():
        page.wait_for_url("**/debrief/")
        assert page.locator(".facts li").count() >= 5
        box = page.locator(f"#answer-{questions[0].pk}")
        box.fill(f"Paikka {seat}: ihmisiin, koska tutkimus on tiimityötä.")
        page.locator(f"#answer-status-{questions[0].pk} .status-saved").wait_for()
    accessible(pages[2], f"nobel_run-debrief-fi-{size_of(pages[2])}")
    teacher.reload()
    accessible(teacher, "nobel_run-debrief-review-fi-tablet-landscape")
    response = teacher.request.get(f"{live_url}/lessons/{lesson_id}/debrief/export.csv")
    rows = list(csv.DictReader(io.StringIO(response.text().lstrip("\ufeff")), delimiter=";"))
    assert len(rows) == 4 * 5
    assert {"nr_goal", "nr_papers", "nr_spent_people", "nr_targeted"} <= set(rows[0])
    assert {row["nr_goal"] for row in rows} == {"12"}


# English pages, both tablet sizes -----------------------------------------------------------


def english_lesson():
    from tests.nobel_run.factories import nr_game, play_until, played_on, state_of

    game = nr_game(seats=4, language="en", seed=6)
    play_until(game, lambda s: s["round"] == 3 and s["step"]["kind"] == "plan")
    active = state_of(game)["active"]
    target = active % 4 + 1
    played_on(game, "impostor-syndrome", by=active, target=target)
    tokens = {s.seat.number: tablet_token(s) for s in
              Student.objects.filter(seat__table=game.table).select_related("seat")}
    return game, tokens, session_cookie(game.table.lesson.owner), active, target


def tablet(new_page, live_url, size, token):
    page = new_page(size, locale="en-GB")
    add_cookie(page, live_url, student_cookie(token))
    page.goto(live_url + "/play/")
    page.wait_for_function("() => window.live && window.live.state.version !== null")
    return page


def test_the_english_pages_fit_both_tablet_sizes_and_the_projector(live_url, new_page):
    """A 4-seat game mid-way with a target answering: its tablet and a planning tablet at
    1024×768 and 768×1024, the teacher's view and the projector, in English, pass axe."""
    game, tokens, cookie, active, target = off_loop(english_lesson)
    sizes = ("tablet-landscape", "tablet-portrait")
    answering = [tablet(new_page, live_url, size, tokens[target]) for size in sizes]
    for size, page in zip(sizes, answering, strict=True):
        page.locator("#play-actions [data-countdown]").wait_for()
        assert "discard cards worth" in page.locator("#play-status").inner_text()
        accessible(page, f"nobel_run-respond-en-{size}")
    answer(answering[0], {"type": "discard_by_default"})
    for page in answering:
        page.locator("#play-log", has_text="The app chose them.").wait_for(state="attached")
    seat = off_loop(lambda: ENGINE.current_seats(ENGINE.state_from_json(
        game_state(Game.objects.get(pk=game.pk))))[0])
    for size in sizes:
        planner = tablet(new_page, live_url, size, tokens[seat])
        planner.locator(".nr-plan").wait_for()
        planner.locator(".nr-buy").first.click()
        planner.locator(".nr-plan-check .nr-problems").wait_for()
        accessible(planner, f"nobel_run-plan-en-{size}")
        planner.locator(".nr-buy").first.click()
        planner.locator(".nr-plan-check:not(:has(.nr-problems))").wait_for()
    teacher = new_page("tablet-landscape", locale="en-GB")
    add_cookie(teacher, live_url, cookie + "; language=en")
    teacher.goto(f"{live_url}/lessons/{game.table.lesson_id}/tables/1/")
    teacher.locator("#nr-race .nr-race-row").first.wait_for()
    accessible(teacher, "nobel_run-table-view-en-tablet-landscape")
    teacher.set_viewport_size({"width": 768, "height": 1024})
    accessible(teacher, "nobel_run-table-view-en-tablet-portrait")
    projector = new_page("projector", locale="en-GB")
    add_cookie(projector, live_url, cookie + "; language=en")
    projector.goto(f"{live_url}/lessons/{game.table.lesson_id}/projector/")
    projector.locator(".nr-projector-race").wait_for()
    accessible(projector, "nobel_run-projector-en")
