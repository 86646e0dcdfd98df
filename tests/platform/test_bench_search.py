"""The live benchmark's search for the largest load whose p95 stays under 250 ms."""

from bench.loadkit.pace import Pace, loads_to_run


def searched(passing_up_to, loads=(20,), max_lessons=40, step=1):
    pace = Pace(name="stress", loads=list(loads), duration=10, search_duration=8,
                max_lessons=max_lessons, step=step, every=2.0)
    tried, next_load = loads_to_run(pace, search=True)
    while (load := next_load()) is not None:
        tried[load] = load <= passing_up_to
    return list(tried)


def test_the_load_search_narrows_down_between_a_pass_and_a_failure():
    assert searched(passing_up_to=12) == [20, 10, 15, 12, 13]
    assert searched(passing_up_to=40) == [20, 40]


def test_the_load_search_goes_down_to_one_lesson_when_nothing_passes():
    assert searched(passing_up_to=3) == [20, 10, 5, 2, 3, 4]
    assert searched(passing_up_to=1) == [20, 10, 5, 2, 1]
    assert searched(passing_up_to=0) == [20, 10, 5, 2, 1]


def test_the_classroom_search_doubles_then_narrows_in_steps_of_ten():
    assert searched(passing_up_to=75, loads=(20,), max_lessons=160, step=10) == [20, 40, 80, 60, 70]
    assert searched(passing_up_to=200, loads=(20,), max_lessons=160, step=10) == [20, 40, 80, 160]
