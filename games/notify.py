"""Tell a table's live pages that its game changed, after the commit.

The message carries ids and counters only; each socket then renders its own seat's view, so no
seat's hand passes through the channel layer.
"""

from django.db import transaction

from games.live import group_send
from games.models import Game


def game_changed(game):
    message = {"type": "game.updated", "game_id": game.pk, "version": game.version,
               "revision": game.revision}
    teacher_group = f"lesson-{game.table.lesson_id}-teacher"

    def send():
        group_send(game.group_name, message)
        group_send(teacher_group, message)

    transaction.on_commit(send)


def approvals_changed(game):
    """A request was made or decided: the teacher's pages draw the queue and the table's card."""
    lesson_id = Game.objects.filter(pk=game.pk).values_list("table__lesson_id", flat=True).first()
    message = {"type": "cockpit.changed", "lesson_id": lesson_id, "what": "approvals",
               "table_id": game.table_id}

    def send():
        if lesson_id is not None:
            group_send(f"lesson-{lesson_id}-teacher", message)

    transaction.on_commit(send)
