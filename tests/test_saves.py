"""Saved games in slots: a checkpoint in storage and a journal of what changed. A crash
may lose any checkpoint not yet on disk and any journal write not yet committed; what was
committed always comes back."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from farfalia.engine.errors import SaveError
from farfalia.ui.saves import (
    CHECKPOINT_EVERY,
    LEGACY_SAVE_KEY,
    MAX_SLOTS,
    SLOT_PREFIX,
    Entry,
    Forget,
    GuardedStorage,
    MemoryStorage,
    SavedGames,
    read_checkpoint,
    restore,
)
from farfalia.ui.session import Player, new_session


class Clock:
    """Seconds that go on by one at every reading."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def records(seed: int, steps: int, undo_every: int) -> list[dict[str, object]]:
    """The records of a hot-seat game played at random, taking back a decision now and then."""
    session = new_session("basic5", frozenset(), [Player(f"P{k}", False) for k in range(5)], seed, 0, "normal")
    rng = random.Random(seed)
    out = [session.to_record()]
    for step in range(steps):
        game = session.game
        if game.is_over():
            break
        if undo_every and step % undo_every == undo_every - 1 and game.actions:
            game.undo()
        else:
            game.apply(rng.choice(game.legal_actions()))
        if step % 7 == 3:
            session.pace = rng.choice(["slow", "fast"])  # a change of the save's other fields
        out.append(session.to_record())
    return out


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(1, 90),
    undo_every=st.sampled_from([0, 5, 9]),
    crash=st.floats(0, 1),
    flushed=st.floats(0, 1),
)
def test_a_crash_comes_back_at_the_last_committed_entry(
    seed: int, steps: int, undo_every: int, crash: float, flushed: float
) -> None:
    storage = MemoryStorage()
    saves = SavedGames(GuardedStorage(storage), [], Clock())
    slot = saves.new_slot(random.Random(seed))
    journal: dict[tuple[str, int], str] = {}  # committed entries
    checkpoints: list[str] = []  # every checkpoint written; the disk holds one of them
    history = records(seed, steps, undo_every)
    crash_at = int(crash * (len(history) - 1))
    for record in history[: crash_at + 1]:
        saves.save(slot, record)
        for write in saves.take_writes():
            assert isinstance(write, Entry)
            if write.base:  # what assets/store.js does in one transaction
                journal = {key: text for key, text in journal.items() if key[1] >= write.seq}
            journal[write.slot, write.seq] = write.to_text()
        if SLOT_PREFIX + slot in storage.items:
            checkpoints.append(storage.items[SLOT_PREFIX + slot])
    on_disk = checkpoints[int(flushed * (len(checkpoints) - 1))] if checkpoints else None
    back = restore({slot: on_disk} if on_disk else {}, journal.values())
    expected = history[crash_at]
    assert json.loads(back[slot].save_text()) == json.loads(json.dumps(expected))


def test_entries_hold_only_what_changed_and_a_base_every_few() -> None:
    saves = SavedGames(GuardedStorage(MemoryStorage()), [], Clock())
    slot = saves.new_slot(random.Random(1))
    history = records(3, 40, 0)
    for record in history:
        saves.save(slot, record)
    entries = [w for w in saves.take_writes() if isinstance(w, Entry)]
    assert entries[0].base and len(entries[0].header) > 5  # the whole save
    plain = [e for e in entries if not e.base]
    assert plain and all(len(e.add) == 1 and set(e.header) <= {"pace"} for e in plain)
    bases = [e.seq for e in entries if e.base]
    assert bases == list(range(0, len(entries), CHECKPOINT_EVERY))


def test_unreadable_entries_and_entries_after_a_gap_are_left_out() -> None:
    saves = SavedGames(GuardedStorage(MemoryStorage()), [], Clock())
    slot = saves.new_slot(random.Random(1))
    history = records(4, 10, 0)
    for record in history:
        saves.save(slot, record)
    texts = [w.to_text() for w in saves.take_writes() if isinstance(w, Entry)]
    back = restore({}, texts[:4] + texts[5:] + ["{", "[]", '{"slot": 1}', "null"])
    assert json.loads(back[slot].save_text()) == json.loads(json.dumps(history[3]))
    with pytest.raises(SaveError):
        Entry.from_text('{"slot": "a", "seq": -1, "at": 0, "add": "", "header": {}, "when": 0}')


@pytest.mark.parametrize(
    "damage",
    ['{"slot": "a"}', '{"slot": "a", "seq": 1, "at": 0, "add": "", "header": {}, "when": 1' + "0" * 400 + "}",
     '{"slot": "a", "seq": 1, "at": 0, "add": "", "header": {}, "when": NaN}',
     '{"slot": "a", "seq": 1, "at": 0, "add": "", "header": {}, "when": -Infinity}'],
)  # fmt: skip
def test_a_damaged_entry_or_checkpoint_time_is_left_out_never_raised(damage: str) -> None:
    """A journal entry lacking a field, or whose time is too large or not finite (a damaged store):
    the entry is left out as unreadable (they raised KeyError or OverflowError, or NaN reached the
    start screen's "5 minutes ago", and the page did not start); a checkpoint's such time reads as none."""
    with pytest.raises(SaveError):
        Entry.from_text(damage)
    assert restore({}, [damage]) == {}
    assert read_checkpoint("a", damage.replace('"slot": "a"', '"actions": ""')).when == 0.0


def test_the_oldest_game_makes_room_and_a_delete_reaches_the_journal() -> None:
    storage = MemoryStorage()
    saves = SavedGames(GuardedStorage(storage), [], Clock())
    rng = random.Random(2)
    first = saves.new_slot(rng)
    saves.save(first, records(1, 0, 0)[0])
    for _ in range(MAX_SLOTS - 1):
        saves.save(saves.new_slot(rng), records(1, 0, 0)[0])
    saves.take_writes()
    newest = saves.new_slot(rng)
    assert first not in saves.slots and newest in saves.slots and len(saves.slots) == MAX_SLOTS
    assert saves.take_writes() == [Forget(first)] and SLOT_PREFIX + first not in storage.items


def test_the_one_save_of_the_page_before_slots_becomes_a_slot() -> None:
    storage = MemoryStorage()
    storage.set(LEGACY_SAVE_KEY, json.dumps(records(5, 3, 0)[-1]))
    saves = SavedGames(GuardedStorage(storage), [], Clock())
    [slot] = saves.slots.values()
    assert LEGACY_SAVE_KEY not in storage.items and len(slot.actions) == 3
