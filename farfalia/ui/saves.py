"""Saved games: one slot per game, kept in two places.

- A **checkpoint** of the whole save in ``localStorage`` (key ``farfalia.game.<slot>``),
  read at once when the page opens. Browsers write ``localStorage`` to disk lazily, so
  a crash can lose its last seconds.
- A **journal** in IndexedDB: one small entry per decision with only what changed (the
  actions added, or an undo's cut, and the save's other fields when they change). An
  IndexedDB transaction is on disk when it reports success, so a crash loses at most
  the decision being written. Every :data:`CHECKPOINT_EVERY` entries the whole save is
  written to both places, and the journal drops what that entry covers (a *base*).

Each page that writes a slot is a *writer* with an id of its own: its entries are kept under
its id (``[slot, writer, seq]``) and start with a base, so two tabs that played the same game at
once (a browser without Web Locks, a race) keep two *lineages* that never mix. When the page
opens, each slot is rebuilt from its checkpoint and every lineage (:func:`restore`): the freshest
lineage that reads back as a game is the slot; one that went another way becomes a game of its
own; what cannot be read is listed with its reason and kept until discarded, never written over a
readable save. Pure: the page's glue moves the texts in and out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field, replace
from json import dumps, loads
from typing import Any, NamedTuple, Protocol, TypeVar

from farfalia.core.errors import SaveError, StorageError
from farfalia.records.replay import problem

T = TypeVar("T")

#: ``localStorage`` keys of slots' checkpoints start with this; the slot id follows.
SLOT_PREFIX = "farfalia.game."
#: Where the page kept its one save before slots (read once and moved into a slot).
LEGACY_SAVE_KEY = "farfalia.save"
#: Where the page kept a save it could not read before slots (moved into a slot too).
LEGACY_BROKEN_KEY = "farfalia.broken-save"
#: Journal entries between two bases (whole saves written to the checkpoint and the journal).
CHECKPOINT_EVERY = 16
#: The most games kept: starting one more forgets the one played longest ago (and says so).
MAX_SLOTS = 8
#: A checkpoint's own fields, beside the save's: the journal entry it holds up to, its writer, and when.
_CHECKPOINT_FIELDS = ("seq", "when", "writer", "parent")
#: The deepest nesting of arrays and objects a stored text may have (a save's is 3): deeper text is
#: refused before it is parsed, since parsing it exhausted the browser's stack and stopped Python.
MAX_NESTING = 32
#: The longest stored text read (a save of the longest game holds some 20,000 characters).
MAX_STORED = 1_000_000
#: A JSON string, and the brackets that nest.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def parse_stored(text: str) -> Any:
    """The JSON a stored text holds (a save, a journal entry, the preferences); :class:`SaveError`
    when it is none, too long, or nested deeper than :data:`MAX_NESTING`: found before parsing."""
    if not isinstance(text, str):
        raise SaveError(problem("save-json"))
    if len(text) > MAX_STORED:
        raise SaveError(problem("save-long", limit=MAX_STORED, length=len(text)))
    depth = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_NESTING:
            raise SaveError(problem("save-nested", limit=MAX_NESTING))
    try:
        return loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveError(problem("save-json")) from error


class Stored(NamedTuple):
    """A journal entry as the journal keeps it: its key's slot, writer and ``seq``, and its text
    (anything the journal holds: the text may be unreadable; entries written before writers
    had ids have the writer ``""``)."""

    slot: str
    writer: str
    seq: int
    text: str


@dataclass(frozen=True)
class Entry:
    """One journal entry of a slot: keep the first ``at`` actions, append ``add`` (notation),
    update the save's other fields with ``header``. A ``base`` holds the whole save
    (``at`` is 0) and makes the writer's earlier entries of the slot useless."""

    slot: str
    seq: int
    at: int
    add: tuple[str, ...]
    header: Mapping[str, Any]
    when: float
    base: bool = False
    #: The page that wrote it ("": before writers had ids).
    writer: str = ""
    #: A base's: the writer and ``seq`` of the state its writer took the slot over at (None: a new game).
    parent: tuple[str, int] | None = None

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
                "writer": self.writer,
                **({"parent": list(self.parent)} if self.parent else {}),
            }
        )

    def stored(self) -> Stored:
        """The entry as the journal keeps it."""
        return Stored(self.slot, self.writer, self.seq, self.to_text())

    @classmethod
    def from_text(cls, text: str) -> Entry:
        """Read an entry back; anything malformed raises :class:`SaveError`."""
        data = parse_stored(text)
        try:
            when = _moment(data.get("when"))
            if when is None:
                raise TypeError("when is no time")
            writer, parent = data.get("writer", ""), data.get("parent")
            entry = cls(
                _typed(data, "slot", str),
                _typed(data, "seq", int),
                _typed(data, "at", int),
                tuple(_typed(data, "add", str).split()),
                _typed(data, "header", dict),
                when,
                data.get("base") is True,
                writer if isinstance(writer, str) else "",
                _parent(parent),
            )
        except (ValueError, TypeError, AttributeError) as error:
            raise SaveError(f"a journal entry is malformed ({type(error).__name__})") from error
        if entry.seq < 0 or entry.at < 0:
            raise SaveError("a journal entry counts below zero")
        return entry


@dataclass(frozen=True)
class Forget:
    """Drop a slot's journal: all of it (the game was deleted or left), or one writer's entries
    up to ``upto`` (a lineage another one has taken over, or made a game of its own)."""

    slot: str
    writer: str | None = None
    upto: int | None = None


@dataclass
class Slot:
    """A saved game as last written: its save's fields, its actions (notation), the journal's
    last entry it holds and its writer, and when it was last played (seconds since 1970).
    ``raw`` is the stored text when the save cannot be read (kept for download); ``unread``, the
    journal's texts past the state shown that could not be read back (kept for download too)."""

    id: str
    header: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    seq: int = -1
    when: float = 0.0
    raw: str | None = None
    #: The ``seq`` of the last base or checkpoint written.
    based: int = -1
    writer: str = ""
    #: The writer and ``seq`` of the state its writer took the slot over at (None: none, or not known).
    parent: tuple[str, int] | None = None
    unread: list[str] = field(default_factory=list)
    #: Why the save, or the journal past it, cannot be read ("": it can, wholly).
    fault: str = ""

    @property
    def key(self) -> str:
        """The slot's ``localStorage`` key."""
        return SLOT_PREFIX + self.id

    def save_text(self) -> str:
        """The save (what :func:`farfalia.ui.shelf.load_table` reads)."""
        if self.raw is not None:
            return self.raw
        return dumps({**self.header, "actions": " ".join(self.actions)})

    def checkpoint_text(self) -> str:
        """The checkpoint stored in ``localStorage``: the save and the slot's own fields."""
        if self.raw is not None:
            return self.raw
        fields = {"seq": self.seq, "when": self.when, "writer": self.writer, "parent": self.parent}
        return dumps({**self.header, "actions": " ".join(self.actions), **fields})

    def kept_text(self) -> str:
        """What a download of the slot holds: its save, and the journal's texts it could not read."""
        if not self.unread:
            return self.save_text()
        return dumps({"save": self.save_text(), "unread journal": self.unread})

    def copy(self) -> Slot:
        """An independent copy."""
        return replace(self, header=dict(self.header), actions=list(self.actions), unread=list(self.unread))

    def apply(self, entry: Entry) -> bool:
        """Bring the slot up to ``entry``; False (and no change) if entries are missing
        before it, it is another writer's, or it cuts more actions than the slot has."""
        if entry.base:
            self.header, self.actions, self.raw = dict(entry.header), [], None
            self.writer, self.parent = entry.writer, entry.parent
        elif (
            entry.seq != self.seq + 1
            or entry.writer != self.writer
            or entry.at > len(self.actions)
            or self.raw is not None
        ):
            return False
        self.header.update(entry.header)
        self.actions[entry.at :] = entry.add
        self.seq, self.when = entry.seq, entry.when
        return True

    def change(self, save: Mapping[str, Any], when: float, base: bool, writer: str) -> Entry | None:
        """The entry that brings the slot to ``save`` (a session's record), applied; None if
        nothing changed. ``base`` asks for the whole save (see :data:`CHECKPOINT_EVERY`); so does
        a slot another writer wrote last."""
        actions = str(save["actions"]).split()
        header = {key: value for key, value in save.items() if key != "actions"}
        changed = {key: value for key, value in header.items() if self.header.get(key) != value}
        at = _common_prefix(self.actions, actions)
        if not changed and at == len(self.actions) == len(actions) and self.raw is None:
            return None
        taking_over = self.writer != writer and self.seq >= 0
        base = base or self.seq < 0 or self.seq - self.based >= CHECKPOINT_EVERY - 1 or taking_over
        start = 0 if base else at
        fields = header if base else changed
        parent = (self.writer, self.seq) if taking_over else self.parent
        entry = Entry(self.id, self.seq + 1, start, tuple(actions[start:]), fields, when, base, writer, parent)
        self.apply(entry)
        if base:
            self.based = entry.seq
        return entry

    def extends(self, other: Slot) -> bool:
        """Whether this slot's game is ``other``'s played on (the same game, ``other``'s actions first)."""
        same = {key: value for key, value in self.header.items() if key in ("seed", "settings", "mode", "game")}
        theirs = {key: value for key, value in other.header.items() if key in ("seed", "settings", "mode", "game")}
        return same == theirs and self.actions[: len(other.actions)] == other.actions


def _common_prefix(old: list[str], new: list[str]) -> int:
    at = 0
    for before, after in zip(old, new, strict=False):
        if before != after:
            break
        at += 1
    return at


def _parent(value: object) -> tuple[str, int] | None:
    """A stored parent (writer, seq), or None if it is none."""
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and type(value[1]) is int:
        return value[0], value[1]
    return None


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
        data = parse_stored(text)
    except SaveError as error:
        return Slot(slot_id, raw=text, fault=str(error))
    if not isinstance(data, dict):
        return Slot(slot_id, raw=text)
    seq, when, writer = data.get("seq"), data.get("when"), data.get("writer")
    actions = data.get("actions")
    header = {key: value for key, value in data.items() if key not in ("actions", *_CHECKPOINT_FIELDS)}
    slot = Slot(
        slot_id,
        header,
        actions.split() if isinstance(actions, str) else [],
        seq if isinstance(seq, int) and not isinstance(seq, bool) else -1,
        _moment(when) or 0.0,
        writer=writer if isinstance(writer, str) else "",
        parent=_parent(data.get("parent")),
    )
    if not isinstance(actions, str):
        slot.raw = text  # the save's own reader says what is wrong with it
    slot.based = slot.seq
    return slot


#: Whether a save's text reads back as a game (the page's reader: it replays the game).
Verify = Callable[[str], bool]


@dataclass
class _Lineage:
    """One writer's entries of a slot read on from where they start: the state after the longest
    run of them that reads back as a game, the texts after it, and whether it came from the journal."""

    slot: Slot
    unread: list[str]
    journal: bool
    #: The last ``seq`` of the writer's entries met (read or not).
    last: int


def _read_lineage(start: Slot, stored: list[Stored], verify: Verify, journal: bool) -> _Lineage:
    """``start`` brought up to date by ``stored`` (one writer's entries, by ``seq``) as far as they
    apply, then back to the longest run of them whose save reads back (bisected: a read replays a game)."""
    states = [start.copy()]
    texts = [item.text for item in stored]
    for item in stored:
        try:
            entry = Entry.from_text(item.text)
        except SaveError:
            break
        following = states[-1].copy()
        if entry.slot != start.id or entry.writer != item.writer or not following.apply(entry):
            break
        if entry.base:
            following.based = entry.seq
        states.append(following)
    low, high = 0, len(states) - 1  # states[low] reads (or is the start), states[high + 1:] do not
    if verify(states[high].save_text()):
        low = high
    while low < high:
        middle = (low + high + 1) // 2
        if verify(states[middle].save_text()):
            low = middle
        else:
            high = middle - 1
    last = stored[-1].seq if stored else start.seq
    return _Lineage(states[low], texts[low:], journal or low > 0, last)


def restore(
    checkpoints: Mapping[str, str], journal: Iterable[Stored], verify: Verify = lambda _text: True
) -> tuple[dict[str, Slot], list[Forget]]:
    """The saved games, and the journal's entries they make useless.

    Each slot's checkpoint (slot id → stored text) is brought up to date by its writer's later
    entries, and every other writer's entries are read from their first base: of these lineages,
    the freshest that reads back (``verify``) is the slot; one that is not the slot's game played
    on becomes a slot of its own (``<slot>-<writer>``); the others' entries are forgotten. (Where
    a checkpoint does not read back, its writer's entries are read from their first base too.)
    What cannot be read is kept: the slot's ``unread`` texts, or the slot itself, ``raw``."""
    slots: dict[str, Slot] = {}
    forgotten: list[Forget] = []
    by_slot: dict[str, dict[str, list[Stored]]] = {}
    for item in sorted(journal, key=lambda item: (item.slot, item.writer, item.seq)):
        by_slot.setdefault(item.slot, {}).setdefault(item.writer, []).append(item)
    for slot_id in sorted({*checkpoints, *by_slot}):
        checkpoint = read_checkpoint(slot_id, checkpoints[slot_id]) if slot_id in checkpoints else None
        writers = by_slot.get(slot_id, {})
        lineages = []
        unread: list[str] = []
        for writer, stored in writers.items():
            if checkpoint is not None and checkpoint.raw is None and writer == checkpoint.writer:
                later = [item for item in stored if item.seq > checkpoint.seq]
                from_checkpoint = _read_lineage(checkpoint, later, verify, journal=False)
                lineages.append(from_checkpoint)
                if verify(from_checkpoint.slot.save_text()):
                    continue
                # A checkpoint that parses but is no game: its writer's entries from their base, too.
            first = next((k for k, item in enumerate(stored) if _is_base(item)), None)
            if first is None:
                unread += [item.text for item in stored]  # entries continuing a state no longer kept
                continue
            lineages.append(_read_lineage(Slot(slot_id), stored[first:], verify, journal=True))
        readable = [lineage for lineage in lineages if lineage.slot.seq >= 0]
        if checkpoint is not None and checkpoint.raw is None and checkpoint.writer not in writers:
            readable.append(_Lineage(checkpoint, [], False, checkpoint.seq))
        if checkpoint is not None and readable and not verify(checkpoint.save_text()):
            readable = [lineage for lineage in readable if lineage.journal] or readable
        if not readable:
            kept = checkpoint or Slot(slot_id, raw="\n".join(unread))
            kept.unread = unread + [text for lineage in lineages for text in lineage.unread]
            slots[slot_id] = kept
            continue
        chosen = max(readable, key=lambda lineage: (lineage.slot.when, lineage.slot.seq))
        slot = chosen.slot
        slot.unread = unread + chosen.unread
        slots[slot_id] = slot
        for lineage in readable:
            if lineage is chosen:
                continue
            taken_over = any(
                other.slot.parent is not None
                and other.slot.parent[0] == lineage.slot.writer
                and other.slot.parent[1] >= lineage.last
                for other in readable
            )
            if not taken_over and not slot.extends(lineage.slot):  # it went another way: a game of its own
                fork = lineage.slot.copy()
                fork.id, fork.unread = f"{slot_id}-{fork.writer or 'old'}", lineage.unread
                slots[fork.id] = fork
            if lineage.slot.writer in writers and lineage.slot.writer != slot.writer:
                forgotten.append(Forget(slot_id, lineage.slot.writer, lineage.last))
    return slots, forgotten


def _is_base(item: Stored) -> bool:
    try:
        return Entry.from_text(item.text).base
    except SaveError:
        return False


class Storage(Protocol):
    """Where the page keeps its saves (``localStorage`` in the browser). Any refusal of
    the browser's is raised as :class:`~farfalia.core.errors.StorageError`."""

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


class WebStorage:
    """A browser's Web Storage (``localStorage``: ``getItem``, ``setItem``, ``removeItem``, ``key``,
    ``length``) as a :class:`Storage`: whatever it throws (storage off, full, failing) is a
    :class:`~farfalia.core.errors.StorageError`, and what is no text reads as nothing."""

    def __init__(self, backend: Callable[[], Any]) -> None:
        """``backend`` gives the Web Storage (asked each time: a browser refusing storage throws
        at that question already)."""
        self.backend = backend

    def _do(self, operation: Callable[[], T]) -> T:
        try:
            return operation()
        except Exception as error:  # the browser's own errors, whatever their kind
            raise StorageError(str(error)) from error

    def get(self, key: str) -> str | None:
        """The text stored under ``key``, or None."""
        value = self._do(lambda: self.backend().getItem(key))
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``."""
        self._do(lambda: self.backend().setItem(key, value))

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self._do(lambda: self.backend().removeItem(key))

    def all_keys(self) -> list[str]:
        """Every key stored."""
        return self._do(lambda: [str(self.backend().key(k)) for k in range(int(self.backend().length))])


class GuardedStorage:
    """The page's storage, kept from ever stopping a game: at the first refusal (storage
    turned off, full, or failing mid-game; but for :meth:`offer`) saving stops for the rest
    of the page's life, and the game plays on in memory. Once off, nothing stored earlier is
    read either, so the screen and a resumed game can never disagree."""

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

    def offer(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key`` if the browser takes it; a refusal leaves saving on (what
        is stored already still reads as it did)."""
        if not self.off:
            with suppress(StorageError):
                self.backend.set(key, value)

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
    :meth:`journal_failed`; from then on every save is a whole checkpoint. The page writes as
    ``writer``; ``verify`` tells whether a save reads back as a game."""

    def __init__(
        self,
        storage: GuardedStorage,
        journal: Iterable[Stored],
        clock: Callable[[], float],
        writer: str = "",
        verify: Verify = lambda _text: True,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.writer = writer
        self.verify = verify
        #: Whether the journal is written (False once it failed: checkpoints only).
        self.journal_on = True
        self.slots: dict[str, Slot] = {}
        #: The last game forgotten to make room for a new one (the page says so), None if none.
        self.evicted: Slot | None = None
        #: A new slot, and the games to forget for it once its first save is kept (not before:
        #: a browser that refuses that save keeps them all).
        self._room_for: tuple[str, list[str]] | None = None
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

    def refresh(self, journal: Iterable[Stored]) -> None:
        """Read every slot again (another tab may have saved): checkpoints brought up to date by
        ``journal``'s entries (:func:`restore`). A checkpoint is rewritten only by a save that reads
        back and holds more; lineages made useless are forgotten."""
        checkpoints = {}
        for key in self.storage.all_keys():
            text = self.storage.get(key) if key.startswith(SLOT_PREFIX) else None
            if text is not None:
                checkpoints[key[len(SLOT_PREFIX) :]] = text
        self.slots, forgotten = restore(checkpoints, journal, self.verify)
        for slot in self.slots.values():
            stored = checkpoints.get(slot.id)
            if stored != slot.checkpoint_text() and slot.raw is None and self.verify(slot.save_text()):
                kept = read_checkpoint(slot.id, stored) if stored is not None else None
                if kept is None or kept.raw is not None or not self.verify(kept.save_text()) or _newer(slot, kept):
                    self.storage.offer(slot.key, slot.checkpoint_text())  # refused (full): the journal still has it
        if self.journal_on:
            self._writes += forgotten

    def new_slot(self, rng: Any, keep: Iterable[str] = ()) -> str:
        """A new, empty slot's id; when :data:`MAX_SLOTS` are kept, the one played longest
        ago is forgotten (never one of ``keep``: the games open in other tabs) once the new
        slot's first save is kept, and then kept in :attr:`evicted` for the page to say so."""
        kept = set(keep)
        by_age = sorted((s for s in self.slots.values() if s.id not in kept), key=lambda s: s.when)
        slot_id = f"{rng.getrandbits(48):012x}"
        self._room_for = (slot_id, [s.id for s in by_age[: max(0, len(self.slots) + 1 - MAX_SLOTS)]])
        self.slots[slot_id] = Slot(slot_id)
        return slot_id

    def save(self, slot_id: str, record: Mapping[str, Any]) -> None:
        """Keep a game's record (:meth:`farfalia.ui.seating.Table.to_record`) in its slot:
        a journal entry of what changed; the whole checkpoint too on a base, or always
        once the journal failed."""
        slot = self.slots.get(slot_id)
        if slot is None or self.storage.off:
            return
        entry = slot.change(record, self.clock(), base=not self.journal_on, writer=self.writer)
        if entry is None:
            return
        if entry.base:
            self.storage.set(slot.key, slot.checkpoint_text())
        if self.storage.off:  # refused: the game is not kept, and the others stay as they were
            self._room_for = None
            return
        if self.journal_on:
            self._writes.append(entry)
        if self._room_for is not None and self._room_for[0] == slot_id:
            _, forgotten, self._room_for = *self._room_for, None
            for old in forgotten:
                self.evicted = self.slots.get(old, self.evicted)
                self.delete(old)

    def checkpoint(self, slot_id: str) -> None:
        """Write a slot's whole checkpoint now (the page is being hidden or closed)."""
        slot = self.slots.get(slot_id)
        if slot is not None and slot.seq > slot.based and slot.writer == self.writer:
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


def _newer(slot: Slot, kept: Slot) -> bool:
    """Whether ``slot`` holds more than the checkpoint ``kept``: a later entry of the same writer, or
    a later state of another (a writer that took the game over)."""
    return slot.seq > kept.seq if slot.writer == kept.writer else slot.when > kept.when
