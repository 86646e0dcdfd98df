"""The stub game's package: the platform's hooks with the fewest words that still show them."""

from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from games.packages import ApprovalKind, ExportColumn, GamePackage, LessonVariant, Line


def _decided_in(events, claim):
    decided = next((e for e in events if e["type"] == "ClaimDecided" and e["claim"] == claim),
                   None)
    return None if decided is None else (decided["accepted"], None)


CLAIM = ApprovalKind(
    key="claim", label="Claim", waiting_heading="Claims waiting", none_waiting="No claims.",
    request_action=lambda seat, claim, payload: {"type": "claim_request", "seat": seat,
                                                 "claim": claim},
    decide_action=lambda claim, accept, reason: {"type": "claim_decide", "seat": None,
                                                 "claim": claim, "accept": accept},
    decided_in=_decided_in, action_types=("claim_request", "claim_decide"),
)


def step_facts(game):
    """How many times the seat counted on."""
    steps = [e for e in game.events if e["type"] == "Added" and e["seat"] == game.seat]
    return [(1, 1, f"You counted on {len(steps)} times.")] if steps else []


class StubGame(GamePackage):
    key = "stub_game"
    layout_template = "stub_game/layout.html"
    projector_template = "stub_game/projector_table.html"
    lesson_variants = {"plain": LessonVariant(minutes={2: 3.0, 3: 4.0, 4: 5.0}, default=True)}
    approvals = {"claim": CLAIM}
    debrief_questions = [("steps", _("What made you count on by one or by two?"))]
    fact_generators = {"steps": step_facts}
    export_columns = [ExportColumn("stub_steps", "Steps", "How many times the seat counted.")]
    seat_figures = {"steps": "Steps"}
    table_figures = {"counter": "Counter"}
    score_label = "Points"
    stages = {"pick": "Picking", "race": "Counting", "over": "Over"}
    choice_templates = {"pick": "stub_game/pick.html"}
    card_template = "stub_game/card.html"

    def shared_parts(self, snapshot):
        view = snapshot.engine.view_for(snapshot.state, "public")
        return {"stub-board": render_to_string("stub_game/board.html", {"view": view})}

    def own_parts(self, snapshot, seat, teacher):
        view = snapshot.engine.view_for(snapshot.state, None if teacher else seat)
        return {"stub-me": render_to_string("stub_game/me.html", {"view": view})}

    def projector_context(self, snapshot, summary):
        return {"counter": summary["figures"]["counter"]}

    def input_parts(self, snapshot, seat, step, values):
        return {"stub-check": f"Seat {seat} would pick {values['number']}."}

    def card_context(self, snapshot, summary):
        return {"counter": summary["figures"]["counter"]}

    def narrate(self, events, names):
        return [Line(None, e.get("seat"), e["type"]) for e in events]

    def note_update(self, data, message):
        """A note is one short line of text added to the seat's lines."""
        text = message.get("text") if isinstance(message, dict) else None
        if not isinstance(text, str) or not 0 < len(text) <= 40:
            return None
        return {"lines": [*(data or {}).get("lines", []), text]}

    def notes_parts(self, snapshot, seat, data):
        return {"stub-notes": " | ".join((data or {}).get("lines", []))}

    def input_problems(self, snapshot, seat, action):
        return ["Three is too many."] if action.get("number") == 3 else []

    def export_figures(self, game, state, outcome, seat):
        return {"stub_steps": state["steps"].get(str(seat), 0)}


PACKAGE = StubGame()
