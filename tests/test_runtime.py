"""What the page does that waits on the browser (:mod:`farfalia.ui.runtime`), driven as
``main.py`` drives it, by a stand-in glue with fake time: journal writes and their completions, a
bot that waits for the disk, the bots' and a search's timers, Web Locks and leases, the focus
given back to a dialog's opener, a press that closes the menu of tools, a form redrawn after
the click its press makes, one press one decision."""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Callable

import pytest

from farfalia.core.errors import SessionError
from farfalia.games.farfalia.engine.rules import Settings
from farfalia.games.farfalia.records.replay import encode
from farfalia.ui import reviews
from farfalia.ui import runtime as rt
from farfalia.ui.answers import answer_message
from farfalia.ui.contract import Command
from farfalia.ui.controller import Controller
from farfalia.ui.game import find_game
from farfalia.ui.keyboard import PANEL_BUTTON, TABLE
from farfalia.ui.preferences import PREFERENCES_KEY
from farfalia.ui.saves import MemoryStorage
from farfalia.ui.seating import Table
from farfalia.ui.tabs import LEASE_PREFIX, LEASE_SECONDS, Lease
from tests.support import Ticks, random_game

#: A game of four, the person first to play (player 3 deals), bots at the heuristic, no waiting.
FORM = {"mode": "four", "kind-0": "human", "dealer": "3", "seed": "7", "pace": "instant", "level": "quick"}


class Clock:
    """Fake time, in seconds."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Glue:
    """``main.py`` in miniature: carries out the runtime's effects on fake timers and a fake
    journal (whose writes complete when the test says), and draws when told to."""

    def __init__(
        self,
        controller: Controller,
        journal: bool = True,
        locks: bool = True,
        worker: rt.Worker = rt.Worker.OFF,
        eager: bool = False,
    ) -> None:
        self.controller = controller
        self.runtime = rt.Runtime(controller, journal=journal, locks=locks, worker=worker, eager=eager)
        #: Workers started, and the questions sent to the worker not answered yet.
        self.workers = 0
        self.asked: list[bytes] = []
        self.timers: dict[rt.Timer, int] = {}
        self.writing: list[rt.WriteEntry] = []
        self.forgotten: list[rt.ForgetEntries] = []
        self.holding: list[str] = []
        self.released: list[str] = []
        self.draws = 0
        #: The start screen's list of saved games as last written alone (``rt.Relist``).
        self.listed = ""
        self.run(self.runtime.started())

    def run(self, effects: list[rt.Effect]) -> None:
        for effect in effects:
            if isinstance(effect, rt.Draw):
                self.draw()
            elif isinstance(effect, rt.SetTimer):
                self.timers[effect.timer] = effect.ms
            elif isinstance(effect, rt.CancelTimer):
                self.timers.pop(effect.timer, None)
            elif isinstance(effect, rt.WriteEntry):
                self.writing.append(effect)
            elif isinstance(effect, rt.ForgetEntries):
                self.forgotten.append(effect)
            elif isinstance(effect, rt.Hold):
                self.holding.append(effect.slot)
            elif isinstance(effect, rt.Release):
                self.released.append(effect.slot)
            elif isinstance(effect, rt.Relist):
                self.listed = self.controller.saved_list()
            elif isinstance(effect, rt.StartWorker):
                self.workers += 1
            elif isinstance(effect, rt.Ask):
                self.asked.append(effect.message)

    def answer(self, clock: Callable[[], float] = time.perf_counter) -> None:
        """The worker answers the first question waiting (as ``assets/thinker.js`` does), timing
        itself by ``clock``."""
        self.run(self.runtime.answered(answer_message(self.asked.pop(0), clock)))

    def draw(self) -> None:
        self.controller.screen()
        self.draws += 1
        self.run(self.runtime.drawn())

    def fire(self, timer: rt.Timer) -> None:
        assert timer in self.timers, f"{timer} is not set: {self.timers}"
        del self.timers[timer]
        self.run(self.runtime.fired(timer))

    def settle_writes(self) -> None:
        """Every journal write under way completes."""
        while self.writing:
            self.writing.pop(0)
            self.run(self.runtime.written())

    def until_the_person_decides(self, limit: int = 400) -> None:
        """Let timers fire (the journal keeping up) until only the person can move the game on."""
        for _ in range(limit):
            self.settle_writes()
            due = [t for t in (rt.Timer.BOT, rt.Timer.THINK, rt.Timer.REDRAW) if t in self.timers]
            if not due:
                return
            self.fire(due[0])
        raise AssertionError("the game never waited for the person")


def page(
    storage: MemoryStorage | None = None, clock: Clock | None = None, locks: bool = True, tab: int = 1
) -> Controller:
    """A page whose person plays every card by hand (auto-play off); ``locks``: the browser has Web Locks;
    ``tab``: the seed of its randomness (its tab's id among them)."""
    storage = storage or MemoryStorage()
    storage.set(PREFERENCES_KEY, '{"autoplay": "off"}')
    return Controller(storage, "http://site/index.html", rng=random.Random(tab), clock=clock or Clock(), locks=locks)


def started(glue: Glue, form: dict[str, str] = FORM) -> None:
    glue.controller.command(Command.START, form)
    glue.draw()


def person_played(glue: Glue) -> Table:
    """A game started and on disk, its person's first card played and drawn: its table."""
    started(glue)
    glue.settle_writes()
    table = glue.controller.table
    assert table is not None and glue.controller.bot_delay() is None  # the person leads
    glue.controller.act(str(table.game.legal_actions()[0]))
    glue.draw()
    return table


def test_a_decision_is_written_to_the_journal_and_the_bot_waits_for_it() -> None:
    glue = Glue(page())
    person_played(glue)
    assert len(glue.writing) == 1 and rt.Timer.DISK in glue.timers and rt.Timer.BOT not in glue.timers
    assert glue.runtime.waiting_for_disk
    glue.settle_writes()  # on disk: the bot may move
    assert rt.Timer.BOT in glue.timers and rt.Timer.DISK not in glue.timers
    assert glue.writing == [] and not glue.runtime.waiting_for_disk


def test_a_stuck_journal_holds_the_game_for_the_disk_wait_only() -> None:
    glue = Glue(page())
    table = person_played(glue)
    assert glue.timers.get(rt.Timer.DISK) == rt.DISK_WAIT_MS
    before = len(table.game.actions)
    glue.fire(rt.Timer.DISK)  # the write never completed: the game goes on without it
    assert rt.Timer.BOT in glue.timers
    glue.fire(rt.Timer.BOT)
    assert len(table.game.actions) == before + 1  # a bot played (the heuristic: at once)


def test_a_failed_write_makes_the_next_save_a_whole_checkpoint_and_the_game_goes_on() -> None:
    glue = Glue(page())
    table = person_played(glue)
    glue.writing.clear()
    glue.run(glue.runtime.write_failed())
    assert rt.Timer.BOT in glue.timers and glue.runtime.unsaved == 0
    glue.fire(rt.Timer.BOT)
    slot = glue.controller.shelf.saves.slots[glue.controller.shelf.slot or ""]
    assert glue.writing == [] and slot.actions == [str(action) for action in table.game.actions]  # a checkpoint


def test_without_a_journal_nothing_is_written_and_nothing_waits() -> None:
    glue = Glue(page(), journal=False)
    person_played(glue)
    assert glue.writing == [] and rt.Timer.BOT in glue.timers and glue.holding == []


def test_a_search_runs_in_slices_and_its_decision_is_drawn_once() -> None:
    glue = Glue(page())
    started(glue, FORM | {"level": "strong", "kind-0": "bot"})
    table = glue.controller.table
    assert table is not None
    slices = 0
    for _ in range(6):  # six decisions of the strong bots
        glue.settle_writes()
        before, draws = len(table.game.actions), glue.draws
        glue.fire(rt.Timer.BOT)  # a bot's search starts, a slice at a time (a forced card: at once)
        while rt.Timer.THINK in glue.timers:
            assert glue.draws == draws and len(table.game.actions) == before  # nothing drawn mid-search
            glue.fire(rt.Timer.THINK)
            slices += 1
        assert len(table.game.actions) == before + 1 and glue.draws == draws + 1
    assert slices > 0


def test_the_game_played_here_is_held_and_let_go() -> None:
    glue = Glue(page())
    started(glue)
    slot = glue.controller.shelf.slot
    assert slot is not None and glue.holding == [slot]
    glue.controller.command(Command.NEW_GAME)
    glue.controller.command(Command.LEAVE_GAME)
    glue.draw()
    assert glue.released == [slot]


def test_a_game_another_tab_took_first_is_left_to_it() -> None:
    glue = Glue(page())
    started(glue)
    slot = glue.controller.shelf.slot
    assert slot is not None
    glue.run(glue.runtime.held(slot, False))  # the Web Lock was another tab's
    assert glue.controller.table is None and glue.controller.shelf.slot is None
    assert "open in another tab" in glue.controller.screen().overlay
    assert rt.Timer.BOT not in glue.timers


def test_without_web_locks_a_lease_is_renewed_and_a_lost_race_is_told() -> None:
    clock, storage = Clock(), MemoryStorage()
    glue = Glue(page(storage, clock, locks=False), locks=False)
    assert glue.timers == {rt.Timer.HEARTBEAT: rt.HEARTBEAT_MS}
    started(glue)
    slot = glue.controller.shelf.slot
    assert slot is not None and glue.holding == []  # no Web Locks: a lease instead
    lease = Lease.read(storage.get(LEASE_PREFIX + slot))
    assert lease is not None and lease.until == clock.now + LEASE_SECONDS
    clock.now += 2
    glue.fire(rt.Timer.HEARTBEAT)
    lease = Lease.read(storage.get(LEASE_PREFIX + slot))
    assert lease is not None and lease.until == clock.now + LEASE_SECONDS and rt.Timer.HEARTBEAT in glue.timers
    storage.set(LEASE_PREFIX + slot, Lease("another tab", clock.now + LEASE_SECONDS).to_text())  # a race lost
    draws = glue.draws
    glue.fire(rt.Timer.HEARTBEAT)
    assert glue.controller.table is None and glue.draws == draws + 1
    assert "open in another tab" in glue.controller.screen().overlay


def test_a_closed_page_whose_heartbeat_comes_late_takes_its_game_no_more() -> None:
    clock, storage = Clock(), MemoryStorage()
    glue = Glue(page(storage, clock, locks=False), locks=False)
    started(glue)
    slot = glue.controller.shelf.slot
    assert slot is not None and storage.get(LEASE_PREFIX + slot) is not None
    glue.controller.page_closed()  # the tab closes while busy: its beat, due meanwhile, comes after
    clock.now += 2
    glue.fire(rt.Timer.HEARTBEAT)
    assert storage.get(LEASE_PREFIX + slot) is None  # let go for good: the other tabs may take it
    glue.run(glue.runtime.page_shown())  # back from the back-forward cache: held again at once
    lease = Lease.read(storage.get(LEASE_PREFIX + slot))
    assert lease is not None and lease.until == clock.now + LEASE_SECONDS and glue.controller.table is not None


def test_a_page_shown_again_after_another_tab_took_its_game_leaves_it() -> None:
    clock, storage = Clock(), MemoryStorage()
    glue = Glue(page(storage, clock, locks=False), locks=False)
    started(glue)
    slot = glue.controller.shelf.slot
    assert slot is not None
    glue.controller.page_closed()
    storage.set(LEASE_PREFIX + slot, Lease("another tab", clock.now + LEASE_SECONDS).to_text())
    glue.run(glue.runtime.page_shown())
    assert glue.controller.table is None and "open in another tab" in glue.controller.screen().overlay


def test_a_game_whose_tab_died_is_shown_free_once_its_lease_runs_out() -> None:
    clock, storage = Clock(), MemoryStorage()
    playing = Glue(page(storage, clock, locks=False), locks=False)
    started(playing)  # then its tab dies: no beat, no pagehide
    waiting = Glue(page(storage, clock, locks=False, tab=2), locks=False)
    waiting.controller.open("")
    waiting.draw()
    assert 'class="elsewhere"' in waiting.controller.saved_list() and waiting.listed == ""
    slot = playing.controller.shelf.slot
    assert slot is not None
    assert f'data-command="discard-save" data-slot="{slot}" disabled' in waiting.controller.saved_list()
    with pytest.raises(SessionError, match="open in another tab"):  # a list written before it was taken
        waiting.controller.command(Command.DISCARD_SAVE, {"slot": slot})
    assert slot in waiting.controller.shelf.saves.slots  # its tab plays on, and saves on
    clock.now += LEASE_SECONDS - 1
    waiting.fire(rt.Timer.HEARTBEAT)
    assert waiting.listed == ""  # still held: the list stays as it is
    clock.now += 1
    waiting.fire(rt.Timer.HEARTBEAT)
    assert waiting.listed and 'class="elsewhere"' not in waiting.listed  # written again: free to resume
    waiting.fire(rt.Timer.HEARTBEAT)
    assert rt.Timer.HEARTBEAT in waiting.timers


def test_a_dialog_takes_the_focus_and_gives_it_back_to_its_opener() -> None:
    glue = Glue(page())
    started(glue)
    runtime, controller = glue.runtime, glue.controller
    opener = '[data-command="help"]'
    assert runtime.focus(controller.screen(), opener, "").order[0] != PANEL_BUTTON
    controller.command(Command.HELP)
    opened = runtime.focus(controller.screen(), opener, "")
    assert opened.order == (PANEL_BUTTON,) and opened.still
    assert runtime.focus(controller.screen(), PANEL_BUTTON, "").order[0] == PANEL_BUTTON  # it stays there
    controller.command(Command.CLOSE_HELP)
    closed = runtime.focus(controller.screen(), None, "")
    assert closed.order[0] == opener and closed.order[-1] == TABLE
    assert runtime.focus(controller.screen(), TABLE, "").order[0] != opener  # given back once


def test_a_form_being_filled_keeps_its_field_and_a_share_link_is_selected() -> None:
    glue = Glue(page())
    glue.controller.open("")
    glue.controller.command(Command.EDITOR, {})
    assert glue.runtime.focus(glue.controller.screen(), None, "hand-0") == rt.Focus(field="hand-0")
    glue.controller.command(Command.EDITOR_FILL)
    glue.controller.command(Command.EDITOR_SHARE)
    assert glue.runtime.focus(glue.controller.screen(), None, "").share


def test_a_form_is_redrawn_after_the_click_its_press_makes() -> None:
    glue = Glue(page())
    runtime = glue.runtime
    assert runtime.form_changed() == [rt.SetTimer(rt.Timer.REDRAW, 0)]  # typed: redrawn once the focus moved on
    glue.draw()
    assert runtime.fired(rt.Timer.REDRAW) == []  # drawn meanwhile: nothing more to do
    runtime.pointer_down(menu_open=False, inside_menu=False)
    assert runtime.form_changed() == []  # the field lost the focus to a press: its click first
    assert runtime.pointer_up() == [rt.SetTimer(rt.Timer.REDRAW, 0)]
    assert runtime.fired(rt.Timer.REDRAW) == [rt.Draw()]


def test_a_press_that_closes_the_menu_of_tools_does_nothing_more() -> None:
    runtime = Glue(page()).runtime
    runtime.pointer_down(menu_open=True, inside_menu=False)
    assert runtime.click(1, 10.0, True, True) == rt.ClickOutcome.REFUSED  # a card under the finger is not played
    runtime.pointer_down(menu_open=True, inside_menu=True)
    assert runtime.click(1, 20.0, True, False) == rt.ClickOutcome.ACT  # a tool of the menu is chosen
    runtime.pointer_down(menu_open=False, inside_menu=True)
    assert runtime.click(2, 20.2, False, False) == rt.ClickOutcome.PASS  # "⋯" again, at once: it opens the menu
    runtime.pointer_down(menu_open=False, inside_menu=False)
    assert runtime.click(1, 30.0, True, True) == rt.ClickOutcome.ACT
    assert runtime.click(2, 30.1, True, True) == rt.ClickOutcome.REFUSED  # a double-click's second


def test_keys_go_where_they_belong_and_a_click_then_enter_is_one_decision() -> None:
    glue = Glue(page())
    started(glue)
    runtime = glue.runtime
    on_control = rt.KeyFacts(control=True)
    assert runtime.key("a", rt.KeyFacts(field=True), False, 1.0) == rt.KeyOutcome.PASS  # a field's own key
    assert runtime.key("h", rt.KeyFacts(modified=True), False, 1.0) == rt.KeyOutcome.PASS  # the browser's
    assert runtime.key("ArrowLeft", rt.KeyFacts(card=2), False, 1.0) == rt.KeyOutcome.MOVE_CARD
    assert runtime.key("?", rt.KeyFacts(), False, 1.0) == rt.KeyOutcome.USED  # the help
    assert runtime.key("Escape", rt.KeyFacts(field=True), False, 1.0) == rt.KeyOutcome.USED  # closed, from a field
    assert runtime.click(1, 4.0, True, False) == rt.ClickOutcome.ACT  # a command (the start, a tool)...
    assert runtime.key("Enter", on_control, False, 4.1) != rt.KeyOutcome.REFUSED  # ...arms no guard
    assert runtime.click(1, 5.0, True, True) == rt.ClickOutcome.ACT
    assert runtime.key("Enter", on_control, False, 5.1) == rt.KeyOutcome.REFUSED  # the same decision twice
    assert runtime.key("Enter", on_control, True, 9.0) == rt.KeyOutcome.REFUSED  # auto-repeat
    assert runtime.key("Enter", rt.KeyFacts(control=True, table_action=True), False, 9.0) == rt.KeyOutcome.ACTIVATE
    assert runtime.key("Enter", on_control, False, 9.1) == rt.KeyOutcome.REFUSED


def test_a_game_played_through_the_runtime_reaches_its_end_with_every_decision_on_disk() -> None:
    glue = Glue(page())
    started(glue, FORM | {"mode": "two", "kind-0": "bot"})
    controller = glue.controller
    table = controller.table
    assert table is not None
    for _ in range(3000):
        glue.until_the_person_decides()
        if table.game.is_over():
            break
        controller.command(Command.CONTINUE)  # a hand's summary: the only thing bots wait for
        glue.draw()
    assert table.game.is_over() and glue.writing == [] and glue.runtime.unsaved == 0


def bot_moves(glue: Glue, count: int, answered: bool) -> list[bool]:
    """Let the bots take ``count`` decisions of the game started, the worker answering (``answered``)
    or the page searching in slices: for each, whether it was searched (not a forced card)."""
    table = glue.controller.table
    assert table is not None
    searched = []
    for _ in range(count):
        glue.settle_writes()
        before, draws = len(table.game.actions), glue.draws
        glue.fire(rt.Timer.BOT)
        searched.append(len(table.game.actions) == before)
        if answered and searched[-1]:
            assert rt.Timer.THINK not in glue.timers and glue.draws == draws  # nothing searched here
            assert len(glue.asked) == 1  # asked once, however often the page is drawn meanwhile
            glue.draw()
            assert len(glue.asked) == 1 and rt.Timer.THINK not in glue.timers
            glue.answer()
        while rt.Timer.THINK in glue.timers:
            glue.fire(rt.Timer.THINK)
        assert len(table.game.actions) == before + 1
    return searched


STRONG_BOTS = FORM | {"level": "strong", "kind-0": "bot"}


def test_a_worker_answers_the_bots_searches_as_the_page_would() -> None:
    """Started with the page, ready, the worker takes every search: none runs here, each is asked
    once, and each decision is the page's own for the same question (the same game as a page
    without a worker, decision for decision)."""
    glue = Glue(page(), worker=rt.Worker.IDLE, eager=True)
    assert glue.workers == 1
    glue.run(glue.runtime.worker_ready())
    started(glue, STRONG_BOTS)
    searched = bot_moves(glue, 8, answered=True)
    alone = Glue(page())
    started(alone, STRONG_BOTS)
    bot_moves(alone, 8, answered=False)
    assert any(searched) and glue.workers == 1 and alone.workers == 0
    assert glue.controller.thinker.answered_remotely == sum(searched)
    assert alone.controller.table is not None and glue.controller.table is not None
    assert glue.controller.table.game.actions == alone.controller.table.game.actions


def test_the_first_search_starts_the_worker_and_the_page_searches_until_it_is_ready() -> None:
    glue = Glue(page(), worker=rt.Worker.IDLE)  # an embed's: no worker until a search
    started(glue, STRONG_BOTS)
    assert glue.workers == 0
    while not bot_moves(glue, 1, answered=False)[0]:
        pass
    assert glue.workers == 1 and glue.asked == [] and glue.runtime.worker == rt.Worker.STARTING
    glue.run(glue.runtime.worker_ready())
    while not bot_moves(glue, 1, answered=True)[0]:
        pass
    assert glue.workers == 1 and glue.controller.thinker.answered_remotely == 1


def test_a_worker_that_fails_leaves_its_search_to_the_page_and_a_stale_answer_is_dropped() -> None:
    glue = Glue(page(), worker=rt.Worker.IDLE, eager=True)
    glue.run(glue.runtime.worker_ready())
    started(glue, STRONG_BOTS)
    table = glue.controller.table
    assert table is not None
    while True:  # a search asked of the worker
        glue.settle_writes()
        glue.fire(rt.Timer.BOT)
        if glue.asked:
            break
    question, before = glue.asked[0], len(table.game.actions)
    glue.run(glue.runtime.worker_failed())  # the worker is gone: the page searches itself
    assert glue.runtime.worker == rt.Worker.FAILED and rt.Timer.THINK in glue.timers
    while rt.Timer.THINK in glue.timers:
        glue.fire(rt.Timer.THINK)
    assert len(table.game.actions) == before + 1
    assert table.game.actions[-1] == pickle.loads(answer_message(question)).decided  # what the worker would have said
    draws = glue.draws
    glue.run(glue.runtime.answered(answer_message(question)))  # its answer after all: stale
    assert len(table.game.actions) == before + 1 and glue.draws == draws
    bot_moves(glue, 3, answered=False)  # from now on, here
    assert glue.asked == [question]


def reviewing(monkeypatch: pytest.MonkeyPatch) -> tuple[Glue, str]:
    """A page opened on a replay of four (no worker started: a replay may never search), its
    review asked for (at a small budget, a step a slice here) and drawn: the glue, and the
    replay's fragment."""
    monkeypatch.setattr(find_game("farfalia").reviewing(), "playouts", 120)
    monkeypatch.setattr(reviews, "REVIEW_SLICE_SECONDS", 0.0)
    fragment = f"replay={encode(random_game(Settings('four'), 3))}&view=1"
    controller = page()
    controller.open(fragment)
    glue = Glue(controller, worker=rt.Worker.IDLE, eager=True)
    assert controller.studio.showing and glue.workers == 0 and glue.runtime.worker == rt.Worker.IDLE
    controller.command(Command.REVIEW, {})
    glue.draw()
    return glue, fragment


def marks_alone(fragment: str) -> dict[int, tuple[object, ...]]:
    """The marks of ``fragment``'s review made by a page without a worker, in slices."""
    controller = page()
    controller.open(fragment)
    controller.command(Command.REVIEW, {})
    while controller.thinking:
        controller.think()
    return marks_of(controller)


def marks_of(controller: Controller) -> dict[int, tuple[object, ...]]:
    marks = controller.studio.marks
    assert marks is not None and len(marks) > 3
    return {i: (m.player, m.action, m.best, m.seen_best, m.loss, m.seen_loss) for i, m in marks.by_index.items()}


def test_a_review_starts_the_worker_and_is_judged_there_in_parts_as_the_page_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review runs here in slices while the worker starts, then a part at a time in the
    worker, each drawn, while the page judges it from its end in slices until the two meet; its
    marks are those of a page without a worker, to the last digit."""
    glue, fragment = reviewing(monkeypatch)
    controller = glue.controller
    assert glue.workers == 1 and glue.runtime.worker == rt.Worker.STARTING
    for _ in range(3):  # here, in slices, while the worker starts
        assert rt.Timer.THINK in glue.timers and glue.asked == []
        glue.fire(rt.Timer.THINK)
    glue.run(glue.runtime.worker_ready())
    glue.fire(rt.Timer.THINK)  # the slice due, then the next part asked of the worker, and one here meanwhile
    assert len(glue.asked) == 1 and rt.Timer.ANSWER in glue.timers and rt.Timer.THINK in glue.timers
    parts = slices = judged_behind = 0
    while controller.thinking:
        review = controller.studio.review
        assert review is not None
        judged_behind = max(judged_behind, len(review.tail))
        if rt.Timer.THINK in glue.timers and slices < 3 * (parts + 1):  # three slices here a part
            glue.fire(rt.Timer.THINK)
            slices += 1
            assert len(glue.asked) == 1  # (the worker's part is not asked again)
            continue
        draws = glue.draws
        glue.answer(Ticks())
        parts += 1
        assert glue.draws == draws + 1 and len(glue.asked) == (1 if controller.thinking else 0)
    assert parts > 1 and judged_behind > 1 and controller.studio.reviews_remote == parts
    assert rt.Timer.ANSWER not in glue.timers and rt.Timer.THINK not in glue.timers
    assert marks_of(controller) == marks_alone(fragment)
    assert controller.screen().review == "done"


def test_a_review_whose_worker_fails_goes_on_here_and_a_cancelled_ones_part_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    glue, fragment = reviewing(monkeypatch)
    controller = glue.controller
    glue.run(glue.runtime.worker_ready())
    glue.fire(rt.Timer.THINK)
    glue.answer(Ticks())
    glue.answer(Ticks())
    assert len(glue.asked) == 1
    glue.run(glue.runtime.worker_failed())  # the part asked is the page's again
    assert rt.Timer.THINK in glue.timers
    while rt.Timer.THINK in glue.timers:
        glue.fire(rt.Timer.THINK)
    assert not controller.thinking and marks_of(controller) == marks_alone(fragment)
    # Another page's review, cancelled while its worker judges a part: the part's answer is stale.
    glue, _ = reviewing(monkeypatch)
    glue.run(glue.runtime.worker_ready())
    glue.fire(rt.Timer.THINK)
    glue.controller.command(Command.REVIEW_CANCEL, {})
    glue.draw()
    draws = glue.draws
    glue.answer(Ticks())
    assert glue.draws == draws and glue.asked == [] and not glue.controller.thinking
    assert glue.controller.studio.marks is None and glue.controller.screen().review == ""


def test_a_worker_that_does_not_answer_in_time_is_left_and_the_page_searches() -> None:
    """A stuck worker (or one gone with its memory) never holds the game: after
    :data:`~farfalia.ui.runtime.ANSWER_WAIT_MS` without an answer the page searches itself."""
    glue = Glue(page(), worker=rt.Worker.IDLE, eager=True)
    glue.run(glue.runtime.worker_ready())
    started(glue, STRONG_BOTS)
    table = glue.controller.table
    assert table is not None
    while not glue.asked:
        glue.settle_writes()
        glue.fire(rt.Timer.BOT)
    assert glue.timers[rt.Timer.ANSWER] == rt.ANSWER_WAIT_MS
    glue.draw()  # a redraw meanwhile keeps the wait
    before = len(table.game.actions)
    glue.fire(rt.Timer.ANSWER)
    assert glue.runtime.worker == rt.Worker.FAILED and rt.Timer.THINK in glue.timers
    while rt.Timer.THINK in glue.timers:
        glue.fire(rt.Timer.THINK)
    assert len(table.game.actions) == before + 1


def test_an_answer_in_time_ends_the_wait_for_it() -> None:
    glue = Glue(page(), worker=rt.Worker.IDLE, eager=True)
    glue.run(glue.runtime.worker_ready())
    started(glue, STRONG_BOTS)
    while not glue.asked:
        glue.settle_writes()
        glue.fire(rt.Timer.BOT)
    glue.answer()
    assert rt.Timer.ANSWER not in glue.timers and glue.runtime.worker == rt.Worker.READY


def test_learning_from_mistakes_starts_the_worker_ahead_and_each_try_is_judged_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A page opened on a reviewed link starts no worker; learning from its mistakes starts it at
    once, before any try, and a try of an action the review neither played nor chose goes to it."""
    monkeypatch.setattr(find_game("farfalia").reviewing(), "playouts", 120)
    reviewer = page()
    reviewer.open(f"replay={encode(random_game(Settings('four'), 3))}&view=1")
    reviewer.command(Command.REVIEW, {})
    while reviewer.thinking:
        reviewer.think()
    fragment = reviewer.screen().fragment
    assert fragment is not None and "review=1." in fragment
    controller = page()
    controller.open(fragment)
    glue = Glue(controller, worker=rt.Worker.IDLE, eager=True)
    glue.draw()
    assert glue.workers == 0 and controller.screen().review == "done"
    controller.command(Command.PRACTISE, {})
    glue.draw()
    assert glue.workers == 1 and glue.runtime.worker == rt.Worker.STARTING and not controller.thinking
    glue.run(glue.runtime.worker_ready())
    practice = controller.studio.practice
    assert practice is not None
    mark = practice.mistake
    tried = next(a for a in practice.table.game.legal_actions() if a not in (mark.action, mark.best))
    controller.act(str(tried))
    glue.draw()
    assert len(glue.asked) == 1 and rt.Timer.ANSWER in glue.timers and controller.screen().practice == "judging"
    while glue.asked:
        glue.answer(Ticks())
    told = practice.told
    assert told is not None and told.action == tried and controller.studio.reviews_remote > 0
    assert controller.screen().practice in ("trying", "found") and not controller.thinking
