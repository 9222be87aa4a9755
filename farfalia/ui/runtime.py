"""What the page does that waits on the browser, decided here and carried out by ``main.py``: the
journal's writes and their completions, a bot that waits for the disk (at most
:data:`DISK_WAIT_MS`), the worker that answers the bots' and the hint's searches and judges the
reviews off the page's thread (started, asked, answering, failed: the page searches itself
meanwhile), the timers of the bots, of auto-play, of a search's slices and of the tabs' leases,
where the focus goes after a redraw (a dialog's opener gets it back), a press that closes the
phone's menu of tools, and a form redrawn only after the click its press makes.

:class:`Runtime` takes the page's events and answers with :class:`Effect` values for the glue to
carry out (a timer to set, a journal entry to write, a redraw); every state machine here is tested
in CPython with fake time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from farfalia.ui.controller import Controller
from farfalia.ui.keyboard import CARD_KEYS, focus_order
from farfalia.ui.saves import Entry, Forget
from farfalia.ui.screen import Screen
from farfalia.ui.tabs import HEARTBEAT_SECONDS

#: How often the leases are renewed (ms).
HEARTBEAT_MS: Final = int(HEARTBEAT_SECONDS * 1000)
#: The longest a bot's decision waits for the journal's last write (ms): after it, the journal is
#: taken to be stuck, and the game goes on (its next save a whole checkpoint, should it fail).
DISK_WAIT_MS: Final = 2000
#: The longest the page waits for the worker's answer (ms; a search decides within 0.9 s, a part of
#: a review takes about :data:`~farfalia.ui.answers.REVIEW_PART_SECONDS`): after
#: it, the worker is taken to have failed (stuck, or gone with its memory) and the page searches.
ANSWER_WAIT_MS: Final = 5000


class Timer(StrEnum):
    """The page's timers, each at most once at a time."""

    #: The game moves on by itself: a bot decides, or a forced card is played.
    BOT = "bot"
    #: The next slice of a search under way.
    THINK = "think"
    #: The journal's last write took too long: the game goes on without it.
    DISK = "disk"
    #: The tabs' leases renewed (a browser without Web Locks).
    HEARTBEAT = "heartbeat"
    #: A form's redraw, once the click that changed it is over (:meth:`Runtime.form_changed`).
    REDRAW = "redraw"
    #: The worker took too long to answer: it is taken to have failed (:data:`ANSWER_WAIT_MS`).
    ANSWER = "answer"


class Worker(StrEnum):
    """The worker that answers the page's searches (:mod:`farfalia.ui.answers`)."""

    #: None is used: the page searches itself (asked so, or a browser without workers).
    OFF = "off"
    #: None started yet: the page's start starts it, or its first search (an embed's, which may never search).
    IDLE = "idle"
    #: Started, not ready yet: the page searches itself meanwhile.
    STARTING = "starting"
    #: It answers the page's questions.
    READY = "ready"
    #: It failed to start, or later: the page searches itself from then on.
    FAILED = "failed"


#: After a decision taken by a key, a key pressed within this many seconds is taken for the
#: same press bouncing or repeating, and ignored.
KEY_GUARD_SECONDS = 0.25


class InputGuard:
    """One press, one decision. A key's auto-repeat never acts; a key pressed within
    :data:`KEY_GUARD_SECONDS` of a decision taken by a key or a click is ignored (the focus has
    moved to the next card, which the player has not seen yet); and the second click of a
    double-click, which lands on whatever control the first one brought up, is ignored."""

    def __init__(self) -> None:
        self._last_decision = -KEY_GUARD_SECONDS

    def accepts_key(self, now: float, repeat: bool) -> bool:
        """Whether a key press at ``now`` (seconds) may act; if so, it is taken as a decision."""
        if repeat or now - self._last_decision < KEY_GUARD_SECONDS:
            return False
        self._last_decision = now
        return True

    def accepts_click(self, clicks: int, now: float, decides: bool = True) -> bool:
        """Whether a click at ``now`` (``clicks``: the browser's count of clicks in a row) may act;
        if it ``decides`` (a card, a choice), it is taken as a decision: a key pressed right
        after it is not another."""
        if clicks > 1:
            return False
        if decides:
            self._last_decision = now
        return True


@dataclass(frozen=True)
class Effect:
    """Something for the page's glue to do."""


@dataclass(frozen=True)
class Draw(Effect):
    """Write the controller's screen out again."""


@dataclass(frozen=True)
class Relist(Effect):
    """Write the start screen's list of saved games out again, alone (a form being filled in stays)."""


@dataclass(frozen=True)
class SetTimer(Effect):
    """Start ``timer`` (replacing it if set), to fire in ``ms`` milliseconds."""

    timer: Timer
    ms: int


@dataclass(frozen=True)
class CancelTimer(Effect):
    """Stop ``timer`` if it is set."""

    timer: Timer


@dataclass(frozen=True)
class StartWorker(Effect):
    """Start the worker; its answers are :meth:`Runtime.worker_ready`, :meth:`Runtime.answered` and
    :meth:`Runtime.worker_failed`."""


@dataclass(frozen=True)
class Ask(Effect):
    """Send the worker ``message``: a question (:meth:`~farfalia.ui.thinking.Thinker.take_question`)."""

    message: bytes


@dataclass(frozen=True)
class WriteEntry(Effect):
    """Append ``entry`` to the journal; its completion is :meth:`Runtime.written` or
    :meth:`Runtime.write_failed`."""

    entry: Entry


@dataclass(frozen=True)
class ForgetEntries(Effect):
    """Drop the journal's entries ``forget`` names."""

    forget: Forget


@dataclass(frozen=True)
class Hold(Effect):
    """Take the Web Lock of ``slot``; its answer is :meth:`Runtime.held`."""

    slot: str


@dataclass(frozen=True)
class Release(Effect):
    """Let go of the Web Lock of ``slot``."""

    slot: str


@dataclass(frozen=True)
class Focus:
    """Where the focus goes after a redraw: back to the field being typed in (``field``), onto the
    link to share (selected and copied), else the first of ``order`` that exists and takes it
    (``still``: the panel's first button takes it without scrolling)."""

    field: str | None = None
    share: bool = False
    order: tuple[str, ...] = ()
    still: bool = False


class ClickOutcome(StrEnum):
    """What the page does with a click."""

    #: The browser's own (a click on no control of the page's).
    PASS = "pass"
    #: Nothing, the browser's default prevented too (the press closed the menu, a double-click's second).
    REFUSED = "refused"
    #: The control's command or action is taken.
    ACT = "act"


class KeyOutcome(StrEnum):
    """What the page does with a key pressed."""

    #: Nothing: the key is a field's, or none of the page's.
    PASS = "pass"
    #: It moves the focus between the table's cards (the page moves it).
    MOVE_CARD = "move-card"
    #: It is refused (pressed again too soon, or repeating): the browser's default is prevented too.
    REFUSED = "refused"
    #: The controller used it: the default is prevented, and the page is drawn again.
    USED = "used"
    #: Enter or Space on a card of the table: the card's action is taken.
    ACTIVATE = "activate"


@dataclass(frozen=True)
class KeyFacts:
    """Where a key is pressed (``farfaliaDom.keyFacts``): in a form's ``field``, ``modified`` by
    Ctrl, Alt or Meta, on the table's ``card`` (its index among the cards the arrows move between,
    -1: none), on a ``control``, on a card of the table that takes an action (``table_action``)."""

    field: bool = False
    modified: bool = False
    card: int = -1
    control: bool = False
    table_action: bool = False

    @classmethod
    def read(cls, facts: Mapping[str, Any]) -> KeyFacts:
        """The facts as ``keyFacts`` names them."""
        return cls(bool(facts["field"]), bool(facts["modified"]), int(facts["card"]), bool(facts["control"]),
                   bool(facts["tableAction"]))  # fmt: skip


class Runtime:
    """The page's life in the browser around its :class:`~farfalia.ui.controller.Controller`:
    ``journal``: the page has a journal to write (``assets/store.js``); ``locks``: the browser has
    Web Locks; ``worker``: whether a worker answers the searches and reviews (:attr:`Worker.IDLE`)
    or none (:attr:`Worker.OFF`); ``eager``: it starts with the page, unless the page opens on a
    replay (which may never search), else with the first search or review (an embed's, which may
    never search)."""

    def __init__(
        self,
        controller: Controller,
        journal: bool = True,
        locks: bool = True,
        worker: Worker = Worker.OFF,
        eager: bool = False,
    ) -> None:
        self.controller = controller
        self.journal = journal
        self.locks = locks
        self.worker = worker
        self.eager = eager
        #: Journal writes not yet on disk: the game does not move on by itself meanwhile.
        self.unsaved = 0
        self.waiting_for_disk = False
        #: The slot whose Web Lock this page holds.
        self.held_slot: str | None = None
        #: Whether a dialog was open at the last redraw, the control that opened it, and the card
        #: picked up then (its choices take the focus once).
        self.modal = False
        self.opener: str | None = None
        self.picked = ""
        #: A pointer is down: a form's redraw waits for its click (it would replace the button pressed).
        self.pressing = False
        self.pending_draw = False
        #: A press outside the open menu of tools, which it closes: its click does nothing more.
        self.dismissing = False
        #: How many times the page was drawn (``data-draws``).
        self.draws = 0
        self.input_guard = InputGuard()

    def started(self) -> list[Effect]:
        """The page has started: the worker, where it starts with the page; where the browser has no
        Web Locks, the leases' heartbeat."""
        effects: list[Effect] = []
        if self.worker == Worker.IDLE and self.eager and not self.controller.studio.showing:
            self.worker = Worker.STARTING
            effects.append(StartWorker())
        return effects if self.locks else [*effects, SetTimer(Timer.HEARTBEAT, HEARTBEAT_MS)]

    # ------------------------------------------------------------ a redraw

    def drawn(self) -> list[Effect]:
        """The screen was written out: what the journal must write, the lock to hold, and what
        comes next by itself."""
        self.draws += 1
        self.pending_draw = False
        return self._writes() + self._worker_ahead() + self.schedule()

    def _worker_ahead(self) -> list[Effect]:
        """The worker started before it is asked, where it soon will be: mistakes being tried
        again (each try is judged there, and a page opened on a link starts none)."""
        if self.worker != Worker.IDLE or self.controller.studio.practice is None:
            return []
        self.worker = Worker.STARTING
        return [StartWorker()]

    def _writes(self) -> list[Effect]:
        controller = self.controller
        if not self.journal:
            return []
        effects: list[Effect] = []
        for write in controller.take_writes():
            if isinstance(write, Entry):
                self.unsaved += 1
                effects.append(WriteEntry(write))
            else:
                effects.append(ForgetEntries(write))
        slot = controller.shelf.slot
        if self.locks and slot != self.held_slot:
            if self.held_slot is not None:
                effects.append(Release(self.held_slot))
            self.held_slot = slot
            if slot is not None:
                effects.append(Hold(slot))
        return effects

    def focus(self, screen: Screen, focused: str | None, typing: str) -> Focus:
        """Where the focus goes after drawing ``screen``: ``focused`` had it (its selector),
        ``typing``: the name of the form field it was in. A dialog that opens takes it and
        gives it back to its opener when it closes; a card picked up gives it to its first
        choice; the player's turn brings it to the decision."""
        if screen.keep_focus:
            return Focus(field=typing or None)
        opened = screen.modal and not self.modal
        if opened:
            self.opener = focused
        opener = self.opener if self.modal and not screen.modal else None
        if not screen.modal:
            self.opener = None
        self.modal = screen.modal
        if self.controller.share_link is not None:
            return Focus(share=True)
        asked = self.controller.take_focus()
        if asked is not None:
            return Focus(field=asked)
        picked = bool(screen.picked) and screen.picked != self.picked  # a card just picked up
        self.picked = screen.picked
        order = focus_order(focused, opener, screen.modal, opened, screen.deciding, picked)
        return Focus(order=tuple(order), still=opened or not screen.modal)

    # --------------------------------------------------------- the journal

    def written(self) -> list[Effect]:
        """A journal write is on disk: once none is pending, the game may move on."""
        return self._settled()

    def write_failed(self) -> list[Effect]:
        """A journal write failed (whatever the browser said, or nothing): saves go on as whole
        checkpoints, and the game moves on."""
        self.controller.journal_failed()
        return self._settled()

    def _settled(self) -> list[Effect]:
        self.unsaved = max(0, self.unsaved - 1)
        if self.unsaved == 0 and self.waiting_for_disk:
            return self.schedule()
        return []

    def held(self, slot: str, ok: bool) -> list[Effect]:
        """The answer to :class:`Hold`: a game another tab took meanwhile is left to it."""
        if ok or slot != self.held_slot:
            return []
        self.held_slot = None
        self.controller.lost_slot(slot)
        return [Draw()]

    # -------------------------------------------------------------- timers

    def schedule(self, disk_waited: bool = False) -> list[Effect]:
        """The timer of what comes next by itself: a bot's decision, a search's next slice; a
        decision waits until the journal has the last one on disk (at most :data:`DISK_WAIT_MS`)."""
        effects: list[Effect] = [CancelTimer(Timer.BOT), CancelTimer(Timer.THINK), CancelTimer(Timer.DISK)]
        self.waiting_for_disk = bool(self.unsaved) and not disk_waited
        if self.waiting_for_disk:
            return [*effects, SetTimer(Timer.DISK, DISK_WAIT_MS)]
        if self.controller.thinking:
            return [*effects, *self._think_on()]
        wait = self.controller.bot_delay()
        return effects if wait is None else [*effects, SetTimer(Timer.BOT, wait)]

    def page_shown(self) -> list[Effect]:
        """The page put away is shown again: its game held again at once (or found lost)."""
        self.controller.page_shown()
        return self._beat()

    def _beat(self) -> list[Effect]:
        """The leases' heartbeat (without Web Locks): the game played here lost meanwhile is left
        (a redraw); on the start screen, a game whose tab died shown free once its lease ran out."""
        controller = self.controller
        lost = controller.shelf.heartbeat()
        for slot in lost:
            controller.lost_slot(slot)
        if lost:
            return [Draw()]
        return [Relist()] if controller.table is None and controller.shelf.list_stale() else []

    def fired(self, timer: Timer) -> list[Effect]:
        """``timer`` went off."""
        controller = self.controller
        if timer == Timer.DISK:
            return self.schedule(disk_waited=True)
        if timer == Timer.REDRAW:
            return [Draw()] if self.pending_draw else []
        if timer == Timer.ANSWER:  # no answer in time: the worker is taken to have failed
            return self.worker_failed() if controller.awaiting_answer else []
        if timer == Timer.HEARTBEAT:
            return [SetTimer(Timer.HEARTBEAT, HEARTBEAT_MS), *self._beat()]
        if timer == Timer.BOT:
            controller.bot_move()
            if not controller.thinking:  # a forced card played at once (or nothing, paused)
                return [Draw()]
        if controller.think():
            return [Draw()]
        return self._think_on()

    def _think_on(self) -> list[Effect]:
        """The search (or review) under way goes on: asked of the worker (once; an idle worker is
        started first), or waiting for its answer, or its next slice here (until the worker is
        ready, or where there is none; and a review's, judged from its end, while the worker has
        a part of it)."""
        controller = self.controller
        if not controller.thinking:
            return []
        effects: list[Effect] = []
        if self.worker == Worker.IDLE:
            self.worker = Worker.STARTING
            effects.append(StartWorker())
        message = controller.take_question()
        if message is not None:
            effects += [Ask(message), SetTimer(Timer.ANSWER, ANSWER_WAIT_MS)]
        if controller.awaiting_answer and not controller.works_meanwhile:
            return effects
        return [*effects, SetTimer(Timer.THINK, 0)]

    # -------------------------------------------------------------- the worker

    def worker_ready(self) -> list[Effect]:
        """The worker is ready: it answers the searches begun from now on."""
        if self.worker == Worker.STARTING:
            self.worker = Worker.READY
            self.controller.use_worker(True)
        return []

    def worker_failed(self) -> list[Effect]:
        """The worker could not start, or failed: the page searches itself from now on, the search
        the worker had included."""
        self.worker = Worker.FAILED
        self.controller.use_worker(False)
        return [CancelTimer(Timer.THINK), *self._think_on()]

    def answered(self, message: bytes) -> list[Effect]:
        """The worker's answer: its decision applied and drawn; nothing when stale."""
        return [CancelTimer(Timer.ANSWER), Draw()] if self.controller.answered(message) else []

    # ------------------------------------------------------ presses, forms

    def pointer_down(self, menu_open: bool, inside_menu: bool) -> None:
        """A press (``inside_menu``: on the menu of tools or its button)."""
        self.pressing = True
        self.dismissing = menu_open and not inside_menu

    def pointer_up(self) -> list[Effect]:
        """The press ends: a redraw held back for its click comes once the click is over."""
        self.pressing = False
        return [SetTimer(Timer.REDRAW, 0)] if self.pending_draw else []

    def click(self, clicks: int, now: float, control: bool, decides: bool) -> ClickOutcome:
        """What a click does (``clicks``: the browser's count in a row, at ``now`` seconds;
        ``control``: on a card or a button of the page's; ``decides``: on a card or a choice, not
        a command): nothing when its press only closed the menu of tools, nor the second of a
        double-click on a control; elsewhere the browser's own (the menu's "⋯", a link)."""
        dismissed, self.dismissing = self.dismissing, False
        if dismissed:
            return ClickOutcome.REFUSED
        if not control:
            return ClickOutcome.PASS
        return ClickOutcome.ACT if self.input_guard.accepts_click(clicks, now, decides) else ClickOutcome.REFUSED

    def key(self, key: str, facts: KeyFacts, repeat: bool, now: float) -> KeyOutcome:
        """What a key does, pressed where ``facts`` say (``repeat``: the key's auto-repeat; at
        ``now`` seconds): a field's keys are its own (but Escape), a modified one (Ctrl, Alt, Meta)
        the browser's; the arrows move between the cards; Enter or Space on a control is one
        decision at most (:class:`InputGuard`); else the controller's keys, and Enter or Space on
        a table's card takes it."""
        if (facts.field and key != "Escape") or facts.modified:
            return KeyOutcome.PASS
        if facts.card >= 0 and key in CARD_KEYS:
            return KeyOutcome.MOVE_CARD
        activates = key in ("Enter", " ")
        if activates and facts.control and not self.input_guard.accepts_key(now, repeat):
            return KeyOutcome.REFUSED
        if self.controller.key(key):
            return KeyOutcome.USED
        return KeyOutcome.ACTIVATE if activates and facts.table_action else KeyOutcome.PASS

    def form_changed(self) -> list[Effect]:
        """A field of a form drawn as it is filled (the editor's, the embed builder's) changed: it
        is redrawn once the focus has moved on (the redraw keeps it there), and a press's click is
        over (the field lost the focus to a press: the redraw would replace what was pressed)."""
        self.pending_draw = True
        return [] if self.pressing else [SetTimer(Timer.REDRAW, 0)]
