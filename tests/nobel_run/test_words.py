"""Every word the package owes the platform: a refusal message for every problem code the
engine can raise, a stage name for every stage, how each way of ending reads, and the
stepper's words for the target's answer."""

import pytest
from django.utils import translation

from games.nobel_run import labels
from games.nobel_run.choices import Labeller
from games.nobel_run.engine.api import ENGINE, stage
from games.packages import package
from tests.nobel_run.engine.factory import arrange, plan, setup_game, use

GAME = package("nobel_run")
PLAN_CODES = ("bad_plan", "game_over", "not_your_turn", "bad_slot", "slot_twice",
              "card_not_in_hand", "no_such_use", "target_needed", "target_not_needed",
              "no_such_seat", "self_target", "target_not_most_prestige",
              "target_has_no_cards", "already_published", "no_such_block", "not_in_pool",
              "not_on_top", "top_twice", "unlock_needed", "blocked", "cannot_afford",
              "empty_plan")
OTHER_CODES = ("invalid_discard", "bad_action", "already_called", "not_moderator",
               "publish_once")


@pytest.mark.parametrize("language", ["en", "fi"])
def test_every_refusal_code_has_a_message_in_both_languages(language):
    """Each plan problem (engine docs) and every other refusal reads as a sentence."""
    with translation.override(language):
        for code in PLAN_CODES + OTHER_CODES:
            message = str(GAME.error_message(code))
            assert message and message != code and message.endswith("."), code


def test_every_stage_and_every_ending_has_a_name():
    """The summary's stages and the outcome's ways of ending all have words."""
    assert set(labels.STAGES) == {"setup", "turns", "response", "final_round", "over"}
    assert set(labels.ENDED_BY) == {"prestige", "called", "exhausted", "stalemate"}
    state = setup_game(2)
    assert GAME.stage_label(ENGINE.summary(state)) == labels.STAGES[stage(state)]


def test_the_target_s_stepper_names_its_kinds_the_cards_and_their_worth():
    """The target's title says the card, who played it and the amount; each set of cards is
    named with what it is worth."""
    state = arrange(setup_game(2), 1, hand=["care", "work", "work", "work", "work"])
    arrange(state, 2, hand=["predoc", "work", "work", "research", "local-grant"])
    plan(state, uses=[use("care", 0, 2)])
    view = ENGINE.view_for(state, 2)
    words = Labeller(view, 2, {1: "Ann", 2: "Bo"})
    with translation.override("en"):
        assert words.title("respond") == "Care from Ann: discard cards worth 2 effort"
        assert words.kind_label("discard_for_effect") == "Choose the cards to discard"
        assert words.kind_label("discard_by_default") == "Let the app choose"
        assert words.label("discard_for_effect", "cards", ["predoc"]) == "Predoc"
        assert words.detail("discard_for_effect", "cards", ["work", "work"]) == \
            "worth 2 effort"
        assert str(labels.QUESTIONS["cards"]) == "Which cards do you discard?"
