"""Scientia's columns in the debrief's exports, with their codebook entries (prefix `sc_`)."""

from django.utils.translation import gettext_lazy as _

from games.packages import ExportColumn
from games.scientia.engine.content import FIELDS
from games.scientia.engine.scoring import breakdown

COLUMNS = [
    ExportColumn("sc_completions", _("Cards completed"), _(
        "Research cards the seat completed (four quarter-turns), in every field.")),
    ExportColumn("sc_done_phy", _("Completed in Physics"), _(
        "Physics cards the seat completed.")),
    ExportColumn("sc_done_che", _("Completed in Chemistry"), _(
        "Chemistry cards the seat completed.")),
    ExportColumn("sc_done_bio", _("Completed in Biology"), _(
        "Biology cards the seat completed.")),
    ExportColumn("sc_done_ast", _("Completed in Astronomy"), _(
        "Astronomy cards the seat completed.")),
    ExportColumn("sc_longest_chain", _("Longest chain"), _(
        "The most completions the seat set off one after another in one turn (1: a card "
        "completed by the seat's own turning; 2: that card's effect completed another).")),
    ExportColumn("sc_first_completion_turn", _("Turn of first completion"), _(
        "The seat's own turn number on which its first card completed (empty if none did).")),
    ExportColumn("sc_turns_rotating", _("Turns rotating"), _(
        "Turns on which the seat rotated cards.")),
    ExportColumn("sc_turns_taking", _("Turns taking"), _(
        "Turns on which the seat took a card from the projects.")),
    ExportColumn("sc_slots", _("Slots"), _(
        "Projects the seat could run at once at the end (2-4).")),
    ExportColumn("sc_flasks", _("Flasks in storage"), _(
        "Flasks in the seat's storage (1 point each).")),
    ExportColumn("sc_technology", _("Technology points"), _(
        "The sum of the seat's four technology levels.")),
    ExportColumn("sc_special_points", _("Special points"), _(
        "Points for reaching the last spaces of tracks (the fields' special points).")),
]


def figures(game, state, outcome, seat):
    p = state["players"][seat - 1]
    points = breakdown(p)
    first = p["first_completion"]
    shown = {"sc_completions": sum(p["completions"].values()),
             "sc_longest_chain": p["longest_chain"],
             "sc_first_completion_turn": first["seat_turn"] if first else "",
             "sc_turns_rotating": p["rotates"], "sc_turns_taking": p["takes"],
             "sc_slots": len(p["slots"]), "sc_flasks": p["storage"],
             "sc_technology": points["technology"],
             "sc_special_points": sum(points[f"bonus_{f}"] for f in FIELDS)}
    for f in FIELDS:
        shown[f"sc_done_{f.lower()}"] = p["completions"][f]
    if outcome:
        row = next(r for r in outcome["players"] if r["seat"] == seat)
        shown.update(score=row["score"], rank=row["rank"])
    return shown
