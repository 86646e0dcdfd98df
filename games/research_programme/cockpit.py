"""What the teacher's cockpit and the projector show of Research Programme beyond every game's
card: on the projector, the titles of accepted stories if the teacher wants them (never names)."""

from games.models import Approval
from games.research_programme import labels

PROJECTOR_TITLES = 8


def projector_table(snapshot, summary):
    """Beyond the round track and the seats ranked by VP, which every game shows: in the full
    game the table's tally (public)."""
    figures = summary["figures"]
    return {"tally": [{"label": label, "value": figures[key]}
                      for key, label in labels.TALLY.items() if key in figures]}


def projector_lesson(game_ids, settings):
    """The latest accepted story titles of the lesson's games, when the teacher shows them."""
    if not settings.get("projector_story_titles"):
        return None
    titles = list(Approval.objects.filter(game_id__in=game_ids, kind="story",
                                          status=Approval.Status.ACCEPTED)
                  .exclude(text="").order_by("-decided_at").values_list("text", flat=True)
                  [:PROJECTOR_TITLES])
    return {"titles": titles} if titles else None
