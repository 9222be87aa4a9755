"""One game, one tab, where the browser has no Web Locks (a plain-HTTP host such as an S3 website,
older Safari): a *lease* in ``localStorage`` for each game a tab plays, renewed by a heartbeat.

A tab takes a game by writing its lease (``farfalia.lease.<slot>``: the tab's id and until when it
holds), renews it every :data:`HEARTBEAT_SECONDS` while it plays, and removes it when it leaves
the game or the page is hidden for good: other tabs hear of that at once (the ``storage`` event)
and of a tab that died when its lease runs out (:data:`LEASE_SECONDS`). Two tabs racing for a
free game both write; the one whose lease stands when it looks again keeps it, the other is told
it lost the game (and the journal keeps each tab's entries apart meanwhile,
:mod:`farfalia.ui.saves`). Pure: time comes from a clock, storage from the page's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from json import dumps
from typing import Final

from farfalia.core.errors import SaveError
from farfalia.ui.saves import GuardedStorage, parse_stored

#: ``localStorage`` keys of leases start with this; the slot id follows.
LEASE_PREFIX: Final = "farfalia.lease."
#: How long a lease holds without being renewed: a tab that died lets go after this.
LEASE_SECONDS: Final = 6.0
#: How often a tab renews its leases (and looks again at the others').
HEARTBEAT_SECONDS: Final = 2.0


@dataclass(frozen=True)
class Lease:
    """A tab's hold on a game: the tab, and until when (seconds since 1970)."""

    tab: str
    until: float

    def to_text(self) -> str:
        """The lease as stored."""
        return dumps({"tab": self.tab, "until": self.until})

    @classmethod
    def read(cls, text: str | None) -> Lease | None:
        """The lease stored as ``text``, or None (none, or unreadable: no hold)."""
        try:
            data = parse_stored(text) if text is not None else None
        except SaveError:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("tab"), str):
            return None
        until = data.get("until")
        return (
            cls(data["tab"], float(until)) if isinstance(until, (int, float)) and not isinstance(until, bool) else None
        )


class Leases:
    """This tab's leases (``tab``: its id) in ``storage``, by the ``clock``'s seconds."""

    def __init__(self, storage: GuardedStorage, tab: str, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.tab = tab
        self.clock = clock
        #: The games this tab holds.
        self.held: set[str] = set()

    def _lease(self, slot: str) -> Lease | None:
        return Lease.read(self.storage.get(LEASE_PREFIX + slot))

    def _free(self, slot: str) -> bool:
        lease = self._lease(slot)
        return lease is None or lease.tab == self.tab or lease.until <= self.clock()

    def take(self, slot: str) -> bool:
        """Take ``slot`` for this tab: True if it was free (or this tab's), False if another tab
        holds it."""
        if not self._free(slot):
            return False
        self.storage.set(LEASE_PREFIX + slot, Lease(self.tab, self.clock() + LEASE_SECONDS).to_text())
        self.held.add(slot)
        return True

    def release(self, slot: str) -> None:
        """Let go of ``slot`` (other tabs are told at once: the ``storage`` event)."""
        if slot in self.held:
            self.held.discard(slot)
            lease = self._lease(slot)
            if lease is not None and lease.tab == self.tab:
                self.storage.remove(LEASE_PREFIX + slot)

    def renew(self) -> list[str]:
        """The heartbeat: every lease this tab holds held on; the slots another tab has taken
        meanwhile (a race it lost, or a tab that found its lease run out) are given up and returned."""
        lost = []
        for slot in sorted(self.held):
            lease = self._lease(slot)
            if lease is not None and lease.tab != self.tab and lease.until > self.clock():
                lost.append(slot)
                self.held.discard(slot)
                continue
            self.storage.set(LEASE_PREFIX + slot, Lease(self.tab, self.clock() + LEASE_SECONDS).to_text())
        return lost

    def elsewhere(self) -> set[str]:
        """The games other tabs hold now."""
        found = set()
        now = self.clock()
        for key in self.storage.all_keys():
            if key.startswith(LEASE_PREFIX):
                lease = Lease.read(self.storage.get(key))
                if lease is not None and lease.tab != self.tab and lease.until > now:
                    found.add(key[len(LEASE_PREFIX) :])
        return found

    def release_all(self) -> None:
        """Let go of every game (the page is closing)."""
        for slot in list(self.held):
            self.release(slot)
