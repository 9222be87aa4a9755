"""Saved games in slots: a checkpoint in storage and a journal of what changed. A crash
may lose any checkpoint not yet on disk and any journal write not yet committed; what was
committed always comes back."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from farfalia.core.errors import FarfaliaError, SaveError
from farfalia.games.farfalia.page.session import new_session
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
    Stored,
    parse_stored,
    read_checkpoint,
    restore,
)
from farfalia.ui.seating import Player
from farfalia.ui.shelf import load_table, read_save
from tests.support import FailingStorage


class Clock:
    """Seconds that go on by one at every reading."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def records(seed: int, steps: int, undo_every: int, choices: int | None = None) -> list[dict[str, object]]:
    """The records of a hot-seat game played at random, taking back a decision now and then
    (``choices``: the seed of its random choices, if not the game's)."""
    session = new_session("basic5", frozenset(), [Player(f"P{k}", False) for k in range(5)], seed, 0, "normal")
    rng = random.Random(seed if choices is None else choices)
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


def load_verifies(text: str) -> bool:
    """The page's verdict on a save: does it read back as a game."""
    try:
        load_table(text)[0]
    except FarfaliaError:
        return False
    return True


def write_out(saves: SavedGames, journal: dict[tuple[str, str, int], str]) -> None:
    """What assets/store.js does with the page's writes, each in one transaction."""
    for write in saves.take_writes():
        if isinstance(write, Forget):
            for key in [key for key in journal if key[0] == write.slot]:
                if write.writer is None or (key[1] == write.writer and key[2] <= (write.upto or 0)):
                    del journal[key]
            continue
        if write.base:
            for key in [key for key in journal if key[:2] == (write.slot, write.writer) and key[2] < write.seq]:
                del journal[key]
        journal[write.slot, write.writer, write.seq] = write.to_text()


def stored(journal: dict[tuple[str, str, int], str]) -> list[Stored]:
    return [Stored(*key, text) for key, text in journal.items()]


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
    saves = SavedGames(GuardedStorage(storage), [], Clock(), writer="a")
    slot = saves.new_slot(random.Random(seed))
    journal: dict[tuple[str, str, int], str] = {}  # committed entries
    checkpoints: list[str] = []  # every checkpoint written; the disk holds one of them
    history = records(seed, steps, undo_every)
    crash_at = int(crash * (len(history) - 1))
    for record in history[: crash_at + 1]:
        saves.save(slot, record)
        write_out(saves, journal)
        if SLOT_PREFIX + slot in storage.items:
            checkpoints.append(storage.items[SLOT_PREFIX + slot])
    on_disk = checkpoints[int(flushed * (len(checkpoints) - 1))] if checkpoints else None
    back, _ = restore({slot: on_disk} if on_disk else {}, stored(journal))
    expected = history[crash_at]
    assert json.loads(back[slot].save_text()) == json.loads(json.dumps(expected))


def test_entries_hold_only_what_changed_and_a_base_every_few() -> None:
    saves = SavedGames(GuardedStorage(MemoryStorage()), [], Clock(), writer="a")
    slot = saves.new_slot(random.Random(1))
    history = records(3, 40, 0)
    for record in history:
        saves.save(slot, record)
    entries = [w for w in saves.take_writes() if isinstance(w, Entry)]
    assert entries[0].base and len(entries[0].header) > 5  # the whole save
    plain = [e for e in entries if not e.base]
    assert plain and all(len(e.add) == 1 and set(e.header) <= {"pace"} for e in plain)
    bases = [e.seq for e in entries if e.base]
    assert bases == list(range(0, len(entries), CHECKPOINT_EVERY)) and {e.writer for e in entries} == {"a"}


def test_unreadable_entries_and_entries_after_a_gap_are_kept_aside_not_applied() -> None:
    saves = SavedGames(GuardedStorage(MemoryStorage()), [], Clock(), writer="a")
    slot = saves.new_slot(random.Random(1))
    history = records(4, 10, 0)
    for record in history:
        saves.save(slot, record)
    entries = [w.stored() for w in saves.take_writes() if isinstance(w, Entry)]
    junk = [Stored(slot, "a", 20 + k, text) for k, text in enumerate(["{", "[]", '{"slot": 1}', "null"])]
    back, _ = restore({}, entries[:4] + entries[5:] + junk)
    assert json.loads(back[slot].save_text()) == json.loads(json.dumps(history[3]))
    assert back[slot].unread == [item.text for item in entries[5:] + junk]  # kept for download
    assert json.loads(back[slot].kept_text())["unread journal"] == back[slot].unread
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
    slots, _ = restore({}, [Stored("a", "", 1, damage)])
    assert slots["a"].raw is not None and slots["a"].unread == [damage]  # listed, kept, never applied
    assert read_checkpoint("a", damage.replace('"slot": "a"', '"actions": ""')).when == 0.0


@pytest.mark.parametrize(
    "nested", ["[" * 8000 + "]" * 8000, "{" + '"a":{' * 50_000 + "}" * 50_001, '{"x": "' + "[" * 9000 + '"}']
)
def test_a_stored_text_nested_too_deep_is_refused_before_it_is_parsed(nested: str) -> None:
    """Parsing ``[`` × 8000 stopped Pyodide for good ("Maximum call stack size exceeded"): such a text
    is refused by counting its brackets first (those inside strings are text, not nesting)."""
    if nested.startswith('{"x"'):
        assert parse_stored(nested) == {"x": "[" * 9000}
        return
    with pytest.raises(SaveError, match="nested deeper"):
        parse_stored(nested)
    slot = read_checkpoint("deep", nested)
    assert slot.raw == nested and "nested deeper" in slot.fault
    entry = json.dumps({"slot": "deep", "seq": 0, "at": 0, "add": "", "when": 1, "base": True, "header": 0})
    deep_entry = entry.replace('"header": 0', '"header": ' + nested[:9000] + nested[-9000:])
    slots, _ = restore({"deep": nested}, [Stored("deep", "", 0, deep_entry)])
    assert slots["deep"].raw == nested and slots["deep"].unread == [deep_entry]


def test_a_journal_that_does_not_read_back_never_replaces_a_readable_save() -> None:
    """A journal base that parses but holds no game (``{"format": 99}``) was merged into the
    checkpoint and the checkpoint rewritten: a save of 442 characters became one of 61. Now the
    slot stays at its checkpoint, unwritten, and the entry is kept aside."""
    storage = MemoryStorage()
    saves = SavedGames(GuardedStorage(storage), [], Clock(), writer="a", verify=load_verifies)
    slot = saves.new_slot(random.Random(3))
    for record in records(6, 5, 0):
        saves.save(slot, record)
    saves.checkpoint(slot)
    journal: dict[tuple[str, str, int], str] = {}
    write_out(saves, journal)
    before = storage.items[SLOT_PREFIX + slot]
    bad = Entry(slot, 6, 0, (), {"format": 99}, 2e9, base=True, writer="a").stored()
    again = SavedGames(GuardedStorage(storage), [*stored(journal), bad], Clock(), writer="b", verify=load_verifies)
    assert storage.items[SLOT_PREFIX + slot] == before  # never rewritten
    kept = {key: value for key, value in json.loads(before).items() if key not in ("seq", "when", "writer", "parent")}
    assert json.loads(again.slots[slot].save_text()) == kept and load_verifies(again.slots[slot].save_text())
    assert again.slots[slot].unread == [bad.text]


def test_the_oldest_game_makes_room_and_is_named_and_a_delete_reaches_the_journal() -> None:
    storage = MemoryStorage()
    saves = SavedGames(GuardedStorage(storage), [], Clock())
    rng = random.Random(2)
    first = saves.new_slot(rng)
    saves.save(first, records(1, 0, 0)[0])
    for _ in range(MAX_SLOTS - 1):
        saves.save(saves.new_slot(rng), records(1, 0, 0)[0])
    saves.take_writes()
    newest = saves.new_slot(rng)
    assert first in saves.slots and saves.evicted is None  # not until the new game is kept
    saves.save(newest, records(2, 0, 0)[0])
    assert first not in saves.slots and newest in saves.slots and len(saves.slots) == MAX_SLOTS
    assert saves.evicted is not None and saves.evicted.id == first
    writes = saves.take_writes()
    assert writes[-1] == Forget(first) and SLOT_PREFIX + first not in storage.items


def test_a_new_game_the_browser_refuses_to_keep_makes_no_room() -> None:
    """Storage full: a ninth game's first save is refused, and the game played longest ago was
    deleted to make room for it all the same (the note said both), while its journal entry was
    written; now every game stays, and nothing of the new one is written."""
    storage = FailingStorage(writes=MAX_SLOTS)
    saves = SavedGames(GuardedStorage(storage), [], Clock())
    rng = random.Random(2)
    for _ in range(MAX_SLOTS):
        saves.save(saves.new_slot(rng), records(1, 0, 0)[0])
    saves.take_writes()
    kept = dict(storage.items)
    storage.writes = 0  # full from now on
    newest = saves.new_slot(rng)
    saves.save(newest, records(2, 0, 0)[0])
    assert saves.storage.off and saves.evicted is None and saves.take_writes() == []
    assert storage.items == kept


def test_the_one_save_of_the_page_before_slots_becomes_a_slot() -> None:
    storage = MemoryStorage()
    storage.set(LEGACY_SAVE_KEY, json.dumps(records(5, 3, 0)[-1]))
    saves = SavedGames(GuardedStorage(storage), [], Clock())
    [slot] = saves.slots.values()
    assert LEGACY_SAVE_KEY not in storage.items and len(slot.actions) == 3


# ------------------------------------------------------------------ two tabs


class Tab:
    """A page of the same browser: its own writer, the shared storage and journal."""

    def __init__(self, name: str, storage: MemoryStorage, journal: dict[tuple[str, str, int], str]) -> None:
        self.journal, self.storage = journal, storage
        self.saves = SavedGames(GuardedStorage(storage), stored(journal), CLOCK, writer=name, verify=load_verifies)

    def play(self, slot: str, record: dict[str, object]) -> None:
        self.saves.save(slot, record)
        write_out(self.saves, self.journal)


CLOCK = Clock()


def test_a_tab_that_takes_a_game_over_continues_it_without_a_copy() -> None:
    """A reload is a new writer: it takes the slot over with a base naming the state it took, so
    the old lineage is forgotten, not kept as a copy, even when the new one undid a move."""
    storage, journal = MemoryStorage(), {}
    history = records(7, 12, 0)
    first = Tab("first", storage, journal)
    slot = first.saves.new_slot(random.Random(1))
    for record in history[:8]:
        first.play(slot, record)
    second = Tab("second", storage, journal)
    second.play(slot, history[6])  # an undo, at once
    second.play(slot, history[7])
    third = Tab("third", storage, journal)
    assert list(third.saves.slots) == [slot]  # no copy
    assert json.loads(third.saves.slots[slot].save_text()) == json.loads(json.dumps(history[7]))
    write_out(third.saves, journal)
    assert {key[1] for key in journal} == {"second"}  # the first tab's lineage forgotten


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 1000), st.lists(st.sampled_from("ab"), min_size=2, max_size=30), st.booleans())
@example(seed=171, turns=["b", "a"], apart=True)  # G13 after G1: two ways, not one played on
def test_two_tabs_that_play_one_game_at_once_never_mix_and_lose_nothing(
    seed: int, turns: list[str], apart: bool
) -> None:
    """Two tabs write the same slot at once (no Web Locks, a race), the second going the same way
    or another: each keeps its own lineage. The game comes back as the freshest tab left it, and
    the other tab's, where it went another way, as a game of its own: never a mix of the two (the
    issue's ``G2 G3 G5 G10 G11 G2 G8``), and nothing lost."""
    storage, journal = MemoryStorage(), {}
    games = {"a": records(seed, 30, 0), "b": records(seed, 30, 0, choices=seed + 1 if apart else None)}
    tabs = {name: Tab(name, storage, journal) for name in "ab"}
    slot = tabs["a"].saves.new_slot(random.Random(seed))
    tabs["b"].saves.slots[slot] = tabs["a"].saves.slots[slot].copy()
    moves = {"a": 0, "b": 0}
    for name in turns:
        moves[name] = min(moves[name] + 1, len(games[name]) - 1)
        tabs[name].play(slot, games[name][moves[name]])
    back = [json.loads(game.save_text()) for game in Tab("c", storage, journal).saves.slots.values()]

    def continues(game: dict[str, object], record: dict[str, object]) -> bool:
        """Whether ``game``'s actions begin with ``record``'s, decision by decision ("G13" does not continue "G1")."""
        done = str(record["actions"]).split()
        return str(game["actions"]).split()[: len(done)] == done

    for name in "ab":  # each tab's last state is kept: as a game, or within one played on from it
        if moves[name]:
            last = json.loads(json.dumps(games[name][moves[name]]))
            assert any(continues(game, last) for game in back), name
    for game in back:  # and nothing else: every game kept is one a tab had (no mix)
        assert any(game == json.loads(json.dumps(record)) for record in games["a"] + games["b"])
    freshest, other = turns[-1], "b" if turns[-1] == "a" else "a"
    played_on = continues(games[freshest][moves[freshest]], games[other][moves[other]])
    assert len(back) == 1 + (moves[other] > 0 and not played_on)  # a copy exactly where the freshest went another way


@pytest.mark.parametrize("damage", [{"actions": "ZZ9"}, {"players": []}])
def test_a_checkpoint_that_parses_but_holds_no_game_gives_way_to_its_journal(damage: dict[str, object]) -> None:
    """A checkpoint damaged into a save that parses but does not replay hid a journal holding the
    whole game: the slot was listed as unreadable, and discarding it deleted the journal too."""
    storage = MemoryStorage()
    saves = SavedGames(GuardedStorage(storage), [], Clock(), writer="a", verify=load_verifies)
    slot = saves.new_slot(random.Random(3))
    history = records(6, 12, 0)
    for record in history:
        saves.save(slot, record)
    saves.checkpoint(slot)
    journal: dict[tuple[str, str, int], str] = {}
    write_out(saves, journal)
    checkpoint = json.loads(storage.items[SLOT_PREFIX + slot])
    damaged = {**checkpoint, **damage}
    if "actions" in damage:
        damaged["actions"] = f"{damage['actions']} {checkpoint['actions']}"
    storage.items[SLOT_PREFIX + slot] = json.dumps(damaged)
    again = SavedGames(GuardedStorage(storage), stored(journal), Clock(), writer="b", verify=load_verifies)
    assert json.loads(again.slots[slot].save_text()) == json.loads(json.dumps(history[-1]))  # the journal's game
    assert load_verifies(again.slots[slot].save_text())


def test_a_checkpoint_brought_up_to_date_that_storage_full_refuses_hides_no_game() -> None:
    """A checkpoint behind its journal is rewritten as the page opens: refused there (storage full),
    it turned saving off, and the start screen listed none of the games still stored."""
    storage = MemoryStorage()
    saves = SavedGames(GuardedStorage(storage), [], Clock(), writer="a", verify=load_verifies)
    slot = saves.new_slot(random.Random(3))
    history = records(6, 5, 0)
    for record in history:
        saves.save(slot, record)  # the first a base, in the checkpoint; the others in the journal only
    journal: dict[tuple[str, str, int], str] = {}
    write_out(saves, journal)
    full = FailingStorage(writes=0)
    full.items = dict(storage.items)
    again = SavedGames(GuardedStorage(full), stored(journal), Clock(), writer="b", verify=load_verifies)
    assert not again.storage.off and [s.id for s in again.by_recent()] == [slot]
    assert json.loads(again.slots[slot].save_text()) == json.loads(json.dumps(history[-1]))


def test_a_save_of_a_finished_game_says_it_is_finished() -> None:
    """The page left at a game's end keeps its save (its end, to share or review): the first screen
    offered it as a game to continue, "hand 4 of 4", as if there were more to play."""
    session = new_session("two", frozenset(), [Player(f"P{k}", False) for k in range(2)], 3, 0, "normal")
    rng = random.Random(3)
    assert read_save(session.to_save())[0] == "Farfalia for two (two dummies), hand 1 of 4"
    while not session.game.is_over():
        session.game.apply(rng.choice(session.game.legal_actions()))
    assert read_save(session.to_save())[0] == "Farfalia for two (two dummies), hand 4 of 4, finished"
