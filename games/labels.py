"""The platform's words for refused actions, whatever the game (Finnish and Swedish terms in the
locale catalogues). A game's own refusal codes are named by its package (`GamePackage.errors`)."""

from django.utils.translation import gettext_lazy as _

ERRORS = {
    "stale": _("The game moved on before your tap arrived. Here is the table now: try again."),
    "bot_plays_seat": _("A robot is playing your seat. Ask your teacher to give it back."),
    "no_game": _("This table has no game."),
    "not_a_seat": _("There is no such seat."),
    "unknown_bot": _("There is no such robot."),
    "seat_empty": _("Nobody sits in this seat: a robot plays it until a student joins it."),
    "unknown_action": _("That is not an action of this game."),
    "illegal_choice": _("That choice is not allowed now."),
    "not_your_turn": _("It is not your turn."),
    "wrong_step": _("Not in this part of the game."),
    "game_over": _("The game is over."),
    "no_chance_step": _("Nothing is waiting for a die or a draw."),
    "bad_outcome": _("That outcome is not possible now."),
    "teacher_only": _("Only the teacher can do that."),
    "time_called": _("Time has already been called."),
    "read_only": _("This view only watches the table."),
    "paused": _("The teacher has paused the game. Wait a moment."),
    "bad_input": _("That value does not fit. Check what you typed or ticked."),
}


def error_message(code, game=None):
    """The message for a refused action's code in the active language: the game's own words
    for its codes (`game` is its package), the platform's for the rest."""
    own = game.error_message(code) if game is not None else None
    return own or ERRORS.get(code, ERRORS["illegal_choice"])
