"""Research Programme's debrief facts: what each student's own game shows above the rulebook's
five questions (SV-86, G-24).

Each generator reads one seat's events as that seat may see them (the
debrief's `SeatGame`: `seat`, `events`, `outcome`, `mine(*types)`, `of_type(*types)`) and
returns the most telling moments as (score, round, sentence), card names from the engine's
content in the active language.
"""

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.content import text
from games.research_programme.engine.content import CARDS, school
from games.research_programme.facts_full import disruption_card_facts

# Names ------------------------------------------------------------------------------------------

def card_name(card_id):
    """A card's name in the active language."""
    school()  # the content is loaded on first use
    return text(CARDS.get(card_id, {}).get("name"), card_id)


def card(card_id):
    """A card's name in quotation marks, so it reads as a name inside a sentence."""
    return _("“%(name)s”") % {"name": card_name(card_id)}


def project(project_id):
    return _("desk (a test without a tile)") if project_id == "desk" else card(project_id)


def kind(event):
    return text(event.get("kind"))


# Question 1: the test passed, the replication did not (or did) ----------------------------------


def replication_facts(game):
    """Tests of the seat's own theories: passed then failed replication, falsified, replicated,
    or never replicated (SV-86 "tests without replication")."""
    facts = []
    for theory, story in _own_theory_tests(game).items():
        facts += _theory_story(theory, story)
    for e in game.mine("TheoryFalsified", "TheoryRejected"):
        text = (_("Your theory %(theory)s was falsified in round %(round)s.")
                if e["type"] == "TheoryFalsified" else
                _("Your theory %(theory)s was rejected in round %(round)s."))
        facts.append((4, e["round"], text % {"theory": card(e["theory"]), "round": e["round"]}))
    return facts


def _own_theory_tests(game):
    tests = defaultdict(lambda: {"passed": None, "replicated": [], "failed": [], "missed": None})
    for e in game.of_type("TestSucceeded", "NullResult"):
        if e.get("owner") != game.seat:
            continue
        story = tests[e["theory"]]
        first = e["classification"] == "first_hit"
        if e["type"] == "TestSucceeded" and first:
            story["passed"] = story["passed"] or e["round"]
        elif e["type"] == "TestSucceeded" and e["classification"] == "replication":
            story["replicated"].append(e["round"])
        elif e["type"] == "NullResult" and first:
            story["missed"] = story["missed"] or e["round"]
        elif e["type"] == "NullResult" and e["classification"] == "replication":
            story["failed"].append(e["round"])
    return tests


def _theory_story(theory, story):
    values = {"theory": card(theory), "passed": story["passed"]}
    replicated, failed = story["replicated"], story["failed"]
    if story["passed"] is None:
        if story["missed"] is None:
            return []
        values["round"] = story["missed"]
        return [(1, story["missed"],
                 _("Your theory %(theory)s did not pass its test in round %(round)s.") % values)]
    if failed:
        values.update(failed=failed[0], replicated=replicated[0] if replicated else None)
        if not replicated:
            text = _("Your theory %(theory)s passed its test in round %(passed)s, but its "
                     "replication failed in round %(failed)s.")
        elif replicated[0] < failed[0]:
            text = _("Your theory %(theory)s passed its test in round %(passed)s and was "
                     "replicated in round %(replicated)s, but a replication failed in round "
                     "%(failed)s.")
        else:
            text = _("Your theory %(theory)s passed its test in round %(passed)s; a replication "
                     "failed in round %(failed)s, but another succeeded in round %(replicated)s.")
        return [(5, story["passed"], text % values)]
    if replicated:
        values.update(first=replicated[0], count=len(replicated))
        text = ngettext(
            "Your theory %(theory)s passed its test in round %(passed)s and was replicated in "
            "round %(first)s.",
            "Your theory %(theory)s passed its test in round %(passed)s and was replicated "
            "%(count)s times, first in round %(first)s.", len(replicated))
        return [(3, story["passed"], text % values)]
    return [(2, story["passed"],
             _("Your theory %(theory)s passed its test in round %(passed)s, but nobody "
               "replicated it.") % values)]


# Questions 2 and 5: disruption Events that hit or were blocked (G-24) ---------------------------


def bias_facts(game):
    """Bias Events (unintentional bias) that hit the seat, and how it blocked them; in the full
    game also the Bias cards played on it or by it."""
    return _disruption_facts(game, "bias") + disruption_card_facts(game, "bias")


def interference_facts(game):
    """Influence Events (deliberate interference), blocks, and artefacts: the game's own
    unintentional bias, to tell them apart."""
    facts = _disruption_facts(game, "influence") + disruption_card_facts(game, "influence")
    for e in game.mine("ArtefactCancelledSuccess"):
        facts.append((2, e["round"], _(
            "In round %(round)s an artefact cancelled your success with %(theory)s: that bias "
            "came from your own Hype, not from anyone else.")
            % {"round": e["round"], "theory": card(e["theory"])}))
    return facts


def _disruption_facts(game, event_type):
    facts = []
    tiles = _own_tiles(game)
    records = _record_theories(game)
    for e in game.mine("EventHit", "EventBlocked"):
        if e.get("event_type") != event_type:
            continue
        values = {"round": e["round"], "card": card(e["card"]), "kind": kind(e)}
        if e["type"] == "EventHit":
            facts.append((3, e["round"], _hit_sentence(e, values, tiles, records)))
        else:
            facts.append((2, e["round"], _block_sentence(e, values)))
    return facts


def _hit_sentence(e, values, tiles, records):
    for result in e.get("results", []):
        if result.get("op") == "file_drawer" and result.get("record") in records:
            values["theory"] = card(records[result["record"]])
            return _("In round %(round)s the Bias %(card)s (%(kind)s) hit you: your null result "
                     "on %(theory)s went into the file drawer and can no longer be "
                     "published.") % values
        if result.get("op") == "add_noise_own_tile" and result.get("added"):
            values.update(noise=result["added"],
                          tile=card(tiles.get(result["hex"])) if result["hex"] in tiles
                          else result["hex"])
            return _("In round %(round)s the Influence %(card)s (%(kind)s) hit you: %(noise)s "
                     "Noise landed on your %(tile)s.") % values
    if e["event_type"] == "bias":
        return _("In round %(round)s the Bias %(card)s (%(kind)s) hit you.") % values
    return _("In round %(round)s the Influence %(card)s (%(kind)s) hit you.") % values


def _block_sentence(e, values):
    if e["how"] == "table_method":
        values["method"] = card(e["method"])
        return _("In round %(round)s the %(method)s on your table blocked %(card)s "
                 "(%(kind)s) for free.") % values
    if e["how"] == "method":
        values["method"] = card(e["method"])
        return _("In round %(round)s you blocked %(card)s (%(kind)s) by playing "
                 "%(method)s.") % values
    if e.get("block_card"):  # the full game: a Protection card or a Preregistration service
        values["block"] = card(e["block_card"])
        return _("In round %(round)s you blocked %(card)s (%(kind)s) with %(block)s.") % values
    values["cost"] = sum(e.get("cost", {}).values())
    return _("In round %(round)s you blocked %(card)s (%(kind)s) by paying Scepticism "
             "%(cost)s.") % values


def _own_tiles(game):
    """hex -> project card of the seat's tiles, from its packet and builds."""
    tiles = {e["hex"]: e["project"] for e in game.mine("PacketTaken") if e.get("hex")}
    tiles.update({e["hex"]: e["card"] for e in game.mine("ProjectBuilt")})
    return tiles


def _record_theories(game):
    """record id -> theory of the seat's own result records."""
    return {e["record"]: e["theory"] for e in game.mine("TestSucceeded", "NullResult")
            if e.get("record")}


# Question 3: replication by another apparatus or group, against repeating the same data ---------


def independent_replication_facts(game):
    """Replications of the seat's theories by other groups, the seat's own replications, and
    repetitions on the same project (SV-48, SV-55): new data against the same data again.
    Several alike moments make one sentence."""
    groups = defaultdict(list)
    for e in game.of_type("TestSucceeded"):
        kind = _replication_kind(e, game.seat)
        if kind:
            groups[(kind, e["theory"])].append(e)
    return [_replication_sentence(kind, events) for (kind, _theory), events in groups.items()]


def _replication_kind(e, seat):
    own_theory, own_test = e.get("owner") == seat, e["seat"] == seat
    classification = e["classification"]
    if classification == "replication" and own_theory and not own_test:
        return "by_others"
    if classification == "replication" and own_test:
        return "own_again" if own_theory else "of_others"
    if classification in ("repetition", "plain") and own_test:
        return classification
    return None


REPLICATION_SCORES = {"repetition": 5, "plain": 5, "by_others": 4, "own_again": 2, "of_others": 2}


def _replication_sentence(kind, events):
    first, last = events[0], events[-1]
    values = {"round": first["round"], "theory": card(first["theory"]),
              "project": project(first["project"]), "kv": last.get("consensus"),
              "count": len(events), "rounds": _rounds(events)}
    several = len(events) > 1
    if kind == "by_others":
        text = (_("Other groups replicated your theory %(theory)s %(count)s times with their own "
                  "projects (rounds %(rounds)s): its KV rose to %(kv)s.") if several else
                _("In round %(round)s another group replicated your theory %(theory)s with their "
                  "%(project)s: its KV rose to %(kv)s."))
    elif kind == "of_others":
        text = (_("You replicated another group's theory %(theory)s %(count)s times with your own "
                  "projects (rounds %(rounds)s), and each time you both gained VP.") if several
                else _("In round %(round)s you replicated another group's theory %(theory)s with "
                       "your %(project)s, and you both gained VP."))
    elif kind == "own_again":
        values["vp"] = sum(e.get("vp_gained", {}).get(str(e["seat"]), 0) for e in events)
        text = (_("You replicated your own theory %(theory)s %(count)s times with other projects "
                  "(rounds %(rounds)s) and gained %(vp)s VP.") if several else
                _("In round %(round)s you replicated your own theory %(theory)s with another "
                  "project, %(project)s, and gained %(vp)s VP."))
    elif kind == "repetition":
        text = _("In round %(round)s you tested %(theory)s again with the same %(project)s and "
                 "another method: a repetition gives Rigour +1 but no VP.")
    else:
        text = _("In round %(round)s you tested %(theory)s again with the same %(project)s and "
                 "the same method: it added nothing new.")
    return (REPLICATION_SCORES[kind], first["round"], text % values)


def _rounds(events):
    return ", ".join(str(r) for r in sorted({e["round"] for e in events}))


# Question 4: publishing null results, and Hype without Rigour ----------------------------------


def null_result_hype_facts(game):
    """Artefacts (SV-44), the end-of-game Hype penalty (SV-84), published null results and
    null results left unpublished (SV-68 to SV-72)."""
    facts = []
    for e in game.mine("ArtefactCancelledSuccess"):
        facts.append((5, e["round"], _(
            "In round %(round)s your Hype was %(hype)s and your Rigour %(rigour)s: your success "
            "with %(theory)s was cancelled as an artefact.")
            % {"round": e["round"], "hype": e["hype"], "rigour": e["rigour"],
               "theory": card(e["theory"])}))
    facts += _hype_penalty(game)
    nulls = {e["record"]: e for e in game.mine("NullResult") if e.get("record")}
    published = set()
    for e in game.mine("Preprinted", "JournalPublished"):
        if e.get("record") not in nulls:
            continue
        published.add(e["record"])
        values = {"round": e["round"], "theory": card(e["theory"])}
        text = (_("In round %(round)s you published your null result on %(theory)s as a "
                  "preprint.") if e["type"] == "Preprinted" else
                _("In round %(round)s you published your null result on %(theory)s in a "
                  "journal."))
        facts.append((3, e["round"], text % values))
    unpublished = len(set(nulls) - published)
    if unpublished:
        facts.append((1, 99, ngettext(
            "You left %(count)s null result unpublished.",
            "You left %(count)s null results unpublished.", unpublished) % {"count": unpublished}))
    return facts


def _hype_penalty(game):
    row = _outcome_row(game)
    if row is None or row["breakdown"].get("hype_penalty", 0) >= 0:
        return []
    values = {"hype": row["tiebreak"]["hype"], "rigour": row["tiebreak"]["rigour"],
              "vp": -row["breakdown"]["hype_penalty"]}
    return [(4, 98, _("At the end your Hype (%(hype)s) was above your Rigour (%(rigour)s): it "
                      "cost you %(vp)s VP.") % values)]


def _outcome_row(game):
    if not game.outcome:
        return None
    return next((row for row in game.outcome["players"] if row["seat"] == game.seat), None)
