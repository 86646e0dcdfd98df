"""Nobel Run's columns in the debrief's exports, with their codebook entries. Every value is
public in the game (CVs, purchases and who targeted whom), never a hand or a deck."""

from collections import Counter
from functools import lru_cache

from django.utils.translation import gettext_lazy as _

from games.models import GameAction
from games.nobel_run.engine.content import CARDS
from games.nobel_run.engine.state import GOALS
from games.packages import ExportColumn

SPENT = {"staff": "nr_spent_people", "grant": "nr_spent_grants",
         "equipment": "nr_spent_equipment", "paper": "nr_spent_papers",
         "scientist": "nr_spent_scientists", "situation": "nr_spent_situations"}

COLUMNS = [
    ExportColumn("nr_goal", _("Goal (PP)"), _(
        "The prestige that ended the race: 12 in the short race, 20 in the whole one.")),
    ExportColumn("nr_papers", _("Papers"), _("Papers in the seat's CV at the end.")),
    ExportColumn("nr_paper_pp", _("PP from papers"), _(
        "The prestige points the seat's papers gave.")),
    ExportColumn("nr_spent_people", _("Spent on people"), _(
        "Money, effort and data (added up) the seat spent buying staff: predocs, postdocs, "
        "seniors.")),
    ExportColumn("nr_spent_grants", _("Spent on grants"), _(
        "Resources (added up) the seat spent buying grants.")),
    ExportColumn("nr_spent_equipment", _("Spent on equipment"), _(
        "Resources (added up) the seat spent buying lab equipment.")),
    ExportColumn("nr_spent_papers", _("Spent on papers"), _(
        "Resources (added up) the seat spent buying papers.")),
    ExportColumn("nr_spent_scientists", _("Spent on scientists"), _(
        "Resources (added up) the seat spent hiring scientists and inventors.")),
    ExportColumn("nr_spent_situations", _("Spent on Situations"), _(
        "Resources (added up) the seat spent buying Situations (negative cards).")),
    ExportColumn("nr_targeted", _("Targeted by others"), _(
        "Negative cards other seats played on this seat (normal effects, blocks, negative "
        "prestige, blind discards).")),
    ExportColumn("nr_targeted_others", _("Targeted others"), _(
        "Negative cards this seat played on other seats.")),
    ExportColumn("nr_stalled", _("Answers the app made"), _(
        "Times the seat, as a target, let the 45 seconds run out or let the app choose.")),
    ExportColumn("nr_first_to_goal", _("First to the goal"), _(
        "1 if this seat reached the goal first and so started the last round, else 0.")),
]


@lru_cache(maxsize=64)
def _spent(game_id, version):
    """{seat: {column: resources spent}} from the game's purchases (public events)."""
    spent = {}
    rows = GameAction.objects.filter(game_id=game_id).order_by("seq").values_list("events",
                                                                                   flat=True)
    for events in rows:
        for e in events:
            if e["type"] == "CardBought":
                seat = spent.setdefault(e["seat"], Counter())
                seat[SPENT[CARDS[e["card"]]["type"]]] += sum(e["cost"].values())
    return {seat: dict(columns) for seat, columns in spent.items()}


def figures(game, state, outcome, seat):
    """One seat's columns."""
    player = state["players"][seat - 1]
    papers = [entry for entry in player["cv"] if entry["how"] == "paper"]
    spent = _spent(game.pk, game.version).get(seat, {})
    return {
        "nr_goal": GOALS[state["variant"]],
        "nr_papers": len(papers), "nr_paper_pp": sum(entry["pp"] for entry in papers),
        **{column: spent.get(column, 0) for column in SPENT.values()},
        "nr_targeted": sum(1 for t in state["targeting"] if t["target"] == seat),
        "nr_targeted_others": sum(1 for t in state["targeting"] if t["by"] == seat),
        "nr_stalled": player["defaults"],
        "nr_first_to_goal": int((state["triggered"] or {}).get("seat") == seat),
    }
