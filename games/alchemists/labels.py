"""Alchemists' words: action kinds, the stepper's questions, the stages of a game, the reasons a
choice is closed, the problems of a plan and the messages of refused actions. One place, so the
tablet, the teacher's view and the cockpit say the same thing (Finnish in the locale catalogue).
Content names (ingredients, potions, spaces, seals) come from the engine's data: names.py."""

from django.utils.translation import gettext_lazy as _

ACTION_KINDS = {
    "keep_favour": _("Keep a favour card"),
    "choose_order": _("Choose your place in the turn order"),
    "declare": _("Your plan for this round"),
    "forage": _("Forage for an ingredient"),
    "transmute": _("Transmute an ingredient"),
    "test": _("Test on a student"),
    "drink": _("Drink it yourself"),
    "cap_test": _("Test with the Thinking Cap"),
    "sell": _("Sell a potion"),
    "bid": _("Offer a discount"),
    "buy": _("Buy an artifact"),
    "altar": _("Pay gold at the Altar"),
    "debunk": _("Debunk a theory"),
    "demonstrate": _("Demonstrate a mix"),
    "publish": _("Publish a theory"),
    "endorse": _("Endorse a theory"),
    "exhibit": _("Exhibit a potion"),
    "discard": _("Discard ingredients"),
    "choose_grant": _("Choose a grant"),
    "pick_card": _("Pick a card"),
    "set_aside": _("Set cards aside"),
    "forgo": _("Skip this action"),
    "decline": _("No, thank you"),
}

ACTION_HELP = {
    "declare": _("Place your cubes: how many actions on each space. Everyone plans at once."),
    "forage": _("Take an ingredient from the row, or draw one from the deck."),
    "transmute": _("Turn an ingredient card into 1 gold."),
    "test": _("Mix two of your ingredients and give the potion to a student. Everyone sees "
              "the potion, only you know what you mixed."),
    "drink": _("Mix two ingredients and drink the potion. Free, but a − potion hurts."),
    "debunk": _("Say which aspect of a published theory is wrong. The truth answers."),
    "publish": _("Claim which alchemical an ingredient is, with a seal that says how sure "
                 "you are."),
    "endorse": _("Put your own seal on someone's theory."),
    "sell": _("Sell a potion to the adventurer."),
    "exhibit": _("Show a potion you promise you can make."),
    "forgo": _("Give up this action: its cube is not used."),
    "decline": _("Do not do it."),
}

PARAMETERS = {
    "favour": _("Which favour card do you keep?"),
    "space": _("Which place in the turn order?"),
    "source": _("From where?"),
    "ingredient": _("Which ingredient?"),
    "ingredients": _("Which two ingredients do you mix?"),
    "sages": _("How many Sages do you play?"),
    "potion": _("Which potion?"),
    "guarantee": _("What do you guarantee?"),
    "merchants": _("How many Merchants do you play?"),
    "barmaids": _("How many Barmaids do you play?"),
    "bid": _("How big a discount do you offer?"),
    "artifact": _("Which artifact?"),
    "shopkeepers": _("How many Shopkeepers do you play?"),
    "gold": _("How much gold?"),
    "colour": _("Which aspect do you say is wrong?"),
    "token": _("Which alchemical is it?"),
    "seal": _("Which seal do you put on it?"),
    "confirm": _("Are you sure?"),
    "grant": _("Which grant?"),
    "card": _("Which card?"),
    "both": _("Set both aside?"),
    "assistants": _("Assistants you play (an extra cube each)"),
    "custodians": _("Custodians you play"),
    "associates": _("Spaces where you play an Associate"),
}

REASONS = {
    "no_legal_choice": _("You cannot do this now (no fitting cards, gold or theory)."),
}

STAGES = {
    "setup": _("Setting up"),
    "keep_favour": _("Choosing a favour"),
    "order": _("Turn order"),
    "declare": _("Planning"),
    "bid": _("Discounts"),
    "round": _("Actions"),
    "round_end": _("End of the round"),
    "over": _("Over"),
    "forage": _("Foraging"), "transmute": _("Transmuting"), "custodian": _("Custodian"),
    "sell": _("Selling"), "buy": _("Buying artifacts"), "debunk": _("Debunking"),
    "publish": _("Publishing"), "test": _("Testing"), "drink": _("Drinking"),
    "exhibit": _("The exhibition"), "immediate": _("Publishing after a debunk"),
    "choose_grant": _("Grants"), "cap_test": _("Thinking Cap"), "altar": _("Altar"),
    "herbalist": _("Herbalist"), "feather_pick": _("Feather in Cap"),
    "feather": _("Feather in Cap"),
}

PROBLEMS = {
    "cubes_left": _("You still have cubes to place."),
    "too_many_cubes": _("That is more actions than you have cubes."),
    "too_many_actions": _("Too many actions on one space."),
    "space_closed": _("That space is not open this round."),
    "no_such_favour": _("You do not have that favour card."),
    "associate_off_plan": _("An Associate needs a cube on its space."),
}

ERRORS = {
    **PROBLEMS,
    "unknown_field": _("That choice has a part this game does not know."),
    "missing_parameter": _("Something is missing from that choice."),
    "bad_parameter": _("Part of that choice is not possible."),
    "unknown_seat": _("There is no such seat."),
    "cannot_call_time": _("Time cannot be called now."),
    "same_ingredient": _("Mix two different ingredients."),
    "not_in_hand": _("You do not have that ingredient."),
    "not_in_row": _("That ingredient is not in the row."),
    "deck_empty": _("The deck is empty."),
    "cannot_pay": _("You do not have enough gold."),
    "cannot_pay_student": _("You cannot pay the student."),
    "space_taken": _("That place is taken."),
    "space_not_available": _("That place is not open."),
    "price_too_low": _("The price would be too low."),
    "potion_taken": _("That potion has been sold already."),
    "no_sales_left": _("The adventurer wants nothing more."),
    "not_wanted": _("The adventurer does not want that potion."),
    "ingredient_has_theory": _("That ingredient already has a theory."),
    "token_in_use": _("That alchemical is already on the board."),
    "no_such_seal": _("You have no seal of that kind left."),
    "no_theory": _("There is no theory on that ingredient."),
    "cannot_endorse": _("You cannot endorse that theory."),
    "wrong_mode": _("Not in this game mode."),
    "invalid_demonstration": _("That demonstration could not show anything new."),
    "not_immediate": _("Not now."),
    "same_theory": _("That is the same theory."),
    "not_coloured": _("That potion has no colour."),
    "already_exhibited": _("You have exhibited that potion already."),
    "bad_amount": _("That amount is not possible."),
    "wrong_count": _("Choose the right number of cards."),
    "grant_not_offered": _("That grant is not offered to you."),
    "bad_note": _("That is not a note of the notebook."),
}

GUARANTEES = {
    "exact": _("the exact potion"), "sign": _("the right sign"),
    "neutral": _("at least neutral"), "opposite": _("no guarantee"),
}

QUALITIES = {
    "exact": _("exact match"), "sign": _("right sign"), "neutral": _("neutral"),
    "opposite": _("wrong sign"),
}

REPUTATION_REASONS = {
    "publish": _("publishing"), "endorse": _("endorsing"), "debunk": _("a debunk"),
    "debunk_failed": _("a failed debunk"), "conference": _("the conference"),
    "best_alchemist": _("best alchemist"), "sale": _("a sale"), "insanity": _("insanity"),
    "conflict": _("a conflict shown"), "demonstration_failed": _("a failed demonstration"),
    "exhibition": _("the exhibition"), "artifact": _("an artifact"), "altar": _("the Altar"),
    "cap": _("the Thinking Cap"),
}

EFFECTS = {"poison": _("poisoned: one cube to hospital"),
           "paralysis": _("paralysed: acts last next round"),
           "insanity": _("insane: −1 reputation")}

HOW_MIXED = {"test": _("tested on a student"), "drink": _("drunk"),
             "custodian": _("drunk with the Custodian"), "cap": _("the Thinking Cap")}

ENDED_BY = {"rounds": _("The last round was played; the Great Truth was revealed."),
            "time_called": _("Time was called; the Great Truth was revealed after the round.")}

MARKS = {"no": _("ruled out"), "yes": _("it is this"), "maybe": _("maybe")}
MARK_SIGNS = {"no": "✗", "yes": "✓", "maybe": "?"}
NEXT_MARK = {None: "no", "no": "yes", "yes": "maybe", "maybe": None}
