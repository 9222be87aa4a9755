"""The page's questions answered off its thread: the worker (``assets/thinker.js``) runs Pyodide
with this package, imports the site's games, and hands each message here. A question names its
game, its level, the seat view it decides from and its seed (:class:`~farfalia.ui.thinking.Asked`),
so the worker searches exactly as the page would (``tests/test_thinking.py``). A part of a review
(:class:`~farfalia.ui.thinking.ReviewAsked`) is judged for about :data:`REVIEW_PART_SECONDS`, the
review kept for the next part, so that the page draws its progress and a bot's question waits
little behind it; its verdicts are those the page would reach (``tests/test_runtime.py``,
``tests/test_conformance.py``)."""

from __future__ import annotations

import math
import pickle
import time
from collections.abc import Callable
from typing import Final

from farfalia.bots.review import Review
from farfalia.bots.search import Search
from farfalia.ui.game import find_game
from farfalia.ui.thinking import THINK_LIMIT_SECONDS, Answer, Asked, ReviewAsked, Reviewed, advance

#: Seconds of a review judged in one part (then its verdicts go to the page).
REVIEW_PART_SECONDS: Final = 0.25


def answer(asked: Asked, search: Search, clock: Callable[[], float] = time.perf_counter) -> Answer:
    """``asked``'s answer by ``search`` (its question's), run to its end or for
    :data:`~farfalia.ui.thinking.THINK_LIMIT_SECONDS`, as the page runs it."""
    start = clock()
    advance(search, clock, math.inf, start + THINK_LIMIT_SECONDS)
    return Answer(asked.number, search.best(), clock() - start)


class Reviews:
    """The review the worker is judging, kept from one part to the next (a part asked of another
    review, or from another action, starts it anew there)."""

    def __init__(self) -> None:
        self._number: int | None = None
        self._review: Review | None = None

    def part(self, asked: ReviewAsked, clock: Callable[[], float] = time.perf_counter) -> Reviewed:
        """The next part of ``asked``'s review: judged for about :data:`REVIEW_PART_SECONDS` (a
        step at least), or to its end."""
        review = self._review
        if review is None or self._number != asked.number or review.next_index != asked.start:
            reviewing = find_game(asked.game).reviewing()
            review = Review(asked.replay, reviewing, asked.seats, asked.seed, start=asked.start, tried=asked.tried)
            self._number, self._review = asked.number, review
        until, before = clock() + REVIEW_PART_SECONDS, len(review.verdicts)
        review.step()
        while not review.finished and clock() < until:
            review.step()
        if review.finished:
            self._number = self._review = None
        return Reviewed(asked.number, tuple(review.verdicts[before:]), review.next_index)


#: The worker's review under way.
REVIEWS = Reviews()


def answer_message(message: bytes | memoryview, clock: Callable[[], float] = time.perf_counter) -> bytes:
    """The worker's reply to one message of the page: the :class:`~farfalia.ui.thinking.Answer`
    to its :class:`~farfalia.ui.thinking.Asked`, or the :class:`~farfalia.ui.thinking.Reviewed`
    part of its :class:`~farfalia.ui.thinking.ReviewAsked`, both pickled (the page and the worker
    run the same package; nothing else writes to them)."""
    asked: Asked | ReviewAsked = pickle.loads(bytes(message))
    if isinstance(asked, ReviewAsked):
        return pickle.dumps(REVIEWS.part(asked, clock))
    search = find_game(asked.game).session.search_for(asked.question)
    return pickle.dumps(answer(asked, search, clock))
