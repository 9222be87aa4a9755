"""The game moving on by itself: a bot's decision or a hint searched off the page's thread by a
worker (:mod:`farfalia.ui.answers`), or in the page a slice at a time until a worker answers or
where none can; a card the settings play by themselves; when each may start, how long the page
waits first, and whether a search's answer still applies when it is done."""

from __future__ import annotations

import pickle
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from farfalia.bots.search import Search
from farfalia.records.replay import Replay
from farfalia.ui.seating import PACES, SCRIPT_LEVEL, Question, Table

if TYPE_CHECKING:  # a review's module is imported when one is asked for
    from farfalia.bots.review import Verdict

#: Seconds of search between two yields to the browser, in the page (the page must answer within 200 ms).
SLICE_SECONDS: Final = 0.05
#: A search still running this long after it began decides with what it has played out: a slow
#: machine gets a slightly weaker bot, never one that keeps the table waiting over a second.
THINK_LIMIT_SECONDS: Final = 0.9
#: The shortest wait before a card is played by itself (ms), so the player sees it happen.
AUTOPLAY_DELAY: Final = 350


class Asked(NamedTuple):
    """A question as the page sends it to the worker: its game's name, its number (an answer to
    an older question is stale) and the question."""

    game: str
    number: int
    question: Question


class Answer(NamedTuple):
    """The worker's answer to question ``number``: the decision, and the seconds it searched."""

    number: int
    decided: Any
    seconds: float


class ReviewAsked(NamedTuple):
    """A part of a review asked of the worker (:class:`~farfalia.bots.review.Review`): its game's
    name, its number (the page's reviews are numbered: an answer to another is stale), what it
    reviews (the replay, the seats; its seed), the action it goes on from, and the action tried
    at its first decision (None: none)."""

    game: str
    number: int
    replay: Replay
    seats: frozenset[int] | None
    seed: int
    start: int
    tried: Any = None


class Reviewed(NamedTuple):
    """The worker's part of review ``number``: the verdicts it reached, and the action it has come
    to (the next part goes on from there)."""

    number: int
    verdicts: tuple[Verdict, ...]
    upto: int


def advance(search: Search, clock: Callable[[], float], until: float, limit: float) -> bool:
    """Run ``search`` (a step at least) until it is done or the clock reads ``until``; at
    ``limit`` it decides with the deals it has played out (:data:`THINK_LIMIT_SECONDS`). True
    once it is done."""
    search.step()
    while not search.finished and clock() < min(until, limit):
        search.step()
    if not search.finished and clock() >= limit:
        search.conclude()
    return search.finished


@dataclass
class _Job:
    """A search under way: the table and state id it started at, its search (run here when no
    worker answers it), its question for a worker (None: run here), its number, whether the question
    was sent, and what to do with the decision."""

    table: Table
    state_id: int
    search: Search
    question: Question | None
    number: int
    done: Callable[[Any], None]
    sent: bool = False


class Thinker:
    """The search under way at a table (a bot's decision or a hint): started, asked of the worker
    or run a slice at a time, dropped when the game it started at has moved on, and its decision
    handed on once made. ``clock`` gives seconds (``time.perf_counter``; a test's fake)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        #: Whether a worker answers questions (once it says it is ready, until it fails).
        self.remote = False
        self._job: _Job | None = None
        self._numbered = 0
        self._started = 0.0
        #: How long each bot decision of the page took, in seconds (the page's figures).
        self.times: list[float] = []
        #: How many searches (bot decisions and hints) a worker answered.
        self.answered_remotely = 0

    @property
    def thinking(self) -> bool:
        """Whether a search (a bot's decision or a hint) is under way."""
        return self._job is not None

    @property
    def search(self) -> Search | None:
        """The search under way, None if none is."""
        return self._job.search if self._job is not None else None

    @property
    def awaiting(self) -> bool:
        """Whether the search under way was asked of the worker, which has not answered yet."""
        return self._job is not None and self._job.sent

    def begin(self, table: Table, question: Question, search: Search, done: Callable[[Any], None]) -> None:
        """Answer ``question`` for ``table`` from now on, then hand its decision to ``done``: a
        worker answers it where one does (not a lesson's script, instant), else ``search`` runs here."""
        self._numbered += 1
        remote = self.remote and question.level != SCRIPT_LEVEL
        self._job = _Job(table, table.state_id, search, question if remote else None, self._numbered, done)
        self._started = self.clock()

    def stop(self) -> None:
        """Drop the search under way."""
        self._job = None

    def take_question(self, game: str) -> bytes | None:
        """The question to send the worker now, of ``game`` (:class:`Asked`, pickled), once; None
        when there is none to send."""
        job = self._job
        if job is None or job.question is None or job.sent:
            return None
        job.sent = True
        return pickle.dumps(Asked(game, job.number, job.question))

    def answered(self, answer: Answer, table: Table | None) -> bool:
        """The worker's answer: True once its decision is handed on; False when stale (another
        question's, or its game moved on: then dropped)."""
        job = self._job
        if job is None or answer.number != job.number or not job.sent:
            return False
        self._job = None
        if table is not job.table or table.state_id != job.state_id:
            return False
        self.answered_remotely += 1
        job.done(answer.decided)
        return True

    def worker_lost(self) -> None:
        """The worker failed: questions are answered here from now on, the one it had included."""
        self.remote = False
        if self._job is not None:
            self._job.question, self._job.sent = None, False

    def think(self, table: Table | None, seconds: float = SLICE_SECONDS) -> bool:
        """Run the search under way here for about ``seconds``; True once it is done and handed on,
        False while it needs more (or a worker answers it). A search whose game moved on (another
        ``table``, another state id) is dropped."""
        job = self._job
        if job is None or job.question is not None:
            return False
        if table is not job.table or job.table.state_id != job.state_id:
            self._job = None
            return False
        if not advance(job.search, self.clock, self.clock() + seconds, self._started + THINK_LIMIT_SECONDS):
            return False
        self._job = None
        job.done(job.search.best())
        return True

    def bot_decided(self, table: Table, decided: Any) -> None:
        """A bot's decision is made: it is played, and timed."""
        self.times.append(self.clock() - self._started)
        table.finish_bot(decided)


def forced_action(table: Table, autoplay: str) -> str | None:
    """The action the person to act must take, when the settings (``autoplay``: ``off``, ``last``
    or ``always``) take it by themselves: the only card they may play, or the one action allowed."""
    if autoplay == "off" or table.bot_to_act():
        return None
    if table.needs_cover() or table.summary_pending() is not None or table.actor() is None:
        return None
    return table.forced_action(autoplay == "always")


def delay(table: Table, bot_may_move: bool, forced: str | None) -> int | None:
    """Milliseconds to wait before the game moves on by itself (a bot's decision, or a forced card
    auto-played), or None if it waits for a person."""
    pace = PACES[table.pace]
    if bot_may_move:
        return pace
    return max(pace, AUTOPLAY_DELAY) if forced is not None else None
