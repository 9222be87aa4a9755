"""The page's questions answered off its thread: the worker (``assets/thinker.js``) runs Pyodide
with this package, imports the site's games, and hands each message here. A question names its
game, its level, the seat view it decides from and its seed (:class:`~farfalia.ui.thinking.Asked`),
so the worker searches exactly as the page would (``tests/test_thinking.py``)."""

from __future__ import annotations

import math
import pickle
import time
from collections.abc import Callable

from farfalia.bots.search import Search
from farfalia.ui.game import find_game
from farfalia.ui.thinking import THINK_LIMIT_SECONDS, Answer, Asked, advance


def answer(asked: Asked, search: Search, clock: Callable[[], float] = time.perf_counter) -> Answer:
    """``asked``'s answer by ``search`` (its question's), run to its end or for
    :data:`~farfalia.ui.thinking.THINK_LIMIT_SECONDS`, as the page runs it."""
    start = clock()
    advance(search, clock, math.inf, start + THINK_LIMIT_SECONDS)
    return Answer(asked.number, search.best(), clock() - start)


def answer_message(message: bytes | memoryview, clock: Callable[[], float] = time.perf_counter) -> bytes:
    """The worker's reply to one message of the page: the :class:`~farfalia.ui.thinking.Answer`
    to its :class:`~farfalia.ui.thinking.Asked`, both pickled (the page and the worker run the same
    package; nothing else writes to them)."""
    asked: Asked = pickle.loads(bytes(message))
    search = find_game(asked.game).session.search_for(asked.question)
    return pickle.dumps(answer(asked, search, clock))
