"""The runner: ranges fixed by the number of games alone, parts handed back in range order
whatever order they finish in, dead workers retried, Ctrl-C keeping what finished."""

from __future__ import annotations

import pytest

from interpreter.study.runner import ATTEMPTS, Died, InProcess, ranges, run_ranges


def games_of(part: list[int]) -> list[int]:
    return part


def play(payload: int, games: range) -> list[int]:
    return [payload * 1000 + g for g in games]


class Shuffled:
    """Finishes the ranges out in reverse order; `die` lists ranges whose worker dies (once each)."""

    where = "test"
    window = 4

    def __init__(self, die: dict[int, int] | None = None, stop_after: int | None = None):
        self.out: dict[int, tuple] = {}
        self.die = dict(die or {})
        self.stop_after = stop_after
        self.done = 0

    def submit(self, key, task, payload, games):
        self.out[key] = (task, payload, games)

    def next_done(self):
        if self.stop_after is not None and self.done >= self.stop_after:
            raise KeyboardInterrupt
        key = max(self.out)
        task, payload, games = self.out.pop(key)
        if self.die.get(key, 0) > 0:
            self.die[key] -= 1
            raise Died("killed", [key])
        self.done += 1
        return key, task(payload, games)

    def stop(self):
        self.out.clear()


def test_ranges_cover_the_games_and_depend_on_their_number_only():
    for games in (1, 7, 199, 200, 201, 5_000, 100_000):
        spans = list(ranges(games))
        assert [g for r in spans for g in r] == list(range(games))
        assert max(len(r) for r in spans) <= 200


def test_parts_are_delivered_in_range_order_whatever_order_they_finish_in():
    seen = []
    outcome = run_ranges(play, 1, 1_000, Shuffled(), lambda r, part: seen.extend(part))
    assert seen == [1000 + g for g in range(1_000)]
    assert outcome.finished == 1_000 and not outcome.interrupted and outcome.retries == []


def test_a_range_whose_worker_died_is_run_again_and_the_outcome_says_so():
    seen = []
    outcome = run_ranges(play, 0, 100, Shuffled(die={3: 1}), lambda r, part: seen.extend(part))
    assert seen == list(range(100))
    assert [r.games for r in outcome.retries] == [list(ranges(100))[3]]
    assert "killed" in outcome.retries[0].describe()


def test_a_range_that_keeps_dying_is_given_up_and_the_others_still_come_in_order():
    seen = []
    spans = list(ranges(100))
    outcome = run_ranges(play, 0, 100, Shuffled(die={2: ATTEMPTS}), lambda r, part: seen.extend(part))
    assert seen == [g for i, r in enumerate(spans) if i != 2 for g in r]
    assert len(outcome.retries) == ATTEMPTS - 1 and [x.games for x in outcome.lost] == [spans[2]]
    assert outcome.finished == 100 - len(spans[2])


def test_ctrl_c_stops_the_run_and_keeps_what_finished():
    seen = []
    outcome = run_ranges(play, 0, 1_000, Shuffled(stop_after=3), lambda r, part: seen.extend(part))
    assert outcome.interrupted and outcome.finished == len(seen) == 3 * 5
    assert seen == sorted(seen)


def test_in_process_runs_each_range_when_asked():
    seen = []
    run_ranges(play, 2, 10, InProcess(), lambda r, part: seen.extend(part))
    assert seen == [2000 + g for g in range(10)]


def test_a_task_error_is_raised():
    def broken(payload, games):
        raise ValueError("a bug")

    with pytest.raises(ValueError, match="a bug"):
        run_ranges(broken, 0, 10, InProcess(), lambda r, part: None)
