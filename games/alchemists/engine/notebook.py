"""The private notebook: each seat's own deduction grid, filled in by its students (AL-45, G-29).

The notebook is not game state. The platform keeps it beside the game, per seat
(`games.SeatNotes`), so that writing a note changes no version and tells no other seat that a
note was written, or when. This module is its pure vocabulary: which cells and marks exist, a
note checked, and a grid with one note written. The engine never fills the grid and offers no
solver; the seat's own results (its results triangle) are kept by the server as `results`.
"""

from __future__ import annotations

from .content import ALCHEMICAL_IDS, INGREDIENT_IDS

MARKS = ("no", "yes", "maybe")  # a cross, a tick, a question mark; None clears the cell


def check_note(note: object) -> dict | None:
    """{"ingredient", "alchemical", "mark"} in canonical form, or None if it is not a note."""
    if not isinstance(note, dict):
        return None
    ingredient, alchemical, mark = (note.get(k) for k in ("ingredient", "alchemical", "mark"))
    if ingredient not in INGREDIENT_IDS or alchemical not in ALCHEMICAL_IDS:
        return None
    if mark is not None and mark not in MARKS:
        return None
    return {"ingredient": ingredient, "alchemical": alchemical, "mark": mark}


def write_note(grid: dict, note: dict) -> dict:
    """A copy of `grid` ({ingredient: {alchemical: mark}}) with the checked `note` written."""
    grid = {i: dict(row) for i, row in (grid or {}).items()
            if i in INGREDIENT_IDS and isinstance(row, dict)}
    row = grid.setdefault(note["ingredient"], {})
    if note["mark"] is None:
        row.pop(note["alchemical"], None)
    else:
        row[note["alchemical"]] = note["mark"]
    return {i: r for i, r in grid.items() if r}
