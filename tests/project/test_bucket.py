"""The one token bucket (indigo_tui/bucket.py), on a clock the test moves: no sleeps."""

from __future__ import annotations

import random

import pytest

from indigo_tui.bucket import TokenBucket


class Clock:
    """A clock that moves only when told to."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_new_bucket_is_full_and_a_burst_passes_at_once() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=10.0, burst=20.0, clock=clock)
    assert bucket.full and bucket.level == 20.0
    assert [bucket.take() for _ in range(20)] == [True] * 20
    assert not bucket.take() and not bucket.full
    assert bucket.level == 0.0


def test_take_takes_nothing_when_there_is_not_enough() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2.0, burst=3.0, clock=clock)
    assert not bucket.take(3.5)  # more than there is: nothing taken
    assert bucket.level == 3.0
    assert bucket.take(2.5) and bucket.level == pytest.approx(0.5)
    assert bucket.wait(1.0) == pytest.approx(0.25)  # half a token missing, at two a second
    assert bucket.level == pytest.approx(0.5)  # waiting takes nothing
    clock.now = 0.25
    assert bucket.take()


def test_it_refills_at_its_rate_up_to_its_burst() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=4.0, burst=8.0, clock=clock)
    assert bucket.take(8.0)
    clock.now = 1.0
    assert bucket.level == pytest.approx(4.0)
    clock.now = 1000.0
    assert bucket.level == 8.0 and bucket.full  # never more than a burst saved up
    assert bucket.wait(8.0) == 0.0


def test_reserve_takes_ahead_and_says_how_long_to_wait() -> None:
    clock = Clock()
    pace = TokenBucket(rate=100.0, burst=400.0, clock=clock)
    waits = [pace.reserve() for _ in range(1400)]
    # The burst at once, then each one a hundredth of a second after the one before.
    assert waits[:400] == [0.0] * 400
    assert waits[401] == pytest.approx(0.02)
    assert waits[-1] == pytest.approx(10.0)
    clock.now = 10.0  # the debt paid: the next waits one step
    assert pace.reserve() == pytest.approx(0.01)


def test_reserve_takes_at_most_a_burst_at_a_time() -> None:
    clock = Clock()
    budget = TokenBucket(rate=10.0, burst=20.0, clock=clock)
    assert [budget.reserve(1) for _ in range(20)] == [0.0] * 20
    assert budget.reserve(1) == pytest.approx(0.1)
    assert budget.reserve(1) == pytest.approx(0.2)
    # A paste far larger than the burst owes one burst, not its whole size.
    assert budget.reserve(1000) == pytest.approx(2.2)
    clock.now = 100.0
    assert budget.reserve(20) == 0.0
    assert not budget.take(1) and budget.reserve(0) == 0.0
    clock.now = 100.2
    assert budget.take(1)


def test_give_back_returns_what_was_not_used_but_never_overfills() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=1.0, burst=2.0, clock=clock)
    assert bucket.reserve() == 0.0 and bucket.reserve() == 0.0
    assert bucket.reserve() == pytest.approx(1.0)
    bucket.give_back()  # the third was not used after all
    assert bucket.level == pytest.approx(0.0) and bucket.wait() == pytest.approx(1.0)
    bucket.give_back(5.0)
    assert bucket.level == 2.0 and bucket.full


def test_a_clock_that_goes_back_adds_nothing() -> None:
    clock = Clock(50.0)
    bucket = TokenBucket(rate=1.0, burst=10.0, clock=clock)
    assert bucket.take(10.0)
    clock.now = 40.0  # back in time (a test's clock, a machine that was suspended)
    assert bucket.level == 0.0
    clock.now = 51.0  # one second after the last time it saw
    assert bucket.level == pytest.approx(1.0)


@pytest.mark.parametrize(("rate", "burst"), [(0.0, 1.0), (-1.0, 1.0), (1.0, 0.0)])
def test_a_bucket_that_could_never_give_is_refused(rate: float, burst: float) -> None:
    with pytest.raises(ValueError, match="positive rate and burst"):
        TokenBucket(rate, burst, Clock())


@pytest.mark.parametrize("seed", range(20))
def test_over_any_stretch_no_more_passes_than_the_burst_and_the_rate_allow(seed: int) -> None:
    """Whatever is asked, whenever: what was taken between two moments is at
    most a burst plus the rate times the time between them."""
    chance = random.Random(seed)
    clock = Clock()
    rate, burst = chance.uniform(0.5, 50.0), chance.uniform(1.0, 100.0)
    bucket = TokenBucket(rate, burst, clock)
    taken = 0.0
    for _ in range(500):
        clock.now += chance.expovariate(rate)
        amount = chance.uniform(0.1, 3.0)
        if bucket.take(amount):
            taken += amount
        assert taken <= burst + rate * clock.now + 1e-9
        assert -1e-9 <= bucket.level <= burst


def test_fill_makes_it_full_again_at_once() -> None:
    # An engine program's new turn: a whole second's worth, whatever it spent.
    now = [0.0]
    bucket = TokenBucket(rate=100, burst=100, clock=lambda: now[0])
    assert bucket.take(100) and not bucket.take(1)
    now[0] = 0.5
    assert bucket.take(50) and not bucket.take(1)
    bucket.fill()
    assert bucket.take(100) and not bucket.take(1)
    now[0] = 10.0
    assert not bucket.take(101) and bucket.take(100)
