"""Card behaviour: NR-33 to NR-36, and the card list of NR-G01, NR-G02 and NR-G21."""

from games.nobel_run.engine import api
from games.nobel_run.engine.content import CARDS

from .factory import arrange, plan, setup_game, use


def codes(state, **parts):
    return api.plan_problems(state, state["active"], parts)


def test_nr_33_a_use_gives_one_resource_never_two():
    """Work gives 1 M or 1 E: one use adds exactly one option; a second option from the same
    card needs a second card (NR-33)."""
    state = arrange(setup_game(2), 1, hand=["work", "predoc", "predoc", "research", "research"])
    plan(state, end_turn=False, uses=[use("work", 0)])
    assert state["turn_pool"] == {"M": 1, "E": 0, "D": 0}
    assert codes(state, uses=[use("work", 1)]) == ["card_not_in_hand"]
    assert codes(state, uses=[use("work", 2)]) == ["card_not_in_hand", "no_such_use"]


def test_nr_34_papers_never_enter_a_hand():
    """A paper has no use option and no publish effect and goes straight to the CV (NR-34)."""
    for card in CARDS.values():
        if card["type"] == "paper":
            assert card["uses"] == [] and card["publish"] == {"op": "none"}
            assert card["immediate"]["op"] == "prestige"
    state = arrange(setup_game(2), 1, hand=["work"] * 4 + ["research"])
    assert codes(state, uses=[use("q4-paper")]) == ["card_not_in_hand", "no_such_use"]


def test_nr_35_a_card_without_a_publish_effect_publishes_for_nothing():
    """Work published goes to the CV at 0 PP and leaves the seat's cards for good (NR-35)."""
    state = arrange(setup_game(2), 1, hand=["work"] * 4 + ["research"])
    events = plan(state, end_turn=False, publish={"card": "research"})
    p = state["players"][0]
    assert p["cv"] == [{"card": "research", "pp": 0, "how": "published", "by": None,
                        "round": 1}]
    assert "research" not in p["hand"] + p["deck"] + p["discard"] and p["pp"] == 0
    published = next(e for e in events if e["type"] == "CardPublished")
    assert published["effect"] == {"op": "none"} and published["pp"] == 0


def test_nr_36_a_situation_needs_an_opponent_to_name():
    """Situations have only negative effects and cannot be used or published without a
    target (NR-36)."""
    situations = [c for c in CARDS.values() if c["type"] == "situation"]
    assert sorted(c["id"] for c in situations) == ["backup-data-loss", "care",
                                                   "impostor-syndrome"]
    for card in situations:
        assert [u["op"] for u in card["uses"]] == ["negative"]
        assert card["publish"]["op"] == "block"
    state = arrange(setup_game(2), 1, hand=["care", "work", "work", "work", "work"])
    assert codes(state, uses=[use("care")]) == ["target_needed"]
    assert codes(state, publish={"card": "care"}) == ["target_needed"]


def test_nr_g01_the_catalogue_matches_the_card_list():
    """Spot checks of NR-G01's table: the rulebook's examples and every card type."""
    def card(kind):
        return CARDS[kind]
    assert card("work")["uses"] == [{"op": "resource", "res": "M", "n": 1},
                                    {"op": "resource", "res": "E", "n": 1}]
    assert card("research")["uses"][1] == {"op": "resource", "res": "D", "n": 1}
    assert card("predoc")["publish"] == {"op": "prestige", "n": 1}
    assert card("lab-equipment")["cost"] == {"M": 4, "E": 0, "D": 0}
    assert card("q3-paper")["cost"] == {"M": 0, "E": 3, "D": 1}
    assert card("q1-open-access-paper")["cost"] == {"M": 1, "E": 5, "D": 2}
    assert card("care")["uses"] == [{"op": "negative", "res": "E", "n": 2}]
    assert card("care")["publish"] == {"op": "block", "res": "E", "n": 4}
    assert card("jocelyn-bell-burnell")["publish"] == {"op": "minus_prestige", "n": 4}
    assert card("sally-kristen-ride")["uses"] == [{"op": "draw", "n": 2}]
    assert card("donna-strickland")["uses"] == [{"op": "blind_discard"}]
    assert sum(c["copies"] * c["immediate"]["n"] for c in CARDS.values()
               if c["immediate"]) == 76
    scientists = [c for c in CARDS.values() if c["type"] == "scientist"]
    assert len(scientists) == 21 and all(c["scientist"] == c["name"]["en"] for c in scientists)
    assert sum(c["group"] == "basic" for c in scientists) == 11


def test_nr_g02_groups_follow_the_card_list():
    """Entry-level cards and 11 scientists are basic; Postdoc, Senior, National and
    International Grants, Q2 and better papers and 10 scientists are advanced (NR-G02)."""
    advanced = {k for k, c in CARDS.items() if c["group"] == "advanced" and
                c["type"] != "scientist"}
    assert advanced == {"postdoc", "senior", "national-grant", "international-grant",
                        "q2-paper", "q1-paper", "q1-open-access-paper", "top-paper"}
    assert CARDS["backup-data-loss"]["group"] == "basic"


def test_nr_g21_the_four_changed_values_are_marked():
    """Postdoc 6 M, Katherine Johnson 5 M, Raye Jean Montague +4 E and the Situations' costs
    carry provenance 'ruling' and record the value they replaced (NR-G21)."""
    changed = {k: c["changed"] for k, c in CARDS.items() if "changed" in c}
    assert set(changed) == {"postdoc", "katherine-johnson", "raye-jean-montague", "care",
                            "backup-data-loss", "impostor-syndrome"}
    assert CARDS["postdoc"]["cost"]["M"] == 6 and changed["postdoc"][0]["was"]["M"] == 4
    assert CARDS["katherine-johnson"]["cost"]["M"] == 5
    assert changed["katherine-johnson"][0]["was"]["M"] == -5
    assert CARDS["raye-jean-montague"]["publish"] == {"op": "resource", "res": "E", "n": 4}
    assert {c["cost"]["M"] for k, c in CARDS.items() if c["type"] == "situation"} == {1, 2}
    for kind, changes in changed.items():
        for change in changes:
            assert change["ruling"] == "NR-G21" and change["was_source"] == "unofficial_list"
            provenance = CARDS[kind]["provenance"]
            assert provenance.get(change["field"], provenance["*"]) == "ruling"
