"""The game moving on by itself: a bot's decision searched a slice at a time, a hint, and a card
the settings play by themselves; when each may start, how long the page waits first, and
whether a search's answer still applies when it is done."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from farfalia.bots.search import Search
from farfalia.ui.seating import PACES, Table

#: Seconds of search between two yields to the browser (the page must answer within 200 ms).
SLICE_SECONDS: Final = 0.05
#: A search still running this long after it began decides with what it has played out: a slow
#: machine gets a slightly weaker bot, never one that keeps the table waiting over a second.
THINK_LIMIT_SECONDS: Final = 0.9
#: The shortest wait before a card is played by itself (ms), so the player sees it happen.
AUTOPLAY_DELAY: Final = 350


class Thinker:
    """The search under way at a table (a bot's decision or a hint): started, run a slice at a
    time, dropped when the game it started at has moved on, and its answer handed on once done.
    ``clock`` gives seconds (``time.perf_counter``; a test's fake)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        #: The search, what to do with its outcome, and the table and state id it started at.
        self._search: tuple[Search, Callable[[Search], None], Table, int] | None = None
        self._started = 0.0
        #: How long each bot decision of the page took, in seconds (the page's figures).
        self.times: list[float] = []

    @property
    def thinking(self) -> bool:
        """Whether a search (a bot's decision or a hint) is under way."""
        return self._search is not None

    @property
    def search(self) -> Search | None:
        """The search under way, None if none is."""
        return self._search[0] if self._search is not None else None

    def begin(self, table: Table, search: Search, done: Callable[[Search], None]) -> None:
        """Run ``search`` for ``table`` from now on, then hand it to ``done``."""
        self._search = (search, done, table, table.state_id)
        self._started = self.clock()

    def stop(self) -> None:
        """Drop the search under way."""
        self._search = None

    def think(self, table: Table | None, seconds: float = SLICE_SECONDS) -> bool:
        """Run the search under way for about ``seconds``; True once it is done and handed on,
        False while it needs more. A search whose game moved on (another ``table``, another
        state id) is dropped."""
        if self._search is None:
            return False
        search, done, started_at, state_id = self._search
        if table is not started_at or started_at.state_id != state_id:
            self._search = None
            return False
        start = self.clock()
        search.step()  # one at least, however short the slice
        while not search.finished and self.clock() - start < seconds:
            search.step()
        if not search.finished and self.clock() - self._started >= THINK_LIMIT_SECONDS:
            search.conclude()
        if not search.finished:
            return False
        self._search = None
        done(search)
        return True

    def bot_decided(self, table: Table) -> None:
        """A bot's search is done: its decision is played, and timed."""
        self.times.append(self.clock() - self._started)
        table.finish_bot()


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
