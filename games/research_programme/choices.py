"""The words of Research Programme's choices on a tablet: its action kinds, the questions the
stepper asks and every parameter's values; and the order in which a seat decides them."""

from django.utils.translation import gettext as _

from games import choices
from games.research_programme import full_choices, labels, mapview
from games.research_programme.engine.content import CARDS
from games.research_programme.narration import amounts, card_name, hex_label
from games.research_programme.presentation import bonus_text, card, costs, gain_word

# The order in which a seat decides each kind's parameters: the decision first, the payment last.
ORDER = {
    "theory": ("card", "withdraw", "debt"),
    "build": ("card", "hex", "debt"),
    "prediction": ("theory", "project", "desk_hex", "method", "debt"),
    "preprint": ("record", "debt"),
    "journal": ("record", "debt"),
    "simulate": ("hexes", "debt"),
    "fund": ("income", "draw", "repay"),
    "discard": ("cards",),
    "event_block": ("how", "card"),
    "event_choose": ("choice",),
    "roll": ("pay_for_plus", "clean"),
    "interfere": ("card", "target", "theory", "hexes", "debt"),
    "keep": ("theory", "method"),
    "defend": ("how", "card"),
    "peer_review": ("repair", "debt"),
}
HIDDEN = ("story_request",)  # asked for on the story panel


class Labeller(choices.Labeller):
    """Words for Research Programme's action kinds and the values of each parameter (a card id,
    a hex, a record id, …); an option that stands for a hex marks it on the map."""

    kinds = labels.ACTION_KINDS
    helps = labels.ACTION_HELP
    reasons = labels.REASONS
    questions = labels.PARAMETERS

    def __init__(self, view, seat, names):
        super().__init__(view, seat, names)
        self.me = next((p for p in view["players"] if p["seat"] == seat), None)

    def title(self, step_kind):
        if step_kind == "event":
            return _("The Event hits you: block it or take it")
        if step_kind == "defend":
            return _("A card is played on you: block it or take the hit")
        if step_kind == "actions":
            return _("Choose an action")
        return _("Choose")

    def question(self, step):
        """What the stepper asks; an Event's choice says what the Event asks for."""
        if (step.kind, step.param) in labels.KIND_PARAMETERS:
            return labels.KIND_PARAMETERS[(step.kind, step.param)]
        if step.param == "choice" and self.view["event"]:
            for effect in CARDS[self.view["event"]]["effects"]:
                if f"choice:{effect['op']}" in labels.PARAMETERS:
                    return labels.PARAMETERS[f"choice:{effect['op']}"]
        return super().question(step)

    def cost(self, cost):
        return costs(cost)

    def summary(self, step):
        """The confirm button's words: a defence says how (often it can only take the hit)."""
        if step.kind == "defend" and step.action:
            return self.label_how(step.action["how"], step.kind)
        return super().summary(step)

    def mark_of(self, param, value):
        """The hex an option stands for, so the map can mark it (None if it has none)."""
        if param in ("hex", "desk_hex", "clean") or (param == "choice" and _is_hex(value)):
            return value
        if param == "project" and self.me and value != "desk":
            return next((pr["hex"] for pr in self.me["projects"] if pr["card"] == value), None)
        return None

    def label_card(self, value, kind):
        return card_name(value) if value else _("No card")

    def detail_card(self, value, kind):
        if not value:
            return ""
        if kind in full_choices.CARD_KINDS:
            return full_choices.card_detail(value, self.view)
        info = card(value)
        if info["deck"] == "project":
            return _("%(region)s · Technique %(t)s · produces %(what)s") % {
                "region": info["region_name"], "t": info["technique"],
                "what": f"{info['produces']['resource']} {info['produces']['amount']}"}
        if info["deck"] == "theory":
            return _("%(region)s · Difficulty %(d)s+ · test with %(with)s") % {
                "region": info["region_name"], "d": info["difficulty"], "with": info["test_with"]}
        return info.get("text", "")

    def label_hex(self, value, kind):
        return hex_label(value)

    def detail_hex(self, value, kind):
        shape = mapview.HEXES[value]
        words = [str(labels.REGIONS[shape.region])]
        if shape.bonus:
            words.append(_("bonus %(bonus)s") % {"bonus": bonus_text(shape.bonus)})
        return " · ".join(words)

    label_desk_hex = label_hex
    detail_desk_hex = detail_hex

    def label_clean(self, value, kind):
        return _("The noisiest neighbour") if value is None else self.label_hex(value, kind)

    def detail_clean(self, value, kind):
        """Which neighbour a replication cleans; None leaves it to the rules (SV-54)."""
        return _("as the rules choose") if value is None else self.detail_hex(value, kind)

    def label_withdraw(self, value, kind):
        return _("Keep all") if value is None else card_name(value)

    def label_theory(self, value, kind):
        return card_name(value)

    def detail_theory(self, value, kind):
        info = card(value)
        owner = next((t for p in self.view["players"] for t in p["theories"]
                      if t["id"] == value), None)
        words = [str(info["region_name"]), _("Difficulty %(d)s+") % {"d": info["difficulty"]},
                 _("test with %(with)s") % {"with": info["test_with"]}]
        if owner:
            words.insert(0, self.names.get(owner["owner"], ""))
            words.append(_("KV %(kv)s") % {"kv": owner["consensus"]})
        return " · ".join(words)

    def label_project(self, value, kind):
        return _("No tile: a desk in Metascience") if value == "desk" else card_name(value)

    def detail_project(self, value, kind):
        if value == "desk":
            return _("Difficulty +1")
        hex_id = self.mark_of("project", value)
        info = card(value)
        return f"{hex_label(hex_id)} · {info['region_name']} · " + _("Technique %(t)s") % {
            "t": info["technique"]}

    def label_method(self, value, kind):
        return _("No method") if value is None else card_name(value)

    def detail_method(self, value, kind):
        if value is None:
            return ""
        on_table = self.me and value in self.me["methods"]
        where = _("on your table") if on_table else _("from your hand")
        return f"{where} · {card(value)['text']}"

    def label_record(self, value, kind):
        record = self._record(value)
        return _("%(outcome)s: %(theory)s") % {"outcome": labels.OUTCOMES[record["outcome"]],
                                               "theory": card_name(record["theory"])}

    def detail_record(self, value, kind):
        return _("round %(n)s") % {"n": self._record(value)["round"]}

    def _record(self, record_id):
        return next(r for r in self.me["records"] if r["id"] == record_id)

    def label_hexes(self, value, kind):
        if kind == "interfere":
            return ", ".join(f"{hex_label(h)} +1" for h in value or ())
        if not value:
            return _("Remove no Noise")
        counts = {h: value.count(h) for h in value}
        return ", ".join(f"{hex_label(h)} −{n}" for h, n in counts.items())

    def label_income(self, value, kind):
        return f"{labels.RESOURCES[value]} +1"

    def label_draw(self, value, kind):
        return _("A theory card") if value == "theory" else _("A method card")

    def label_repay(self, value, kind):
        if not value:
            return _("Pay back nothing")
        return _("Pay back %(n)s Debt") % {"n": value}

    def label_cards(self, value, kind):
        return ", ".join(card_name(c) for c in value or ())

    def label_how(self, value, kind):
        if value in full_choices.HOW:
            return full_choices.HOW[value]
        return _("With a method from your hand") if value == "method" else _("With Scepticism")

    def detail_how(self, value, kind):
        return full_choices.how_detail(value, self.view, self.seat) if kind == "defend" else ""

    def label_target(self, value, kind):
        return self.names.get(value) or _("Seat %(n)s") % {"n": value}

    def detail_target(self, value, kind):
        return full_choices.target_detail(self.view, value)

    def label_attempt(self, value, kind):
        return _("Attempt the synthesis") if value else _("Not now")

    def detail_attempt(self, value, kind):
        return full_choices.synthesis_detail(self.me) if value else ""

    def label_gains(self, value, kind):
        return amounts(value)

    def label_repair(self, value, kind):
        return full_choices.repair_label(value)

    def label_choice(self, value, kind):
        event = CARDS.get(self.view["event"] or "")
        if value is None:
            return _("No")
        if _is_hex(value):
            return hex_label(value)
        if isinstance(value, int) and event:
            for effect in event["effects"]:
                if effect["op"] == "choose_one":
                    return ", ".join(f"{gain_word(g['gain'])} {g['amount']:+d}"
                                     for g in effect["options"][value])
        if self.me and any(r["id"] == value for r in self.me["records"]):
            return self.label_record(value, kind)
        return str(value)

    def label_pay_for_plus(self, value, kind):
        return _("Pay for +1") if value else _("Roll without it")

    def label_debt(self, value, kind):
        return _("Borrow R2 (Debt +1)") if value else _("Pay with your own money")


def _is_hex(value):
    return isinstance(value, str) and value in mapview.HEXES
