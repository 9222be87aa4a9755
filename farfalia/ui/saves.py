"""Saved games: one slot per game, kept in two places.

- A **checkpoint** of the whole save in ``localStorage`` (key ``farfalia.game.<slot>``),
  read at once when the page opens. Browsers write ``localStorage`` to disk lazily, so
  a crash can lose its last seconds.
- A **journal** in IndexedDB: one small entry per decision with only what changed (the
  actions added, or an undo's cut, and the save's other fields when they change). An
  IndexedDB transaction is on disk when it reports success, so a crash loses at most
  the decision being written. Every :data:`CHECKPOINT_EVERY` entries the whole save is
  written to both places, and the journal drops what that entry covers (a *base*).

When the page opens, each slot's checkpoint is brought up to date by its journal
(:func:`restore`). Pure: the page's glue moves the texts in and out.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from json import dumps, loads
from typing import Any, Protocol, TypeVar

from farfalia.engine.errors import SaveError, StorageError

T = TypeVar("T")

#: ``localStorage`` keys of slots' checkpoints start with this; the slot id follows.
SLOT_PREFIX = "farfalia.game."
#: Where the page kept its one save before slots (read once and moved into a slot).
LEGACY_SAVE_KEY = "farfalia.save"
#: Where the page kept a save it could not read before slots (moved into a slot too).
LEGACY_BROKEN_KEY = "farfalia.broken-save"
#: Journal entries between two bases (whole saves written to the checkpoint and the journal).
CHECKPOINT_EVERY = 16
#: The most games kept: starting one more forgets the one played longest ago.
MAX_SLOTS = 8
#: A checkpoint's own fields, beside the save's: the journal entry it holds up to, and when.
_CHECKPOINT_FIELDS = ("seq", "when")


@dataclass(frozen=True)
class Entry:
    """One journal entry of a slot: keep the first ``at`` actions, append ``add`` (notation),
    update the save's other fields with ``header``. A ``base`` holds the whole save
    (``at`` is 0) and makes the slot's earlier entries useless."""

    slot: str
    seq: int
    at: int
    add: tuple[str, ...]
    header: Mapping[str, Any]
    when: float
    base: bool = False

    @property
    def length(self) -> int:
        """How many actions the game has after this entry."""
        return self.at + len(self.add)

    def to_text(self) -> str:
        """The entry as the JSON text the journal stores."""
        return dumps(
            {
                "slot": self.slot,
                "seq": self.seq,
                "at": self.at,
                "add": " ".join(self.add),
                "header": dict(self.header),
                "when": self.when,
                "base": self.base,
            }
        )

    @classmethod
    def from_text(cls, text: str) -> Entry:
        """Read an entry back; anything malformed raises :class:`SaveError`."""
        try:
            data = loads(text)
            when = _moment(data.get("when"))
            if when is None:
                raise TypeError("when is no time")
            entry = cls(
                _typed(data, "slot", str),
                _typed(data, "seq", int),
                _typed(data, "at", int),
                tuple(_typed(data, "add", str).split()),
                _typed(data, "header", dict),
                when,
                data.get("base") is True,
            )
        except (ValueError, TypeError, AttributeError, RecursionError) as error:
            raise SaveError(f"a journal entry is malformed ({type(error).__name__})") from error
        if entry.seq < 0 or entry.at < 0:
            raise SaveError("a journal entry counts below zero")
        return entry


@dataclass(frozen=True)
class Forget:
    """Drop a slot's journal (the game was deleted or left)."""

    slot: str


@dataclass
class Slot:
    """A saved game as last written: its save's fields, its actions (notation), the
    journal's last entry it holds, and when it was last played (seconds since 1970).
    ``raw`` is the stored text when the checkpoint is not even JSON (kept for download)."""

    id: str
    header: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    seq: int = -1
    when: float = 0.0
    raw: str | None = None
    #: The ``seq`` of the last base or checkpoint written.
    based: int = -1

    @property
    def key(self) -> str:
        """The slot's ``localStorage`` key."""
        return SLOT_PREFIX + self.id

    def save_text(self) -> str:
        """The save (what :func:`farfalia.ui.papillon_session.load_save` reads)."""
        if self.raw is not None:
            return self.raw
        return dumps({**self.header, "actions": " ".join(self.actions)})

    def checkpoint_text(self) -> str:
        """The checkpoint stored in ``localStorage``: the save and the slot's own fields."""
        if self.raw is not None:
            return self.raw
        return dumps({**self.header, "actions": " ".join(self.actions), "seq": self.seq, "when": self.when})

    def apply(self, entry: Entry) -> bool:
        """Bring the slot up to ``entry``; False (and no change) if entries are missing
        before it, or it cuts more actions than the slot has."""
        if entry.base:
            self.header, self.actions, self.raw = dict(entry.header), [], None
        elif entry.seq != self.seq + 1 or entry.at > len(self.actions) or self.raw is not None:
            return False
        self.header.update(entry.header)
        self.actions[entry.at :] = entry.add
        self.seq, self.when = entry.seq, entry.when
        return True

    def change(self, save: Mapping[str, Any], when: float, base: bool) -> Entry | None:
        """The entry that brings the slot to ``save`` (a session's record), applied; None if
        nothing changed. ``base`` asks for the whole save (see :data:`CHECKPOINT_EVERY`)."""
        actions = str(save["actions"]).split()
        header = {key: value for key, value in save.items() if key != "actions"}
        changed = {key: value for key, value in header.items() if self.header.get(key) != value}
        at = _common_prefix(self.actions, actions)
        if not changed and at == len(self.actions) == len(actions) and self.raw is None:
            return None
        base = base or self.seq < 0 or self.seq - self.based >= CHECKPOINT_EVERY - 1
        start = 0 if base else at
        entry = Entry(self.id, self.seq + 1, start, tuple(actions[start:]), header if base else changed, when, base)
        self.apply(entry)
        if base:
            self.based = entry.seq
        return entry


def _common_prefix(old: list[str], new: list[str]) -> int:
    at = 0
    for before, after in zip(old, new, strict=False):
        if before != after:
            break
        at += 1
    return at


def _typed(data: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TypeError(f"{key} is {type(value).__name__}")
    return value


def _moment(value: object) -> float | None:
    """A stored time (seconds) as a float, or None if it is none: not a number, or too large or
    not finite to tell a time by (a damaged store's ``1e400`` or ``NaN``)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    try:
        moment = float(value)
    except OverflowError:
        return None
    return moment if math.isfinite(moment) else None


def read_checkpoint(slot_id: str, text: str) -> Slot:
    """A slot from its stored checkpoint; text that is not a JSON object is kept as ``raw``
    (the save cannot be read, and the player may download it)."""
    try:
        data = loads(text)
    except (ValueError, RecursionError):
        return Slot(slot_id, raw=text)
    if not isinstance(data, dict):
        return Slot(slot_id, raw=text)
    seq, when = data.get("seq"), data.get("when")
    actions = data.get("actions")
    header = {key: value for key, value in data.items() if key not in ("actions", *_CHECKPOINT_FIELDS)}
    slot = Slot(
        slot_id,
        header,
        actions.split() if isinstance(actions, str) else [],
        seq if isinstance(seq, int) and not isinstance(seq, bool) else -1,
        _moment(when) or 0.0,
    )
    if not isinstance(actions, str):
        slot.raw = text  # the save's own reader says what is wrong with it
    slot.based = slot.seq
    return slot


def restore(checkpoints: Mapping[str, str], journal: Iterable[str]) -> dict[str, Slot]:
    """The saved games: each slot's checkpoint (slot id → stored text) brought up to date by
    the journal's entries (texts, in any order). Unreadable entries and entries after a gap
    are left out; a slot known only from the journal is rebuilt from its last base."""
    slots = {slot_id: read_checkpoint(slot_id, text) for slot_id, text in checkpoints.items()}
    entries: list[Entry] = []
    for text in journal:
        try:
            entries.append(Entry.from_text(text))
        except SaveError:
            continue
    for entry in sorted(entries, key=lambda e: (e.slot, e.seq)):
        slot = slots.get(entry.slot)
        if slot is None and entry.base:
            slot = slots[entry.slot] = Slot(entry.slot)
        if slot is not None and entry.seq > slot.seq and slot.apply(entry) and entry.base:
            slot.based = entry.seq
    return slots


class Storage(Protocol):
    """Where the page keeps its saves (``localStorage`` in the browser). Any refusal of
    the browser's is raised as :class:`~farfalia.engine.errors.StorageError`."""

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or None."""

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``."""

    def remove(self, key: str) -> None:
        """Forget ``key``."""

    def all_keys(self) -> list[str]:
        """Every key stored."""


class MemoryStorage:
    """A :class:`Storage` in a dict, kept for the page's life only (for tests and tools)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or None."""
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``."""
        self.items[key] = value

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self.items.pop(key, None)

    def all_keys(self) -> list[str]:
        """Every key stored."""
        return list(self.items)


class GuardedStorage:
    """The page's storage, kept from ever stopping a game: at the first refusal (storage
    turned off, full, or failing mid-game) saving stops for the rest of the page's life,
    and the game plays on in memory. Once off, nothing stored earlier is read either, so
    the screen and a resumed game can never disagree."""

    def __init__(self, backend: Storage) -> None:
        self.backend = backend
        #: Whether a refusal turned saving off.
        self.off = False

    def get(self, key: str) -> str | None:
        """The text under ``key``; None once saving is off."""
        return None if self.off else self._guard(lambda: self.backend.get(key))

    def set(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key``, unless saving is off."""
        if not self.off:
            self._guard(lambda: self.backend.set(key, value))

    def remove(self, key: str) -> None:
        """Forget ``key``, unless saving is off."""
        if not self.off:
            self._guard(lambda: self.backend.remove(key))

    def all_keys(self) -> list[str]:
        """Every key stored; none once saving is off."""
        return [] if self.off else self._guard(self.backend.all_keys) or []

    def _guard(self, operation: Callable[[], T]) -> T | None:
        try:
            return operation()
        except StorageError:
            self.off = True
            return None


class SavedGames:
    """The saved games of the page: slots read at load (checkpoints brought up to date by
    the journal), saved as they change, listed, deleted. What the journal must write is
    queued for the page's glue (:meth:`take_writes`), which reports a failure with
    :meth:`journal_failed`; from then on every save is a whole checkpoint."""

    def __init__(self, storage: GuardedStorage, journal: Iterable[str], clock: Callable[[], float]) -> None:
        self.storage = storage
        self.clock = clock
        #: Whether the journal is written (False once it failed: checkpoints only).
        self.journal_on = True
        self.slots: dict[str, Slot] = {}
        self._writes: list[Entry | Forget] = []
        self._migrate()
        self.refresh(journal)

    def _migrate(self) -> None:
        """Move the saves of the page before slots into slots of their own."""
        for number, key in enumerate((LEGACY_SAVE_KEY, LEGACY_BROKEN_KEY)):
            text = self.storage.get(key)
            if text is not None:
                self.storage.set(f"{SLOT_PREFIX}old-{number}", text)
                self.storage.remove(key)

    def refresh(self, journal: Iterable[str]) -> None:
        """Read every slot again (another tab may have saved): checkpoints brought up to
        date by ``journal``'s entries; a checkpoint behind its journal is rewritten."""
        checkpoints = {}
        for key in self.storage.all_keys():
            text = self.storage.get(key) if key.startswith(SLOT_PREFIX) else None
            if text is not None:
                checkpoints[key[len(SLOT_PREFIX) :]] = text
        self.slots = restore(checkpoints, journal)
        for slot in self.slots.values():
            if checkpoints.get(slot.id) != slot.checkpoint_text():
                self.storage.set(slot.key, slot.checkpoint_text())

    def new_slot(self, rng: Any, keep: Iterable[str] = ()) -> str:
        """A new, empty slot's id; when :data:`MAX_SLOTS` are kept, the one played longest
        ago is forgotten (never one of ``keep``: the games open in other tabs)."""
        kept = set(keep)
        while len(self.slots) >= MAX_SLOTS:
            oldest = min((s for s in self.slots.values() if s.id not in kept), key=lambda s: s.when, default=None)
            if oldest is None:
                break
            self.delete(oldest.id)
        slot_id = f"{rng.getrandbits(48):012x}"
        self.slots[slot_id] = Slot(slot_id)
        return slot_id

    def save(self, slot_id: str, record: Mapping[str, Any]) -> None:
        """Keep a game's record (:meth:`farfalia.ui.session.Session.to_record`) in its slot:
        a journal entry of what changed; the whole checkpoint too on a base, or always
        once the journal failed."""
        slot = self.slots.get(slot_id)
        if slot is None or self.storage.off:
            return
        entry = slot.change(record, self.clock(), base=not self.journal_on)
        if entry is None:
            return
        if entry.base:
            self.storage.set(slot.key, slot.checkpoint_text())
        if self.journal_on:
            self._writes.append(entry)

    def checkpoint(self, slot_id: str) -> None:
        """Write a slot's whole checkpoint now (the page is being hidden or closed)."""
        slot = self.slots.get(slot_id)
        if slot is not None and slot.seq > slot.based:
            self.storage.set(slot.key, slot.checkpoint_text())
            slot.based = slot.seq

    def delete(self, slot_id: str) -> None:
        """Forget a saved game, in both places."""
        if self.slots.pop(slot_id, None) is not None:
            self.storage.remove(SLOT_PREFIX + slot_id)
            if self.journal_on:
                self._writes.append(Forget(slot_id))

    def journal_failed(self) -> None:
        """The journal could not be written: from now on, every save is a whole checkpoint."""
        self.journal_on = False
        self._writes.clear()
        for slot in self.slots.values():
            self.checkpoint(slot.id)

    def take_writes(self) -> list[Entry | Forget]:
        """What the journal must write, in order (once)."""
        writes, self._writes = self._writes, []
        return writes

    def by_recent(self) -> list[Slot]:
        """The slots, the one played last first; none once saving is off (what they hold
        stopped following the games)."""
        return [] if self.storage.off else sorted(self.slots.values(), key=lambda s: -s.when)
