"""The live benchmark's search for the largest load whose p95 stays under 250 ms."""

from argparse import Namespace

from bench.live import loads_to_run


def searched(passing_up_to, loads=(20,), max_lessons=40):
    tried, next_load = loads_to_run(Namespace(loads=list(loads), search=True,
                                              max_lessons=max_lessons))
    while (load := next_load()) is not None:
        tried[load] = load <= passing_up_to
    return list(tried)


def test_the_load_search_narrows_down_between_a_pass_and_a_failure():
    assert searched(passing_up_to=12) == [20, 10, 15]
    assert searched(passing_up_to=40) == [20, 40]


def test_the_load_search_goes_down_to_one_lesson_when_nothing_passes():
    assert searched(passing_up_to=3) == [20, 10, 5, 2]
    assert searched(passing_up_to=1) == [20, 10, 5, 2, 1]
    assert searched(passing_up_to=0) == [20, 10, 5, 2, 1]
