"""The Art of Science's words: steps, action kinds, parameters, squares, refusals and how a game
ended. One place, so the tablet, the teacher's view, the cockpit and the projector say the same
thing (Finnish in the locale catalogue). Category and square names come from the engine's
content in the page's language (`category_name`, `special_name`)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.art_of_science.engine.content import CATEGORIES, SPECIALS
from games.art_of_science.engine.state import CATEGORIES as CODES
from games.content import text

# Short signs beside each category's name, so no category is told by colour alone.
SIGNS = {"MAT": "∑", "BIO": "❦", "CHE": "⚗", "PHY": "⚛", "ENG": "⚙", "OTH": "✦"}
SPECIAL_SIGNS = {"universal_genius": "★", "duel": "⚔", "replication_chance": "↻",
                 "turnabout": "⤾"}


def category_name(code):
    return text(CATEGORIES[code]["name"] if code in CATEGORIES else None, str(code or ""))


def special_name(kind):
    return text(SPECIALS[kind]["name"] if kind in SPECIALS else None, str(kind or ""))


def special_text(kind):
    return text(SPECIALS[kind]["text"] if kind in SPECIALS else None)


def category_codes():
    return list(CODES)


STAGES = {
    "order": _("Score cards"),
    "chance": _("Rolling"),
    "place": _("Placing pawns"),
    "move": _("Moving"),
    "shove": _("Shove"),
    "answer": _("Question"),
    "advise": _("Advice"),
    "judge": _("Judging an answer"),
    "reward": _("Points or a new round"),
    "spree": _("Winning spree"),
    "genius": _("Universal Genius"),
    "challenge": _("Duel"),
    "duel_category": _("Duel"),
    "duel": _("Duel"),
    "wager": _("Replication Chance"),
    "allocate": _("Points to place"),
    "over": _("Game over"),
}
TEACHER_JUDGES = _("Waiting for the teacher to judge")

KINDS = {
    "choose_order": _("Write your score card"),
    "place": _("Place your pawn"),
    "move": _("Move"),
    "shove": _("Shove"),
    "answer": _("Answer"),
    "ask_advice": _("Ask for advice"),
    "advise": _("Give advice"),
    "judge": _("Judge the answer"),
    "take_points": _("Take the points"),
    "new_round": _("Roll again"),
    "end_turn": _("End your turn"),
    "choose_category": _("Choose a category"),
    "challenge": _("Challenge"),
    "wager": _("Wager"),
    "distribute": _("Place your points"),
    "strike": _("Strike out points"),
    "flag": _("Report the question"),
}

HELPS = {
    "choose_order": _("Row 1 needs the most points: put your best subject first."),
    "place": _("Your first question is from the category of the square you choose."),
    "move": _("Move the full roll, clockwise or counterclockwise."),
    "answer": _("One answer. No answer in time counts as wrong."),
    "ask_advice": _("Another seat suggests an answer; if you are right, you share the points."),
    "advise": _("Only the asking seat sees your suggestion."),
    "judge": _("Compare the answer with the model answer."),
    "take_points": _("The points go to this square's category and your turn ends."),
    "new_round": _("No points now: roll and answer another question."),
    "end_turn": _("Keep your points and pass the die."),
    "challenge": _("Choose who you duel and how many points are at stake."),
    "wager": _("Right: you gain the wager. Wrong: you lose it."),
    "distribute": _("Split the points over your unfilled categories."),
    "strike": _("Take the points away from your unfilled categories."),
}

PARAMETERS = {
    "order": _("Your score card, row 1 first (row 1 needs the most points)"),
    "square": _("Where does your pawn start?"),
    "direction": _("Which way?"),
    "target": _("Whom do you shove?"),
    "value": _("Your answer"),
    "adviser": _("Whom do you ask?"),
    "suggestion": _("Your suggestion"),
    "correct": _("Was the answer correct?"),
    "category": _("Which category?"),
    "opponent": _("Whom do you challenge?"),
    "stake": _("How many points are at stake?"),
    "points": _("How many points do you wager?"),
}

REASONS = {
    "not_your_turn": _("It is not your turn."),
    "wrong_step": _("Not in this part of the turn."),
    "game_over": _("The game is over."),
    "no_legal_choice": _("Nothing you could choose now."),
    "already_answered": _("Your seat has answered."),
    "nothing_seen": _("No question to report yet."),
}

ERRORS = {
    **REASONS,
    "bad_answer": _("Choose one of the answers."),
    "not_a_number": _("Write a number, for example 2,5."),
    "too_long": _("That answer is too long."),
    "bad_order": _("Write each of the six categories once."),
    "bad_split": _("Give whole numbers of points."),
    "over_limit": _("A category cannot take that many points."),
    "wrong_total": _("The points must add up to the total."),
    "bad_vote": _("Judge the answer correct or not correct."),
    "bad_reason": _("Report a question as wrong or unclear."),
    "not_seen": _("You can report only a question you have been shown."),
    "already_flagged": _("You have reported this question."),
    "not_judging": _("No answer is waiting for a judgement."),
    "not_reversible": _("That judgement can no longer be changed."),
    "time_already_called": _("Time has already been called."),
    "not_a_category_square": _("Choose a category square."),
    "bad_direction": _("Move clockwise or counterclockwise."),
    "bad_square": _("That square is not on the board."),
    "advice_not_allowed": _("No advice here."),
    "new_round_limit": _("No more new rounds this turn."),
    "bad_category": _("Choose one of the six categories."),
    "bad_challenge": _("That duel is not possible."),
    "bad_wager": _("Wager at least 1 and at most your unlocked points."),
    "not_allowed": _("That is not possible now."),
}

DIRECTIONS = {"clockwise": _("Clockwise ↻"), "counterclockwise": _("Counterclockwise ↺")}
FLAG_REASONS = {"wrong": _("The answer is wrong"), "unclear": _("The question is unclear")}
CONTEXTS = {
    "square": _("Category square"),
    "genius": pgettext_lazy("square", "Universal Genius"),
    "replication": pgettext_lazy("square", "Replication Chance"),
    "duel": pgettext_lazy("square", "Duel"),
}
FORMATS = {
    "multiple_choice": _("Choose one answer."),
    "true_false": _("True or false?"),
    "numeric": _("Write a number."),
    "open": _("Write your answer."),
}
ENDED_BY = {
    "win": _("A seat filled its whole score card."),
    "time_called": _("The teacher called time: seats are ranked by filled categories, then "
                     "points."),
}

# The question bank: what each of the validator's rules asks of a row or a form.
PROBLEMS = {
    "record_type": _("not a question"),
    "missing_field": _("the column is missing"),
    "unknown_field": _("not a column of a question: check its spelling"),
    "id_format": _("an id is the category's prefix and a number, e.g. phy-0031 (or leave it "
                   "empty)"),
    "translation_id": _("a translation's id is its original's id and its language, e.g. "
                        "phy-0007-fi"),
    "lang_format": _("a language code such as fi, en or sv"),
    "category_enum": _("one of mathematics, biology, chemistry, physics, engineering, "
                       "other_science"),
    "difficulty_enum": _("1, 2 or 3"),
    "format_enum": _("one of multiple_choice, true_false, numeric, open"),
    "status_enum": _("draft or approved"),
    "provenance_enum": _("teacher, house or ruling"),
    "text_required": _("must not be empty"),
    "prompt_length": _("at most 200 characters"),
    "explanation_length": _("at most 200 characters"),
    "option_count": _("multiple choice needs 3–4 options (in a file: separated by |)"),
    "option_length": _("at most 60 characters"),
    "catch_all_option": _("no “all of the above” or “none of the above”: options are "
                          "shuffled"),
    "duplicate_options": _("two options are the same"),
    "answer_key": _("does not fit the type: the letter of one option, true or false, a "
                    "number, or a model answer"),
    "tolerance": _("a number, 0 or more"),
    "accept_list": _("other accepted answers, none empty (in a file: separated by |)"),
    "field_not_allowed": _("only for its own type of question: leave it empty"),
    "image_file": _("a picture needs a file (in a file: file | alt text)"),
    "image_alt": _("a picture needs a text for screen readers"),
    "time_limit": _("empty, or whole seconds 15–90"),
    "tags": _("words, none empty (in a file: separated by |)"),
    "author": _("a pseudonymous teacher id such as t-12, never a name"),
    "duplicate_id": _("the same id is on another row of the file"),
    "id_taken": _("another question in the bank has this id"),
    "translation_missing": _("names no original question in the bank or the file"),
    "translation_mismatch": _("differs from its original: category, difficulty, type and "
                              "answer must be the same"),
}
FILE_PROBLEMS = {
    "file_type": _("Choose a .csv, .xlsx or .yaml file."),
    "too_big": _("The file is too big (2 MB at most)."),
    "too_many_rows": _("The file has too many questions (2,000 at most)."),
    "empty": _("The file has no questions."),
    "encoding": _("Save the CSV file as UTF-8 and try again."),
    "not_xlsx": _("This is not an Excel (.xlsx) file."),
    "formula": _("The file has a formula (cell %(where)s). Paste values only and try again."),
    "not_yaml": _("This is not a readable YAML file."),
    "not_a_list": _("A YAML file is a list of questions."),
}
