"""Research Programme's columns in the debrief's exports, with their codebook entries."""

from django.utils.translation import gettext_lazy as _

from games.models import Approval
from games.packages import ExportColumn

STORY_SEPARATOR = " | "

COLUMNS = [
    ExportColumn("replications", _("Replications"), _(
        "Replications of the seat's theories, by anyone (the first tie-break, SV-85).")),
    ExportColumn("bridges", _("Bridges"), _(
        "Bridges between regions the seat received from replications (+1 VP each).")),
    ExportColumn("ep", _("EP"), _(
        "EP from accepted interlude stories (every third EP is +1 VP, at most 2).")),
    ExportColumn("accepted_stories", _("Accepted stories"), _(
        "How many of the seat's interlude stories were accepted.")),
    ExportColumn("story_titles", _("Story titles"), _(
        "The titles of the accepted stories, separated by “ | ”, where titles were recorded.")),
    # The full and beginner games' (empty in a school game):
    ExportColumn("rp_disruptions_played", _("Disruption cards played"), _(
        "Bias and Influence cards the seat played on other seats (FG-09); empty in the school "
        "game.")),
    ExportColumn("rp_disruptions_received", _("Disruption cards received"), _(
        "Bias and Influence cards other seats played on the seat; empty in the school game.")),
    ExportColumn("rp_disruptions_blocked", _("Disruption cards blocked"), _(
        "Of the cards played on the seat, how many were blocked, by any way (FG-10); empty in "
        "the school game.")),
    ExportColumn("rp_hexes_revealed", _("Hidden hexes revealed"), _(
        "Hidden hexes the seat revealed after a success (FG-06); empty in the school game.")),
    ExportColumn("rp_synthesis_attempts", _("Synthesis attempts"), _(
        "How many times the seat attempted a synthesis (FG-13); empty in the school game.")),
    ExportColumn("rp_synthesis_won", _("Won by synthesis"), _(
        "1 if the seat's synthesis ended and won the game, else 0; empty in the school game.")),
]
FULL_COLUMNS = [c.key for c in COLUMNS if c.key.startswith("rp_")]


def figures(game, state, outcome, seat):
    """One seat's columns; its rank by VP and the tie-breaks (SV-85) once the game is over."""
    player = next(p for p in state["players"] if p["seat"] == seat)
    titles = [title for title in Approval.objects.filter(
        game=game, kind="story", seat=seat, status=Approval.Status.ACCEPTED)
        .order_by("decided_at", "pk").values_list("text", flat=True) if title]
    accepted = sum(1 for story in state["stories"].values()
                   if story["seat"] == seat and story["status"] == "accepted")
    shown = {"replications": player["replications"], "bridges": len(player["bridges"]),
             "ep": player["ep"], "accepted_stories": accepted,
             "story_titles": STORY_SEPARATOR.join(titles)}
    shown.update(_full_figures(game, state, seat))
    row = next((r for r in (outcome or {}).get("players", []) if r["seat"] == seat), None)
    if row is not None:
        shown.update(score=row["vp"], rank=row["rank"])
    return shown


def _full_figures(game, state, seat):
    """The full game's counts for one seat, from its log (None in a school game)."""
    if "tally" not in state:
        return dict.fromkeys(FULL_COLUMNS)
    counts = dict.fromkeys(FULL_COLUMNS, 0)
    for events in game.actions.order_by("seq").values_list("events", flat=True):
        for e in events:
            kind = e["type"]
            if kind == "DisruptionPlayed":
                counts["rp_disruptions_played"] += e["seat"] == seat
                counts["rp_disruptions_received"] += e["target"] == seat
            elif kind == "DisruptionBlocked" and e["seat"] == seat:
                counts["rp_disruptions_blocked"] += 1
            elif kind == "HexRevealed" and e["seat"] == seat:
                counts["rp_hexes_revealed"] += 1
            elif kind == "SynthesisAttempted" and e["seat"] == seat:
                counts["rp_synthesis_attempts"] += 1
                counts["rp_synthesis_won"] = int(e["success"])
    return counts
