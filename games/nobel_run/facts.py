"""Nobel Run's debrief facts: what each student's own game shows above the five questions.

Each generator reads one seat's events as that seat may see them (the debrief's `SeatGame`:
`seat`, `events`, `outcome`, `mine(*types)`, `of_type(*types)`) and returns its most telling
moments as (score, round, sentence) in the active language. Other seats are named by number:
the debrief has no names.
"""

from collections import Counter, defaultdict

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games.nobel_run import words
from games.nobel_run.engine.content import RESOURCES

# Literal calls, so that makemessages extracts each word (a variable msgid is never extracted).
SPENDING = {
    "staff": pgettext_lazy("you spent ... on", "people"),
    "grant": pgettext_lazy("you spent ... on", "grants"),
    "equipment": pgettext_lazy("you spent ... on", "equipment"),
    "paper": pgettext_lazy("you spent ... on", "papers"),
    "scientist": pgettext_lazy("you spent ... on", "scientists"),
    "situation": pgettext_lazy("you spent ... on", "Situations"),
}
CREDIT = ("lise-meitner", "jocelyn-bell-burnell", "chien-shiung-wu", "rosalind-franklin")
STEP = 5  # PP steps the race facts mark


def _seat(n):
    return _("seat %(n)s") % {"n": n}


def _cards(kinds):
    counts = Counter(kinds)
    return ", ".join(f"{words.card_name(k)}" + (f" ×{n}" if n > 1 else "")
                     for k, n in sorted(counts.items(), key=lambda kv: words.card_name(kv[0])))


# 1. What did you spend your resources on? ------------------------------------------------------


def spending_facts(game):
    """What the seat's purchases cost, by kind of card (people, grants, equipment, papers,
    scientists, Situations)."""
    spent = defaultdict(lambda: {"cost": Counter(), "cards": [], "round": 0})
    for e in game.mine("CardBought"):
        group = spent[e["kind"]]
        group["cost"].update(e["cost"])
        group["cards"].append(e["card"])
        group["round"] = group["round"] or e["round"]
    facts = []
    for kind, group in spent.items():
        total = sum(group["cost"].values())
        facts.append((total, group["round"], _(
            "You spent %(cost)s on %(what)s: %(cards)s.") % {
            "cost": words.amounts({r: group["cost"][r] for r in RESOURCES}),
            "what": SPENDING.get(kind, kind), "cards": _cards(group["cards"])}))
    if not facts:
        facts.append((0, 0, _("You bought nothing from the pools this game.")))
    return facts


# 2. Is a paper's value the journal it appears in? ----------------------------------------------


def journal_facts(game):
    """The seat's papers by journal, the PP they gave, and its most prestigious one."""
    papers = [e for e in game.mine("CardBought") if e["to"] == "cv"]
    if not papers:
        return [(0, 0, _("You published no paper this game."))]
    total = sum(e["pp"] for e in papers)
    best = max(papers, key=lambda e: (e["pp"], -e["round"]))
    final = _final_pp(game)
    facts = [(5, best["round"], _(
        "Your most prestigious paper was %(card)s in round %(round)s: %(pp)s.") % {
        "card": words.card_name(best["card"]), "round": best["round"],
        "pp": words.pp(best["pp"])}),
        (4, papers[0]["round"], ngettext(
            "Your %(n)s paper (%(cards)s) gave %(pp)s prestige points.",
            "Your %(n)s papers (%(cards)s) gave %(pp)s prestige points.", len(papers)) % {
            "n": len(papers), "cards": _cards(e["card"] for e in papers), "pp": total})]
    if final is not None and final > total:
        facts.append((3, 0, _("You ended with %(final)s PP: the rest came from publishing "
                              "people, grants and scientists on your CV.") % {"final": final}))
    elif final is not None and final < total:
        facts.append((3, 0, _("You ended with %(final)s PP: negative prestige from others "
                              "took some of it away.") % {"final": final}))
    published = [e for e in game.mine("CardPublished") if e["pp"] > 0 and not e["target"]]
    if published:
        facts.append((4, published[0]["round"], _(
            "You also published %(cards)s on your CV: %(pp)s.") % {
            "cards": _cards(e["card"] for e in published),
            "pp": words.pp(sum(e["pp"] for e in published))}))
    if any(e["cost"].get("M") for e in papers):
        facts.append((3, best["round"], _(
            "You paid money to publish open access, so anyone can read that paper.")))
    return facts


def _final_pp(game):
    row = next((r for r in (game.outcome or {}).get("players", ()) if r["seat"] == game.seat),
               None)
    return row["pp"] if row else None


# 3. Who or what "plays" the obstacles? ---------------------------------------------------------


def obstacle_facts(game):
    """The negative cards played on the seat and what they cost it; the ones it played."""
    facts = []
    for e in game.of_type("Targeted"):
        if e["target"] == game.seat:
            facts.append((6, e["round"], _(
                "In round %(round)s %(who)s played %(card)s on you.") % {
                "round": e["round"], "who": _seat(e["by"]),
                "card": words.card_name(e["card"])}))
    for e in game.of_type("CardsDiscardedForEffect"):
        if e["seat"] == game.seat and e["cards"]:
            facts.append((5, e["round"], _(
                "%(card)s made you discard %(cards)s in round %(round)s.") % {
                "card": words.card_name(e["card"]), "cards": _cards(e["cards"]),
                "round": e["round"]}))
    for e in game.mine("BlockDisabled"):
        facts.append((5, e["round"], _(
            "You paid %(what)s in round %(round)s to remove %(card)s from your CV.") % {
            "what": words.amount(e["res"], e["paid"]), "round": e["round"],
            "card": words.card_name(e["card"])}))
    played = [e for e in game.of_type("Targeted") if e["by"] == game.seat]
    if played:
        facts.append((4, played[0]["round"], ngettext(
            "You played %(n)s negative card on others: %(cards)s.",
            "You played %(n)s negative cards on others: %(cards)s.", len(played)) % {
            "n": len(played), "cards": _cards(e["card"] for e in played)}))
    if not facts:
        facts.append((0, 0, _("Nobody played a negative card on you this game.")))
    return facts


# 4. Who gets credit? -------------------------------------------------------------------------


def credit_facts(game):
    """The scientists the seat hired, and the overlooked ones (Meitner, Bell Burnell, Wu,
    Franklin) wherever they appeared in its game, with their true story."""
    facts, seen = [], set()
    for e in game.mine("CardBought"):
        if e["kind"] == "scientist" and e["card"] not in seen:
            seen.add(e["card"])
            facts.append((8 if e["card"] in CREDIT else 4, e["round"], _(
                "You hired %(name)s in round %(round)s. %(note)s") % {
                "name": words.card_name(e["card"]), "round": e["round"],
                "note": words.blurb(e["card"])}))
    for e in game.of_type("CardBought"):
        if e["card"] in CREDIT and e["card"] not in seen:
            seen.add(e["card"])
            facts.append((6, e["round"], _(
                "%(who)s hired %(name)s in round %(round)s. %(note)s") % {
                "who": capfirst(_seat(e["seat"])), "name": words.card_name(e["card"]),
                "round": e["round"], "note": words.blurb(e["card"])}))
    if not facts:
        kind = CREDIT[game.seat % len(CREDIT)]
        facts.append((0, 0, _("Nobody hired %(name)s in your game. %(note)s") % {
            "name": words.card_name(kind), "note": words.blurb(kind)}))
    return facts


# 5. Is science a race? ---------------------------------------------------------------------


def race_facts(game):
    """How the race ended for the seat, who reached the goal first, and when the seat passed
    each five-point step."""
    facts = []
    outcome = game.outcome
    if outcome:
        row = next(r for r in outcome["players"] if r["seat"] == game.seat)
        facts.append((7, outcome["rounds"], _(
            "You finished with %(pp)s PP, place %(rank)s of %(n)s.") % {
            "pp": row["pp"], "rank": row["rank"], "n": len(outcome["players"])}))
        if len(outcome["winners"]) > 1:
            facts.append((6, outcome["rounds"], _(
                "The prize was shared ex aequo by %(seats)s.") % {
                "seats": ", ".join(_seat(s) for s in outcome["winners"])}))
    for e in game.of_type("EndTriggered"):
        first = _("You") if e["seat"] == game.seat else capfirst(_seat(e["seat"]))
        won = outcome and e["seat"] in outcome["winners"]
        text = (_("%(who)s reached the goal first, in round %(round)s, and won.") if won else
                _("%(who)s reached the goal first, in round %(round)s, but did not win."))
        facts.append((8 if not won else 5, e["round"], text % {"who": first,
                                                               "round": e["round"]}))
    steps = []
    for e in game.mine("PrestigeChanged"):
        passed = e["pp"] // STEP
        if e["delta"] > 0 and passed > (e["pp"] - e["delta"]) // STEP and passed > len(steps):
            steps.append(_("%(pp)s PP in round %(round)s") % {"pp": passed * STEP,
                                                             "round": e["round"]})
    if steps:
        facts.append((3, 0, _("You passed %(steps)s.") % {"steps": ", ".join(steps)}))
    return facts
