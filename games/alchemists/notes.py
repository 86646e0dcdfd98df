"""The seat's notebook on the platform's per-seat notes (games.SeatNotes): a note from the
tablet checked and written into the grid, and the grid read back for the debrief and exports.
The engine keeps none of it, so writing a note tells no other seat anything."""

from games.alchemists.engine.notebook import check_note, write_note
from games.models import SeatNotes


def note_update(grid, message):
    """The grid with the tablet's note written, or None when the message is not a note."""
    note = check_note(message.get("note") if isinstance(message, dict) else None)
    return None if note is None else write_note(grid or {}, note)


def grid_of(game_id, seat):
    row = SeatNotes.objects.filter(game_id=game_id, seat=seat).values_list("data", flat=True)
    return next(iter(row), None) or {}


def marks(grid):
    return sum(len(row) for row in (grid or {}).values())
