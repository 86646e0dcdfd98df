"""Nobel Run's debrief and exports: five questions of its own, each with facts drawn from the
student's own game (what it spent on, its papers, who targeted it, the scientists, the race),
and export columns with codebook entries whose values are public in the game."""

import pytest
from django.utils import translation

from debrief import exports
from debrief.facts import seat_game
from games.nobel_run import debrief as nr_debrief
from games.packages import package, packages
from tests.nobel_run.factories import (
    ENGINE,
    arranged,
    nr_game,
    play_to_end,
    played_on,
    state_of,
)

pytestmark = pytest.mark.django_db

GAME = package("nobel_run")


def facts(game, seat, key):
    with translation.override("en"):
        return [text for _score, _round, text in
                GAME.fact_generators[key](seat_game(game, seat))]


def test_five_questions_of_its_own_each_with_a_fact_generator():
    """Spending, journals, obstacles, credit (Meitner, Bell Burnell, Wu), race or
    collaboration."""
    keys = [key for key, _text in GAME.debrief_questions]
    assert keys == ["nr_spending", "nr_journals", "nr_obstacles", "nr_credit", "nr_race"]
    assert set(keys) == set(GAME.fact_generators)
    with translation.override("en"):
        credit = str(dict(nr_debrief.QUESTIONS)["nr_credit"])
    assert all(name in credit for name in ("Meitner", "Bell Burnell", "Wu"))


def test_every_question_has_facts_from_each_seat_s_own_whole_game():
    """After a whole 4-seat game every seat has facts for every question, and what they say
    matches its own purchases and result."""
    game = nr_game(seats=4, seed=12)
    state = play_to_end(game)
    outcome = ENGINE.outcome(state)
    for seat in range(1, 5):
        for key in GAME.fact_generators:
            assert facts(game, seat, key), (seat, key)
        row = next(r for r in outcome["players"] if r["seat"] == seat)
        assert f"You finished with {row['pp']} PP, place {row['rank']} of 4." in \
            facts(game, seat, "nr_race")


def test_obstacle_facts_say_who_played_what_on_the_seat_and_what_it_cost():
    """Care played on a seat: the seat's facts name the card, the player's seat and the cards
    it discarded."""
    game = nr_game(seats=2, seed=2)
    by = state_of(game)["active"]
    target = 3 - by
    played_on(game, "care", by=by, target=target)
    from games import services

    services.game_apply_action(game.pk, {"type": "discard_for_effect", "seat": target,
                                         "cards": ["predoc"]}, expected_version=None)
    said = facts(game, target, "nr_obstacles")
    assert f"In round 1 seat {by} played Care on you." in said
    assert "Care made you discard Predoc in round 1." in said
    assert facts(game, by, "nr_obstacles") == ["You played 1 negative card on others: Care."]


def test_credit_facts_tell_the_true_story_of_a_scientist_the_seat_hired():
    """Hiring Lise Meitner brings her note: the 1944 prize went to Otto Hahn alone."""
    game = nr_game(seats=2, seed=3)
    seat = state_of(game)["active"]
    arranged(game, seat, hand=["local-grant", "local-grant", "work", "work", "research"],
             pools={"basic": ["lise-meitner", "q4-paper", "predoc", "care", "local-grant"]})
    from games import services

    uses = [{"card": "local-grant", "use": 0, "target": None}] * 2 + \
        [{"card": "work", "use": 0, "target": None}]
    services.game_apply_action(game.pk, {
        "type": "plan", "seat": seat, "uses": uses,
        "buys": [{"supply": "basic", "from": "pool", "card": "lise-meitner", "unlock": None}]},
        expected_version=None)
    said = facts(game, seat, "nr_credit")
    assert any("You hired Lise Meitner in round 1." in t and "Otto Hahn" in t for t in said)
    assert f"Seat {seat} hired Lise Meitner in round 1." in " ".join(facts(game, 3 - seat,
                                                                         "nr_credit"))


def test_export_columns_are_unique_across_games_and_each_has_a_codebook_entry():
    """Every column id starts with the game's prefix, no other game uses it, and each has a
    header and a meaning."""
    ids = [c.key for c in GAME.export_columns]
    assert all(key.startswith("nr_") for key in ids) and len(set(ids)) == len(ids)
    others = {c.key for game in packages() if game.key != "nobel_run"
              for c in game.export_columns}
    assert not set(ids) & others
    with translation.override("fi"):
        assert all(str(c.label) and str(c.meaning) for c in GAME.export_columns)


def test_export_figures_of_a_whole_game_add_up():
    """Each seat's row: the goal, its papers and their PP, what it spent by kind of card (the
    total equals its purchases' costs), the negative cards it received and played."""
    game = nr_game(seats=3, seed=5)
    state = play_to_end(game)
    figures = exports.seat_figures(game)
    bought = {}
    for row in game.actions.all():
        for e in row.events:
            if e["type"] == "CardBought":
                bought[e["seat"]] = bought.get(e["seat"], 0) + sum(e["cost"].values())
    for seat in (1, 2, 3):
        row = figures[seat]
        player = state["players"][seat - 1]
        papers = [e for e in player["cv"] if e["how"] == "paper"]
        assert row["nr_goal"] == 12 and row["nr_papers"] == len(papers)
        assert row["nr_paper_pp"] == sum(e["pp"] for e in papers)
        spent = sum(v for k, v in row.items() if k.startswith("nr_spent_"))
        assert spent == bought.get(seat, 0)
        assert row["nr_targeted"] == sum(t["target"] == seat for t in state["targeting"])
        assert row["score"] == player["pp"]
    assert sum(figures[s]["nr_first_to_goal"] for s in (1, 2, 3)) == \
        int(state["triggered"] is not None)


def test_spending_fact_reads_in_the_lesson_s_language():
    """Buying a Predoc, the seat's spending fact names the kind of card in Finnish when rendered
    in fi (and in Swedish in sv), not the English word."""
    game = nr_game(seats=2, seed=3)
    seat = state_of(game)["active"]
    arranged(game, seat, hand=["local-grant", "local-grant", "work", "work", "research"],
             pools={"basic": ["predoc", "q4-paper", "lise-meitner", "care", "local-grant"]})
    from games import services

    uses = [{"card": "local-grant", "use": 0, "target": None}] * 2
    services.game_apply_action(game.pk, {
        "type": "plan", "seat": seat, "uses": uses,
        "buys": [{"supply": "basic", "from": "pool", "card": "predoc", "unlock": None}]},
        expected_version=None)
    said = {}
    for language in ("fi", "sv"):
        with translation.override(language):
            said[language] = [text for _score, _round, text in
                              GAME.fact_generators["nr_spending"](seat_game(game, seat))]
    assert said["fi"] == ["Käytit 4 rahaa ihmisiin: Väitöskirjatutkija."]
    assert said["sv"] == ["Du lade 4 pengar på människor: Doktorand."]


def test_every_kind_of_spending_is_translated():
    """Each kind of card a seat can buy has its own word in fi and sv (the words are literal
    msgids, so the catalogues carry them)."""
    from games.nobel_run.facts import SPENDING

    assert set(SPENDING) == {"staff", "grant", "equipment", "paper", "scientist", "situation"}
    for language in ("fi", "sv"):
        with translation.override(language):
            words = {str(word) for word in SPENDING.values()}
        with translation.override("en"):
            english = {str(word) for word in SPENDING.values()}
        assert len(words) == 6 and not words & english, language


GETTEXT_CALLS = {"_": 1, "gettext": 1, "gettext_lazy": 1, "ngettext": 2, "ngettext_lazy": 2,
                 "pgettext": 2, "pgettext_lazy": 2, "npgettext": 3, "npgettext_lazy": 3}


def test_every_message_is_a_literal_so_the_catalogues_can_carry_it():
    """No gettext call in the game's Python takes its text from a variable: such a text is
    never extracted into the catalogues and shows in English (as the spending words once did)."""
    import ast
    from pathlib import Path

    import games.nobel_run

    variable = []
    for path in Path(games.nobel_run.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node, "func", None)
            name = getattr(name, "id", None) or getattr(name, "attr", None)
            if isinstance(node, ast.Call) and name in GETTEXT_CALLS:
                texts = node.args[:GETTEXT_CALLS[name]]
                if not all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                           for a in texts):
                    variable.append(f"{path.name}:{node.lineno}")
    assert not variable
