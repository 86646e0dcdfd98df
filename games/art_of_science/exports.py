"""The Art of Science's columns in the debrief's exports, with their codebook entries. The
question bank's own export is a separate file (the bank page, questionbank.question_export)."""

from django.utils.translation import gettext_lazy as _

from games.art_of_science.engine.state import CATEGORIES
from games.packages import ExportColumn

COLUMNS = [
    ExportColumn("aos_order", _("Score card order"), _(
        "The seat's categories from row 1 (needs the most points) to row 6, as codes MAT, BIO, "
        "CHE, PHY, ENG, OTH separated by “>”.")),
    ExportColumn("aos_filled", _("Categories filled"), _(
        "How many of the six categories the seat filled (6 = a full card, the win).")),
    ExportColumn("aos_correct", _("Answers right"), _(
        "Questions the seat answered right, duels included, after the teacher's overrides.")),
    ExportColumn("aos_wrong", _("Answers wrong"), _(
        "Questions the seat answered wrong or not in time, duels included.")),
    ExportColumn("aos_right_by_category", _("Right by category"), _(
        "Right answers of all answers by category, e.g. “MAT 3/4; BIO 1/2”.")),
    ExportColumn("aos_duels_won", _("Duels won"), _("Duels the seat won.")),
    ExportColumn("aos_duels_lost", _("Duels lost"), _("Duels the seat lost.")),
    ExportColumn("aos_advice_asked", _("Advice asked"), _(
        "Questions the seat answered after asking another seat for advice.")),
    ExportColumn("aos_advice_given", _("Advice given"), _(
        "Questions another seat answered after asking this seat for advice.")),
    ExportColumn("aos_replications", _("Replication Chances"), _(
        "Replication Chance questions the seat answered (a wager on one question).")),
    ExportColumn("aos_replications_won", _("Replication Chances won"), _(
        "Replication Chance questions the seat answered right.")),
    ExportColumn("aos_reports", _("Questions reported"), _(
        "Questions the seat reported to the teacher as wrong or unclear.")),
]


def figures(game, state, outcome, seat):
    """One seat's columns; its rank by filled categories, then points, once the game is over
    (AS-37)."""
    player = next(p for p in state["players"] if p["seat"] == seat)
    judgements = state["judgements"]
    mine = [j for j in judgements if j["seat"] == seat]
    tally = player["tally"]
    shown = {
        "aos_order": ">".join(player["order"] or ()),
        "aos_filled": sum(1 for c in CATEGORIES if player["req"]
                          and player["points"][c] >= player["req"][c]),
        "aos_correct": sum(t[0] for t in tally.values()),
        "aos_wrong": sum(t[1] for t in tally.values()),
        "aos_right_by_category": "; ".join(f"{c} {tally[c][0]}/{sum(tally[c])}"
                                           for c in CATEGORIES if sum(tally[c])),
        "aos_duels_won": player["duels"][0], "aos_duels_lost": player["duels"][1],
        "aos_advice_asked": sum(1 for j in mine if j["adviser"] is not None),
        "aos_advice_given": sum(1 for j in judgements if j["adviser"] == seat),
        "aos_replications": sum(1 for j in mine if j["context"] == "replication"),
        "aos_replications_won": sum(1 for j in mine if j["context"] == "replication"
                                    and j["correct"]),
        "aos_reports": sum(1 for f in state["flags"] if f["seat"] == seat),
    }
    row = next((r for r in (outcome or {}).get("players", []) if r["seat"] == seat), None)
    if row is not None:
        shown.update(score=row["points"], rank=row["rank"])
    return shown
