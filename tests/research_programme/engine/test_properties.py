"""Property tests of the arithmetic rules, over every input Hypothesis can think of."""

from hypothesis import given
from hypothesis import strategies as st

from games.research_programme.engine.rules import flow, scoring
from games.research_programme.engine.rules.replication import classify, replication_vp
from games.research_programme.engine.state import RESOURCES, new_player

piles = st.fixed_dictionaries({code: st.integers(0, 12) for code in RESOURCES})


@given(piles)
def test_sv_16_storage_limit_for_any_piles(resources):
    """At most 8 remain; nothing grows; a pile is cut only after every larger pile is emptied
    or the excess is gone, ties in the order R, D, L, O, S."""
    p = new_player(1, "x")
    p["resources"] = dict(resources)
    flow.storage_limit({"round": 1}, p, [])
    after = p["resources"]
    total_before = sum(resources.values())
    assert sum(after.values()) == min(8, total_before)
    assert all(after[c] <= resources[c] for c in RESOURCES)
    order = sorted(RESOURCES, key=lambda c: -resources[c])
    cut = [c for c in order if after[c] < resources[c]]
    if cut:
        last = order.index(cut[-1])
        assert all(after[c] == 0 for c in order[:last])
        assert cut == order[:last + 1]


@given(st.integers(0, 100))
def test_sv_81_ep_vp_never_exceeds_two(ep):
    """EP VP is floor(EP / 3), capped at 2."""
    assert scoring.ep_vp(ep) == min(2, ep // 3) <= 2


@given(st.integers(2, 12), st.booleans())
def test_sv_49_sv_50_replication_vp_schedule(k, own):
    """Own: 3, 2, then 0; another seat's theory: 2 and 2 every time (D-1)."""
    tester, owner = replication_vp(k, own)
    if own:
        assert (tester, owner) == ({2: 3, 3: 2}.get(k, 0), 0)
    else:
        assert tester == owner == 2


hits = st.lists(st.fixed_dictionaries({"project": st.sampled_from("ABC"),
                                       "method": st.sampled_from([None, "x", "y"])}),
                max_size=6)


@given(hits, st.sampled_from("ABCD"), st.sampled_from([None, "x", "y"]))
def test_sv_48_every_success_has_exactly_one_class(earlier, project, method):
    """The class follows from the earlier hits alone, as SV-48 lists the cases."""
    kind = classify(earlier, project, method)
    same = [h for h in earlier if h["project"] == project]
    if not earlier:
        assert kind == "first_hit"
    elif not same:
        assert kind == "replication"
    elif method in {h["method"] for h in same}:
        assert kind == "plain"
    else:
        assert kind == "repetition"
