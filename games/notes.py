"""A seat's private notes beside its game (`SeatNotes`): written by that seat's tablets through
the `note` socket message, shown only on that seat's tablets (and, on request, to the teacher)
and in its debrief. A note is not an action: it changes no version and sends no
`game.updated`, so no other seat can tell that a note was written, or when. The game's package
checks a note (`note_update`) and draws the notes (`notes_parts`)."""

import json

from django.db import transaction

from games.live import group_send
from games.models import Game, SeatNotes
from games.packages import package

MAX_NOTES_BYTES = 16 * 1024


class NoteRefused(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def seat_group(game_id, seat):
    """The group of one seat's tablets at a game (notes go to them only)."""
    return f"game-{game_id}-seat-{seat}"


def seat_notes(game_id, seat):
    """The seat's notes ({} before the first)."""
    row = SeatNotes.objects.filter(game_id=game_id, seat=seat).values_list("data", flat=True)
    return next(iter(row), None) or {}


def seat_note_write(game_id, seat, message):
    """Write one note of the seat's tablet; returns the notes, or raises NoteRefused."""
    with transaction.atomic():
        game = Game.objects.select_for_update().only("pk", "engine_key", "players").get(
            pk=game_id)
        if seat not in {p["seat"] for p in game.players}:
            raise NoteRefused("not_a_seat")
        notes, _created = SeatNotes.objects.select_for_update().get_or_create(
            game_id=game_id, seat=seat)
        data = package(game.engine_key).note_update(notes.data, message)
        if data is None:
            raise NoteRefused("bad_note")
        if len(json.dumps(data)) > MAX_NOTES_BYTES:
            raise NoteRefused("bad_note")
        notes.data = data
        notes.save(update_fields=["data", "updated_at"])
        transaction.on_commit(lambda: group_send(seat_group(game_id, seat), {
            "type": "seat.notes", "game_id": game_id, "seat": seat}))
    return data
