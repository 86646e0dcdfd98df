"""Scientia's words: action kinds, the stepper's questions, the stages of a game, the reasons a
choice is closed, how a game ended and the messages of refused actions. One place, so the
tablet, the teacher's view and the cockpit say the same thing (Finnish in the locale catalogue).
Card names, effects and fields come from the engine's data: names.py."""

from django.utils.translation import gettext_lazy as _

ACTION_KINDS = {
    "draft": _("Take your first card"),
    "take": _("Take a card"),
    "rotate": _("Rotate cards"),
    "confirm": _("Carry out the rotation"),
    "back": _("Choose again"),
    "complete": _("Complete a card"),
    "choose_card": _("Choose a card"),
    "choose_stack": _("Choose a project"),
    "choose_field": _("Choose a field"),
}

ACTION_HELP = {
    "take": _("Start a project: a card from the projects into an empty slot."),
    "rotate": _("Research: turn one card twice, two cards once each, or one card once."),
    "back": _("Nothing turns yet: pick another rotation or take a card instead."),
}

PARAMETERS = {
    "stack": _("Which project do you take?"),
    "slots": _("Which cards do you turn?"),
    "slot": _("Which card?"),
    "field": _("Which field?"),
}

REASONS = {
    "no_empty_slot": _("All your slots hold cards."),
    "nothing_to_rotate": _("You have no card that can turn."),
    "not_your_turn": _("It is not your turn."),
    "wrong_step": _("Not in this part of the turn."),
    "game_over": _("The game is over."),
}

STAGES = {
    "setup": _("Setting up"),
    "draft": _("Opening draft"),
    "play": _("Research"),
    "over": _("Over"),
}
FINAL_ROUNDS = _("Final rounds")

ENDED_BY = {
    "cubes": _("The technology cubes ran out, and the final round was played."),
    "flasks": _("The flasks ran out, and the final round was played."),
    "called": _("The teacher called time, and the round was finished."),
}

ERRORS = {
    "unknown_action": _("That is not an action of Scientia."),
    "wrong_step": _("That does not belong to this part of the turn."),
    "no_empty_slot": _("All your slots hold cards: rotate instead."),
    "nothing_to_rotate": _("You have no card that can turn: take a card instead."),
    "not_in_game": _("That card is not on the projects in this game."),
    "empty_stack": _("That project has no card left."),
    "bad_rotation": _("Turn one card once or twice, or two different cards once each."),
    "not_a_target": _("That is not a target of this effect."),
    "time_already_called": _("Time has already been called."),
}

SLOT_REASONS = {"cubes": _("for 5 technology cubes"), "flasks": _("for 5 flasks in storage")}
