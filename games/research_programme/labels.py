"""Research Programme's words: resources, tracks, phases, action kinds, the reasons a choice is
disabled and the messages of its refused actions. One place, so the play page, the teacher's view
and the cockpit say the same thing (Finnish terms in the locale catalogue).
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

RESOURCES = {
    "R": _("Money"),
    "D": _("Data"),
    "L": _("Compute"),
    "O": _("Experts"),
    "S": _("Scepticism"),
}

TRACKS = {
    "rigour": _("Rigour"),
    "hype": _("Hype"),
    "reputation": _("Reputation"),
    "debt": _("Debt"),
    "vp": _("VP"),
    "ep": _("EP"),
    "insight": _("Insight"),
    "technique_next_test": _("Technique for the next test"),
}

REGIONS = {
    "GRA": _("Gravitation"),
    "COS": _("Cosmology"),
    "PAR": _("Particle physics"),
    "CON": _("Condensed matter"),
    "QUA": _("Quantum information"),
    "MAT": _("Mathematics"),
    "MET": _("Metascience"),
}

# Short codes on the map's hexes ("COS2"); the Finnish ones follow the Finnish region names.
REGION_CODES = {
    "GRA": pgettext_lazy("region code", "GRA"),
    "COS": pgettext_lazy("region code", "COS"),
    "PAR": pgettext_lazy("region code", "PAR"),
    "CON": pgettext_lazy("region code", "CON"),
    "QUA": pgettext_lazy("region code", "QUA"),
    "MAT": pgettext_lazy("region code", "MAT"),
    "MET": pgettext_lazy("region code", "MET"),
}

PHASES = {
    "setup": _("Setup"),
    "funding": _("Funding"),
    "actions": _("Actions"),
    "tests": _("Tests"),
    "cleanup": _("Cleanup"),
    "over": _("Game over"),
}

ACTION_KINDS = {
    "theory": _("Theory"),
    "build": _("Build a project"),
    "prediction": _("Prediction"),
    "preprint": _("Preprint"),
    "journal": _("Journal"),
    "simulate": _("Simulate"),
    "peer_review": _("Peer review"),
    "pass": pgettext_lazy("action", "Pass"),
    "fund": _("Funding choice"),
    "discard": _("Discard"),
    "event_block": _("Block the Event"),
    "event_choose": _("Event choice"),
    "roll": _("Roll the die"),
    "story_request": _("Tell a story"),
    "interfere": _("Interfere"),
    "keep": _("Keep your opening cards"),
    "defend": _("Defend yourself"),
    "reveal": _("Reveal a hidden hex"),
    "exploration_reward": _("Take your reward"),
    "overflow": _("Move the overflowing Noise"),
    "synthesis": _("Synthesis"),
}

ACTION_HELP = {
    "theory": _("Play a theory from your hand to the table."),
    "build": _("Buy a project from the market and put a tile on the map."),
    "prediction": _("Schedule a test: a theory, your project and a method."),
    "preprint": _("Publish a result fast: Reputation +1, Hype +1."),
    "journal": _("Publish a result in a journal: Rigour +1, the theory's KV +1."),
    "simulate": _("Remove up to 2 Noise next to your tiles."),
    "peer_review": _("Rigour +1."),
    "pass": _("Take no more actions this round."),
    "fund": _("Income: R 2 (more with Reputation and Hype) and one resource you choose; then "
              "you draw a card."),
    "discard": _("You may keep 4 cards in your hand."),
    "event_block": _("Pay to stop the Event from hitting you."),
    "event_choose": _("The Event lets you choose."),
    "roll": _("The test costs D1. The die decides."),
    "interfere": _("Play a Bias or Influence card on another seat. They may block it."),
    "keep": _("Keep 1 theory and 1 method; the others go back into their decks."),
    "defend": _("Someone played a card on you. Block it, or take the hit."),
    "reveal": _("Your success lets you look under one hidden hex of the region."),
    "exploration_reward": _("The hidden hex gives you a reward. Choose it."),
    "overflow": _("The hex is full: the Noise spills over to a neighbour you choose."),
    "synthesis": _("Join your research into one theory: a roll of 8 or more wins the game."),
}

# What the stepper asks for each parameter of an action (games/stepper.py).
PARAMETERS = {
    "card": _("Which card?"),
    "hex": _("Where on the map?"),
    "withdraw": _("All three theory slots are full. Withdraw which theory?"),
    "theory": _("Which theory do you test?"),
    "project": _("With which project?"),
    "desk_hex": _("On which Metascience hex?"),
    "method": _("With which method?"),
    "record": _("Which result do you publish?"),
    "hexes": _("Remove Noise from where?"),
    "income": _("Which resource do you take with your income?"),
    "draw": _("Which deck do you draw from?"),
    "repay": _("How much Debt do you pay back (R2 each)?"),
    "cards": _("Which cards do you discard?"),
    "how": _("How do you block?"),
    "choice": _("What do you choose?"),
    "choice:preprint_scoop": _("Make one Preprint now (D1: Reputation +1, Hype +1)?"),
    "choice:file_drawer": _("Which null result goes in the drawer?"),
    "choice:add_noise_own_tile": _("Which of your hexes gets the Noise?"),
    "pay_for_plus": _("Pay for the method's plus?"),
    "clean": _("Which neighbour does the replication clean?"),
    "debt": _("Borrow?"),
    "target": _("On whom do you play it?"),
    "attempt": _("Do you attempt the synthesis now?"),
    "gains": _("Which reward do you take?"),
    "repair": _("What does the peer review do?"),
}

# Questions that depend on the kind of action as well as on the parameter.
KIND_PARAMETERS = {
    ("interfere", "card"): _("Which Bias or Influence card do you play?"),
    ("interfere", "theory"): _("On which of their theories?"),
    ("interfere", "hexes"): _("On which of their tiles does the Noise go?"),
    ("keep", "theory"): _("Which theory do you keep?"),
    ("keep", "method"): _("Which method do you keep?"),
    ("defend", "how"): _("How do you defend yourself?"),
    ("defend", "card"): _("With which card?"),
    ("event_block", "card"): _("With which card?"),
    ("reveal", "hex"): _("Which hidden hex do you reveal?"),
    ("overflow", "hex"): _("Which neighbour gets the Noise?"),
}

REASONS = {
    "not_your_turn": _("It is not your turn."),
    "already_taken": _("You already took this action this round."),
    "cannot_pay": _("You cannot pay for it, even with debt."),
    "no_tiles_left": _("All your project tiles are on the map."),
    "market_empty": _("The project market is empty."),
    "no_legal_hex": _("No hex is free for these projects."),
    "no_unpublished_record": _("You have no unpublished result."),
    "no_theory_in_hand": _("You have no theory in your hand."),
    "no_theory_in_play": _("No theory is on the table."),
    "wrong_step": _("Not in this part of the round."),
    "game_over": _("The game is over."),
    "no_legal_choice": _("Nothing you could choose now."),
    "story_pending": _("Your story is waiting for the teacher."),
    "story_limit": _("No more stories this round."),
    "stories_off": _("Stories are not used in this game."),
    "no_project": _("You have no project to test with."),
    "no_disruption_card": _("You hold no Bias or Influence card."),
    "no_target": _("No other seat can be hit by your cards now."),
}

ERRORS = {
    **REASONS,
    "illegal_hex": _("The tile cannot go on that hex."),
    "not_in_market": _("That project is no longer in the market."),
    "story_id_taken": _("That story was already told."),
    "teacher_judges": _("The teacher decides the stories in this lesson."),
    "own_story": _("You cannot vote on your own story."),
    "bad_vote": _("A vote is accept or reject."),
    "bad_story_id": _("A story needs an id."),
    "illegal_choice": _("That choice is not allowed now."),
    "bad_debt": _("Borrowing is yes or no."),
    "not_a_seat": _("There is no such seat at this table."),
    "unknown_action": _("That is not an action of this game."),
    "teacher_only": _("Only the teacher can do that."),
    "no_chance_step": _("Nothing is waiting for a die or a draw."),
}


CLASSIFICATIONS = {
    "first_hit": _("first hit"),
    "replication": _("replication"),
    "repetition": _("repetition"),
    "plain": _("success"),
}

OUTCOMES = {
    "success": _("Success"),
    "null": _("Null result"),
    "artefact": _("Artefact"),
}

ENDED_BY = {
    "round_limit": _("Round 5 was played."),
    "replication_counter": _("The replication counter filled up."),
    "call_time": _("The teacher called time."),
    "synthesis": _("A synthesis ended the game."),
}


def ended_text(code, rounds):
    """How a game ended, in a sentence; the full game's round limit is its own (8 rounds)."""
    if code == "round_limit" and rounds != 5:
        return _("Round %(n)s was played.") % {"n": rounds}
    return ENDED_BY.get(code, "")


VP_SOURCES = {
    "replication": _("Replications"),
    "replication_tag": _("Replication bonus"),
    "anomaly": _("Anomalies"),
    "falsification": _("Falsifications"),
    "research_programme": _("Research programmes"),
    "cards": _("Cards"),
    "bridges": _("Bridges"),
    "consensus": _("Theories with KV 3+"),
    "hype_penalty": _("Hype above Rigour"),
    "debt": _("Debt"),
    "ep": _("EP"),
    "exploration": _("Hidden hexes"),
}

THRESHOLD_PARTS = {
    "printed": _("Difficulty"),
    "location": _("project"),
    "displaced": _("displaced tile"),
    "wormhole": _("wormhole"),
    "card": _("card"),
}

PLUSES = {
    "technique": _("Technique"),
    "rigour_bonus": _("Rigour"),
    "map_bonus": _("map"),
    "insight": _("Insight"),
    "next_test_plus": _("card bonus"),
    "method_plus": _("method"),
}

# How a disruption was blocked (DisruptionBlocked's `how`, EventBlocked's too).
BLOCKED_BY = {
    "table_method": _("a method on their table"),
    "service": _("their Preregistration service"),
    "map": _("a Metascience project next to the target"),
    "method": _("a method from their hand"),
    "protection": _("a Protection card"),
    "scepticism": _("Scepticism"),
}

TALLY = {
    "disruptions_played": _("Disruptions played"),
    "disruptions_blocked": pgettext_lazy("count of disruption cards", "blocked"),
    "hexes_revealed": _("Hidden hexes revealed"),
    "synthesis_attempts": _("Synthesis attempts"),
}

CANCEL_REASONS = {
    "theory_removed": _("the theory has left the game"),
    "cannot_pay": _("no Data to pay for the test"),
}
