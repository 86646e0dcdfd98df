"""Tell a table's live pages that its game changed, after the commit.

The message carries ids and counters only; each socket then renders its own seat's view, so no
seat's hand passes through the channel layer.
"""

from django.db import transaction

from config.live import group_send


def game_changed(game):
    message = {"type": "game.updated", "game_id": game.pk, "version": game.version,
               "revision": game.revision}
    teacher_group = f"lesson-{game.table.lesson_id}-teacher"

    def send():
        group_send(game.group_name, message)
        group_send(teacher_group, message)

    transaction.on_commit(send)
