"""The full and beginner games' pages: every part renders for every seat, the teacher and the
public at every step of whole bot games, in English and Finnish; the stepper names every kind,
parameter and value of their menus; nothing raw (an id, a code, a placeholder) reaches a page."""

import random
import re

import pytest

from games import rendering, services
from games.engines.base import CHANCE
from games.packages import package
from games.selectors import game_snapshot
from games.stepper import Draft, next_step
from tests.games.factories import engine_state, make_game

pytestmark = pytest.mark.django_db

RAW = re.compile(r"%\(|\bNone\b(?! yet)|\b[DTPMEA]-[A-Z0-9-]{2,}\b|\{'|_[a-z]+_")


def raw_in(html):
    """What of `html` looks raw (an id, a code, a placeholder), with its surroundings."""
    text = re.sub(r"<[^>]*>", " ", html)
    found = RAW.search(text)
    return text[max(0, found.start() - 150):found.end() + 60] if found else ""


def walk_stepper(snapshot, seat, language):
    """Every open kind's questions, down the first option of each (and the last kind down its
    last options), rendered."""
    game = package(snapshot.engine_key)
    menu = rendering.menu_of(snapshot, seat)
    view = rendering.view_of(snapshot, seat)

    def step_of(draft):
        return next_step(menu, draft, choose_kind=game.choose_kind(view, menu),
                         order=game.stepper_order, hidden=game.stepper_hidden)

    shown = []
    first = step_of(Draft())
    kinds = [e["kind"] for e in first.kinds if e["enabled"]] if first and first.kind is None \
        else [None]
    for index, kind in enumerate(kinds):
        draft = Draft(kind)
        for _ in range(12):
            parts = rendering.render_choices(snapshot, seat, language, draft)
            assert parts is not None
            shown.append(parts["play-actions"])
            step = step_of(draft)
            if step is None or step.action is not None or not step.options:
                break
            option = step.options[-1 if index == len(kinds) - 1 else 0]
            draft = draft.pick(step.param, option.value)
    return shown


@pytest.mark.parametrize("variant, seats, bot", [("full", 4, "greedy"), ("beginner", 3, "random"),
                                                 ("full", 2, "random")])
def test_every_part_renders_at_every_step_for_every_viewer(variant, seats, bot):
    game = make_game(seats=seats, variant=variant)
    rng = random.Random(seats)
    for _ in range(3000):
        engine, state = engine_state(game)
        current = engine.current_seats(state)
        snapshot = game_snapshot(game.pk)
        for language in ("en", "fi"):
            for seat in range(1, seats + 1):
                html = "".join(rendering.render_parts(snapshot, seat, language).values())
                assert not raw_in(html), raw_in(html)
            rendering.render_parts(snapshot, None, language, teacher=True)
            for seat in current:
                if seat != CHANCE:
                    for html in walk_stepper(snapshot, seat, language):
                        assert not raw_in(html), raw_in(html)
        if not current:
            break
        action = engine.bots[bot](state, current[0], rng)
        services.game_apply_action(game.pk, action, expected_version=game.version)
        game.refresh_from_db()
    assert engine.outcome(state) is not None


def full_games(seeds=(1, 2, 3), variants=("full", "beginner")):
    """Events of whole bot games of the full variants, step by step."""
    from games.engines.base import resolve_chance
    from games.research_programme.engine import ENGINE

    for variant in variants:
        for seed in seeds:
            seats = 2 + seed % 3
            state = ENGINE.new_game([{"seat": s, "name": f"S{s}"} for s in range(1, seats + 1)],
                                    {"variant": variant}, seed)
            rng = random.Random(seed)
            while ENGINE.current_seats(state):
                current = ENGINE.current_seats(state)
                bot = "greedy" if seed % 2 else "random"
                action = resolve_chance(ENGINE, state) if current == [CHANCE] else \
                    ENGINE.bots[bot](state, current[0], rng)
                before = state
                state, events = ENGINE.apply_action(state, action)
                yield before, action, events


@pytest.mark.parametrize("language", ["en", "fi"])
def test_every_event_of_the_full_game_is_told(language):
    """Every event type of whole full and beginner games has a sentence for every viewer, with
    no placeholder left, and the disruption events name who did what to whom."""
    from django.utils import translation

    from games.engines.base import PUBLIC, TEACHER
    from games.research_programme import narration
    from games.research_programme.engine import ENGINE

    names = {1: "Aino", 2: "Bertta", 3: "Cecilia", 4: "Daniel"}
    told = set()
    with translation.override(language):
        for _state, _action, events in full_games():
            for viewer in (PUBLIC, TEACHER, 1):
                for event in ENGINE.events_for(events, viewer):
                    line = narration.Teller(names).tell(event)
                    assert line is not None or event["type"] in narration.SILENT \
                        or event["type"] == "EventHit", event["type"]
                    assert line is None or ("%(" not in line.text and not raw_in(line.text))
                    if line is not None:
                        told.add(event["type"])
                    if event["type"] == "DisruptionPlayed":
                        assert names[event["seat"]] in line.text
                        assert names[event["target"]] in line.text
    assert {"DisruptionPlayed", "DisruptionBlocked", "DisruptionHit", "HexRevealed",
            "SynthesisAttempted", "HiddenHexesPlaced", "OpeningHandKept"} <= told


def test_the_stepper_names_every_kind_and_question_of_the_full_game():
    """Every kind of the full game's menus has a label and a help line, every parameter a
    question, and the defence's ways are told in words."""
    from games.research_programme import labels
    from games.research_programme.choices import ORDER

    kinds, params = set(), set()
    for _state, action, _events in full_games(seeds=(1, 2)):
        if action["type"] != "chance":
            kinds.add(action["type"])
            params.update((action["type"], p) for p in action if p not in ("type", "seat"))
    for kind in kinds:
        assert kind in labels.ACTION_KINDS and kind in labels.ACTION_HELP, kind
    for kind, param in params:
        assert (kind, param) in labels.KIND_PARAMETERS or param in labels.PARAMETERS, param
        assert param in ORDER.get(kind, (param,)) or kind not in ORDER, (kind, param)
    assert {"interfere", "defend", "keep", "synthesis", "reveal"} <= kinds


def test_every_refusal_code_of_the_engine_has_a_message():
    """The engine's reasons and the codes it raises outside them each have a message."""
    from games.research_programme import labels
    from games.research_programme.engine.forms import REASONS

    raised = {"bad_debt", "not_a_seat", "unknown_action", "game_over", "no_chance_step",
              "teacher_only", "story_id_taken", "teacher_judges", "own_story", "bad_vote",
              "bad_story_id", "illegal_hex", "illegal_choice"}
    for code in set(REASONS) | raised:
        assert code in labels.ERRORS, code
