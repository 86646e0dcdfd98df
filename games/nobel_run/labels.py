"""Nobel Run's words: resources, card types, stages, the stepper's kinds and the messages of
every refusal. One place, so the tablet, the teacher's view and the cockpit say the same thing
(Finnish terms in the game's catalogue)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

RESOURCES = {"M": _("money"), "E": _("effort"), "D": _("data")}
RESOURCE_CODES = {"M": pgettext_lazy("money, one letter", "M"),
                  "E": pgettext_lazy("effort, one letter", "E"),
                  "D": pgettext_lazy("data, one letter", "D")}
AMOUNTS = {"M": _("%(n)s money"), "E": _("%(n)s effort"), "D": _("%(n)s data")}
PP = pgettext_lazy("prestige points, short", "PP")

TYPES = {
    "work": _("Work"), "research": _("Research"), "staff": _("Staff"), "grant": _("Grant"),
    "equipment": _("Equipment"), "paper": _("Paper"), "situation": _("Situation"),
    "scientist": _("Scientist"),
}
SUPPLIES = {"basic": _("Basic"), "advanced": _("Advanced")}

STAGES = {
    "setup": _("Dealing"),
    "turns": _("Turns"),
    "response": _("Waiting for a target"),
    "final_round": _("Last round"),
    "over": _("Game over"),
}

ENDED_BY = {
    "prestige": _("A seat reached the goal and the round was finished."),
    "called": _("The teacher called time; the round was finished."),
    "exhausted": _("Both supplies ran out of cards."),
    "stalemate": _("Three rounds passed with nothing bought or published."),
}

KINDS = {
    "plan": _("Plan your turn"),
    "discard_for_effect": _("Choose the cards to discard"),
    "discard_by_default": _("Let the app choose"),
}
KIND_HELP = {
    "discard_for_effect": _("Pick which of your cards go to your discard pile."),
    "discard_by_default": _("The app keeps as much of your other resources as it can."),
}
QUESTIONS = {
    "cards": pgettext_lazy("a target answers", "Which cards do you discard?"),
    "end_turn": _("Confirm your plan"),
}

ERRORS = {
    "bad_plan": _("That plan is not the shape of a plan. Start it again."),
    "not_your_turn": _("It is not your turn."),
    "game_over": _("The game is over."),
    "bad_slot": _("That card is no longer in your hand. Start the plan again."),
    "slot_twice": _("One card can do only one thing a turn: use it, publish it or discard it."),
    "card_not_in_hand": _("That card is not in your hand."),
    "no_such_use": _("That card cannot be used that way."),
    "target_needed": _("Choose which player this card is played on."),
    "target_not_needed": _("That card is not played on another player."),
    "no_such_seat": _("There is no such player."),
    "self_target": _("You cannot play it on yourself."),
    "target_not_most_prestige": _(
        "Situations are systemic in this lesson: they go to a player with the most PP."),
    "target_has_no_cards": _("That player has no cards in hand."),
    "already_published": _("You have already published a card this turn."),
    "publish_once": _("You can publish only one card a turn."),
    "no_such_block": _("That block is not in front of your CV."),
    "not_in_pool": _("That card is no longer in the pool."),
    "not_on_top": _("That card is no longer on top of its deck."),
    "top_twice": _("You can buy the top of a deck once per plan: the next card is not seen yet."),
    "unlock_needed": _("Discard a card to unlock the top of a deck."),
    "blocked": _("A block in front of your CV stops buying cards that cost that resource. "
                 "Pay to remove it first."),
    "cannot_afford": _("Your cards do not give enough for everything you want to buy."),
    "empty_plan": _("To keep your turn going, the plan must do something."),
    "invalid_discard": _("Those cards do not match the effect exactly. Choose again."),
    "bad_action": _("That choice is not allowed now."),
    "already_called": _("Time has already been called."),
    "not_moderator": _("Only the teacher can do that."),
}

FIGURES = {}  # the card's own line says each seat's hits and late answers in words

GOAL = _("Goal")
LEGEND = _("PP = prestige points; the race ends at the goal. “Hit” counts the negative cards "
           "a seat received; “late” the answers the app made when a target let its 45 seconds "
           "run out.")
