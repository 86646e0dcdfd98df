"""Alchemists' columns in the debrief's exports, with their codebook entries (prefix `al_`)."""

from django.utils.translation import gettext_lazy as _

from games.alchemists import notes
from games.packages import ExportColumn

COLUMNS = [
    ExportColumn("al_experiments", _("Experiments"), _(
        "Potions the seat mixed to learn (tested on a student or drunk).")),
    ExportColumn("al_published", _("Theories published"), _(
        "Theories the seat published (each under one of its seals).")),
    ExportColumn("al_endorsed", _("Theories endorsed"), _(
        "Other seats' theories the seat put its own seal on.")),
    ExportColumn("al_seals_right", _("Seals on right theories"), _(
        "The seat's seals on theories the Great Truth showed right (empty before the end).")),
    ExportColumn("al_seals_wrong", _("Seals on wrong theories"), _(
        "The seat's seals on theories the Great Truth showed wrong (empty before the end).")),
    ExportColumn("al_debunks", _("Debunks"), _("Theories the seat debunked.")),
    ExportColumn("al_debunk_failures", _("Failed debunks"), _(
        "Debunks the seat tried that showed the theory held there.")),
    ExportColumn("al_seals_lost", _("Seals lost to debunks"), _(
        "The seat's seals revealed and lost when a theory was debunked.")),
    ExportColumn("al_reputation", _("Reputation"), _(
        "The seat's reputation at the end (or now, while the game runs).")),
    ExportColumn("al_notebook_marks", _("Notebook marks"), _(
        "Squares the seat marked in its own deduction grid (✗, ✓ or ?).")),
]


def figures(game, state, outcome, seat):
    player = next(p for p in state["players"] if p["seat"] == seat)
    stats = player["stats"]
    shown = {"al_experiments": stats["experiments"], "al_published": stats["published"],
             "al_endorsed": stats["endorsed"], "al_debunks": stats["debunks"],
             "al_debunk_failures": stats["debunk_failures"],
             "al_seals_lost": len(player["seals_lost"]), "al_reputation": player["reputation"],
             "al_notebook_marks": notes.marks(notes.grid_of(game.pk, seat))}
    if outcome:
        seals = [(s, t["correct"]) for t in outcome["theories"] for s in t["seals"]
                 if s["seat"] == seat]
        shown.update(al_seals_right=sum(1 for _s, ok in seals if ok),
                     al_seals_wrong=sum(1 for _s, ok in seals if not ok))
        row = next(r for r in outcome["players"] if r["seat"] == seat)
        shown.update(score=row["vp"], rank=row["rank"])
    else:
        shown.update(al_seals_right="", al_seals_wrong="")
    return shown
