"""One game, one tab, without Web Locks (:mod:`farfalia.ui.tabs`): leases in one shared storage,
two tabs on fake time: a game held is not taken, a tab that dies lets go when its lease runs out,
one that leaves lets go at once, a race is won by one tab and the other is told, and what a lease
holds is read whatever the storage holds."""

from __future__ import annotations

import pytest

from farfalia.ui.saves import GuardedStorage, MemoryStorage
from farfalia.ui.tabs import HEARTBEAT_SECONDS, LEASE_PREFIX, LEASE_SECONDS, Lease, Leases


class Clock:
    def __init__(self) -> None:
        self.now = 5_000.0

    def __call__(self) -> float:
        return self.now


def two_tabs() -> tuple[Leases, Leases, GuardedStorage, Clock]:
    storage, clock = GuardedStorage(MemoryStorage()), Clock()
    return Leases(storage, "tab-a", clock), Leases(storage, "tab-b", clock), storage, clock


def test_a_game_held_is_not_taken_and_is_listed_elsewhere() -> None:
    a, b, _, _ = two_tabs()
    assert a.take("slot1") and a.take("slot1")  # its own: taken again
    assert not b.take("slot1") and b.elsewhere() == {"slot1"} and a.elsewhere() == set()


def test_a_heartbeat_keeps_the_game_and_a_dead_tab_lets_go_when_its_lease_runs_out() -> None:
    a, b, _, clock = two_tabs()
    a.take("slot1")
    for _ in range(10):  # a minute of play: the lease renewed every beat
        clock.now += HEARTBEAT_SECONDS
        assert a.renew() == [] and not b.take("slot1")
    clock.now += LEASE_SECONDS - 0.01  # tab a died: no more beats
    assert not b.take("slot1")
    clock.now += 0.02
    assert b.take("slot1") and a.elsewhere() == {"slot1"}
    assert a.renew() == ["slot1"] and a.held == set()  # a tab that wakes up finds it lost


def test_a_tab_that_leaves_lets_go_at_once_but_never_of_another_tabs_lease() -> None:
    a, b, storage, _ = two_tabs()
    a.take("slot1")
    b.release("slot1")  # not b's: nothing happens
    assert storage.get(LEASE_PREFIX + "slot1") is not None and not b.take("slot1")
    a.release_all()
    assert storage.get(LEASE_PREFIX + "slot1") is None and b.take("slot1")


def test_two_tabs_racing_for_a_free_game_leave_it_to_one() -> None:
    a, b, _, clock = two_tabs()
    assert a.take("slot1")
    clock.now += LEASE_SECONDS + 1  # a's lease ran out (a slept) and b took the game
    assert b.take("slot1")
    assert a.renew() == ["slot1"] and b.renew() == []  # a is told; b keeps it


@pytest.mark.parametrize(
    "stored", ["", "{", "[]", '{"tab": 3, "until": 1}', '{"tab": "x", "until": true}', '{"tab": "x"}', "[" * 9000]
)
def test_a_lease_that_cannot_be_read_holds_nothing(stored: str) -> None:
    a, _, storage, _ = two_tabs()
    storage.set(LEASE_PREFIX + "slot1", stored)
    assert Lease.read(stored) is None and a.elsewhere() == set() and a.take("slot1")
