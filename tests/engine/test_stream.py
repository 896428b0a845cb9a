"""The engine's random streams draw what ``random.Random`` draws from the same seed."""

from __future__ import annotations

import random

import pytest

from indigo_tui.engine.game import randbelow, shuffled_deck, stream

SEEDS: list[int | str] = [0, 1, 7, -7, 2**70 + 3, "", "1:0:0", "indigo:1:0", "ünïcode seed", "x" * 300]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_stream_starts_in_the_state_random_random_starts_in(seed: int | str) -> None:
    _version, state, _gauss_next = random.Random(seed).getstate()  # the C type's state in the middle
    assert stream(seed).getstate() == state


@pytest.mark.parametrize("seed", SEEDS)
def test_a_stream_draws_what_random_random_draws(seed: int | str) -> None:
    ours, theirs = stream(seed), random.Random(seed)
    assert [ours.getrandbits(k) for k in range(1, 40)] == [theirs.getrandbits(k) for k in range(1, 40)]
    assert [ours.random() for _ in range(20)] == [theirs.random() for _ in range(20)]


def test_an_unseeded_stream_is_seeded_from_the_system() -> None:
    assert stream(None).getstate() != stream(None).getstate()


def test_randbelow_is_randrange_on_the_same_state() -> None:
    ours, theirs = stream("randbelow"), random.Random("randbelow")
    bounds = [1, 2, 3, 5, 8, 13, 54, 61, 64, 65, 1000, 2**33 + 1]
    assert [randbelow(ours.getrandbits, n) for n in bounds * 20] == [theirs.randrange(n) for n in bounds * 20]


def test_the_deck_is_the_box_shuffled_as_random_random_shuffles_it() -> None:
    deck = shuffled_deck(5, 2)
    box = sorted(deck)
    random.Random("indigo:5:2").shuffle(box)
    assert deck == tuple(box)
